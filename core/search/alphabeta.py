"""The depth-first baseline of Table 3.1: mate in n by iterative deepening, with Proskurowski's
move orderings.

A mate in n is an AND/OR search from the attacker's side, cut at n attacker moves: at an attacker
(OR) node the search stops at the first move that mates in time, at a defender (AND) node at the
first reply that escapes. n grows 1, 2, … up to `max_depth`, so the first mate found is a shortest
one. The positions, their terminal rules (checkmate, stalemate, repetition on the path, fifty
moves, the attacker's insufficient material) and the node counting are those of PN search: a node
is a position generated and evaluated through the same `Game` cursor (`push` + `evaluate`); the
root counts one; every iteration's nodes count.

Move ordering, each part switchable so its effect can be measured:

* static order `"power"` (Proskurowski §1): the side to move's moves grouped by the moving piece,
  by decreasing power Q, R, B, N, P, with the king *first* for the defender ("enables an early
  escape of the black King") and *last* for the attacker; within a group, the thesis's square
  order. Only a game whose moves are made by pieces offers it (`Capabilities.has_pieces`; the chess
  game's `power_ordered_moves`). `"square"`: the game's fixed order alone (§3.3.2's square order
  for chess, `Game.ordered_moves`), as PN uses it.
* dynamic refutation ordering (Proskurowski §2): the defender move that refuted the previous
  attacker try at a given ply goes to the front of the defender's list at that ply; a short list
  per ply, most recent first, without duplicates, kept across iterations.

The search needs only the `Game` cursor, so it runs on explicit AND/OR trees too (with the square
order, which there is the file's order); a frontier leaf of a tree snapshot (unknown, nothing
below it) fails like a depth cut, but deepening cannot help it.

The search runs on an explicit stack of frames (the current path), so `run` can stop after any
node and resume: the app runs it in slices or in a background thread. It holds only that path (and
the proof of the parts already proved), so the node budget `Limits.max_nodes` bounds *nodes
created*, not nodes in memory as for PN.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import chess

from ..errors import InvalidLimitError, VerificationError
from ..games.chess_game import ChessGame
from ..games.game import Game
from ..games.solution import MateSolution, mate_solution
from ..inputs.boards import parse_fen
from ..proofs.claims import mate_text, no_mate_text, shortest_text
from ..proofs.proof import ProofNode
from ..values import Value, counted
from .defaults import AB, ORDERINGS, POWER
from .root_outcome import root_outcome
from .types import Limits, Outcome, Result, StopReason

REFUTATIONS_PER_PLY = 5
"""Length of each ply's list of recent refutations (Proskurowski kept about ten)."""


class _Frame:
    """One position on the current path: its moves in order, the next one to try, the proof of
    the children already proved (all replies so far at an AND node, the mating move at OR) and,
    while the iteration has cut no line, the disproof of those refuted (every move so far at an
    OR node, the escaping reply at AND)."""

    __slots__ = ("is_or", "moves_left", "moves", "index", "move", "proved", "refuted")

    def __init__(self, is_or: bool, moves_left: int, moves: list[int], move: int) -> None:
        self.is_or = is_or
        self.moves_left = moves_left
        self.moves = moves
        self.index = 0
        self.move = move
        self.proved: dict[int, ProofNode] = {}
        self.refuted: dict[int, ProofNode] = {}


class AlphaBetaMateSearch:
    """Iterative-deepening depth-first mate search over a `Game` cursor, resumable after any node.

    `max_depth`: the largest n tried (None: deepen until a limit stops the search). `ordering`:
    `"power"` or `"square"` (chess only for power). `refutation_ordering`: Proskurowski's dynamic
    reordering of defender moves. `all_keys`: at the root, try every move even after a mate is
    found, as a problem solver checking the key's uniqueness does (Proskurowski's setting); the
    mating root moves are then in `keys`.

    A `core.search.contract.Search` but not a `Stepper`: it keeps no tree (`tree` is None) and
    has no phases to step. Counts as for PN: `nodes_created`, `nodes_in_memory` (the current path),
    `peak_nodes_in_memory`, `iterations`, `elapsed`, `outcome`; and `depth_reached` (the n being or
    last searched), `mate_in` (n of the mate found), `no_mate_within` (largest n refuted).
    """

    algorithm = AB
    tree = None
    second_level_searches = None
    transpositions = None
    table_hits = None
    max_plies: int | None = None
    """It disproves only where no line was cut by its depth: no mate at any length."""

    def __init__(
        self,
        game: Game,
        limits: Limits | None = None,
        max_depth: int | None = None,
        ordering: str = POWER,
        refutation_ordering: bool = True,
        all_keys: bool = False,
    ) -> None:
        if max_depth is not None and (
            isinstance(max_depth, bool) or not isinstance(max_depth, int) or max_depth < 1
        ):
            raise InvalidLimitError(f"depth must be a positive whole number, not {max_depth!r}")
        if ordering not in ORDERINGS:
            raise InvalidLimitError(
                f"ordering must be one of {', '.join(ORDERINGS)}, not {ordering!r}"
            )
        if ordering == POWER and not game.capabilities.has_pieces:
            raise InvalidLimitError("the power ordering needs a chess position")
        self.game = game
        self.limits = limits or Limits()
        self.max_depth = max_depth
        self.ordering = ordering
        self.refutation_ordering = refutation_ordering
        self.all_keys = all_keys
        self.keys: list[int] = []
        self.nodes_created = 1
        self.peak_nodes_in_memory = 1
        self.elapsed = 0.0
        self.outcome: Outcome | None = None
        self.depth_reached = 0
        self.mate_in: int | None = None
        self.no_mate_within = 0
        self._stack: list[_Frame] = []
        self._refutations: list[list[int]] = []
        self._depth_cut = False
        self._frontier_cut = False
        self._proof: ProofNode | None = None
        self._disproof: ProofNode | None = None
        self._cancel_requested = False
        game.reset()
        self._root_is_or = game.is_or()
        decided = root_outcome(game, game.evaluate())
        if decided is not None and decided.result is Result.PROVED:
            self._proof = ProofNode(self._root_is_or)
            self.mate_in = 0
        self.outcome = decided if decided is not None else self.start_iteration(1)

    # -- counts -----------------------------------------------------------------------------------

    @property
    def nodes_in_memory(self) -> int:
        """Positions held now: the current root-to-node path (at least the root)."""
        return max(1, len(self._stack))

    @property
    def iterations(self) -> int:
        """Steps taken; one step generates and evaluates one position."""
        return self.nodes_created - 1

    def cancel(self) -> None:
        """Ask a running search to stop; `run` honours it before the next node."""
        self._cancel_requested = True

    # -- ordering -------------------------------------------------------------------------------

    def static_moves(self) -> list[int]:
        """The cursor position's moves in the chosen static order."""
        if self.ordering == POWER:
            return self.game.power_ordered_moves()
        return self.game.ordered_moves()

    def generate_moves(self, is_or: bool, ply: int) -> list[int]:
        """Static order, with this ply's recent refutations first at a defender node."""
        moves = self.static_moves()
        if is_or or not self.refutation_ordering or ply >= len(self._refutations):
            return moves
        recent = self._refutations[ply]
        if not recent:
            return moves
        legal = set(moves)
        first = [move for move in recent if move in legal]
        if not first:
            return moves
        return first + [move for move in moves if move not in first]

    def record_refutation(self, ply: int, move: int) -> None:
        """Put the defender's escaping `move` at ply `ply` at the front of that ply's list."""
        refutations = self._refutations
        while len(refutations) <= ply:
            refutations.append([])
        recent = refutations[ply]
        if recent and recent[0] == move:
            return
        if move in recent:
            recent.remove(move)
        recent.insert(0, move)
        del recent[REFUTATIONS_PER_PLY:]

    # -- the search -----------------------------------------------------------------------------

    def start_iteration(self, depth: int) -> Outcome | None:
        """Begin the search for a mate in `depth` moves from the root (the cursor is there)."""
        self.depth_reached = depth
        self._depth_cut = False
        self._frontier_cut = False
        self.keys = []
        moves = self.generate_moves(self._root_is_or, 0)
        if not moves:
            return self._frontier()
        self._stack = [_Frame(self._root_is_or, depth, moves, -1)]
        return None

    def _frontier(self) -> Outcome:
        return Outcome(
            Result.UNKNOWN,
            StopReason.FRONTIER,
            f"{self.game.position_label()} has nothing below it in the tree file",
        )

    def search_step(self) -> Outcome | None:
        """Generate and evaluate the next position (one node) and back up what it decides."""
        stack = self._stack
        frame = stack[-1]
        move = frame.moves[frame.index]
        frame.index += 1
        game = self.game
        game.push(move)
        evaluation = game.evaluate()
        self.nodes_created += 1
        child_is_or = game.is_or()
        value = evaluation.value
        if value is Value.UNKNOWN:
            moves_left = frame.moves_left - 1 if frame.is_or else frame.moves_left
            if moves_left > 0:
                moves = self.generate_moves(child_is_or, len(stack))
                if moves:
                    stack.append(_Frame(child_is_or, moves_left, moves, move))
                    if len(stack) > self.peak_nodes_in_memory:
                        self.peak_nodes_in_memory = len(stack)
                    return None
                self._frontier_cut = True
            else:
                self._depth_cut = True
            won = False
        else:
            won = value is Value.TRUE
        game.pop()
        leaf = ProofNode(child_is_or) if value is not Value.UNKNOWN else None
        return self.back_up(move, won, leaf)

    def back_up(self, move: int, won: bool, settled: ProofNode | None) -> Outcome | None:
        """Settle child `move`'s result (won = the attacker mates in time) at the top frame and
        at every ancestor it decides: an OR node is decided by a won child or when all its moves
        failed, an AND node by an escaping reply or when all its replies lost. `settled` is the
        child's proof or, for a child the rules refuted, its disproof (None: a line cut short,
        which refutes nothing for good)."""
        stack = self._stack
        while True:
            frame = stack[-1]
            if self.all_keys and len(stack) == 1 and frame.is_or:
                return self._back_up_key(frame, move, won, settled)
            self._keep(frame, move, won, settled)
            if frame.is_or == won:
                if not won:
                    self.record_refutation(len(stack) - 1, move)
            elif frame.index < len(frame.moves):
                return None
            stack.pop()
            settled = self._settled(frame, won)
            if not stack:
                return self._iteration_done(won, settled)
            self.game.pop()
            move = frame.move

    def _keep(self, frame: _Frame, move: int, won: bool, settled: ProofNode | None) -> None:
        """Keep a decided child's proof, or its disproof while no line of the iteration was cut
        (a cut line refutes nothing for good, so the iteration cannot disprove the root)."""
        if settled is None:
            return
        if won:
            frame.proved[move] = settled
        elif not self._depth_cut and not self._frontier_cut:
            frame.refuted[move] = settled

    def _settled(self, frame: _Frame, won: bool) -> ProofNode | None:
        """A decided frame's proof, or its disproof where the iteration kept them."""
        if won:
            return ProofNode(frame.is_or, frame.proved)
        if self._depth_cut or self._frontier_cut:
            return None
        return ProofNode(frame.is_or, frame.refuted)

    def _back_up_key(
        self, root: _Frame, move: int, won: bool, settled: ProofNode | None
    ) -> Outcome | None:
        """With `all_keys`, the root tries every move: record each mating move (key), keep the
        first key's proof, and decide the root only when its moves are exhausted."""
        if won:
            self.keys.append(move)
            if not root.proved:
                self._keep(root, move, won, settled)
        else:
            self._keep(root, move, won, settled)
        if root.index < len(root.moves):
            return None
        self._stack = []
        won = bool(self.keys)
        return self._iteration_done(won, self._settled(root, won))

    def _iteration_done(self, won: bool, settled: ProofNode | None) -> Outcome | None:
        depth = self.depth_reached
        if won:
            self._proof = settled
            self.mate_in = depth
            return Outcome(Result.PROVED, StopReason.SOLVED, self._won_text(depth))
        self.no_mate_within = depth
        if not self._depth_cut:
            self._disproof = settled
            if self._frontier_cut:
                return Outcome(
                    Result.UNKNOWN,
                    StopReason.FRONTIER,
                    "no proof that avoids the tree file's frontier leaves",
                )
            return Outcome(
                Result.DISPROVED,
                StopReason.SOLVED,
                "every line ends in a draw or the attacker's loss",
            )
        if self.max_depth is not None and depth >= self.max_depth:
            return Outcome(
                Result.UNKNOWN,
                StopReason.DEPTH,
                f"{self._unwon_text(depth)}{self._moves_word} (depth limit)",
            )
        return self.start_iteration(depth + 1)

    # -- running --------------------------------------------------------------------------------

    def _limit_reached(self, now: float, elapsed_before: float, started: float) -> Outcome | None:
        limits = self.limits
        if self._cancel_requested:
            return Outcome(Result.UNKNOWN, StopReason.CANCELLED, "cancelled")
        if limits.max_nodes is not None and self.nodes_created >= limits.max_nodes:
            return Outcome(
                Result.UNKNOWN,
                StopReason.MEMORY,
                f"node budget of {counted(limits.max_nodes, 'node')} created reached "
                f"({self._refuted_text()})",
            )
        if limits.max_iterations is not None and self.iterations >= limits.max_iterations:
            return Outcome(
                Result.UNKNOWN,
                StopReason.ITERATIONS,
                f"{counted(limits.max_iterations, 'node')} generated",
            )
        if limits.max_seconds is not None and elapsed_before + now - started >= limits.max_seconds:
            return Outcome(
                Result.UNKNOWN,
                StopReason.TIME,
                f"time limit of {limits.max_seconds:g} s reached ({self._refuted_text()})",
            )
        return None

    def _refuted_text(self) -> str:
        if not self.no_mate_within:
            return "no depth completed"
        return self._unwon_text(self.no_mate_within)

    @property
    def _moves_word(self) -> str:
        """ " moves" after chess's "no mate in N or fewer" (a game's words already count them)."""
        return " moves" if self.game.capabilities.standard_chess else ""

    def _won_text(self, moves: int) -> str:
        """A win found within `moves` of the attacker's moves, in the game's words: a mate in
        chess, a win elsewhere."""
        if self.game.capabilities.standard_chess:
            return mate_text(moves)
        return f"a win within {counted(moves, 'attacker move')}"

    def _unwon_text(self, moves: int) -> str:
        """No win within `moves` of the attacker's moves, in the game's words."""
        if self.game.capabilities.standard_chess:
            return no_mate_text(moves)
        return f"no win within {counted(moves, 'attacker move')}"

    def run(
        self, max_iterations: int | None = None, max_seconds: float | None = None
    ) -> Outcome | None:
        """Search until the search ends, or for a slice of at most `max_iterations` nodes /
        `max_seconds` seconds (then returns None; call again to resume)."""
        if self.outcome is not None:
            return self.outcome
        clock = time.perf_counter
        started = clock()
        elapsed_before = self.elapsed
        slice_end = None if max_seconds is None else started + max_seconds
        stop_after = None if max_iterations is None else self.nodes_created + max_iterations
        step, limit_reached = self.search_step, self._limit_reached
        outcome = None
        while True:
            now = clock()
            if stop_after is not None and self.nodes_created >= stop_after:
                break
            if slice_end is not None and now >= slice_end:
                break
            outcome = limit_reached(now, elapsed_before, started)
            if outcome is not None:
                break
            outcome = step()
            if outcome is not None:
                break
        self.elapsed = elapsed_before + (clock() - started)
        if outcome is not None:
            self._finish(outcome)
        return outcome

    def _finish(self, outcome: Outcome) -> None:
        """Record the outcome and leave the game cursor at the root."""
        for _ in range(len(self._stack) - 1):
            self.game.pop()
        self._stack = []
        self.outcome = outcome

    def proof(self) -> ProofNode:
        """The proof of the mate found: the attacker's mating move at each attacker node, every
        defender reply at each defender node (collected during the successful iteration)."""
        if self._proof is None:
            raise ValueError("the search has not proved a mate")
        return self._proof

    def disproof(self) -> ProofNode:
        """The disproof the last iteration collected (it cut no line: every attacker move, the
        escaping reply at each defender node, down to where the rules end each line), or a
        terminal root's empty one. It is the search's word until the game's own replay accepts
        it (`GameKind.verify_disproof`)."""
        outcome = self.outcome
        if outcome is None or outcome.result is not Result.DISPROVED:
            raise ValueError("the search has not disproved the root")
        if outcome.reason is StopReason.ROOT_TERMINAL:
            return ProofNode(self._root_is_or)
        if self._disproof is None:
            raise VerificationError("αβ kept no disproof of the root")
        return self._disproof


@dataclass(frozen=True, slots=True)
class ShortestMate:
    """What `shortest_mate` established about a mate proved in `given` moves.

    `mate_in`: the shortest mate known (a shorter one found, else `given`); `exact`: every
    shorter length was refuted, so `mate_in` is the true shortest; `refuted_up_to`: no mate in
    this many moves or fewer; `solution`: the verified shorter mate, if one was found.
    """

    given: int
    mate_in: int
    exact: bool
    refuted_up_to: int
    solution: MateSolution | None
    outcome: Outcome
    nodes_created: int
    elapsed: float

    @property
    def shorter_found(self) -> bool:
        return self.solution is not None and self.mate_in < self.given

    @property
    def text(self) -> str:
        """One line for a reader: the shorter mate, the confirmation, or what is still open."""
        solution = self.solution
        if solution is not None and self.shorter_found:
            return (
                f"{mate_text(self.mate_in)}, shorter than the {mate_text(self.given)} proved "
                f"(verified): {' '.join(solution.main_line_san)}"
            )
        if self.exact:
            return shortest_text(self.given)
        low, high = self.refuted_up_to + 1, self.given - 1
        open_lengths = f"a {mate_text(low)}" if low == high else f"mates in {low}–{high}"
        return (
            f"{mate_text(self.given)} proved; {open_lengths} not settled: "
            f"{self.outcome.detail or self.outcome}"
        )

    def to_dict(self) -> dict[str, object]:
        """Plain data for JSON."""
        return {
            "given": self.given,
            "mate_in": self.mate_in,
            "exact": self.exact,
            "shorter_found": self.shorter_found,
            "refuted_up_to": self.refuted_up_to,
            "main_line": list(self.solution.main_line_san) if self.solution else [],
            "main_line_uci": list(self.solution.main_line_uci) if self.solution else [],
            "outcome": str(self.outcome),
            "nodes_created": self.nodes_created,
            "seconds": round(self.elapsed, 3),
            "text": self.text,
        }


def shortest_mate(
    position: ChessGame | chess.Board | str,
    proof_length: int,
    limits: Limits | None = None,
    ordering: str = POWER,
    refutation_ordering: bool = True,
) -> ShortestMate:
    """Given a proved mate in `proof_length` (from PN or Pn²), prove or refute a mate in fewer
    moves by iterative deepening up to `proof_length - 1` (the thesis's Figure 3.10 weakness:
    PN finds *a* mate, not the shortest). A shorter mate is verified before it is reported."""
    if isinstance(proof_length, bool) or not isinstance(proof_length, int) or proof_length < 1:
        raise InvalidLimitError(
            f"mate length must be a positive whole number, not {proof_length!r}"
        )
    if isinstance(position, str):
        game = ChessGame(parse_fen(position))
    elif isinstance(position, chess.Board):
        game = ChessGame(position)
    else:
        game = position
    if proof_length == 1:
        return ShortestMate(
            1,
            1,
            True,
            0,
            None,
            Outcome(Result.UNKNOWN, StopReason.DEPTH, shortest_text(1)),
            0,
            0.0,
        )
    search = AlphaBetaMateSearch(
        game,
        limits,
        max_depth=proof_length - 1,
        ordering=ordering,
        refutation_ordering=refutation_ordering,
    )
    outcome = search.run()
    assert outcome is not None, "a run without a slice ends"
    if outcome.result is Result.PROVED:
        solution = mate_solution(game, search.proof())
        return ShortestMate(
            proof_length,
            solution.mate_in,
            True,
            solution.mate_in - 1,
            solution,
            outcome,
            search.nodes_created,
            search.elapsed,
        )
    refuted = proof_length - 1 if outcome.result is Result.DISPROVED else search.no_mate_within
    return ShortestMate(
        proof_length,
        proof_length,
        refuted >= proof_length - 1,
        refuted,
        None,
        outcome,
        search.nodes_created,
        search.elapsed,
    )
