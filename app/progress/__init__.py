"""How far a search has come: the memory gauge, Pn²'s curves, the replay's timeline and plot of
the root's numbers, and the status line."""
