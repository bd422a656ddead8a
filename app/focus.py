"""Which node the board shows and what it shows for it: pure functions of the search.

A node is named by (level, id): level 1 is the (first-level) tree, level 2 the live Pn²
second-level tree, whose root stands on a first-level node. Reading only the trees and the game's
kind (`core.games.kinds.GameKind`: lines, descriptions), never the game cursor, keeps views out of
the search's way; what a position looks like is the business of the board panel's picture for
its game kind (`app.board.describe`).
"""

from __future__ import annotations

from ..core.games.game import Game
from ..core.games.registry import kind_of
from ..core.search.contract import Stepper, kept_tree, second_level, second_level_root
from ..core.tree import ROOT, Tree
from ..core.values import REASON_TEXT, Reason, format_number
from .board.describe import describe_position
from .position_view import PositionView
from .short_text import short_label
from .tree_view.dag_parents import parents_text

FIRST_LEVEL, SECOND_LEVEL = 1, 2
"""Levels as the tree view numbers them: 1 = the (first-level) tree, 2 = Pn²'s second level."""


def second_level_search(search: Stepper) -> Stepper | None:
    """The live second-level search of a Pn² search, or None (always None for PN)."""
    return second_level(search)


def second_level_anchor(search: Stepper) -> int | None:
    """The first-level node the live second-level search evaluates, or None."""
    return second_level_root(search)


def tree_at(search: Stepper, level: int) -> Tree | None:
    """The tree a (level, node) pair refers to, as drawn (None if that level does not exist
    now): df-pn's level 1 is its display tree of the recursion path."""
    if level == FIRST_LEVEL:
        return search.drawn_tree
    inner = second_level_search(search)
    return None if inner is None else inner.tree


def moves_to(search: Stepper, level: int, node: int) -> list[int]:
    """Game move codes from the game's root to a node of either level."""
    if level == FIRST_LEVEL:
        return search.drawn_tree.moves_to(node)
    anchor = second_level_anchor(search)
    inner = second_level_search(search)
    if anchor is None or inner is None:
        return []
    return kept_tree(search).moves_to(anchor) + kept_tree(inner).moves_to(node)


def exists(search: Stepper, level: int, node: int) -> bool:
    tree = tree_at(search, level)
    return tree is not None and 0 <= node < len(tree)


def update_pending(search: Stepper, level: int, node: int) -> bool:
    """True for the node just expanded (Pn²: evaluated) whose update phase comes next, as the
    stepper of that level says."""
    stepper = search if level == FIRST_LEVEL else second_level(search)
    return stepper is not None and stepper.update_pending and stepper.selected_node == node


def most_proving_node(search: Stepper) -> tuple[int, int]:
    """(level, id) of the current most-proving node: in the second-level tree while one runs."""
    inner = second_level_search(search)
    if inner is not None and len(kept_tree(inner)):
        return SECOND_LEVEL, (kept_tree(inner).most_proving_path() or [ROOT])[-1]
    return FIRST_LEVEL, (search.drawn_tree.most_proving_path() or [ROOT])[-1]


def node_details(tree: Tree, node: int, leaf_values: bool) -> str:
    """OR/AND, numbers and status of one node, in the paper's words; `leaf_values`: say so where
    a node's value is the file's (a tree file's leaves)."""
    kind = "OR node (attacker to move)" if tree.is_or(node) else "AND node (defender to move)"
    proof, disproof = tree.numbers(node)
    text = f"{kind} · proof {format_number(proof)} · disproof {format_number(disproof)}"
    if proof == 0:
        text += " · proved"
    elif disproof == 0:
        text += " · disproved"
    reason = tree.reason(node)
    if reason not in (Reason.NONE, Reason.TREE_VALUE) or (
        reason is Reason.TREE_VALUE and leaf_values
    ):
        text += f" ({REASON_TEXT[reason]})"
    if not tree.is_expanded(node) and not tree.is_solved(node):
        text += " · leaf"
    return text


def position_view(search: Stepper, game: Game, level: int, node: int, heading: str) -> PositionView:
    """What the board panel shows for node (level, node) of `search` on `game`."""
    tree = tree_at(search, level)
    if tree is None or not 0 <= node < len(tree):
        level, node, tree = FIRST_LEVEL, ROOT, search.drawn_tree
    moves = moves_to(search, level, node)
    details = node_details(tree, node, game.capabilities.named_nodes)
    if level == SECOND_LEVEL:
        details = "second-level tree · " + details
    else:
        shared = parents_text(tree, game, node)
        details += f"\n{shared}" if shared else ""
    return _view(game, moves, level, node, heading, details)


def line_view(game: Game, moves: list[int], ply: int, heading: str) -> PositionView:
    """The position after the first `ply` moves of a line (playing through a solution), read
    from the game, not a tree: df-pn's proof is not in the tree it draws."""
    return _view(game, moves[:ply], FIRST_LEVEL, ROOT, heading, f"move {ply} of {len(moves)}")


def _view(
    game: Game, moves: list[int], level: int, node: int, heading: str, details: str
) -> PositionView:
    line = kind_of(game).line_text(game, moves, label=short_label, elide=True)
    position, lastmove, check = describe_position(game, moves)
    return PositionView(
        level, node, heading, position, lastmove, line, details, check, game.kind, tuple(moves)
    )
