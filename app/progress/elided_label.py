"""A one-line label that never cuts a word in half at its edge: what does not fit ends in "…".

The window's title names the problem and every setting in force; at a small window size or with a
long problem name it is wider than the window, and a plain QLabel then clips it mid-letter with
nothing to say more is there. This label shows as much as fits, ending in "…", and keeps the whole
text in its tooltip. It may be given shorter forms of the same text (the title without its less
essential settings): the first form that fits is drawn whole before any is cut.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget


class FittedLabel(QLabel):
    """A plain-text label that redraws its text to fit whenever its width or font changes:
    subclasses say how in `_fit`; `shown_text()` is what is drawn."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTextFormat(Qt.TextFormat.PlainText)  # a name with "<" is text, not markup
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)

    def shown_text(self) -> str:
        """The text as drawn."""
        return super().text()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self._fit()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt's name)
        """A new font (projector mode) or style sheet changes how much fits."""
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._fit()

    def _fit(self) -> None:
        raise NotImplementedError


class ElidedLabel(FittedLabel):
    """`text()` is the whole text; `shown_text()` is what is drawn (a shorter form, or elided
    to the width)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        self._full = ""
        self._shorter: tuple[str, ...] = ()
        super().__init__(parent)

    def setText(self, text: str) -> None:  # noqa: N802 (Qt's name)
        self.set_forms(text)

    def set_forms(self, text: str, *shorter: str) -> None:
        """`text`, or where it does not fit the first of the `shorter` forms that does."""
        self._full = text
        self._shorter = shorter
        self._fit()

    def text(self) -> str:
        return self._full

    def _fit(self) -> None:
        """Fit the text to the label's current width; the tooltip says it all when cut."""
        self.ensurePolished()
        width = self.contentsRect().width() - 2 * self.margin()
        metrics = self.fontMetrics()
        forms = (self._full, *self._shorter)
        fitting = [form for form in forms if metrics.horizontalAdvance(form) <= width]
        shown = (
            fitting[0]
            if fitting
            else metrics.elidedText(forms[-1], Qt.TextElideMode.ElideRight, width)
        )
        super().setText(shown)
        self.setToolTip(self._full if shown != self._full else "")
