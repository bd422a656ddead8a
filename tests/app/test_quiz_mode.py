"""Quiz mode in a real-size window: the most-proving path is not drawn while a question is open,
a click on the engine's own selection is right and a click elsewhere wrong, typed numbers are
graded against the engine's numbers, and the score on screen counts it all."""

from itertools import pairwise

import pytest
from PySide6.QtCore import Qt

from pn_explorer.app.problems.search_setup import SearchParams
from pn_explorer.app.problems.sources import SUITE, TREE, TREE_FILES, Source
from pn_explorer.app.tree_view.follow import drawn_span
from pn_explorer.app.tree_view.layout import NODE
from pn_explorer.app.window_layout import BOARD_PANE
from pn_explorer.core.quiz.explain import search_labeller
from pn_explorer.core.quiz.session import NUMBERS, SELECTION
from pn_explorer.core.search.types import Phase
from pn_explorer.core.values import format_number
from tests.app.windows import shown_window

SMALL_PROOF = Source(TREE, TREE_FILES["small-proof"])
WAC_001 = Source(SUITE, "wac-mates", "WAC.001")


@pytest.fixture
def quiz_window(qtbot):
    def make(source, params=None):
        window = shown_window(
            qtbot, (1600, 1000), animated=False, source=source, params=params or SearchParams()
        )
        window.quiz_mode.action.trigger()
        qtbot.waitUntil(lambda: window.quiz_mode.quiz.question is not None, timeout=20000)
        return window

    return make


def drawn(window, node):
    return next(
        item
        for item in window.tree_view.displayed_nodes()
        if item.kind == NODE and item.level == 1 and item.node == node
    )


def click_node(qtbot, window, node):
    view = window.tree_view
    item = drawn(window, node)
    point = view.scene_to_widget(item.x, item.y).toPoint()
    assert view.drawing_area().contains(point.toPointF())
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=point)


def next_question(qtbot, window, kind, selections=None):
    """Press Next until a question of `kind` is open (an update may change nothing); the paths
    of the selection questions answered on the way go to `selections`."""
    quiz = window.quiz_mode.quiz
    for _ in range(20):
        question = quiz.question
        if question is not None and question.kind == kind:
            return question
        if question is None:
            qtbot.waitUntil(lambda: window.quiz_mode.panel.next.isEnabled(), timeout=20000)
            qtbot.mouseClick(window.quiz_mode.panel.next, Qt.MouseButton.LeftButton)
            qtbot.waitUntil(
                lambda: quiz.question is not None or window.quiz_mode.panel.next.isEnabled(),
                timeout=20000,
            )
        elif question.kind == SELECTION:
            if selections is not None:
                selections.append(question.path)
            click_node(qtbot, window, question.node)
        else:
            type_numbers(qtbot, window, *window.driver.search.tree.numbers(question.node))
    raise AssertionError(f"no {kind} question came")


def type_numbers(qtbot, window, proof, disproof):
    panel = window.quiz_mode.panel
    panel.proof.clear()
    panel.disproof.clear()
    qtbot.keyClicks(panel.proof, format_number(proof))
    qtbot.keyClicks(panel.disproof, format_number(disproof))
    qtbot.mouseClick(panel.check, Qt.MouseButton.LeftButton)


def highlighted(window):
    return [item.node for item in window.tree_view.displayed_nodes() if item.highlighted]


def test_the_right_click_then_a_wrong_one(qtbot, quiz_window):
    window = quiz_window(SMALL_PROOF)
    search = window.driver.search
    panel = window.quiz_mode.panel
    assert window.quiz_mode.dock.isVisible() and not window.controls.phase_action.isEnabled()
    assert search.next_phase is Phase.EXPAND
    assert highlighted(window) == []
    assert not any(item.selected for item in window.tree_view.displayed_nodes())
    answer = search.selected_node
    label = search_labeller(search)
    click_node(qtbot, window, answer)
    assert panel.verdict.text() == f"Right: {label(answer)} is the most-proving node."
    assert panel.score.text().startswith("Score: 1 of 1 right  ·  streak 1")
    assert highlighted(window) == search.tree.most_proving_path() == search.tree.path_to(answer)
    assert panel.why.isVisible() and "most-proving node" in panel.why.text()

    next_question(qtbot, window, SELECTION)
    answer = search.selected_node
    assert answer != 0 and highlighted(window) == []
    wrong = next(
        item.node
        for item in window.tree_view.displayed_nodes()
        if item.kind == NODE and item.node != answer and not search.tree.is_expanded(item.node)
    )
    click_node(qtbot, window, wrong)
    assert panel.verdict.text().startswith(
        f"Wrong: you chose {label(wrong)}; the most-proving node is {label(answer)}."
    )
    assert panel.score.text().startswith("Score: 1 of 2 right  ·  streak 0")
    assert highlighted(window) == search.tree.path_to(answer)


def test_typed_numbers_are_graded_against_the_engine(qtbot, quiz_window, dialogs):
    window = quiz_window(SMALL_PROOF)
    search = window.driver.search
    panel = window.quiz_mode.panel
    selections = []
    question = next_question(qtbot, window, NUMBERS, selections)
    node = question.node
    new = search.tree.numbers(node)
    assert panel.answer_box.isVisible() and search.next_phase is Phase.SELECT
    for changed, old in question.shown_before.items():
        item = drawn(window, changed)
        assert (item.proof, item.disproof) == old != search.tree.numbers(changed)
    assert highlighted(window) == []
    assert window.tree_view.focused == (1, node)
    assert window.board_view.details.text().startswith("numbers hidden")

    qtbot.keyClicks(panel.proof, "two")
    qtbot.mouseClick(panel.check, Qt.MouseButton.LeftButton)
    assert dialogs and "proof number" in dialogs[-1][1] and window.quiz_mode.quiz.question

    asked = window.quiz_mode.quiz.score.asked
    type_numbers(qtbot, window, *new)
    label = search_labeller(search)
    assert panel.verdict.text() == (
        f"Right: {label(node)} is now {format_number(new[0])}/{format_number(new[1])}."
    )
    assert f"{asked + 1} of {asked + 1} right" in panel.score.text()
    assert (drawn(window, node).proof, drawn(window, node).disproof) == new
    # The path drawn is the selection the student saw; the one the new numbers point to is the
    # answer to the next question.
    assert highlighted(window) == selections[-1]
    assert not panel.question.isVisible() and panel.verdict.isVisible()


def test_quiz_mode_on_a_chess_position_hides_the_board_s_answer(qtbot, quiz_window):
    window = quiz_window(WAC_001)
    search = window.driver.search
    panel = window.quiz_mode.panel
    assert window.board_view.heading.text().startswith("The root")
    click_node(qtbot, window, search.selected_node)
    assert panel.verdict.text().startswith("Right:")
    question = next_question(qtbot, window, SELECTION)
    assert highlighted(window) == []
    assert search.tree.path_to(question.node) == question.path
    click_node(qtbot, window, question.node)
    score = window.quiz_mode.quiz.score
    assert panel.verdict.text().startswith("Right:") and score.right == score.asked >= 2
    assert panel.score.text().startswith(f"Score: {score.asked} of {score.asked} right")
    window.quiz_mode.action.trigger()
    assert not window.quiz_mode.dock.isVisible() and window.controls.phase_action.isEnabled()
    assert not window.controls.into_action.isEnabled()


def test_quiz_mode_on_pn2_waits_for_the_second_level_and_asks_again(qtbot, quiz_window):
    params = SearchParams(algo="pn2", max_nodes=5_000, a=300, b=100)
    window = quiz_window(Source(SUITE, "paper-figures", "WAC.014"), params)
    search = window.driver.search
    assert search.capabilities.two_levels
    for _ in range(3):
        question = next_question(qtbot, window, SELECTION)
        assert highlighted(window) == [] and question.node == search.selected_node
        click_node(qtbot, window, question.node)
        assert window.quiz_mode.panel.verdict.text().startswith("Right:")
    assert search.second_level_searches >= 2 and search.second_level is None
    score = window.quiz_mode.quiz.score
    assert score.right == score.asked >= 3


def test_in_a_big_chess_tree_nothing_on_screen_gives_the_next_selection_away(qtbot, quiz_window):
    """The layout unfolds only the selection last shown (not the path the numbers point to
    now, which a big tree would show as its one unfolded branch), the status line shows the
    root numbers and the phase the student sees, and the narration's opening names no step key
    while they are off."""
    window = quiz_window(WAC_001)
    search = window.driver.search
    assert "Press Space" not in window.narration.text()
    assert "Quiz mode" in window.narration.text()
    assert window.status.text().endswith("next: your answer (quiz)")
    quiz, panel = window.quiz_mode.quiz, window.quiz_mode.panel
    asked = {SELECTION: 0, NUMBERS: 0}
    leaks = 0
    previous = []
    while asked[SELECTION] < 12:
        question = quiz.question
        if question is None:
            qtbot.waitUntil(panel.next.isEnabled, timeout=20000)
            qtbot.mouseClick(panel.next, Qt.MouseButton.LeftButton)
            qtbot.waitUntil(
                lambda: quiz.question is not None or panel.next.isEnabled(), timeout=20000
            )
            continue
        asked[question.kind] += 1
        status = window.status.text()
        assert status.endswith("next: your answer (quiz)")
        if question.kind == SELECTION:
            drawn_nodes = {i.node for i in window.tree_view.displayed_nodes() if i.level == 1}
            leaks += all(node in drawn_nodes for node in question.path)
            # Only the last selection shown is unfolded (and the two levels below the root, by
            # the numbers on screen): when the numbers now point to another branch deeper
            # down, that branch stays folded.
            for node in question.path[3:]:
                if node in drawn_nodes:
                    assert search.tree.parent[node] in previous
            previous = question.path
            assert f"root {format_number(search.tree.proof[0])}/" in status
            answer_selection(window, question)
        else:
            proof, disproof = question.shown_before.get(0, search.tree.numbers(0))
            assert f"root {format_number(proof)}/{format_number(disproof)}" in status
            type_numbers(qtbot, window, *search.tree.numbers(question.node))
        assert "your answer" not in window.status.text()
    assert leaks < 12  # the search switched branches at least once, and that was not drawn


def answer_selection(window, question):
    """What a click on the answer does (it may be drawn off screen, or not drawn at all)."""
    window.tree_view.node_clicked.emit(1, question.node)
    assert window.quiz_mode.panel.verdict.text().startswith("Right:")


def test_quiz_mode_on_dag_pn_explains_with_every_child_a_node_reaches(qtbot):
    """DAG PN, WAC.222 after 44 iterations: the 45th selection enters a shared node from its
    second parent. The quiz asks for it, and the why counts a node's children as the search
    does, shared ones included (`successors`), for the walk and for the new numbers."""
    window = shown_window(
        qtbot,
        (1600, 1000),
        animated=False,
        source=Source(SUITE, "wac-mates", "WAC.222"),
        params=SearchParams("dagpn"),
    )
    search = window.driver.search
    tree = search.tree
    while search.iterations < 44:
        window.controls.step_iteration()
        qtbot.waitUntil(lambda: not window.driver.busy, timeout=20000)
    window.quiz_mode.action.trigger()
    quiz = window.quiz_mode.quiz
    qtbot.waitUntil(lambda: quiz.question is not None, timeout=20000)
    question = quiz.question
    assert question.kind == SELECTION and question.node == search.selected_node
    through = [
        (above, child) for above, child in pairwise(question.path) if tree.parent[child] != above
    ]
    assert through, "the walk enters a shared node through a link"
    assert highlighted(window) == []
    # The shared node is drawn under its first parent, away from the path shown (following
    # the live path there would give the answer away): the student pans to it.
    window.tree_view.show_node(1, question.node)
    click_node(qtbot, window, question.node)
    panel = window.quiz_mode.panel
    assert panel.verdict.text().startswith("Right:")
    above, _ = through[0]
    assert f"among its {len(search.children(above))} children" in panel.why.text()
    assert len(search.children(above)) > tree.child_count[above]
    question = next_question(qtbot, window, NUMBERS)
    type_numbers(qtbot, window, *tree.numbers(question.node))
    assert panel.verdict.text().startswith("Right:")
    count = len(search.children(question.node))
    assert f"({count} children)" in panel.why.text() or f"({count} child)" in panel.why.text()


def test_at_1600_the_board_grows_beside_the_quiz_and_the_tree_still_shows_all_it_draws(
    qtbot, quiz_window
):
    """With the quiz's dock open at 1600×1000, after three iterations of WAC.001, the board's
    pane is wider than its default (the board grows into the height it has), and every node the
    tree draws is inside the tree view across, with its numbers (the one the student clicks
    may be any of them)."""
    window = quiz_window(WAC_001)
    window.quiz_mode.action.trigger()  # quiz off: step, then on again
    for _ in range(3):
        window.controls.step_iteration()
        qtbot.waitUntil(lambda: not window.driver.busy, timeout=20000)
    window.quiz_mode.action.trigger()
    qtbot.waitUntil(lambda: window.quiz_mode.quiz.question is not None, timeout=20000)
    qtbot.wait(100)
    assert window.quiz_mode.dock.isVisible()
    assert window.splitter.sizes()[0] > BOARD_PANE
    board = window.board_view.board
    assert min(board.width(), board.height()) > BOARD_PANE - 20
    view = window.tree_view
    assert len(window.driver.search.tree) > 100

    def outside() -> list[str]:
        """The drawn nodes not wholly inside the view across (the view settles after the dock
        and the board's growth have been laid out: a loaded machine takes longer)."""
        cut = []
        for item in view.displayed_nodes():
            first, last = (view.scene_to_widget(x, item.y).x() for x in drawn_span(item))
            if not (first >= 0 and last <= view.width()):
                cut.append(item.label)
        return cut

    qtbot.waitUntil(lambda: not outside(), timeout=5000)
    assert outside() == []
