"""Pn² search: two levels of proof-number search (Breuker, thesis ch. 4) as a stepper.

The first level is PN search with *delayed* evaluation: its most-proving node is evaluated by a
whole second-level PN search (`core.search.pn.ProofNumberSearch`, immediate evaluation, mobility
initialisation) rooted at that node (§4.1). Afterwards the second-level tree is discarded: whole if
it solved its root (the first-level node takes the value), else all but its root's children, which
become the first-level node's children with the numbers the second level gave them. Then the
first-level ancestors are updated as in PN (with PN's early stop).

The second level's size follows the first level's (§4.2): with x the number of nodes in the
first-level tree and N the node cap, the second-level tree may hold

    budget = max(1 + k, min(⌊x · f(x)⌋, N − x))  nodes, its root included,

where f is the logistic fraction 1 / (1 + exp((a − x) / b)) (or f ≡ 1, Allis's variant) and k is
the number of moves at the node: the second level always expands its root once, so the first-level
node always gets its children. While it runs, nodes in memory are the first-level tree plus the
whole second-level tree (its root row included), so x + budget ≤ N keeps memory under the cap; a
node whose children cannot fit (x + 1 + k > N), or a first-level tree that reaches N, ends the
search unsolved for lack of memory.

Counting (docs/architecture.md): the root is created once; a second-level root is the first-level
node itself, not a new position, and kept children are not created again. So at rest (no
second-level search live) `nodes_created == len(tree) + nodes_discarded`.

Proofs. Leaves the second level solved have no subtree in memory (the paper throws it away). PN
search is deterministic, its sequence of expansions does not depend on its node limit, and the
subtree below any node of a PN tree grows exactly as a PN search rooted at that node (reached by
the same path: repetitions depend on it) would grow it. So `proof()` recovers each such leaf's
sub-proof *after* the search by re-running PN at that node (cap N, enough for any second-level
search) and stitches it into the first-level proof. `disproof()` does the same for a disproved
root: the first-level disproof, with each leaf the second level disproved filled by re-running PN
there and reading its disproof out of that tree. Neither re-run counts in `nodes_created`: they
read out an answer the search has already found.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from ..errors import VerificationError
from ..games.game import Game
from ..proofs.proof import ProofNode, disproof_tree, proof_tree
from ..tree import EXPANDED, ROOT
from ..values import Value
from .defaults import DEFAULT_A, DEFAULT_B, LOGISTIC, MOBILITY, ONE, PN2
from .events import SecondLevelEnded, SecondLevelStarted, SecondLevelStepped
from .numbers import INF
from .parameters import check_values
from .phase_steps import PHASE_UNITS, always, iteration_done
from .pn import ProofNumberSearch, TreeSearch
from .types import (
    INTO,
    ITERATION,
    OVER,
    PHASE,
    Limits,
    Outcome,
    Phase,
    Result,
    StepReport,
    StepUnit,
    StopReason,
)


def fraction_logistic(x: float, a: float, b: float) -> float:
    """Equation 4.1 (thesis §4.2), the logistic fraction f(x) = 1 / (1 + exp((a − x) / b)).

    f(a) = 1/2: a places the transition, b stretches the S. Far left of a the exponent would
    overflow a float; f is 0 there to double precision anyway.
    """
    exponent = (a - x) / b
    if exponent > 700:
        return 0.0
    return 1.0 / (1.0 + math.exp(exponent))


def second_level_fraction(x: float, a: float, b: float, fraction: str) -> float:
    """The share of the first-level size given to the second level: logistic, or f ≡ 1."""
    return 1.0 if fraction == ONE else fraction_logistic(x, a, b)


def second_level_budget(
    x: int, cap: int | None, a: float, b: float, fraction: str, root_moves: int = 0
) -> int:
    """Nodes the second-level tree may hold, its root included (§4.2, Figure 4.3).

    min(⌊x·f(x)⌋, N − x), but never less than 1 + root_moves: the root and its children, so the
    second level always expands its root once. A result above N − x means the node's children do
    not fit under the cap (the caller stops the search). `cap` None means no cap.
    """
    wanted = math.floor(x * second_level_fraction(x, a, b, fraction))
    room = INF if cap is None else cap - x
    return max(1 + root_moves, min(wanted, room))


TWO_LEVEL_UNITS = (
    *PHASE_UNITS,
    StepUnit(INTO, "Into", "Pn²: step into the second-level search (one of its phases)"),
    StepUnit(OVER, "Over", "Pn²: step over the second-level search (all of it)"),
)
"""Phases and iterations of the first level, and into or over a second-level search."""


def second_level_ended(report: StepReport) -> bool:
    """A goal met by the step in which a second-level search ends."""
    return report.last(SecondLevelEnded) is not None


class Pn2Search(TreeSearch):
    """Pn² search over a `Game` cursor, advanced phase by phase, into or over the second level.

    Public state: `tree` (first level), `second_level` (the live `ProofNumberSearch`, or None) and
    `second_level_root` (the first-level node it evaluates), `next_phase` (of the first level),
    the counts `nodes_created`, `nodes_in_memory`, `peak_nodes_in_memory`,
    `second_level_searches`, `nodes_discarded`, `iterations` (first level), `elapsed`, `outcome`.
    """

    algorithm = PN2
    step_units: tuple[StepUnit, ...] = TWO_LEVEL_UNITS
    second_level_searches: int

    def __init__(
        self,
        game: Game,
        limits: Limits | None = None,
        a: float = DEFAULT_A,
        b: float = DEFAULT_B,
        fraction: str = LOGISTIC,
    ) -> None:
        check_values({"a": a, "b": b, "fraction": fraction})
        super().__init__(game, limits, MOBILITY, start_at_cursor=False)
        self.a = a
        self.b = b
        self.fraction = fraction
        self.second_level_searches = 0
        self.nodes_discarded = 0
        self._budget = 0
        self._created = 1
        self._peak = 1
        self._evaluated_numbers: tuple[int, int] = (1, 1)  # what a solved second level gave

    # -- counts -----------------------------------------------------------------------------------

    @property
    def nodes_created(self) -> int:
        """Positions generated over both levels; a live second level's root is not new."""
        live = self.second_level
        return self._created + (live.nodes_created - 1 if live is not None else 0)

    @property
    def nodes_in_memory(self) -> int:
        """First-level tree plus the live second-level tree (all its rows, root included)."""
        live = self.second_level
        return len(self.tree) + (len(live.tree) if live is not None else 0)

    @property
    def peak_nodes_in_memory(self) -> int:
        return max(self._peak, self.nodes_in_memory)

    @property
    def cap(self) -> int | None:
        """N: the most nodes first and second level may hold together."""
        return self.limits.max_nodes

    def cancel(self) -> None:
        """Ask a running search to stop; honoured before the next iteration of either level."""
        super().cancel()
        if self.second_level is not None:
            self.second_level.cancel()

    # -- the first level: PN with delayed evaluation ----------------------------------------------

    def start_second_level(self, node: int) -> Outcome | None:
        """Begin evaluating `node` (the cursor stands on it) by a second-level PN search.

        Its budget needs k, the node's number of moves (its mobility, §3.3.1), so that the root is
        always expanded. Returns an Outcome instead if that expansion cannot fit under the cap.
        """
        x = len(self.tree)
        root_moves = self.game.evaluate().mobility
        budget = second_level_budget(x, self.cap, self.a, self.b, self.fraction, root_moves)
        if self.cap is not None and x + budget > self.cap:
            return self.limits.memory_outcome()
        self.second_level = ProofNumberSearch(
            self.game, Limits(max_nodes=budget), initialisation=MOBILITY, start_at_cursor=True
        )
        self.second_level_root = node
        self.second_level_searches += 1
        self._budget = budget
        self._peak = max(self._peak, self.nodes_in_memory)
        return None

    def finish_second_level(self) -> tuple[Outcome | None, SecondLevelEnded]:
        """Hand the ended second-level search's result to the first level and discard its tree.

        Solved root: the first-level node takes the value, nothing is kept. Otherwise the root's
        children (numbers, type, evaluation) become the node's children; nothing below them is
        kept. Returns an Outcome if Pn² must stop (cancelled, or the root could not be expanded).
        """
        search = self.second_level
        node = self.second_level_root
        assert search is not None and node is not None
        search.return_cursor_to_root()
        inner = search.outcome
        second = search.tree
        size = len(second)
        self._peak = max(self._peak, len(self.tree) + size)
        self._created += search.nodes_created - 1
        self.second_level = None
        self.second_level_root = None
        kept: list[int] = []
        stop: Outcome | None = None
        if self._cancel_requested:
            stop = Outcome(Result.UNKNOWN, StopReason.CANCELLED, "cancelled")
        elif second.is_solved(ROOT):
            self._evaluated_numbers = second.numbers(ROOT)
        elif second.is_expanded(ROOT):
            first, count = second.first_child[ROOT], second.child_count[ROOT]
            stop_id = first + count
            flags = bytes(flag & ~EXPANDED for flag in second.flags[first:stop_id])
            kept_first = self.tree.add_children(
                node,
                second.move[first:stop_id].tolist(),
                flags,
                second.proof[first:stop_id].tolist(),
                second.disproof[first:stop_id].tolist(),
            )
            kept = list(range(kept_first, kept_first + count))
        else:
            stop = inner
        discarded = size - 1 - len(kept)
        self.nodes_discarded += discarded
        return stop, SecondLevelEnded(node, self._budget, inner, size, kept, discarded)

    def set_proof_and_disproof_numbers(self, node: int) -> None:
        """Figure 3.3 on the first level. A leaf is the node just evaluated: it takes its
        second-level root's numbers (it was solved there); an expanded node as in PN."""
        if not self.tree.flags[node] & EXPANDED:
            self.tree.proof[node], self.tree.disproof[node] = self._evaluated_numbers
            return
        super().set_proof_and_disproof_numbers(node)

    # -- endings ---------------------------------------------------------------------------------

    def _finish(self, outcome: Outcome) -> Outcome:
        """End the search; a second level still running is abandoned (its nodes discarded)."""
        if self.second_level is not None:
            search = self.second_level
            search.return_cursor_to_root()
            self._peak = max(self._peak, self.nodes_in_memory)
            self._created += search.nodes_created - 1
            self.nodes_discarded += len(search.tree) - 1
            self.second_level = None
            self.second_level_root = None
        return super()._finish(outcome)

    # -- stepping ---------------------------------------------------------------------------------

    def _end_evaluation(self, report: StepReport) -> None:
        """Apply the ended second-level search and close the first level's EXPAND phase."""
        stopped, ended = self.finish_second_level()
        report.phases.append(Phase.EXPAND)
        report.add(ended)
        if stopped is not None:
            report.outcome = self._finish(stopped)
            return
        tree = self.tree
        report.new_children = [
            (child, tree.proof[child], tree.disproof[child]) for child in ended.kept
        ]
        self.next_phase = Phase.UPDATE

    def _live_second_level(self, report: StepReport) -> ProofNumberSearch | None:
        """The second-level search, started if none runs (the report says so); None, with the
        report's outcome set, if its root's children cannot fit under the cap."""
        if self.second_level is None:
            stopped = self.start_second_level(self._selected)
            if stopped is not None:
                report.phases.append(Phase.EXPAND)
                report.outcome = self._finish(stopped)
                return None
            assert self.second_level_root is not None
            report.add(SecondLevelStarted(self.second_level_root, self._budget))
        return self.second_level

    def _step_expand(self, report: StepReport) -> None:
        """The EXPAND phase stepped over: start (if needed) and finish a second-level search."""
        search = self._live_second_level(report)
        if search is None:
            return
        search.run()
        self._end_evaluation(report)

    def step_into(self) -> StepReport:
        """Advance one phase *inside* the second-level search: start it first if the first
        level's next phase is the evaluation; the call in which it ends also applies its result
        (the report's phases then show the first level's EXPAND). At a first-level select or
        update this is `step_phase`. Inner reports carry second-level ids."""
        if self.outcome is not None or (
            self.next_phase is not Phase.EXPAND and self.second_level is None
        ):
            return self.step_phase()
        clock_started = time.perf_counter()
        report = StepReport()
        search = self._live_second_level(report)
        if search is None:
            self.elapsed += time.perf_counter() - clock_started
            return report
        node = self.second_level_root
        assert node is not None
        inner = search.step_phase()
        report.add(SecondLevelStepped(node, inner))
        self._peak = max(self._peak, self.nodes_in_memory)
        if inner.outcome is not None:
            self._end_evaluation(report)
        self.elapsed += time.perf_counter() - clock_started
        return report

    def step_over(self) -> StepReport:
        """Finish the current second-level search, or run the first level up to and through the
        next one, in one call (reports merged)."""
        report = self.step_phase()
        while report.outcome is None and not second_level_ended(report):
            report.merge(self.step_phase())
        return report

    def step_done(self, unit: str) -> Callable[[StepReport], bool]:
        """A phase that is an evaluation ends with its second-level search, as does a step
        over it; into is one phase of either level."""
        if unit == OVER or (
            unit == PHASE and (self.next_phase is Phase.EXPAND or self.second_level is not None)
        ):
            return second_level_ended
        return iteration_done if unit == ITERATION else always

    @property
    def at_boundary(self) -> bool:
        return self.next_phase is Phase.SELECT and self.second_level is None

    def checkpoint_values(self) -> tuple[int, ...]:
        """Pn²'s counters and the numbers its last second level gave (no second level is live
        at an iteration's end)."""
        return (
            self._created,
            self._peak,
            self.second_level_searches,
            self.nodes_discarded,
            self._budget,
            *self._evaluated_numbers,
        )

    def _restore_values(self, values: list[int]) -> None:
        (
            self._created,
            self._peak,
            self.second_level_searches,
            self.nodes_discarded,
            self._budget,
            *evaluated,
        ) = values
        self._evaluated_numbers = (evaluated[0], evaluated[1])

    def run(
        self, max_iterations: int | None = None, max_seconds: float | None = None
    ) -> Outcome | None:
        """Iterate without reporting until the search ends, or for a slice of at most
        `max_iterations` first-level iterations / `max_seconds` seconds (then returns None; call
        again). A slice may end inside a second-level search; the next call resumes it."""
        if self.outcome is not None:
            return self.outcome
        clock = time.perf_counter
        started, elapsed_before, slice_end, stop_after = self._slice(max_iterations, max_seconds)
        time_limit = self.limits.max_seconds
        outcome: Outcome | None = None
        while outcome is None:
            now = clock()
            self.elapsed = elapsed_before + (now - started)
            phase = self.next_phase
            if phase is Phase.SELECT:
                if stop_after is not None and self.iterations >= stop_after:
                    break
                if slice_end is not None and now >= slice_end:
                    break
                outcome = self._limit_reached()
                if outcome is None:
                    self._selected = self.select_most_proving_node(self._current)
                    self.next_phase = Phase.EXPAND
            elif phase is Phase.EXPAND:
                second_level = self.second_level
                if second_level is None:
                    outcome = self.start_second_level(self._selected)
                    if outcome is not None:
                        break
                    second_level = self.second_level
                    assert second_level is not None
                seconds = None
                if time_limit is not None:
                    seconds = max(0.0, time_limit - self.elapsed)
                if slice_end is not None:
                    left = max(0.0, slice_end - now)
                    seconds = left if seconds is None else min(seconds, left)
                if seconds is not None and seconds <= 0.0:
                    if time_limit is not None and self.elapsed >= time_limit:
                        outcome = self.limits.time_outcome()
                    break
                if second_level.run(max_seconds=seconds) is None:
                    continue
                outcome, _ended = self.finish_second_level()
                if outcome is None:
                    self.next_phase = Phase.UPDATE
            else:
                self._current = self.update_ancestors(self._selected)
                self.iterations += 1
                self.next_phase = Phase.SELECT
                outcome = self._root_outcome()
        self.elapsed = elapsed_before + (clock() - started)
        if outcome is not None:
            self._finish(outcome)
        return outcome

    # -- proofs -----------------------------------------------------------------------------------

    def proof(self) -> ProofNode:
        """The proof of a proved root, with the sub-proofs of leaves the second level solved
        recovered by re-running PN at them (deterministic: the same tree, the same proof)."""
        return self._stitched(proof_tree(self.tree), Value.TRUE, self.recover_proof)

    def disproof(self) -> ProofNode:
        """The disproof of a disproved root, read out as in PN, with the sub-disproofs of leaves
        the second level disproved recovered as proofs are (`recover_disproof`)."""
        return self._stitched(disproof_tree(self.tree), Value.FALSE, self.recover_disproof)

    def _stitched(
        self, skeleton: ProofNode, value: Value, recover: Callable[[int], ProofNode]
    ) -> ProofNode:
        """`skeleton`, read out of the first level, with each leaf the game did not evaluate to
        `value` (the second level solved it, and its tree was thrown away) filled by `recover`."""
        self._return_cursor_to_root()
        stack: list[tuple[int, ProofNode]] = [(ROOT, skeleton)]
        tree = self.tree
        while stack:
            node, out = stack.pop()
            if tree.is_expanded(node):
                by_move = {tree.move[child]: child for child in tree.children(node)}
                stack.extend((by_move[move], sub) for move, sub in out.children.items())
            elif tree.evaluation(node) is not value:
                out.children = recover(node).children
        return skeleton

    def recover_proof(self, node: int) -> ProofNode:
        """Re-run the PN search that proved first-level leaf `node` and return its proof."""
        search = self._search_again(node)
        if search.tree.proof[ROOT] != 0:
            raise RuntimeError(
                f"re-running PN at first-level node {node} did not prove it "
                f"({search.outcome}): the search is not deterministic"
            )
        return search.proof()

    def recover_disproof(self, node: int) -> ProofNode:
        """Re-run the PN search that disproved first-level leaf `node` and return its disproof;
        VerificationError (the claim is then withdrawn) where the re-run does not disprove it."""
        search = self._search_again(node)
        if search.tree.disproof[ROOT] != 0:
            raise VerificationError(
                f"Pn²: re-running PN at first-level node {node} did not disprove it "
                f"({search.outcome}), so its disproof cannot be read out"
            )
        return search.disproof()

    def _search_again(self, node: int) -> ProofNumberSearch:
        """The PN search rooted at first-level leaf `node` (reached by its own path: repetitions
        depend on it) run to its end with cap N, enough for any second-level search."""
        moves = self.tree.moves_to(node)
        for move in moves:
            self.game.push(move)
        search = ProofNumberSearch(
            self.game, Limits(max_nodes=self.cap), initialisation=MOBILITY, start_at_cursor=True
        )
        search.run()
        search.return_cursor_to_root()
        for _ in moves:
            self.game.pop()
        return search

    def _return_cursor_to_root(self) -> None:
        """Pop the game cursor back to the first-level root (once the search has ended)."""
        if self.second_level is not None:
            self.second_level.return_cursor_to_root()
        for _ in range(self._cursor_depth):
            self.game.pop()
        self._cursor_depth = 0
        self._current = ROOT
        self._selected = ROOT
