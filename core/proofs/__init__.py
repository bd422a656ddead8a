"""Proofs: extracting a proof tree from a solved search, replaying it independently, and the mate
line or refutation it gives.
"""
