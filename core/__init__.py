"""PN Explorer's engine: proof-number search (PN, Pn², αβ baseline) over a small game interface.

Nothing in this package imports Qt: the CLI, the benchmarks and the tests run it headless.
"""
