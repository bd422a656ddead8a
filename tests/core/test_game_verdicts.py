"""A board game's result headline: the goal in the players' words first, the search's word after
it, for each goal and attacker, as the result panel shows it."""

import pytest

from pn_explorer.core.games.game_specs import parse_game_spec
from pn_explorer.core.games.registry import kind_of


@pytest.mark.parametrize(
    ("spec", "proved", "disproved"),
    [
        ("tic-tac-toe", "X can force a win: proved", "X cannot force a win: disproved"),
        (
            "tic-tac-toe(goal=draw)",
            "X can at least draw: proved",
            "X cannot avoid losing: disproved",
        ),
        ("connect-four(player=o)", "O can force a win: proved", "O cannot force a win: disproved"),
        (
            "openspiel:tic_tac_toe(goal=draw,player=o)",
            "player 2 can at least draw: proved",
            "player 2 cannot avoid losing: disproved",
        ),
    ],
)
def test_the_verdict_says_who_can_do_what(spec, proved, disproved):
    game = parse_game_spec(spec).game()
    kind = kind_of(game)
    assert kind.verdict(game, True) == proved and kind.verdict(game, False) == disproved
    assert kind.verdict_text(game, True) == proved.split(":")[0]
