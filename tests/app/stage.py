"""A bare stage for one feature: a session, a plain QMainWindow to dock into, and a record of what
the feature asked of the screen (`app.session.Ui`), so a feature is tested without the window."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QDockWidget, QMainWindow

from pn_explorer.app.problems.search_setup import SearchParams
from pn_explorer.app.problems.sources import Source
from pn_explorer.app.session import Session
from pn_explorer.app.tree_view.view import TreeView
from pn_explorer.core.runs.runner import RunRecord


class Stage(QMainWindow):
    """Hosts a feature's docks and actions; `said`, `narrated`, `pointed`, `status` and `boards`
    record its requests, `errors` the session's errors (no dialog)."""

    def __init__(self, params: SearchParams | None = None) -> None:
        super().__init__()
        self.session = Session(params, parent=self)
        self.said: list[str] = []
        self.narrated: list[str] = []
        self.pointed: list[tuple[int, int]] = []
        self.status = ""
        self.boards = 0
        self.covered = False
        self.errors: list[tuple[str, str]] = []
        self._cleanups: list[Callable[[], None]] = []
        self.session.error.connect(lambda text, title: self.errors.append((title, text)))

    def on_close(self, cleanup: Callable[[], None]) -> None:
        """Run `cleanup` when the stage closes (qtbot closes it after the test), as the window
        ends its features' background work when it closes."""
        self._cleanups.append(cleanup)

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt's name)
        for cleanup in self._cleanups:
            cleanup()
        self.session.close()
        super().closeEvent(event)

    @property
    def host(self) -> QMainWindow:
        return self

    def say(self, text: str, timeout_ms: int = 0) -> None:
        self.said.append(text)

    def narrate(self, text: str) -> None:
        self.narrated.append(text)

    def point_at(self, level: int, node: int) -> None:
        self.pointed.append((level, node))

    def show_board(self) -> None:
        self.boards += 1

    def show_status(self, text: str, *shorter: str) -> None:
        self.status = text

    def cover_answer(self, covered: bool) -> None:
        self.covered = covered

    def open_dock(self, dock: QDockWidget, extent: int, asked: bool) -> None:
        dock.show()

    def close_dock(self, dock: QDockWidget) -> None:
        dock.hide()

    def add_tree_view(self) -> TreeView:
        """The tree view as the window wires it to the driver and to the session's verified
        proof (its main line, written beside the tree), in the stage's centre."""
        view = TreeView()
        driver = self.session.driver
        driver.search_changed.connect(view.set_search)
        driver.stepped.connect(view.apply_report)
        driver.progressed.connect(view.drop_stale_marks)
        driver.finished.connect(view.search_finished)
        for signal in (driver.search_changed, driver.stepped, driver.progressed, driver.finished):
            signal.connect(lambda *_: view.refresh())

        def solved(record: object) -> None:
            if isinstance(record, RunRecord) and record.verified and record.solved:
                view.set_verified_line(list(record.line_moves))

        self.session.solution_changed.connect(solved)
        self.setCentralWidget(view)
        return view

    def open(self, source: Source, params: SearchParams | None = None) -> None:
        """Open a problem that must open."""
        assert self.session.open_source(source, params), self.errors
