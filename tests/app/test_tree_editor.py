"""The tree editor, the random tree dialog and the tree menu, on a session alone (no window):
what is on screen is checked against the draft and against the search the session opens."""

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QPushButton

from pn_explorer.app.main import main
from pn_explorer.app.problems.sources import TREE, TREE_FILES, Source, kind_of_file
from pn_explorer.app.tree_editor.dialog import PROBLEM, TreeEditorDialog
from pn_explorer.app.tree_editor.menu import TreeCommands
from pn_explorer.core.games.tree_catalog import load_tree, tree_points
from pn_explorer.core.search.types import Result
from pn_explorer.core.tree import ROOT
from tests.app.stage import Stage


@pytest.fixture
def window(qtbot):
    """The tree commands in a File menu over a session with the small proof open."""
    window = Stage()
    window.tree_commands = TreeCommands(window.session, window, window.menuBar().addMenu("&File"))
    qtbot.addWidget(window)
    window.resize(1600, 1000)
    window.show()
    window.open(Source(TREE, TREE_FILES["small-proof"]))
    window.driver = window.session.driver
    return window


def _names_in_search(window) -> list[str]:
    """The node names of the tree the window's search runs on, in file order."""
    return [node.name for node in window.driver.search.game.tree.nodes]


def _choose(combo, text):
    """What a click on a combo box entry does: select it and emit `activated`."""
    index = combo.findText(text)
    combo.setCurrentIndex(index)
    combo.activated.emit(index)


def _run_to_end(qtbot, window):
    window.driver.run_to_end()
    qtbot.waitUntil(lambda: window.driver.finished_search, timeout=20000)
    window.session.wait_for_solution()


def test_a_tree_built_in_the_editor_shows_its_problems_then_is_searched(qtbot, window, dialogs):
    editor = window.tree_commands.new_tree()
    qtbot.addWidget(editor)
    assert editor.isVisible()
    root = editor.draft.root()
    editor.add_button.click()
    b = editor.selected
    editor.add_button.click()
    b1 = editor.selected
    assert editor.items[b1].text(PROBLEM).startswith("a leaf without a value")
    assert "a leaf without a value" in editor.node_problems.text()
    assert editor.summary.text() == "1 warning: the tree can be searched"
    _choose(editor.value_combo, "true")
    assert editor.items[b1].text(PROBLEM) == ""
    editor.select(b)
    editor.add_button.click()
    b2 = editor.selected
    qtbot.keyClicks(editor.name_edit, "B")
    editor.name_edit.selectAll()
    qtbot.keyClicks(editor.name_edit, "C")
    assert editor.draft.label(b2) == "C" == editor.items[b2].text(0)
    assert "the name 'C' is used by another node" in editor.node_problems.text()
    assert editor.summary.text().startswith("2 errors, 1 warning: fix the errors")
    assert editor.search() is False
    assert dialogs[-1][0] == "Cannot search this tree"
    assert "the tree has 2 errors" in dialogs[-1][1]
    editor.name_edit.selectAll()
    qtbot.keyClicks(editor.name_edit, "mate")
    _choose(editor.value_combo, "true")
    assert editor.summary.text() == "4 nodes, no problems: ready to search"
    assert [editor.items[k].text(0) for k in (root, b, b1, b2)] == ["A", "B", "C", "mate"]
    assert editor.search() is True
    assert _names_in_search(window) == ["A", "B", "C", "mate"]
    assert window.session.problem.title.startswith("A new tree")
    _run_to_end(qtbot, window)
    assert window.driver.search.outcome.result is Result.PROVED
    qtbot.waitUntil(lambda: window.session.solution is not None, timeout=10000)
    assert window.session.solution.verified
    assert window.session.solution.main_line[0] == "B"


def test_undo_and_redo_from_the_keyboard(qtbot, window):
    editor = window.tree_commands.new_tree()
    qtbot.addWidget(editor)
    editor.activateWindow()
    qtbot.waitUntil(editor.isActiveWindow, timeout=5000)
    editor.add_button.click()
    editor.add_button.click()
    assert editor.node_list.topLevelItem(0).childCount() == 1
    editor.node_list.setFocus()
    qtbot.keyClick(editor.node_list, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert len(editor.draft.node_keys()) == 2
    qtbot.keyClick(editor.node_list, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert editor.node_list.topLevelItem(0).childCount() == 0
    modifiers = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    qtbot.keyClick(editor.node_list, Qt.Key.Key_Z, modifiers)
    assert editor.node_list.topLevelItem(0).childCount() == 1
    assert not editor.remove_button.isEnabled()  # the root is selected after the rebuild


def test_a_refused_edit_is_a_message_and_the_draft_stays(qtbot, window):
    editor = window.tree_commands.new_tree()
    qtbot.addWidget(editor)
    editor.add_button.click()
    editor.add_button.click()
    editor.select(editor.draft.parents(editor.selected)[0])
    before = editor.draft.to_json()
    editor._edit(editor.draft.set_value, "true")
    assert "has children: only a leaf has a value" in editor.node_problems.text()
    assert editor.draft.to_json() == before
    assert not editor.value_combo.isEnabled()


def test_edit_this_tree_saves_and_reopens_the_edit(qtbot, window, dialogs, tmp_path):
    window.session.open_source(Source(TREE, TREE_FILES["lesson-one-false-child"]))
    editor = window.tree_commands.edit_tree()
    qtbot.addWidget(editor)
    original = json.loads(Path(TREE_FILES["lesson-one-false-child"]).read_text(encoding="utf-8"))
    assert editor.draft.to_node_link() == original
    keys = {editor.draft.label(k): k for k in editor.draft.node_keys()}
    editor.select(keys["B3"])
    _choose(editor.value_combo, "true")
    path = tmp_path / "edited.json"
    assert editor.save_to(str(path))
    assert editor.search()
    assert window.session.problem.source.text == str(path)
    assert json.loads(path.read_text(encoding="utf-8"))["nodes"][5] == {
        "id": "B3",
        "value": "true",
    }
    _run_to_end(qtbot, window)
    search = window.driver.search
    assert search.outcome.result is Result.PROVED
    first_child = search.tree.children(ROOT)[0]
    assert search.game.node_name(search.tree.move[first_child]) == "B"
    assert search.tree.numbers(first_child)[0] == 0  # B3 made true: B is proved, not disproved
    assert not editor.save_to(str(tmp_path / "no-such-folder" / "x.json"))
    assert dialogs[-1][0] == "Cannot save this tree"
    assert "cannot write x.json" in dialogs[-1][1]


def test_the_random_tree_dialog_searches_and_edits_the_spec(qtbot, window):
    dialog = window.tree_commands.random_tree()
    qtbot.addWidget(dialog)
    dialog.plies.setValue(5)
    dialog.low.setValue(2)
    dialog.high.setValue(4)
    dialog.true.setValue(0.3)
    dialog.false.setValue(0.7)
    dialog.seed.setValue(7)
    spec = "random:depth=5,branching=2-4,true=0.3,false=0.7,root=or,seed=7"
    assert dialog.spec_label.text().startswith(spec)
    dialog.search_button.click()
    assert window.session.problem.source == Source(TREE, spec)
    assert kind_of_file(spec) == TREE  # the New search dialog shows it as a tree to reopen
    assert _names_in_search(window) == [node.name for node in load_tree(spec).nodes]
    assert window.session.problem.title.startswith(spec)
    dialog = window.tree_commands.random_tree()
    qtbot.addWidget(dialog)
    dialog.plies.setValue(12)
    dialog.high.setValue(6)
    assert "could make" in dialog.spec_label.text()
    assert not dialog.search_button.isEnabled() and not dialog.edit_button.isEnabled()
    dialog.plies.setValue(3)
    dialog.edit_button.click()
    editor = window.tree_commands.editor
    qtbot.addWidget(editor)
    assert isinstance(editor, TreeEditorDialog)
    assert editor.draft.name == load_tree(dialog.spec_text()).name


def test_the_random_tree_dialog_starts_from_the_random_tree_being_searched(qtbot, window):
    first = window.tree_commands.random_tree()
    qtbot.addWidget(first)
    assert first.spec_text() == "random:depth=4,branching=2-3,true=0.4,false=0.6,root=or,seed=1"
    first.reject()
    spec = "random:depth=3,branching=1-4,true=0.25,false=0.5,root=and,seed=41"
    assert window.session.open_source(Source(TREE, spec))
    dialog = window.tree_commands.random_tree()
    qtbot.addWidget(dialog)
    assert dialog.isVisible()
    assert dialog.spec_label.text().startswith(spec)
    assert (dialog.plies.value(), dialog.low.value(), dialog.high.value()) == (3, 1, 4)
    assert dialog.root.currentText() == "and" and dialog.seed.value() == 41
    next(b for b in dialog.findChildren(QPushButton) if b.text() == "Another").click()
    dialog.search_button.click()
    assert window.session.problem.source == Source(TREE, spec.replace("seed=41", "seed=42"))
    assert window.session.problem.title.startswith(spec.replace("seed=41", "seed=42"))


def test_edit_this_tree_is_only_for_trees(qtbot, window):
    assert window.tree_commands.edit_action.isEnabled()
    window.session.open_source(Source("suite", "wac-mates", "WAC.001"))
    assert not window.tree_commands.edit_action.isEnabled()


def test_the_lesson_menu_lists_each_tree_with_its_point(qtbot, window):
    menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&File")
    lessons = next(a.menu() for a in menu.actions() if a.text() == "&Lesson trees")
    texts = [action.text() for action in lessons.actions()]
    assert texts == [f"{name}  —  {point}" for name, point in tree_points().items()]
    lessons.actions()[
        texts.index(next(t for t in texts if t.startswith("lesson-mobility")))
    ].trigger()
    assert window.session.problem.source == Source(TREE, TREE_FILES["lesson-mobility"])


def test_the_window_opens_a_random_spec_from_the_command_line(tmp_path, capsys):
    out = tmp_path / "random.png"
    spec = "random:depth=4,branching=2-3,true=0.5,seed=2"
    assert main(["--tree", spec, "--steps", "3", "--screenshot", str(out)]) == 0
    assert QImage(str(out)).width() == 1400
    assert main(["--tree", "random:depth=4,leaves=9", "--screenshot", str(out)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [
        "pn-explorer: error: random: unknown key 'leaves' (the keys are depth, branching, "
        "true, false, root, seed)"
    ]


def test_undo_in_the_name_field_undoes_the_trees_last_edit(qtbot, window):
    """Ctrl+Z typed in the name field goes back through the tree's history, not the field's."""
    editor = window.tree_commands.new_tree()
    qtbot.addWidget(editor)
    editor.activateWindow()
    qtbot.waitUntil(editor.isActiveWindow, timeout=5000)
    editor.add_button.click()
    child = editor.selected
    editor.name_edit.setFocus()
    editor.name_edit.selectAll()
    qtbot.keyClicks(editor.name_edit, "Trap")
    _choose(editor.value_combo, "false")
    editor.name_edit.setFocus()
    assert editor.items[child].text(0) == "Trap" and editor.draft.value(child) == "false"
    control = Qt.KeyboardModifier.ControlModifier
    qtbot.keyClick(editor.name_edit, Qt.Key.Key_Z, control)
    assert editor.draft.value(child) == "unknown" and editor.draft.label(child) == "Trap"
    assert editor.value_combo.currentText() == "unknown" and editor.name_edit.text() == "Trap"
    qtbot.keyClick(editor.name_edit, Qt.Key.Key_Z, control)
    assert editor.draft.label(child) == editor.items[child].text(0) == editor.name_edit.text()
    assert editor.name_edit.text() != "Trap"
    assert editor.redo_button.isEnabled()
    qtbot.keyClick(editor.name_edit, Qt.Key.Key_Y, control)
    qtbot.keyClick(editor.name_edit, Qt.Key.Key_Y, control)
    assert editor.draft.label(child) == editor.name_edit.text() == "Trap"
    assert editor.value_combo.currentText() == "false"
    assert not editor.redo_button.isEnabled()


def test_the_form_stays_put_as_node_messages_come_and_go(qtbot, window):
    """A click aimed at Add child lands on it whether or not the selected node has a message."""
    editor = window.tree_commands.new_tree()
    qtbot.addWidget(editor)
    editor.show()
    root = editor.draft.root()
    assert editor.node_problems.text()  # the lone root is a leaf without a value
    where = editor.add_button.mapTo(editor, editor.add_button.rect().center())
    editor.add_button.click()
    _choose(editor.value_combo, "true")
    editor.select(root)
    qtbot.wait(50)
    assert editor.node_problems.text() == ""
    assert editor.add_button.mapTo(editor, editor.add_button.rect().center()) == where
    assert editor.childAt(where) is editor.add_button
