"""Every steppable search keeps the one stepper contract: on a chess position, a tree file and the
board games (tic-tac-toe, OpenSpiel's Hex) it declares its step units and takes each, reports
typed events only, says what it holds and draws and how it is set, and replays — rewound to an
earlier iteration it is the search a fresh run reaches there, and stepped on from it, it ends as
the search ends unreplayed."""

from __future__ import annotations

import pytest

from pn_explorer.core.games.chess_game import ChessGame
from pn_explorer.core.games.explicit_tree import AndOrTree, ExplicitTreeGame
from pn_explorer.core.games.game_specs import parse_game_spec
from pn_explorer.core.games.suites import BUILTIN_TREES
from pn_explorer.core.runs.replay import Replay
from pn_explorer.core.search.algorithms import AlgorithmSpec, create_stepper
from pn_explorer.core.search.contract import Stepper
from pn_explorer.core.search.registry import names
from pn_explorer.core.search.types import EVENT, ITERATION, PHASE, Limits, StepEvent
from tests.helpers import wac


def chess_maker(name: str):
    board = wac("WAC.001").board
    return lambda: create_stepper(AlgorithmSpec(name), ChessGame(board), Limits(max_nodes=50_000))


def tree_maker(name: str):
    tree = AndOrTree.from_file(BUILTIN_TREES["small-proof"])
    return lambda: create_stepper(AlgorithmSpec(name), ExplicitTreeGame(tree), Limits())


def board_game_maker(spec: str):
    def maker(name: str):
        return lambda: create_stepper(AlgorithmSpec(name), parse_game_spec(spec).game(), Limits())

    return maker


GAMES = {
    "chess": chess_maker,
    "tree": tree_maker,
    "tic-tac-toe": board_game_maker("tic-tac-toe(goal=draw)"),
    "openspiel": board_game_maker("openspiel:hex(board_size=3,moves=b2)"),
}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("name", names(steppable=True))
def test_every_stepper_keeps_the_contract(name, game):
    make = GAMES[game](name)
    search = make()
    assert isinstance(search, Stepper)
    units = [unit.name for unit in search.step_units]
    assert len(set(units)) == len(units) and units[0] in (PHASE, EVENT) and ITERATION in units
    assert all(unit.text and unit.tip for unit in search.step_units)
    assert isinstance(search.describe(), str)
    assert search.at_boundary and search.next_step
    for unit in units:
        report = search.step(unit)
        assert all(isinstance(event, StepEvent) for event in report.events)
        done = search.step_done(unit)
        assert callable(done)
    report = search.step(ITERATION)
    assert report.iteration_done or report.outcome is not None
    use = search.memory()
    assert 1 <= use.used + use.second_level <= use.peak
    assert use.capacity is None or use.used <= use.capacity
    tree = search.drawn_tree
    assert len(tree) >= 1 and 0 <= search.selected_node < len(tree)
    assert search.capabilities.two_levels == (search.second_level_searches is not None)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("name", names(steppable=True))
def test_every_stepper_replays_back_and_forward(name, game):
    make = GAMES[game](name)
    reference = make()
    reference.run()
    replay = Replay(make(), make)
    assert replay.capabilities.replayable
    replay.run(max_iterations=6)
    replay.smallest_step()
    back = max(0, replay.iterations - 3)
    replay.to_iteration(back)
    fresh = make()
    fresh.run(max_iterations=back)
    assert replay.iterations == fresh.iterations == back
    assert replay.nodes_created == fresh.nodes_created
    assert replay.root_numbers == fresh.root_numbers
    assert replay.run() == reference.outcome
    assert (replay.iterations, replay.nodes_created) == (
        reference.iterations,
        reference.nodes_created,
    )
