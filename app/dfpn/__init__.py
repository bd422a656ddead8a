"""df-pn in the window: its recursion path, thresholds, back-ups and table hits."""
