"""The status bar's line: iteration, node counts, speed, time, root numbers and what comes next."""

from __future__ import annotations

from app.driver import SearchDriver
from core.values import counted, format_number, rate_text


def status_text(driver: SearchDriver) -> str:
    """The driver's search in one line (the driver must hold a search)."""
    search = driver.search
    proof, disproof = search.root_numbers
    parts = [
        f"Iteration {search.iterations:,}",
        f"{counted(search.nodes_created, 'node')} created",
        f"{search.nodes_in_memory:,} in memory",
        rate_text(driver.nodes_per_second, search.elapsed) or "– nodes/s",
        f"{search.elapsed:.2f} s",
        f"root {format_number(proof)}/{format_number(disproof)}",
    ]
    if search.second_level is not None:
        parts.append(f"second level: {counted(len(search.second_level.tree), 'node')}")
    if search.outcome is not None:
        parts.append(str(search.outcome))
    elif driver.running:
        parts.append("running")
    else:
        parts.append(f"next: {search.next_phase.value}")
    return "  ·  ".join(parts)
