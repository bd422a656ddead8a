"""Proof-number search for trees (Breuker, thesis ch. 3, Figures 3.2–3.6) as a stepper.

Immediate evaluation (§3.1): expanding a node generates *and evaluates* all its children. Unsolved
leaves start at (1, n) at OR nodes and (n, 1) at AND nodes, n = their number of moves (§3.3.1).
Two small, named departures from the figures, both leaving every number the same:

* `update_ancestors` stops at the first node whose numbers did not change (the ancestors above it
  cannot change either), and the next `select_most_proving_node` starts from that node instead of
  the root: the path above it is still the most-proving one.
* The game is a cursor that follows the search (push on the way down, pop on the way up), so a
  position is never rebuilt from the root.

The caller advances one phase (`step_phase`), one iteration (`step_iteration`) or runs to a limit
(`run`); steps return a `StepReport`, `run` reports nothing and so pays nothing for reporting.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

from ..games.game import Expansion, Game
from ..proofs.proof import ProofNode, disproof_tree, proof_tree
from ..tree import BYTES_PER_NODE, EXPANDED, OR_NODE, ROOT, Tree, pack_flags
from .defaults import MOBILITY, PN
from .numbers import INF, and_numbers, leaf_numbers, or_numbers
from .parameters import check_values
from .phase_steps import PhaseSteps
from .root_outcome import root_outcome
from .tree_history import TreeHistory
from .types import (
    Checkpoints,
    Limits,
    MemoryUse,
    NumberChange,
    Outcome,
    Phase,
    Result,
    StepReport,
    StopReason,
)


class TreeSearch(PhaseSteps):
    """What PN and Pn² share: the tree, the game cursor that follows the search, the limits, and
    the paper's selection (Figure 3.4) and ancestor update (Figures 3.3 and 3.6).

    Subclasses add the expansion: immediate evaluation (PN) or a second-level search (Pn²).
    """

    algorithm = ""
    max_plies: int | None = None
    """No mate-length bound: a disproof says there is no forced mate at all."""

    def __init__(
        self, game: Game, limits: Limits | None, initialisation: str, start_at_cursor: bool
    ) -> None:
        check_values({"initialisation": initialisation})
        self.game = game
        self.limits = limits or Limits()
        self.initialisation = initialisation
        self.tree = Tree()
        self.iterations = 0
        self.elapsed = 0.0
        self.next_phase = Phase.SELECT
        # Pn²'s live second-level search and the first-level node it evaluates, and how many
        # second-level searches it made; PN has none (the contract's None).
        self.second_level: ProofNumberSearch | None = None
        self.second_level_root: int | None = None
        self.second_level_searches: int | None = None
        self.transpositions: int | None = None
        self.table_hits: int | None = None
        self._current = ROOT
        self._selected = ROOT
        self._cursor_depth = 0
        self._cancel_requested = False
        self.number_log: list[int] | None = None
        """When a list, every update appends (node, old proof, old disproof) for each node whose
        numbers it changes: a `Replay`'s undo log, costing what the update itself walks."""
        self._history: TreeHistory | None = None
        if not start_at_cursor:
            game.reset()
        evaluation = game.evaluate()
        is_or = game.is_or()
        proof, disproof = leaf_numbers(evaluation.value, evaluation.mobility, is_or, initialisation)
        self.tree.add_root(is_or, evaluation.value, evaluation.reason, proof, disproof)
        self.outcome: Outcome | None = root_outcome(game, evaluation)

    def select_most_proving_node(self, node: int) -> int:
        """Figure 3.4: walk down, at OR nodes to a child with the parent's proof number, at AND
        nodes to one with its disproof number (the first such child in move order)."""
        tree = self.tree
        flags, proof, disproof = tree.flags, tree.proof, tree.disproof
        first_child, child_count, move = tree.first_child, tree.child_count, tree.move
        push = self.game.push
        depth = self._cursor_depth
        while flags[node] & EXPANDED:
            first = first_child[node]
            stop = first + child_count[node]
            if flags[node] & OR_NODE:
                node = proof.index(proof[node], first, stop)
            else:
                node = disproof.index(disproof[node], first, stop)
            push(move[node])
            depth += 1
        self._cursor_depth = depth
        return node

    def set_proof_and_disproof_numbers(self, node: int) -> None:
        """Figure 3.3 for an expanded node (thesis §3.2; at an OR node the disproof sum runs over
        every child): `core.search.numbers`' OR and AND rules over the children's slices."""
        tree = self.tree
        proof, disproof = tree.proof, tree.disproof
        first = tree.first_child[node]
        stop = first + tree.child_count[node]
        rule = or_numbers if tree.flags[node] & OR_NODE else and_numbers
        proof[node], disproof[node] = rule(proof[first:stop], disproof[first:stop])

    def update_ancestors(self, node: int, changes: list[NumberChange] | None = None) -> int:
        """Figure 3.6 with the early stop: recompute `node` and its ancestors, going up while the
        numbers change. Returns the node where it stopped (the next selection starts there)."""
        tree = self.tree
        proof, disproof, parent = tree.proof, tree.disproof, tree.parent
        pop = self.game.pop
        depth = self._cursor_depth
        log = self.number_log
        while True:
            old_proof, old_disproof = proof[node], disproof[node]
            self.set_proof_and_disproof_numbers(node)
            if proof[node] == old_proof and disproof[node] == old_disproof:
                break
            if log is not None:
                log.extend((node, old_proof, old_disproof))
            if changes is not None:
                changes.append(
                    NumberChange(node, old_proof, old_disproof, proof[node], disproof[node])
                )
            if node == ROOT:
                break
            node = parent[node]
            pop()
            depth -= 1
        self._cursor_depth = depth
        return node

    def _root_outcome(self) -> Outcome | None:
        proof, disproof = self.tree.numbers(ROOT)
        if proof == 0:
            return Outcome(Result.PROVED, StopReason.SOLVED)
        if disproof == 0:
            return Outcome(Result.DISPROVED, StopReason.SOLVED)
        return None

    def _step_select(self) -> list[int]:
        """Figure 3.4 from where the last update stopped (`resume_node`)."""
        self._selected = self.select_most_proving_node(self._current)
        return self.tree.path_to(self._selected)

    def _step_update(self, report: StepReport) -> None:
        """Figure 3.6 (stopping early where a number does not change), then the root's check."""
        self._current = self.update_ancestors(self._selected, report.changed)
        self.iterations += 1
        self.next_phase = Phase.SELECT
        solved = self._root_outcome()
        if solved is not None:
            report.outcome = self._finish(solved)

    # -- the contract's reading of the state -------------------------------------------------------

    @property
    def nodes_in_memory(self) -> int:
        """Nodes held now (Pn²: both levels)."""
        raise NotImplementedError

    @property
    def peak_nodes_in_memory(self) -> int:
        """The most nodes held at once so far."""
        raise NotImplementedError

    def memory(self) -> MemoryUse:
        """Nodes in memory against the node cap, Pn²'s live second-level tree apart."""
        inner = self.second_level
        second = len(inner.tree) if inner is not None else 0
        total = self.nodes_in_memory
        return MemoryUse(
            total - second,
            self.limits.max_nodes,
            max(self.peak_nodes_in_memory, total),
            BYTES_PER_NODE,
            second_level=second,
        )

    # -- checkpoints: an undo log (`core.search.tree_history`) -------------------------------------

    @property
    def resume_node(self) -> int:
        """Where the next selection starts (the update's early stop, see the module docstring)."""
        return self._current

    def checkpoint_values(self) -> tuple[int, ...]:
        """The small state a checkpoint keeps besides the tree: the search's own counters."""
        raise NotImplementedError

    def _restore_values(self, values: list[int]) -> None:
        raise NotImplementedError

    def checkpoint(self) -> Checkpoints:
        """Record the iteration just completed in the undo log (a copy rebuilt by `restore` and
        stepped on to the last iteration recorded takes the log over: the tree it grows is the
        source of later restores)."""
        history = self._history
        if history is None:
            history = self._history = TreeHistory(self.tree, len(self.checkpoint_values()))
            history.log_from(self)
        if not history.iterations <= self.iterations <= history.iterations + 1:
            raise ValueError(
                f"iteration {self.iterations} does not follow the {history.iterations} recorded"
            )
        if self.iterations > history.iterations:
            history.record(self)
        elif history.owner is not self:
            history.log_from(self)
        return history

    def restore(self, checkpoints: Checkpoints, iteration: int) -> Iterator[None]:
        """Rebuild the tree after `iteration` from the furthest one and take its small state."""
        assert isinstance(checkpoints, TreeHistory)
        for tree in checkpoints.tree_at(iteration):
            if tree is None:
                yield
            else:
                self.tree = tree
        self.iterations = iteration
        self.elapsed = checkpoints.elapsed[iteration]
        self.outcome = None
        self.next_phase = Phase.SELECT
        self._selected = checkpoints.selected[iteration]
        self._current = checkpoints.current[iteration]
        self._restore_values(checkpoints.values_at(iteration))
        self._history = checkpoints
        game = self.game
        game.reset()
        moves = self.tree.moves_to(self._current)
        for move in moves:
            game.push(move)
        self._cursor_depth = len(moves)


class ProofNumberSearch(TreeSearch):
    """PN search with immediate evaluation over a `Game` cursor, advanced step by step.

    With `start_at_cursor` the search is rooted at the cursor's current position rather than the
    game's root (Pn²'s second level does this) and leaves the cursor there when it ends.
    """

    algorithm = PN

    def __init__(
        self,
        game: Game,
        limits: Limits | None = None,
        initialisation: str = MOBILITY,
        start_at_cursor: bool = False,
    ) -> None:
        super().__init__(game, limits, initialisation, start_at_cursor)
        self.nodes_created = 1

    @property
    def nodes_in_memory(self) -> int:
        return len(self.tree)

    @property
    def peak_nodes_in_memory(self) -> int:
        """PN never deletes a node: the peak is the tree's size."""
        return len(self.tree)

    def checkpoint_values(self) -> tuple[int, ...]:
        """PN's count of nodes created."""
        return (self.nodes_created,)

    def _restore_values(self, values: list[int]) -> None:
        (self.nodes_created,) = values

    def expand_node(self, node: int) -> Outcome | None:
        """Figure 3.5: generate all children of `node`, evaluate each and set its numbers.

        Returns an Outcome instead when the node cannot be expanded: its children would not fit
        under the node cap, or it is a frontier leaf of a tree file with nothing below it.
        """
        expansion = self.game.expand(self._room())
        if expansion is None:
            return self.limits.memory_outcome()
        if not expansion.moves:
            return Outcome(
                Result.UNKNOWN,
                StopReason.FRONTIER,
                f"{self.game.position_label()} has nothing below it in the tree file",
            )
        self._attach_children(node, expansion)
        return None

    def _attach_children(self, node: int, expansion: Expansion) -> None:
        init = self.initialisation
        flags: list[int] = []
        proofs: list[int] = []
        disproofs: list[int] = []
        for value, mobility, reason, is_or in zip(
            expansion.values,
            expansion.mobility,
            expansion.reasons,
            expansion.child_is_or,
            strict=True,
        ):
            proof, disproof = leaf_numbers(value, mobility, is_or, init)
            proofs.append(proof)
            disproofs.append(disproof)
            flags.append(pack_flags(is_or, value, reason))
        self.tree.add_children(node, expansion.moves, flags, proofs, disproofs)
        self.nodes_created += len(expansion.moves)

    def _room(self) -> int:
        """How many more nodes fit under the node cap."""
        cap = self.limits.max_nodes
        return INF if cap is None else cap - self.nodes_in_memory

    def _step_expand(self, report: StepReport) -> None:
        """The EXPAND phase of `step_phase`: Figure 3.5, reporting the new children."""
        self._expand_selected(report)

    def run(
        self, max_iterations: int | None = None, max_seconds: float | None = None
    ) -> Outcome | None:
        """Iterate without reporting until the search ends, or for a slice of at most
        `max_iterations` iterations / `max_seconds` seconds (then returns None; call again)."""
        if self.outcome is not None or self._finish_half_iteration() is not None:
            return self.outcome
        started, elapsed_before, slice_end, stop_after = self._slice(max_iterations, max_seconds)
        select, expand, update = (
            self.select_most_proving_node,
            self.expand_node,
            self.update_ancestors,
        )
        limit_reached, root_outcome = self._limit_reached, self._root_outcome
        node = self._current
        outcome = None
        clock = time.perf_counter
        while True:
            now = clock()
            self.elapsed = elapsed_before + (now - started)
            if stop_after is not None and self.iterations >= stop_after:
                break
            if slice_end is not None and now >= slice_end:
                break
            outcome = limit_reached()
            if outcome is not None:
                break
            leaf = select(node)
            outcome = expand(leaf)
            if outcome is not None:
                self._selected = node = leaf
                self.next_phase = Phase.EXPAND
                break
            node = update(leaf)
            self.iterations += 1
            outcome = root_outcome()
            if outcome is not None:
                break
        self._current = node
        self.elapsed = elapsed_before + (clock() - started)
        if outcome is not None:
            self.outcome = outcome
        return outcome

    def return_cursor_to_root(self) -> None:
        """Pop the game cursor back to this search's root (Pn² hands it back to its first level)."""
        for _ in range(self._cursor_depth):
            self.game.pop()
        self._cursor_depth = 0
        self._current = ROOT
        self._selected = ROOT
        if self.outcome is None:
            self.next_phase = Phase.SELECT

    def proof(self) -> ProofNode:
        """The proof tree of a proved root (quickest proved attacker moves, every reply)."""
        return proof_tree(self.tree)

    def disproof(self) -> ProofNode:
        """The disproof tree of a disproved root, read out of the tree (every attacker move, the
        first reply that holds), for the independent replay."""
        return disproof_tree(self.tree)
