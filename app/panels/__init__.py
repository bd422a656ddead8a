"""The panels around the tree: board, memory gauge, narration, set-up with the Pn² curves, result,
comparison.
"""
