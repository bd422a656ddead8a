"""Every search against values computed without it, on OpenSpiel's small games: breakthrough,
clobber, nim, quoridor (a draw at its length limit), gomoku, y and havannah, both goals, every
verdict certified by OpenSpiel as the referee. The exhaustive values come from OpenSpiel's own
states (`tests.game_values`)."""

from __future__ import annotations

import pytest

from pn_explorer.core.games.game_specs import parse_game_spec
from pn_explorer.core.runs.runner import describe_search
from pn_explorer.core.search import registry
from pn_explorer.core.search.types import Limits, Result
from tests.game_values import openspiel_value

GAMES = [
    "breakthrough(rows=5,columns=3)",
    "clobber(rows=3,columns=3)",
    "nim(pile_sizes=1;2;3,is_misere=False)",
    "quoridor(board_size=3)",
    "gomoku(size=3,connect=3)",
    "y(board_size=3)",
    "havannah(board_size=2)",
]


@pytest.mark.parametrize("goal", ["win", "draw"])
@pytest.mark.parametrize("spec", GAMES)
def test_every_search_agrees_with_the_exhaustive_value_and_is_certified(spec, goal):
    expected = openspiel_value(spec, 0, goal)
    game_spec = f"openspiel:{spec[:-1]},goal={goal})"
    for name in registry.names():
        game = parse_game_spec(game_spec).game()
        if registry.refusal(name, game) is not None:
            continue  # a chess-only search
        search = registry.build(name, game, Limits(max_nodes=300_000, max_seconds=60), {})
        outcome = search.run()
        if outcome.result is Result.UNKNOWN:
            assert name == "ab", (name, outcome)  # the mate αβ's depth budget may run out
            continue
        assert (outcome.result is Result.PROVED) is expected, name
        record = describe_search(game, search, name)
        assert record.verified or record.disproof_certified, (name, record.verdict_reason)


@pytest.mark.parametrize(
    ("reference", "spec"),
    [
        ("breakthrough(rows=5,columns=4)", "openspiel:breakthrough(rows=5,columns=4)"),
        ("connect_four(rows=4,columns=5)", "connect-four(columns=5,rows=4)"),
        ("connect_four(rows=5,columns=4)", "connect-four(columns=4,rows=5)"),
    ],
)
def test_the_larger_boards_against_the_exhaustive_value(reference, spec):
    """The ladder's larger boards, where the PN family takes tens of seconds (its certified
    verdicts there are `pn-explorer bench --game ladder`'s): αβ with a table, within a second or
    so, against OpenSpiel's exhaustive value, its verdict certified; Connect-Four as this
    project's own family, whose referee is the rules written a second time. (m,n,k 4,4,4 is left
    to the benchmarks: certifying its disproof plays out every dead position, minutes of work.)"""
    expected = openspiel_value(reference, 0, "win")
    game = parse_game_spec(spec).game()
    search = registry.build("abtt", game, Limits(max_nodes=3_000_000, max_seconds=120), {})
    assert (search.run().result is Result.PROVED) is expected
    record = describe_search(game, search, "abtt")
    assert record.verified or record.disproof_certified, record.verdict_reason
