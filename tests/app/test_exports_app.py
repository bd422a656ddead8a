"""File ▸ Export on a session, a tree view and the solution browser (no window): the files are
written, re-read by python-chess, networkx and an XML parser, and compared with the engine's
state; an unwritable file is one error naming it, and the session goes on."""

import io
import xml.etree.ElementTree as ElementTree

import chess.pgn
import networkx as nx
import pytest
from PySide6.QtGui import QImage

from pn_explorer.app.menus.exports import Exporter, export_menu, write_pgn
from pn_explorer.app.problems.search_setup import SearchParams
from pn_explorer.app.problems.sources import SUITE, Source
from pn_explorer.app.result.solution_browser import SolutionBrowser
from pn_explorer.app.tree_view.layout import NODE
from pn_explorer.core.errors import ExportError
from pn_explorer.core.games.chess_game import ChessGame
from pn_explorer.core.proofs.proof import disproof_tree
from pn_explorer.core.runs.runner import describe_search
from pn_explorer.core.search.pn import ProofNumberSearch
from tests.app.stage import Stage
from tests.helpers import drop_a_root_move_from_disproofs

WAC_001 = Source(SUITE, "wac-mates", "WAC.001")


def _stage(qtbot, params=None):
    """The exporter over a session with WAC.001 open, a tree view and a solution browser."""
    window = Stage()
    window.tree_view = window.add_tree_view()
    window.solution_browser = SolutionBrowser()
    window.on_close(window.solution_browser.cancel_check)
    window.exporter = Exporter(window.session, window, window.tree_view, window.solution_browser)
    qtbot.addWidget(window)
    window.resize(1600, 1000)
    window.show()
    window.open(WAC_001, params or SearchParams())
    window.driver = window.session.driver
    return window


def _solved_window(qtbot, params=None):
    window = _stage(qtbot, params)
    window.driver.run_to_end()
    qtbot.waitUntil(lambda: window.driver.finished_search, timeout=20000)
    window.session.wait_for_solution()
    qtbot.waitUntil(lambda: window.session.solution is not None, timeout=20000)
    window.solution_browser.show_solution(window.session.search, window.session.solution)
    qtbot.waitUntil(lambda: window.solution_browser.line is not None, timeout=20000)
    return window


def _said(window) -> str:
    return window.said[-1] if window.said else ""


def test_the_export_menu_lists_every_export(qtbot):
    window = _stage(qtbot)
    export = export_menu(window.exporter, window)
    assert [a.text() for a in export.actions()] == [
        "Proof (or refutation) as &PGN…",
        "Proof (or refutation) as a &move tree…",
        "Tree as &GraphML…",
        "&Visible part of the tree as GraphML…",
        "Tree view as P&NG…",
        "Tree view as &SVG…",
        "&Window as PNG…",
    ]


def test_pgn_and_graphml_from_the_window(qtbot, tmp_path):
    window = _solved_window(qtbot)
    pgn_path, graph_path = tmp_path / "proof.pgn", tmp_path / "tree.graphml"
    window.exporter.pgn(str(pgn_path))
    window.exporter.graphml(str(graph_path))
    window.exporter.wait()
    qtbot.waitUntil(lambda: "GraphML" in _said(window), timeout=10000)
    game = chess.pgn.read_game(io.StringIO(pgn_path.read_text(encoding="utf-8")))
    assert [m.uci() for m in game.mainline_moves()] == ["g3g6", "d8g8", "g6h7"]
    assert window.session.solution.main_line == ["Qg6", "Rg8", "Qh7#"]
    tree = window.driver.search.tree
    graph = nx.read_graphml(graph_path, node_type=int)
    assert graph.number_of_nodes() == len(tree)
    assert all(
        (data["pn"], data["dn"]) == tree.numbers(node) for node, data in graph.nodes(data=True)
    )


def test_the_visible_part_of_the_tree_as_graphml(qtbot, tmp_path):
    """The nodes the tree view draws, with their numbers and edges: not the whole tree."""
    window = _solved_window(qtbot)
    path = tmp_path / "visible.graphml"
    window.exporter.visible_graphml(str(path))
    window.exporter.wait()
    qtbot.waitUntil(lambda: "GraphML" in _said(window), timeout=10000)
    tree = window.driver.search.tree
    drawn = {
        item.node
        for item in window.tree_view.displayed_nodes()
        if item.kind == NODE and item.level == 1
    }
    graph = nx.read_graphml(path, node_type=int)
    assert set(graph.nodes) == drawn and 1 < len(drawn) < len(tree)
    assert all(
        (data["pn"], data["dn"]) == tree.numbers(node) for node, data in graph.nodes(data=True)
    )
    assert set(graph.edges) == {(tree.parent[node], node) for node in drawn if node != 0}
    message = _said(window)
    assert f"the {len(drawn)} nodes the tree view shows (of {len(tree):,})" in message


def test_pictures_of_the_tree_view_and_the_window(qtbot, tmp_path):
    window = _solved_window(qtbot)
    svg, png, whole = tmp_path / "tree.svg", tmp_path / "tree.png", tmp_path / "window.png"
    window.exporter.view_svg(str(svg))
    window.exporter.view_png(str(png))
    window.exporter.window_png(str(whole))
    root = ElementTree.parse(svg).getroot()
    texts = {"".join(element.itertext()).strip() for element in root.iter()}
    assert {"Qg6", "Rg8", "Qh7#"} <= texts
    view = window.tree_view
    ratio = view.devicePixelRatioF()
    image = QImage(str(png))
    assert (image.width(), image.height()) == (
        round(view.width() * ratio),
        round(view.height() * ratio),
    )
    shot = QImage(str(whole))
    assert (shot.width(), shot.height()) == (
        round(window.width() * ratio),
        round(window.height() * ratio),
    )
    assert whole.stat().st_size > 0 and png.stat().st_size > 0


def test_an_unwritable_export_is_one_error_naming_the_file(qtbot):
    window = _solved_window(qtbot)
    dialogs = window.errors
    window.exporter.pgn("/nonexistent-dir/proof.pgn")
    window.exporter.wait()
    qtbot.waitUntil(lambda: bool(dialogs), timeout=10000)
    assert dialogs[0][0] == "Cannot export" and "/nonexistent-dir/proof.pgn" in dialogs[0][1]
    window.exporter.view_svg("/nonexistent-dir/tree.svg")
    window.exporter.window_png("/nonexistent-dir/window.png")
    assert [text for _title, text in dialogs[1:]] == [
        "cannot write /nonexistent-dir/tree.svg: No such file or directory",
        "cannot write /nonexistent-dir/window.png: the PNG could not be saved there",
    ]
    assert window.isVisible() and window.driver.search.tree.proof[0] == 0


def test_before_a_solution_pgn_export_says_why_not(qtbot):
    window = _stage(qtbot)
    window.exporter.pgn("unused.pgn")
    assert window.errors and window.errors[0][0] == "Nothing to export"


def test_dag_pn_graphml_from_the_window_keeps_every_parent(qtbot, tmp_path):
    """DAG PN's proof as PGN, and its graph exported whole: one node per graph node, an edge from
    the parent that created it and a `link` edge from each other parent, as `parents()` has
    them."""
    window = _solved_window(qtbot, SearchParams("dagpn"))
    pgn_path, path = tmp_path / "proof.pgn", tmp_path / "graph.graphml"
    window.exporter.pgn(str(pgn_path))
    window.exporter.graphml(str(path))
    window.exporter.wait()
    qtbot.waitUntil(lambda: "GraphML" in _said(window), timeout=10000)
    game = chess.pgn.read_game(io.StringIO(pgn_path.read_text(encoding="utf-8")))
    assert [m.uci() for m in game.mainline_moves()] == ["g3g6", "d8g8", "g6h7"]
    search = window.driver.search
    graph = nx.read_graphml(path, node_type=int)
    assert graph.number_of_nodes() == len(search.tree) == 4_040
    shared = [node for node in graph.nodes if len(search.parents(node)) > 1]
    assert shared
    for node in graph.nodes:
        assert sorted(graph.predecessors(node)) == sorted(search.parents(node))
        assert graph.nodes[node]["children"] == len(search.children(node))
    links = [edge for edge in graph.edges if graph.edges[edge].get("link")]
    assert sorted(links) == sorted(
        (parent, node) for node in shared for parent in search.parents(node)[1:]
    )


def test_a_disproof_the_replay_did_not_certify_is_never_written_as_pgn(tmp_path, monkeypatch):
    """The refutation PGN says "no forced mate": not for a disproof the replay rejected."""
    drop_a_root_move_from_disproofs(monkeypatch)
    game = ChessGame(chess.Board("k7/P7/1K6/8/8/8/8/8 w - - 0 1"))
    search = ProofNumberSearch(game)
    search.run()
    record = describe_search(game, search, "pn")
    assert record.uncertified
    path = tmp_path / "refutation.pgn"
    with pytest.raises(ExportError, match="not certified by the replay"):
        write_pgn(str(path), search, record, (disproof_tree(search.tree), False))
    assert not path.exists()
