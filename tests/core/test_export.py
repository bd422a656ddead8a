"""Exporting a search tree as a node-link tree file that the app and `solve --tree` read back."""

import json

import pytest
from helpers import wac

from pn_explorer.core.cli import export
from pn_explorer.core.cli.export import chess_labels, search_graph, write_node_link
from pn_explorer.core.cli.main import main
from pn_explorer.core.errors import PnExplorerError
from pn_explorer.core.games.chess_game import ChessGame
from pn_explorer.core.games.explicit_tree import AndOrTree, ExplicitTreeGame
from pn_explorer.core.search.pn import ProofNumberSearch
from pn_explorer.core.search.types import Result
from pn_explorer.core.values import INF


def test_a_chess_search_round_trips_as_a_tree_file(tmp_path):
    game = ChessGame(wac("WAC.004").board)
    search = ProofNumberSearch(game)
    search.run()
    path = tmp_path / "wac4.json"
    write_node_link(
        search_graph(search.tree, chess_labels(search.tree, game.root_board), "WAC.004"), path
    )
    tree = AndOrTree.from_file(path)
    assert tree.name == "WAC.004" and len(tree.nodes) == len(search.tree)
    names = {node.name for node in tree.nodes}
    assert {"Qxh7+", "Kxh7", "hxg6#"} <= names
    root = tree.nodes[0]
    assert root.is_or and root.expected == (0, INF)
    reloaded = ProofNumberSearch(ExplicitTreeGame(tree))
    assert reloaded.run().result is Result.PROVED
    assert [tree.nodes[code].name for code in reloaded.proof().main_line()] == [
        "Qxh7+",
        "Kxh7",
        "hxg6#",
    ]


def test_solve_export_tree_option(tmp_path, capsys):
    path = tmp_path / "out.json"
    assert main(["solve", "--epd", "wac-mates", "--id", "5", "--export-tree", str(path)]) == 0
    data = json.loads(path.read_text())
    assert len(data["nodes"]) == 57 and len(data["edges"]) == 56
    assert "Exported   57 nodes" in capsys.readouterr().err


def test_export_refuses_huge_trees_and_alpha_beta(monkeypatch, capsys):
    search = ProofNumberSearch(ChessGame(wac("WAC.004").board))
    search.run()
    monkeypatch.setattr(export, "MAX_EXPORT_NODES", 50)
    with pytest.raises(PnExplorerError, match="at most 50"):
        search_graph(search.tree, [""] * len(search.tree))
    assert (
        main(
            [
                "solve",
                "--epd",
                "wac-mates",
                "--id",
                "4",
                "--algo",
                "ab",
                "--export-tree",
                "/tmp/never.json",
            ]
        )
        == 2
    )
    assert "needs a tree search" in capsys.readouterr().err
