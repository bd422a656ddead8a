"""The replay timeline in a real-size window: the slider, Alt+← / Alt+→ and a click on the plot
show the search as it was after iteration k — checked against a fresh engine run to k."""

import pytest
from PySide6.QtCore import QPoint, Qt

from pn_explorer.app.problems.search_setup import PN2, SearchParams, build_search
from pn_explorer.app.problems.sources import SUITE, Source
from pn_explorer.app.progress.root_plot import (
    PIXELS_PER_POINT,
    PROOF_COLOUR,
    iteration_at,
    log_height,
)
from pn_explorer.core.tree import ROOT
from tests.app.windows import shown_window

WAC_014 = Source(SUITE, "paper-figures", "WAC.014")


def open_window(qtbot, params=None):
    window = shown_window(qtbot, (1600, 1000), source=WAC_014, params=params or SearchParams())
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=5000)
    return window


def fresh(window, k):
    """The engine's own state after k iterations: a new search on the same problem."""
    search = build_search(window.problem.game, window.params)
    search.run(max_iterations=k)
    assert search.iterations == k
    return search


def settle(qtbot, window, k):
    qtbot.waitUntil(lambda: not window.timeline.rewinding, timeout=20000)
    assert window.driver.search.iterations == k


def assert_shows(window, engine):
    """Tree view items, board, gauge, status and timeline equal the engine's state."""
    window.refresh_views()
    shown = window.driver.search
    tree = engine.tree
    assert len(shown.tree) == len(tree)
    items = [item for item in window.tree_view.displayed_nodes() if item.kind == "node"]
    assert items and items[0].node == ROOT
    for item in items:
        assert (item.proof, item.disproof) == tree.numbers(item.node)
    leaf = tree.most_proving_path()[-1]
    assert window.board_view.fen == engine.game.board_after(tree.moves_to(leaf)).fen()
    assert window.gauge.state.total == engine.nodes_in_memory
    assert f"Iteration {engine.iterations:,}" in window.status.text()
    assert window.timeline.slider.value() == engine.iterations
    assert window.timeline.plot.current == engine.iterations


def test_the_slider_and_the_keys_move_the_search_to_iteration_k(qtbot):
    window = open_window(qtbot)
    for _ in range(3):
        qtbot.keyClick(window.tree_view, Qt.Key.Key_Return)
        qtbot.waitUntil(lambda: not window.driver.busy)
    window.driver.search.run(max_iterations=57)
    window.timeline.refresh()
    assert window.timeline.slider.maximum() == 60
    window.timeline.slider.setValue(20)  # as a drag of the handle does
    settle(qtbot, window, 20)
    assert_shows(window, fresh(window, 20))
    assert "after iteration 20 of 60" in window.narration.text()
    qtbot.keyClick(window.tree_view, Qt.Key.Key_Right, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: not window.driver.busy)
    assert window.driver.search.iterations == 21
    assert_shows(window, fresh(window, 21))
    qtbot.keyClick(window.tree_view, Qt.Key.Key_Left, Qt.KeyboardModifier.AltModifier)
    settle(qtbot, window, 20)
    assert_shows(window, fresh(window, 20))
    window.timeline.slider.setValue(60)
    settle(qtbot, window, 60)
    assert_shows(window, fresh(window, 60))


def test_a_click_on_the_plot_picks_the_iteration_under_it(qtbot):
    window = open_window(qtbot)
    window.driver.search.run(max_iterations=80)
    window.timeline.refresh()
    plot = window.timeline.plot
    assert plot.isVisible() and plot.width() > 300
    area = plot.area()
    x = area.left() + area.width() * 0.25
    qtbot.mouseClick(
        plot, Qt.MouseButton.LeftButton, pos=QPoint(round(x), round(area.center().y()))
    )
    wanted = round((round(x) - area.left()) / area.width() * 80)
    settle(qtbot, window, wanted)
    assert 15 <= wanted <= 25
    assert_shows(window, fresh(window, wanted))


def test_the_plot_draws_the_root_numbers_the_engine_had_at_each_iteration(qtbot):
    """Each series has a point every `PIXELS_PER_POINT` columns, at the iteration a click there
    picks, and the proof-number curve is on screen where the engine's root pn puts it."""
    window = open_window(qtbot)
    window.driver.search.run(max_iterations=80)
    window.timeline.refresh()
    plot = window.timeline.plot
    area = plot.area()
    top, curves = plot.curves()
    (_, nodes), (colour, proof), (_, disproof) = curves
    assert colour == PROOF_COLOUR and len(proof) == len(nodes) == len(disproof)
    assert len(proof) == int(area.width() / PIXELS_PER_POINT) + 1
    image = plot.grab().toImage()
    for point in (proof[0], proof[len(proof) // 3], proof[2 * len(proof) // 3]):
        k = iteration_at(point.x(), area, 80)
        engine_pn = fresh(window, k).root_numbers[0]
        assert point.y() == pytest.approx(
            area.bottom() - area.height() * min(1.0, log_height(engine_pn, top))
        )
        near = [
            image.pixelColor(round(point.x()) + dx, round(point.y()) + dy)
            for dx in (-1, 0, 1)
            for dy in (-1, 0, 1)
        ]
        assert any(
            max(abs(c.red() - colour.red()), abs(c.green() - colour.green())) < 40 for c in near
        )


def test_pn2_rewinds_and_steps_on(qtbot):
    window = open_window(qtbot, SearchParams(PN2, 5000, a=300.0, b=100.0))
    window.driver.search.run(max_iterations=30)
    window.timeline.refresh()
    window.timeline.slider.setValue(12)
    settle(qtbot, window, 12)
    assert_shows(window, fresh(window, 12))
    assert window.gauge.state.second_level == 0
    qtbot.keyClick(window.tree_view, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not window.driver.busy)
    assert_shows(window, fresh(window, 13))
