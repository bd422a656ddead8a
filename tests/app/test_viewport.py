"""The tree view's transform without a widget: fit, zoom about a point, pan, mapping, glide."""

import pytest
from PySide6.QtCore import QPointF, QRectF

from pn_explorer.app.tree_view import style
from pn_explorer.app.tree_view.viewport import Viewport

AREA = QRectF(0.0, 40.0, 800.0, 500.0)


def close(a: QPointF, b: QPointF) -> bool:
    return abs(a.x() - b.x()) < 1e-9 and abs(a.y() - b.y()) < 1e-9


def test_scene_and_widget_points_round_trip():
    viewport = Viewport()
    viewport.set_view(0.37, QPointF(123.0, -45.5))
    for x, y in [(0.0, 0.0), (10.5, -3.0), (4000.0, 720.0)]:
        assert close(viewport.widget_to_scene(viewport.scene_to_widget(x, y)), QPointF(x, y))
    visible = viewport.visible_scene(AREA)
    assert close(viewport.scene_to_widget(visible.left(), visible.top()), AREA.topLeft())
    assert close(viewport.scene_to_widget(visible.right(), visible.bottom()), AREA.bottomRight())


def test_zooming_keeps_the_point_under_the_anchor_fixed_and_stays_in_range():
    viewport = Viewport()
    viewport.set_view(0.8, QPointF(30.0, 60.0))
    anchor = QPointF(312.0, 207.0)
    under = viewport.widget_to_scene(anchor)
    for factor in (style.ZOOM_STEP, 1 / style.ZOOM_STEP, 3.0, 1 / 7.0):
        viewport.zoom_at(anchor, factor)
        assert close(viewport.scene_to_widget(under.x(), under.y()), anchor)
    viewport.zoom_at(anchor, 1e6)
    assert viewport.scale == style.MAX_SCALE
    assert close(viewport.scene_to_widget(under.x(), under.y()), anchor)
    viewport.zoom_at(anchor, 1e-6)
    assert viewport.scale == style.MIN_SCALE


def test_fit_puts_the_bounds_inside_the_area_centred_never_zooming_in():
    viewport = Viewport()
    big = QRectF(-500.0, 0.0, 4000.0, 900.0)
    viewport.fit(big, AREA)
    assert viewport.scale == pytest.approx(AREA.width() / big.width())
    top_left = viewport.scene_to_widget(big.left(), big.top())
    bottom_right = viewport.scene_to_widget(big.right(), big.bottom())
    assert AREA.contains(QRectF(top_left, bottom_right).adjusted(1e-6, 1e-6, -1e-6, -1e-6))
    assert close(viewport.scene_to_widget(big.center().x(), big.center().y()), AREA.center())
    small = QRectF(0.0, 0.0, 50.0, 30.0)
    viewport.fit(small, AREA)
    assert viewport.scale == 1.0
    assert close(viewport.scene_to_widget(small.center().x(), small.center().y()), AREA.center())


def test_reset_puts_the_top_at_the_area_top_at_zoom_one():
    viewport = Viewport()
    viewport.set_view(0.2, QPointF(-900.0, 13.0))
    extent = QRectF(-100.0, -20.0, 300.0, 200.0)
    viewport.reset(AREA, extent, 0.0, -20.0)
    assert viewport.scale == 1.0
    assert viewport.scene_to_widget(0.0, -20.0).y() == AREA.top()
    assert viewport.scene_to_widget(extent.center().x(), 0.0).x() == AREA.center().x()
    viewport.reset(AREA, None)
    assert close(viewport.scene_to_widget(0.0, 0.0), QPointF(AREA.center().x(), AREA.top()))


def test_panning_moves_every_point_by_the_same_amount():
    viewport = Viewport()
    viewport.set_view(0.5, QPointF(10.0, 20.0))
    before = viewport.scene_to_widget(100.0, 100.0)
    viewport.pan_by(QPointF(15.0, -5.0))
    assert close(viewport.scene_to_widget(100.0, 100.0), before + QPointF(15.0, -5.0))
    viewport.pan_to(QPointF(0.0, 0.0))
    assert close(viewport.scene_to_widget(100.0, 100.0), QPointF(50.0, 50.0))


def test_a_glide_eases_to_its_target_and_a_jump_goes_at_once():
    viewport = Viewport()
    target = QPointF(300.0, -120.0)
    assert viewport.move_to(target, now=10.0)
    assert viewport.gliding and viewport.goal == target and viewport.offset == QPointF(0.0, 0.0)
    distances = []
    now = 10.0
    while viewport.glide_step(now):
        distances.append((target - viewport.offset).manhattanLength())
        now += 0.015
    assert viewport.offset == target and not viewport.gliding
    assert distances == sorted(distances, reverse=True) and distances[0] > distances[-1]
    assert now - 10.0 == pytest.approx(style.GLIDE_MS / 1000, abs=0.02)
    assert not viewport.move_to(target, now=11.0), "already there"
    shifted = QPointF(-40.0, 0.0)
    assert not viewport.move_to(shifted, now=None)
    assert viewport.offset == shifted and not viewport.gliding


def test_a_resize_shifts_a_glide_under_way_and_finishing_jumps_to_its_end():
    viewport = Viewport()
    viewport.move_to(QPointF(100.0, 0.0), now=0.0)
    viewport.glide_step(0.05)
    viewport.shift(QPointF(0.0, 30.0))
    assert viewport.goal == QPointF(100.0, 30.0)
    viewport.finish_glide()
    assert viewport.offset == QPointF(100.0, 30.0) and not viewport.gliding
