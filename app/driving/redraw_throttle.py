"""When the window redraws while the search runs at full speed: an adaptive frame period.

Drawing takes time the search then does not get. The period adapts so that drawing costs 5-10%
of the run: the search inside the app keeps well above 0.8 of its headless speed, however big the
tree. A frame that alone costs more than that share of the longest period (the layout of a tree
thousands of plies deep) puts the next one off in proportion to its cost, so drawing never takes
over the run: a run costs its search plus a bounded share, not frames times slices. The board
(python-chess SVG, ~15 ms) has a slower period of its own. The clock is a parameter, so tests
drive the throttle with made-up times.
"""

from __future__ import annotations

import time
from collections.abc import Callable

REFRESH_MS = 66
"""Shortest redraw period while running (about 15 frames per second)."""
LONGEST_REFRESH_S = 1.0
OVERHEAD_HIGH, OVERHEAD_LOW = 0.10, 0.05
"""Share of the time drawing may cost: above the first the period grows, below the second it
shrinks."""
BOARD_PERIOD_S = 0.25
"""While running fast the board is redrawn at most 4 times a second."""


class RedrawThrottle:
    """Decides whether a frame is due at full speed, and whether the board is due with it."""

    def __init__(self, clock: Callable[[], float] = time.perf_counter) -> None:
        self.clock = clock
        self.period = REFRESH_MS / 1000
        self._next_frame = 0.0
        self._next_board = 0.0
        self._frame_started = 0.0

    def restart(self) -> None:
        """A run started or stopped: begin again at the shortest period."""
        self.period = REFRESH_MS / 1000

    def due(self) -> bool:
        """Whether the next frame may be drawn now."""
        return self.clock() >= self._next_frame

    def frame(self, overhead_share: float) -> bool:
        """Draw a frame now: adapt the period to the share of time outside the search since the
        last frame, and say whether the board is due too."""
        now = self.clock()
        self._frame_started = now
        if overhead_share > OVERHEAD_HIGH:
            self.period = min(LONGEST_REFRESH_S, self.period * 1.4)
        elif overhead_share < OVERHEAD_LOW:
            self.period = max(REFRESH_MS / 1000, self.period / 1.2)
        self._next_frame = now + self.period
        board = now >= self._next_board
        if board:
            self._next_board = now + BOARD_PERIOD_S
        return board

    def drawn(self) -> None:
        """The frame `frame` allowed is drawn: the next waits until drawing has cost at most
        OVERHEAD_HIGH of the time since this one began, however long this one took."""
        now = self.clock()
        cost = now - self._frame_started
        self._next_frame = max(self._next_frame, now + cost * (1 / OVERHEAD_HIGH - 1))
