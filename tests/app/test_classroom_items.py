"""What a class sees at 1024×768 and 1280×800, read off the screen and checked against the
engine's own state: the quiz in projector mode, the replay's status, the projector's board."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetricsF
from PySide6.QtWidgets import QDialogButtonBox

from pn_explorer.app.board.describe import cell_of
from pn_explorer.app.board.game_pictures import MnkBoard
from pn_explorer.app.menus.setup_dialog import SetupDialog
from pn_explorer.app.problems.classroom import CLASSROOM_PN2, LESSONS
from pn_explorer.app.problems.search_setup import SearchParams
from pn_explorer.app.problems.sources import GAME, SUITE, TREE, TREE_FILES, Source, positions_of
from pn_explorer.app.progress.memory_gauge import (
    FIRST_COLOUR,
    SECOND_COLOUR,
    MemoryState,
    bar_scale,
)
from pn_explorer.app.projector import TEXT_SCALE
from pn_explorer.app.result.panel import NOT_SOLVED
from pn_explorer.app.tree_view import style
from pn_explorer.app.tree_view.legend import SHORT_ROWS, legend_entries, legend_places
from pn_explorer.app.window_layout import MIN_BOARD, MIN_TREE_HEIGHT
from pn_explorer.core.quiz.explain import numbers_why, search_labeller
from pn_explorer.core.quiz.session import SELECTION
from pn_explorer.core.search.defaults import DAGPN, DFPN, PN, PN2
from pn_explorer.core.tree import ROOT
from tests.app.windows import shown_window

WAC_001 = Source(SUITE, "wac-mates", "WAC.001")


def settle(qtbot, window) -> None:
    qtbot.waitUntil(lambda: not window.driver.busy, timeout=20_000)
    qtbot.wait(20)


def click_node(qtbot, window, node: int) -> None:
    view = window.tree_view
    item = next(
        i for i in view.displayed_nodes() if i.kind == "node" and i.level == 1 and i.node == node
    )
    point = view.scene_to_widget(item.x, item.y)
    assert view.drawing_area().contains(point)
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=point.toPoint())


def test_projector_mode_keeps_the_quiz_its_question_score_and_verdict_large(qtbot):
    window = shown_window(qtbot, (1280, 800), animated=False, source=WAC_001, params=SearchParams())
    for _ in range(2):
        window.controls.step_iteration()
        settle(qtbot, window)
    quiz = window.quiz_mode
    panel = quiz.panel
    usual = panel.question.font().pointSizeF()
    usual_verdict = panel.verdict.font().pointSizeF()
    qtbot.keyClick(window, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: quiz.quiz.question is not None, timeout=20_000)
    qtbot.keyClick(window, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
    qtbot.wait(50)
    assert window.projector.on and not window.bottom_strip.isVisible()
    question = quiz.quiz.question
    assert question.kind == SELECTION
    assert quiz.dock.isVisible() and panel.question.isVisible()
    assert panel.question.text() == question.text
    assert panel.question.font().pointSizeF() >= 1.3 * usual
    answer = window.driver.search.selected_node
    assert answer != ROOT
    click_node(qtbot, window, answer)
    assert panel.verdict.isVisible() and panel.verdict.text().startswith("Right:")
    assert panel.verdict.font().pointSizeF() >= 1.3 * usual_verdict
    assert panel.score.isVisible() and panel.score.text().startswith("Score: 1 of 1 right")
    qtbot.keyClick(window, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
    qtbot.wait(50)
    assert quiz.dock.isVisible() and panel.question.font().pointSizeF() == usual


@pytest.mark.parametrize("algo", [PN, PN2, DAGPN, DFPN])
def test_the_replay_heading_follows_the_search_as_it_steps_on_and_goes_at_the_furthest(qtbot, algo):
    window = shown_window(
        qtbot, (1280, 800), animated=False, source=WAC_001, params=SearchParams(algo)
    )
    for _ in range(4):
        window.controls.step_iteration()
        settle(qtbot, window)
    furthest = window.driver.search.iterations
    timeline, panel = window.timeline, window.result_panel
    timeline.go_to(furthest - 2)
    qtbot.waitUntil(lambda: not timeline.rewinding, timeout=20_000)
    settle(qtbot, window)

    def heading() -> str:
        return panel.headline_text

    assert window.driver.search.iterations == furthest - 2
    assert heading().startswith(f"Replay at iteration {furthest - 2} of {furthest}")
    timeline.forward()  # Alt+→
    settle(qtbot, window)
    assert window.driver.search.iterations == furthest - 1
    assert heading().startswith(f"Replay at iteration {furthest - 1} of {furthest}")
    window.controls.step_iteration()  # Return
    settle(qtbot, window)
    assert window.driver.search.iterations == furthest
    assert heading() == NOT_SOLVED
    window.controls.step_iteration()  # past the furthest point reached
    settle(qtbot, window)
    assert window.driver.search.iterations == furthest + 1 and heading() == NOT_SOLVED


def board_side(window) -> int:
    board = window.board_view.board
    return min(board.width(), board.height())


@pytest.mark.parametrize("size", [(1024, 768), (1280, 800), (1600, 1000)])
def test_projector_mode_never_makes_the_board_smaller(qtbot, size):
    """WAC.001 after 0, 5 and 30 iterations: the board in projector mode is at least as large as
    outside it, and the tree keeps three rows of nodes at follow's smallest zoom."""
    window = shown_window(qtbot, size, animated=False, source=WAC_001, params=SearchParams())
    done = 0
    for iterations in (0, 5, 30):
        while done < iterations:
            window.controls.step_iteration()
            settle(qtbot, window)
            done += 1
        qtbot.wait(50)
        plain = board_side(window)
        window.projector.set_on(True)
        qtbot.wait(80)
        large = board_side(window)
        view = window.tree_view
        rows = view.drawing_area().height() / (style.ROW * view._viewport.scale)
        window.projector.set_on(False)
        qtbot.wait(80)
        assert large >= plain, (iterations, plain, large)
        assert rows >= 2.5, (iterations, rows)


def test_an_open_question_is_not_answered_by_the_narration_and_a_min_names_its_smallest(qtbot):
    window = shown_window(
        qtbot, (1600, 1000), animated=False, source=WAC_001, params=SearchParams()
    )
    for _ in range(3):
        window.controls.step_iteration()
        settle(qtbot, window)
    quiz = window.quiz_mode
    qtbot.keyClick(window, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: quiz.quiz.question is not None, timeout=20_000)
    search = window.driver.search
    assert quiz.quiz.question.kind == SELECTION
    labeller = search_labeller(search)
    text = window.narration.text()
    for node in search.tree.path_to(search.selected_node)[1:]:
        assert labeller(node) not in text, (labeller(node), text)
    # Figure 3.3's rule for the root, in words: the min names the smallest of the children's
    # numbers among the ones it lists, however far down the move order it is.
    tree = search.tree
    why = numbers_why(tree, ROOT, labeller)
    listed = re.search(r"min\(([^)]*)\) = (\d+)", why)
    assert listed is not None, why
    terms = [term.strip() for term in listed.group(1).split(",")]
    assert listed.group(2) in terms
    assert (
        int(listed.group(2))
        == tree.proof[ROOT]
        == min(tree.proof[child] for child in tree.successors(ROOT))
    )


def test_restore_layout_keeps_the_docks_asked_for_where_the_board_keeps_its_size(qtbot):
    """1280×800, WAC.001: Ctrl+K and Ctrl+I open the comparison and Why not found? beside the
    tree; Ctrl+0 keeps them (the user asked for them) where they were, not at the bottom where
    they took the board down to 314 pixels."""
    window = shown_window(qtbot, (1280, 800), animated=False, source=WAC_001, params=SearchParams())
    window.compare()  # Ctrl+K
    qtbot.waitUntil(window.compare_dock.isVisible)
    window.explain.explain_action.trigger()
    qtbot.waitUntil(window.explain.dock.isVisible, timeout=20_000)
    qtbot.wait(100)
    before = board_side(window)
    window.panes.restore_layout()  # Ctrl+0
    qtbot.wait(200)
    assert window.compare_dock.isVisible() and window.explain.dock.isVisible()
    assert board_side(window) >= max(before, MIN_BOARD)
    assert window.tree_view.height() >= MIN_TREE_HEIGHT
    window.compare_panel.cancel()


def test_the_new_search_dialog_fits_the_screen_and_gives_no_key_move_away(qtbot):
    dialog = SetupDialog(Source(SUITE, "wac-mates", "WAC.096"), SearchParams())
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    free = dialog.screen().availableGeometry()
    assert dialog.width() <= free.width() and dialog.height() <= free.height()
    box = dialog.findChild(QDialogButtonBox)
    for button in box.buttons():
        corner = button.mapTo(dialog, button.rect().bottomRight())
        assert button.isVisible() and dialog.rect().contains(corner), button.text()
    rows = [dialog.suite_list.item(row).text() for row in range(dialog.suite_list.count())]
    wac_096 = next(row for row in rows if row.startswith("WAC.096"))
    assert "mate in 9" in wac_096
    best = positions_of(Source(SUITE, "wac-mates"))
    for position in best:
        for move in position.best_moves:
            assert not any(f"({move}" in row for row in rows), move


def drawn_bar_share(gauge) -> float:
    """The share of the gauge's bar painted in the levels' colours, read off its pixels: where
    the colours end on a row above the scale's note (the bar is 18 pixels high, 4 down)."""
    image = gauge.grab().toImage()
    colours = {FIRST_COLOUR.rgb(), SECOND_COLOUR.rgb()}
    filled = [x for x in range(4, gauge.width() - 4) if image.pixel(x, 6) in colours]
    return (max(filled) - 3) / (gauge.width() - 8) if filled else 0.0


def test_the_pn2_gauge_is_drawn_on_a_scale_where_the_second_level_shows(qtbot):
    """Pn² classroom on WAC.001 (cap 5,000): over the first nine iterations the bar's scale is
    a round count a quarter above the peak, said on the bar, so the second level's growth and
    discard move the bar by a visible share; a peak near the cap brings the cap back."""
    window = shown_window(qtbot, (1280, 800), animated=False, source=WAC_001, params=CLASSROOM_PN2)
    shares = []
    for _ in range(9):
        window.controls.step_iteration()
        settle(qtbot, window)
        state = window.gauge.state
        scale, note = bar_scale(state)
        search = window.driver.search
        assert state.cap == search.limits.max_nodes == 5_000
        assert state.total == search.memory().used + search.memory().second_level
        assert state.peak < 0.8 * scale <= state.cap
        assert note == f"zoomed: full bar = {scale:,} (cap 5,000)"
        assert drawn_bar_share(window.gauge) == pytest.approx(state.total / scale, abs=0.02)
        shares.append(state.peak / scale)
    assert min(shares) > 0.3  # against the cap: 1–5 %
    near = MemoryState(3_000, 500, 5_000, 3_600, two_levels=True)
    assert bar_scale(near) == (5_000, "")


@pytest.mark.parametrize("algorithm", [PN, DAGPN])
def test_a_one_level_search_fills_the_gauge_by_its_share_of_the_cap(qtbot, algorithm):
    """PN on WAC.001 after five iterations holds a few hundred of its 1,000,000 nodes: the bar
    is drawn against the cap, as good as empty (a zoomed scale drew it three quarters full),
    and says no scale of its own."""
    window = shown_window(
        qtbot, (1280, 800), animated=False, source=WAC_001, params=SearchParams(algorithm)
    )
    for _ in range(5):
        window.controls.step_iteration()
        settle(qtbot, window)
    state = window.gauge.state
    use = window.driver.search.memory()
    assert (state.total, state.cap) == (use.used, use.capacity)
    assert 0 < state.total < 1_000 and state.cap == 1_000_000
    assert bar_scale(state) == (state.cap, "")
    assert drawn_bar_share(window.gauge) < 0.01


def test_connect_four_says_which_colour_is_x_and_which_o(qtbot):
    """The lesson's board after one iteration: the disc of the move into the most-proving node
    is X's (the engine's game: X moves first), drawn in the colour the key gives X."""
    window = shown_window(
        qtbot,
        (1280, 800),
        animated=False,
        source=Source(GAME, "connect-four(columns=4,rows=4,goal=draw)"),
        params=SearchParams(DAGPN),
    )
    window.controls.step_iteration()
    settle(qtbot, window)
    qtbot.wait(50)
    board = next(w for w in window.board_view.pictures.values() if isinstance(w, MnkBoard))
    assert board.isVisible()
    key = {stone: (colour, words) for stone, colour, words in board.key()}
    assert set(key) == {"X", "O"} and "moves first" in key["X"][1]
    search = window.driver.search
    node = search.tree.most_proving_path()[1]
    assert search.tree.moves_to(node) and board.lastmove is not None
    assert board.position.stone(*cell_of(board.lastmove)) == "X"
    image = board.grab().toImage()
    centre = board._cell_rect(*cell_of(board.lastmove)).center().toPoint()
    ratio = image.devicePixelRatio()
    shown = image.pixelColor(round(centre.x() * ratio), round(centre.y() * ratio))
    assert shown.name() == key["X"][0].name()
    assert board.heightForWidth(400) > 400  # the key's row under the letters


def test_pn2_at_1024_with_a_dock_open_keeps_the_gauge_readable_and_the_board_whole(qtbot):
    """The Pn² classroom entry at 1024×768 with Why not found? open: Pn²'s curves give way, the
    gauge keeps a readable width (its caption two lines, not one word a line) and shows the
    engine's count, and the board keeps its size, rank 1 inside its pane."""
    window = shown_window(qtbot, (1024, 768), animated=False, source=WAC_001, params=CLASSROOM_PN2)
    for _ in range(3):
        window.controls.step_iteration()
        settle(qtbot, window)
    window.explain.explain_action.trigger()
    qtbot.waitUntil(window.explain.dock.isVisible, timeout=20_000)
    # The curves give way and the gauge widens in a queued layout, which a busy machine delays.
    qtbot.waitUntil(lambda: not window.curves.isVisible() and window.gauge.width() >= 300)
    search = window.driver.search
    title = window.gauge_title
    assert title.height() <= 3 * title.fontMetrics().height()
    assert f"{search.nodes_in_memory:,} nodes of 5,000" in window.gauge.shown_text()
    assert board_side(window) >= MIN_BOARD
    board = window.board_view.board
    bottom = board.mapTo(window, board.rect().bottomLeft()).y()
    pane = window.splitter.widget(0)
    assert bottom <= pane.mapTo(window, pane.rect().bottomLeft()).y()
    window.explain.dock.hide()
    qtbot.waitUntil(window.curves.isVisible)  # back once there is room (a queued re-layout)


def test_the_classroom_positions_menu_fits_a_1024_pixel_screen(qtbot):
    window = shown_window(qtbot, (1024, 768), animated=False, source=WAC_001, params=SearchParams())
    menu = window.classroom.menu
    assert menu.sizeHint().width() <= 1024 - 200  # beside the File menu, on a 1024 screen
    for action, lesson in zip(window.classroom.actions, LESSONS, strict=True):
        assert action.text().startswith(lesson.title)
        assert action.toolTip() == f"{lesson.title}: {lesson.point}"  # the point whole


def test_figure_3_1s_title_names_the_initialisation_its_search_runs_as_the_narration_does(qtbot):
    window = shown_window(
        qtbot,
        (1600, 1000),
        animated=False,
        source=Source(TREE, TREE_FILES["figure-3-1-continued"]),
        params=SearchParams(),
    )
    window.controls.step_iteration()
    settle(qtbot, window)
    used = window.driver.search.initialisation
    assert used == "unit" and SearchParams().value("initialisation") == "mobility"
    assert "init unit" in window.title.text() and "init mobility" not in window.title.text()
    assert "Unit initialisation" in window.narration.text()


@pytest.mark.parametrize("size", [(1280, 800), (1600, 1000)], ids=["1280x800", "1600x1000"])
def test_the_projectors_legend_takes_two_rows_in_short_words(qtbot, size):
    """In projector mode the legend's words in large print would take four rows of the tree
    pane; it takes two, in short words, and stays on screen under the tree (plain, the long
    words fit two rows)."""
    window = shown_window(qtbot, size, animated=False, source=WAC_001, params=SearchParams())
    view = window.tree_view
    metrics = QFontMetricsF(style.font(style.OVERLAY_PX - 1))
    entries = legend_entries(False, False, False)
    plain = legend_places(entries, metrics, view.width(), large=False)
    assert max(place[4] for place in plain) < SHORT_ROWS
    assert [place[1] for place in plain] == [entry[1] for entry in entries]
    window.projector.set_on(True)
    qtbot.wait(50)
    width = round(view.width() / TEXT_SCALE)
    long_words = [(symbol, words, words) for symbol, words, _short in entries]
    long_places = legend_places(long_words, metrics, width, large=True)
    assert max(place[4] for place in long_places) >= SHORT_ROWS
    places = legend_places(entries, metrics, width, large=True)
    assert max(place[4] for place in places) < SHORT_ROWS
    assert [place[1] for place in places] == [entry[2] for entry in entries]
    pixmap = view._legend_strip()
    line = metrics.height() + 4
    assert pixmap.height() / pixmap.devicePixelRatio() == pytest.approx(
        (SHORT_ROWS * line + 6) * TEXT_SCALE, abs=1
    )
    assert view.legend_visible and view.drawing_area().bottom() < view.height() - 1


def test_at_1024_in_projector_mode_the_legend_gives_way_to_three_rows_of_nodes(qtbot):
    """WAC.001 after 30 iterations, 1024×768 in projector mode: under the header and the path
    strip, a legend even in short words would leave the tree two rows of nodes; it gives way,
    and the drawing area holds three rows with the first one's move labels at follow's zoom."""
    window = shown_window(qtbot, (1024, 768), animated=False, source=WAC_001, params=SearchParams())
    window.projector.set_on(True)
    qtbot.wait(20)
    for _ in range(30):
        window.controls.step_iteration()
        settle(qtbot, window)
    view = window.tree_view
    assert view.path_strip()  # the path is deeper than the view
    assert view.drawing_area().bottom() >= view.height() - 1  # no legend under it
    rows = 3 * style.ROW + style.LABEL_ROOM
    assert view.drawing_area().height() >= rows * view._viewport.scale
