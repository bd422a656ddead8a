"""DAG PN's expand phase told in words: the children it linked to positions already in the graph.

A DAG PN expansion does not create a child whose position is already in the graph
(`core.search.dag_pn`): it links the existing node, which then has one parent more. The tree
view draws that node once, under the parent that created it, so the narration says where it
was created and how many parents it has now. Pure functions of the search (no Qt).
"""

from __future__ import annotations

from itertools import pairwise

from ...core.games.registry import kind_of
from ...core.search.contract import Stepper, kept_tree
from ..short_text import short_label

NAMED_LINKS = 3
"""Linked children told one by one; the rest are counted ("… and 4 more linked")."""


def move_labels(search: Stepper, moves: list[int]) -> list[str]:
    """Labels of a line of moves from the game's root: SAN for chess, names for trees."""
    game = search.game
    return [short_label(label) for label in kind_of(game).move_labels(game, moves)]


def walk_labels(search: Stepper, path: list[int]) -> list[str]:
    """Labels of the moves along a first-level walk from the root (`StepReport.path`): on a
    DAG the walk may enter a shared node from a parent other than the one that created it."""
    tree = kept_tree(search)
    return move_labels(search, [tree.move_to(parent, child) for parent, child in pairwise(path)])


def _numbered_line(search: Stepper, moves: list[int]) -> str:
    """A line for a sentence: numbered SAN for chess ("1. Qxg7+ Kxg7 2. Nh5+"), names joined
    by arrows for a tree file."""
    game = search.game
    return kind_of(game).line_text(game, moves, label=short_label)


def describe_links(search: Stepper, parent: int, linked: list[int]) -> str:
    """The children `parent`'s expansion linked instead of creating, in a sentence a class
    understands: the move, the line the position was first reached by, its parents now."""
    tree = search.drawn_tree
    if not linked:
        return ""
    line = tree.moves_to(parent)
    parts: list[str] = []
    for child in linked[:NAMED_LINKS]:
        move = move_labels(search, [*line, tree.move_to(parent, child)])[-1]
        first = _numbered_line(search, tree.moves_to(child))
        count = len(tree.parents(child))
        parts.append(
            f"{move} reaches a position already in the graph (via {first}): linked, not "
            f"created — it now has {count} parents"
            if not parts
            else f"{move} likewise (via {first}) — {count} parents"
        )
    more = len(linked) - len(parts)
    if more:
        parts.append(f"… and {more} more linked the same way")
    head = "Transposition" if len(linked) == 1 else f"Transpositions ({len(linked)})"
    return f"{head}: " + "; ".join(parts) + "."
