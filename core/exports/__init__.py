"""Exports in the formats other tools read: one module per format (PGN, GraphML)."""
