"""Help ▸ User guide: the user guide (docs/user-guide.md, shipped as package data) in a window.

Qt renders the Markdown itself. The screenshots do not ship with the package, so their lines are
left out rather than drawn as broken images.
"""

from __future__ import annotations

from importlib.resources import files

from PySide6.QtWidgets import QDialog, QTextBrowser, QVBoxLayout, QWidget

GUIDE = "user-guide.md"


def guide_text() -> str:
    """The guide's Markdown without its image lines."""
    text = files("resources").joinpath(GUIDE).read_text(encoding="utf-8")
    return "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("!["))


class UserGuide(QDialog):
    """A non-modal window with the guide, so it can stay open beside the search."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("PN Explorer user guide")
        self.browser = QTextBrowser()
        self.browser.setOpenExternalLinks(True)
        self.browser.setMarkdown(guide_text())
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser)
        self.resize(820, 760)
