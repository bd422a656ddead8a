"""Help ▸ User guide: the user guide (docs/user-guide.md, shipped as package data) in a window.

Qt renders the Markdown itself. The screenshots and the other docs pages do not ship with the
package, so image lines are left out rather than drawn broken, and only web links are followed (in
the browser): a link to another page would otherwise blank the guide.
"""

from __future__ import annotations

from importlib.resources import files

from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QDialog, QTextBrowser, QVBoxLayout, QWidget

GUIDE = "user-guide.md"


def guide_text() -> str:
    """The guide's Markdown without its image lines."""
    text = files("pn_explorer.resources").joinpath(GUIDE).read_text(encoding="utf-8")
    return "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("!["))


def follow_web_link(url: QUrl) -> bool:
    """Open an http(s) link in the browser; ignore links to pages that are not shipped."""
    if url.scheme() not in ("http", "https"):
        return False
    return QDesktopServices.openUrl(url)


class UserGuide(QDialog):
    """A non-modal window with the guide, so it can stay open beside the search."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("PN Explorer user guide")
        self.browser = QTextBrowser()
        self.browser.setOpenLinks(False)
        self.browser.anchorClicked.connect(follow_web_link)
        self.browser.setMarkdown(guide_text())
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser)
        self.resize(820, 760)
