"""The checkpoints of a tree search (PN, Pn²): undo, not re-run, to the state after iteration k.

PN and Pn² are deterministic and their (first-level) tree only grows: an iteration appends the
children of one node and changes the numbers of a few nodes on one path (Figures 3.5 and 3.6).
So the state after iteration k is the furthest state reached with

* every column cut to the tree's length after iteration k (rows are appended in order),
* the nodes expanded after k made leaves again, and
* the numbers changed after k set back to what they were: each iteration logs the old numbers of
  the nodes its update changed, as the update changes them (`TreeSearch.number_log`), a few
  entries each (a copy of the whole most-proving path per iteration would make a deep tree's
  recording quadratic).

Every iteration is a checkpoint that costs only what it changed: a restore re-runs nothing, it
undoes (time proportional to the iterations undone, read from flat arrays), and memory is bounded
by the log, measured at about 190 bytes per iteration on WAC.096 — under half of what the
iteration adds to the tree (`pn-explorer bench --replay`). The furthest tree is the source of
every restore; the search that reached it logs its updates into the record and, rebuilt at k and
stepped on to the furthest iteration, a copy takes the logging over.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator
from typing import Any, Protocol

from ..tree import EXPANDED, NO_NODE, Tree
from .types import Checkpoints


class TreeSearch(Protocol):
    """What the history reads of the search it records (`core.search.pn.TreeSearch`)."""

    tree: Tree
    elapsed: float
    number_log: list[int] | None
    """Where the search's updates append (node, old proof, old disproof); None: not logged."""

    @property
    def selected_node(self) -> int: ...

    @property
    def resume_node(self) -> int: ...

    def checkpoint_values(self) -> tuple[int, ...]: ...


UNDO_SLICE = 40_000
"""Undo-log entries applied between two yields of a sliced restore."""


class TreeHistory(Checkpoints):
    """What each iteration changed, in flat arrays indexed by iteration (index 0: the start).

    `length[i]` is the tree's length after iteration i, `selected[i]` the node it expanded or
    evaluated, `current[i]` where its update stopped (the next selection starts there);
    `change_end[i]` ends iteration i's entries in the undo arrays `change_node`, `old_proof`,
    `old_disproof`; `values` the search's own small state (`TreeSearch.checkpoint_values`),
    `width` of them per iteration. `source` is the furthest tree.
    """

    def __init__(self, source: Tree, width: int) -> None:
        super().__init__()
        self.source = source
        self.width = width
        self.length = array("q")
        self.selected = array("q")
        self.current = array("q")
        self.values = array("q")
        self.change_end = array("q")
        self.change_node = array("q")
        self.old_proof = array("q")
        self.old_disproof = array("q")
        self.changes: list[int] = []
        """(node, old proof, old disproof) triples the logging search's updates appended since
        the last checkpoint (`TreeSearch.number_log`)."""
        self.owner: TreeSearch | None = None
        """The search whose updates are logged: the one that reached the furthest iteration."""

    def columns(self) -> list[array[Any]]:
        return [
            *super().columns(),
            self.length,
            self.selected,
            self.current,
            self.values,
            self.change_end,
            self.change_node,
            self.old_proof,
            self.old_disproof,
        ]

    def record(self, search: TreeSearch) -> None:
        """Append the state after the iteration just completed (or the start)."""
        tree = search.tree
        self.source = tree
        changes = self.changes
        self.change_node.extend(changes[0::3])
        self.old_proof.extend(changes[1::3])
        self.old_disproof.extend(changes[2::3])
        changes.clear()
        self.change_end.append(len(self.change_node))
        self.length.append(len(tree))
        self.selected.append(search.selected_node)
        self.current.append(search.resume_node)
        self.elapsed.append(search.elapsed)
        self.values.extend(search.checkpoint_values())

    def log_from(self, search: TreeSearch) -> None:
        """Make `search` (at the last iteration recorded) the one whose updates are logged: the
        tree it grows is the source of later restores; whatever the old owner logged of an
        iteration it had not finished is dropped."""
        if self.owner is not None and self.owner is not search:
            self.owner.number_log = None
        self.owner = search
        self.source = search.tree
        self.changes.clear()
        search.number_log = self.changes

    def tree_at(self, k: int) -> Iterator[Tree | None]:
        """The tree after iteration k, rebuilt from the furthest in slices: yields None between
        pieces of work, then the tree."""
        source = self.source
        length = self.length[k]
        tree = Tree()
        for name in Tree.__slots__:
            setattr(tree, name, getattr(source, name)[:length])
            yield None
        first_child, child_count, flags = tree.first_child, tree.child_count, tree.flags
        parent = source.parent
        grown = [self.length[i] for i in range(k + 1, self.iterations + 1)]
        grown.append(len(source))  # an expansion under way appends after the last iteration
        for end in grown:
            # an expansion appends its children together: the first new row's parent gained them
            node = parent[end - 1]
            if node != NO_NODE and node < length and first_child[node] >= length:
                first_child[node] = NO_NODE
                child_count[node] = 0
                flags[node] &= ~EXPANDED
        proof, disproof = tree.proof, tree.disproof
        nodes, old_proof, old_disproof = self.change_node, self.old_proof, self.old_disproof
        end = self.change_end[-1]
        stop = self.change_end[k]
        while end > stop:
            yield None
            start = max(stop, end - UNDO_SLICE)
            for entry in range(end - 1, start - 1, -1):
                node = nodes[entry]
                if node < length:
                    proof[node] = old_proof[entry]
                    disproof[node] = old_disproof[entry]
            end = start
        yield tree

    def values_at(self, k: int) -> list[int]:
        """The search's own small state after iteration k (`TreeSearch.checkpoint_values`)."""
        return self.values[k * self.width : (k + 1) * self.width].tolist()
