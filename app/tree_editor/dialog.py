"""The tree editor: a node list, the node's name, type and value, and a live preview with a marker
at every problem; undo/redo, save as a tree file, and "Search this tree" in the main window.

The dialog edits a `core.trees.edit.TreeDraft` and only shows it: every rule (what a bad edit is,
what is wrong with a node) lives in the draft. An edit the draft refuses is a message under the
node list, never an exception; a draft with errors is not searched or saved (a dialog says why).
"""

from __future__ import annotations

import html
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QSplitter,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ...core.errors import PnExplorerError
from ...core.games.explicit_tree import AndOrTree
from ...core.trees.edit import ERROR, TYPES, VALUES, WARNING, TreeDraft
from ...core.values import counted
from ..short_text import one_line
from .preview import DraftPreview

EDITABLE_NODES = 2_000
"""Larger trees are not edited by hand (the node list would no longer fit a lesson either)."""
NODE, TYPE, VALUE, PROBLEM = range(4)
KEY_ROLE = Qt.ItemDataRole.UserRole
HISTORY_KEYS = (QKeySequence("Ctrl+Z"), QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y"))
"""The editor's undo and redo keys, which a text field would otherwise take for its own typing."""
MESSAGE_LINES = 2
"""Lines kept for the node's message, empty or not, so the form and buttons below the node list
stay where they are as messages come and go (a click aimed at Add child must not land elsewhere)."""

SearchHook = Callable[[AndOrTree, str], bool]
"""Opens a tree in the main window: (the tree, its saved file or ''); False if it could not."""


class TreeEditorDialog(QDialog):
    """Edit `draft` (saved as `path`, or '' if it has no file yet)."""

    def __init__(
        self,
        draft: TreeDraft,
        path: str,
        search_hook: SearchHook,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.draft = draft
        self.path = path
        self.saved_text = draft.to_json() if path else None
        self.search_hook = search_hook
        self.selected: int | None = draft.root()
        self.setWindowTitle("Tree editor")
        self._build()
        self._rebuild_list()

    # -- building ---------------------------------------------------------------------------------

    def _build(self) -> None:
        self.node_list = QTreeWidget()
        self.node_list.setHeaderLabels(["Node", "Type", "Value", "Problem"])
        self.node_list.setColumnWidth(NODE, 140)
        self.node_list.setColumnWidth(TYPE, 50)
        self.node_list.setColumnWidth(VALUE, 70)
        self.node_list.currentItemChanged.connect(self._list_selection)
        self.name_edit = QLineEdit()
        self.name_edit.textEdited.connect(self._rename)
        self.name_edit.installEventFilter(self)
        self.type_combo = QComboBox()
        self.type_combo.addItems(TYPES)
        self.type_combo.activated.connect(
            lambda index: self._edit(self.draft.set_type, TYPES[index])
        )
        self.value_combo = QComboBox()
        self.value_combo.addItems(VALUES)
        self.value_combo.activated.connect(
            lambda index: self._edit(self.draft.set_value, VALUES[index])
        )
        form = QFormLayout()
        form.addRow("Name", self.name_edit)
        form.addRow("Type", self.type_combo)
        form.addRow("Value", self.value_combo)
        self.add_button = QPushButton("Add child")
        self.add_button.clicked.connect(self.add_child)
        self.remove_button = QPushButton("Remove")
        self.remove_button.clicked.connect(self.remove)
        edit_row = QHBoxLayout()
        edit_row.addWidget(self.add_button)
        edit_row.addWidget(self.remove_button)
        self.node_problems = QLabel()
        self.node_problems.setWordWrap(True)
        self.node_problems.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.node_problems.setMinimumHeight(
            self.node_problems.fontMetrics().lineSpacing() * MESSAGE_LINES
        )
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self.node_list, 1)
        left_layout.addLayout(form)
        left_layout.addLayout(edit_row)
        left_layout.addWidget(self.node_problems)
        left_layout.addWidget(self.summary)
        self.preview = DraftPreview()
        self.preview.node_clicked.connect(self.select)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(left)
        splitter.addWidget(self.preview)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([460, 580])
        self.undo_action = self._action("Undo", QKeySequence.StandardKey.Undo, self.undo)
        self.redo_action = self._action("Redo", QKeySequence("Ctrl+Shift+Z"), self.redo)
        self.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        self.undo_button = QPushButton("Undo")
        self.undo_button.clicked.connect(self.undo)
        self.redo_button = QPushButton("Redo")
        self.redo_button.clicked.connect(self.redo)
        self.save_button = QPushButton("Save as…")
        self.save_button.clicked.connect(self.save_as)
        self.search_button = QPushButton("Search this tree")
        self.search_button.setDefault(True)
        self.search_button.clicked.connect(self.search)
        close = QPushButton("Close")
        close.clicked.connect(self.close)
        buttons = QHBoxLayout()
        for button in (self.undo_button, self.redo_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        for button in (self.save_button, self.search_button, close):
            buttons.addWidget(button)
        layout = QVBoxLayout(self)
        layout.addWidget(splitter, 1)
        layout.addLayout(buttons)
        self.resize(1040, 640)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Undo and redo keys typed in the name field undo the tree's edits, in the tree's order:
        left to the field, they would undo its own typing and leave the tree's history behind."""
        if (
            watched is self.name_edit
            and event.type() == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
        ):
            typed = QKeySequence(event.keyCombination())
            if any(
                typed.matches(keys) == QKeySequence.SequenceMatch.ExactMatch
                for keys in HISTORY_KEYS
            ):
                event.ignore()
                return True
        return super().eventFilter(watched, event)

    def _action(self, text: str, keys: QKeySequence | QKeySequence.StandardKey, slot) -> QAction:
        action = QAction(text, self)
        action.setShortcut(QKeySequence(keys))
        action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        action.triggered.connect(slot)
        self.addAction(action)
        return action

    # -- showing the draft ------------------------------------------------------------------------

    def _rebuild_list(self) -> None:
        """The node list again, as the tree is (after an edit that adds, removes or undoes)."""
        self.node_list.blockSignals(True)
        self.node_list.clear()
        self.items: dict[int, QTreeWidgetItem] = {}
        draft = self.draft
        placed: set[int] = set()
        starts = [key for key in draft.node_keys() if not draft.parents(key)]
        starts += [key for key in draft.node_keys() if key not in starts]
        for start in starts:
            if start in placed:
                continue
            pending: list[tuple[int, QTreeWidgetItem | None]] = [(start, None)]
            while pending:
                key, parent = pending.pop()
                if key in placed:
                    continue
                placed.add(key)
                item = QTreeWidgetItem()
                item.setData(NODE, KEY_ROLE, key)
                (parent.addChild if parent else self.node_list.addTopLevelItem)(item)
                self.items[key] = item
                pending.extend((child, item) for child in reversed(draft.children(key)))
        self.node_list.expandAll()
        self.node_list.blockSignals(False)
        if self.selected not in self.items:
            self.selected = draft.root()
        self._refresh()

    def _refresh(self) -> None:
        """Every visible text from the draft: the list's columns, the form, problems, preview."""
        draft = self.draft
        problems = draft.problems()
        by_node: dict[int | None, list[str]] = {}
        for problem in problems:
            by_node.setdefault(problem.key, []).append(problem.message)
        for node, item in self.items.items():
            item.setText(NODE, draft.label(node))
            declared = draft.node_type(node)
            item.setText(TYPE, declared or f"({'OR' if draft.is_or(node) else 'AND'})")
            item.setText(VALUE, "" if draft.children(node) else (draft.value(node) or "?"))
            messages = by_node.get(node, [])
            item.setText(PROBLEM, "; ".join(messages))
            item.setToolTip(PROBLEM, "\n".join(messages))
            colour = Qt.GlobalColor.darkRed if messages else Qt.GlobalColor.black
            item.setForeground(PROBLEM, colour)
        key = self.selected
        if key is not None and key in self.items:
            self.node_list.blockSignals(True)
            self.node_list.setCurrentItem(self.items[key])
            self.node_list.blockSignals(False)
            if self.name_edit.text() != draft.label(key):
                self.name_edit.setText(draft.label(key))
            self.type_combo.setCurrentIndex(
                TYPES.index(draft.node_type(key)) if draft.node_type(key) in TYPES else -1
            )
            leaf = not draft.children(key)
            self.value_combo.setEnabled(leaf)
            self.value_combo.setToolTip("" if leaf else "Only a leaf has a value")
            value = draft.value(key)
            self.value_combo.setCurrentIndex(VALUES.index(value) if leaf and value else -1)
            self.remove_button.setEnabled(key != draft.root())
            here = by_node.get(key, [])
            self.node_problems.setText(
                f"<b>{html.escape(one_line(draft.label(key)) or '?', quote=False)}</b>: "
                + html.escape("; ".join(here), quote=False)
                if here
                else ""
            )
        errors = sum(problem.severity == ERROR for problem in problems)
        warnings = sum(problem.severity == WARNING for problem in problems)
        whole = by_node.get(None, [])
        if errors or warnings:
            text = ", ".join(
                part
                for part in (
                    counted(errors, "error") if errors else "",
                    counted(warnings, "warning") if warnings else "",
                )
                if part
            )
            text += (" — " + "; ".join(whole)) if whole else ""
            text += ": fix the errors to search or save" if errors else ": the tree can be searched"
        else:
            text = f"{counted(len(draft.node_keys()), 'node')}, no problems: ready to search"
        self.summary.setText(text)
        self.summary.setStyleSheet("color: #ad1457;" if errors else "")
        self.undo_button.setEnabled(draft.can_undo)
        self.redo_button.setEnabled(draft.can_redo)
        self.preview.show_draft(draft, key)

    # -- editing ----------------------------------------------------------------------------------

    def select(self, key: int) -> None:
        if key in self.items:
            self.selected = key
            self.node_problems.clear()
            self._refresh()

    def _list_selection(self, item: QTreeWidgetItem | None, _previous) -> None:
        if item is not None:
            self.select(item.data(NODE, KEY_ROLE))

    def _edit(self, edit: Callable[..., object], *args: object, structural: bool = False) -> None:
        """Apply one edit to the selected node; a refused edit is a message, the draft stays."""
        if self.selected is None:
            return
        try:
            result = edit(self.selected, *args)
        except PnExplorerError as error:
            message = html.escape(one_line(str(error)), quote=False)
            self.node_problems.setText(f"<span style='color:#ad1457'>{message}</span>")
            self._refresh_form_only()
            return
        if structural:
            if isinstance(result, int):
                self.selected = result
            self._rebuild_list()
        else:
            self._refresh()

    def _refresh_form_only(self) -> None:
        """Put the form back to what the draft says after a refused edit (keep the message)."""
        message = self.node_problems.text()
        self._refresh()
        self.node_problems.setText(message)

    def _rename(self, text: str) -> None:
        self._edit(self.draft.rename, text)

    def add_child(self) -> None:
        self._edit(self.draft.add_child, structural=True)

    def remove(self) -> None:
        parents = self.draft.parents(self.selected) if self.selected is not None else []
        self._edit(self.draft.remove, structural=True)
        if self.selected not in self.draft.node_keys() and parents:
            self.selected = parents[0]
            self._refresh()

    def undo(self) -> None:
        if self.draft.undo():
            self._rebuild_list()

    def redo(self) -> None:
        if self.draft.redo():
            self._rebuild_list()

    # -- leaving the editor -----------------------------------------------------------------------

    def _tree_or_say_why(self, title: str) -> AndOrTree | None:
        try:
            return self.draft.to_tree()
        except PnExplorerError as error:
            QMessageBox.warning(self, title, one_line(str(error)))
            return None

    def search(self) -> bool:
        """Open the draft in the main window, where the searches step through it at once."""
        tree = self._tree_or_say_why("Cannot search this tree")
        if tree is None:
            return False
        unchanged = self.saved_text is not None and self.saved_text == self.draft.to_json()
        return self.search_hook(tree, self.path if unchanged else "")

    def save_as(self) -> bool:
        if self._tree_or_say_why("Cannot save this tree") is None:
            return False
        path, _ = QFileDialog.getSaveFileName(
            self, "Save the tree", self.path or "tree.json", "Tree files (*.json);;All files (*)"
        )
        if not path:
            return False
        if not Path(path).suffix:
            path += ".json"
        return self.save_to(path)

    def save_to(self, path: str) -> bool:
        """Write the tree file; a file that cannot be written is a dialog naming it."""
        try:
            self.draft.save(path)
        except OSError as error:
            QMessageBox.warning(
                self,
                "Cannot save this tree",
                one_line(f"cannot write {Path(path).name}: {error.strerror or error}"),
            )
            return False
        self.path, self.saved_text = path, self.draft.to_json()
        return True
