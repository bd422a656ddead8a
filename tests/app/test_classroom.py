"""File → Classroom positions, on a stage with the session: each lesson opens its position with its
preset, its point is shown while it is open, and the cheap lessons end as their line says (the
engine's own counts)."""

import re

import pytest
from stage import Stage

from pn_explorer.app.menus.classroom_menu import ClassroomMenu
from pn_explorer.app.problems.classroom import CLASSROOM_PN2, DAG_PN, LESSONS, PAPER_PN2, PN_DEFAULT
from pn_explorer.app.problems.search_setup import SearchParams
from pn_explorer.app.problems.sources import GAME, SUITE, Source
from pn_explorer.core.search.types import Result

CHEAP = [index for index, lesson in enumerate(LESSONS) if lesson.source.item == "WAC.001"]
GAMES = [index for index, lesson in enumerate(LESSONS) if lesson.source.kind == GAME]


def make_stage(qtbot):
    """WAC.004 open on a stage whose File menu has the lessons (`stage.classroom`), their line in
    its centre."""
    stage = Stage()
    qtbot.addWidget(stage)
    stage.classroom = ClassroomMenu(stage.session, stage.menuBar().addMenu("&File"))
    stage.setCentralWidget(stage.classroom.line)
    stage.open(Source(SUITE, "wac-mates", "WAC.004"), SearchParams())
    stage.show()
    qtbot.waitExposed(stage)
    return stage


def solve(qtbot, stage, timeout: int):
    """Run the session's search to its end; its verified record."""
    stage.session.driver.run_to_end()
    qtbot.waitUntil(lambda: stage.session.solution is not None, timeout=timeout)
    return stage.session.solution


def numbers_in(text: str) -> list[int]:
    return [int(n.replace(",", "")) for n in re.findall(r"\d[\d,]*\d|\d", text)]


def test_every_preset_has_a_lesson_and_every_lesson_a_menu_entry(qtbot):
    stage = make_stage(qtbot)
    assert {lesson.params for lesson in LESSONS} == {PN_DEFAULT, CLASSROOM_PN2, PAPER_PN2, DAG_PN}
    texts = [action.text() for action in stage.classroom.actions]
    assert len(texts) == len(LESSONS)
    for action, lesson in zip(stage.classroom.actions, LESSONS, strict=True):
        # the menu entry starts the point (cut to fit a small screen), its tooltip gives it whole
        assert action.text().startswith(f"{lesson.title}: {lesson.point[:20]}")
        assert lesson.point in action.toolTip()
    assert not stage.classroom.line.isVisible()


@pytest.mark.parametrize("index", CHEAP)
def test_a_cheap_lesson_shows_its_point_as_its_line_says(qtbot, index):
    stage = make_stage(qtbot)
    session = stage.session
    lesson = LESSONS[index]
    stage.classroom.actions[index].trigger()
    line = stage.classroom.line
    assert line.isVisible() and lesson.point in line.text()
    assert session.problem.source == lesson.source and session.params == lesson.params
    record = solve(qtbot, stage, 60000)
    search = session.search
    assert search.outcome.result is Result.PROVED and record.verified
    said = numbers_in(lesson.point)
    assert search.nodes_created in said
    if lesson.params == CLASSROOM_PN2:
        assert search.peak_nodes_in_memory in said
        assert record.second_level_searches in said
    assert session.reset()
    assert line.isVisible()
    stage.open(Source(SUITE, "wac-mates", "WAC.004"))
    assert not line.isVisible()


@pytest.mark.parametrize("index", GAMES)
def test_a_board_game_lesson_ends_as_its_line_says(qtbot, index):
    stage = make_stage(qtbot)
    lesson = LESSONS[index]
    stage.classroom.actions[index].trigger()
    assert lesson.point in stage.classroom.line.text() and lesson.name in lesson.title
    record = solve(qtbot, stage, 120000)
    search = stage.session.search
    assert search.nodes_created in numbers_in(lesson.point)
    proved = search.outcome.result is Result.PROVED
    assert stage.session.problem.kind.verdict(search.game, proved).split(":")[0] in lesson.point
    if proved:
        assert record.verified and record.proof_size > 0
