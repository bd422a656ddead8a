"""The F1 shortcut list comes from the window's actions: every shortcut, nothing else."""

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMessageBox

from pn_explorer.app.shortcuts import shortcut_rows
from pn_explorer.app.window import MainWindow


def test_rows_describe_each_action_with_a_shortcut(qtbot):
    step = QAction("Phase")
    step.setShortcut(QKeySequence("Space"))
    step.setWhatsThis("Step one phase")
    zoom = QAction("Zoom &in")
    zoom.setShortcuts([QKeySequence("+"), QKeySequence("=")])
    about = QAction("&About…")
    assert shortcut_rows([step, zoom, about]) == [("Step one phase", "Space"), ("Zoom in", "+ / =")]


def test_the_help_dialog_lists_every_window_shortcut(qtbot, monkeypatch):
    shown = []
    monkeypatch.setattr(
        QMessageBox, "information", staticmethod(lambda _parent, title, text: shown.append(text))
    )
    window = MainWindow(persist=False)
    qtbot.addWidget(window)
    window.help.help_action.trigger()
    text = shown[-1]
    with_keys = [action for action in window.actions() if action.shortcuts()]
    assert len(with_keys) >= 20
    for action in with_keys:
        for key in action.shortcuts():
            assert f"{key.toString(QKeySequence.SequenceFormat.NativeText)}" in text
    assert text.count("<tr>") == len(with_keys)
    for key in ("Space", "Return", "F10", "F11", "Ctrl+F5", "Esc", "F1"):
        assert key in text
