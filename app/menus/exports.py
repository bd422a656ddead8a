"""File ▸ Export: the solution as PGN (chess) or as a move tree in the game's own notation (every
game), the tree as GraphML, the tree view as PNG or SVG, the window as PNG.

PGN, move trees and GraphML are written by `core.exports` on a worker thread (`app.jobs`; a
proof is verified again by the independent replay before it is written; a big tree takes seconds
in networkx); the pictures are painted on the GUI thread, which costs one frame. A file that
cannot be written is a dialog naming it; the search on screen is not touched.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import partial
from pathlib import Path

from PySide6.QtCore import QObject, QPoint, QRect, QSize
from PySide6.QtGui import QPainter
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import QFileDialog, QMenu, QWidget

from ...core.cli.exports import solution_moves
from ...core.errors import ExportError, PnExplorerError
from ...core.exports.files import write_file
from ...core.exports.graphml import (
    DEFAULT_GRAPHML_NODES,
    nodes_graph,
    tree_graph,
    write_graphml,
)
from ...core.exports.move_tree import move_tree_text
from ...core.exports.pgn import proof_pgn, refutation_pgn
from ...core.games.game import Game
from ...core.games.move_labels import MoveLabels
from ...core.games.registry import kind_of
from ...core.search.registry import title_of
from ...core.values import counted
from ..jobs import Jobs
from ..problems.sources import Problem
from ..result.solution_browser import SolutionBrowser
from ..session import Session, Ui
from ..tree_view.layout import NODE
from ..tree_view.view import TreeView


def write_pgn(path: str, search, record, solution) -> str:
    """The browsed proof (verified again on the way) or refutation tree as PGN at `path`."""
    game = search.game
    if not game.capabilities.standard_chess:
        raise ExportError(f"this {kind_of(game).title} has no chess moves to write as PGN")
    if solution is None:
        raise ExportError("there is no verified proof or refutation to export yet")
    if record.uncertified:
        raise ExportError("the disproof was not certified by the replay: no PGN is written")
    tree, proved = solution
    engine = title_of(record.algorithm)
    export = proof_pgn if proved else refutation_pgn
    text = export(game, tree, engine, record.nodes_created)
    write_file(path, lambda stream: stream.write(text.encode("utf-8")))
    return f"Exported the {'proof' if proved else 'refutation'} as PGN to {path}"


def write_moves(path: str, search, record) -> str:
    """The verified proof or the refutation tree as a move tree in the game's own notation
    (`core.exports.move_tree`), for every game: JSON for a `.json` file, indented text otherwise,
    as `solve --export-moves` writes it."""
    data = solution_moves(search, search.game, record)
    if path.lower().endswith(".json"):
        text = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
    else:
        text = move_tree_text(data)
    write_file(path, lambda stream: stream.write(text.encode("utf-8")))
    return f"Exported a move tree ({counted(data['moves_written'], 'move')}) to {path}"


def _labels(game: Game) -> MoveLabels:
    """The game kind's labels of the moves into the exported nodes (SAN and UCI for chess)."""
    return partial(kind_of(game).tree_move_labels, game)


def write_tree_graphml(path: str, search, max_nodes: int = DEFAULT_GRAPHML_NODES) -> str:
    """The search tree (its first `max_nodes` nodes breadth-first) as GraphML at `path`."""
    tree = search.tree
    graph = tree_graph(tree, _labels(search.game), max_nodes)
    write_graphml(graph, path)
    return (
        f"Exported {graph.number_of_nodes():,} of {counted(len(tree), 'node')} "
        f"(breadth-first) as GraphML to {path}"
    )


def write_visible_graphml(path: str, search, nodes: list[int]) -> str:
    """The first-level nodes the tree view draws (the issue's "visible part") as GraphML."""
    tree = search.tree
    graph = nodes_graph(tree, _labels(search.game), nodes)
    write_graphml(graph, path)
    return (
        f"Exported the {counted(graph.number_of_nodes(), 'node')} the tree view shows (of "
        f"{len(tree):,}) as GraphML to {path}"
    )


def save_png(widget: QWidget, path: str) -> str:
    """The widget as it is on screen (QWidget.grab) as a PNG."""
    if not widget.grab().save(path, "PNG"):
        raise ExportError(f"cannot write {path}: the PNG could not be saved there")
    return f"Saved {path}"


def save_svg(widget: QWidget, path: str, title: str) -> str:
    """The widget painted into an SVG (QSvgGenerator): vector shapes and real text."""
    try:
        with open(path, "wb"):
            pass
    except OSError as error:
        raise ExportError(f"cannot write {path}: {error.strerror or error}") from None
    generator = QSvgGenerator()
    generator.setFileName(path)
    generator.setSize(QSize(widget.width(), widget.height()))
    generator.setViewBox(QRect(0, 0, widget.width(), widget.height()))
    generator.setTitle(title)
    generator.setDescription("PN Explorer tree view")
    painter = QPainter(generator)
    widget.render(painter, QPoint(0, 0))
    painter.end()
    return f"Saved {path}"


NO_TREE = (
    "df-pn keeps no search tree, only a table of positions: there is no tree to export as "
    "GraphML (the proof exports as PGN)."
)


class Exporter(QObject):
    """The Export menu's actions over one session: the proof the `browser` holds, the tree
    `tree_view` draws, and `ui.host` (the window) as a picture; what was written is said through
    `ui`, what could not be through the session's `error`."""

    def __init__(
        self,
        session: Session,
        ui: Ui,
        tree_view: TreeView,
        browser: SolutionBrowser,
    ) -> None:
        super().__init__(ui.host)
        self.session = session
        self.ui = ui
        self.host = ui.host
        self.tree_view = tree_view
        self.browser = browser
        self.jobs: list[Jobs] = []
        """One runner per export under way, so a second export never drops the first's word."""

    def _ask(self, caption: str, suffix: str, kind: str) -> str | None:
        name = f"{_stem(self.session.problem)}.{suffix}"
        path, _ = QFileDialog.getSaveFileName(self.host, caption, name, f"{kind} (*.{suffix})")
        return path or None

    def _run(self, work: Callable[[], str]) -> None:
        jobs = Jobs(self)
        jobs.result.connect(lambda _index, message: self._done(message, ""))
        jobs.failed.connect(lambda _index, error: self._done("", error))
        jobs.done.connect(lambda: self.jobs.remove(jobs))
        self.jobs.append(jobs)
        jobs.run_thread(work)

    def _done(self, message: str, error: str) -> None:
        if error:
            self.session.report(error, "Cannot export")
        else:
            self.ui.say(message, 8000)

    def _now(self, work: Callable[[], str]) -> None:
        try:
            self._done(work(), "")
        except PnExplorerError as error:
            self._done("", str(error))

    def wait(self, timeout_ms: int = 30000) -> None:
        """Block until running exports end (tests only)."""
        for jobs in list(self.jobs):
            jobs.wait(timeout_ms)

    def pgn(self, path: str | None = None) -> None:
        browser = self.browser
        if browser.solution is None:
            self.session.report(
                "Solve the search first: only a verified proof, or a refutation, is exported "
                "as PGN.",
                "Nothing to export",
            )
            return
        path = path or self._ask("Export the solution as PGN", "pgn", "PGN")
        if path:
            search, record, solution = self.session.search, browser.record, browser.solution
            self._run(lambda: write_pgn(path, search, record, solution))

    def moves(self, path: str | None = None) -> None:
        browser = self.browser
        record = browser.record
        if browser.solution is None or record is None:
            self.session.report(
                "Solve the search first: only a verified proof, or a refutation, is exported "
                "as a move tree.",
                "Nothing to export",
            )
            return
        path = path or self._ask("Export the solution as a move tree", "txt", "Move tree")
        if path:
            search = self.session.search
            self._run(lambda: write_moves(path, search, record))

    def _has_tree(self) -> bool:
        """GraphML writes a search tree: say in one line why there is none (df-pn)."""
        search = self.session.search
        if search is not None and search.tree is None:
            self.session.report(NO_TREE, "Nothing to export")
            return False
        return True

    def graphml(self, path: str | None = None) -> None:
        if not self._has_tree():
            return
        path = path or self._ask("Export the tree as GraphML", "graphml", "GraphML")
        if path:
            self.session.driver.pause()
            search = self.session.search
            self._run(lambda: write_tree_graphml(path, search))

    def visible_graphml(self, path: str | None = None) -> None:
        if not self._has_tree():
            return
        path = path or self._ask("Export the visible tree as GraphML", "graphml", "GraphML")
        if path:
            self.session.driver.pause()
            search = self.session.search
            shown = self.tree_view.displayed_nodes()
            nodes = [item.node for item in shown if item.kind == NODE and item.level == 1]
            self._run(lambda: write_visible_graphml(path, search, nodes))

    def view_png(self, path: str | None = None) -> None:
        path = path or self._ask("Save the tree view as PNG", "png", "PNG image")
        if path:
            self._now(lambda: save_png(self.tree_view, path))

    def view_svg(self, path: str | None = None) -> None:
        path = path or self._ask("Save the tree view as SVG", "svg", "SVG image")
        if path:
            self._now(lambda: save_svg(self.tree_view, path, self.host.windowTitle()))

    def window_png(self, path: str | None = None) -> None:
        path = path or self._ask("Save the window as PNG", "png", "PNG image")
        if path:
            self._now(lambda: save_png(self.host, path))


def _stem(problem: Problem | None) -> str:
    """A default file name from the problem's title."""
    title = problem.title if problem is not None else "pn-explorer"
    safe = "".join(char if char.isalnum() or char in "-_." else "-" for char in title)
    return Path(safe.strip("-.")[:60] or "pn-explorer").name


def export_menu(exporter: Exporter, parent: QWidget) -> QMenu:
    """File ▸ Export: one entry per export of `exporter`."""
    menu = QMenu("&Export", parent)
    for text, slot in (
        ("Proof (or refutation) as &PGN…", exporter.pgn),
        ("Proof (or refutation) as a &move tree…", exporter.moves),
        ("Tree as &GraphML…", exporter.graphml),
        ("&Visible part of the tree as GraphML…", exporter.visible_graphml),
        ("Tree view as P&NG…", exporter.view_png),
        ("Tree view as &SVG…", exporter.view_svg),
        ("&Window as PNG…", exporter.window_png),
    ):
        menu.addAction(text).triggered.connect(lambda _checked=False, slot=slot: slot())
    return menu
