"""The full-speed redraw throttle, on a made-up clock: frames, board frames, adaptive period."""

import pytest

from pn_explorer.app.driving.redraw_throttle import (
    BOARD_PERIOD_S,
    LONGEST_REFRESH_S,
    OVERHEAD_HIGH,
    OVERHEAD_LOW,
    REFRESH_MS,
    RedrawThrottle,
)


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_frames_come_one_period_apart_and_the_board_every_quarter_second():
    clock = Clock()
    throttle = RedrawThrottle(clock)
    frames = boards = 0
    for _ in range(1000):  # one second in 1 ms ticks, drawing at a comfortable share
        if throttle.due():
            frames += 1
            boards += throttle.frame((OVERHEAD_LOW + OVERHEAD_HIGH) / 2)
        clock.now += 0.001
    assert throttle.period == REFRESH_MS / 1000
    assert frames == pytest.approx(1000 / REFRESH_MS, abs=1)
    assert boards == pytest.approx(1 / BOARD_PERIOD_S, abs=1)


def test_costly_drawing_stretches_the_period_up_to_its_limit_and_cheap_drawing_shrinks_it():
    clock = Clock()
    throttle = RedrawThrottle(clock)
    periods = []
    for _ in range(30):
        throttle.frame(OVERHEAD_HIGH * 2)
        periods.append(throttle.period)
        assert not throttle.due()
        clock.now += throttle.period
        assert throttle.due()
    assert periods == sorted(periods) and periods[0] > REFRESH_MS / 1000
    assert throttle.period == LONGEST_REFRESH_S
    for _ in range(30):
        throttle.frame(OVERHEAD_LOW / 2)
    assert throttle.period == REFRESH_MS / 1000
    throttle.frame(OVERHEAD_HIGH * 2)
    throttle.restart()
    assert throttle.period == REFRESH_MS / 1000
