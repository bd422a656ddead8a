"""The solution as PGN with variations, the tree as GraphML, and the solution tree they read:
re-read by python-chess and networkx, compared with the engine's own tree and verifier."""

import chess
import chess.pgn
import networkx as nx
import pytest
from helpers import drop_a_root_move_from_disproofs, wac

from pn_explorer.core.cli.main import main
from pn_explorer.core.errors import VerificationError
from pn_explorer.core.exports.graphml import tree_graph, write_graphml
from pn_explorer.core.exports.pgn import proof_pgn, refutation_pgn
from pn_explorer.core.games.chess_game import ChessGame, decode_move
from pn_explorer.core.games.move_labels import chess_move_labels
from pn_explorer.core.games.solution import mate_solution
from pn_explorer.core.proofs.proof import ProofNode, disproof_tree
from pn_explorer.core.proofs.solution_tree import (
    SolutionLine,
    refutation_line,
    solution_node_ids,
)
from pn_explorer.core.proofs.verify_disproof import verify_disproof
from pn_explorer.core.search.pn import ProofNumberSearch
from pn_explorer.core.search.types import Result
from pn_explorer.core.tree import ROOT

DRAWN = "k7/P7/1K6/8/8/8/8/8 w - - 0 1"
"""White cannot mate: every king move stalemates Black or loses the pawn (15 nodes to disprove)."""


def _solved(fen_or_id: str) -> tuple[ChessGame, ProofNumberSearch]:
    board = chess.Board(fen_or_id) if "/" in fen_or_id else wac(fen_or_id).board
    game = ChessGame(board)
    search = ProofNumberSearch(game)
    search.run()
    return game, search


def _read(text: str) -> chess.pgn.Game:
    import io

    pgn = chess.pgn.read_game(io.StringIO(text))
    assert pgn is not None and not pgn.errors
    return pgn


def test_the_proofs_pgn_has_the_verified_line_as_main_line_and_every_first_reply():
    game, search = _solved("WAC.001")
    proof = search.proof()
    verified = mate_solution(game, proof)
    pgn = _read(proof_pgn(game, proof, "PN search", search.nodes_created))
    assert [move.uci() for move in pgn.mainline_moves()] == verified.main_line_uci
    assert pgn.headers["Result"] == "1-0" and pgn.headers["FEN"] == game.root_board.fen()
    assert "4,275 nodes created" in pgn.comment and "mate in 2" in pgn.comment
    after_key = pgn.variations[0]
    replies = {variation.move for variation in after_key.variations}
    ((attacker_move, and_node),) = proof.children.items()
    assert after_key.move == decode_move(attacker_move)
    assert replies == {decode_move(code) for code in and_node.children}
    assert replies == set(after_key.board().legal_moves)
    assert all(v.end().board().is_checkmate() for v in after_key.variations)


def test_a_disproofs_pgn_holds_every_attacker_try_and_the_reply_that_holds():
    game, search = _solved(DRAWN)
    assert search.outcome.result is Result.DISPROVED
    pgn = _read(refutation_pgn(game, disproof_tree(search.tree), "PN search", 15))
    tries = {variation.move for variation in pgn.variations}
    assert tries == set(game.root_board.legal_moves)
    assert "no forced mate" in pgn.comment
    assert pgn.headers["Result"] == pgn.end().board().outcome().result() == "1/2-1/2"
    endings = [variation.end() for variation in pgn.variations]
    assert {end.comment for end in endings} == {"stalemate", "insufficient material"}
    assert all(not end.board().is_checkmate() for end in endings)


def test_the_refutation_tree_mirrors_the_proof_rule():
    game, search = _solved(DRAWN)
    tree = search.tree
    refutation = disproof_tree(tree)
    assert len(refutation.children) == len(tree.children(ROOT))
    for child in tree.children(ROOT):
        below = refutation.children[tree.move[child]]
        assert len(below.children) == (1 if tree.is_expanded(child) else 0)
    ids = solution_node_ids(tree, refutation)
    assert all(tree.disproof[node] == 0 for node in ids)


def test_the_refutation_line_is_the_browsers_default_line():
    """One rule for the tree view's red line and the solution browser's first line, on a chess
    disproof and on a hand-made tree where the try with more nodes below refutes sooner."""
    from pn_explorer.core.games.explicit_tree import AndOrTree, ExplicitTreeGame

    game, search = _solved(DRAWN)
    tree = search.tree
    line = SolutionLine(disproof_tree(tree), lambda moves, code: str(code))
    nodes = refutation_line(tree)
    assert nodes[0] == ROOT and [tree.move[node] for node in nodes[1:]] == line.moves
    hand = AndOrTree.from_json_text(
        """{"nodes": [{"id": "A", "type": "OR"}, {"id": "B", "type": "AND"},
        {"id": "C", "type": "AND"}, {"id": "B1", "value": "false"}, {"id": "B2", "value": "true"},
        {"id": "B3", "value": "true"}, {"id": "C1", "type": "OR"},
        {"id": "C1x", "value": "false"}],
        "edges": [{"source": "A", "target": "B"}, {"source": "A", "target": "C"},
        {"source": "B", "target": "B1"}, {"source": "B", "target": "B2"},
        {"source": "B", "target": "B3"}, {"source": "C", "target": "C1"},
        {"source": "C1", "target": "C1x"}]}"""
    )
    search = ProofNumberSearch(ExplicitTreeGame(hand))
    search.run()
    tree = search.tree
    line = SolutionLine(disproof_tree(tree), lambda moves, code: hand.nodes[code].name)
    nodes = refutation_line(tree)
    assert [tree.move[node] for node in nodes[1:]] == line.moves
    assert [hand.nodes[tree.move[node]].name for node in nodes[1:]] == ["C", "C1", "C1x"]
    with pytest.raises(ValueError):
        refutation_line(_solved("WAC.001")[1].tree)


def test_the_line_follows_the_longest_defence_and_takes_any_reply():
    game, search = _solved("WAC.001")
    proof = search.proof()
    line = SolutionLine(proof, lambda moves, code: game.board_after(moves).san(decode_move(code)))
    assert line.moves == proof.main_line()
    options = line.options(1)
    replies = next(iter(proof.children.values())).children
    assert {option.move for option in options} == set(replies)
    assert options[0].move == proof.main_line()[1] and options[0].label == "Rg8"
    other = next(option for option in options if option.label == "fxg6")
    line.choose(1, other.move)
    assert game.san_line(line.moves) == ["Qg6", "fxg6", "Nxg6#"]
    assert line.options(0)[0].plies == 3 and other.plies == 2


def test_a_set_of_nodes_closed_under_parents_is_exported_as_given(tmp_path):
    from pn_explorer.core.exports.graphml import nodes_graph

    game, search = _solved("WAC.001")
    tree = search.tree
    labels = chess_move_labels(game.root_board)
    first = sorted(tree.children(ROOT), key=lambda child: -len(tree.children(child)))[:3]
    assert tree.children(first[0])
    chosen = [ROOT, *first, *tree.children(first[0])]
    path = tmp_path / "part.graphml"
    write_graphml(nodes_graph(tree, labels, chosen), path)
    graph = nx.read_graphml(path, node_type=int)
    assert set(graph.nodes) == set(chosen)
    assert all(
        (data["pn"], data["dn"]) == tree.numbers(node) for node, data in graph.nodes(data=True)
    )
    with pytest.raises(ValueError):
        nodes_graph(tree, labels, [ROOT, *tree.children(first[0])])


def test_the_graphml_reread_has_the_trees_nodes_and_numbers(tmp_path):
    game, search = _solved("WAC.001")
    tree = search.tree
    path = tmp_path / "tree.graphml"
    write_graphml(tree_graph(tree, chess_move_labels(game.root_board), len(tree)), path)
    graph = nx.read_graphml(path, node_type=int)
    assert graph.number_of_nodes() == len(tree) and graph.number_of_edges() == len(tree) - 1
    for node, data in graph.nodes(data=True):
        assert (data["pn"], data["dn"]) == (tree.proof[node], tree.disproof[node])
        assert data["type"] == ("OR" if tree.is_or(node) else "AND")
    proof_ids = {node for node, data in graph.nodes(data=True) if data["solution"]}
    assert proof_ids == solution_node_ids(tree, search.proof())
    main = [n for n, d in graph.nodes(data=True) if d["solution"] and d["depth"] == 1]
    assert [graph.nodes[n]["move"] for n in main] == ["Qg6"]
    assert graph.nodes[main[0]]["uci"] == "g3g6"


def test_the_graphml_stops_breadth_first_at_the_stated_size(tmp_path):
    game, search = _solved("WAC.001")
    graph = tree_graph(search.tree, chess_move_labels(game.root_board), 100)
    assert graph.number_of_nodes() == 100
    depths = [data["depth"] for _node, data in graph.nodes(data=True)]
    assert depths == sorted(depths)
    assert len(search.tree.children(ROOT)) < 100 and max(depths) == 2


def test_solve_exports_pgn_and_graphml(tmp_path, capsys):
    pgn_path, graph_path = tmp_path / "p.pgn", tmp_path / "t.graphml"
    argv = ["solve", "--epd", "wac-mates", "--id", "1", "--export-pgn", str(pgn_path)]
    assert main([*argv, "--export-graphml", str(graph_path), "--export-max-nodes", "500"]) == 0
    moves = [move.uci() for move in _read(pgn_path.read_text()).mainline_moves()]
    assert moves == ["g3g6", "d8g8", "g6h7"]
    assert nx.read_graphml(graph_path).number_of_nodes() == 500
    assert "Exported" in capsys.readouterr().err


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--export-pgn", "/nonexistent-dir/p.pgn"], "cannot write /nonexistent-dir/p.pgn"),
        (["--export-graphml", "/nonexistent-dir/t.graphml"], "/nonexistent-dir/t.graphml"),
        (["--max-nodes", "100", "--export-pgn", "x.pgn"], "ended unsolved"),
        (["--algo", "dfpn", "--export-tree", "t.json"], "the df-pn search keeps no tree"),
        (["--algo", "ab", "--export-tree", "t.json"], "the αβ mate search keeps no tree"),
    ],
)
def test_export_mistakes_are_one_line_and_exit_2(argv, message, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["solve", "--epd", "wac-mates", "--id", "1", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    "size, words",
    [
        ("0", "must be positive"),
        ("2000001", "'2000001' is too large (at most 2,000,000)"),
        ("lots", "must be a whole number"),
    ],
)
def test_a_bad_export_size_is_refused_before_the_search(size, words, capsys):
    with pytest.raises(SystemExit) as exit_status:
        main(["solve", "--epd", "wac-mates", "--id", "1", "--export-max-nodes", size])
    assert exit_status.value.code == 2
    err = capsys.readouterr().err
    assert f"--export-max-nodes {words}" in err and len(err.strip().splitlines()) == 1


def test_a_rejected_proof_is_never_exported():
    game, search = _solved("WAC.001")
    broken = ProofNode(True, {search.proof().main_line()[0]: ProofNode(False)})
    with pytest.raises(VerificationError, match="not mated"):
        proof_pgn(game, broken, "PN search", 1)


@pytest.mark.parametrize("option", ["--export-pgn", "--export-moves"])
def test_a_disproof_the_replay_did_not_certify_is_never_exported(
    option, tmp_path, capsys, monkeypatch
):
    """The record withdraws its "no forced mate": no file says it either."""
    drop_a_root_move_from_disproofs(monkeypatch)
    path = tmp_path / "refutation"
    assert main(["solve", DRAWN, "--quiet", option, str(path)]) == 2
    err = capsys.readouterr().err
    assert "the disproof was not certified by the replay" in err
    assert len(err.strip().splitlines()) == 1 and not path.exists()


def _moves(node: chess.pgn.GameNode) -> dict:
    """A PGN's variations as the nested UCI dicts the replay reads."""
    return {child.move.uci(): _moves(child) for child in node.variations}


def test_the_exported_refutation_is_the_disproof_the_replay_certified(tmp_path, capsys):
    """Every search exports the disproof it reads out, df-pn (which keeps no tree) and αβ (which
    keeps the last iteration's refutations) included, and the file's moves, replayed on their
    own, are a disproof."""
    rook_pawn = "7k/8/7P/6K1/8/8/8/8 w - - 0 1"
    searches = (("pn", rook_pawn), ("pn2", rook_pawn), ("dfpn", rook_pawn), ("dagpn", DRAWN))
    for algo, fen in (*searches, ("ab", DRAWN)):
        path = tmp_path / f"{algo}.pgn"
        args = ["solve", fen, "--algo", algo, "--quiet", "--export-pgn", str(path)]
        assert main(args) == 10
        capsys.readouterr()
        with path.open(encoding="utf-8") as handle:
            game = chess.pgn.read_game(handle)
        assert game is not None and "No forced mate" in game.headers["Event"]
        verified = verify_disproof(fen, _moves(game), chess.WHITE, None)
        assert verified.nodes > 1
