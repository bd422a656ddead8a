"""The keyboard shortcut list (F1), read from the window's actions so it can never go stale."""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from PySide6.QtGui import QAction, QKeySequence


def describe(action: QAction) -> str:
    """What an action does: its "What's This?" text if it has one, else its menu text."""
    return action.whatsThis() or action.text().replace("&", "").rstrip("…")


def keys_of(action: QAction) -> str:
    """An action's shortcuts as the platform writes them ("Ctrl+F5", "+ / =")."""
    return " / ".join(
        key.toString(QKeySequence.SequenceFormat.NativeText) for key in action.shortcuts()
    )


def shortcut_rows(actions: Iterable[QAction]) -> list[tuple[str, str]]:
    """(what it does, its keys) for every action with a shortcut, in the order given."""
    return [(describe(action), keys_of(action)) for action in actions if action.shortcuts()]


def shortcut_table(actions: Iterable[QAction]) -> str:
    """The rows as the HTML table the help dialog shows."""
    rows = "".join(
        f"<tr><td>{escape(what)}</td><td><b>{escape(keys)}</b></td></tr>"
        for what, keys in shortcut_rows(actions)
    )
    return f"<table cellpadding=3>{rows}</table>"
