"""The comparison dock: every compared search on the open position, run in the background."""
