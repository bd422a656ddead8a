"""Board games on the command line beyond `solve`: `suite`, `compare` and `bench` with `--game`
(one game, several, the ladder), the move-tree export for every game, GraphML on a game, and the
bad inputs each refuses in one line. Every verdict is checked against an independent judge: the
plain m,n,k referee, OpenSpiel's implementation of the same game, or python-chess."""

from __future__ import annotations

import json
import sys

import chess
import networkx as nx
import pytest

from pn_explorer.core.cli.main import main as cli_main
from pn_explorer.core.cli.output import EXIT_DISPROVED, EXIT_PROVED
from pn_explorer.core.games.game_specs import LADDER, parse_game_list, parse_game_spec
from pn_explorer.core.games.mnk import MnkReferee, MnkRules
from pn_explorer.core.games.openspiel_game import OpenSpielReferee
from pn_explorer.core.proofs.proof import ProofNode
from pn_explorer.core.proofs.referee import verify_game_proof
from tests.helpers import mnk_value

TIC_TAC_TOE = "tic-tac-toe"
DRAWN = "tic-tac-toe(goal=draw)"
SMALL_FOUR = "connect-four(columns=4,rows=4,goal=draw,moves=b1.c1)"


def _cell(rules: MnkRules, name: str) -> int:
    """A cell's name ("b2": column b, row 2 from the bottom) as the game's move code."""
    return rules.cell(ord(name[0]) - ord("a"), int(name[1:]) - 1)


def _replays(rules: MnkRules, line: list[str]) -> bool:
    """Whether a main line of cell names is legal on the plain referee and reaches the goal."""
    referee = MnkReferee(rules)
    for name in line:
        if _cell(rules, name) not in referee.legal():
            return False
        referee.play(_cell(rules, name))
    return referee.goal_reached() is True


def _proof_from_moves(entries: list[dict], is_or: bool, code) -> ProofNode:
    """The exported move tree back as a proof, each label turned into a move code by `code`."""
    return ProofNode(
        is_or,
        {
            code(entry["move"]): _proof_from_moves(entry.get("then", []), not is_or, code)
            for entry in entries
        },
    )


# -- suite, compare, bench ---------------------------------------------------------------------


def test_suite_runs_games_and_every_proof_replays_on_the_plain_referee(tmp_path, capsys):
    out_file = tmp_path / "rows.json"
    args = ["suite", "--game", TIC_TAC_TOE, "--game", DRAWN, "--algo", "dagpn"]
    assert cli_main([*args, "--json", str(out_file)]) == 0
    out = capsys.readouterr().out
    assert "DAG PN search on 2 games" in out
    assert "X wins" in out and "X at least draws" in out
    assert "X cannot force a win" in out and "X can at least draw: " in out
    assert "2 of 2 solved (1 proved and verified, 1 disproved)" in out
    assert "bm" not in out
    data = json.loads(out_file.read_text())
    rows = {row["id"]: row for row in data["rows"]}
    assert rows[TIC_TAC_TOE]["result"] == "disproved"
    assert rows[DRAWN]["result"] == "proved" and rows[DRAWN]["verified"] is True
    rules = parse_game_spec(DRAWN).rules
    assert _replays(rules, rows[DRAWN]["main_line"])


def test_compare_runs_the_game_searches_side_by_side_and_they_agree(tmp_path, capsys):
    out_file = tmp_path / "compare.json"
    assert (
        cli_main(["compare", "--game", DRAWN, "--game", SMALL_FOUR, "--json", str(out_file)]) == 0
    )
    out = capsys.readouterr().out
    assert "solved — pn: 2/2  dagpn: 2/2  dfpn: 2/2  abtt: 2/2" in out
    assert "thesis" not in out  # the WAC comparison is for chess suites
    data = json.loads(out_file.read_text())
    assert data["algorithms"] == ["pn", "dagpn", "dfpn", "abtt"]
    for row in data["rows"]:
        assert all(
            run["peak_memory"] is None or run["peak_memory"] >= 0 for run in row["runs"].values()
        )
        assert {run["result"] for run in row["runs"].values()} == {"proved"}
        assert all(run["verified"] for run in row["runs"].values())


def test_bench_measures_each_search_on_each_game(capsys):
    assert cli_main(["bench", "--game", DRAWN, "--game", "mnk(m=4,n=4,k=3)", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    found = {(row["game"], row["algorithm"]): row["result"] for row in data["rows"]}
    assert found == {
        (game, search): "proved"
        for game in (DRAWN, "mnk(m=4,n=4,k=3)")
        for search in ("pn", "dagpn", "dfpn", "abtt")
    }
    assert all(row["nodes"] > 0 for row in data["rows"])
    assert all(row["peak_bytes"] is None or row["peak_bytes"] >= 0 for row in data["rows"])
    assert cli_main(["bench", "--game", TIC_TAC_TOE, "--algo", "dfpn"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2 and " dfpn " in lines[1] and " disproved " in lines[1]


def test_the_ladder_is_a_list_of_games_in_order_each_once():
    games = parse_game_list(["ladder", TIC_TAC_TOE, "connect-four(columns=5,rows=5)"])
    assert [game.text for game in games] == [*LADDER, "connect-four(columns=5,rows=5)"]


@pytest.mark.parametrize(
    ("spec", "result", "words"),
    [
        (TIC_TAC_TOE, "disproved", "X cannot force a win"),
        (DRAWN, "proved", "X can at least draw"),
        ("tic-tac-toe(player=o)", "disproved", "O cannot force a win"),
        ("tic-tac-toe(player=o,goal=draw)", "proved", "O can at least draw"),
        ("tic-tac-toe(player=o,moves=a1.b2.c3)", "disproved", "O cannot force a win"),
        ("tic-tac-toe(player=o,moves=a1.c1.b1)", "proved", "O can force a win"),
        ("tic-tac-toe(goal=draw,moves=a1.c1.b1)", "disproved", "X cannot avoid losing"),
        ("openspiel:tic_tac_toe(player=second,goal=draw)", "proved", "player 2 can at least draw"),
    ],
)
def test_the_goal_is_the_users_choice_and_the_verdict_says_it(capsys, spec, result, words):
    """Who attacks and for what (a win, or at least a draw), from the start or a position: the
    verdict in the goal's words, and the same verdict from an exhaustive search of the rules."""
    status = cli_main(["solve", "--game", spec, "--json"])
    data = json.loads(capsys.readouterr().out)
    assert (data["result"], data["verdict"]) == (result, words)
    assert status == (EXIT_PROVED if result == "proved" else EXIT_DISPROVED)
    rules = parse_game_spec(spec).rules
    if isinstance(rules, MnkRules):  # an OpenSpiel game is judged by OpenSpiel
        assert mnk_value(rules, parse_game_spec(spec).moves) is (result == "proved")


# -- the move tree -----------------------------------------------------------------------------


def test_the_move_tree_of_a_board_game_replays_on_openspiel(tmp_path, capsys):
    """A tic-tac-toe proof exported as JSON, read back cell by cell, is accepted by OpenSpiel's own
    tic-tac-toe (action = row from the top × 3 + column)."""
    path = tmp_path / "proof.json"
    assert cli_main(["solve", "--game", DRAWN, "--export-moves", str(path)]) == 0
    assert "as a move tree" in capsys.readouterr().err
    data = json.loads(path.read_text())
    assert data["result"] == "proved" and data["verified"] is True and data["game"] == "mnk"
    assert data["to_move"] == "attacker" and data["moves"][0]["side"] == "attacker"

    def action(name: str) -> int:
        column, row = ord(name[0]) - ord("a"), int(name[1:]) - 1
        return (2 - row) * 3 + column

    proof = _proof_from_moves(data["moves"], True, action)
    referee = OpenSpielReferee("tic_tac_toe", attacker=0, goal="draw")
    assert verify_game_proof(referee, proof).nodes == proof.size() == data["moves_written"] + 1


def test_the_move_tree_of_connect_four_replays_on_openspiel(tmp_path, capsys):
    path = tmp_path / "proof.json"
    spec = "connect-four(columns=4,rows=4,goal=draw)"
    assert cli_main(["solve", "--game", spec, "--algo", "dfpn", "--export-moves", str(path)]) == 0
    data = json.loads(path.read_text())
    proof = _proof_from_moves(data["moves"], True, lambda name: ord(name[0]) - ord("a"))
    referee = OpenSpielReferee("connect_four(rows=4,columns=4)", attacker=0, goal="draw")
    assert verify_game_proof(referee, proof).plies >= 8


def test_a_refutation_tree_answers_every_attacker_try(tmp_path, capsys):
    path = tmp_path / "refutation.json"
    args = ["solve", "--game", "openspiel:tic_tac_toe", "--export-moves", str(path)]
    assert cli_main(args) == EXIT_DISPROVED
    data = json.loads(path.read_text())
    assert data["result"] == "disproved" and data["verified"] is None
    assert len(data["moves"]) == 9  # every first move of X
    assert all(len(entry["then"]) == 1 for entry in data["moves"])  # one reply holds each
    assert data["moves"][0]["move"] == "x(0,0)"  # OpenSpiel's own notation


def test_the_move_tree_of_a_chess_mate_is_san_that_python_chess_replays(tmp_path, capsys):
    json_path, text_path = tmp_path / "mate.json", tmp_path / "mate.txt"
    args = ["solve", "--epd", "wac-mates", "--id", "WAC.001"]
    assert cli_main([*args, "--export-moves", str(json_path)]) == 0
    assert cli_main([*args, "--export-moves", str(text_path)]) == 0
    data = json.loads(json_path.read_text())
    board = chess.Board(data["start"])

    def mates(entries: list[dict]) -> bool:
        for entry in entries:
            board.push_san(entry["move"])
            ok = mates(entry["then"]) if "then" in entry else board.is_checkmate()
            board.pop()
            if not ok:
                return False
        return True

    assert data["moves"][0]["move"] == "Qg6" and mates(data["moves"])
    text = text_path.read_text().splitlines()
    assert text[0].startswith("# WAC.001: proved (mate in 2)")
    moves = [line for line in text if not line.startswith("#")]
    assert moves[0] == "Qg6" and moves[1] == "  Rg8" and moves[2] == "    Qh7#"
    assert len(moves) == data["moves_written"]


def test_the_move_tree_of_a_tree_file_uses_its_labels(tmp_path, capsys):
    path = tmp_path / "tree.txt"
    assert cli_main(["solve", "--tree", "small-proof", "--export-moves", str(path)]) == 0
    moves = [line for line in path.read_text().splitlines() if not line.startswith("#")]
    assert moves[0] == "C" and "  H" in moves


def test_an_unsolved_search_has_no_move_tree(tmp_path, capsys):
    path = tmp_path / "none.json"
    args = ["solve", "--game", "connect-four", "--max-nodes", "500"]
    assert cli_main([*args, "--export-moves", str(path)]) == 2
    err = capsys.readouterr().err
    assert "nothing to export as move tree" in err and err.count("\n") == 1
    assert not path.exists()


def test_graphml_works_unchanged_on_a_game(tmp_path, capsys):
    path = tmp_path / "tree.graphml"
    assert cli_main(["solve", "--game", SMALL_FOUR, "--export-graphml", str(path)]) == 0
    graph = nx.read_graphml(path)
    moves = {data["move"] for _, data in graph.nodes(data=True)} - {"root"}
    assert moves and all(move[0] in "abcd" and move[1:].isdigit() for move in moves)
    assert graph.number_of_edges() == graph.number_of_nodes() - 1


# -- bad inputs --------------------------------------------------------------------------------


BAD_GAMES = [
    ("chess", "unknown game 'chess'"),
    ("mnk(m=0)", "from 1"),
    ("mnk(m=1e9)", "whole number"),
    ("mnk(m=3,n=3,k=4)", "cannot fit"),
    ("tic-tac-toe(moves=b2.b2)", "b2 is not a legal move"),
    ("openspiel:kuhn_poker", "hides information"),
    ("openspiel:morpion_solitaire", "1 player, not two"),
    ("openspiel:hex(board_size=3,moves=z9)", "'z9' is not legal here"),
]


@pytest.mark.parametrize(("spec", "words"), BAD_GAMES, ids=[spec for spec, _ in BAD_GAMES])
@pytest.mark.parametrize("command", ["solve", "suite", "compare", "bench"])
def test_a_bad_game_is_one_line_and_exit_2(capsys, command, spec, words):
    assert cli_main([command, "--game", spec]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"pn-explorer {command}: error: ") and err.count("\n") == 1
    assert words in err


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["suite"], "give a suite"),
        (["suite", "wac-mates", "--game", DRAWN], "either a suite or --game"),
        (["suite", "--game", DRAWN, "--ids", "1"], "--ids works on chess positions"),
        (["suite", "--game", DRAWN, "--algo", "ab", "--ordering", "power"], "another ordering"),
        (["compare", "--game", DRAWN, "--ordering-report"], "--ordering-report works on chess"),
        (["compare", "--game", DRAWN, "--algos", "pn,uci:stockfish"], "checks chess mates"),
        (
            ["compare", "--game", DRAWN, "--algos", "pn,ab", "--ordering", "power"],
            "another ordering",
        ),
        (["bench", "--time", "5"], "give --game"),
        (["bench", "--game", DRAWN, "--replay"], "--replay"),
        (["solve", "--game", "ladder"], "a list of games"),
        (["solve", "--game", DRAWN, "--export-pgn", "x.pgn"], "--export-moves"),
    ],
)
def test_options_that_do_not_fit_games_are_one_line_and_exit_2(capsys, tmp_path, args, words):
    assert cli_main(args) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err


@pytest.mark.parametrize("command", ["solve", "suite", "compare", "bench"])
def test_without_the_openspiel_extra_the_message_says_how_to_install_it(
    capsys, monkeypatch, command
):
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # `import pyspiel` now fails
    assert cli_main([command, "--game", "openspiel:hex(board_size=3)"]) == 2
    err = capsys.readouterr().err
    assert "install pn-explorer[openspiel]" in err and err.count("\n") == 1
    assert cli_main([command, "--game", DRAWN]) == 0  # the built-in games need no extra
    assert "proved" in capsys.readouterr().out
