"""Making AND/OR trees in the window: the tree editor, the random tree dialog and their menu."""
