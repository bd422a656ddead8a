"""File → Classroom positions, on screen: each lesson opens its position with its preset, its point
is shown under the title, and the cheap lessons end as their line says (the engine's own counts)."""

import re

import pytest

from app.problems.classroom import CLASSROOM_PN2, DAG_PN, LESSONS, PAPER_PN2, PN_DEFAULT
from app.problems.search_setup import SearchParams
from app.problems.sources import GAME, SUITE, Source
from app.window import MainWindow
from core.search.types import Result

CHEAP = [index for index, lesson in enumerate(LESSONS) if lesson.source.item == "WAC.001"]
GAMES = [index for index, lesson in enumerate(LESSONS) if lesson.source.kind == GAME]


def make_window(qtbot):
    window = MainWindow(
        persist=False, source=Source(SUITE, "wac-mates", "WAC.004"), params=SearchParams()
    )
    qtbot.addWidget(window)
    window.resize(1600, 1000)
    window.show()
    qtbot.waitExposed(window)
    return window


def numbers_in(text: str) -> list[int]:
    return [int(n.replace(",", "")) for n in re.findall(r"\d[\d,]*\d|\d", text)]


def test_every_preset_has_a_lesson_and_every_lesson_a_menu_entry(qtbot):
    window = make_window(qtbot)
    assert {lesson.params for lesson in LESSONS} == {PN_DEFAULT, CLASSROOM_PN2, PAPER_PN2, DAG_PN}
    texts = [action.text() for action in window.classroom.actions]
    assert len(texts) == len(LESSONS)
    for text, lesson in zip(texts, LESSONS, strict=True):
        assert lesson.title in text and lesson.point in text
    assert not window.classroom.line.isVisible()


@pytest.mark.parametrize("index", CHEAP)
def test_a_cheap_lesson_shows_its_point_as_its_line_says(qtbot, index):
    window = make_window(qtbot)
    lesson = LESSONS[index]
    window.classroom.actions[index].trigger()
    line = window.classroom.line
    assert line.isVisible() and lesson.point in line.text()
    assert line.geometry().bottom() < window.splitter.geometry().top()
    assert window.problem.source == lesson.source and window.params == lesson.params
    window.run_to_end()
    qtbot.waitUntil(lambda: window.solution is not None, timeout=60000)
    search = window.driver.search
    assert search.outcome.result is Result.PROVED and window.solution.verified
    said = numbers_in(lesson.point)
    assert search.nodes_created in said
    if lesson.params == CLASSROOM_PN2:
        assert search.peak_nodes_in_memory in said
        assert window.solution.second_level_searches in said
    window.reset()
    assert line.isVisible()
    window.open_source(Source(SUITE, "wac-mates", "WAC.004"))
    assert not line.isVisible()


@pytest.mark.parametrize("index", GAMES)
def test_a_board_game_lesson_ends_as_its_line_says(qtbot, index):
    window = make_window(qtbot)
    lesson = LESSONS[index]
    window.classroom.actions[index].trigger()
    assert lesson.point in window.classroom.line.text() and lesson.name in lesson.title
    window.run_to_end()
    qtbot.waitUntil(lambda: window.solution is not None, timeout=120000)
    search = window.driver.search
    assert search.nodes_created in numbers_in(lesson.point)
    proved = search.outcome.result is Result.PROVED
    assert window.result_panel.headline_text == window.problem.kind.verdict(search.game, proved)
    assert window.result_panel.headline_text.split(":")[0] in lesson.point
    if proved:
        assert window.solution.verified and window.solution.proof_size > 0
