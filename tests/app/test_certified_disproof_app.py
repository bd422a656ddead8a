"""The app's result and comparison panels say a search's "no forced mate" only once the independent
replay of its disproof accepted it (the replay runs where the proof's verification runs: on the
session's worker thread, in the comparison's worker processes); a planted bad disproof is shown as
not certified, with the reason."""

from __future__ import annotations

import pytest
from helpers import drop_a_root_move_from_disproofs

from pn_explorer.app.compare.panel import PanelRun, row_cells
from pn_explorer.app.problems.search_setup import SearchParams
from pn_explorer.app.problems.sources import FEN, Source
from pn_explorer.app.result.panel import REFUTED, UNCERTIFIED
from pn_explorer.app.window import MainWindow
from pn_explorer.core.runs.comparison import algorithm_factory
from pn_explorer.core.runs.runner import WorkItem, run_item
from pn_explorer.core.search.types import Limits

ROOK_PAWN = "7k/8/7P/6K1/8/8/8/8 w - - 0 1"


@pytest.fixture
def planted(monkeypatch) -> None:
    """Every search's read-out disproof loses one of the attacker's root moves: the replay
    rejects it."""
    drop_a_root_move_from_disproofs(monkeypatch)


@pytest.fixture
def window(qtbot):
    win = MainWindow(persist=False, params=SearchParams("dfpn", 100_000))
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    return win


def _solve(window: MainWindow, qtbot) -> None:
    window.open_source(Source(FEN, ROOK_PAWN))
    window.driver.run_to_end()
    qtbot.waitUntil(lambda: window.driver.search.outcome is not None, timeout=60_000)
    window.wait_for_solution()
    qtbot.waitUntil(lambda: window.solution is not None, timeout=30_000)


def test_the_result_panel_shows_a_certified_dfpn_disproof(window, qtbot):
    _solve(window, qtbot)
    panel = window.result_panel
    assert window.solution.disproof_certified is True
    assert panel.kind == REFUTED
    assert panel.headline_text == "Disproved: no forced mate"
    assert "certificate checked" in panel.body.text()


def test_the_result_panel_withdraws_a_disproof_the_replay_rejects(window, qtbot, planted):
    _solve(window, qtbot)
    panel = window.result_panel
    assert window.solution.disproof_certified is False and window.solution.claim == ""
    assert panel.kind == UNCERTIFIED
    assert panel.headline_text.startswith("Disproved by the search but not certified: ")
    assert "not answered" in panel.headline_text
    assert "no forced mate" not in panel.headline_text + panel.body.text()


def test_the_result_panel_shows_a_certified_pn_disproof(qtbot):
    win = MainWindow(persist=False, params=SearchParams("pn", 100_000))
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    _solve(win, qtbot)
    assert win.solution.disproof_certified is True and win.solution.disproof_positions > 0
    assert win.result_panel.headline_text == "Disproved: no forced mate"
    assert "certificate checked" in win.result_panel.body.text()


def _row(name: str) -> tuple[list[str], str, str]:
    limits = Limits(max_nodes=50_000)
    record = run_item(WorkItem("draw", ROOK_PAWN, name, algorithm_factory(name), limits))
    return row_cells(PanelRun(name, record))


@pytest.mark.parametrize("name", ["dfpn", "pn"])
def test_the_compare_row_of_a_certified_disproof_says_no_forced_mate(name):
    cells, _, tooltip = _row(name)
    assert cells[0] == "disproved: no forced mate"
    assert "certificate checked" in tooltip


@pytest.mark.parametrize("name", ["dfpn", "pn"])
def test_the_compare_row_withdraws_a_disproof_the_replay_rejects(planted, name):
    cells, _, tooltip = _row(name)
    assert cells[0] == "disproved, not certified"
    assert tooltip.startswith("disproved by the search but not certified: ")
    assert "not answered" in tooltip
