"""Work for the worker-process tests: module-level, so a spawned process can import it."""

import os
import time


def square(number: int) -> int:
    return number * number


def fail_on_two(number: int) -> int:
    """Squares, but 2 raises an error whose text runs over two lines."""
    if number == 2:
        raise ValueError("two is\nnot allowed")
    return number * number


def die_on_two(number: int) -> int:
    """Squares, but the process working on 2 dies without a word (as if killed)."""
    if number == 2:
        os._exit(9)
    return number * number


def sleep(seconds: float) -> float:
    time.sleep(seconds)
    return seconds


def die_once_on_two(item: tuple[int, str]) -> int:
    """Squares `number`, but the first process working on 2 dies (a marker file remembers it):
    the retry on a fresh worker succeeds."""
    number, marker = item
    if number == 2 and not os.path.exists(marker):
        open(marker, "w").close()
        os._exit(9)
    return number * number
