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
