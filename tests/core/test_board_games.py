"""The m,n,k family (tic-tac-toe, 4,4,3, Connect-Four) and OpenSpiel's games: rules against a
plain second implementation, every result against an exhaustive αβ with a memo, every proof
replayed move for move on OpenSpiel's implementation of the same game."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pn_explorer.core.cli.bench_games import main as bench_games
from pn_explorer.core.cli.main import main as cli_main
from pn_explorer.core.cli.output import EXIT_DISPROVED
from pn_explorer.core.errors import GameSpecError, InvalidPositionError, VerificationError
from pn_explorer.core.games.game_specs import parse_game_spec
from pn_explorer.core.games.mnk import (
    DRAW,
    FIRST,
    SECOND,
    WIN,
    MnkGame,
    MnkReferee,
    MnkRules,
    board_text,
)
from pn_explorer.core.games.mnk_kind import MNK
from pn_explorer.core.games.openspiel_game import OpenSpielGame, OpenSpielReferee
from pn_explorer.core.proofs.proof import ProofNode
from pn_explorer.core.proofs.referee import verify_game_proof
from pn_explorer.core.search.dag_pn import DagProofNumberSearch
from pn_explorer.core.search.dfpn import DfpnSearch
from pn_explorer.core.search.pn import ProofNumberSearch
from pn_explorer.core.search.types import Limits, Result
from pn_explorer.core.values import Value
from tests.helpers import mnk_value

SEARCHES = [ProofNumberSearch, DagProofNumberSearch, DfpnSearch]


@settings(max_examples=60, deadline=None)
@given(
    rules=st.sampled_from(
        [
            MnkRules(3, 3, 3),
            MnkRules(3, 3, 3, attacker=SECOND, goal=DRAW),
            MnkRules(4, 4, 3),
            MnkRules(4, 4, 4, gravity=True),
            MnkRules(4, 4, 3, gravity=True, attacker=SECOND),
        ]
    ),
    choices=st.lists(st.integers(min_value=0, max_value=40), max_size=12),
)
def test_what_expanding_decides_one_ply_ahead_agrees_with_exhaustive_search(rules, choices):
    """A child the expansion solves before the game is over (a loss in one, a double threat,
    no line left to make) has the exhaustive value it is given; a child flagged as a win in one
    has the attacker to move with a line to make; an unsolved child's mobility counts at least
    one move and at most all of them."""
    game = MnkGame(rules)
    for choice in choices:
        legal = game.ordered_moves()
        if not legal:
            break
        game.push(legal[choice % len(legal)])
    expansion = game.expand(100, mates_in_one=True)
    assert expansion is not None and expansion.mates_in_one is not None
    for index, move in enumerate(expansion.moves):
        game.push(move)
        over = game.evaluate().value is not Value.UNKNOWN
        value = expansion.values[index]
        if value is not Value.UNKNOWN and not over:
            assert mnk_value(rules, game.moves) is (value is Value.TRUE)
        if expansion.mates_in_one[index]:
            assert game.is_or() and value is Value.UNKNOWN
            wins = []
            for reply in game.ordered_moves():
                game.push(reply)
                wins.append(game.evaluate().value is Value.TRUE)
                game.pop()
            assert any(wins)
        if value is Value.UNKNOWN:
            assert 1 <= expansion.mobility[index] <= len(game.ordered_moves())
        game.pop()


def test_the_forced_block_is_the_one_move_searched():
    """X threatens d1 on Connect-Four 4×4: O's other replies are flagged as lost at once; O
    threatens b4: X's other moves are disproved as they are generated."""
    rules = MnkRules(4, 4, 4, gravity=True)
    a1, b1, c1, d1 = (rules.cell(column, 0) for column in range(4))
    a2, b2 = rules.cell(0, 1), rules.cell(1, 1)
    game = MnkGame(rules, [a1, a2, b1, b2, c1])
    expansion = game.expand(100, mates_in_one=True)
    assert expansion is not None and expansion.mates_in_one is not None
    flagged = {m for m, win in zip(expansion.moves, expansion.mates_in_one, strict=True) if win}
    assert flagged == set(expansion.moves) - {d1}
    b3, b4 = rules.cell(1, 2), rules.cell(1, 3)
    threatened = MnkGame(rules, [a1, b1, a2, b2, d1, b3]).expand(100)
    assert threatened is not None
    unsolved = [
        move
        for move, value in zip(threatened.moves, threatened.values, strict=True)
        if value is Value.UNKNOWN
    ]
    assert unsolved == [b4]


@settings(max_examples=60, deadline=None)
@given(
    shape=st.sampled_from([(3, 3, 3, False), (4, 4, 3, False), (4, 4, 4, True), (5, 4, 3, True)]),
    choices=st.lists(st.integers(min_value=0, max_value=40), max_size=20),
)
def test_rules_agree_with_a_plain_second_implementation(shape, choices):
    """Legal moves, the end of the game and its winner, after any random play."""
    width, height, k, gravity = shape
    rules = MnkRules(width, height, k, gravity)
    game, referee = MnkGame(rules), MnkReferee(rules)
    for choice in [*choices, None]:
        legal = game.ordered_moves()
        assert sorted(legal) == sorted(referee.legal())
        evaluation = game.evaluate()
        over = referee.goal_reached()
        if over is None:
            assert evaluation.value is Value.UNKNOWN and evaluation.mobility == len(legal)
        else:
            assert evaluation.value is (Value.TRUE if over else Value.FALSE)
        if choice is None or not legal:
            break
        move = legal[choice % len(legal)]
        game.push(move)
        referee.play(move)


def test_hash_is_the_same_whatever_the_order():
    rules = MnkRules(3, 3, 3)
    a = MnkGame(rules, [rules.cell(0, 0), rules.cell(1, 1), rules.cell(2, 2)])
    b = MnkGame(rules, [rules.cell(2, 2), rules.cell(1, 1), rules.cell(0, 0)])
    c = MnkGame(rules, [rules.cell(0, 0), rules.cell(2, 2), rules.cell(1, 1)])
    assert a.position_hash() == b.position_hash() != c.position_hash()
    a.pop()
    a.push(rules.cell(2, 2))
    assert a.position_hash() == b.position_hash()
    assert board_text(c) == "..O\n.X.\nX.."


LADDER = [
    MnkRules(3, 3, 3),
    MnkRules(3, 3, 3, goal=DRAW),
    MnkRules(3, 3, 3, attacker=SECOND, goal=DRAW),
    MnkRules(3, 3, 3, attacker=SECOND),
    MnkRules(4, 4, 3),
    MnkRules(4, 4, 4, gravity=True),
    MnkRules(4, 4, 4, gravity=True, goal=DRAW),
]


def _openspiel(rules: MnkRules) -> tuple[str, object]:
    """OpenSpiel's name for the same game and the map from our cells to its actions."""
    if rules.gravity:
        spec = f"connect_four(rows={rules.height},columns={rules.width},x_in_row={rules.k})"
        return spec, lambda cell: cell // rules.column_bits
    spec = (
        "tic_tac_toe"
        if (rules.width, rules.height, rules.k) == (3, 3, 3)
        else (f"mnk(m={rules.width},n={rules.height},k={rules.k})")
    )
    return spec, lambda cell: (cell % rules.column_bits) * rules.width + cell // rules.column_bits


def _mapped(proof: ProofNode, action) -> ProofNode:
    return ProofNode(
        proof.is_or, {action(m): _mapped(c, action) for m, c in proof.children.items()}
    )


@pytest.mark.parametrize("rules", LADDER, ids=lambda r: f"{r.width}{r.height}{r.k}{r.gravity}{r}")
@pytest.mark.parametrize("search", SEARCHES, ids=lambda s: s.__name__)
def test_results_match_exhaustive_search_and_proofs_replay_on_openspiel(rules, search):
    expected = mnk_value(rules)
    found = search(MnkGame(rules), Limits(max_nodes=500_000))
    outcome = found.run()
    assert outcome.result is (Result.PROVED if expected else Result.DISPROVED)
    if not expected:
        return
    proof = found.proof()
    assert verify_game_proof(MnkReferee(rules), proof).nodes > 0
    spec, action = _openspiel(rules)
    referee = OpenSpielReferee(spec, attacker=rules.attacker, goal=rules.goal)
    assert verify_game_proof(referee, _mapped(proof, action)).plies > 0


def test_a_false_proof_is_rejected_by_both_referees():
    rules = MnkRules(3, 3, 3)
    centre = rules.cell(1, 1)
    corner = rules.cell(0, 0)
    stops = ProofNode(True, {centre: ProofNode(False)})
    one_reply = ProofNode(True, {centre: ProofNode(False, {corner: ProofNode(True)})})
    for proof, words in ((stops, "the game goes on"), (one_reply, "is not answered")):
        with pytest.raises(VerificationError, match=words):
            verify_game_proof(MnkReferee(rules), proof)
        with pytest.raises(VerificationError, match=words):
            referee = OpenSpielReferee("tic_tac_toe")
            verify_game_proof(referee, _mapped(proof, _openspiel(rules)[1]))


@pytest.mark.parametrize(
    ("spec", "goal", "result"),
    [
        ("tic_tac_toe", WIN, Result.DISPROVED),
        ("tic_tac_toe", DRAW, Result.PROVED),
        ("hex(board_size=3)", WIN, Result.PROVED),
    ],
)
@pytest.mark.parametrize("search", SEARCHES, ids=lambda s: s.__name__)
def test_openspiel_games_are_searched_and_verified(spec, goal, result, search):
    found = search(OpenSpielGame(spec, goal=goal), Limits(max_nodes=200_000))
    assert found.run().result is result
    if result is Result.PROVED:
        verify_game_proof(OpenSpielReferee(spec, goal=goal), found.proof())


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda: MnkRules(0, 3, 3), "width must be from 1"),
        (lambda: MnkRules(10**9, 3, 3), "width must be from 1"),
        (lambda: MnkRules(3, 3, 4), "cannot fit"),
        (lambda: MnkRules(3, 3, 3, goal="lose"), "goal"),
        (lambda: MnkRules(3, 3, 3, attacker=2), "attacker"),
        (lambda: OpenSpielGame("backgammon"), "chance moves"),
        (lambda: OpenSpielGame("kuhn_poker"), "hides information"),
        (lambda: OpenSpielGame("tic_tak_toe"), "did you mean tic_tac_toe"),
        (lambda: OpenSpielGame("connect_four(rows=x)"), "Wrong type"),
    ],
)
def test_bad_game_specs_are_one_line_errors(make, words):
    with pytest.raises(GameSpecError, match=words) as raised:
        make()
    assert "\n" not in str(raised.value)


def test_illegal_start_moves_are_refused():
    rules = MnkRules(3, 3, 3)
    with pytest.raises(InvalidPositionError, match="b2 is not a legal move"):
        MnkGame(rules, [rules.cell(1, 1), rules.cell(1, 1)])
    won = [rules.cell(0, 0), rules.cell(0, 1), rules.cell(1, 0), rules.cell(1, 1), rules.cell(2, 0)]
    with pytest.raises(InvalidPositionError, match="already over"):
        MnkGame(rules, [*won, rules.cell(2, 2)])
    connect = MnkRules(4, 4, 4, gravity=True)
    with pytest.raises(InvalidPositionError, match="a2 is not a legal move"):
        MnkGame(connect, [connect.cell(0, 1)])
    with pytest.raises(InvalidPositionError):
        OpenSpielGame("tic_tac_toe", start=(4, 4))


def test_goal_and_side_are_the_users_choice():
    rules = MnkRules(3, 3, 3, attacker=SECOND, goal=DRAW)
    game = MnkGame(rules)
    assert not game.is_or() and MNK.goal_words(*MNK.goal_of(game)) == "O at least draws"
    first = MnkGame(MnkRules(3, 3, 3))
    assert MNK.goal_words(*MNK.goal_of(first)) == "X wins" and first.is_or()
    assert MNK.goal_of(first) == (FIRST, WIN)


def test_game_specs_name_the_built_in_games_and_openspiel():
    spec = parse_game_spec("connect-four(columns=5,rows=4,goal=draw,player=o)")
    assert spec.rules == MnkRules(5, 4, 4, gravity=True, attacker=SECOND, goal=DRAW)
    assert spec.goal_text() == "O at least draws"
    assert parse_game_spec("tic-tac-toe").rules == MnkRules(3, 3, 3)
    assert parse_game_spec("connect-four").rules == MnkRules(7, 6, 4, gravity=True)
    started = parse_game_spec("tic-tac-toe(moves=b2.a1)")
    assert started.game().position_label() == ".../.X./O.. X to move"
    hex_spec = parse_game_spec("openspiel:hex(board_size=3,goal=win,player=first,moves=4)")
    assert hex_spec.rules == "hex(board_size=3)" and hex_spec.moves == (4,)
    assert not hex_spec.game().is_or() and hex_spec.goal_text() == "player 1 wins"


@pytest.mark.parametrize(
    ("text", "error", "words"),
    [
        ("chess", GameSpecError, "unknown game 'chess'"),
        ("mnk(m=1e9)", GameSpecError, "m must be a whole number"),
        ("mnk(m=0)", GameSpecError, "from 1"),
        ("mnk(m=3,n=3,k=5)", GameSpecError, "cannot fit"),
        ("tic-tac-toe(colour=red)", GameSpecError, "no setting 'colour'"),
        ("tic-tac-toe(goal)", GameSpecError, "not key=value"),
        ("tic-tac-toe(player=z)", GameSpecError, "player must be x or o"),
        ("tic-tac-toe(moves=z9)", InvalidPositionError, "not a cell"),
        ("openspiel:kuhn_poker", GameSpecError, "hides information"),
        ("openspiel:tic_tac_toe(moves=99)", InvalidPositionError, "not legal"),
        ("x" * 2000, GameSpecError, "at most"),
    ],
)
def test_bad_specs_are_one_line_errors(text, error, words):
    with pytest.raises(error, match=words) as raised:
        parse_game_spec(text)
    assert "\n" not in str(raised.value)


def test_the_ladder_bench_prints_verified_results(capsys):
    assert bench_games(["tic-tac-toe(goal=draw)", "--algos", "pn,dfpn"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 3 and all(" proved " in line for line in lines[1:])
    assert bench_games(["chess"]) == 2
    assert capsys.readouterr().err.startswith("bench_games: error: unknown game")


def test_solve_takes_a_board_game_and_says_what_was_proved(capsys):
    assert cli_main(["solve", "--game", "tic-tac-toe", "--algo", "dagpn"]) == EXIT_DISPROVED
    out = capsys.readouterr().out
    assert "Game       tic-tac-toe: X wins" in out
    assert "Result     disproved: X cannot force a win" in out
    spec = "connect-four(columns=4,rows=4,goal=draw)"
    assert cli_main(["solve", "--game", spec, "--algo", "dfpn", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["result"] == "proved" and data["game"] == f"{spec}: X at least draws"
    rules = parse_game_spec(spec).rules
    line = [rules.cell(ord(n[0]) - ord("a"), int(n[1:]) - 1) for n in data["main_line"]]
    referee = MnkReferee(rules)
    for cell in line:
        assert cell in referee.legal()
        referee.play(cell)
    assert referee.goal_reached() is True


@pytest.mark.parametrize(
    "args",
    [
        ["--game", "chess"],
        ["--game", "mnk(k=9)"],
        ["--game", "tic-tac-toe", "8/8/8/8/8/8/8/K1k5 w - - 0 1"],
        ["--game", "tic-tac-toe", "--tree", "small-proof"],
    ],
)
def test_solve_refuses_a_bad_game_in_one_line(capsys, args):
    assert cli_main(["solve", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("pn-explorer solve: error: ") and err.count("\n") == 1
