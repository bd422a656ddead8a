"""The tree view's effort map: each drawn node filled by the size of its subtree, so a class sees
where the search spent its nodes ("Why not found?").

The scale is logarithmic, log(size) / log(tree size): a leaf is the palest colour, the root the
darkest, and a subtree of a tenth of the tree sits a fixed step below the whole. Sizes come from
the view's own `SubtreeSizes` (kept up to date as the tree grows), so the map costs nothing extra.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from PySide6.QtGui import QColor

from . import style
from .items import DisplayedNode
from .level import TreeLevel


def effort_level(size: int, total: int) -> float:
    """Where a subtree of `size` nodes stands on the map, 0 (one node) to 1 (the whole tree)."""
    if total <= 1 or size <= 1:
        return 0.0
    return min(1.0, math.log(size) / math.log(total))


def effort_colour(level: float) -> QColor:
    """The colour at `level` (0..1), interpolated between `style.EFFORT_STOPS`."""
    stops = style.EFFORT_STOPS
    place = max(0.0, min(1.0, level)) * (len(stops) - 1)
    low = min(int(place), len(stops) - 2)
    t = place - low
    a, b = stops[low], stops[low + 1]
    return QColor(
        round(a.red() + (b.red() - a.red()) * t),
        round(a.green() + (b.green() - a.green()) * t),
        round(a.blue() + (b.blue() - a.blue()) * t),
    )


class EffortMap:
    """Whether the view draws the effort map, and the fill it gives each drawn node."""

    def __init__(self) -> None:
        self.on = False

    def fills(
        self, first: TreeLevel | None, second: TreeLevel | None
    ) -> Callable[[DisplayedNode], QColor | None] | None:
        """The fill per drawn node while the map is on (None: the usual fills)."""
        if not self.on:
            return None
        levels = {1: first, 2: second}

        def fill(item: DisplayedNode) -> QColor | None:
            level = levels.get(item.level)
            if level is None or not level.sizes.complete or item.node >= len(level.tree):
                return None
            return effort_colour(effort_level(level.sizes[item.node], len(level.tree)))

        return fill
