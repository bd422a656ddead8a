"""The status bar's label: the latest message, then the search's state line, both kept in view.

Qt's own message area sits behind the permanent widgets, so the window draws both in one label:
the message first, then the state line ("Iteration 12 · 40 nodes created · …"). A long message
(a paper caption, a panel waiting for room) would push the state line off the right edge of a
plain QLabel, cut mid-letter. Here the state line keeps its whole width while the
message has at least `MESSAGE_SHARE` of the bar, or else the first of its shorter forms that
does (a narrow bar in projector mode); what does not fit ends in "…", and the tooltip holds
both texts whole.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QWidget

from .elided_label import FittedLabel

SEPARATOR = "  ·  "
MESSAGE_SHARE = 0.4
"""The part of the bar a long message keeps beside a long state line."""


class StatusLabel(FittedLabel):
    """`message` and `line` as set; `shown_text()` is what is drawn, never wider than the label."""

    def __init__(self, parent: QWidget | None = None) -> None:
        self.message = ""
        self.line = ""
        self._shorter: tuple[str, ...] = ()
        super().__init__(parent)

    def set_message(self, text: str) -> None:
        self.message = " ".join(text.split())
        self._fit()

    def set_line(self, text: str, *shorter: str) -> None:
        """The state line and `shorter` forms of it, longest first: where the line does not fit,
        the first of them that does is drawn."""
        self.line = text
        self._shorter = shorter
        self._fit()

    def text(self) -> str:
        """Both texts whole, as the tooltip gives them."""
        return SEPARATOR.join(filter(None, (self.message, self.line)))

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        return QSize(0, super().minimumSizeHint().height())

    def _fit(self) -> None:
        """The state line whole if it leaves the message its share, else its first shorter form
        that does, else both cut with "…"."""
        self.ensurePolished()
        metrics = self.fontMetrics()
        room = self.contentsRect().width() - 2 * self.margin() - 2
        elide = Qt.TextElideMode.ElideRight
        if not self.line:
            shown = metrics.elidedText(self.message, elide, room)
        else:
            separator = metrics.horizontalAdvance(SEPARATOR) if self.message else 0
            wanted = metrics.horizontalAdvance(self.message)
            keep = min(wanted, int(room * MESSAGE_SHARE))
            space = max(room - keep - separator, 0)
            forms = (self.line, *self._shorter)
            fitting = [form for form in forms if metrics.horizontalAdvance(form) <= space]
            line = fitting[0] if fitting else metrics.elidedText(forms[-1], elide, space)
            rest = room - metrics.horizontalAdvance(line) - separator
            message = metrics.elidedText(self.message, elide, max(rest, 0))
            shown = SEPARATOR.join(filter(None, (message, line)))
        super().setText(shown)
        whole = "\n".join(filter(None, (self.message, self.line)))
        self.setToolTip(whole if shown != self.text() else "")
