"""The result: the verdict and main line under the board, the solution browser and the checks
run on a proof (a shorter mate, an engine's cross-check)."""
