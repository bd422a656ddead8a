"""Each kind of statement of fact the tool prints or writes, held against a computation that
shares no code with it, for either attacker: "mate in N" and a certified shortest mate and
"no mate in N or fewer" against a brute-force mate search, "no forced mate" against python-chess's
game end, a suite's counts against its rows and the brute force, a board game's verdict against
the tests' exhaustive m,n,k solver, a tree file's verdict against the file's own AND/OR value."""

from __future__ import annotations

import json
import random
import re

import chess
import pytest

from pn_explorer.core.cli.main import main
from pn_explorer.core.games.chess_game import ChessGame
from pn_explorer.core.games.game_specs import parse_game_spec
from pn_explorer.core.games.kinds import Source
from pn_explorer.core.games.mnk import DRAW, SECOND, MnkRules
from pn_explorer.core.games.registry import load_problem
from pn_explorer.core.proofs.claims import (
    NO_FORCED_MATE,
    mate_text,
    no_mate_text,
    shortest_text,
    solved_text,
    verdict,
)
from pn_explorer.core.runs.runner import describe_search
from pn_explorer.core.search.algorithms import AlgorithmSpec, create_search
from pn_explorer.core.search.types import Limits
from tests.fuzz_claims import random_tree, tree_value
from tests.helpers import forced_mate_within, mnk_value

MATES = [
    ("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", chess.WHITE),
    ("k7/8/1K6/8/8/8/8/7R b - - 0 1", chess.WHITE),
    ("7r/8/8/8/8/1k6/8/K7 w - - 0 1", chess.BLACK),
    ("r4bn1/pbp1p3/3p2p1/1B1P3p/1k2P3/2N1B3/PPP3PP/2KR3R w - - 0 1", chess.WHITE),
]
"""Mates in one and two, the attacker to move or not."""


def _attacker_option(fen: str, attacker: chess.Color) -> str:
    return "side-to-move" if chess.Board(fen).turn == attacker else "other"


def _solve(capsys, *args: str) -> tuple[int, str]:
    status = main(["solve", *args])
    return status, capsys.readouterr().out


def test_each_kind_of_sentence_is_spelled_once():
    assert mate_text(2) == "mate in 2" and no_mate_text(1) == "no mate in 1 or fewer"
    assert shortest_text(2) == "mate in 2 is the shortest (no mate in 1 or fewer)"
    assert shortest_text(1) == "mate in 1 is the shortest (nothing is shorter)"
    assert verdict(True, True, 3, "mate") == "mate in 3"
    assert verdict(True, False, 3, "mate") == ""
    assert verdict(False, False, None, NO_FORCED_MATE) == NO_FORCED_MATE
    assert solved_text(3, 5, 2, 1) == "3 of 5 solved (2 proved and verified, 1 disproved)"


@pytest.mark.parametrize("algo", ["pn", "dfpn", "pn2", "dagpn"])
@pytest.mark.parametrize(("fen", "attacker"), MATES)
def test_a_printed_mate_is_a_forced_mate_of_that_length(capsys, algo, fen, attacker):
    side = _attacker_option(fen, attacker)
    status, out = _solve(capsys, fen, "--attacker", side, "--algo", algo)
    assert status == 0
    said = int(re.search(r"^Result     proved: mate in (\d+) ", out, re.MULTILINE).group(1))
    assert forced_mate_within(chess.Board(fen), attacker, said)
    _, out = _solve(capsys, fen, "--attacker", side, "--algo", algo, "--json")
    data = json.loads(out)
    assert data["claim"] == mate_text(said) and data["mate_in"] == said and data["verified"]


@pytest.mark.parametrize(("fen", "attacker"), MATES)
def test_the_shortest_is_the_brute_force_shortest(capsys, fen, attacker):
    side = _attacker_option(fen, attacker)
    _, out = _solve(capsys, fen, "--attacker", side, "--shortest", "--json")
    shortest = json.loads(out)["shortest"]
    n = shortest["mate_in"]
    board = chess.Board(fen)
    assert shortest["certified"] and shortest["text"].startswith(mate_text(n))
    assert n == 1 or no_mate_text(n - 1) in shortest["text"]
    assert forced_mate_within(board, attacker, n)
    assert n == 1 or not forced_mate_within(board, attacker, n - 1)


@pytest.mark.parametrize(("fen", "attacker"), MATES)
@pytest.mark.parametrize("depth", [1, 2])
def test_a_depth_limited_no_mate_holds(capsys, fen, attacker, depth):
    """αβ cut at `depth` says either a mate (true by brute force) or no mate in `depth` or fewer
    (true by brute force), whoever attacks."""
    side = _attacker_option(fen, attacker)
    status, out = _solve(capsys, fen, "--attacker", side, "--algo", "ab", "--depth", str(depth))
    board = chess.Board(fen)
    claims = [int(n) for n in re.findall(r"no mate in (\d+) or fewer", out)]
    mate = re.search(r"^Result     proved: mate in (\d+) ", out, re.MULTILINE)
    assert bool(claims) != bool(mate), out
    for n in claims:
        assert not forced_mate_within(board, attacker, n)
    if mate:
        assert status == 0 and forced_mate_within(board, attacker, int(mate.group(1)))


@pytest.mark.parametrize(
    ("fen", "side"),
    [("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "other"), ("7k/8/8/8/8/8/8/K7 w - - 0 1", None)],
)
def test_no_forced_mate_is_a_game_that_has_ended_or_cannot_end_in_mate(capsys, fen, side):
    extra = ["--attacker", side] if side else []
    _, out = _solve(capsys, fen, *extra, "--json")
    data = json.loads(out)
    assert data["result"] == "disproved" and data["claim"] == NO_FORCED_MATE
    board = chess.Board(fen)
    assert board.is_stalemate() or board.is_insufficient_material()


def test_a_suites_counts_are_the_brute_force_counts(tmp_path, capsys):
    """Mates for either side (bm #1, bm #-1), a stalemate: the summary's counts equal the rows'
    and the rows' mates hold by brute force."""
    epd = tmp_path / "mixed.epd"
    epd.write_text(
        '6k1/5ppp/8/8/8/8/8/R5K1 w - - bm #1; id "a";\n'
        'k7/8/1K6/8/8/8/8/7R b - - bm #-1; id "b";\n'
        '7r/8/8/8/8/1k6/8/K7 w - - bm #-1; id "c";\n'
        '7k/5Q2/6K1/8/8/8/8/8 b - - id "d";\n'
    )
    rows_file = tmp_path / "rows.json"
    assert main(["suite", str(epd), "--json", str(rows_file)]) == 0
    out = capsys.readouterr().out
    data = json.loads(rows_file.read_text())
    proved = disproved = 0
    for row in data["rows"]:
        board = chess.Board(row["fen"])
        attacker = board.turn if row["id"] in "ad" else not board.turn
        mates = forced_mate_within(board, attacker, 1)
        if row["result"] == "proved":
            assert row["verified"] and mates and row["claim"] == mate_text(row["mate_in"])
            proved += 1
        else:
            assert row["result"] == "disproved" and not mates and board.is_game_over()
            disproved += 1
    summary = data["summary"]
    assert (summary["proved"], summary["disproved"]) == (proved, disproved) == (3, 1)
    assert solved_text(4, 4, 3, 1) in out


@pytest.mark.parametrize("player", ["x", "o"])
@pytest.mark.parametrize("goal", ["win", "draw"])
@pytest.mark.parametrize("moves", ["", "b2", "a1.b2.c1"])
def test_a_board_games_verdict_is_its_negamax_value(capsys, player, goal, moves):
    spec = f"tic-tac-toe(goal={goal},player={player}" + (f",moves={moves})" if moves else ")")
    status, out = _solve(capsys, "--game", spec, "--json")
    data = json.loads(out)
    read = parse_game_spec(spec)
    assert isinstance(read.rules, MnkRules)
    holds = mnk_value(read.rules, read.moves)
    assert data["result"] == ("proved" if holds else "disproved")
    who = player.upper()
    expected = {
        (True, "win"): f"{who} can force a win",
        (False, "win"): f"{who} cannot force a win",
        (True, "draw"): f"{who} can at least draw",
        (False, "draw"): f"{who} cannot avoid losing",
    }[(holds, goal)]
    assert data["verdict"] == expected
    _, text = _solve(capsys, "--game", spec)
    assert f": {expected}" in text


def test_a_board_games_record_claims_what_the_negamax_says():
    """The window's result headline reads the record's claim: for O attacking, O's verdict."""
    game = load_problem(Source("game", "tic-tac-toe(player=o,goal=draw)")).game
    search = create_search(AlgorithmSpec("pn"), game, Limits(max_nodes=100_000))
    search.run()
    record = describe_search(game, search, "pn")
    assert mnk_value(MnkRules(3, 3, 3, attacker=SECOND, goal=DRAW))
    assert record.claim == "O can at least draw"


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("algo", ["pn", "pn2", "dfpn"])
def test_a_tree_files_verdict_is_its_and_or_value(tmp_path, capsys, seed, algo):
    data = random_tree(random.Random(seed))
    path = tmp_path / "t.json"
    path.write_text(json.dumps(data))
    main(["solve", "--tree", str(path), "--algo", algo, "--json"])
    result = json.loads(capsys.readouterr().out)["result"]
    truth = tree_value(data)
    assert result == {True: "proved", False: "disproved", None: "unknown"}[truth]


def test_a_mate_for_the_side_not_to_move_is_counted_from_its_first_move():
    """The record's mate length is the attacker's moves, the defender moving first."""
    board = chess.Board(MATES[1][0])
    game = ChessGame(board, attacker=chess.WHITE)
    search = create_search(AlgorithmSpec("pn"), game, Limits(max_nodes=10_000))
    search.run()
    record = describe_search(game, search, "pn")
    assert record.mate_in == 1 and forced_mate_within(board, chess.WHITE, 1)
