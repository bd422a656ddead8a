"""The tree view's transform (zoom, pan, fit, 1:1 and the follow glide) as geometry, no painting.

A scene point p appears in the widget at p · scale + offset. Areas are widget rectangles the
caller measures (the drawing area, with or without padding); times are seconds from any clock,
so tests drive a glide with made-up times and the widget with a real one.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF

from . import style
from .follow import centred_x


class Viewport:
    """Where the scene appears in the widget, and the glide that moves it there smoothly."""

    __slots__ = ("scale", "offset", "_glide_from", "_glide_to", "_glide_start")

    def __init__(self) -> None:
        self.scale = 1.0
        self.offset = QPointF(0.0, 0.0)
        self._glide_from = QPointF()
        self._glide_to: QPointF | None = None
        self._glide_start = 0.0

    # -- mapping ----------------------------------------------------------------------------------

    def scene_to_widget(self, x: float, y: float) -> QPointF:
        """Where scene point (x, y) appears in the widget."""
        return QPointF(x * self.scale + self.offset.x(), y * self.scale + self.offset.y())

    def widget_to_scene(self, point: QPointF) -> QPointF:
        """The scene point shown at a widget point."""
        return QPointF(
            (point.x() - self.offset.x()) / self.scale, (point.y() - self.offset.y()) / self.scale
        )

    def visible_scene(self, area: QRectF) -> QRectF:
        """The scene rectangle shown in a widget area."""
        top_left = self.widget_to_scene(area.topLeft())
        return QRectF(
            top_left.x(), top_left.y(), area.width() / self.scale, area.height() / self.scale
        )

    # -- moving the view --------------------------------------------------------------------------

    def zoom_at(self, anchor: QPointF, factor: float) -> None:
        """Zoom by `factor` (within MIN_SCALE..MAX_SCALE) keeping the scene point under the
        widget point `anchor` where it is."""
        self.stop_glide()
        scale = min(style.MAX_SCALE, max(style.MIN_SCALE, self.scale * factor))
        factor = scale / self.scale
        self.offset = anchor - (anchor - self.offset) * factor
        self.scale = scale

    def pan_to(self, offset: QPointF) -> None:
        """Put scene (0, 0) at widget point `offset` now (a drag)."""
        self.stop_glide()
        self.offset = QPointF(offset)

    def pan_by(self, delta: QPointF) -> None:
        """Move the picture by `delta` widget pixels now."""
        self.stop_glide()
        self.offset = self.offset + delta

    def shift(self, delta: QPointF) -> None:
        """Move the picture and any glide under way by `delta` (the widget was resized)."""
        self.offset = self.offset + delta
        if self._glide_to is not None:
            self._glide_from = self._glide_from + delta
            self._glide_to = self._glide_to + delta

    def set_view(self, scale: float, offset: QPointF) -> None:
        """Jump to this zoom and offset."""
        self.stop_glide()
        self.scale = scale
        self.offset = QPointF(offset)

    def fit(self, bounds: QRectF, area: QRectF) -> None:
        """Zoom and pan so scene rectangle `bounds` fills `area`, never zooming in beyond 1."""
        scale = min(
            area.width() / max(bounds.width(), 1.0), area.height() / max(bounds.height(), 1.0), 1.0
        )
        scale = max(style.MIN_SCALE, scale)
        centre = bounds.center()
        self.set_view(
            scale,
            QPointF(area.center().x() - centre.x() * scale, area.center().y() - centre.y() * scale),
        )

    def reset(
        self,
        area: QRectF,
        extent: QRectF | None,
        root_x: float = 0.0,
        root_top: float = 0.0,
        scale: float = 1.0,
    ) -> None:
        """Zoom `scale` (1: 1:1) with the scene's top `root_top` at the top of `area`, the drawn
        tree (`extent`) centred if it fits, else the root at `root_x`."""
        self.set_view(
            scale,
            QPointF(centred_x(area, extent, root_x, root_x, scale), area.top() - root_top * scale),
        )

    # -- gliding ----------------------------------------------------------------------------------

    @property
    def gliding(self) -> bool:
        return self._glide_to is not None

    @property
    def goal(self) -> QPointF:
        """Where the view is heading: the glide's end, or where it is when not gliding."""
        return self._glide_to if self._glide_to is not None else self.offset

    def move_to(self, target: QPointF, now: float | None) -> bool:
        """Pan to `target`: a glide starting at time `now`, or at once for `now` None. True
        if a glide started (the caller then calls `glide_step` until it returns False)."""
        if (target - self.goal).manhattanLength() < 0.5:
            return False
        if now is None:
            self.stop_glide()
            self.offset = QPointF(target)
            return False
        self._glide_from = QPointF(self.offset)
        self._glide_to = QPointF(target)
        self._glide_start = now
        return True

    def glide_step(self, now: float) -> bool:
        """Put the view where the glide is at time `now` (easing out over GLIDE_MS); False once
        it has arrived, or if none is under way."""
        if self._glide_to is None:
            return False
        done = min(1.0, (now - self._glide_start) * 1000 / style.GLIDE_MS)
        eased = 1.0 - (1.0 - done) ** 3
        self.offset = self._glide_from + (self._glide_to - self._glide_from) * eased
        if done >= 1.0:
            self.stop_glide()
            return False
        return True

    def finish_glide(self) -> None:
        """Jump to the end of a glide under way."""
        if self._glide_to is not None:
            self.offset = self._glide_to
            self.stop_glide()

    def stop_glide(self) -> None:
        """Stay where the glide has got to."""
        self._glide_to = None
