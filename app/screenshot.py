"""Render the window offscreen after some steps and write a PNG (`--screenshot`), for the docs'
screenshots and for looking at the app without a display."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ..core.search.types import INTO, ITERATION
from .platform_check import QtPlatformError, platform_problem
from .problems.search_setup import SearchParams
from .problems.sources import DEFAULT_SOURCE, Source

if TYPE_CHECKING:  # imported where the platform has been chosen
    from PySide6.QtWidgets import QApplication

_APPLICATION: list[QApplication] = []
"""Holds the QApplication made here for the life of the process: every window needs it."""


def ensure_application():
    """The QApplication, created offscreen if there is none (and no display was asked for);
    a platform Qt cannot start is a `QtPlatformError` saying what is missing."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    if app is None:
        problem = platform_problem()
        if problem is not None:
            raise QtPlatformError(problem)
        app = QApplication(["pn-explorer"])
        _APPLICATION.append(app)
        _quiet_offscreen_notice()
    return app


def _quiet_offscreen_notice() -> None:
    """The offscreen platform says it cannot propagate size hints on every window: not news."""
    from PySide6.QtCore import qInstallMessageHandler

    def handler(_kind, _context, message: str) -> None:
        if "propagateSizeHints" not in message:
            sys.stderr.write(message + "\n")

    qInstallMessageHandler(handler)


def wait_until_idle(window, timeout_s: float = 120.0) -> None:
    """Let sliced steps finish (a Pn² step over a big second level takes several slices)."""
    import time

    from PySide6.QtWidgets import QApplication

    deadline = time.monotonic() + timeout_s
    while window.driver.busy and time.monotonic() < deadline:
        QApplication.processEvents()


def advance(window, iterations: int, phases: int = 0) -> None:
    """Step `iterations` whole iterations, then `phases` single phases (Pn²: into the second
    level), as a user pressing Return and then Space/F11 would."""
    driver = window.driver
    for _ in range(iterations):
        if driver.finished_search:
            break
        driver.step(ITERATION)
        wait_until_idle(window)
    for _ in range(phases):
        if driver.finished_search:
            break
        driver.step(INTO)
        wait_until_idle(window)


def render_screenshot(
    source: Source | None,
    params: SearchParams,
    steps: int,
    path: str | Path,
    size: tuple[int, int] = (1400, 900),
    phases: int = 0,
) -> Path:
    """Open `source` with `params`, step, and save the window as a PNG of exactly `size`.

    Bad input raises the core's typed errors before any window exists.
    """
    from .problems.search_setup import check_problem

    problem_source = source or DEFAULT_SOURCE
    check_problem(problem_source, params)
    app = ensure_application()
    from .window import MainWindow

    window = MainWindow(persist=False, source=problem_source, params=params)
    window.resize(*size)
    window.tree_view.set_animated(False)  # a picture shows where the view ends up, not a glide
    window.show()
    app.processEvents()
    advance(window, steps, phases)
    window.wait_for_solution()
    app.processEvents()
    window.refresh_views()
    app.processEvents()
    image = window.grab()
    path = Path(path)
    if not image.save(str(path), "PNG"):
        window.close()
        raise OSError(f"Qt could not write {str(path)!r}")
    window.close()
    return path
