"""Pn² in a real-size window: each level counted apart and kept current through a run, and a
proof the second level found (and discarded) written beside the first-level node it proved."""

import chess
import pytest

from app.problems.search_setup import PN2, SearchParams
from app.problems.sources import FEN, SUITE, Source
from app.tree_view.layout import NODE
from app.window import MainWindow
from core.values import counted

CLASSROOM = SearchParams(algo=PN2, max_nodes=5000, a=300, b=100)
MATE_IN_ONE = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"


@pytest.fixture
def open_window(qtbot):
    def make(source: Source, params: SearchParams) -> MainWindow:
        window = MainWindow(persist=False, source=source, params=params)
        qtbot.addWidget(window)
        window.resize(1600, 1000)
        window.show()
        qtbot.waitExposed(window)
        window.tree_view.set_animated(False)
        return window

    return make


def drawn(view, level: int) -> int:
    return sum(1 for item in view.displayed_nodes() if item.kind == NODE and item.level == level)


def expected_counts(window) -> str:
    """The count line from the engine's own trees and what the view draws of each."""
    search, view = window.driver.search, window.tree_view
    text = f"1st level: showing {drawn(view, 1):,} of {counted(len(search.tree), 'node')}"
    if search.second_level is not None:
        second = len(search.second_level.tree)
        text += f"  ·  2nd level: showing {drawn(view, 2):,} of {counted(second, 'node')}"
    return text


def test_each_level_is_counted_apart_and_stays_current_through_a_run(qtbot, open_window):
    window = open_window(Source(SUITE, "paper-figures", "WAC.014"), CLASSROOM)
    search, view = window.driver.search, window.tree_view
    assert view.caption_lines()[0] == "1st level: showing 1 of 1 node"
    while search.second_level is None or len(search.second_level.tree) < 3:
        window.step_into()
        qtbot.waitUntil(lambda: not window.driver.busy, timeout=20000)
    line = view.caption_lines()[0]
    assert line == expected_counts(window)
    assert drawn(view, 2) <= len(search.second_level.tree)
    assert drawn(view, 1) <= len(search.tree)
    window.step_over()
    qtbot.waitUntil(lambda: not window.driver.busy, timeout=20000)
    assert "2nd level ended" in view.caption_lines()[0]
    sizes = set()
    window.driver.run()
    for _ in range(6):
        qtbot.wait(150)
        window.refresh_views()
        if window.driver.finished_search:
            break
        assert view.caption_lines()[0] == expected_counts(window)
        assert "2nd level ended" not in view.caption_lines()[0]
        if search.second_level is not None:
            sizes.add(len(search.second_level.tree))
    window.driver.pause()
    assert len(sizes) >= 2, "the second level's count moved during the run"


def test_a_root_the_second_level_proved_shows_where_the_mate_came_from(qtbot, open_window):
    window = open_window(Source(FEN, MATE_IN_ONE), SearchParams(algo=PN2))
    window.run_to_end()
    qtbot.waitUntil(lambda: bool(window.result_panel.main_line), timeout=20000)
    qtbot.wait(20)
    search, view = window.driver.search, window.tree_view
    assert len(search.tree) == 1 and search.tree.proof[0] == 0
    record = window.solution
    assert record.verified and record.main_line == ["Ra8#"]
    san = chess.Board(MATE_IN_ONE).variation_san([chess.Move.from_uci("a1a8")])
    note = view.line_note()
    assert note is not None
    text, rect = note
    assert text == f"proved by the second-level search: {san}" and san == "1. Ra8#"
    assert view.drawing_area().contains(rect)
