"""Why a search did (not) find its mate: effort per root move, what holds the proof number up,
and what to try next, computed from the search's own tree (df-pn's: its transposition table)
and numbers."""
