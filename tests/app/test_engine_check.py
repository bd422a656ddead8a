"""The engine cross-check panel on a session of its own, against the fake UCI engine: the
engine's answer beside our verified mate, Cancel, a new position and an engine that fails."""

from __future__ import annotations

import stat
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from stage import Stage

from pn_explorer.app.problems.sources import GAME, SUITE, TREE, Source
from pn_explorer.app.result.engine_check import EngineCheckPanel
from pn_explorer.core.search.types import ITERATION
from tests.core.test_uci_engine import WAC_1_LINE

FAKE = Path(__file__).resolve().parent.parent / "fake_uci_engine.py"
WAC_001 = Source(SUITE, "wac-mates", "WAC.001")
WAC_004 = Source(SUITE, "wac-mates", "WAC.004")


def engine_file(tmp_path: Path, *args: str) -> str:
    """An executable that starts the fake engine with `args`: what a user chooses with Engine…"""
    path = tmp_path / "fakefish"
    path.write_text(f'#!/bin/sh\nexec "{sys.executable}" "{FAKE}" {" ".join(args)} "$@"\n')
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return str(path)


@pytest.fixture
def stage(qtbot):
    """WAC.001 open on a stage with the panel in its centre; the engine ended after the test."""
    stage = Stage()
    qtbot.addWidget(stage)
    stage.panel = EngineCheckPanel(stage.session)
    stage.setCentralWidget(stage.panel)
    stage.open(WAC_001)
    stage.resize(800, 300)
    stage.show()
    yield stage
    stage.panel.cancel()
    stage.panel.wait()


def solve(qtbot, stage) -> None:
    driver = stage.session.driver
    driver.run_to_end()
    qtbot.waitUntil(lambda: driver.finished_search, timeout=30000)
    qtbot.waitUntil(lambda: stage.session.solution is not None, timeout=30000)


def test_the_engines_mate_and_best_move_beside_ours(qtbot, stage, tmp_path):
    log = tmp_path / "log"
    engine = engine_file(
        tmp_path,
        "--mate",
        "2",
        "--bestmove",
        WAC_1_LINE[0],
        "--pv",
        *WAC_1_LINE,
        "--nodes",
        "777",
        "--log",
        str(log),
    )
    panel = stage.panel
    panel.set_engine(engine)
    assert panel.engine_line.text().endswith(engine)
    solve(qtbot, stage)
    ours = stage.session.solution
    assert (
        panel.ours_line.text()
        == f"Ours: mate in {ours.mate_in}, first move {ours.first_move} (verified)."
    )
    qtbot.mouseClick(panel.ask_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: panel.claim is not None, timeout=20000)
    text = panel.theirs_line.text()
    assert text.startswith("FakeFish 1: mate in 2, best move Qg6 — 777 nodes in ")
    assert "(its claim, not verified)" in text and "Both mates have the same length." in text
    assert panel.theirs_line.isVisible() and panel.ask_button.isEnabled()
    corner = panel.theirs_line.mapTo(stage, QPoint(0, 0))
    assert stage.rect().contains(QRect(corner, panel.theirs_line.size()))
    go = next(line for line in log.read_text().splitlines() if line.startswith("go"))
    assert f"mate {ours.mate_in}" in go and "movetime 10000" in go


def test_before_a_proof_the_engine_is_asked_for_the_suites_mate_length(qtbot, stage, tmp_path):
    """WAC.001 is a mate in 2 in the suite: unsolved yet, `go mate 2` still uses it."""
    log = tmp_path / "log"
    panel = stage.panel
    panel.set_engine(
        engine_file(tmp_path, "--mate", "2", "--bestmove", WAC_1_LINE[0], "--log", str(log))
    )
    assert stage.session.problem.mate_length == 2 and stage.session.solution is None
    panel.ask()
    qtbot.waitUntil(lambda: panel.claim is not None, timeout=20000)
    go = next(line for line in log.read_text().splitlines() if line.startswith("go"))
    assert "mate 2" in go


def test_a_shorter_engine_mate_is_pointed_out(qtbot, stage, tmp_path):
    panel = stage.panel
    panel.set_engine(engine_file(tmp_path, "--mate", "1", "--bestmove", WAC_1_LINE[0]))
    solve(qtbot, stage)
    panel.ask()
    qtbot.waitUntil(lambda: panel.claim is not None, timeout=20000)
    assert "The engine's mate is 1 move against our 2: ours is not the shortest." in (
        panel.theirs_line.text()
    )


def test_cancel_stops_the_engine_and_the_search_keeps_going(qtbot, stage, tmp_path):
    panel = stage.panel
    panel.set_engine(engine_file(tmp_path, "--delay", "60", "--mate", "2"))
    qtbot.mouseClick(panel.ask_button, Qt.MouseButton.LeftButton)
    assert panel.busy and panel.cancel_button.isEnabled() and not panel.ask_button.isEnabled()
    assert panel.theirs_line.text().startswith("The engine is thinking (at most 10 s)")
    stage.session.driver.step(ITERATION)
    qtbot.waitUntil(lambda: stage.session.driver.search.iterations == 1, timeout=10000)
    qtbot.mouseClick(panel.cancel_button, Qt.MouseButton.LeftButton)
    assert not panel.busy and panel.ask_button.isEnabled()
    assert panel.theirs_line.text() == "Cancelled: the engine was stopped."
    qtbot.waitUntil(lambda: panel.jobs.running_threads == 0, timeout=10000)
    assert panel.claim is None


def test_a_new_position_cancels_the_engine(qtbot, stage, tmp_path):
    panel = stage.panel
    panel.set_engine(engine_file(tmp_path, "--delay", "60"))
    panel.ask()
    assert panel.busy
    stage.open(WAC_004)
    assert not panel.busy
    assert panel.theirs_line.text() == "Ask the engine for its mate on this position."
    assert panel.ours_line.text() == "Ours: not solved yet."
    qtbot.waitUntil(lambda: panel.jobs.running_threads == 0, timeout=10000)


def test_an_engine_that_fails_is_one_line_in_the_panel(qtbot, stage, tmp_path):
    broken = tmp_path / "broken"
    broken.write_text("#!/bin/sh\nexit 0\n")
    broken.chmod(broken.stat().st_mode | stat.S_IXUSR)
    panel = stage.panel
    panel.set_engine(str(broken))
    panel.ask()
    qtbot.waitUntil(lambda: not panel.busy, timeout=20000)
    text = panel.theirs_line.text()
    assert text.startswith("The engine could not answer: broken could not be started")
    assert "\n" not in text


@pytest.mark.parametrize(
    "source",
    [
        WAC_001,
        Source(GAME, "tic-tac-toe(goal=draw)"),
        Source(GAME, "connect-four(columns=4,rows=4,goal=draw)"),
        Source(GAME, "openspiel:hex(board_size=3)"),
        Source(TREE, "small-proof"),
    ],
    ids=lambda source: source.text,
)
def test_the_cross_check_is_offered_where_the_game_s_record_says_it_applies(
    qtbot, tmp_path, source
):
    """Chess offers it; a board game, an OpenSpiel game and a tree file hide it and say why, as
    their kind's capability record and their cursor's say."""
    stage = Stage()
    qtbot.addWidget(stage)
    stage.panel = EngineCheckPanel(stage.session)
    stage.setCentralWidget(stage.panel)
    stage.panel.set_engine(engine_file(tmp_path))
    stage.open(source)
    stage.show()
    problem = stage.session.problem
    applies = problem.game.capabilities.standard_chess
    assert applies == problem.kind.capabilities.standard_chess
    assert applies == (source == WAC_001)  # only chess positions are a UCI engine's
    panel = stage.panel
    assert panel.controls.isVisible() is applies and panel.ask_button.isEnabled() is applies
    assert panel.engine_line.isVisible() is applies
    reason = panel.ours_line.text()
    if applies:
        assert panel.not_applicable == "" and reason == "Ours: not solved yet."
    else:
        assert reason == panel.not_applicable and problem.kind.title in reason
        assert reason.startswith("No engine cross-check on ") and "\n" not in reason
        panel.ask()
        assert not panel.busy  # nothing to ask about: the engine is not started
