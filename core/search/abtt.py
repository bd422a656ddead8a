"""αβ with a transposition table: the baseline a games student would write, held against the
proof-number family.

A depth-first AND/OR search on the game's own value (Knuth and Moore's αβ with the window
closed to a win or not: a *boolean* search), with a table of the positions it has decided,
keyed by `Game.position_hash()` (and the halfmove clock where the game has repetitions, since
the fifty-move rule depends on it). At an attacker (OR) node it stops at the first move that
wins, at a defender (AND) node at the first reply that holds. The ordering is the game's own
(`Game.expand`, in `ordered_moves()` order), except that a move whose position the game has
already decided in the mover's favour (a mate, a line made, a game won) or the table holds as
the mover's comes first: it decides the node before anything is searched below it.

Depth: the board games' trees are finite, so their search runs to the end of the game, one pass.
A game with repetitions (chess) ends only by its rules and the repetition draw on the path, so
its tree, though finite, is far too deep for one pass: there the search deepens iteratively,
1, 3, 5, … plies (mate in 1, 2, 3, …), like the mate αβ (`core.search.alphabeta`). A pass that
cut no line decides the root for good (a win or a draw, whatever the length); a pass that found
a win decides it too; otherwise the next pass goes two plies deeper, until a limit stops it
with no verdict. A win is kept with the plies its proof needs at most (`bound`) and a loss for
good, from pass to pass; a "no win within r plies" serves only the pass that found it
(`PASS_SHIFT` says why).

Graph-history interaction (as `core.search.dfpn` describes it): a repetition on the path is a
draw, so what a position is worth can depend on the path that reached it. A loss (or a "no win
within r") whose subtree met a repetition leaf is the path's, and never stored. A win is stored
with its bound, and the proof is read out of the table (`proof`) at the end of the run that
found it, on the root's own path: at OR nodes the stored win with the smallest bound whose line
does not return onto the read-out's path, at AND nodes every reply. Where that fails (a reply
that repeats the path), the failing entries are forgotten and the search goes on; the root is
called proved only once its proof has been read. The bounds fall along every read line, so the
read-out never loops.

The disproof (`disproof`) is read the same way: every attacker move, one defender reply the
table calls lost for the attacker; a position whose loss was the path's (not stored) is searched
again where it stands, with the plies the deciding pass gave it. Both read-outs go through the
runner's replay under the game's rules (`core.runs.runner.describe_search`) before any verdict
is said; they are counted in `read_out_nodes`, not in `nodes_created`.

Counting, as for the other searches: `nodes_created` counts every position generated and
evaluated (each expansion's children, the root once, every pass); `nodes_in_memory` is the
table's entries plus the current path; `Limits.max_nodes` caps the table (the search stops,
unknown, when it is full: nothing is replaced); `iterations` counts expansions. The search is
recursive; a limit, a cancel or the end of a slice unwinds it and leaves the cursor at the root,
and the next `run` starts from the root again, through the table.
"""

from __future__ import annotations

import sys
import time

from ..errors import VerificationError
from ..games.game import Expansion, Game
from ..proofs.proof import ProofNode
from ..values import Reason, Value, counted
from .defaults import ABTT
from .root_outcome import root_outcome
from .types import Limits, Outcome, Result, StopReason

WON, LOST, OPEN, SHUT = 0, 1, 2, 3
"""A position's result: the attacker wins; cannot win; has not won within the plies searched
(a line cut by the depth); has not won, and never will here (a tree file's frontier). The
search returns OPEN for both of the last, with the CUT flag only for the first."""

CUT = 1
"""A result flag: a line below was cut by the depth (deeper passes may decide it)."""
PATH = 2
"""A result flag: a repetition of the path decided a line below (the result is the path's)."""

LOST_ENTRY = -1
"""The table's value of a position the attacker cannot win. A win is stored as its bound
(≥ 0: plies its proof needs at most), a frontier as `FRONTIER_ENTRY`, and "no win within r
plies" found by the pass `d` plies deep as `-(3 + (d << PASS_SHIFT) + r)`."""
FRONTIER_ENTRY = -2
PASS_SHIFT = 32
"""A "no win within r plies" holds only in the pass that stored it: were it kept from pass to
pass, two positions reached from each other through the table (a cycle the table closes before
the path repeats) would keep cutting each other's lines, and no pass would ever cut none."""

ENDLESS = sys.maxsize
"""The plies a pass may go down where the game's tree is finite: no depth cut."""

ROOM = sys.maxsize
"""`Game.expand`'s room: the table, not the expansion, is what the node cap bounds."""


MAX_READ_OUTS_FAILED = 1_000
"""After this many wins the read-out could not follow on the root's path, the search gives up,
unknown (a game whose repetitions keep misleading the table), never wrong."""


class _Stopped(Exception):
    """Unwinds the recursion: a limit (`outcome`), or the end of a slice (None)."""

    def __init__(self, outcome: Outcome | None) -> None:
        super().__init__()
        self.outcome = outcome


class AlphaBetaTableSearch:
    """Boolean αβ with a transposition table over a `Game` cursor (see the module docstring).

    A `core.search.contract.Search`, not a `Stepper`: it keeps no tree (`tree` is None) and has
    no phases to step. Counts: `nodes_created`, `nodes_in_memory` (table entries + path),
    `peak_nodes_in_memory`, `iterations` (expansions), `elapsed`, `outcome`, `table_hits`
    (children found decided in the table), `depth_reached` (the plies of the last pass; None
    where the game's tree is searched to its end in one pass), `read_out_nodes`.
    """

    algorithm = ABTT
    tree = None
    second_level_searches = None
    transpositions = None
    max_plies: int | None = None
    """A disproof holds for every length: a pass that decides a draw cut no line."""

    def __init__(self, game: Game, limits: Limits | None = None) -> None:
        self.game = game
        self.limits = limits or Limits()
        self.deepens = game.capabilities.repetitions
        self.nodes_created = 1
        self.peak_nodes_in_memory = 1
        self.expansions = 0
        self.table_hits = 0
        self.read_out_nodes = 0
        self.read_outs_failed = 0
        self.elapsed = 0.0
        self.depth_reached: int | None = 1 if self.deepens else None
        self.table: dict[int, int] = {}
        self._depth = 0
        self._proof: ProofNode | None = None
        self._cancel_requested = False
        self._reading = False
        self._time_end = self._slice_end = float("inf")
        self._stop_after: int | None = None
        game.reset()
        self._root_is_or = game.is_or()
        self.outcome: Outcome | None = root_outcome(game, game.evaluate())
        if self.outcome is not None and self.outcome.result is Result.PROVED:
            self._proof = ProofNode(self._root_is_or)

    # -- counts -----------------------------------------------------------------------------------

    @property
    def nodes_in_memory(self) -> int:
        """The table's entries and the positions on the current path (at least the root)."""
        return len(self.table) + max(1, self._depth)

    @property
    def iterations(self) -> int:
        """Positions expanded."""
        return self.expansions

    def cancel(self) -> None:
        """Ask a running search to stop; it stops at its next expansion."""
        self._cancel_requested = True

    # -- the table --------------------------------------------------------------------------------

    def key(self) -> int:
        """The cursor position's key: its hash, and its halfmove clock where positions repeat."""
        key = self.game.position_hash()
        if self.deepens:
            return key << 8 | min(self.game.halfmove_clock(), 255)
        return key

    def _child_keys(self, expansion: Expansion) -> list[int] | None:
        """The children's keys where the expansion carries their hashes, else None."""
        keys = expansion.keys
        if keys is None:
            return None
        if not self.deepens:
            return keys
        clocks = expansion.clocks
        if clocks is None:
            return None
        return [key << 8 | min(clock, 255) for key, clock in zip(keys, clocks, strict=True)]

    def _key_after(self, move: int, keys: list[int] | None, index: int) -> int:
        """The key of the child after `move` (the `index`-th of an expansion with `keys`)."""
        if keys is not None:
            return keys[index]
        self.game.push(move)
        try:
            return self.key()
        finally:
            self.game.pop()

    def _store(self, key: int, value: int) -> None:
        table = self.table
        if key not in table and len(table) >= self._cap and not self._reading:
            raise _Stopped(
                Outcome(
                    Result.UNKNOWN,
                    StopReason.MEMORY,
                    f"table of {counted(self._cap, 'entry')} full{self._passes_text()}",
                )
            )
        table[key] = value
        held = len(table) + max(1, self._depth)
        if held > self.peak_nodes_in_memory:
            self.peak_nodes_in_memory = held

    @property
    def _cap(self) -> int:
        cap = self.limits.max_nodes
        return ENDLESS if cap is None else cap

    def _decided(self, entry: int | None, plies: int) -> int | None:
        """What a table entry says of a position searched with `plies` left: WON, LOST, OPEN (no
        win within as many plies or more, found by this pass), SHUT (a frontier), or None
        (search it). While a disproof is read out where positions repeat, a stored win and a
        "no win within r" are searched again: stored from another path, a win may let the
        attacker through a line whose repetition the defender can claim on this one, and a
        position that has no win within r plies there may be lost by a repetition here, which
        the read-out needs."""
        if entry is None:
            return None
        if entry >= 0:  # a win read out of the table may not hold on this path: searched again
            return None if self._reading and self.deepens else WON
        if entry == LOST_ENTRY:
            return LOST
        if entry == FRONTIER_ENTRY:
            return SHUT
        found = -entry - 3
        if found >> PASS_SHIFT != self.depth_reached or self._reading:
            return None
        return OPEN if plies <= found & ((1 << PASS_SHIFT) - 1) else None

    # -- the search -------------------------------------------------------------------------------

    def _check(self) -> None:
        """The limits, before each expansion."""
        if self._reading:
            return
        if self._cancel_requested:
            raise _Stopped(Outcome(Result.UNKNOWN, StopReason.CANCELLED, "cancelled"))
        now = time.perf_counter()
        if now >= self._time_end:
            seconds = self.limits.max_seconds
            raise _Stopped(
                Outcome(
                    Result.UNKNOWN,
                    StopReason.TIME,
                    f"time limit of {seconds:g} s reached{self._passes_text()}",
                )
            )
        limit = self.limits.max_iterations
        if limit is not None and self.expansions >= limit:
            raise _Stopped(
                Outcome(
                    Result.UNKNOWN,
                    StopReason.ITERATIONS,
                    f"{counted(limit, 'iteration')} done{self._passes_text()}",
                )
            )
        if now >= self._slice_end or (
            self._stop_after is not None and self.expansions >= self._stop_after
        ):
            raise _Stopped(None)

    def _passes_text(self) -> str:
        if not self.deepens or self.depth_reached is None or self.depth_reached <= 1:
            return ""
        return f" (no win within {counted(self.depth_reached - 2, 'ply')})"

    def search(self, key: int, is_or: bool, plies: int) -> tuple[int, int, int]:
        """Decide the cursor's position (not a leaf, not decided by the table) with `plies` left
        to go down: (WON, LOST or OPEN; a win's bound; the CUT and PATH flags). Stores what does
        not depend on the path."""
        if plies <= 0:
            return OPEN, 0, CUT
        self._check()
        game = self.game
        expansion = game.expand(ROOM)
        assert expansion is not None, "the room is unbounded"
        moves = expansion.moves
        if not self._reading:
            self.nodes_created += len(moves)
            self.expansions += 1
        else:
            self.read_out_nodes += len(moves)
        if not moves:  # a tree file's frontier: unknown, nothing below it
            return OPEN, 0, 0
        values, reasons, child_is_or = expansion.values, expansion.reasons, expansion.child_is_or
        table = self.table
        keys = self._child_keys(expansion)
        decided = self._decided
        flags = 0
        bound = 0
        any_open = False
        open_children: list[int] = []
        # The moves that end the game in the mover's favour first, then those the table holds
        # as the mover's: either decides the node before anything is searched.
        for index, value in enumerate(values):
            if value is Value.UNKNOWN:
                if keys is not None:
                    known = decided(table.get(keys[index]), plies - 1)
                    if known is not None:
                        self.table_hits += 1
                        if known == WON:
                            if is_or:
                                return self._settle(key, WON, table[keys[index]] + 1, flags)
                            bound = max(bound, table[keys[index]] + 1)
                        elif known == LOST:
                            if not is_or:
                                return self._settle(key, LOST, 0, flags)
                        else:
                            any_open = True
                            flags |= CUT if known == OPEN else 0
                        continue
                open_children.append(index)
                continue
            if reasons[index] is Reason.REPETITION:
                flags |= PATH
            if (value is Value.TRUE) == is_or:
                return self._settle(key, WON if is_or else LOST, 1, flags)
            if value is Value.TRUE:
                bound = max(bound, 1)
        self._depth += 1
        held = len(table) + self._depth
        if held > self.peak_nodes_in_memory:
            self.peak_nodes_in_memory = held
        try:
            for index in open_children:
                game.push(moves[index])
                try:
                    child_key = keys[index] if keys is not None else self.key()
                    child_or = child_is_or[index]
                    known = decided(table.get(child_key), plies - 1)
                    if known is not None:
                        self.table_hits += 1
                        result = OPEN if known == SHUT else known
                        child_bound = table[child_key]
                        child_flags = CUT if known == OPEN else 0
                    else:
                        result, child_bound, child_flags = self.search(
                            child_key, child_or, plies - 1
                        )
                finally:
                    game.pop()
                flags |= child_flags
                if result == WON:
                    if is_or:
                        return self._settle(key, WON, child_bound + 1, flags)
                    bound = max(bound, child_bound + 1)
                elif result == LOST:
                    if not is_or:
                        return self._settle(key, LOST, 0, flags)
                else:
                    any_open = True
        finally:
            self._depth -= 1
        if any_open:
            return self._settle(key, OPEN, plies, flags)
        return self._settle(key, LOST if is_or else WON, bound, flags)

    def _settle(self, key: int, result: int, bound: int, flags: int) -> tuple[int, int, int]:
        """Store a decided position where its result is not the path's, and return it."""
        if result == WON:
            self._store(key, bound)
        elif not flags & PATH:
            if result == LOST:
                self._store(key, LOST_ENTRY)
            elif flags & CUT:
                assert self.depth_reached is not None, "only a deepening pass cuts"
                self._store(key, -(3 + (self.depth_reached << PASS_SHIFT) + bound))  # bound: plies
            else:
                self._store(key, FRONTIER_ENTRY)
        return result, bound, flags

    # -- running ----------------------------------------------------------------------------------

    def run(
        self, max_iterations: int | None = None, max_seconds: float | None = None
    ) -> Outcome | None:
        """Search until it ends, or for a slice of at most `max_iterations` expansions /
        `max_seconds` seconds (then None: call again, and it starts from the root through its
        table)."""
        if self.outcome is not None:
            return self.outcome
        clock = time.perf_counter
        started = clock()
        limit = self.limits.max_seconds
        self._time_end = float("inf") if limit is None else started + limit - self.elapsed
        self._slice_end = float("inf") if max_seconds is None else started + max_seconds
        self._stop_after = None if max_iterations is None else self.expansions + max_iterations
        outcome: Outcome | None = None
        try:
            while outcome is None:
                outcome = self._pass()
        except _Stopped as stop:
            self.game.reset()
            self._depth = 0
            outcome = stop.outcome
        self.elapsed += clock() - started
        self.outcome = outcome
        return outcome

    def _pass(self) -> Outcome | None:
        """One pass from the root; its verdict, or None to search again (deeper, or after a
        proof that could not be read out)."""
        plies = self.depth_reached if self.deepens else ENDLESS
        assert plies is not None
        result, _, flags = self.search(self.key(), self._root_is_or, plies)
        if result == WON:
            proof = self._read_proof()
            if proof is None:
                self.read_outs_failed += 1
                self.table.pop(self.key(), None)
                if self.read_outs_failed >= MAX_READ_OUTS_FAILED:
                    return Outcome(
                        Result.UNKNOWN,
                        StopReason.SOLVED,
                        f"a win found {counted(self.read_outs_failed, 'time')}, but its proof "
                        "could not be read out on the root's path",
                    )
                return None
            self._proof = proof
            return Outcome(Result.PROVED, StopReason.SOLVED, "a win found by αβ with a table")
        if result == LOST:
            return Outcome(
                Result.DISPROVED,
                StopReason.SOLVED,
                "every line ends in a draw or the attacker's loss",
            )
        if flags & CUT and self.depth_reached is not None:
            self.depth_reached += 2
            return None
        return Outcome(
            Result.UNKNOWN,
            StopReason.FRONTIER,
            "no proof that avoids the tree file's frontier leaves",
        )

    # -- reading out ------------------------------------------------------------------------------

    def _expand_to_read(self) -> Expansion:
        expansion = self.game.expand(ROOM)
        assert expansion is not None, "the room is unbounded"
        self.read_out_nodes += len(expansion.moves)
        return expansion

    def _read_proof(self) -> ProofNode | None:
        """The proof of the root, read out of the table on the root's path; None (the entries
        that failed forgotten) where a stored win does not hold on it."""
        self._reading = True
        try:
            return self._proof_below(self._root_is_or, {})
        finally:
            self._reading = False
            self.game.reset()

    def _proof_below(self, is_or: bool, shared: dict[int, ProofNode]) -> ProofNode | None:
        """The proof of the cursor's position, which the table calls won: at an OR node the won
        move with the smallest bound that holds here, at an AND node every reply. Transposed
        positions share one node where positions cannot repeat (`shared`)."""
        game = self.game
        expansion = self._expand_to_read()
        table = self.table
        node = ProofNode(is_or)
        keys = self._child_keys(expansion)
        candidates: list[tuple[int, int, int, bool]] = []
        for index, move in enumerate(expansion.moves):
            value = expansion.values[index]
            child_or = expansion.child_is_or[index]
            if value is Value.TRUE:
                if is_or:
                    node.children = {move: ProofNode(child_or)}
                    return node
                node.children[move] = ProofNode(child_or)
            elif value is Value.FALSE:
                if not is_or:
                    return None
            else:
                entry = table.get(self._key_after(move, keys, index), -1)
                if entry >= 0:
                    candidates.append((entry, index, move, child_or))
                elif not is_or:
                    return None
        if is_or:
            candidates.sort()
        for _, _, move, child_or in candidates:
            game.push(move)
            key = self.key()
            below = shared.get(key)
            if below is None:
                below = self._proof_below(child_or, shared)
                if below is None:
                    table.pop(key, None)
                elif not self.deepens:
                    shared[key] = below
            game.pop()
            if below is None:
                if is_or:
                    continue
                return None
            if is_or:
                node.children = {move: below}
                return node
            node.children[move] = below
        return None if is_or else node

    def proof(self) -> ProofNode:
        """The proof read out at the end of the run that proved the root (see the module
        docstring)."""
        if self._proof is None:
            raise ValueError("the search has not proved the root")
        return self._proof

    def disproof(self) -> ProofNode:
        """The disproof of a disproved root, read out of the table: every attacker move, one
        defender reply the attacker cannot win after, down to where the rules end each line; a
        position whose loss was the path's is searched again where it stands. The search's word
        until the game's replay accepts it; VerificationError where it cannot be read."""
        outcome = self.outcome
        if outcome is None or outcome.result is not Result.DISPROVED:
            raise ValueError("the search has not disproved the root")
        if outcome.reason is StopReason.ROOT_TERMINAL:
            return ProofNode(self._root_is_or)
        plies = self.depth_reached if self.deepens else ENDLESS
        assert plies is not None
        self._reading = True
        self.game.reset()
        try:
            found = self._disproof_below(self._root_is_or, plies, {})
        finally:
            self._reading = False
            self.game.reset()
        if found is None:
            raise VerificationError("αβ with a table could not read its disproof out again")
        return found

    def _disproof_below(
        self, is_or: bool, plies: int, shared: dict[int, ProofNode]
    ) -> ProofNode | None:
        """The disproof of the cursor's position (`plies` left, as the deciding pass had)."""
        game = self.game
        expansion = self._expand_to_read()
        node = ProofNode(is_or)
        keys = self._child_keys(expansion)
        replies: list[tuple[int, int, int, bool]] = []
        for index, move in enumerate(expansion.moves):
            value = expansion.values[index]
            child_or = expansion.child_is_or[index]
            if value is Value.FALSE:
                if not is_or:
                    node.children = {move: ProofNode(child_or)}
                    return node
                node.children[move] = ProofNode(child_or)
            elif value is Value.TRUE:
                if is_or:
                    return None
            else:
                entry = self.table.get(self._key_after(move, keys, index))
                replies.append((0 if entry == LOST_ENTRY else 1, index, move, child_or))
        if not is_or:
            replies.sort()
        for stored, _, move, child_or in replies:
            game.push(move)
            try:
                key = self.key()
                if not is_or and stored:
                    result, _, _ = self.search(key, child_or, plies - 1)
                    if result != LOST:
                        continue
                below = shared.get(key)
                if below is None:
                    below = self._disproof_below(child_or, plies - 1, shared)
                    if below is not None and not self.deepens:
                        shared[key] = below
            finally:
                game.pop()
            if below is None:
                if is_or:
                    return None
                continue
            node.children[move] = below
            if not is_or:
                return node
        return node if is_or else None
