"""The window's actions with a shortcut (`shortcut_action`), and the keyboard shortcut list (F1)
read from them, so it can never go stale."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from html import escape

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QStyle, QWidget


def shortcut_action(
    host: QWidget,
    text: str,
    key: str,
    slot: Callable[[], object],
    icon: QStyle.StandardPixmap | None = None,
    tip: str = "",
) -> QAction:
    """An action of `host` on `key` (so it works wherever the window has focus), with the
    style's `icon`; its `tip` is its tooltip, with the key, and its "What's This?", which the
    shortcut list shows."""
    action = QAction(text, host)
    action.setShortcut(QKeySequence(key))
    if icon is not None:
        action.setIcon(host.style().standardIcon(icon))
    if tip:
        action.setToolTip(f"{tip} ({action.shortcut().toString()})")
        action.setWhatsThis(tip)
    action.triggered.connect(slot)
    host.addAction(action)
    return action


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
