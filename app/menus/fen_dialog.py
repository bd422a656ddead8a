"""The Open-FEN dialog (Ctrl+L): one line wide enough for a whole FEN, pre-filled with the
position on the board, kept open when the FEN cannot be opened (the window's dialog says why)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QLineEdit, QVBoxLayout, QWidget

LONG_FEN = "r1bq1rk1/pppp1ppp/2n2n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQK2R w KQkq - 10 10"
"""A FEN near the longest ones met in practice: the line edit is sized to show it whole."""
MIN_WIDTH = 600


class FenDialog(QDialog):
    """Ask for a FEN. `open_fen(text)` opens it and returns False (after saying why) to keep the
    dialog open with the text for correcting."""

    def __init__(
        self, current: str | None, open_fen: Callable[[str], bool], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Open a FEN")
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.open_fen = open_fen
        self.edit = QLineEdit(current or "")
        self.edit.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.edit.setPlaceholderText("e.g. 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
        self.edit.setClearButtonEnabled(True)
        self.edit.selectAll()
        wide = self.edit.fontMetrics().horizontalAdvance(LONG_FEN + "MM")
        self.edit.setMinimumWidth(max(MIN_WIDTH, wide))
        hint = QLabel("Position (FEN); the side to move is the attacker:")
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Open | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(hint)
        layout.addWidget(self.edit)
        layout.addWidget(buttons)

    def accept(self) -> None:
        text = self.edit.text().strip()
        if not text:
            self.reject()
            return
        if self.open_fen(text):
            super().accept()
