"""The adaptive search slice, on a made-up clock: it shrinks under load and recovers when idle."""

import pytest

from pn_explorer.app.driving.driver import YIELD_AFTER_S, SearchDriver
from pn_explorer.app.driving.slice_length import (
    LONGEST_SLICE_S,
    SHORTEST_SLICE_S,
    TARGET_CYCLE_S,
    SliceGovernor,
)
from pn_explorer.app.problems.search_setup import SearchParams, build_search
from pn_explorer.app.problems.sources import SUITE, Source, load


class Clock:
    def __init__(self) -> None:
        self.now = 50.0

    def __call__(self) -> float:
        return self.now


def cycle(governor: SliceGovernor, clock: Clock, stretch: float, between: float) -> float:
    """One slice that takes `stretch` × its length of wall time, then `between` seconds of other
    events (redraws); returns the slice length the governor granted."""
    granted = governor.slice_started()
    clock.now += granted * stretch
    governor.slice_ended()
    clock.now += between
    return granted


def test_an_idle_machine_keeps_the_longest_slice():
    clock = Clock()
    governor = SliceGovernor(clock)
    granted = [cycle(governor, clock, 1.0, 0.005) for _ in range(200)]
    assert set(granted) == {LONGEST_SLICE_S}
    assert governor.longest_cycle == pytest.approx(LONGEST_SLICE_S + 0.005)


def test_a_shared_cpu_shortens_slices_until_cycles_fit_the_target():
    clock = Clock()
    governor = SliceGovernor(clock)
    # Descheduled half the time: a slice takes twice its length, and redraws 30 ms.
    for _ in range(50):
        cycle(governor, clock, 2.0, 0.03)
    assert governor.seconds < LONGEST_SLICE_S
    lengths = [cycle(governor, clock, 2.0, 0.03) for _ in range(50)]
    # Once settled, every cycle (slice stretched ×2 plus 30 ms of redraws) stays under target
    # apart from the odd probe upward.
    settled = lengths[-20:]
    over = [s for s in settled if 2 * s + 0.03 > TARGET_CYCLE_S]
    assert len(over) <= len(settled) // 4
    assert min(lengths) >= SHORTEST_SLICE_S


def test_slices_never_go_below_the_floor_and_recover_when_the_load_goes():
    clock = Clock()
    governor = SliceGovernor(clock)
    for _ in range(40):
        cycle(governor, clock, 1.0, 0.2)  # something else blocks 200 ms each time
    assert governor.seconds == SHORTEST_SLICE_S
    for _ in range(100):
        cycle(governor, clock, 1.0, 0.002)
    assert governor.seconds == LONGEST_SLICE_S


def test_restart_forgets_the_gap_before_the_first_slice():
    clock = Clock()
    governor = SliceGovernor(clock)
    cycle(governor, clock, 1.0, 0.0)
    clock.now += 10.0  # paused for ten seconds
    governor.restart()
    cycle(governor, clock, 1.0, 0.0)
    assert governor.longest_cycle == pytest.approx(LONGEST_SLICE_S)
    assert governor.seconds == LONGEST_SLICE_S


def test_after_a_long_redraw_the_driver_gives_the_event_loop_one_pass_before_searching(qtbot):
    """A slice right behind a long redraw would join it in one stall: the tick after a gap
    over `YIELD_AFTER_S` searches nothing (the search's node count stands still), the next one
    searches again."""
    driver = SearchDriver()
    search = build_search(load(Source(SUITE, "wac-mates", "WAC.096")).game, SearchParams())
    driver.set_search(search)
    driver.run_to_end()
    driver.slice_timer.stop()  # the test ticks by hand
    driver._tick()
    before = search.nodes_created
    assert before > 1
    driver._last_tick_end -= 2 * YIELD_AFTER_S  # as if the views had just taken that long
    driver._tick()
    assert search.nodes_created == before
    driver._tick()
    assert search.nodes_created > before
