"""The window's keys do what their menu entries say, or nothing, never what a focused button does.

Qt hands a key whose shortcut is disabled (Space once the search is over, F11 under a search with
no second level, every step key while a quiz question is open) to the focused widget: Space on
a focused "Engine…" button opened a file dialog, on "Ask the engine" it ran Stockfish. This
filter catches such a key on its way to a button (or any widget that is not for typing) in the
window, drops it, and has the window say in the status line why nothing happened.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QLineEdit,
    QPlainTextEdit,
    QTextEdit,
    QWidget,
)

TYPING = (QLineEdit, QAbstractSpinBox, QPlainTextEdit, QTextEdit)
"""Widgets a key is typed into: their keys are their own (a space in a FEN, digits in a quiz
answer)."""


def pressed(event: QKeyEvent) -> QKeySequence:
    """The key and modifiers of a key press as a key sequence (keypad Enter reads as Return)."""
    modifiers = event.modifiers()
    return QKeySequence(event.keyCombination().key().value | modifiers.value)


def for_typing(widget: QObject) -> bool:
    """Whether the key belongs to the widget: a text field, or an editable combo box."""
    if isinstance(widget, QComboBox):
        return widget.isEditable()
    if isinstance(widget, (QTextEdit, QPlainTextEdit)):
        return not widget.isReadOnly()
    return isinstance(widget, TYPING)


class StepKeys(QObject):
    """Catches the window's disabled shortcuts before a focused widget takes them."""

    def __init__(
        self,
        window: QWidget,
        actions: Callable[[], list[QAction]],
        say_why: Callable[[QAction], None],
    ) -> None:
        super().__init__(window)
        self.window = window
        self.actions = actions
        self.say_why = say_why
        app = QApplication.instance()
        if app is not None:
            app.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if not isinstance(event, QKeyEvent) or event.type() != QEvent.Type.KeyPress:
            return False
        if not isinstance(watched, QWidget):
            return False
        if watched.window() is not self.window or for_typing(watched):
            return False
        key = pressed(event)
        for action in self.actions():
            if not action.isEnabled() and any(key == shortcut for shortcut in action.shortcuts()):
                self.say_why(action)
                return True
        return False
