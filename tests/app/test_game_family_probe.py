"""A new family of board games, added as a maintainer adds one: `tests/probe_family.py` is the
game and its family, and the fixture's `register` is the one registry line. With nothing else
edited, the command line solves it (`solve --game`, its help and its one-line errors), every
registered search conforms on it, the registry's checks of every kind pass on it, the New game
dialog offers it with its own settings, and the window draws it (its position in words, as a
game without a picture of its own) with the engine cross-check refused in words."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from conformance import GameCase, check_search
from probe_family import KIND, TAKE_AWAY, TakeAwayKind
from PySide6.QtWidgets import QLabel, QWidget

from pn_explorer.app.board import describe, pictures
from pn_explorer.app.board.game_pictures import TextBoard
from pn_explorer.app.menus.new_game import NewGameDialog
from pn_explorer.app.position_view import PositionView
from pn_explorer.app.problems.search_setup import SearchParams
from pn_explorer.app.problems.sources import GAME, Source
from pn_explorer.app.window import MainWindow
from pn_explorer.core.cli.main import main as cli_main
from pn_explorer.core.cli.output import EXIT_DISPROVED, EXIT_PROVED
from pn_explorer.core.errors import GameSpecError
from pn_explorer.core.games.game_specs import parse_game_spec
from pn_explorer.core.games.registry import kind_of, register, unregister
from pn_explorer.core.search.defaults import SQUARE
from pn_explorer.core.search.registry import entries
from tests.core import test_game_registry as registry_checks

SPEC = "take-away(pile=6)"


def first_player_wins(pile: int, most: int = 3) -> bool:
    """The rule the searches are checked against: the player to take wins unless the pile is a
    multiple of `most + 1`."""
    return pile % (most + 1) != 0


@pytest.fixture
def take_away() -> Iterator[TakeAwayKind]:
    register(TAKE_AWAY)
    yield TAKE_AWAY
    unregister(KIND)


def test_unregistered_it_is_an_unknown_game():
    with pytest.raises(GameSpecError, match="unknown game 'take-away'"):
        parse_game_spec(SPEC)


@pytest.mark.parametrize(
    ("spec", "first_wins"),
    [
        *((f"take-away(pile={pile})", first_player_wins(pile)) for pile in range(5, 10)),
        ("take-away(pile=9,most=2)", first_player_wins(9, 2)),
        ("take-away(pile=9,moves=1)", not first_player_wins(8)),  # the second player to take
    ],
)
def test_solve_game_solves_it_and_says_the_verdict_in_its_players_names(
    take_away, capsys, spec, first_wins
):
    status = cli_main(["solve", "--game", spec, "--json"])
    data = json.loads(capsys.readouterr().out)
    assert data["result"] == ("proved" if first_wins else "disproved")
    said = "can force a win" if first_wins else "cannot force a win"
    assert data["verdict"] == f"first player {said}"
    assert data["game"].startswith(f"{spec}: first player wins")
    assert status == (EXIT_PROVED if first_wins else EXIT_DISPROVED)


def test_solve_help_lists_it_and_bad_input_is_one_line(take_away, capsys):
    with pytest.raises(SystemExit):
        cli_main(["solve", "--help"])
    assert TAKE_AWAY.spec_help in capsys.readouterr().out.replace("\n", "")
    for bad, words in (("take-away(pile=0)", "1 to 60"), ("take-away(moves=4)", "not legal")):
        assert cli_main(["solve", "--game", bad]) == 2
        error = capsys.readouterr().err.strip()
        assert words in error and "\n" not in error


@pytest.mark.parametrize("search", entries(), ids=lambda search: search.name)
def test_every_registered_search_conforms_on_it(take_away, search):
    case = GameCase(
        parse_game_spec("take-away(pile=13)").game,  # a fresh cursor per call
        parse_game_spec("take-away(pile=12)").game,
        lambda game, proof: kind_of(game).verify(game, proof).size,
        {"ordering": SQUARE},
    )
    check_search(search, case)


def test_the_registry_s_checks_of_every_kind_pass_on_it(take_away):
    registry_checks.test_every_kind_opens_its_example_and_its_cursor_names_the_kind(take_away)
    registry_checks.test_every_kind_expands_its_root_and_labels_the_moves(take_away)
    registry_checks.test_every_kind_verifies_a_proof_its_search_found_and_rejects_a_broken_one(
        take_away
    )


def test_the_new_game_dialog_offers_it_with_its_own_settings(take_away, qtbot):
    opened: list[str] = []
    dialog = NewGameDialog(lambda spec: opened.append(spec) or True, "take-away(pile=9,most=2)")
    qtbot.addWidget(dialog)
    titles = [dialog.game.itemText(index) for index in range(dialog.game.count())]
    assert TAKE_AWAY.choices[0].title in titles
    assert dialog.game.currentData() == KIND
    assert {key: box.value() for key, box in dialog.boxes.items()} == {"pile": 9, "most": 2}
    assert dialog.goal.currentText() == "first player wins"
    assert isinstance(dialog.board, TextBoard)  # no picture of its own: its position in words
    assert dialog.board.board.text() == "9 left, first player to take"
    dialog.boxes["pile"].setValue(7)
    dialog.moves.setText("2")
    dialog.goal.setCurrentText("second player wins")
    assert dialog.board.board.text() == "5 left, second player to take"
    dialog.moves.setText("2 4")  # more than two: refused in words, before it opens
    assert "not legal" in dialog.problem.text()
    dialog.moves.setText("2")
    dialog.accept()
    assert opened == ["take-away(most=2,player=o,moves=2)"]  # a pile of 7 is the default
    assert parse_game_spec(opened[0]).goal_text() == "second player wins"


def test_the_window_draws_it_and_refuses_the_engine_check_in_words(take_away, qtbot):
    window = MainWindow(persist=False, source=Source(GAME, SPEC), params=SearchParams())
    qtbot.addWidget(window)
    game = window.problem.game
    assert window.windowTitle().endswith("take-away from 6, 1 to 3 a turn: first player wins")
    window.driver.run_to_end()
    qtbot.waitUntil(lambda: window.solution is not None, timeout=30_000)
    assert window.result_panel.headline_text == "first player can force a win: proved"
    picture = window.board_view.stack.currentWidget()
    assert isinstance(picture, TextBoard)
    assert picture.board.text() == kind_of(game).position_text(game, window.board_view.view.moves)
    panel = window.engine_panel
    assert not game.capabilities.standard_chess and not TAKE_AWAY.capabilities.standard_chess
    assert panel.controls.isHidden() and not panel.ask_button.isEnabled()
    assert panel.ours_line.text().startswith("No engine cross-check on a take-away pile")


class Counters(QLabel):
    """A picture of its own for the probe: the pile as a row of counters."""

    def set_position(self, view: PositionView) -> None:
        self.setText(view.position or "")


def describe_counters(game, moves) -> tuple[str, str | None, None]:
    left = game.pile - sum(moves) - sum(game.start)
    return "●" * left, str(moves[-1]) if moves else None, None


def test_a_picture_of_its_own_is_one_line_in_each_picture_registry(take_away, qtbot, monkeypatch):
    monkeypatch.setitem(describe.DESCRIPTIONS, KIND, describe_counters)
    monkeypatch.setitem(pictures.WIDGETS, KIND, Counters)
    window = MainWindow(persist=False, source=Source(GAME, SPEC), params=SearchParams())
    qtbot.addWidget(window)
    window.controls.step_iteration()
    picture: QWidget = window.board_view.stack.currentWidget()
    shown = window.board_view.view.moves
    assert isinstance(picture, Counters) and picture.text() == "●" * (6 - sum(shown))
