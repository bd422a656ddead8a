"""Driving a generator to its result: MID's pauses, sliced computations, walks with progress."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any, TypeVar

T = TypeVar("T")


def finish(steps: Generator[Any, None, T]) -> T:
    """The generator's return value, whatever it yields on the way passed over (the command
    line and batch runs have no event loop to hand the pauses to)."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value
