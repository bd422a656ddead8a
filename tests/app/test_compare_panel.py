"""The comparison panel, offscreen on a session of its own: PN, Pn² and αβ run in worker
processes, rows equal the headless runs, and cancelling (or a new position, or closing) really
ends the processes."""

import multiprocessing

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget
from stage import Stage

from pn_explorer.app.compare.model import MATE_COLUMN, NODES_COLUMN
from pn_explorer.app.compare.panel import (
    ComparePanel,
    PanelRun,
    best_algorithms,
    compared,
    row_cells,
)
from pn_explorer.app.problems.search_setup import SearchParams
from pn_explorer.app.problems.sources import SUITE, TREE, TREE_FILES, Source
from pn_explorer.core.games.suites import find_position, load_suite
from pn_explorer.core.runs.comparison import algorithm_factory
from pn_explorer.core.runs.runner import ERROR, RunRecord, WorkItem, run_item
from pn_explorer.core.search.types import ITERATION, Limits

WAC_004 = Source(SUITE, "wac-mates", "WAC.004")
HARD = Source(SUITE, "wac-mates", "WAC.051")
"""No algorithm solves WAC.051 (mate in 8) within seconds: its processes are still busy."""
FIGURE = Source(TREE, TREE_FILES["figure-3-1"])
BOTTOM = Qt.DockWidgetArea.BottomDockWidgetArea
SPAWN_TIMEOUT_MS = 20000


@pytest.fixture
def stage(qtbot):
    """WAC.004 open on a stage, the panel in a dock at its bottom, ended when the stage closes
    as the window ends it."""
    stage = Stage()
    qtbot.addWidget(stage)
    stage.panel = ComparePanel(stage.session)
    stage.dock = QDockWidget("Comparison", stage)
    stage.dock.setWidget(stage.panel)
    stage.addDockWidget(BOTTOM, stage.dock)
    stage.on_close(stage.panel.cancel)
    stage.open(WAC_004)
    stage.resize(1200, 800)
    stage.show()
    yield stage
    stage.panel.cancel()


def wait_running(qtbot, panel) -> list:
    """Wait until worker processes are running searches; return them."""
    qtbot.waitUntil(lambda: panel.result_text("pn").startswith("running"), timeout=SPAWN_TIMEOUT_MS)
    processes = panel.jobs.processes()
    assert processes and all(process.is_alive() for process in processes)
    return processes


def headless(fen: str, name: str):
    """The same search as the panel runs, built here the way the command line builds it."""
    factories = {
        "pn": (algorithm_factory("pn"), 1_000_000),
        "pn2": (algorithm_factory("pn2", a=600_000, b=80_000), 300_000),
        "ab": (algorithm_factory("ab", max_depth=20), 1_000_000),
        "dagpn": (algorithm_factory("dagpn"), 1_000_000),
        "dfpn": (algorithm_factory("dfpn"), 1_000_000),
        "abtt": (algorithm_factory("abtt"), 1_000_000),
    }
    factory, nodes = factories[name]
    return run_item(WorkItem("WAC.004", fen, name, factory, Limits(max_nodes=nodes)))


def test_wac_004_every_algorithm_proves_the_mate_in_two_with_the_headless_counts(qtbot, stage):
    panel = stage.panel
    position = find_position(load_suite("wac-mates"), "WAC.004")
    assert position.mate_length == 2
    panel.compare_button.click()
    assert panel.busy
    qtbot.waitUntil(lambda: not panel.busy, timeout=SPAWN_TIMEOUT_MS)
    assert set(panel.runs) == set(compared())
    for row, name in enumerate(compared()):
        run = panel.runs[name]
        expected = headless(position.fen, name)
        assert run.record.result == "proved"
        assert run.record.mate_in == 2
        assert run.first_move in position.best_moves
        assert (run.record.nodes_created, run.record.peak_nodes_in_memory) == (
            expected.nodes_created,
            expected.peak_nodes_in_memory,
        )
        assert panel.result_text(name) == "proved, verified"
        assert panel.model.text(row, MATE_COLUMN) == "2"
        assert panel.model.text(row, NODES_COLUMN) == f"{expected.nodes_created:,}"
    fewest = min(panel.runs[name].record.nodes_created for name in compared())
    best = {name for name in compared() if panel.runs[name].record.nodes_created == fewest}
    assert best_algorithms(panel.runs) == best
    for row, name in enumerate(compared()):
        assert ("★" in panel.model.text(row, 0)) == (name in best)
        assert panel.model.row(row).best == (name in best)
    assert "Best performer" in panel.status.text()
    assert not panel.jobs.processes()
    # Told to exit once the last search ended, the idle workers are gone moments later.
    qtbot.waitUntil(lambda: multiprocessing.active_children() == [], timeout=10_000)


def test_cancel_ends_the_processes_and_the_search_keeps_working(qtbot, stage):
    panel = stage.panel
    stage.open(HARD)
    panel.compare()
    processes = wait_running(qtbot, panel)
    assert not panel.compare_button.isEnabled() and panel.cancel_button.isEnabled()
    panel.cancel_button.click()
    assert not panel.busy
    assert not any(process.is_alive() for process in processes)
    assert multiprocessing.active_children() == []
    assert all(panel.result_text(name) == "cancelled" for name in compared())
    assert panel.compare_button.isEnabled() and not panel.cancel_button.isEnabled()
    driver = stage.session.driver
    iterations = driver.search.iterations
    driver.step(ITERATION)
    # Under load one iteration may take more than a slice: the driver finishes it on its timer.
    qtbot.waitUntil(lambda: driver.search.iterations == iterations + 1, timeout=10_000)
    qtbot.wait(300)
    assert all(panel.result_text(name) == "cancelled" for name in compared())


def test_a_new_position_stops_the_comparison_and_clears_the_rows(qtbot, stage):
    panel = stage.panel
    stage.open(HARD)
    panel.compare()
    processes = wait_running(qtbot, panel)
    stage.open(WAC_004)
    assert not panel.busy and panel.runs == {}
    assert not any(process.is_alive() for process in processes)
    assert all(panel.result_text(name) == "" for name in compared())
    assert panel.compare_button.isEnabled()
    assert "Compare runs" in panel.status.text()


def test_resetting_the_same_position_keeps_the_rows(qtbot, stage):
    panel = stage.panel
    panel.compare()
    qtbot.waitUntil(lambda: not panel.busy, timeout=SPAWN_TIMEOUT_MS)
    assert stage.session.reset()
    assert set(panel.runs) == set(compared())
    assert panel.result_text("ab") == "proved, verified"


def test_the_time_limit_ends_every_search_unsolved(qtbot, stage):
    panel = stage.panel
    stage.open(HARD)
    panel.seconds.setValue(1)
    panel.compare()
    qtbot.waitUntil(lambda: not panel.busy, timeout=SPAWN_TIMEOUT_MS)
    for name in compared():
        record = panel.runs[name].record
        assert record.result == "unknown"
        assert "time" in record.reason
        assert 1.0 <= record.seconds < 2.0
        assert panel.result_text(name).startswith("unsolved (time)")
        assert panel.model.text(compared().index(name), MATE_COLUMN) == "—"
    assert best_algorithms(panel.runs) == set()
    assert "None of them solved it" in panel.status.text()


def test_closing_the_window_ends_the_processes(qtbot, stage):
    stage.open(HARD)
    stage.panel.compare()
    processes = wait_running(qtbot, stage.panel)
    stage.close()
    assert not any(process.is_alive() for process in processes)
    assert multiprocessing.active_children() == []


def test_explicit_trees_are_not_compared(stage):
    panel = stage.panel
    stage.open(FIGURE)
    assert "chess positions and board games only" in panel.status.text()
    assert not panel.compare_button.isEnabled()
    panel.compare()
    assert not panel.busy and not panel.jobs.processes()


def test_a_proof_the_verifier_rejects_is_an_error_never_a_mate():
    counts = {"nodes_in_memory": 3, "iterations": 0, "id": "WAC.004", "fen": ""}
    rejected = PanelRun(
        "pn",
        RunRecord(
            algorithm="pn",
            result="proved",
            reason="proved",
            nodes_created=500,
            peak_nodes_in_memory=500,
            seconds=0.1,
            verified=False,
            verification_error="Qh8+ is not a mate",
            **counts,
        ),
    )
    proved = PanelRun(
        "ab",
        RunRecord(
            algorithm="ab",
            result="proved",
            reason="proved",
            nodes_created=900,
            peak_nodes_in_memory=3,
            seconds=0.2,
            mate_in=2,
            main_line=["Qxh7+", "Kxh7", "hxg6#"],
            first_move="Qxh7+",
            verified=True,
            **counts,
        ),
    )
    assert rejected.record.verdict == ERROR
    cells, colour, tooltip = row_cells(rejected)
    assert cells[0].startswith("error: proof rejected")
    assert cells[1:3] == ["—", "—"]
    assert "verifier" in tooltip
    assert row_cells(proved)[0][:3] == ["proved, verified", "2", "Qxh7+"]
    assert best_algorithms({"pn": rejected, "ab": proved}) == {"ab"}
    died = PanelRun("pn2", None, failure="the worker process ended without a result")
    assert row_cells(died)[0][0].startswith("error: the worker process ended")
    assert best_algorithms({"pn2": died}) == set()


def test_pn2_is_compared_with_the_papers_setting_whatever_the_window_runs(
    qtbot, stage, monkeypatch
):
    """The classroom preset in the window (N 5,000, a 300, b 100) must not reach the comparison:
    its Pn² job gets the paper's a, b and N, and the dock says so."""
    received: list[WorkItem] = []
    monkeypatch.setattr(
        stage.panel.jobs,
        "run_processes",
        lambda _work, items, **_options: received.extend(items),
    )
    classroom = SearchParams("pn2", 5_000, a=300.0, b=100.0)
    stage.open(WAC_004, classroom)
    stage.panel.compare()
    jobs = {item.algorithm: item for item in received}
    assert set(jobs) == set(compared())
    spec = jobs["pn2"].factory.args[0]
    assert (spec.a, spec.b, spec.fraction) == (600_000, 80_000, "logistic")
    assert jobs["pn2"].limits.max_nodes == 300_000
    assert jobs["pn"].limits.max_nodes == jobs["ab"].limits.max_nodes == 1_000_000
    footnote = stage.panel.footnote
    assert footnote.isVisible()
    assert "the paper's setting, N = 300,000, a = 600,000, b = 80,000" in footnote.text()
    assert "(Not the window's own Pn²: N = 5,000, a = 300, b = 100.)" in footnote.text()
    stage.open(WAC_004, SearchParams())
    assert "Not the window's own" not in footnote.text()
