"""The tree commands: New tree…, Edit this tree…, Random tree… and the lesson trees.

The window hooks them into its File menu with one call; everything they open goes through the
session's `open_source` / `open_problem`, so a tree made here is searched like a tree file.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import cast

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QWidget

from ...core.errors import PnExplorerError
from ...core.games.explicit_tree import AndOrTree, ExplicitTreeGame
from ...core.games.random_trees import is_random_spec, parse_spec
from ...core.games.tree_catalog import load_tree, tree_points
from ...core.trees.edit import TreeDraft
from ...core.values import counted
from ..problems.sources import TREE, TREE_FILES, Problem, Source
from ..session import Session
from .dialog import EDITABLE_NODES, TreeEditorDialog
from .random_dialog import STARTING_SPEC, RandomTreeDialog


def lesson_name(path: str, name: str) -> str:
    """A lesson tree's name as its file gives it (its graph's `name`), else the file's."""
    try:
        return load_tree(path).name or name
    except PnExplorerError:
        return name


class TreeCommands(QObject):
    """The tree actions over `session`, added to `menu`, their dialogs over `parent`; `editor`
    is the open editor, if any. A lesson tree opens through `open_lesson` (name, point, path:
    the window names itself after it and keeps its point on screen), else as a tree file."""

    def __init__(
        self,
        session: Session,
        parent: QWidget,
        menu: QMenu,
        open_lesson: Callable[[str, str, str], bool] | None = None,
    ) -> None:
        super().__init__(parent)
        self.session = session
        self.open_lesson = open_lesson
        self.parent_widget = parent
        self.editor: TreeEditorDialog | None = None
        self.new_action = self._action("New &tree…", "Draw an AND/OR tree by hand", self.new_tree)
        self.edit_action = self._action(
            "&Edit this tree…", "Edit the explicit tree being searched", self.edit_tree
        )
        self.random_action = self._action(
            "&Random tree…", "Generate a tree from depth, branching and a seed", self.random_tree
        )
        for action in (self.new_action, self.edit_action, self.random_action):
            menu.addAction(action)
        lessons = menu.addMenu("&Lesson trees")
        for name, point in tree_points().items():
            action = QAction(f"{name}  —  {point}", parent)
            action.setStatusTip(point)
            action.triggered.connect(
                lambda _=False, name=name, point=point: self._lesson(name, point)
            )
            lessons.addAction(action)
        session.driver.search_changed.connect(self._update)

    def _lesson(self, name: str, point: str) -> bool:
        path = TREE_FILES[name]
        if self.open_lesson is None:
            return self.session.open_source(Source(TREE, path))
        return self.open_lesson(lesson_name(path, name), point, path)

    def _action(self, text: str, tip: str, slot) -> QAction:
        action = QAction(text, self.parent_widget)
        action.setStatusTip(tip)
        action.setToolTip(tip)
        action.triggered.connect(slot)
        return action

    def _update(self) -> None:
        problem = self.session.problem
        self.edit_action.setEnabled(problem is not None and problem.game.capabilities.editable)

    # -- the commands -----------------------------------------------------------------------------

    def new_tree(self) -> TreeEditorDialog:
        return self.open_editor(TreeDraft.new(), "")

    def edit_tree(self) -> TreeEditorDialog | None:
        """The current explicit tree in the editor: its file exactly as saved when it has one."""
        problem = self.session.problem
        if problem is None or not problem.game.capabilities.editable:
            return None
        tree = cast(ExplicitTreeGame, problem.game).tree  # only an explicit tree is editable
        if len(tree.nodes) > EDITABLE_NODES:
            self.session.report(
                f"This tree has {counted(len(tree.nodes), 'node')}: the editor takes trees of "
                f"up to {EDITABLE_NODES:,}.",
                "Too big to edit",
            )
            return None
        path = problem.source.text
        try:
            if path and Path(path).is_file():
                return self.open_editor(TreeDraft.from_file(path), path)
            return self.open_editor(TreeDraft.from_tree(tree), "")
        except PnExplorerError as error:
            self.session.report(str(error))
            return None

    def random_tree(self) -> RandomTreeDialog:
        """The dialog starts from the random tree being searched, if it is one."""
        problem = self.session.problem
        editable = problem is not None and problem.game.capabilities.editable
        text = problem.source.text if problem is not None and editable else ""
        spec = parse_spec(text) if is_random_spec(text) else STARTING_SPEC
        dialog = RandomTreeDialog(self._search_spec, self._edit_spec, self.parent_widget, spec)
        dialog.show()
        return dialog

    def open_editor(self, draft: TreeDraft, path: str) -> TreeEditorDialog:
        """One editor at a time: a new draft replaces the one on screen."""
        if self.editor is not None:
            self.editor.close()
            self.editor.deleteLater()
        self.editor = TreeEditorDialog(draft, path, self.search_tree, self.parent_widget)
        self.editor.show()
        return self.editor

    def search_tree(self, tree: AndOrTree, path: str) -> bool:
        """Search an edited tree in the window (its saved file reopens it next time)."""
        title = tree.name or (Path(path).stem if path else "an edited tree")
        return self.session.open_problem(Problem(Source(TREE, path), title, ExplicitTreeGame(tree)))

    def _search_spec(self, spec: str) -> bool:
        return self.session.open_source(Source(TREE, spec))

    def _edit_spec(self, spec: str) -> bool:
        try:
            tree = load_tree(spec)
        except PnExplorerError as error:
            self.session.report(str(error))
            return False
        if len(tree.nodes) > EDITABLE_NODES:
            self.session.report(
                f"{counted(len(tree.nodes), 'node')}: the editor takes trees of up to "
                f"{EDITABLE_NODES:,} (lower the depth or the branching)",
                "Too big to edit",
            )
            return False
        self.open_editor(TreeDraft.from_tree(tree), "")
        return True
