"""Depth-first proof-number search (df-pn) over a transposition table, with the 1+ε trick.

Nagai's df-pn (2002) searches the same most-proving node as PN search but depth-first: a node is
searched (`multiple_iterative_deepening`, Nagai's MID) under two thresholds, φ_t and δ_t, and
returns to its parent as soon as its own φ or δ reaches them, so only the current path lives on
the stack and everything else is in the transposition table (`core.search.transposition`),
which bounds memory and merges transpositions. φ/δ are the proof and disproof numbers seen from
the player to move: at an OR node φ = pn and δ = dn, at an AND node the other way round; a node's
φ is the least δ of its children and its δ the sum of their φ (`core.search.numbers.phi_delta`).

The child c₁ with the least δ is searched with thresholds

    φ_t(c₁) = δ_t − δ + φ(c₁),    δ_t(c₁) = min(φ_t, ⌈δ₂·(1+ε)⌉)   (at least δ₂ + 1),

δ₂ the second-least δ of the children. With ε = 0 this is Nagai's δ₂ + 1; Pawlewicz and Lew's
1+ε trick (2007) lets c₁ run until it is a fraction ε worse than its sibling, which saves most of
the re-expansions of plain df-pn when two children's numbers stay close.

Leaves start with the mobility initialisation of the thesis (§3.3.1), so df-pn and PN search see
the same numbers at the frontier, except in the endings `core.games.mop_up` is meant for (the
defender has at most one man besides the king): there a new node's proof number also
grows by `mop_up_weight` per step of the mop-up estimate (by the material, as engines evaluate
endings: the defending king's distance from the edge, or from a corner of the bishop's colour
with bishop and knight, and from the attacking king; a pawn's steps to promotion first where
the pieces alone cannot mate), Nagai's df-pn+ idea of knowledge in the initial numbers. It
turns the long quiet endgame mates (KRK, KQ against a rook, two bishops) from out of reach into
proofs of seconds; on explicit trees and positions where the defender keeps more it is not used.

A new node where the attacker is to move and mates in one is proved as it is generated
(`mates_in_one`, on by default: `core.games.chess_mate_in_one`, the one-ply mate detection of
tsume-shogi solvers): it is never expanded, and a defender's reply that walks into a mate adds
nothing to its parent's proof number, so a quiet move that threatens mate is seen to leave only
the replies that stop the mate (what it gains: `docs/benchmarks.md`).

With `threat_divisor` above 1 (2 by default: `core.search.defaults.DFPN_THREAT_DIVISOR` says
why), a new child reached by a quiet attacker move (no check, capture or promotion) after which
the attacker would mate in one if the defender passed (a null move: `threatens_mate`) starts with
its proof number divided by it (at least 1): the defender must answer the threat, and the replies
that do not are proved as they are generated, so such a move is worth trying before its mobility
says. A cheap taste of Thomsen's λ-search, where threats come first. The test is dear per node,
so `threat_depth` tests only the positions that near the root, where it costs little. Where the
mop-up estimate is in use no move is tested: in KQ against KR the queen threatens mate at almost
every move, and halving those moves' numbers drowns the estimate. The figures behind these
defaults are in `docs/benchmarks.md`.

Three techniques from the literature are options, off by default (the side-by-side table is in
`docs/benchmarks.md`): `weak_delta`, weak proof-number search's δ (Ueda, Hashimoto, Hashimoto
and Iida 2008: the largest child's φ plus one for each other open child instead of the sum, so a
position reached through several siblings is not counted once per sibling; the best child's φ_t
follows, `weak_child_phi_threshold`), and `deep_depth`, the depth bias of deep df-pn (Song
Zhang, Iida and van den Herik 2017: a new node at ply d < D starts with D − d added to both
numbers, so shallow nodes look dearer and the search goes deep before it goes wide), both of
which lost on a suite; and `flight_weight`, more df-pn+ knowledge: a new node where the attacker
is to move starts with that much more proof number per square the defending king could flee to
(`core.games.chess_flights`), where mobility gives it 1. It won on the game mates and tied on
the long mates and the endings, but on by default it would change every pinned df-pn count.

Two more come from Kishimoto's "Dealing with Infinite Loops, Underestimation, and Overestimation
of Depth-First Proof-Number Search" (AAAI 2010), also options, off by default. `tca`, the
threshold controlling algorithm (the paper's Figure 3): a child the table already has from a
ply no deeper than its parent's (an *old child*: its numbers may have been computed round a
cycle or a transposition through the parent itself) can put the parent's numbers past the
thresholds handed down before anything below is searched, so Nagai's MID returns at once and the
search comes back later, or goes round the loop again. With TCA such a node, and every node
searched below it until a leaf, raises its thresholds on its first pass to at least its own
numbers + 1 (φ_t = max(φ_t, φ + 1), δ_t = max(δ_t, δ + 1)), so it always searches a child.
`snda`, source node detection: where two children of a node lead into one position, the node's
δ counts that position twice. Each searched position keeps the position it was last searched
from (the paper's pointer in the table entry); a node that finds a child stored from elsewhere
follows those pointers up to the first position on the path, the source node, and there the
child on the path and the child the pointers came through count once, by the larger φ
(`grouped_sum`), while the source stays on the path. Our reading of the paper, with two
simplifications: a node's depth is the shallowest ply it was stored from (the paper's minimal
distance), and only searched positions carry the marks, so a leaf shared by two children is
still counted twice. The marks live in arrays beside the table, allocated only when an option is
on, so with both off the table's 36 bytes a slot are unchanged. The table's explanation
(`core.explain.table`) replays Nagai's thresholds and sums, not these, and says so. Neither
helped on every suite (TCA gained a long mate and halved the nodes of KBBK but tied elsewhere
with more nodes; SNDA gained a WAC mate and lost one on matetrack-dev), so both stay off.

Graph-history interaction (GHI): a repetition of a position on the path is a draw, so what a
position is worth can depend on the path that reached it, while the table keys positions alone.

* Disproofs: one that rests on a repetition above its own node is the path's, never stored
  (`core.search.transposition` says how the ply it rests on is carried up).
* Proofs are stored with their proven distance. A forced mate is a mate in chess whatever the
  path (a first repetition does not end the game), but the proof read out of the table must not
  repeat a position along a line, and a proof stored from one path can, read on another, let
  the defender return onto that path; a replaced proof re-proved longer also breaks the falling
  distances the read-out follows. So the root counts as proved only once its proof has been
  read out (`_read_out`, at the end of the run that proved it): at OR nodes the proved move
  with the smallest proven distance that does not lead back onto the read-out's path, at AND
  nodes every reply; a node whose proved children were all replaced is searched again where it
  stands. A position the table calls proved whose proof cannot be read on that path (a reply
  repeats the path, or its proved children fail in turn) is forgotten
  (`TranspositionTable.forget`), and when the root's proof cannot be read the search goes on
  from the root with those entries searched afresh (`read_outs_failed` counts it). A proof
  that depends on the path thus never stands as the root's; a search that keeps failing to
  read one out ends at its limit, unknown, never wrong. This is simpler than Kishimoto and
  Müller's path-marking solution (2004), and costs only where the table misleads.

Transposed positions share one `ProofNode`, so the proof is a tree whose repeated subtrees are
one object (the verifier replays each once). The read-out is counted apart (`read_out_nodes`),
not in `nodes_created`.

With `max_plies` the search is bounded by mate length: only mates within that many plies of the
root count, a position reached at the bound without mate is lost for the attacker, and each
position's key is mixed with the plies it has left (a position with fewer plies left is another
position to the table). `core.search.dfpn_shortest` asks it for shorter mates and for the
disproof that certifies the shortest.

A disproved root's disproof is read out of the table (`disproof`, `_DisproofExtraction`) with a
bound or without: every attacker move, one defender reply, down to lines the rules end or that
return to a position already on them. `core.proofs.verify_disproof` replays it, and only then is
"no mate in N or fewer" (bounded) or "no forced mate" (unbounded) said as certified.

`run` may stop after any expansion (limits, a slice, a cancel) and resume: the search's state is
the table, and the next run restarts from the root and descends again through it.

MID is a generator so that the app can pause it inside the recursion (`core.search.dfpn_steps`):
with a `trace` attached it yields after every expansion and before every return to the parent;
without one (the command line, batch runs) it never yields and `run` drives it to its result.

The root's numbers over a run (`watch_root`, for the trend `solve --explain` reads): the root's
MID call runs under ∞ thresholds, so the root's own numbers change only when the whole run
returns, and a run cut into slices would restart from the root and create other nodes. A watched
search instead keeps each path node's children lists (MID's own, by reference) and, every so many
nodes created, reads the root's numbers off them without changing anything (`root_now`). The
search's order of work is untouched, so its counts are those of an unwatched run; unwatched, it
costs one test per expansion.
"""

from __future__ import annotations

import math
import random
import time
from array import array
from collections.abc import Callable, Generator, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Protocol, Unpack

from ..errors import VerificationError
from ..games.game import NOT_COUNTED, Game
from ..generators import finish
from ..proofs.proof import ProofNode
from ..values import Reason, Value
from .defaults import (
    DEFAULT_NODE_CAP,
    DFPN,
    DFPN_SLOTS_PER_MEMO,
    DFPN_WORK_PER_ENTRY,
    MOBILITY,
)
from .dfpn_options import DfpnOptions, DfpnSettings
from .events import DfpnEvent
from .numbers import (
    INF,
    LARGEST_UNSOLVED,
    as_phi_delta,
    grouped_sum,
    leaf_numbers,
    node_numbers,
    phi_delta,
)
from .root_outcome import root_outcome
from .transposition import ABSENT, NO_DEPENDENCE, TranspositionTable
from .types import Limits, Outcome, Result, StopReason


class MidWatcher(Protocol):
    """What MID tells a watcher attached as `DfpnSearch.trace` (the stepped search's `DfpnTrace`,
    `core.search.dfpn_steps`): each event it returns is yielded, so the search pauses there."""

    def hit(self, key: int) -> None: ...

    def expanded(
        self,
        depth: int,
        is_or: bool,
        phi_threshold: int,
        delta_threshold: int,
        children: Children,
        created_before: int = 0,
    ) -> DfpnEvent: ...

    def backing_up(self, depth: int, phi: int, delta: int) -> DfpnEvent: ...


@dataclass(slots=True, eq=False)
class Children:
    """The children of a position as MID sees them, as parallel lists (`generate_children`;
    a reader of the table gets the same from `read_children`).

    `rests_on`: for a disproved child, the shallowest path ply its disproof rests on (GHI);
    `distance`: for a proved child, its proven distance in plies; `fixed`: decided for good on
    this path (terminal or solved), so the table need not be read for it again; `terminal`: the
    game itself decided it (a mate, a draw), not the search; `mate_in_one`: proved as it was
    generated, by the one-move mate test (`core.games.chess_mate_in_one`); `threat`: reached by
    a quiet move that threatens mate in one, so it started at a lower proof number;
    `child_is_or`: each child's type, from the game (a player may move twice running); `groups`:
    under SNDA, a label per child, equal for children found to lead into one shared position
    (None until the first is found).
    """

    moves: list[int]
    keys: list[int]
    clocks: list[int]
    proof: list[int]
    disproof: list[int]
    rests_on: list[int]
    distance: list[int]
    fixed: list[bool]
    terminal: list[bool]
    mate_in_one: list[bool]
    threat: list[bool]
    child_is_or: list[bool]
    groups: list[int] | None = None


_NO_CHILDREN = Children([], [], [], [], [], [], [], [], [], [], [], [])
"""What `generate_children` returns for a position with nothing below it in a tree file."""


RootWatch = Callable[[int, int, int], int]
"""Told (nodes created, root pn, root dn); returns the nodes created at which to be told next
(`DfpnSearch.watch_root`)."""


def _ply_keys(max_plies: int | None) -> list[int]:
    """Under a mate-length bound, one 64-bit key per number of plies left (0 … `max_plies`), so
    that the table keeps a position apart for each: whether a mate fits in the plies left is
    the position's value there. Fixed (seeded): a search is the same every run."""
    if max_plies is None:
        return []
    rng = random.Random(max_plies)
    return [rng.getrandbits(64) for _ in range(max_plies + 1)]


class _Result:
    """What MID hands back to its parent: the node's numbers, and for a solved node what the
    result rests on (disproof) or how far the mate is (proof)."""

    __slots__ = ("proof", "disproof", "rests_on", "distance")

    def __init__(self, proof: int, disproof: int, rests_on: int, distance: int) -> None:
        self.proof = proof
        self.disproof = disproof
        self.rests_on = rests_on
        self.distance = distance


def child_phi_threshold_of(delta_threshold: int, delta: int, child_phi: int) -> int:
    """φ_t of the best child: δ_t − δ + φ(c₁), so the child returns once the parent's δ would
    reach δ_t (under a root's ∞ that is ∞ − δ + φ(c₁), which the path panel writes ∞−k). A δ
    summed past `LARGEST_UNSOLVED` (a DAG's disproof numbers where the defender has one or two
    moves and the attacker thirty) is no longer a count: under an unbounded δ_t the child then
    stays unbounded, where ∞ − (∞ − 1) would leave it 1 of room and it would return after
    every expansion."""
    if delta_threshold >= INF and delta >= LARGEST_UNSOLVED:
        return INF
    return min(INF, delta_threshold - delta + child_phi)


def weak_child_phi_threshold(delta_threshold: int, open_children: int) -> int:
    """φ_t of the best child under weak proof-number search's δ (`weak_sum`): the parent's δ is
    its children's largest φ plus one for each other open child, so it reaches δ_t once the
    child's φ reaches δ_t − (open children − 1); unbounded under an unbounded δ_t."""
    if delta_threshold >= INF:
        return INF
    return delta_threshold - max(open_children - 1, 0)


def grouped_child_phi_threshold(
    delta_threshold: int, delta: int, phis: list[int], groups: list[int], best: int
) -> int:
    """φ_t of the best child under SNDA's δ (`grouped_sum`): the parent's δ counts the best
    child's group by its largest φ, so the child may grow until that largest φ would bring δ to
    δ_t (Nagai's rule when the child is alone in its group)."""
    label = groups[best]
    top = max(phi for phi, group in zip(phis, groups, strict=True) if group == label)
    return child_phi_threshold_of(delta_threshold, delta, top)


def child_delta_threshold(phi_threshold: int, second_delta: int, epsilon: float) -> int:
    """δ_t of the best child: ⌈δ₂·(1+ε)⌉, at least δ₂ + 1 (Nagai's rule when ε = 0), at most the
    parent's φ_t (Pawlewicz and Lew's 1+ε trick)."""
    if second_delta >= INF:
        return phi_threshold
    grown = max(second_delta + 1, math.ceil(second_delta * (1.0 + epsilon)))
    return min(phi_threshold, grown)


def handed_down(
    summed_threshold: int, least_threshold: int, is_or: bool, child_is_or: bool
) -> tuple[int, int]:
    """A child's own (φ_t, δ_t) from the thresholds its parent computed for the number it sums
    (`summed_threshold`) and the number it takes the least of (`least_threshold`). Under a
    parent of the other type (turns alternate) those are the child's φ and δ, as Nagai writes
    them; under a parent of its own type (the player to move moves again: a box completed in
    Dots-and-Boxes) the parent sums the child's δ and minimises its φ, so the two swap. The
    child's type comes from the game, never from its parent's."""
    if child_is_or == is_or:
        return least_threshold, summed_threshold
    return summed_threshold, least_threshold


def children_numbers(children: Children, is_or: bool, weak_delta: bool) -> tuple[int, int]:
    """A node's (pn, dn) from its children by MID's rule: Figure 3.3's least and sum (weak δ's
    sum with `weak_delta`), or under SNDA, once children were found to share a position, the
    sum over their groups (`grouped_sum`)."""
    proof, disproof = children.proof, children.disproof
    if children.groups is None:
        return node_numbers(proof, disproof, is_or, weak_delta)
    phis, deltas = as_phi_delta(proof, disproof, not is_or)
    return as_phi_delta(min(deltas), grouped_sum(phis, children.groups), is_or)


class DfpnSearch:
    """df-pn over a `Game` cursor, memory-bounded by a transposition table of `max_nodes` entries.

    A `core.search.contract.Search` (not a `Stepper`: it keeps no tree). Counts: `nodes_created`
    (positions generated and evaluated, every re-expansion included, the root once),
    `nodes_in_memory` (table entries), `peak_nodes_in_memory`, `iterations` (MID calls: each
    expands one node). The table is `table`. Without a time or iteration limit the search stops
    after `DFPN_WORK_PER_ENTRY` × `max_nodes` nodes created: the table replaces entries rather
    than fill up, so memory alone would never stop it.
    """

    algorithm = DFPN
    tree = None
    second_level_searches = None
    transpositions = None
    trace: MidWatcher | None = None
    """The stepping hooks (`core.search.dfpn_steps`); None: MID runs without pausing."""

    def __init__(
        self,
        game: Game,
        limits: Limits | None = None,
        **options: Unpack[DfpnOptions],
    ) -> None:
        settings = DfpnSettings(**options)
        mop_up_weight, threat_divisor = settings.mop_up_weight, settings.threat_divisor
        tca, snda, max_plies = settings.tca, settings.snda, settings.max_plies
        self.game = game
        self.mop_up_weight = mop_up_weight
        self.mop_up_in_use = bool(mop_up_weight) and game.capabilities.mop_up
        """Whether new nodes' proof numbers include the mop-up estimate (the narration says so)."""
        self.mates_in_one = settings.mates_in_one
        """Whether a new child where the attacker mates in one is proved as it is generated."""
        self.threat_divisor = threat_divisor
        """What a new child's proof number is divided by where its quiet move threatens mate."""
        self.threats_in_use = (
            threat_divisor > 1 and game.capabilities.threats and not self.mop_up_in_use
        )
        """Whether quiet moves are tested for threats: in chess, not where the mop-up estimate
        guides."""
        self.threat_depth = settings.threat_depth
        """The deepest position (plies from the root) whose quiet moves are tested for threats."""
        self.weak_delta = settings.weak_delta
        """Whether a node's δ is weak proof-number search's (`weak_sum`) rather than the sum."""
        self.deep_depth = settings.deep_depth
        """Deep df-pn's D: a new node at ply d < D starts with D − d added to both its numbers
        (0: off)."""
        self.flight_weight = settings.flight_weight
        self.flights_in_use = (
            settings.flight_weight > 0 and game.capabilities.flights and not self.mop_up_in_use
        )
        """Whether a new node where the attacker is to move starts with `flight_weight` more
        proof number per flight square of the defending king: in chess, not where the mop-up
        estimate guides (it measures the king's room its own way)."""
        self.tca = tca
        """Whether a node with an unproven old child raises its thresholds past its numbers
        (Kishimoto's TCA), and so do the nodes searched below it."""
        self.snda = snda
        """Whether children found to lead into one shared position count once in δ (SNDA)."""
        self.old_children_found = 0
        """TCA: nodes that found an unproven old child (and so raise their thresholds)."""
        self.thresholds_raised = 0
        """TCA: nodes whose numbers were already past the thresholds handed down, so that
        Nagai's MID would have returned at once, and which searched a child instead."""
        self.sources_found = 0
        """SNDA: pairs of children found to lead into one position (merged into one group)."""
        self.max_plies = max_plies
        """A mate-length bound: only mates delivered within this many plies of the root count,
        a position reached at that ply without mate is lost for the attacker (None: no bound)."""
        self._ply_keys = _ply_keys(max_plies)
        self.limits = limits or Limits()
        self.epsilon = settings.epsilon
        capacity = self.limits.max_nodes or DEFAULT_NODE_CAP
        self.table = TranspositionTable(capacity)
        slots = len(self.table.keys) if tca or snda else 0
        self._seen = array("Q", bytes(8 * slots))
        """TCA and SNDA: the key each table slot's marks below belong to (a slot taken over by
        another position is recognised by its key)."""
        self._least_ply = array("H", bytes(2 * slots))
        """TCA: the shallowest ply each searched position was stored from."""
        self._parent = array("Q", bytes(8 * slots))
        """SNDA: the key of the position each searched position was last searched from (the
        paper's pointer in the table entry); its own key at the root."""
        self._path_children: dict[int, Children] = {}
        """SNDA: the children of each node on the path, by ply, whose groups a find below may
        merge."""
        self._root_watch: RootWatch | None = None
        """Told the root's numbers every so often (`watch_root`); None: nothing is watched."""
        self._watch_at = 0
        """The nodes created at which the watch is told next."""
        self._watched_path: list[tuple[Children, bool]] = []
        """While watched: each path node's children lists (MID's own) and whether it is an OR
        node, root first, as far as the deepest expansion of the current run from the root."""
        game.keep_expansions(capacity // DFPN_SLOTS_PER_MEMO)
        unlimited = self.limits.max_seconds is None and self.limits.max_iterations is None
        self.work_budget = capacity * DFPN_WORK_PER_ENTRY if unlimited else None
        self.nodes_created = 1
        self.iterations = 0
        self.table_hits = 0
        """Children found in the table when generated (their numbers read, not initialised): a
        parent re-expanded finds its own children again, so this is not a count of positions
        reached by another path (`transpositions`, which df-pn cannot tell apart: None)."""
        self.elapsed = 0.0
        self._cancel_requested = False
        self._stop: Outcome | None = None
        self._slice_end: float | None = None
        self._slice_iterations: int | None = None
        self._reading_out = False
        self._search_on = False
        """The last run proved the root, its read-out failed and no limit stopped it: go on."""
        self._run_started = 0.0
        self._proof: ProofNode | None = None
        self.read_out_nodes = 0
        """Positions generated while reading proofs out of the table (and repairing them there):
        not in `nodes_created`, which counts the search, as every record always has."""
        self.root_move_work: dict[int, int] = {}
        """Nodes created under each root move, by its position's key (`table_key`): each MID
        call on a root child adds its work as it returns, so unlike the table's `work` nothing is
        lost to replacement and a transposition counts under the root move that searched it
        (the read-out's repairs are not counted, as in `nodes_created`)."""
        self.deepest_expansion = 0
        """The deepest ply MID expanded a position at."""
        self.read_outs_failed = 0
        """Proved roots whose proof could not be read out without a repetition, so the search
        went on (see the module docstring on graph-history interaction)."""
        game.reset()
        self._root_key = self.table_key(game.position_hash(), 0)
        self._path_keys = [self._root_key]
        self._root_is_or = game.is_or()
        evaluation = game.evaluate()
        self._root_numbers = leaf_numbers(
            evaluation.value, evaluation.mobility, self._root_is_or, MOBILITY
        )
        self.outcome: Outcome | None = root_outcome(game, evaluation)

    def _ply_key(self, ply: int) -> int:
        """What a position's key at `ply` is mixed with under a mate-length bound (the plies it
        has left: a position with fewer left is another position), 0 without one."""
        if self.max_plies is None:
            return 0
        return self._ply_keys[self.max_plies - ply]

    def table_key(self, position_hash: int, ply: int) -> int:
        """The table's key of a position with `position_hash` reached at `ply`: what a reader of
        the table (the explanation) probes it with."""
        return position_hash ^ self._ply_key(ply)

    @property
    def root_is_or(self) -> bool:
        """Whether the attacker is to move at the root."""
        return self._root_is_or

    def _repetition_ply(self, key: int, path: list[int]) -> int:
        """The ply of `path` (table keys, root first) where the game's position `key` (unmixed)
        occurred: what a repetition of it rests on; 0 (the root) if it is not found."""
        if not self._ply_keys:
            return path.index(key) if key in path else 0
        for ply, path_key in enumerate(path):
            if path_key ^ self._ply_key(ply) == key:
                return ply
        return 0

    # -- counts ---------------------------------------------------------------------------------

    @property
    def nodes_in_memory(self) -> int:
        return len(self.table)

    @property
    def peak_nodes_in_memory(self) -> int:
        return max(1, self.table.peak)

    @property
    def root_numbers(self) -> tuple[int, int]:
        """The root's (proof, disproof) numbers as the table and the last run left them."""
        return self._root_numbers

    @property
    def reading_out(self) -> bool:
        """Whether the proved root's proof is being read out of the table (see `_read_out`)."""
        return self._reading_out

    def cancel(self) -> None:
        """Ask a running search to stop; MID honours it before its next expansion."""
        self._cancel_requested = True

    # -- limits ---------------------------------------------------------------------------------

    def _limit_reached(self) -> Outcome | None:
        """Checked before every expansion: the search's limits, then the current slice's."""
        now = time.perf_counter()
        stop = self.limits.stop_before(
            self._cancel_requested, self.iterations, self.elapsed + now - self._run_started
        )
        if stop is not None:
            return stop
        if self.work_budget is not None and self.nodes_created >= self.work_budget:
            return Outcome(
                Result.UNKNOWN,
                StopReason.BUDGET,
                f"node budget of {self.work_budget:,} nodes created reached",
            )
        if self._reading_out:
            return None  # a read-out finishes within its slice: it is not resumable
        if self._slice_end is not None and now >= self._slice_end:
            return _SLICE_DONE
        if self._slice_iterations is not None and self.iterations >= self._slice_iterations:
            return _SLICE_DONE
        return None

    # -- the search -----------------------------------------------------------------------------

    def generate_children(self) -> Children:
        """Expand the cursor's position: every child evaluated, hashed and given its numbers
        from the table or, when the table has none, by mobility (thesis §3.3.1) with the
        knowledge df-pn adds (the mop-up estimate, the flight weight, threats, deep df-pn's bias),
        which are then stored as a leaf entry. A child the table has is not counted again
        (`Game.expand`'s `known`): a re-expansion costs a hash and a table probe per child."""
        return self._children(self.game, self._path_keys, True)

    def read_children(self, cursor: Game, path_keys: list[int]) -> Children:
        """The children of `cursor`'s position, reached along `path_keys` (its path's table
        keys, root first), with the numbers `generate_children` would give them there, read
        without storing, counting or tracing anything: how a reader of the table (the
        explanation) sees what MID would, on a cursor of its own, leaving the search as it was."""
        return self._children(cursor, path_keys, False)

    def _children(self, game: Game, path_keys: list[int], searching: bool) -> Children:
        """`generate_children` on `game` at the end of `path_keys`; with `searching` False the
        table, the counts and the trace are only read (`read_children`). One function for both,
        so what the explanation reads is what the search does: keys mixed with the plies left
        (`table_key`), the length bound, mates in one, the table's numbers, the initial ones."""
        table = self.table
        probe = table.probe
        found: dict[int, int] = {}  # `probe`'s answer for each child the game asked about
        child_ply = len(path_keys)
        mix = self._ply_key(child_ply) if self._ply_keys else 0

        def known(key: int, clock: int) -> bool:
            slot = found[key ^ mix] = probe(key ^ mix, clock)
            return slot >= 0

        divisor, deep_depth = self.threat_divisor, self.deep_depth
        flight_weight = self.flight_weight if self.flights_in_use else 0
        test_threats = self.threats_in_use and child_ply - 1 <= self.threat_depth
        expansion = game.expand(INF, known, self.mates_in_one, test_threats)
        if expansion is None:
            return _NO_CHILDREN
        moves = expansion.moves
        count = len(moves)
        if searching:
            self.nodes_created += count
        keys, clocks = expansion.keys, expansion.clocks
        if keys is None or clocks is None:
            keys, clocks = [], []
            for move in moves:
                game.push(move)
                keys.append(game.position_hash())
                clocks.append(game.halfmove_clock())
                game.pop()
        if mix:
            keys = [key ^ mix for key in keys]
        bound_reached = self.max_plies is not None and child_ply >= self.max_plies
        mates_in_one = expansion.mates_in_one or [False] * count
        threats = expansion.threats or [False] * count
        proof, disproof = [0] * count, [0] * count
        rests_on, distance = [NO_DEPENDENCE] * count, [0] * count
        terminal = [value is not Value.UNKNOWN for value in expansion.values]
        fixed = terminal[:]
        table_proof, table_disproof, stored_distance = table.proof, table.disproof, table.distance
        store_leaf, store = table.store_leaf, table.store
        trace = self.trace if searching else None
        hits = 0
        weight, mop_up = self.mop_up_weight, game.mop_up_distance
        values, mobility, reasons = expansion.values, expansion.mobility, expansion.reasons
        child_is_or = expansion.child_is_or
        for index, key in enumerate(keys):
            if bound_reached and values[index] is not Value.TRUE:
                # The mate-length bound: no mate here in time, whatever the path.
                fixed[index] = terminal[index] = True
                proof[index] = INF
            elif mates_in_one[index]:
                # Proved, but not a leaf: its mate is one expansion away (the proof reads it).
                # Stored with work 1, so a new leaf (work 0, `store_leaf`) never takes its slot.
                fixed[index] = True
                proof[index], disproof[index], distance[index] = 0, INF, 1
                if searching:
                    store(key, 0, INF, 1, 1, clocks[index])
            elif terminal[index]:
                if values[index] is Value.TRUE:
                    disproof[index] = INF
                    continue
                proof[index] = INF
                reason = reasons[index]
                if reason is Reason.REPETITION:
                    rests_on[index] = self._repetition_ply(key ^ mix, path_keys)
                elif reason is Reason.FIFTY_MOVES:
                    rests_on[index] = 0
            else:
                slot = found[key] if key in found else probe(key, clocks[index])
                if slot >= 0 or mobility[index] == NOT_COUNTED:
                    hits += 1
                    if trace is not None:
                        trace.hit(key)
                    proof[index] = child_proof = table_proof[slot]
                    disproof[index] = child_disproof = table_disproof[slot]
                    fixed[index] = child_proof == 0 or child_disproof == 0
                    distance[index] = stored_distance[slot]
                else:
                    child_proof, child_disproof = leaf_numbers(
                        Value.UNKNOWN, mobility[index], child_is_or[index], MOBILITY
                    )
                    if weight:
                        child_proof += weight * mop_up(moves[index])
                    if flight_weight and child_is_or[index]:
                        child_proof += flight_weight * game.flights_after(moves[index])
                    if threats[index]:
                        child_proof = max(1, child_proof // divisor)
                    if child_ply < deep_depth:
                        child_proof += deep_depth - child_ply
                        child_disproof += deep_depth - child_ply
                    proof[index], disproof[index] = child_proof, child_disproof
                    if slot == ABSENT and searching:
                        store_leaf(key, child_proof, child_disproof)
        if searching:
            self.table_hits += hits
        return Children(
            moves,
            keys,
            clocks,
            proof,
            disproof,
            rests_on,
            distance,
            fixed,
            terminal,
            mates_in_one,
            threats,
            child_is_or,
        )

    def _refresh(self, children: Children) -> None:
        """Re-read the unsolved children from the table: a transposition may have moved them."""
        table = self.table
        probe, table_proof, table_disproof = table.probe, table.proof, table.disproof
        proof, disproof, fixed, clocks = (
            children.proof,
            children.disproof,
            children.fixed,
            children.clocks,
        )
        for index, key in enumerate(children.keys):
            if fixed[index]:
                continue
            slot = probe(key, clocks[index])
            if slot < 0:
                continue
            proof[index] = child_proof = table_proof[slot]
            disproof[index] = child_disproof = table_disproof[slot]
            if child_proof == 0:
                children.distance[index] = table.distance[slot]
                fixed[index] = True
            elif child_disproof == 0:
                children.rests_on[index] = NO_DEPENDENCE
                fixed[index] = True

    def multiple_iterative_deepening(
        self, phi_threshold: int, delta_threshold: int, is_or: bool, raising: bool = False
    ) -> Generator[DfpnEvent, None, _Result]:
        """Nagai's MID at the cursor's (unsolved) position: search it until its φ reaches
        `phi_threshold` or its δ reaches `delta_threshold`, then store it and return. Under TCA,
        `raising` says an ancestor found an old child (see `_raises_thresholds`)."""
        depth = len(self._path_keys) - 1
        key = self._path_keys[-1]
        game = self.game
        stop = self._limit_reached()
        if stop is not None:
            self._stop = stop
            # The table's numbers, where they hold at this clock (a proof stored at a later
            # clock does not), with a proof's own distance: the parent may conclude from them.
            table = self.table
            slot = table.probe(key, game.halfmove_clock())
            if slot >= 0:
                return _Result(table.proof[slot], table.disproof[slot], 0, table.distance[slot])
            return _Result(1, 1, 0, 0)
        self.iterations += 1
        if depth > self.deepest_expansion:
            self.deepest_expansion = depth
        created_before = self.nodes_created
        children = self.generate_children()
        if not children.moves:
            self._stop = Outcome(
                Result.UNKNOWN,
                StopReason.FRONTIER,
                f"{game.position_label()} has nothing below it in the tree file",
            )
            return _Result(1, 1, 0, 0)
        proof, disproof = children.proof, children.disproof
        # The children's numbers as this node reads them, kept up to date: `deltas` the ones it
        # takes the least of, `phis` the ones it sums (each child's own φ and δ where its type
        # is the other one; `handed_down` says how a child of this node's type reads them).
        phis, deltas = as_phi_delta(proof, disproof, not is_or)
        epsilon, weak, snda = self.epsilon, self.weak_delta, self.snda
        if snda:
            self._path_children[depth] = children
            self._detect_sources(children, depth)
        if self._root_watch is not None and not self._reading_out:
            self._watch_path(depth, children, is_or)
        if self.tca:
            raising = self._raises_thresholds(key, depth, children, raising)
            if raising:
                # TCA (Kishimoto 2010): numbers read through a cycle may already be past the
                # thresholds handed down; at least one child is searched all the same.
                phi, delta = as_phi_delta(*children_numbers(children, is_or, weak), is_or)
                if phi >= phi_threshold or delta >= delta_threshold:
                    self.thresholds_raised += 1
                phi_threshold = max(phi_threshold, min(INF, phi + 1))
                delta_threshold = max(delta_threshold, min(INF, delta + 1))
        if self.trace is not None:
            yield self.trace.expanded(
                depth, is_or, phi_threshold, delta_threshold, children, created_before
            )
        while True:
            groups = children.groups if snda else None
            if groups is None:
                phi, delta = phi_delta(deltas, phis, weak)
            else:
                phi, delta = min(deltas), grouped_sum(phis, groups)
            if phi >= phi_threshold or delta >= delta_threshold or self._stop is not None:
                break
            best, best_delta, second_delta = 0, INF, INF
            for index, child_delta in enumerate(deltas):
                if child_delta < best_delta:
                    best, second_delta, best_delta = index, best_delta, child_delta
                elif child_delta < second_delta:
                    second_delta = child_delta
            if weak:
                open_children = sum(1 for value in phis if value)
                child_phi_threshold = weak_child_phi_threshold(delta_threshold, open_children)
            elif groups is not None:
                child_phi_threshold = grouped_child_phi_threshold(
                    delta_threshold, delta, phis, groups, best
                )
            else:
                child_phi_threshold = child_phi_threshold_of(delta_threshold, delta, phis[best])
            child_delta_threshold_ = child_delta_threshold(phi_threshold, second_delta, epsilon)
            game.push(children.moves[best])
            self._path_keys.append(children.keys[best])
            child_is_or = game.is_or()
            result = yield from self.multiple_iterative_deepening(
                *handed_down(child_phi_threshold, child_delta_threshold_, is_or, child_is_or),
                child_is_or,
                raising,
            )
            self._path_keys.pop()
            game.pop()
            proof[best], disproof[best] = result.proof, result.disproof
            if result.proof == 0:
                children.distance[best] = result.distance
                children.fixed[best] = True
            elif result.disproof == 0:
                children.rests_on[best] = result.rests_on
                children.fixed[best] = True
            self._refresh(children)
        if self.trace is not None and self._stop is None:
            yield self.trace.backing_up(depth, phi, delta)
        if snda:
            del self._path_children[depth]
        return self._conclude(key, depth, is_or, children, self.nodes_created - created_before)

    def watch_root(self, watch: RootWatch | None) -> None:
        """Tell `watch` the root's numbers as the search goes (from the next expansion on, then
        whenever the nodes created reach what it returned), read by `root_now`; None stops it.
        The search does what it would do unwatched (the module docstring says why)."""
        self._root_watch = watch
        self._watch_at = self.nodes_created
        self._watched_path.clear()

    def _watch_path(self, depth: int, children: Children, is_or: bool) -> None:
        """Keep the path's children lists for `root_now`, and tell the watch when it is due. A
        MID call that did not descend from the root's (`search_at` below it) is not on a path
        from the root: nothing is read then."""
        path = self._watched_path
        del path[depth:]
        if len(path) != depth:
            return
        path.append((children, is_or))
        watch = self._root_watch
        if watch is not None and self.nodes_created >= self._watch_at:
            self._watch_at = watch(self.nodes_created, *self.root_now())

    def root_now(self) -> tuple[int, int]:
        """The root's (pn, dn) as the MID calls on the path would hand them up if the search
        stopped now: read by the watch right after an expansion, or off a paused stepper's frames
        (outside a run, the last run's numbers).

        This is the number a limit stopping the search here would leave the root with (but for a
        position the table no longer holds: a call stopped there hands up 1 and 1, where this keeps
        the numbers its parent's list has for it), so a trend of it ends where the run's result
        does. Each path node's numbers come from its children by MID's rule (`children_numbers`),
        its unsolved children re-read from the table as MID does when a child returns (`_refresh`; a
        transposition below may have moved them) and the child on the path taking the numbers read
        below it. Neither the root's children lists alone (a child still searched shows its numbers
        from before its call) nor their table entries (stored only as a call returns) would see a
        proof coming closer under the root move being searched. At the root it is what PN's root
        proof number is (§3.2): the fewest leaves still to prove, counted over the nodes df-pn's
        path and table hold now. Only read: no list of MID's, table entry or count changes (the
        table's tally of probes and hits is put back), so a replay's checkpoints stay exact."""
        keys = self._path_keys
        path = self._live_path()
        levels = min(len(path), len(keys))  # a call returning is off the path
        if not levels:
            return self._root_numbers
        table = self.table
        probe, table_proof, table_disproof = table.probe, table.proof, table.disproof
        tally = table.probes, table.hits
        below = self._root_numbers
        for depth in range(levels - 1, -1, -1):
            children, is_or = path[depth]
            proof, disproof = list(children.proof), list(children.disproof)
            for index, key in enumerate(children.keys):
                if children.fixed[index]:
                    continue
                slot = probe(key, children.clocks[index])
                if slot >= 0:
                    proof[index], disproof[index] = table_proof[slot], table_disproof[slot]
            if depth + 1 < levels:
                chosen = children.keys.index(keys[depth + 1])
                proof[chosen], disproof[chosen] = below
            now = replace(children, proof=proof, disproof=disproof)
            below = children_numbers(now, is_or, self.weak_delta)
        table.probes, table.hits = tally
        return below

    def _live_path(self) -> list[tuple[Children, bool]]:
        """The path's children lists `root_now` reads, root first: the watched path."""
        return self._watched_path

    def _raises_thresholds(self, key: int, depth: int, children: Children, inherited: bool) -> bool:
        """TCA's flag at a node (Kishimoto 2010, Figure 3): cleared at a leaf (a position never
        searched before), set where an unsolved child was already stored from a ply no deeper
        than this node's (an old child: its numbers may have been computed through this very
        node, so they may never let this node's thresholds be reached), and otherwise passed
        down from the parent."""
        table = self.table
        slot = table.find(key)
        raising = inherited and slot >= 0 and table.work[slot] > 0
        if raising:
            return True
        seen, least_ply, fixed = self._seen, self._least_ply, children.fixed
        for index, child in enumerate(children.keys):
            if fixed[index]:
                continue
            slot = table.find(child)
            if slot >= 0 and seen[slot] == child and least_ply[slot] <= depth:
                self.old_children_found += 1
                return True
        return False

    def _detect_sources(self, children: Children, depth: int) -> None:
        """SNDA (Kishimoto 2010): for each unsolved child the table has, follow the positions it
        was last searched from, upwards, until one is on the current path. That one (above this
        node) is a source node: two of its children, the one on the path and the one the
        pointers came through, both lead to this child, so its δ would count the child twice.
        Those two are put in one group there (`grouped_sum`)."""
        table, seen, parent = self.table, self._seen, self._parent
        on_path = {path_key: ply for ply, path_key in enumerate(self._path_keys)}
        fixed = children.fixed
        for index, child in enumerate(children.keys):
            if fixed[index]:
                continue
            slot = table.find(child)
            if slot < 0 or seen[slot] != child:
                continue
            previous, above = child, parent[slot]
            for _ in range(depth + 1):  # as far up as the path is long
                ply = on_path.get(above)
                if ply is not None:
                    if ply < depth:
                        self._merge(ply, previous)
                    break
                slot = table.find(above)
                if slot < 0 or seen[slot] != above or parent[slot] == above:
                    break
                previous, above = above, parent[slot]

    def _merge(self, ply: int, other: int) -> None:
        """SNDA: at the path's node at `ply`, put the child on the path and the child `other` in
        one group."""
        children = self._path_children.get(ply)
        if children is None:
            return
        keys = children.keys
        branch = self._path_keys[ply + 1]
        if branch not in keys or other not in keys:
            return
        first, second = keys.index(branch), keys.index(other)
        if first == second:
            return
        groups = children.groups
        if groups is None:
            groups = children.groups = list(range(len(keys)))
        kept, merged = groups[first], groups[second]
        if kept == merged:
            return
        children.groups = [kept if group == merged else group for group in groups]
        self.sources_found += 1

    def _mark(self, slot: int, key: int, depth: int) -> None:
        """TCA and SNDA: note at a searched position's slot the shallowest ply it was stored from
        and the position it was searched from."""
        if self._seen[slot] == key:
            self._least_ply[slot] = min(self._least_ply[slot], depth)
        else:
            self._seen[slot] = key
            self._least_ply[slot] = min(depth, 0xFFFF)
        path = self._path_keys
        self._parent[slot] = path[-2] if len(path) > 1 else key

    def _conclude(
        self, key: int, depth: int, is_or: bool, children: Children, work: int
    ) -> _Result:
        """The node's numbers from its children, stored in the table as the GHI rule allows."""
        proof, disproof = children.proof, children.disproof
        node_proof, node_disproof = children_numbers(children, is_or, self.weak_delta)
        if depth == 1 and not self._reading_out:
            self.root_move_work[key] = self.root_move_work.get(key, 0) + work
        table = self.table
        slot = table.find(key)
        work += table.work[slot] if slot >= 0 else 0
        if node_proof == 0:
            proved = [children.distance[i] for i, value in enumerate(proof) if value == 0]
            distance = 1 + (min(proved) if is_or else max(proved))
            table.store(key, 0, INF, work, distance, self.game.halfmove_clock())
            return _Result(0, INF, NO_DEPENDENCE, distance)
        if node_disproof == 0:
            used = [children.rests_on[i] for i, value in enumerate(disproof) if value == 0]
            rests_on = max(used) if not is_or else min(used)
            rests_on = min(rests_on, NO_DEPENDENCE)
            table.store_disproof(key, work, rests_on, depth)
            return _Result(INF, 0, rests_on, 0)
        slot = table.store(key, node_proof, node_disproof, work)
        if self.tca or self.snda:
            self._mark(slot, key, depth)
        return _Result(node_proof, node_disproof, NO_DEPENDENCE, 0)

    # -- running --------------------------------------------------------------------------------

    def run(
        self, max_iterations: int | None = None, max_seconds: float | None = None
    ) -> Outcome | None:
        """Search from the root until it is solved or a limit stops it; with `max_iterations` /
        `max_seconds` only for a slice (then None: call again, the table carries on)."""
        if self.outcome is not None:
            return self.outcome
        started = time.perf_counter()
        self._run_started = started
        self._slice_end = None if max_seconds is None else started + max_seconds
        self._slice_iterations = (
            None if max_iterations is None else self.iterations + max_iterations
        )
        self._stop = None
        while True:
            self.game.reset()
            self._path_keys = [self._root_key]
            self._path_children.clear()
            self._watched_path.clear()
            try:
                result = finish(self.multiple_iterative_deepening(INF, INF, self._root_is_or))
            finally:
                self.elapsed += time.perf_counter() - self._run_started
            settling = time.perf_counter()
            settled = self._settle(result)
            self.elapsed += time.perf_counter() - settling  # a read-out is the search's time too
            if settled is not None or not self._search_on:
                return self.outcome
            self._run_started = time.perf_counter()

    def _settle(self, result: _Result) -> Outcome | None:
        """The root's numbers after a run from the root, and the outcome they (or a limit) give:
        a proved root only once its proof has been read out of the table."""
        self._root_numbers = (result.proof, result.disproof)
        self._watched_path.clear()
        self._search_on = False
        if result.proof == 0:
            stop, self._stop = self._stop, None
            if self._read_out():
                self.outcome = Outcome(Result.PROVED, StopReason.SOLVED)
                return self.outcome
            self._root_numbers = (1, 1)  # its entry is forgotten: unsolved again
            self._stop = self._stop or stop
            self._search_on = self._stop is None
        if result.disproof == 0:
            self.outcome = Outcome(Result.DISPROVED, StopReason.SOLVED)
        elif self._stop is not None and self._stop is not _SLICE_DONE:
            self.outcome = self._stop
        return self.outcome

    def search_at(self, moves: list[int]) -> tuple[int, int]:
        """Search the position after `moves` from the root to the end, with the table as it is,
        and return its (proof, disproof) numbers there (the path counts for repetitions)."""
        game = self.game
        game.reset()
        self._path_keys = [self._root_key]
        for move in moves:
            game.push(move)
            self._path_keys.append(self.table_key(game.position_hash(), len(self._path_keys)))
        self._stop = None
        self._run_started = time.perf_counter()
        self._path_children.clear()
        self._watched_path.clear()
        result = finish(self.multiple_iterative_deepening(INF, INF, game.is_or()))
        game.reset()
        self._path_keys = [self._root_key]
        return result.proof, result.disproof

    # -- the proof ------------------------------------------------------------------------------

    def proof(self) -> ProofNode:
        """The proof tree of a proved root, as the read-out that ended the search found it."""
        if self.outcome is None or self.outcome.result is not Result.PROVED:
            raise ValueError("the search has not proved the root")
        if self.outcome.reason is StopReason.ROOT_TERMINAL:
            return ProofNode(self._root_is_or)
        if self._proof is None:
            raise VerificationError("df-pn: the proved root has no proof read out")
        return self._proof

    @contextmanager
    def _reading_out_table(self) -> Iterator[None]:
        """A walk that reads a proof or disproof out of the table, from the root and back to
        it: untraced, and counted in `read_out_nodes`, not in `nodes_created` or `iterations`
        (the search's own counts stay those of the search)."""
        nodes, iterations = self.nodes_created, self.iterations
        trace, self.trace = self.trace, None
        self._reading_out = True
        self._run_started = time.perf_counter()
        self.game.reset()
        self._path_keys = [self._root_key]
        self._path_children.clear()
        try:
            yield
        finally:
            self._reading_out = False
            self.trace = trace
            self.game.reset()
            self._path_keys = [self._root_key]
            self.read_out_nodes += self.nodes_created - nodes
            self.nodes_created, self.iterations = nodes, iterations

    def disproof(self) -> ProofNode:
        """The disproof tree of a disproved root, read out of the table (`_DisproofExtraction`):
        every move at OR nodes, one reply that holds at AND nodes, down to the positions the
        rules or the bound (`max_plies`, where there is one) end, or a position already on the
        line (without a bound the tree is then the defender's strategy for ever: it repeats what
        it did from there). It is the search's word until `core.proofs.verify_disproof` has
        replayed it; raises VerificationError where no disproof can be read on these paths
        within the search's limits. The read-out is counted in `read_out_nodes`, not in
        `nodes_created`."""
        if self.outcome is None or self.outcome.result is not Result.DISPROVED:
            raise ValueError("the search has not disproved the root")
        if self.outcome.reason is StopReason.ROOT_TERMINAL:
            return ProofNode(self._root_is_or)
        self._stop = None
        with self._reading_out_table():
            read = _DisproofExtraction(self).node(self._root_is_or)
        if read is None:
            stop, self._stop = self._stop, None
            why = f" ({stop})" if stop is not None else ""
            raise VerificationError(f"df-pn: no disproof could be read out of the table{why}")
        return read[0]

    def _read_out(self) -> bool:
        """Read the proved root's proof out of the table (`_Extraction`). Where it cannot be read
        without repeating a position, the entries whose proofs failed are forgotten and False
        says the search must go on. The read-out is counted in `read_out_nodes`, not in
        `nodes_created`; a limit (not a slice's end) stops its repairs."""
        extraction = _Extraction(self)
        with self._reading_out_table():
            proof = extraction.node(self._root_is_or)
        if proof is not None:
            self._proof = proof
            return True
        self.read_outs_failed += 1
        for key in (*extraction.failed, self._root_key):
            self.table.forget(key)
        return False


_SLICE_DONE = Outcome(Result.UNKNOWN, StopReason.TIME, "slice done")
"""The end of a `run` slice: not an outcome, the search goes on at the next call."""


class _Extraction:
    """Reads a proof out of the table depth-first along the game cursor, sharing the proof of a
    position reached twice (`done`) and never choosing a move back onto its own path.

    At an OR node the proved children are tried by proven distance; at an AND node every reply
    must be read. A position the table calls proved whose proof cannot be read on this path
    (a reply repeats a position of the path, or a proved child's own proof fails) goes into
    `failed`: its entry claims a proof that this path does not have. A node whose proved
    children were all lost to replacement is searched again where it stands (`_lost`), and so
    is an AND node's reply that was (`_prove_child`)."""

    def __init__(self, search: DfpnSearch) -> None:
        self.search = search
        self.done: dict[int, ProofNode] = {}
        self.failed: set[int] = set()

    def node(self, is_or: bool) -> ProofNode | None:
        """The proof of the cursor's position, or None where this path cannot prove it."""
        search = self.search
        key = search._path_keys[-1]
        known = self.done.get(key)
        if known is not None:
            return known
        for attempt in range(2):
            if search._stop is not None:
                return None
            children = search.generate_children()
            proof = self._from_children(is_or, children)
            if proof is not None:
                self.done[key] = proof
                return proof
            if attempt == 0 and not self._lost(is_or, children):
                break
            if attempt == 0:
                result = finish(search.multiple_iterative_deepening(INF, INF, is_or))
                if result.proof != 0:
                    break
        self.failed.add(key)
        return None

    @staticmethod
    def _lost(is_or: bool, children: Children) -> bool:
        """Whether the node's proof was lost to replacement rather than refuted on this path:
        an OR node with no proved child left (a search from here may find it again)."""
        return is_or and all(value != 0 for value in children.proof)

    def _from_children(self, is_or: bool, children: Children) -> ProofNode | None:
        search = self.search
        game = search.game
        on_path = set(search._path_keys)
        out = ProofNode(is_or)
        proved = [
            i
            for i, value in enumerate(children.proof)
            if value == 0 and children.keys[i] not in on_path
        ]
        if is_or:
            proved.sort(key=lambda i: (children.distance[i], i))
            chosen = proved
        else:
            if len(proved) != len(children.moves):
                missing = [i for i in range(len(children.moves)) if i not in set(proved)]
                if any(children.keys[i] in on_path or children.disproof[i] == 0 for i in missing):
                    return None
                for i in missing:
                    if not self._prove_child(children, i):
                        return None
            chosen = list(range(len(children.moves)))
        for i in chosen:
            move = children.moves[i]
            game.push(move)
            search._path_keys.append(children.keys[i])
            child_is_or = game.is_or()
            sub = self._child_proof(children, i, child_is_or)
            search._path_keys.pop()
            game.pop()
            if sub is None:
                if is_or:
                    continue
                return None
            out.children[move] = sub
            if is_or:
                return out
        return out if not is_or else None

    def _child_proof(self, children: Children, index: int, is_or: bool) -> ProofNode | None:
        """A proved child's proof: a leaf for a terminal win, else read on from the table."""
        if children.terminal[index]:
            return ProofNode(is_or)
        return self.node(is_or)

    def _prove_child(self, children: Children, index: int) -> bool:
        """Search an AND node's unproved reply again (its entry was replaced)."""
        search = self.search
        game = search.game
        game.push(children.moves[index])
        search._path_keys.append(children.keys[index])
        result = finish(search.multiple_iterative_deepening(INF, INF, game.is_or()))
        search._path_keys.pop()
        game.pop()
        if result.proof != 0:
            return False
        children.proof[index] = 0
        children.distance[index] = result.distance
        return True


class _DisproofExtraction:
    """Reads a disproof out of the table depth-first along the game cursor: at an OR node every
    child must be disproved, at an AND node one disproved child is followed (first a child the
    rules end: stalemate, the bound where there is one, a repetition; then those the table calls
    disproved; then the others by disproof number). A child the table does not call disproved
    (its entry replaced, or its disproof rests on this path's repetitions and was never stored)
    is searched again where it stands, and read on only if that search disproves it. A subtree
    is shared between the paths that reach its position with the same clock only where it rests
    on no repetition above its own node (a cycle inside it draws whatever the path); the others
    are read on each path."""

    def __init__(self, search: DfpnSearch) -> None:
        self.search = search
        self.done: dict[tuple[int, int], ProofNode] = {}

    def node(self, is_or: bool) -> tuple[ProofNode, int] | None:
        """The disproof of the cursor's position and the shallowest path ply it rests on, or None
        where this path cannot disprove it."""
        search = self.search
        shared = (search._path_keys[-1], search.game.halfmove_clock())
        known = self.done.get(shared)
        if known is not None:
            return known, NO_DEPENDENCE
        if search._stop is not None:
            return None
        children = search.generate_children()
        read = self._every_child(children) if is_or else self._one_child(children)
        if read is not None and read[1] >= len(search._path_keys) - 1:
            self.done[shared] = read[0]
        return read

    def _every_child(self, children: Children) -> tuple[ProofNode, int] | None:
        out = ProofNode(True)
        rests_on = NO_DEPENDENCE
        for index, move in enumerate(children.moves):
            read = self._child(children, index)
            if read is None:
                return None
            out.children[move], rests_on = read[0], min(rests_on, read[1])
        return out, rests_on

    def _one_child(self, children: Children) -> tuple[ProofNode, int] | None:
        proof, disproof, terminal = children.proof, children.disproof, children.terminal
        order = sorted(
            (i for i, value in enumerate(proof) if value != 0),
            key=lambda i: (disproof[i] != 0, not terminal[i], disproof[i], i),
        )
        for index in order:
            read = self._child(children, index)
            if read is not None:
                return ProofNode(False, {children.moves[index]: read[0]}), read[1]
        return None

    def _child(self, children: Children, index: int) -> tuple[ProofNode, int] | None:
        """A child's disproof: a leaf where the game or the bound ended it, else read on below it
        (searched again first where the table does not call it disproved)."""
        if children.proof[index] == 0:
            return None
        search = self.search
        game = search.game
        game.push(children.moves[index])
        search._path_keys.append(children.keys[index])
        child_is_or = game.is_or()
        try:
            if children.terminal[index]:
                return ProofNode(child_is_or), children.rests_on[index]
            if children.disproof[index] != 0:
                result = finish(search.multiple_iterative_deepening(INF, INF, child_is_or))
                if result.disproof != 0:
                    return None
            return self.node(child_is_or)
        finally:
            search._path_keys.pop()
            game.pop()
