"""DAG PN's graph of positions, stored so that every tree view can draw it as a `core.tree.Tree`.

A node of the graph is one row of `core.tree.Tree`'s columns: its numbers, flags, the parent that
created it (`parent`, its *first* parent) and the move from that parent (`move`). The children an
expansion *creates* are appended together, so they form a contiguous block (`first_child`,
`child_count`) exactly as in a PN tree: read as a `Tree`, the graph is its spanning tree by first
parent, and a node is drawn once, under its first parent. The graph proper is in extra columns:
every edge of a node in move order (`edge_first`, `edge_count`, `edge_child`, `edge_move`, shared
children included), the other parents (`extra_parents`), each node's depth (the longest path from
the root) and the marks of the graph-history rule (`marks`, see `core.search.dag_pn`).

`successors`, `edges` and `most_proving_child` answer over the whole graph, so the most-proving path
and a proof's main line follow the links the search follows (Figure 3.4 on a DAG).
"""

from __future__ import annotations

from array import array

from ..tree import EXPANDED, NO_NODE, OR_NODE, Tree
from ..values import Reason, Value


class DagTree(Tree):
    """The graph of DAG PN: a spanning `Tree` (first parents) plus every edge and parent."""

    __slots__ = (
        "depth",
        "marks",
        "edge_first",
        "edge_count",
        "edge_child",
        "edge_move",
        "extra_parents",
    )

    def __init__(self) -> None:
        super().__init__()
        self.depth = array("I")
        self.marks = array("B")
        self.edge_first = array("i")
        self.edge_count = array("H")
        self.edge_child = array("i")
        self.edge_move = array("I")
        self.extra_parents: dict[int, list[int]] = {}
        """Parents other than the first, in the order the links were made."""

    def add_node(
        self,
        parent: int,
        move: int,
        is_or: bool,
        value: Value,
        reason: Reason,
        proof: int,
        disproof: int,
        depth: int,
    ) -> int:
        """Append a node created by `parent` through `move`; returns its id."""
        node = len(self.flags)
        self._append(parent, move, is_or, value, reason, proof, disproof, True)
        self.depth.append(depth)
        self.marks.append(0)
        self.edge_first.append(NO_NODE)
        self.edge_count.append(0)
        return node

    def set_edges(self, node: int, children: list[int], moves: list[int], created: int) -> None:
        """Record an expansion: every child in move order, of which the `created` newest rows are
        the ones this expansion made (`node`'s block in the spanning tree)."""
        self.edge_first[node] = len(self.edge_child)
        self.edge_count[node] = len(children)
        self.edge_child.extend(children)
        self.edge_move.extend(moves)
        if created:
            self.first_child[node] = len(self.flags) - created
            self.child_count[node] = created
        self.flags[node] |= EXPANDED

    def link(self, parent: int, child: int) -> None:
        """Make `child` a child of `parent` too, keeping every child deeper than its parents."""
        self.extra_parents.setdefault(child, []).append(parent)
        depth = self.depth
        if depth[child] > depth[parent]:
            return
        depth[child] = depth[parent] + 1
        stack = [child]
        while stack:
            node = stack.pop()
            below = depth[node] + 1
            for grandchild in self.successors(node):
                if depth[grandchild] < below:
                    depth[grandchild] = below
                    stack.append(grandchild)

    # -- reading the graph ----------------------------------------------------------------------

    def successors(self, node: int) -> list[int]:
        """Every child of `node` in move order, shared children included."""
        first = self.edge_first[node]
        return [] if first < 0 else list(self.edge_child[first : first + self.edge_count[node]])

    def edges(self, node: int) -> list[tuple[int, int]]:
        """(move, child) for every edge of `node` in move order: the move is this edge's, which
        for a shared child differs from `move[child]` (the move from its first parent)."""
        first = self.edge_first[node]
        if first < 0:
            return []
        stop = first + self.edge_count[node]
        return list(zip(self.edge_move[first:stop], self.edge_child[first:stop], strict=True))

    def move_to(self, parent: int, child: int) -> int:
        """The move of the edge `parent` → `child` (a shared child has one per parent)."""
        return next(move for move, other in self.edges(parent) if other == child)

    def parents(self, node: int) -> list[int]:
        """Every parent of `node`, the first (which created it) first; empty for the root."""
        first = self.parent[node]
        return [] if first == NO_NODE else [first, *self.extra_parents.get(node, ())]

    def ancestors(self, node: int) -> set[int]:
        """Every node with a path down to `node` (through all parents), `node` included."""
        seen = {node}
        stack = [node]
        while stack:
            for parent in self.parents(stack.pop()):
                if parent not in seen:
                    seen.add(parent)
                    stack.append(parent)
        return seen

    def most_proving_child(self, node: int) -> int:
        """Figure 3.4 over every edge: the first child (in move order, shared ones included) whose
        number equals the parent's. Raises ValueError while an update is pending (as `Tree`)."""
        numbers = self.proof if self.flags[node] & OR_NODE else self.disproof
        target = numbers[node]
        for child in self.successors(node):
            if numbers[child] == target:
                return child
        raise ValueError("no child carries the node's number")

    def memory_bytes(self) -> int:
        """Bytes held by the columns, the graph's edges included (the dict of extra parents not)."""
        columns = [getattr(self, name) for name in Tree.__slots__]
        columns += [self.depth, self.marks, self.edge_first, self.edge_count]
        columns += [self.edge_child, self.edge_move]
        return sum(column.itemsize * column.buffer_info()[1] for column in columns)
