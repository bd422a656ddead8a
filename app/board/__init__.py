"""The board: what a position looks like, as pure descriptions (`describe`) and the widgets that
draw them (`pictures`, `game_pictures`, the panel in `view`)."""
