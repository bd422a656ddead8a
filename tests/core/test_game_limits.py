"""Limits and defaults that hold on board games: every search stops near its time limit, every
game has a default limit, each search's defaults run on every game, and a game OpenSpiel cannot
give us is refused in one line."""

from __future__ import annotations

import pytest

from pn_explorer.core.cli.main import main
from pn_explorer.core.cli.output import EXIT_DISPROVED, EXIT_USER_ERROR
from pn_explorer.core.games.game_specs import parse_game_spec
from pn_explorer.core.search import registry
from pn_explorer.core.search.algorithms import AlgorithmSpec, create_search
from pn_explorer.core.search.defaults import DEFAULT_GAME_SECONDS
from pn_explorer.core.search.types import Limits, Result

LIMIT = 2.0
"""The time limit the searches are held to (a tenth of it is slack enough for one expansion, even
with the suite's other process beside it)."""

SLOW_GAMES = [
    "openspiel:quoridor(board_size=5)",
    "openspiel:dots_and_boxes(num_rows=3,num_cols=3)",
    "connect-four",
]


@pytest.mark.parametrize("spec", SLOW_GAMES)
def test_every_search_stops_within_a_tenth_of_its_time_limit(spec):
    """A search's clock is checked at every expansion, so it ends within one expansion of the
    limit (a millisecond or so on these games; DAG PN's update through many parents up to a tenth
    of a second on a busy machine), inside a tenth of it."""
    for name in registry.names():
        game = parse_game_spec(spec).game()
        if registry.refusal(name, game) is not None:
            continue  # a chess-only search (the native df-pn): refused in one sentence
        search = create_search(AlgorithmSpec(name), game, Limits(max_seconds=LIMIT))
        outcome = search.run()
        assert outcome.result is Result.UNKNOWN, name
        assert LIMIT <= search.elapsed <= 1.1 * LIMIT, (name, search.elapsed)


def test_a_board_game_has_a_default_time_limit(monkeypatch):
    """Without --time, a search on a board game stops after `DEFAULT_GAME_SECONDS`; on chess the
    node cap alone bounds it, as before."""
    seen: list[Limits] = []
    real = registry.build

    def build(name, game, limits, values, stepped=False):
        seen.append(limits)
        return real(name, game, limits, values, stepped)

    monkeypatch.setattr(registry, "build", build)
    monkeypatch.setattr("pn_explorer.core.search.algorithms.build", build)
    assert main(["solve", "--game", "tic-tac-toe", "--algo", "dfpn", "--quiet"]) == EXIT_DISPROVED
    assert seen[-1].max_seconds == DEFAULT_GAME_SECONDS
    assert main(["solve", "--game", "tic-tac-toe", "--time", "7", "--quiet"]) == EXIT_DISPROVED
    assert seen[-1].max_seconds == 7
    main(["solve", "7k/7P/6K1/8/8/8/8/8 w - - 0 1", "--quiet"])
    assert seen[-1].max_seconds is None


def test_every_search_runs_on_every_game_with_its_defaults(capsys):
    """αβ's default order is by the pieces' power, which a board game has not: there it orders by
    square, so `solve --game tic-tac-toe --algo ab` runs as it stands; so does `compare`."""
    for name in registry.names():
        game = parse_game_spec("tic-tac-toe").game()
        if registry.entry(name).needs:
            continue  # a search that needs chess says so (`test_registry`)
        assert registry.refusal(name, game) is None, name
        search = create_search(AlgorithmSpec(name), game, Limits(max_nodes=100_000))
        assert search.run().result is Result.DISPROVED, name
    assert main(["solve", "--game", "tic-tac-toe", "--algo", "ab", "--quiet"]) == EXIT_DISPROVED
    assert "certificate checked" in capsys.readouterr().out
    assert main(["compare", "--game", "tic-tac-toe", "--algos", "pn,ab", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "ab" in out


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("openspiel:2048", "it has chance moves"),
        ("openspiel:hex(board_size=-3)", "board_size must be 0 or more, not -3"),
        ("openspiel:hex(board_size=0)", "has no moves at its start"),
    ],
)
def test_a_game_openspiel_cannot_give_us_is_one_line_and_exit_2(capsys, spec, words):
    assert main(["solve", "--game", spec, "--quiet"]) == EXIT_USER_ERROR
    err = capsys.readouterr().err.strip().splitlines()
    err = [line for line in err if not line.startswith("Warning!")]
    assert len(err) == 1 and words in err[0], err
