"""Pn² in the tree view at a real size: each level counted apart and kept current through a run,
and a proof the second level found (and discarded) written beside the first-level node it
proved."""

import chess
import pytest
from PySide6.QtGui import QFontMetricsF
from stage import Stage

from pn_explorer.app.problems.search_setup import PN2, SearchParams
from pn_explorer.app.problems.sources import FEN, SUITE, Source
from pn_explorer.app.tree_view import style
from pn_explorer.app.tree_view.layout import NODE
from pn_explorer.core.search.types import INTO, OVER
from pn_explorer.core.values import counted

CLASSROOM = SearchParams(algo=PN2, max_nodes=5000, a=300, b=100)
MATE_IN_ONE = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"


@pytest.fixture
def open_stage(qtbot):
    """A problem open on a stage whose centre is the tree view (`stage.view`)."""

    def make(source: Source, params: SearchParams) -> Stage:
        stage = Stage()
        qtbot.addWidget(stage)
        stage.view = stage.add_tree_view()
        stage.open(source, params)
        stage.resize(1200, 900)
        stage.show()
        qtbot.waitExposed(stage)
        stage.view.set_animated(False)
        return stage

    return make


def drawn(view, level: int) -> int:
    return sum(1 for item in view.displayed_nodes() if item.kind == NODE and item.level == level)


def expected_counts(stage) -> str:
    """The count line from the engine's own trees and what the view draws of each."""
    search, view = stage.session.search, stage.view
    text = f"1st level: showing {drawn(view, 1):,} of {counted(len(search.tree), 'node')}"
    if search.second_level is not None:
        second = len(search.second_level.tree)
        text += f"  ·  2nd level: showing {drawn(view, 2):,} of {counted(second, 'node')}"
    return text


def test_each_level_is_counted_apart_and_stays_current_through_a_run(qtbot, open_stage):
    stage = open_stage(Source(SUITE, "paper-figures", "WAC.014"), CLASSROOM)
    driver, view = stage.session.driver, stage.view
    search = driver.search
    assert view.caption_lines()[0] == "1st level: showing 1 of 1 node"
    while search.second_level is None or len(search.second_level.tree) < 3:
        driver.step(INTO)
        qtbot.waitUntil(lambda: not driver.busy, timeout=20000)
    line = view.caption_lines()[0]
    assert line == expected_counts(stage)
    assert drawn(view, 2) <= len(search.second_level.tree)
    assert drawn(view, 1) <= len(search.tree)
    driver.step(OVER)
    qtbot.waitUntil(lambda: not driver.busy, timeout=20000)
    assert "2nd level ended" in view.caption_lines()[0]
    sizes = set()
    driver.run()
    for _ in range(6):
        qtbot.wait(150)
        view.refresh()
        if driver.finished_search:
            break
        assert view.caption_lines()[0] == expected_counts(stage)
        assert "2nd level ended" not in view.caption_lines()[0]
        if search.second_level is not None:
            sizes.add(len(search.second_level.tree))
    driver.pause()
    assert len(sizes) >= 2, "the second level's count moved during the run"


def test_a_root_the_second_level_proved_shows_where_the_mate_came_from(qtbot, open_stage):
    stage = open_stage(Source(FEN, MATE_IN_ONE), SearchParams(algo=PN2))
    stage.session.driver.run_to_end()
    qtbot.waitUntil(lambda: stage.session.solution is not None, timeout=20000)
    qtbot.wait(20)
    search, view = stage.session.search, stage.view
    assert len(search.tree) == 1 and search.tree.proof[0] == 0
    record = stage.session.solution
    assert record.verified and record.main_line == ["Ra8#"]
    san = chess.Board(MATE_IN_ONE).variation_san([chess.Move.from_uci("a1a8")])
    note = view.line_note()
    assert note is not None
    text, rect = note
    assert text == f"proved by the second-level search: {san}" and san == "1. Ra8#"
    assert view.drawing_area().contains(rect)


def test_a_narrow_view_puts_each_level_count_on_a_row_of_its_own_rather_than_cut_it(
    qtbot, open_stage
):
    """Beside the board at 1024×768 the tree view is about 600 px wide: the two levels' counts
    do not fit one row, so each gets its own, whole (the engine's tree sizes), and the step's
    words keep the last row; nothing is wider than the view's header."""
    stage = open_stage(Source(SUITE, "paper-figures", "WAC.014"), CLASSROOM)
    driver, view = stage.session.driver, stage.view
    search = driver.search
    while search.second_level is None or len(search.second_level.tree) < 3:
        driver.step(INTO)
        qtbot.waitUntil(lambda: not driver.busy, timeout=20000)
    stage.resize(600, 700)
    qtbot.waitUntil(lambda: view.width() <= 600)
    view.refresh()
    first, second = expected_counts(stage).split("  ·  ")
    lines = view.caption_lines()
    assert lines[:2] == [first, second] and len(lines) == 3
    metrics = QFontMetricsF(style.font(style.OVERLAY_PX))
    assert all(metrics.horizontalAdvance(line) <= view.width() for line in lines)
