"""The memory one search takes, as the operating system counts it: the growth of the process's
resident memory at its peak while the search runs.

Linux keeps each process's peak resident set (`VmHWM` in `/proc/self/status`) and lets the
process reset it to its current size (`echo 5 > /proc/self/clear_refs`), so a run measured in a
process that ran others before it still gets its own peak: the garbage is collected and freed
memory handed back to the system first (`malloc_trim`), the peak reset, the run made, and the
peak read. What the run allocates and frees again before its end counts at its peak; what the
process held before the run (the interpreter, the game, earlier runs' caches) does not. Where the
system offers no such counter (not Linux) the measure is None.
"""

from __future__ import annotations

import gc
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

STATUS = "/proc/self/status"
CLEAR_REFS = "/proc/self/clear_refs"
RESET_PEAK = "5"
"""What `clear_refs` takes to reset the peak resident set to the current one (Linux ≥ 4.0)."""


def _status_kib(field: str) -> int | None:
    try:
        with open(STATUS, encoding="ascii") as status:
            for line in status:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        return None
    return None


def _give_back_freed_memory() -> None:
    """Collect the garbage and hand the C library's free memory back to the system, so the run
    measured next does not reuse, unseen, memory an earlier run freed."""
    gc.collect()
    try:
        import ctypes

        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):
        pass


def _reset_peak() -> bool:
    try:
        with open(CLEAR_REFS, "w", encoding="ascii") as clear_refs:
            clear_refs.write(RESET_PEAK)
    except OSError:
        return False
    return True


def measured_peak(run: Callable[[], T]) -> tuple[T, int | None]:
    """`run()`'s result and the bytes the process's resident memory grew by at its peak while it
    ran (None where the system cannot say)."""
    _give_back_freed_memory()
    before = _status_kib("VmRSS") if _reset_peak() else None
    result = run()
    peak = _status_kib("VmHWM") if before is not None else None
    if before is None or peak is None:
        return result, None
    return result, max(0, peak - before) * 1024


def megabytes(size: int | None) -> str:
    """A measured size for a table's column ("12.3"; "–" where none was measured)."""
    return "–" if size is None else f"{size / 1e6:.1f}"
