"""The peak memory of one run (`core.runs.memory`): the kernel's peak resident set, reset before
the run, so a run made after a larger one still gets its own figure."""

from __future__ import annotations

import sys

import pytest

from pn_explorer.core.runs.memory import measured_peak, megabytes


def _hold(megabytes_held: int) -> int:
    block = bytearray(megabytes_held * 1_000_000)
    block[::4096] = b"x" * len(block[::4096])
    return len(block)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the kernel's counter is Linux's")
def test_each_run_gets_its_own_peak():
    held, big = measured_peak(lambda: _hold(80))
    assert held == 80_000_000
    assert big is not None and big >= 70_000_000
    _, small = measured_peak(lambda: _hold(8))
    assert small is not None and 6_000_000 <= small < 40_000_000


def test_a_size_in_a_column():
    assert megabytes(12_345_678) == "12.3"
    assert megabytes(None) == "–"
