"""The finale in a real-size window: the verified line drawn readable, the rest folded, the mate on
screen as it opens, then the played ply's node, and the board in step with the result slider,
also after Esc."""

import pytest

from pn_explorer.app.problems.search_setup import SearchParams
from pn_explorer.app.problems.sources import SUITE, Source
from pn_explorer.app.tree_view import style
from pn_explorer.app.tree_view.layout import NODE
from pn_explorer.app.window import MainWindow
from pn_explorer.core.proofs.proof import main_line_nodes, node_after_moves
from tests.app.windows import shown_window


@pytest.fixture
def finished(qtbot):
    """A window of the classroom projector's size, its search run to the verified result."""

    def make(suite: str, problem: str) -> MainWindow:
        window = shown_window(
            qtbot,
            (1600, 1000),
            animated=False,
            source=Source(SUITE, suite, problem),
            params=SearchParams(),
        )
        window.driver.run_to_end()
        qtbot.waitUntil(lambda: window.driver.finished_search, timeout=60000)
        qtbot.waitUntil(lambda: bool(window.result_panel.main_line), timeout=60000)
        qtbot.wait(20)
        return window

    return make


def on_screen_scale(view) -> float:
    """Widget pixels per scene pixel, measured through the view's own mapping."""
    return view.scene_to_widget(1.0, 0.0).x() - view.scene_to_widget(0.0, 0.0).x()


def drawn(view, node: int):
    return next(
        (i for i in view.displayed_nodes() if i.kind == NODE and (i.level, i.node) == (1, node)),
        None,
    )


def board_fen_at(window, node: int) -> str:
    """The engine's position at a first-level node, replayed from the root."""
    search = window.driver.search
    return search.game.board_after(search.tree.moves_to(node)).fen()


@pytest.mark.parametrize("problem", ["WAC.001", "WAC.253"])
def test_the_finale_shows_the_verified_line_readable_and_in_step(qtbot, finished, problem):
    window = finished("wac-mates", problem)
    view, tree = window.tree_view, window.driver.search.tree
    line = main_line_nodes(tree)
    moves = window.result_panel.main_line
    assert [tree.move[node] for node in line[1:]] == moves
    drawn_nodes = [item.node for item in view.displayed_nodes() if item.kind == NODE]
    assert set(drawn_nodes) == set(line), "only the line is drawn, the rest folded"
    scale = on_screen_scale(view)
    smallest = min(style.LABEL_PX, style.number_font(1, False).pixelSize())
    assert smallest * scale >= style.READABLE_PX - 1e-6
    area = view.drawing_area()
    for ply in range(len(moves) + 1):
        if ply:
            window.pointing.line_forward.trigger()
            qtbot.wait(10)
        assert window.result_panel.ply == ply
        node = node_after_moves(tree, moves[:ply])
        assert node == line[ply]
        # The finale opens on the mate (the line's end); once played, the played ply's node.
        item = drawn(view, node if ply else line[-1])
        above = style.LABEL_ROOM - 4 if item.label else style.NODE / 2
        assert area.contains(view.scene_to_widget(item.x, item.y - above))
        assert area.contains(view.scene_to_widget(item.x, item.y + style.NODE / 2))
        assert window.board_view.fen == board_fen_at(window, node)
        assert ply == 0 or view.focused == (1, node)
    assert on_screen_scale(view) * style.LABEL_PX >= style.READABLE_PX - 1e-6
    window.pointing.line_back.trigger()
    window.pointing.line_back.trigger()
    qtbot.wait(10)
    ply = window.result_panel.ply
    window.pointing.unpin_action.trigger()
    qtbot.wait(10)
    assert window.result_panel.ply == ply
    assert window.board_view.fen == board_fen_at(window, line[ply])
    item = drawn(view, line[ply])
    assert area.contains(view.scene_to_widget(item.x, item.y))


def test_pointing_elsewhere_then_esc_returns_to_the_slider_ply(qtbot, finished):
    window = finished("wac-mates", "WAC.001")
    view, tree = window.tree_view, window.driver.search.tree
    window.pointing.line_forward.trigger()
    qtbot.wait(10)
    root = view.displayed_nodes()[0]
    view.click(view.scene_to_widget(root.x, root.y))
    qtbot.wait(10)
    assert window.board_view.fen == board_fen_at(window, 0)
    window.pointing.unpin_action.trigger()
    qtbot.wait(10)
    line = main_line_nodes(tree)
    assert window.result_panel.ply == 1
    assert window.board_view.fen == board_fen_at(window, line[1])
    assert window.board_view.heading.text().startswith("Main line: ply 1 of")
