"""The Help menu: the user guide, the keyboard shortcuts (read from the window's own actions, so
the list never goes stale) and a page on proof-number search."""

from __future__ import annotations

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMessageBox

from .shortcuts import shortcut_table
from .user_guide import UserGuide

ABOUT_PN = """<h3>Proof-number search in one screen</h3>
<p>Every node has a <b>proof number</b> (left) and a <b>disproof number</b> (right): the fewest
leaves that must still be proved, or disproved, to settle it. At an OR node (square, attacker to
move) the proof number is the smallest of the children's, the disproof number their sum; at an AND
node (circle, defender to move) the other way round.</p>
<p>Each iteration has three phases. <b>Select</b>: walk from the root to the <i>most-proving
node</i>, at OR nodes through a child with the same proof number, at AND nodes through one with the
same disproof number (the highlighted path). <b>Expand</b>: generate its children and evaluate
them. <b>Update</b>: recompute the numbers back up the path (marked), stopping when nothing
changes.</p>
<p><b>Pn²</b> evaluates the most-proving node with a whole second PN search of at most
x·f(x) nodes (x = first-level size), keeps only that search's first children and throws the rest
away, so memory stays under the node cap N (the gauge).</p>"""


class HelpMenu:
    """Help's actions in `host` (`actions`, for the window's Help menu)."""

    def __init__(self, host: QMainWindow) -> None:
        self.host = host
        self._guide: UserGuide | None = None
        self.guide_action = QAction("&User guide", host)
        self.guide_action.triggered.connect(self.show_user_guide)
        self.help_action = QAction("&Keyboard shortcuts", host)
        self.help_action.setShortcut(QKeySequence("F1"))
        self.help_action.triggered.connect(self.show_shortcuts)
        self.about_action = QAction("&About proof-number search", host)
        self.about_action.triggered.connect(self.show_about)
        self.actions = [self.guide_action, self.help_action, self.about_action]
        host.addActions(self.actions)

    def show_user_guide(self) -> None:
        if self._guide is None:
            self._guide = UserGuide(self.host)
        self._guide.show()
        self._guide.raise_()

    def show_shortcuts(self) -> None:
        QMessageBox.information(
            self.host, "Keyboard shortcuts", shortcut_table(self.host.actions())
        )

    def show_about(self) -> None:
        QMessageBox.about(self.host, "About proof-number search", ABOUT_PN)
