"""A DAG PN node's parents in words (no Qt): the "2 parents" marker and each parent's line.

A node of DAG PN's graph reached by several paths is drawn once, under its first parent
(`core.search.dag_tree.DagTree`); these words name all its parents, for the tree view's marker and
the node's details beside the board.
"""

from __future__ import annotations

from ...core.games.game import Game
from ...core.games.registry import kind_of
from ...core.search.dag_tree import DagTree
from ...core.tree import Tree


def parents_marker(tree: Tree, node: int) -> str:
    """The words under a shared node ("2 parents"); "" for a node with one parent (every node
    of a tree)."""
    count = len(tree.parents(node))
    return f"{count} parents" if count > 1 else ""


def parent_lines(tree: DagTree, game: Game, node: int) -> list[str]:
    """Each parent's line from the root down to `node`, in the game's notation (numbered SAN
    for chess), first parent first."""
    kind = kind_of(game)
    lines = []
    for parent in tree.parents(node):
        moves = [*tree.moves_to(parent), tree.move_to(parent, node)]
        lines.append(kind.line_text(game, moves))
    return lines


def parents_text(tree: Tree, game: Game, node: int) -> str:
    """A shared node's parents for the node's details: "2 parents (transposition): …"; ""
    otherwise."""
    marker = parents_marker(tree, node)
    if not marker or not isinstance(tree, DagTree):
        return ""
    lines = parent_lines(tree, game, node)
    return f"{marker} (transposition): " + "  |  ".join(lines)
