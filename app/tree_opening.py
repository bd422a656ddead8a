"""A large tree file opened off the GUI thread, its progress in the status bar.

A million-node file takes seconds to read and check. Read on the GUI thread, the window would
freeze for all of them; here a worker thread reads it (`app.jobs`) while the window shows the
problem it has and a bar fills with the share read. The reading (`core.games.tree_catalog`) is
pure Python in short pieces (JSON in slices, loops that yield the interpreter lock), so the
window keeps painting meanwhile. When it is read, the window opens it as any tree; a mistake in
the file is the same one-line dialog as from File ▸ Open.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QMainWindow, QProgressBar

from ..core.errors import PnExplorerError
from ..core.games.tree_catalog import load_tree
from .jobs import Jobs
from .problems.sources import TREE, Problem, Source, load, naming_the_file
from .session import Session

LARGE_TREE_BYTES = 2_000_000
"""A tree file this large (about 25,000 nodes) or larger is read off the GUI thread: smaller
ones take less than a frame or two."""


BAR_WIDTH = 200
"""The bar's width in the status bar: room for a file's name and its share read."""


def opens_in_background(source: Source | None) -> bool:
    """Whether `source` is a tree file large enough to be read off the GUI thread."""
    if source is None or source.kind != TREE:
        return False
    try:
        return Path(source.text).stat().st_size >= LARGE_TREE_BYTES
    except (OSError, ValueError):
        return False  # not a file (a built-in or random tree): read as usual


class TreeOpening(QObject):
    """Reads one tree file on a worker thread, then opens it in `session`; `finished(ok)`."""

    share_read = Signal(float)
    """The share of the file read and checked, 0 to 1 (sent from the worker thread)."""
    finished = Signal(bool)
    """The file was opened (True) or refused with a dialog (False)."""

    def __init__(self, window: QMainWindow, session: Session, source: Source) -> None:
        super().__init__(window)
        self.window, self.session, self.source = window, session, source
        self.bar = QProgressBar()
        self.bar.setRange(0, 100)
        self.bar.setMinimumWidth(BAR_WIDTH)
        self.bar.setMaximumWidth(BAR_WIDTH)
        self.bar.setFormat(f"{Path(source.text).name}: %p%")
        self.bar.setToolTip(f"Reading {source.text}")
        self.share_read.connect(lambda share: self.bar.setValue(round(100 * share)))
        self.jobs = Jobs(self)
        self.jobs.result.connect(lambda _index, problem: self._opened(problem))
        self.jobs.failed.connect(lambda _index, why: self._refused(why))

    def start(self) -> None:
        """Show the bar and start reading."""
        self.window.statusBar().addPermanentWidget(self.bar)
        self.bar.show()
        self.window.statusBar().showMessage(f"Opening {Path(self.source.text).name}…")
        self.jobs.run_thread(self._read)

    @property
    def busy(self) -> bool:
        return self.jobs.busy

    def _read(self) -> Problem | str:
        """On the worker thread: the file read once (the cache keeps it), then the problem."""
        try:
            load_tree(self.source.text, self.share_read.emit)
            return load(self.source)
        except PnExplorerError as error:
            return naming_the_file(self.source, str(error))

    def _opened(self, problem: Problem | str) -> None:
        self._end()
        if isinstance(problem, str):
            self._refused(problem)
            return
        opened = self.session.open_problem(problem)
        self.window.statusBar().clearMessage()
        self.finished.emit(opened)

    def _refused(self, why: str) -> None:
        self._end()
        self.window.statusBar().clearMessage()
        self.session.report(why)
        self.finished.emit(False)

    def _end(self) -> None:
        self.window.statusBar().removeWidget(self.bar)
        self.bar.deleteLater()


def open_in_background(
    window: QMainWindow, session: Session, source: Source, then: Callable[[], None] | None = None
) -> TreeOpening:
    """Start reading `source` for `window`; `then` runs once it is open."""
    opening = TreeOpening(window, session, source)
    if then is not None:
        opening.finished.connect(lambda opened: then() if opened else None)
    opening.start()
    return opening
