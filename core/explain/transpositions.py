"""How often a search tree holds the same position more than once (transpositions, thesis
§3.6.1 and Figures 3.11–3.12): PN search stores each occurrence as its own node, which a
transposition table (df-pn, `core.search.dfpn`) would share.

Positions are identified by the game's `position_hash` (the Polyglot Zobrist hash for chess) on a
fresh cursor, walked depth-first over the first `SAMPLE` nodes created: those form a connected
tree under the root, since a child is always created after its parent.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass

from ..games.game import Game
from ..games.registry import kind_of
from ..search.dag_pn import identity
from ..tree import ROOT, Tree

SAMPLE = 60_000
"""Nodes looked at (about a second of pushes and hashes, in slices)."""

CHUNK = 400
"""Nodes per slice (a push, a hash and a pop each: about 10 ms)."""


@dataclass(frozen=True, slots=True)
class Transpositions:
    """Of `looked_at` nodes, `repeated` stand for a position met before elsewhere in the tree."""

    looked_at: int
    distinct: int

    @property
    def repeated(self) -> int:
        return self.looked_at - self.distinct

    @property
    def share(self) -> float:
        return self.repeated / self.looked_at if self.looked_at else 0.0


def position_key(cursor: Game) -> int:
    """A position's identity for counting: its hash alone, as Figure 3.12's occurrences."""
    return cursor.position_hash()


def position_and_clock_key(cursor: Game) -> int:
    """Hash and halfmove clock together: DAG PN's identity (`core.search.dag_pn.identity`)."""
    return identity(cursor.position_hash(), cursor.halfmove_clock())


def count_transpositions(
    tree: Tree,
    game: Game,
    sample: int = SAMPLE,
    chunk: int = CHUNK,
    key: Callable[[Game], int] = position_key,
) -> Generator[float, None, Transpositions]:
    """Walk the first `sample` nodes with a cursor of its own (the search's stays where it is),
    positions told apart by `key`; yields the share done."""
    cursor = kind_of(game).fresh(game)
    limit = min(sample, len(tree))
    seen: set[int] = set()
    stack: list[tuple[int, bool]] = [(ROOT, False)]
    looked = 0
    move, first_child, child_count = tree.move, tree.first_child, tree.child_count
    while stack:
        node, leaving = stack.pop()
        if leaving:
            cursor.pop()
            continue
        if node != ROOT:
            cursor.push(move[node])
            stack.append((node, True))
        seen.add(key(cursor))
        looked += 1
        if looked % chunk == 0:
            yield looked / limit
        first = first_child[node]
        if first >= 0:
            stack.extend(
                (child, False)
                for child in range(first + child_count[node] - 1, first - 1, -1)
                if child < limit
            )
    return Transpositions(looked, len(seen))
