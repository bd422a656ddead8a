"""Driving a search from the window: slices on the GUI thread, their length, redraw pace."""
