"""Fixtures the window's tests share."""

import pytest
from PySide6.QtWidgets import QMessageBox


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
