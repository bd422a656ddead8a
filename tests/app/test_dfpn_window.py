"""df-pn stepped in a real-size window: the path panel's rows, thresholds and hit labels, the
memory gauge's table fill, and a verified finale, all checked against the search's own state."""

from __future__ import annotations

import pytest

from app.dfpn.path_panel import COLUMNS, pair
from app.problems.search_setup import SearchParams
from app.problems.sources import FEN, Source
from app.window import MainWindow
from core.search.dfpn_steps import DfpnStepper, EventKind

STATUS = COLUMNS.index("status")
THRESHOLDS = COLUMNS.index("φ_t / δ_t")
NUMBERS = COLUMNS.index("pn / dn")
TABLE = COLUMNS.index("table")


@pytest.fixture
def window(qtbot):
    win = MainWindow(persist=False, params=SearchParams("dfpn", 100_000))
    qtbot.addWidget(win)
    win.resize(1600, 1000)
    win.show()
    qtbot.waitExposed(win)
    return win


def rows(window: MainWindow) -> list[list[str]]:
    panel = window.dfpn_panel
    return [
        [panel.topLevelItem(i).text(c) for c in range(len(COLUMNS))]
        for i in range(panel.topLevelItemCount())
    ]


def test_the_path_panel_shows_each_frames_numbers_and_thresholds(window, qtbot) -> None:
    search = window.driver.search
    assert isinstance(search, DfpnStepper)
    assert window.dfpn_dock.isVisible() and not window.timeline.isVisible()
    for _ in range(4):
        window.step_iteration()
        qtbot.waitUntil(lambda: not window.driver.busy)
    shown = rows(window)
    assert len(shown) == len(search.frames) > 1
    for row, frame in zip(shown, search.frames, strict=True):
        assert row[THRESHOLDS] == pair(frame.phi_threshold, frame.delta_threshold)
        assert row[NUMBERS] == pair(*frame.numbers)
    assert shown[0][THRESHOLDS] == "∞ / ∞"
    deepest = window.dfpn_panel.topLevelItem(len(shown) - 1)
    assert deepest.childCount() == min(40, len(search.frames[-1].children.moves))
    assert window.dfpn_panel.visualItemRect(deepest).height() > 0
    table = search.table
    assert f"{len(table):,} table entries of {table.capacity:,}" in window.gauge.text()
    assert f"{table.replacements:,} replacements" in window.gauge.text()


def test_a_back_up_is_marked_on_its_frame_and_told(window, qtbot) -> None:
    search = window.driver.search
    for _ in range(200):
        window.step_phase()
        qtbot.waitUntil(lambda: not window.driver.busy)
        event = search.path_trace.last
        if event is not None and event.kind is EventKind.BACKED_UP:
            break
    frame = search.frames[event.depth]
    status = rows(window)[event.depth][STATUS]
    assert status == f"{frame.backing_up.value}: back to parent"
    assert "back" in window.narration.text()


def test_table_hits_are_marked_on_the_node(window, qtbot) -> None:
    window.open_source(Source(FEN, "8/8/8/8/8/2k5/8/K6R w - - 0 1"))
    search = window.driver.search
    trace = search.path_trace
    for _ in range(300):
        window.step_iteration()
        qtbot.waitUntil(lambda: not window.driver.busy)
        marked = [f for f in search.frames if trace.hits[f.key]]
        if marked:
            break
    depth = search.frames.index(marked[0])
    label = rows(window)[depth][TABLE]
    assert label == trace.transposition_label(marked[0].key)
    assert label.startswith(f"seen {trace.hits[marked[0].key]}×")


def test_a_proved_root_is_verified_and_its_line_shown(window, qtbot) -> None:
    window.run_to_end()
    qtbot.waitUntil(lambda: window.driver.search.outcome is not None, timeout=60_000)
    window.wait_for_solution()
    qtbot.waitUntil(lambda: window.solution is not None, timeout=30_000)
    assert window.solution.verified
    assert window.result_panel.main_line == window.solution.line_moves
    assert "verified" in window.result_panel.headline_text


def test_the_title_and_the_first_words_speak_of_a_table_and_events(window) -> None:
    """Before the first step the title names the table's size, not a node cap, and the
    narration says what a step is for df-pn (an event, not a phase)."""
    search = window.driver.search
    assert f"table of {search.table.capacity:,} entries" in window.title.text()
    assert "node cap" not in window.title.text()
    text = window.narration.text()
    assert "one event" in text and "phase" not in text
    assert f"proof number {search.root_numbers[0]}" in text
