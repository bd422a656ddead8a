"""The status bar's line: iteration, node counts, speed, time, root numbers and what comes next."""

from __future__ import annotations

from app.driver import SearchDriver
from core.values import format_number


def status_text(driver: SearchDriver) -> str:
    """The driver's search in one line (the driver must hold a search)."""
    search = driver.search
    proof, disproof = search.root_numbers
    parts = [
        f"Iteration {search.iterations:,}",
        f"{search.nodes_created:,} nodes created",
        f"{search.nodes_in_memory:,} in memory",
        f"{driver.nodes_per_second:,.0f} nodes/s" if driver.nodes_per_second else "– nodes/s",
        f"{search.elapsed:.2f} s",
        f"root {format_number(proof)}/{format_number(disproof)}",
    ]
    if search.second_level is not None:
        parts.append(f"second level: {len(search.second_level.tree):,} nodes")
    if search.outcome is not None:
        parts.append(str(search.outcome))
    elif driver.running:
        parts.append("running")
    else:
        parts.append(f"next: {search.next_phase.value}")
    return "  ·  ".join(parts)
