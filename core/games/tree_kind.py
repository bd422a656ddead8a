"""Explicit AND/OR trees as a game kind: tree files, built-in and random trees; lines of node
names; proofs checked against the file's own data."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from ..proofs.proof import ProofNode
from ..tree import Tree
from .explicit_tree import TREE_CAPABILITIES, AndOrTree, ExplicitTreeGame
from .kinds import GameKind, Loaded, Refutation, Source, VerifiedProof
from .move_labels import named_move_labels
from .solution import tree_refutation, verify_tree_disproof, verify_tree_proof

TREE = "tree"


def is_snapshot(tree: AndOrTree) -> bool:
    """A tree file that draws a figure (it gives the figure's numbers or its most-proving path)
    shows a search in progress: it opens as that search, not as a game to search from scratch."""
    return bool(tree.nodes[0].children) and (
        bool(tree.most_proving_path) or any(node.expected is not None for node in tree.nodes)
    )


class TreeKind(GameKind[ExplicitTreeGame]):
    """An explicit AND/OR tree read from a file (`core.games.explicit_tree`)."""

    name = ExplicitTreeGame.kind
    title = "explicit AND/OR tree"
    capabilities = TREE_CAPABILITIES
    sources = (TREE,)
    suffixes = {".json": TREE}
    example = Source(TREE, "small-proof")
    disproved_example = Source(TREE, "random:depth=6,branching=2-4,true=0.3,seed=7")
    move_noun = "child"

    def load(self, source: Source) -> Loaded:
        from .tree_catalog import (
            load_tree,  # on demand: the search workers load no tree
        )

        tree = load_tree(source.text)
        return Loaded(source, tree.name or Path(source.text).stem, ExplicitTreeGame(tree))

    def fresh(self, game: ExplicitTreeGame) -> ExplicitTreeGame:
        return ExplicitTreeGame(game.tree)

    def figure(self, game: ExplicitTreeGame) -> AndOrTree | None:
        return game.tree if is_snapshot(game.tree) else None

    def root_text(self, game: ExplicitTreeGame) -> str:
        return game.tree.nodes[0].name

    def position_text(self, game: ExplicitTreeGame, moves: Sequence[int]) -> str:
        return game.tree.nodes[moves[-1] if moves else 0].name

    def fixed_labeller(self, game: ExplicitTreeGame) -> Callable[[int], str]:
        """A tree file's move label belongs to the child node, wherever it is reached from."""
        return game.move_label

    def move_labels(self, game: ExplicitTreeGame, moves: Sequence[int]) -> list[str]:
        """Node names: a tree file's lines name the nodes they pass."""
        return [game.node_name(code) for code in moves]

    def tree_move_labels(
        self, game: ExplicitTreeGame, tree: Tree, nodes: list[int]
    ) -> dict[int, tuple[str, str]]:
        return named_move_labels(game.node_name)(tree, nodes)

    def child_labels(
        self, game: ExplicitTreeGame, line: Sequence[int], codes: Sequence[int]
    ) -> list[str]:
        return [game.node_name(code) for code in codes]

    def position_names(self, game: ExplicitTreeGame) -> list[str]:
        return [node.name for node in game.tree.nodes]

    def verify(self, game: ExplicitTreeGame, proof: ProofNode) -> VerifiedProof:
        return VerifiedProof(verify_tree_proof(game.tree, proof))

    def verify_disproof(
        self, game: ExplicitTreeGame, disproof: ProofNode, max_plies: int | None = None
    ) -> VerifiedProof:
        """A tree search is never bounded by plies (`max_plies` is for mates)."""
        return VerifiedProof(verify_tree_disproof(game.tree, disproof))

    def refutation(self, game: ExplicitTreeGame, tree: Tree) -> Refutation:
        return tree_refutation(game, tree)


TREES = TreeKind()
