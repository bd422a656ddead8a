"""The session on its own (no window, no views): opening, refusing, resetting, recording for
replay and reading the solution, each said by its signal and checked against the engine."""

from __future__ import annotations

import uuid

import pytest
from PySide6.QtCore import QSettings

from pn_explorer.app.problems.search_setup import PN, PN2, SearchParams, is_snapshot
from pn_explorer.app.problems.settings import Settings
from pn_explorer.app.problems.sources import EPD, SUITE, TREE, TREE_FILES, Source
from pn_explorer.app.session import OPEN_ERROR, Session
from pn_explorer.core.runs.replay import Replay
from pn_explorer.core.search.registry import refusal
from pn_explorer.core.search.types import ITERATION, Result

WAC_001 = Source(SUITE, "wac-mates", "WAC.001")
FIGURE_3_1 = Source(TREE, TREE_FILES["figure-3-1"])


class Heard:
    """Every signal of one session, in order, with what it carried."""

    def __init__(self, session: Session) -> None:
        self.events: list[tuple[str, object]] = []
        for name in ("problem_changed", "params_changed", "driver_changed", "solution_changed"):
            getattr(session, name).connect(
                lambda value, name=name: self.events.append((name, value))
            )
        session.error.connect(lambda text, title: self.events.append(("error", (title, text))))

    def names(self) -> list[str]:
        return [name for name, _ in self.events]


@pytest.fixture
def session(qtbot):
    return Session()


def test_opening_a_problem_says_so_and_records_the_search_for_replay(session):
    heard = Heard(session)
    assert session.open_source(WAC_001, SearchParams(PN, 50_000))
    assert heard.names() == [
        "problem_changed",
        "params_changed",
        "solution_changed",
        "driver_changed",
    ]
    assert heard.events[0][1] is session.problem and session.problem.title.startswith("WAC.001")
    assert heard.events[1][1] == session.params == SearchParams(PN, 50_000)
    assert heard.events[2][1] is None and session.solution is None
    search = session.search
    assert heard.events[3][1] is search and isinstance(search, Replay)
    assert session.replay is search and search.live.algorithm == PN
    assert search.iterations == 0 and search.outcome is None


def test_bad_input_is_one_error_and_nothing_changes(session, tmp_path):
    assert session.open_source(WAC_001)
    problem, params, search = session.problem, session.params, session.search
    heard = Heard(session)
    missing = tmp_path / "nowhere.epd"
    assert not session.open_source(Source(EPD, str(missing)))
    ((name, (title, text)),) = heard.events
    assert name == "error" and title == OPEN_ERROR
    assert "nowhere.epd" in text and "\n" not in text
    assert (session.problem, session.params, session.search) == (problem, params, search)


def test_a_search_the_registry_refuses_on_the_game_is_refused_in_its_words(session):
    """Pn² on Figure 3.1's file (a PN search in progress): the registry's own refusal, never
    another search in its place."""
    assert session.open_source(FIGURE_3_1)
    search = session.search
    why = refusal(PN2, session.problem.game, snapshot=is_snapshot(session.problem.game.tree))
    assert why is not None
    heard = Heard(session)
    assert not session.open_source(FIGURE_3_1, SearchParams(PN2))
    ((name, (_title, text)),) = heard.events
    assert name == "error" and why in text
    assert session.search is search and session.params == SearchParams()


def test_reset_starts_a_new_search_on_the_same_problem(session):
    assert session.open_source(WAC_001)
    problem, first = session.problem, session.search
    session.driver.step(ITERATION)
    assert first.iterations == 1
    heard = Heard(session)
    assert session.reset()
    assert heard.names() == ["solution_changed", "driver_changed"]
    assert session.problem is problem and session.search is not first
    assert session.search.iterations == 0 and session.search.nodes_created == 1


def test_an_ended_search_gives_its_verified_solution(qtbot, session):
    """WAC.001 is a mate in 2 (PN, 4,275 nodes): the proof is read and verified off the GUI
    thread and arrives as one `solution_changed`."""
    assert session.open_source(WAC_001)
    solutions = []
    session.solution_changed.connect(solutions.append)
    session.driver.run_to_end()
    qtbot.waitUntil(lambda: session.driver.finished_search, timeout=60_000)
    session.wait_for_solution()
    qtbot.waitUntil(lambda: bool(solutions), timeout=30_000)
    (record,) = solutions
    search = session.search
    assert search.outcome.result is Result.PROVED and search.nodes_created == 4_275
    assert record is session.solution and record.verified and record.mate_in == 2
    assert record.nodes_created == search.nodes_created


def test_an_unsolved_end_gives_its_record_at_once(session):
    assert session.open_source(WAC_001, SearchParams(PN, 500))
    solutions = []
    session.solution_changed.connect(solutions.append)
    session.search.run()
    session.driver.run_to_end()  # the driver hears the end and the record follows at once
    (record,) = solutions
    search = session.search
    assert search.outcome.result is Result.UNKNOWN and not search.outcome.solved
    assert record.result == Result.UNKNOWN.value and record.nodes_created == search.nodes_created


def test_what_is_opened_is_remembered_in_the_settings(qtbot, tmp_path):
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path))
    settings = Settings(organisation=f"pn-explorer-test-{uuid.uuid4().hex}")
    session = Session(settings=settings)
    params = SearchParams(PN2, 5000, a=300.0, b=100.0)
    assert session.open_source(WAC_001, params)
    assert settings.source() == WAC_001 and settings.params() == params
