"""Where a search spent its nodes: the subtree under each root move, its numbers and the deepest
line reached in it, from one pass over the tree's columns.

Children are always created after their parent (`core.tree`), so one pass in id order knows every
node's depth and which root move it lies under. The pass is a generator that yields every
`CHUNK` nodes, so the window can run it in slices and never block (a million nodes take a few
seconds in all).
"""

from __future__ import annotations

from array import array
from collections.abc import Generator
from dataclasses import dataclass

from ..tree import EXPANDED, NO_NODE, ROOT, Tree

CHUNK = 5_000
"""Nodes per slice of the pass (about 10 ms)."""


@dataclass(frozen=True, slots=True)
class MoveEffort:
    """One root move: its node, the nodes below it (itself included), its numbers and the
    deepest node reached under it (first created among equals)."""

    node: int
    size: int
    proof: int
    disproof: int
    deepest: int
    deepest_ply: int


@dataclass(frozen=True, slots=True)
class TreeShape:
    """What the pass found: effort per root move (most nodes first), the tree's size and depth,
    and the shallowest open leaf reachable through unsolved nodes (None if there is none)."""

    nodes: int
    moves: list[MoveEffort]
    max_ply: int
    shortest_open_ply: int | None


def measure(tree: Tree, chunk: int = CHUNK) -> Generator[float, None, TreeShape]:
    """The pass over the first `len(tree)` nodes as they are now; yields the share done."""
    count = len(tree)
    parent, flags = tree.parent, tree.flags
    proof, disproof = tree.proof, tree.disproof
    depth = array("i", [0]) * count
    top = array("i", [NO_NODE]) * count
    live = bytearray(count)
    live[ROOT] = int(proof[ROOT] != 0 and disproof[ROOT] != 0)
    sizes: dict[int, int] = {}
    deepest: dict[int, tuple[int, int]] = {}
    shortest_open: int | None = None
    max_ply = 0
    if live[ROOT] and not flags[ROOT] & EXPANDED:
        shortest_open = 0
    for start in range(1, count, chunk):
        for node in range(start, min(start + chunk, count)):
            above = parent[node]
            ply = depth[above] + 1
            depth[node] = ply
            move = node if above == ROOT else top[above]
            top[node] = move
            sizes[move] = sizes.get(move, 0) + 1
            if ply > deepest.get(move, (0, 0))[0]:
                deepest[move] = (ply, node)
                max_ply = max(max_ply, ply)
            if live[above] and proof[node] and disproof[node]:
                live[node] = 1
                if not flags[node] & EXPANDED and (shortest_open is None or ply < shortest_open):
                    shortest_open = ply
        yield min(1.0, (start + chunk) / count)
    moves = [
        MoveEffort(
            child,
            sizes.get(child, 1),
            proof[child],
            disproof[child],
            deepest.get(child, (1, child))[1],
            deepest.get(child, (1, child))[0],
        )
        for child in tree.children(ROOT)
        if child < count
    ]
    moves.sort(key=lambda effort: (-effort.size, effort.node))
    return TreeShape(count, moves, max_ply, shortest_open)
