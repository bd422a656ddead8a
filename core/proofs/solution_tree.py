"""The solution of a solved search as one browsable tree of moves: the proof of a proved root, or
the refutation tree of a disproved one, and a line through it chosen reply by reply.

A refutation tree is the proof's mirror image (thesis §3.1: disproving an OR node needs every
child disproved, an AND node one): at each attacker (OR) node every try, at each defender (AND)
node the one reply that holds (`refuting_reply`, the one the flat refutation list names). It is
returned in the proof's own shape (`ProofNode`), so the browser and the PGN export read both alike.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..tree import ROOT, Tree
from .proof import (
    ProofNode,
    disproof_tree,
    proof_tree,
    refutation_children,
)


def refutation_line(tree: Tree, root: int = ROOT) -> list[int]:
    """The nodes of a disproof's default line, read straight from the search tree: at OR nodes
    the try whose refutation lasts most plies (the first in move order on ties), at AND nodes the
    reply that holds. It is `SolutionLine`'s default on `disproof_tree`, so the tree view's
    red line and the solution browser's first line are one rule."""
    if tree.disproof[root] != 0:
        raise ValueError("the node is not disproved")
    depth = _refutation_depths(tree, root)
    line = [root]
    node = root
    while chosen := refutation_children(tree, node):
        node = max(chosen, key=depth.__getitem__)
        line.append(node)
    return line


def _refutation_depths(tree: Tree, root: int) -> dict[int, int]:
    """Plies below every node of the refutation tree, children before parents (a post-order
    walk: in a DAG's tree a shared child may have a smaller id than one of its parents)."""
    depth: dict[int, int] = {}
    stack = [(root, False)]
    while stack:
        node, children_done = stack.pop()
        if node in depth:
            continue
        children = refutation_children(tree, node)
        if children and not children_done:
            stack.append((node, True))
            stack.extend((child, False) for child in children if child not in depth)
        else:
            depth[node] = 1 + max(depth[child] for child in children) if children else 0
    return depth


def solution_of(tree: Tree) -> tuple[ProofNode, bool] | None:
    """The solved root's proof (True) or refutation tree (False) read from the search tree alone,
    or None while the root is unsolved."""
    if tree.proof[ROOT] == 0:
        return proof_tree(tree), True
    if tree.disproof[ROOT] == 0:
        return disproof_tree(tree), False
    return None


def solution_node_ids(tree: Tree, solution: ProofNode, root: int = ROOT) -> set[int]:
    """The search-tree nodes the solution passes through (it may reach below the tree: Pn²'s
    proofs re-search what the second level discarded; those parts have no node here)."""
    found = {root}
    stack = [(root, solution)]
    while stack:
        node, sub = stack.pop()
        by_move = {tree.move_to(node, child): child for child in tree.successors(node)}
        for move, below in sub.children.items():
            child = by_move.get(move)
            if child is not None and child not in found:
                found.add(child)
                stack.append((child, below))
    return found


def solution_stats(solution: ProofNode) -> tuple[int, int]:
    """(distinct nodes, plies of the longest line) of a proof or refutation tree."""
    depths = solution.depths()
    return solution.size(), depths[id(solution)]


@dataclass(frozen=True, slots=True)
class Option:
    """One move the browser offers at a ply: its code, its label and the plies below it to the
    end of the solution (the move itself included)."""

    move: int
    label: str
    plies: int


class SolutionLine:
    """A line through a proof or refutation tree that the user steers ply by ply.

    By default every ply follows the longest-lasting branch, so a proof's line is its main line
    (the defender resisting longest, the first such reply in move order) and a refutation's the
    attacker try that survives longest; `choose` takes another move at any ply and continues
    below it by the same rule. Pure state: the app's panel shows it, tests drive it.
    """

    def __init__(self, solution: ProofNode, label: Callable[[list[int], int], str]) -> None:
        """`label(line, move)` names `move` played after `line` (SAN for chess)."""
        self.solution = solution
        self.label = label
        self._depths = solution.depths()
        self.moves: list[int] = []
        self.choose(0, None)

    def node_at(self, ply: int) -> ProofNode:
        """The solution's node after the first `ply` moves of the line."""
        node = self.solution
        for move in self.moves[:ply]:
            node = node.children[move]
        return node

    def options(self, ply: int) -> list[Option]:
        """The moves the solution holds at `ply` (before the line's move `ply`), longest first."""
        return self._options_at(self.node_at(ply), ply)

    def options_from(self, first: int, count: int) -> list[list[Option]]:
        """`options` of up to `count` plies from `first` on, walking the line once (a browser
        shows a page of a line thousands of plies long: a walk from the root per ply would cost
        the square of the depth)."""
        node = self.node_at(first)
        pages: list[list[Option]] = []
        for ply in range(first, min(first + count, len(self.moves))):
            pages.append(self._options_at(node, ply))
            node = node.children[self.moves[ply]]
        return pages

    def _options_at(self, node: ProofNode, ply: int) -> list[Option]:
        line = self.moves[:ply]
        options = [
            Option(move, self.label(line, move), 1 + self._depths[id(child)])
            for move, child in node.children.items()
        ]
        order = {move: index for index, move in enumerate(node.children)}
        return sorted(options, key=lambda option: (-option.plies, order[option.move]))

    def choose(self, ply: int, move: int | None) -> None:
        """Play `move` at `ply` (None: the longest branch) and continue by the longest branch."""
        node = self.node_at(ply)
        line = self.moves[:ply]
        while node.children:
            if move is None:
                move = max(node.children, key=lambda code: self._depths[id(node.children[code])])
            line.append(move)
            node = node.children[move]
            move = None
        self.moves = line
