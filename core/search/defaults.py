"""The search vocabulary, written once: the built-in searches' names, the names of the options'
values and their defaults, which the registry, the engine, the command line and the window all
take from here."""

from __future__ import annotations

PN, PN2, AB, DFPN, DAGPN = "pn", "pn2", "ab", "dfpn", "dagpn"
"""The built-in searches' names; their titles, caps and capabilities are in their entries of the
algorithm registry (`core.search.registry`)."""
DFPN_NATIVE = "dfpn-native"
"""The native df-pn (`core.search.dfpn_native`): df-pn compiled, registered where it was built."""
ABTT = "abtt"
"""αβ with a transposition table on any game (`core.search.abtt`): the baseline a games student
would write."""
DEFAULT_ALGORITHM = PN
"""The search the command line runs and the window opens when none is named: the thesis's PN."""

MOBILITY, UNIT = "mobility", "unit"
INITIALISATIONS = (MOBILITY, UNIT)
"""PN's leaf initialisation: by mobility (§3.3.1) or 1/1."""
DEFAULT_INITIALISATION = MOBILITY
"""The thesis's choice (§3.3.1); Pn² always initialises by mobility."""

LOGISTIC, ONE = "logistic", "one"
FRACTIONS = (LOGISTIC, ONE)
"""Pn²'s share of the first-level size for the second level: Breuker's f(x), or Allis's f ≡ 1."""

SIDE_TO_MOVE, OTHER_SIDE = "side-to-move", "other"
ATTACKERS = (SIDE_TO_MOVE, OTHER_SIDE)
"""Which side mates: the side to move (the root is an OR node), or the other (an AND root: a
suite's `bm #-N`, the side to move gets mated), which a suite position says by default."""

POWER, SQUARE = "power", "square"
ORDERINGS = (POWER, SQUARE)
"""αβ's static move order: by the moving piece's power (Proskurowski), or the thesis's squares."""

DEFAULT_A = 600_000
DEFAULT_B = 80_000
"""Breuker's best Pn² setting (§4.4): f(x)'s transition point a and stretch b, in nodes."""

DEFAULT_NODE_CAP = 1_000_000
"""The thesis's budget per position (Table 3.1): nodes in memory for PN, nodes created for αβ,
table entries for df-pn."""

DEFAULT_GAME_SECONDS = 120.0
"""The time limit of a search on a board game when none is given: a node cap alone bounds memory,
not time, and a node of an OpenSpiel game (quoridor) costs far more than a chess node, so df-pn's
default budget of nodes created could run for hours there."""

DEFAULT_PN2_CAP = 300_000
"""Pn²'s N, the node cap it was tuned for (§4.4)."""

DFPN_EPSILON = 0.25
"""Pawlewicz and Lew's ε: the best child may run until it is 25 % worse than its sibling."""

DFPN_MOP_UP_WEIGHT = 4
"""How much a step of the mop-up estimate (`core.games.mop_up`) adds to a new df-pn node's proof
number: enough for the estimate to lead the search through a quiet mating manoeuvre, which
mobility alone cannot see (0: off; the endgame runs that chose 4 are in `docs/benchmarks.md`)."""

DFPN_MATES_IN_ONE = True
"""Whether df-pn proves a new node where the attacker mates in one as it is generated
(`core.games.chess_mate_in_one`), which it need then never expand."""

DFPN_THREAT_DIVISOR = 2
"""What a new df-pn child's proof number is divided by where its quiet attacker move threatens
mate in one (at least 1; 1: off, no threat test): the defender must answer a threat, so such a
move is worth trying before its mobility says (measured in `docs/benchmarks.md`)."""

DFPN_THREAT_DEPTH = 4
"""With threats on, only the positions this many plies from the root or nearer test their
quiet moves for threats: the test is dear per node, and near the root it keeps most of what
testing everywhere proves (the trade-off measured in `docs/benchmarks.md`)."""

DFPN_WEAK_DELTA = False
"""Whether df-pn sums its children's φ into δ (Nagai) or takes weak proof-number search's
largest φ plus the other open children (Ueda et al. 2008), which counts a transposition once:
off, as it gained on the WAC mates and the endgames but lost on matetrack-dev (`docs/benchmarks.md`,
the literature table)."""

DFPN_DEEP_DEPTH = 0
"""Deep df-pn's D (Zhang, Iida and van den Herik 2017): new nodes nearer the root than D plies
start with larger numbers, so the search goes deep before it goes wide. 0: off, as it gained
nowhere and lost on matetrack-dev (`docs/benchmarks.md`, the literature table)."""

DFPN_FLIGHT_WEIGHT = 0
"""df-pn+ knowledge (Nagai 2002) for positions where the attacker is to move: a new one starts
with its proof number raised by this much per flight square of the defending king
(`core.games.chess_flights`). 0: off: it proved more game mates at a node budget but no more
long mates or endings (`docs/benchmarks.md`, the literature table), and turned on it would move
every pinned df-pn count."""

DFPN_TCA = False
"""Whether df-pn raises a node's thresholds past its own numbers where a child was already seen
nearer the root, Kishimoto's threshold controlling algorithm (2010, against the loops of cyclic
graphs). Off: it gained a long mate on matetrack-dev and halved the nodes of an ending, but tied
on the other suites with more nodes on two (`docs/benchmarks.md`, the literature table)."""

DFPN_SNDA = False
"""Whether df-pn counts children that lead into one shared position once, by the largest of
their numbers, in the summed number (Kishimoto's source node detection, 2010, against DAG double
counting). Off: it gained a WAC mate but lost one on matetrack-dev (`docs/benchmarks.md`, the
literature table)."""

DFPN_SLOTS_PER_MEMO = 128
"""df-pn lets the game keep the children of one recently expanded position per 128 table slots,
for its re-expansions (`Game.keep_expansions`; a chess position's take about 1 KB, so about 8
bytes a slot). With the default 1M-slot table that is 7,812 positions, enough to catch most
re-expansions (the hit rates are in `docs/benchmarks.md`)."""

DFPN_WORK_PER_ENTRY = 20
"""df-pn never runs out of memory (its table replaces entries), so without a time or iteration
limit it stops after this many nodes created per table entry (20M for the default 1M table)."""

DEFAULT_DEPTH = 20
"""αβ: the largest n of mate-in-n tried."""
