"""The search vocabulary, written once: algorithm names and titles, the names of the options and
their defaults, which the engine, the command line and the window all take from here."""

from __future__ import annotations

PN, PN2, AB = "pn", "pn2", "ab"
ALGORITHMS = (PN, PN2, AB)
ALGORITHM_TITLES = {PN: "PN search", PN2: "Pn² search", AB: "αβ mate search"}
STEPPERS = (PN, PN2)
"""The searches that keep a tree to step through in the window (αβ keeps only its path)."""
SHORT_TITLES = {PN: "PN", PN2: "Pn²", AB: "αβ"}
"""Titles where a column is narrow (the comparison panel)."""

MOBILITY, UNIT = "mobility", "unit"
INITIALISATIONS = (MOBILITY, UNIT)
"""PN's leaf initialisation: by mobility (§3.3.1) or 1/1."""

LOGISTIC, ONE = "logistic", "one"
FRACTIONS = (LOGISTIC, ONE)
"""Pn²'s share of the first-level size for the second level: Breuker's f(x), or Allis's f ≡ 1."""

POWER, SQUARE = "power", "square"
ORDERINGS = (POWER, SQUARE)
"""αβ's static move order: by the moving piece's power (Proskurowski), or the thesis's squares."""

DEFAULT_A = 600_000
DEFAULT_B = 80_000
"""Breuker's best Pn² setting (§4.4): f(x)'s transition point a and stretch b, in nodes."""

DEFAULT_NODE_CAP = 1_000_000
"""The thesis's budget per position (Table 3.1): nodes in memory for PN, nodes created for αβ."""

DEFAULT_PN2_CAP = 300_000
"""Pn²'s N, the node cap it was tuned for (§4.4)."""

DEFAULT_MAX_NODES = {PN: DEFAULT_NODE_CAP, PN2: DEFAULT_PN2_CAP, AB: DEFAULT_NODE_CAP}

DEFAULT_DEPTH = 20
"""αβ: the largest n of mate-in-n tried."""
