"""Export a search tree as a networkx graph / node-link JSON file that PN Explorer reads back.

The file is an explicit AND/OR tree (`core.games.explicit_tree`): internal nodes carry their type,
leaves their value as the search knows it (true / false / unknown), every node its move label and
the proof and disproof numbers it had (`expected_proof` / `expected_disproof`), so a chess search
can be reopened as a tree, shown, stepped on by hand and compared with a figure.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import chess

from ..errors import PnExplorerError
from ..games.game import Game
from ..games.move_labels import chess_move_labels
from ..games.registry import kind_of
from ..tree import ROOT, Tree
from ..values import INF

if TYPE_CHECKING:
    import networkx as nx

MAX_EXPORT_NODES = 200_000
"""Larger trees make files nobody can read and graphs networkx builds slowly: refused."""


def _number(value: int) -> int | str:
    return "inf" if value >= INF else value


def search_graph(tree: Tree, labels: list[str], name: str = "") -> nx.DiGraph:
    """The tree as a DiGraph; `labels[i]` is node i's name (its move for chess, '' for the root)."""
    if len(tree) > MAX_EXPORT_NODES:
        raise PnExplorerError(
            f"the tree has {len(tree):,} nodes; export handles at most {MAX_EXPORT_NODES:,}"
        )
    import networkx as nx  # dear to import: only where a graph is made

    graph = nx.DiGraph(name=name)
    for node in range(len(tree)):
        attributes: dict[str, object] = {
            "label": labels[node] or "root",
            "type": "OR" if tree.is_or(node) else "AND",
            "expected_proof": _number(tree.proof[node]),
            "expected_disproof": _number(tree.disproof[node]),
        }
        if not tree.is_expanded(node):
            attributes["value"] = tree.value(node).name.lower()
        graph.add_node(node, **attributes)
        if node != ROOT:
            graph.add_edge(tree.parent[node], node)
    return graph


def write_node_link(graph: nx.DiGraph, path: str | Path) -> None:
    """Write `graph` as node-link JSON (the format `AndOrTree.from_file` reads)."""
    import networkx as nx

    data = nx.node_link_data(graph, edges="edges")
    try:
        Path(path).write_text(
            json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
        )
    except OSError as error:
        raise PnExplorerError(f"cannot write {path}: {error.strerror or error}") from None


def chess_labels(tree: Tree, root_board: chess.Board) -> list[str]:
    """SAN of the move into every node (the GraphML export's walk, over the whole tree)."""
    found = chess_move_labels(root_board)(tree, list(range(len(tree))))
    return [found[node][0] for node in range(len(tree))]


def move_labels(game: Game, tree: Tree) -> list[str]:
    """The move into every node in the game's own notation (SAN for chess, cells, OpenSpiel's
    action names, a tree file's move labels), walking the whole tree with one cursor."""
    found = kind_of(game).tree_move_labels(game, tree, list(range(len(tree))))
    return [found[node][0] for node in range(len(tree))]
