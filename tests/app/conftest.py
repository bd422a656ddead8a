"""Fixtures the window's tests share."""

import pytest
from PySide6.QtWidgets import QMessageBox

from pn_explorer.app.problems.search_setup import SearchParams
from pn_explorer.app.problems.sources import SUITE, Source
from pn_explorer.app.window import MainWindow
from tests.app.windows import shown_window


@pytest.fixture
def dialogs(monkeypatch):
    """Message boxes record their text instead of waiting for a click."""
    shown: list[tuple[str, str]] = []

    def record(_parent, title, text, *args, **kwargs):
        shown.append((title, text))
        return QMessageBox.StandardButton.Ok

    for name in ("warning", "critical", "information"):
        monkeypatch.setattr(QMessageBox, name, staticmethod(record))
    return shown


@pytest.fixture(autouse=True)
def no_unexpected_dialogs(monkeypatch):
    """A message box no test asked for fails that test at once instead of waiting for a click
    that never comes (offscreen, a modal dialog would hang the whole run)."""

    def fail(_parent, title, text, *args, **kwargs):
        pytest.fail(f"unexpected dialog {title!r}: {text}")

    for name in ("warning", "critical", "information", "question"):
        monkeypatch.setattr(QMessageBox, name, staticmethod(fail))


@pytest.fixture
def wac096_beside_why_not_found(qtbot) -> MainWindow:
    """WAC.096 stopped by a 20,000-node cap at 1024×768 (its tree drawn without animation), then
    Why not found? opened beside it: the small window's hardest unsolved end."""
    window = shown_window(
        qtbot,
        (1024, 768),
        animated=False,
        source=Source(SUITE, "wac-mates", "WAC.096"),
        params=SearchParams(max_nodes=20_000),
    )
    window.driver.run_to_end()
    qtbot.waitUntil(lambda: window.driver.outcome is not None, timeout=60_000)
    window.explain.explain_action.trigger()
    qtbot.waitUntil(window.explain.dock.isVisible, timeout=60_000)
    qtbot.wait(100)
    return window
