"""The AND/OR search tree, stored column-wise so that a node costs about 31 bytes (BYTES_PER_NODE).

One node is one index into parallel `array` columns. Children of a node are created together by
one expansion, so they occupy a contiguous block of indices: a node needs only its first child and
a count, and the proof numbers of all its children are one slice (summed or minimised in C). The
tree only grows: Pn² throws a second-level tree away by dropping that search's whole tree.

Views read the tree between steps through the accessor methods below without copying it.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Sequence

from .values import Reason, Value, solved_value

NO_NODE = -1
ROOT = 0

BYTES_PER_NODE = 31.3
"""What a node costs the process, measured: `pn-explorer bench` builds a 1,000,000-node PN tree
(WAC.096) in a fresh process and divides the growth of its resident memory by the nodes in memory
(the run is in `docs/benchmarks.md`). Re-measure with `pn-explorer bench` after changing the
columns. The memory gauge's estimate uses it."""

# Bit layout of the per-node flags byte.
OR_NODE = 0x01
EXPANDED = 0x02
EVALUATED = 0x04
VALUE_SHIFT = 3
VALUE_MASK = 0x03 << VALUE_SHIFT
REASON_SHIFT = 5
REASON_MASK = 0x07 << REASON_SHIFT


def pack_flags(is_or: bool, value: Value, reason: Reason, evaluated: bool = True) -> int:
    """Flags byte of a freshly created node."""
    return (
        (OR_NODE if is_or else 0)
        | (EVALUATED if evaluated else 0)
        | (int(value) << VALUE_SHIFT)
        | (int(reason) << REASON_SHIFT)
    )


MOST_CHILDREN = 2**16 - 1
"""The most children a node can have: `child_count` holds 16 bits (a chess position has at most
218 moves; a tree file's wider node is refused as it is read)."""


class Tree:
    """Column-wise AND/OR tree with proof and disproof numbers.

    Columns (all indexed by node id): `parent`, `first_child` (NO_NODE until expanded),
    `child_count`, `proof`, `disproof`, `move` (the game's code of the move into the node) and
    `flags` (OR/AND, expanded, evaluated, value, reason).
    """

    __slots__ = ("parent", "first_child", "child_count", "proof", "disproof", "move", "flags")

    def __init__(self) -> None:
        self.parent = array("i")
        self.first_child = array("i")
        self.child_count = array("H")
        self.proof = array("q")
        self.disproof = array("q")
        self.move = array("I")
        self.flags = array("B")

    def __len__(self) -> int:
        return len(self.flags)

    # -- building -------------------------------------------------------------------------------

    def add_root(
        self,
        is_or: bool,
        value: Value,
        reason: Reason,
        proof: int,
        disproof: int,
        evaluated: bool = True,
    ) -> int:
        """Start the tree: the root has no parent and no move into it."""
        if len(self):
            raise ValueError("the tree already has a root")
        self._append(NO_NODE, 0, is_or, value, reason, proof, disproof, evaluated)
        return ROOT

    def _append(
        self,
        parent: int,
        move: int,
        is_or: bool,
        value: Value,
        reason: Reason,
        proof: int,
        disproof: int,
        evaluated: bool,
    ) -> None:
        self.parent.append(parent)
        self.first_child.append(NO_NODE)
        self.child_count.append(0)
        self.proof.append(proof)
        self.disproof.append(disproof)
        self.move.append(move)
        self.flags.append(pack_flags(is_or, value, reason, evaluated))

    def add_children(
        self,
        node: int,
        moves: list[int],
        flags: Iterable[int],
        proofs: list[int],
        disproofs: list[int],
    ) -> int:
        """Attach a whole expansion at once (children are contiguous); returns the first id."""
        first = len(self.flags)
        count = len(moves)
        self.parent.extend([node] * count)
        self.first_child.extend([NO_NODE] * count)
        self.child_count.extend([0] * count)
        self.proof.extend(proofs)
        self.disproof.extend(disproofs)
        self.move.extend(moves)
        self.flags.frombytes(bytes(flags))
        self.first_child[node] = first
        self.child_count[node] = count
        self.flags[node] |= EXPANDED
        return first

    # -- reading (for views, solutions and tests) ---------------------------------------------

    def children(self, node: int) -> range:
        """Ids of a node's children, in move order (empty until expanded)."""
        first = self.first_child[node]
        return range(0) if first == NO_NODE else range(first, first + self.child_count[node])

    def successors(self, node: int) -> Sequence[int]:
        """Every child the search reaches from `node`: in a tree its children (a DAG's tree,
        `core.search.dag_tree.DagTree`, adds the children it shares with other parents)."""
        return self.children(node)

    def move_to(self, parent: int, child: int) -> int:
        """The move from `parent` to its child `child` (in a tree, the move into `child`)."""
        return self.move[child]

    def parents(self, node: int) -> list[int]:
        """Every parent of `node`: in a tree its one parent, none for the root (a DAG's tree,
        `core.search.dag_tree.DagTree`, adds the parents that link to a shared node)."""
        first = self.parent[node]
        return [] if first == NO_NODE else [first]

    def is_or(self, node: int) -> bool:
        """True for an OR node (attacker to move), False for an AND node."""
        return bool(self.flags[node] & OR_NODE)

    def is_expanded(self, node: int) -> bool:
        return bool(self.flags[node] & EXPANDED)

    def is_evaluated(self, node: int) -> bool:
        return bool(self.flags[node] & EVALUATED)

    def value(self, node: int) -> Value:
        """The node's value as the search knows it now: from its numbers once solved."""
        return solved_value(self.proof[node], self.disproof[node])

    def evaluation(self, node: int) -> Value:
        """What the evaluation function said when the node was created (before any expansion)."""
        return Value((self.flags[node] & VALUE_MASK) >> VALUE_SHIFT)

    def reason(self, node: int) -> Reason:
        """Why the evaluation solved the node (checkmate, stalemate, ...), or Reason.NONE."""
        return Reason((self.flags[node] & REASON_MASK) >> REASON_SHIFT)

    def numbers(self, node: int) -> tuple[int, int]:
        """(proof, disproof) of a node; INF stands for infinity."""
        return self.proof[node], self.disproof[node]

    def is_solved(self, node: int) -> bool:
        return self.proof[node] == 0 or self.disproof[node] == 0

    def path_to(self, node: int) -> list[int]:
        """Node ids from the root down to `node`, both included."""
        path = [node]
        parent = self.parent
        while parent[node] != NO_NODE:
            node = parent[node]
            path.append(node)
        path.reverse()
        return path

    def moves_to(self, node: int) -> list[int]:
        """Move codes from the root to `node` (empty for the root)."""
        move = self.move
        return [move[n] for n in self.path_to(node)[1:]]

    def subtree_size(self, node: int) -> int:
        """Number of nodes in the subtree rooted at `node` (itself included)."""
        size = 0
        stack = [node]
        first_child, child_count = self.first_child, self.child_count
        while stack:
            current = stack.pop()
            size += 1
            first = first_child[current]
            if first != NO_NODE:
                stack.extend(range(first, first + child_count[current]))
        return size

    def most_proving_child(self, node: int) -> int:
        """The child selection of Figure 3.4: first child whose number equals the parent's."""
        first = self.first_child[node]
        stop = first + self.child_count[node]
        if self.flags[node] & OR_NODE:
            return self.proof.index(self.proof[node], first, stop)
        return self.disproof.index(self.disproof[node], first, stop)

    def most_proving_path(self, start: int = ROOT) -> list[int]:
        """Root-to-leaf path that Figure 3.4 would walk now (empty if the start is solved).

        Between an expansion and its update a just-expanded node's numbers are not yet its
        children's: the walk then ends at that node, which is where the search stands.
        """
        if not len(self) or self.is_solved(start):
            return []
        path = self.path_to(start)
        node = start
        while self.flags[node] & EXPANDED:
            try:
                node = self.most_proving_child(node)
            except ValueError:
                break
            path.append(node)
        return path

    def memory_bytes(self) -> int:
        """Bytes held by the columns (what a node costs in this layout, without Python overhead)."""
        return sum(
            column.itemsize * column.buffer_info()[1]
            for column in (getattr(self, name) for name in self.__slots__)
        )
