"""PN search on a directed acyclic graph: the thesis's PN with transpositions merged (§3.5.2).

The search is `core.search.pn`'s, figure for figure: the selection of Figure 3.4 from the root,
the expansion with immediate evaluation of Figure 3.5 (same move order, the mobility
initialisation of §3.3.1), the numbers of Figure 3.3. What differs is identity: a child whose
position is already in the graph is *linked* to the existing node instead of being created again,
so a node may have several parents, and the update of Figure 3.6 walks up through every parent.
Each ancestor is recomputed at most once per iteration: a worklist ordered by depth (the longest
path from the root, kept so that every child is deeper than each of its parents) takes the
deepest node first, so a node is recomputed after all its changed children. As in PN, the walk
stops where numbers do not change. On a tree (no position seen twice) it is PN node for node.

**Identity** is the position's hash *and* its halfmove clock (`Game.position_hash`,
`Game.halfmove_clock`, read for every child by `Game.expand` in `Expansion.keys/clocks`): two
nodes with equal clocks see the fifty-move rule alike. In chess this identity cannot close a
cycle (a reversible move raises the clock, an irreversible one makes a return impossible), but a
link is still never made to an ancestor of the node being expanded (a hash collision, or a game
graph with cycles): a *separate node* is created instead, and the graph stays acyclic.

**Graph-history interaction.** A repetition draw depends on the path. The rule here:

* A child the game evaluates as a repetition on the current path is always a new node and is
  never linked to: its draw belongs to this path.
* Such a draw rests on the path from its earlier occurrence down to it. The nodes strictly
  between are *pinned*: they leave the index, so no later path is ever linked to them (a later
  position equal to one of them gets a node of its own).
* A node that already had several parents when a draw appeared below it (it was merged before
  the repetition was found) shares that draw with paths it may not hold on: the draw is marked
  *shared*. Shared draws only ever help the defender, so a proof is never wrong because of them;
  but a root disproof is reported only if it holds without any shared draw (a disproof tree is
  looked for that avoids them), or if one holds when read along real paths from the root
  (`disproof`: a repetition leaf counts only where its position stands earlier on the path
  read, and a node whose position does is a repetition there); otherwise the search ends
  unknown and says why. Either way the disproof is read out along real paths for the
  independent replay (`core.runs.runner.certify_disproof`), which judges every repetition by the
  line it replays and never by the graph's word.
* A position reached on another path may repeat a position of *that* path without the search
  noticing (it was evaluated on the first path). That only favours the attacker, and every proof
  is verified by replaying it in chess (`core.runs.runner`), where a position may recur.

**Stepping.** DAG PN is a `core.search.contract.Stepper`: `step_phase` advances one phase
(SELECT, EXPAND, UPDATE of Figure 3.2) and reports what it changed, as PN's does (the children an
expansion linked to existing nodes in a `core.search.events.Linked` event; the update's changes
through every parent); `run` iterates the same three phase functions without reporting. Its
updates reach every parent of a shared node, which no small undo log captures: replay re-runs
the deterministic search to the iteration asked for (`core.search.rerun`). The graph is a
`core.search.dag_tree.DagTree`, which views read as a tree (each node under its first parent).

Every proof is read out as a tree (`proof`: a shared node's proof is one shared `ProofNode`) and
verified by the one verify path; every disproof is read out along real paths (`disproof`) and
replayed by `core.proofs.verify_disproof` before a chess root's "no forced mate" is claimed.
The known weakness of PN on a DAG remains: a sum over children counts a node reached by several
paths once per path, so proof and disproof numbers over-estimate (sums saturate below ∞ unless a
child is ∞: `core.search.numbers.saturated_sum`); it is not corrected here.
"""

from __future__ import annotations

import heapq
import time

from ..errors import VerificationError
from ..games.game import Expansion, Game
from ..proofs.proof import ProofNode
from ..proofs.verify import MAX_PLIES
from ..tree import BYTES_PER_NODE, EXPANDED, OR_NODE, ROOT
from ..values import Reason
from .dag_tree import DagTree
from .defaults import DAGPN, MOBILITY
from .events import Linked
from .numbers import INF, leaf_numbers, node_numbers
from .parameters import check_values
from .phase_steps import PhaseSteps
from .rerun import RerunCheckpoints
from .root_outcome import root_outcome
from .types import (
    Limits,
    MemoryUse,
    NumberChange,
    Outcome,
    Phase,
    Result,
    StepReport,
    StopReason,
)

PINNED = 0x01
"""A draw below rests on the path above the node: never link another path to it."""
SHARED_DRAW = 0x02
"""A repetition draw found below a node that already had several parents."""
REPETITION = 0x04
"""The game evaluated the node as a repetition of its path: a draw on this path only."""

CLOCK_BITS = 8
"""Identity = (hash << 8) | clock: clocks of unsolved positions stay below 100 (fifty moves)."""


def identity(key: int, clock: int) -> int:
    """A node's identity: the position hash and the halfmove clock (fifty-move rule) together."""
    return (key << CLOCK_BITS) | min(clock, (1 << CLOCK_BITS) - 1)


class DagProofNumberSearch(RerunCheckpoints, PhaseSteps):
    """PN search over a `Game` cursor on a graph of positions (see the module docstring).

    A `core.search.contract.Stepper` on a `DagTree` (`tree`; marks of the graph-history rule in
    `tree.marks`: PINNED, SHARED_DRAW, REPETITION). Counts:
    `nodes_created` (distinct nodes, the root included; nodes are never deleted, so it is also
    `nodes_in_memory` and the peak), `iterations`, `transpositions` (links to existing nodes),
    `pinned` (nodes closed to links by a repetition draw below them), `separate` (nodes created
    because a link would have closed a cycle) and `shared_draws`. The node cap bounds nodes in
    memory: an expansion that might exceed it is not made.
    """

    algorithm = DAGPN
    max_plies: int | None = None
    """No mate-length bound: a disproof says there is no forced mate at all."""
    tree: DagTree
    second_level_searches = None
    table_hits = None
    second_level = None
    second_level_root = None

    def __init__(
        self, game: Game, limits: Limits | None = None, initialisation: str = MOBILITY
    ) -> None:
        check_values({"initialisation": initialisation})
        self.game = game
        self.limits = limits or Limits()
        self.initialisation = initialisation
        self.iterations = 0
        self.elapsed = 0.0
        self.transpositions = 0
        self.pinned = 0
        self.separate = 0
        self.shared_draws = 0
        self._cancel_requested = False
        self.next_phase = Phase.SELECT
        self._selected = ROOT
        self.tree = DagTree()
        self._index: dict[int, int] = {}
        """Identity -> the node other paths link to (pinned and repetition nodes are left out)."""
        self._identity: list[int] = []
        # The game cursor's path: node ids and position hashes from the root.
        self._path: list[int] = [0]
        game.reset()
        root_key = game.position_hash()
        self._path_keys: list[int] = [root_key]
        evaluation = game.evaluate()
        is_or = game.is_or()
        proof, disproof = leaf_numbers(evaluation.value, evaluation.mobility, is_or, initialisation)
        self.tree.add_node(-1, 0, is_or, evaluation.value, evaluation.reason, proof, disproof, 0)
        self._identity.append(identity(root_key, game.halfmove_clock()))
        self.outcome: Outcome | None = root_outcome(game, evaluation)

    # -- the graph ------------------------------------------------------------------------------

    def __len__(self) -> int:
        return len(self.tree)

    @property
    def nodes_created(self) -> int:
        return len(self.tree)

    @property
    def nodes_in_memory(self) -> int:
        return len(self.tree)

    @property
    def peak_nodes_in_memory(self) -> int:
        """Nodes are never deleted: the peak is the graph's size."""
        return len(self.tree)

    def memory(self) -> MemoryUse:
        """Nodes of the graph against the node cap."""
        size = len(self.tree)
        return MemoryUse(size, self.limits.max_nodes, size, BYTES_PER_NODE)

    def children(self, node: int) -> list[int]:
        """A node's children in move order (shared children included)."""
        return self.tree.successors(node)

    def moves(self, node: int) -> list[int]:
        """The move codes of a node's edges, in the order of `children`."""
        return [move for move, _ in self.tree.edges(node)]

    def parents(self, node: int) -> list[int]:
        """Every parent of a node (the one that created it first); empty for the root."""
        return self.tree.parents(node)

    def is_or(self, node: int) -> bool:
        return self.tree.is_or(node)

    # -- Figure 3.4: selection -----------------------------------------------------------------

    def select_most_proving_node(self) -> int:
        """Figure 3.4 from the root: at OR nodes the first child with the parent's proof number,
        at AND nodes the first with its disproof number. The cursor follows."""
        game = self.game
        for _ in range(len(self._path) - 1):
            game.pop()
        del self._path[1:], self._path_keys[1:]
        tree = self.tree
        proof, disproof, flags = tree.proof, tree.disproof, tree.flags
        first_edge, edge_child, edge_move = tree.edge_first, tree.edge_child, tree.edge_move
        node = 0
        while flags[node] & EXPANDED:
            numbers, target = (
                (proof, proof[node]) if flags[node] & OR_NODE else (disproof, disproof[node])
            )
            edge = first_edge[node]
            while numbers[edge_child[edge]] != target:
                edge += 1
            game.push(edge_move[edge])
            node = edge_child[edge]
            self._path.append(node)
            self._path_keys.append(self._identity[node] >> CLOCK_BITS)
        return node

    # -- Figure 3.5: expansion with links ------------------------------------------------------

    def expand_node(self, node: int) -> Outcome | None:
        """Figure 3.5 with identity: generate and evaluate every child; a child whose position is
        in the graph (and is not an ancestor, nor a repetition on this path) is linked to it.

        Returns an Outcome instead when the children might not fit under the node cap, or the
        node is a frontier leaf of a tree file."""
        game = self.game
        cap = self.limits.max_nodes
        tree = self.tree
        room = INF if cap is None else cap - len(tree)
        expansion = game.expand(room)
        if expansion is None:
            return self.limits.memory_outcome()
        if not expansion.moves:
            return Outcome(
                Result.UNKNOWN,
                StopReason.FRONTIER,
                f"{game.position_label()} has nothing below it in the tree file",
            )
        keys, clocks = self._child_keys(expansion)
        index = self._index
        ancestors: set[int] | None = None
        child_depth = tree.depth[node] + 1
        children: list[int] = []
        created = 0
        for position, (move, value, mobility, reason, is_or) in enumerate(
            zip(
                expansion.moves,
                expansion.values,
                expansion.mobility,
                expansion.reasons,
                expansion.child_is_or,
                strict=True,
            )
        ):
            ident = identity(keys[position], clocks[position])
            repetition = reason is Reason.REPETITION
            existing = None if repetition else index.get(ident)
            if existing is not None:
                if ancestors is None:
                    ancestors = tree.ancestors(node)
                if existing in ancestors:
                    self.separate += 1
                else:
                    tree.link(node, existing)
                    self.transpositions += 1
                    children.append(existing)
                    continue
            proof, disproof = leaf_numbers(value, mobility, is_or, self.initialisation)
            child = tree.add_node(node, move, is_or, value, reason, proof, disproof, child_depth)
            self._identity.append(ident)
            created += 1
            if repetition:
                tree.marks[child] |= REPETITION
                self._pin_path_below(keys[position], child)
            elif existing is None:
                index[ident] = child
            children.append(child)
        tree.set_edges(node, children, expansion.moves, created)
        return None

    def _child_keys(self, expansion: Expansion) -> tuple[list[int], list[int]]:
        """The children's hashes and clocks: from the expansion, else by pushing each child."""
        if expansion.keys is not None and expansion.clocks is not None:
            return expansion.keys, expansion.clocks
        game = self.game
        keys: list[int] = []
        clocks: list[int] = []
        for move in expansion.moves:
            game.push(move)
            keys.append(game.position_hash())
            clocks.append(game.halfmove_clock())
            game.pop()
        return keys, clocks

    def _pin_path_below(self, key: int, leaf: int) -> None:
        """A repetition draw at `leaf` rests on the path from the earlier occurrence of its
        position down to it: pin the nodes strictly between (GHI, see the module docstring)."""
        path_keys = self._path_keys
        earlier = next(
            (ply for ply in range(len(path_keys) - 1, -1, -1) if path_keys[ply] == key), 0
        )
        flags, index, identities = self.tree.marks, self._index, self._identity
        for node in self._path[earlier + 1 :]:
            if node in self.tree.extra_parents:
                flags[leaf] |= SHARED_DRAW
            if not flags[node] & PINNED:
                flags[node] |= PINNED
                self.pinned += 1
                if index.get(identities[node]) == node:
                    del index[identities[node]]
        if flags[leaf] & SHARED_DRAW:
            self.shared_draws += 1

    # -- Figures 3.3 and 3.6: numbers and the update -------------------------------------------

    def set_proof_and_disproof_numbers(self, node: int) -> None:
        """Figure 3.3 for an expanded node: OR takes the least proof number and sums disproof
        numbers, AND the other way round (sums over shared children count them per path)."""
        tree = self.tree
        proof, disproof = tree.proof, tree.disproof
        children = tree.successors(node)
        proof[node], disproof[node] = node_numbers(
            [proof[child] for child in children],
            [disproof[child] for child in children],
            bool(tree.flags[node] & OR_NODE),
        )

    def update_ancestors(self, node: int, changes: list[NumberChange] | None = None) -> None:
        """Figure 3.6 on a graph: recompute `node`, then every parent of a node that changed,
        deepest first, so each ancestor is recomputed once, after all its changed children.
        With `changes`, each change is appended there (the stepper's report)."""
        tree = self.tree
        proof, disproof, depth, parents = tree.proof, tree.disproof, tree.depth, tree.parents
        queued = {node}
        worklist = [(-depth[node], node)]
        while worklist:
            _, current = heapq.heappop(worklist)
            before = proof[current], disproof[current]
            self.set_proof_and_disproof_numbers(current)
            if (proof[current], disproof[current]) == before:
                continue
            if changes is not None:
                changes.append(NumberChange(current, *before, proof[current], disproof[current]))
            for parent in parents(current):
                if parent not in queued:
                    queued.add(parent)
                    heapq.heappush(worklist, (-depth[parent], parent))

    # -- running --------------------------------------------------------------------------------

    def _root_outcome(self) -> Outcome | None:
        proof, disproof = self.tree.numbers(ROOT)
        if proof == 0:
            return Outcome(Result.PROVED, StopReason.SOLVED)
        if disproof == 0:
            if self._clean_disproofs()[ROOT]:
                return Outcome(Result.DISPROVED, StopReason.SOLVED)
            read = self._read_disproof()
            if isinstance(read, str):
                return Outcome(Result.UNKNOWN, StopReason.SOLVED, read)
            return Outcome(Result.DISPROVED, StopReason.SOLVED)
        return None

    def _clean_disproofs(self) -> dict[int, bool]:
        """For every disproved node reachable through disproved nodes from the root, whether its
        disproof holds without a shared repetition draw: at OR nodes every child must, at AND
        nodes one disproved child."""
        clean: dict[int, bool] = {}
        stack: list[tuple[int, bool]] = [(ROOT, False)]
        flags, marks, disproof = self.tree.flags, self.tree.marks, self.tree.disproof
        while stack:
            node, children_done = stack.pop()
            if node in clean:
                continue
            children = [child for child in self.children(node) if disproof[child] == 0]
            if not flags[node] & EXPANDED:
                clean[node] = not marks[node] & SHARED_DRAW
            elif not children_done:
                stack.append((node, True))
                stack.extend((child, False) for child in children if child not in clean)
            elif flags[node] & OR_NODE:
                clean[node] = all(clean[child] for child in children)
            else:
                clean[node] = any(clean[child] for child in children)
        return clean

    def _read_disproof(self) -> ProofNode | str:
        """The root's disproof read along real paths (`_DisproofReading`), or why none could be
        read (none holds on them, or the reading ran out of its budget)."""
        try:
            read = _DisproofReading(self).read(ROOT, 0)[0]
        except _ReadingTooLong as error:
            return str(error)
        return NO_DISPROOF_ON_PATHS if read is None else read

    def disproof(self) -> ProofNode:
        """The disproof tree of a disproved root, read along real paths (`_DisproofReading`), for
        the independent replay: a node shared by transposed paths is read again on each path
        where what it rests on (a repetition) differs. VerificationError saying why where none
        can be read."""
        if self.outcome is None or self.outcome.result is not Result.DISPROVED:
            raise ValueError("the search has not disproved the root")
        read = self._read_disproof()
        if isinstance(read, str):
            raise VerificationError(f"DAG PN: {read}")
        return read

    def _step_select(self) -> list[int]:
        """Figure 3.4 from the root, along the path it keeps (a node may have several parents)."""
        self._selected = self.select_most_proving_node()
        return list(self._path)

    def _step_expand(self, report: StepReport) -> None:
        """Figure 3.5, reporting the new children and the children found in the graph already."""
        first = self._expand_selected(report)
        if first is None:
            return
        linked = tuple(child for child in self.tree.successors(self._selected) if child < first)
        if linked:
            report.add(Linked(self._selected, linked))

    def _step_update(self, report: StepReport) -> None:
        """Figure 3.6 over every parent, then the root's check."""
        self._end_iteration(report.changed)
        if self.outcome is not None:
            report.outcome = self.outcome

    def _end_iteration(self, changes: list[NumberChange] | None) -> None:
        """The UPDATE phase and the end of the iteration: Figure 3.6, then the root's check."""
        self.update_ancestors(self._selected, changes)
        self.iterations += 1
        self.next_phase = Phase.SELECT
        solved = self._root_outcome()
        if solved is not None:
            self._finish(solved)

    def run(
        self, max_iterations: int | None = None, max_seconds: float | None = None
    ) -> Outcome | None:
        """Iterate (Figure 3.2) without reporting until the search ends, or for a slice of at most
        `max_iterations` iterations / `max_seconds` seconds (then returns None; call again to
        resume). An iteration a step left halfway is finished first."""
        if self.outcome is not None or self._finish_half_iteration() is not None:
            return self.outcome
        started, elapsed_before, slice_end, stop_after = self._slice(max_iterations, max_seconds)
        clock = time.perf_counter
        while self.outcome is None:
            now = clock()
            self.elapsed = elapsed_before + (now - started)
            if stop_after is not None and self.iterations >= stop_after:
                break
            if slice_end is not None and now >= slice_end:
                break
            limit = self._limit_reached()
            if limit is not None:
                self._finish(limit)
                break
            self._selected = self.select_most_proving_node()
            stopped = self.expand_node(self._selected)
            if stopped is not None:
                self.next_phase = Phase.EXPAND
                self._finish(stopped)
                break
            self._end_iteration(None)
        self.elapsed = elapsed_before + (clock() - started)
        return self.outcome

    # -- the proof ------------------------------------------------------------------------------

    def _plies_to_win(self) -> dict[int, int]:
        """Plies to the win of every proved node reachable through proved nodes from the root:
        OR one more than its quickest proved child, AND one more than its slowest."""
        plies: dict[int, int] = {}
        stack: list[tuple[int, bool]] = [(0, False)]
        proof = self.tree.proof
        while stack:
            node, children_done = stack.pop()
            if node in plies:
                continue
            children = [child for child in self.children(node) if proof[child] == 0]
            if not children:
                plies[node] = 0
            elif not children_done:
                stack.append((node, True))
                stack.extend((child, False) for child in children if child not in plies)
            else:
                known = [plies[child] for child in children]
                plies[node] = 1 + (min(known) if self.tree.is_or(node) else max(known))
        return plies

    def proof(self) -> ProofNode:
        """The proof of a proved root as a tree (quickest proved move at OR nodes, every reply at
        AND nodes); a node reached by several paths gives one shared `ProofNode`."""
        if self.tree.proof[ROOT] != 0:
            raise ValueError("the search has not proved the root")
        plies = self._plies_to_win()
        made: dict[int, ProofNode] = {0: ProofNode(self.is_or(0))}
        stack = [0]
        while stack:
            node = stack.pop()
            out = made[node]
            pairs = list(zip(self.moves(node), self.children(node), strict=True))
            if self.tree.is_or(node):
                proved = [(move, child) for move, child in pairs if self.tree.proof[child] == 0]
                pairs = proved and [min(proved, key=lambda pair: (plies[pair[1]], pair[1]))]
            for move, child in pairs:
                if child not in made:
                    made[child] = ProofNode(self.is_or(child))
                    stack.append(child)
                out.children[move] = made[child]
        return made[0]


NO_DISPROOF_ON_PATHS = (
    "disproved only through a repetition draw shared by transposed paths (graph-history "
    "interaction), which holds on none of the paths read out: not reported as a disproof"
)

READING_BUDGET = 100_000
READING_PER_NODE = 4
"""A reading along the paths may read `READING_BUDGET` nodes and this many per graph node."""

_NOWHERE = 1 << 30
"""Where a subtree that rests on no position of the path above it rests: deeper than any path."""


class _ReadingTooLong(Exception):
    """The path-by-path reading of a disproof went over its budget of nodes read."""


class _DisproofReading:
    """Reads a disproved node's disproof out of the graph along real paths from the root (GHI,
    see the module docstring): at OR nodes every child, at AND nodes the first disproved child
    that reads (those whose disproof needs no shared draw first). A repetition leaf is taken only
    where its position stands earlier on the path being read, and a node whose position does is
    a repetition on this path, whatever the graph holds below it. A subtree is read once where
    it rests on no position above its node (one shared `ProofNode`), else again on each path;
    the reading gives up after `budget` nodes read, as trying AND nodes' replies on every path
    could take exponentially long."""

    def __init__(self, search: DagProofNumberSearch) -> None:
        self.tree = search.tree
        self.identities = search._identity
        self.clean = search._clean_disproofs()
        self.on_path: dict[int, int] = {}
        """The position hash of each node on the path being read: its depth on the path."""
        self.done: dict[int, ProofNode] = {}
        self.budget = READING_BUDGET + READING_PER_NODE * len(search.tree)
        self.left = self.budget

    def read(self, node: int, depth: int) -> tuple[ProofNode | None, int]:
        """`node`'s disproof on the path being read (None where none holds on it) and the
        shallowest depth of the path a repetition in it goes back to (`_NOWHERE`: none)."""
        known = self.done.get(node)
        if known is not None:
            return known, _NOWHERE
        self.left -= 1
        if self.left < 0:
            raise _ReadingTooLong(
                "disproved through repetition draws shared by transposed paths (graph-history "
                f"interaction), and no disproof was read along the paths within {self.budget:,} "
                "nodes read: not reported as a disproof"
            )
        tree = self.tree
        key = self.identities[node] >> CLOCK_BITS
        earlier = self.on_path.get(key)
        if earlier is not None:
            return ProofNode(tree.is_or(node)), earlier
        if tree.disproof[node] != 0 or depth >= MAX_PLIES:
            return None, _NOWHERE
        if not tree.flags[node] & EXPANDED:
            if tree.marks[node] & REPETITION:
                return None, _NOWHERE
            return ProofNode(tree.is_or(node)), _NOWHERE
        self.on_path[key] = depth
        try:
            out, rests_on = self._children(node, depth)
        finally:
            del self.on_path[key]
        if out is not None and rests_on >= depth:
            self.done[node] = out
        return out, rests_on

    def _children(self, node: int, depth: int) -> tuple[ProofNode | None, int]:
        tree = self.tree
        out = ProofNode(tree.is_or(node))
        rests_on = _NOWHERE
        edges = tree.edges(node)
        if tree.is_or(node):
            for move, child in edges:
                sub, below = self.read(child, depth + 1)
                if sub is None:
                    return None, _NOWHERE
                out.children[move] = sub
                rests_on = min(rests_on, below)
            return out, rests_on
        disproved = [(move, child) for move, child in edges if tree.disproof[child] == 0]
        disproved.sort(key=lambda edge: not self.clean.get(edge[1], False))
        for move, child in disproved:
            sub, below = self.read(child, depth + 1)
            if sub is not None:
                out.children[move] = sub
                return out, below
        return None, _NOWHERE
