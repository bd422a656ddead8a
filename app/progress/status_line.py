"""The status bar's line: iteration, node counts, speed, time, root numbers and what comes next,
and its shorter forms for a narrow bar."""

from __future__ import annotations

from ...core.search.contract import kept_tree, second_level
from ...core.values import counted, format_number, rate_text
from ..driving.driver import SearchDriver


def status_forms(
    driver: SearchDriver, root: tuple[int, int] | None = None, next_text: str | None = None
) -> tuple[str, ...]:
    """The driver's search in one line (the driver must hold a search), then shorter forms of
    it for a narrow bar (projector mode at 1024 wide): the iteration, the nodes, the root's
    numbers and what comes next stay in every form. Quiz mode passes the `root` numbers and the
    `next_text` the student may see (`app.quiz.mode`)."""
    search = driver.search
    if search is None:
        raise ValueError("the status line describes the driver's search, and it holds none")
    proof, disproof = root or search.root_numbers
    # Running: the recent rate; stopped or paused: the run's own, the figure "Why not found?"
    # quotes, so the window says one number.
    rate = (
        driver.nodes_per_second
        if driver.running or search.elapsed <= 0
        else search.nodes_created / search.elapsed
    )
    speed = rate_text(rate, search.elapsed) or "– nodes/s"
    elapsed = f"{search.elapsed:.2f} s"
    in_memory = f"{search.nodes_in_memory:,} in memory"
    parts = [
        f"Iteration {search.iterations:,}",
        f"{counted(search.nodes_created, 'node')} created",
        in_memory,
        speed,
        elapsed,
        f"root {format_number(proof)}/{format_number(disproof)}",
    ]
    inner = second_level(search)
    if inner is not None:
        parts.append(f"second level: {counted(len(kept_tree(inner)), 'node')}")
    if search.outcome is not None:
        parts.append(str(search.outcome))
    elif driver.running:
        parts.append("running")
    else:
        parts.append(f"next: {next_text or search.next_step}")
    # What a narrow bar leaves out first: the speed, the time, the count in memory (the gauge
    # beside the bar gives it).
    forms = [parts]
    for part in (speed, elapsed, in_memory):
        forms.append([kept for kept in forms[-1] if kept != part])
    return tuple("  ·  ".join(form) for form in forms)
