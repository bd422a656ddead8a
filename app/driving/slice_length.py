"""How long the driver's next search slice may be: adapted to the stalls actually measured.

A slice of search work blocks the GUI thread; so does everything else that runs between two slices
(redraws, input, the board's SVG). On an idle machine a 20 ms slice leaves the window answering
well within 100 ms, but on a shared CPU the process is descheduled mid-slice and a slice plus the
redraw after it can stretch past 100 ms. The governor measures each cycle as the event loop sees
it (the slice's wall time plus the time since the previous slice ended) and shortens the next
slice when a cycle comes near the budget, lengthening it again, slowly, when cycles are short.
The clock is a parameter, so tests drive it with made-up times.
"""

from __future__ import annotations

import time
from collections.abc import Callable

LONGEST_SLICE_S = 0.02
"""The slice on an idle machine: long enough that per-slice overhead is negligible."""
SHORTEST_SLICE_S = 0.003
"""Never shorter: below this the event loop's own cost per slice eats the search."""
TARGET_CYCLE_S = 0.05
"""A slice plus what ran between slices should stay under this (half the 100 ms budget: the
heartbeat of `bench --gui` sees the worst case of two cycles back to back)."""
SHRINK, GROW = 0.6, 1.1
"""Shrink fast when a cycle is too long, grow slowly when cycles are well under the target."""


class SliceGovernor:
    """Chooses the length of each search slice from the cycles measured so far."""

    def __init__(self, clock: Callable[[], float] = time.perf_counter) -> None:
        self.clock = clock
        self.seconds = LONGEST_SLICE_S
        self.longest_cycle = 0.0
        """The longest cycle measured since `restart` (slice + the time before it)."""
        self._slice_started = 0.0
        self._last_end = 0.0

    def restart(self) -> None:
        """A new run: start from the idle slice and forget the previous run's gaps."""
        self.seconds = LONGEST_SLICE_S
        self.longest_cycle = 0.0
        self._last_end = 0.0

    def slice_started(self) -> float:
        """Call right before a slice; returns the slice's length in seconds."""
        self._slice_started = self.clock()
        return self.seconds

    def slice_ended(self) -> None:
        """Call right after a slice: measure the cycle and adapt the next slice's length."""
        now = self.clock()
        gap = self._slice_started - self._last_end if self._last_end else 0.0
        cycle = (now - self._slice_started) + gap
        self._last_end = now
        self.longest_cycle = max(self.longest_cycle, cycle)
        if cycle > TARGET_CYCLE_S:
            self.seconds = max(SHORTEST_SLICE_S, self.seconds * SHRINK)
        elif cycle < TARGET_CYCLE_S / 2:
            self.seconds = min(LONGEST_SLICE_S, self.seconds * GROW)
