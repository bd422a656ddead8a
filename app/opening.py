"""Opening problems from the File menu: New search (Ctrl+N), New game (Ctrl+G), a FEN typed or
pasted, an EPD/PGN/tree file, and the problem the window starts with.

Every way in goes through the session (`Session.open_source`), which builds the new search before
it replaces the old one: input that cannot be used gives a dialog naming it, and the search the
user had stays.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QFileDialog, QInputDialog, QStyle

from ..core.errors import PnExplorerError
from .board.view import BoardView
from .frame import Frame
from .problems.search_setup import SearchParams
from .problems.sources import (
    DEFAULT_SOURCE,
    EPD,
    FEN,
    PGN,
    Source,
    file_filter,
    kind_of_file,
    load,
    naming_the_file,
    positions_of,
)
from .session import Session
from .short_text import short_label
from .shortcuts import shortcut_action
from .tree_opening import open_in_background, opens_in_background

STORED_LIMIT, REFUSED_LIMIT = 60, 300
"""The refusal of a stored problem quotes it and its reason up to here (a game name may be
enormous)."""


class Opener(QObject):
    """The File menu's ways to open a problem (`actions`), over one session."""

    def __init__(self, frame: Frame, session: Session, board_view: BoardView) -> None:
        super().__init__(frame.host)
        self.frame = frame
        self.session = session
        self.board_view = board_view
        self.run_natively: Callable[[Source, SearchParams], str | None] | None = None
        """New search's native run (`app.menus.native_run.NativeRun.open_and_run`), once the
        window has one."""
        host = frame.host
        pixmap = QStyle.StandardPixmap

        self.new_action = shortcut_action(
            host,
            "&New search…",
            "Ctrl+N",
            self.new_search_dialog,
            pixmap.SP_FileDialogNewFolder,
            "Choose a position or tree and the search's parameters",
        )
        self.new_game_action = shortcut_action(
            host,
            "New &game…",
            "Ctrl+G",
            lambda: self.new_game_dialog(),
            tip="A board game from the registered families: its size, goal and start",
        )
        self.open_fen_action = shortcut_action(host, "Open &FEN…", "Ctrl+L", self.open_fen_dialog)
        self.paste_fen_action = shortcut_action(host, "&Paste FEN", "Ctrl+Shift+V", self.paste_fen)
        self.open_file_action = shortcut_action(
            host,
            "&Open file…",
            "Ctrl+O",
            self.open_file_dialog,
            pixmap.SP_DialogOpenButton,
            "Open an EPD, PGN or tree file",
        )
        self.actions = [
            self.new_action,
            self.new_game_action,
            self.open_fen_action,
            self.paste_fen_action,
            self.open_file_action,
        ]
        board_view.move_chosen.connect(self.new_game_dialog)

    def open_initial(self, source: Source | None, stored: Source) -> str:
        """Open the problem the window starts with: `source` (the command line's; a dialog if it
        cannot be opened) or else the problem the settings file `stored`. A stored problem the
        project refuses (a game spec it no longer accepts, say) opens the built-in example; the
        answer then says why, for the window to show until the user opens another (else "")."""
        params = self.session.params
        if source is not None:
            if not self.session.open_source(source, params):
                self.session.open_source(DEFAULT_SOURCE, SearchParams())
            return ""
        if opens_in_background(stored):  # a large tree file: the example until it is read
            self.session.install(load(DEFAULT_SOURCE), params)
            open_in_background(self.frame.host, self.session, stored)
            return ""
        try:
            self.session.install(load(stored), params)
            return ""
        except PnExplorerError as error:
            self.session.install(load(DEFAULT_SOURCE), params)
            asked = short_label(stored.text, STORED_LIMIT)
            reason = short_label(str(error), REFUSED_LIMIT).rstrip(".")
            opened = self.session.problem.title if self.session.problem else DEFAULT_SOURCE.item
            return (
                f"The problem you had open last time, {asked}, cannot be opened: {reason}. "
                f"Showing the built-in example {opened} instead."
            )

    def new_search_dialog(self) -> None:
        from .menus.setup_dialog import SetupDialog

        self.session.driver.pause()
        problem = self.session.problem
        source = problem.source if problem is not None else DEFAULT_SOURCE
        dialog = SetupDialog(
            source,
            self.session.params,
            self.session.open_source,
            self.frame.host,
            self.run_natively,
        )
        dialog.exec()

    def new_game_dialog(self, clicked: str = "") -> None:
        """Ctrl+G: a board game, pre-filled with the one open (`app.menus.new_game`); `clicked`:
        a cell clicked on the board, added to the position shown."""
        from .menus.new_game import open_new_game

        self.session.driver.pause()
        self.new_game = open_new_game(self.session, self.board_view, self.frame.host, clicked)

    def open_fen_dialog(self) -> None:
        """Ctrl+L: a FEN line pre-filled with the board's position (`app.menus.fen_dialog`)."""
        from .menus.fen_dialog import FenDialog

        self.fen_dialog = FenDialog(
            self.board_view.fen,
            lambda text: self.session.open_source(Source(FEN, text)),
            self.frame.host,
        )
        self.fen_dialog.open()

    def paste_fen(self) -> None:
        text = QGuiApplication.clipboard().text().strip()
        if not text:
            self.frame.show_error(
                "The clipboard holds no text to read as a FEN.", "Nothing to paste"
            )
            return
        self.session.open_source(Source(FEN, text))

    def open_file_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self.frame.host, "Open a position or tree file", "", file_filter()
        )
        if path:
            self.open_path(path)

    def open_path(self, path: str, item: str | None = None) -> bool:
        """Open an EPD/PGN/tree file (Ctrl+O); with several positions and no `item`, ask which.
        A file that cannot be used gives a dialog naming it, and the current search stays."""
        kind = kind_of_file(path)
        if kind in (EPD, PGN) and item is None:
            try:
                positions = positions_of(Source(kind, path))
            except PnExplorerError as error:
                self.frame.show_error(naming_the_file(Source(kind, path), str(error)))
                return False
            if len(positions) > 1:
                names = [
                    f"{number}. {p.id}" if kind == PGN else p.id
                    for number, p in enumerate(positions, start=1)
                ]
                choice, ok = QInputDialog.getItem(
                    self.frame.host,
                    "Choose a position",
                    f"{Path(path).name} holds {len(names)}:",
                    names,
                    0,
                    False,
                )
                if not ok:
                    return False
                index = names.index(choice)
                item = str(index + 1) if kind == PGN else positions[index].id
            else:
                item = "1" if kind == PGN else positions[0].id
        source = Source(kind, path, item or "")
        if opens_in_background(source):  # a large tree file: read off the GUI thread
            open_in_background(self.frame.host, self.session, source)
            return True
        return self.session.open_source(source)
