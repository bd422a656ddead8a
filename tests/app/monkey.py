"""A seeded random-action run of the real window: fails on any exception or Qt warning.

Keys, clicks on the tree's nodes, every menu and toolbar action (docks, quiz, timeline, editor,
exports into a temporary folder), good and bad FENs through Ctrl+L, file dialogs answered with good,
bad and missing files, and resizes, in a window the size a classroom projector shows. Run under
Xvfb with xcb to see it, or offscreen:

    python -m tests.app.monkey --actions 3000 --seed 10
"""

from __future__ import annotations

import argparse
import faulthandler
import random
import signal
import sys
import tempfile
import traceback
from pathlib import Path

from PySide6.QtCore import QPoint, Qt, QTimer, QtMsgType, qInstallMessageHandler
from PySide6.QtGui import QAction
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QFileDialog,
    QInputDialog,
    QLineEdit,
    QMessageBox,
    QWidget,
)

from pn_explorer.app.menus.fen_dialog import FenDialog
from pn_explorer.app.problems.search_setup import SearchParams
from pn_explorer.app.problems.sources import SUITE, Source
from pn_explorer.app.tree_view.layout import NODE
from pn_explorer.app.window import MainWindow

KEYS = [
    Qt.Key.Key_Space,
    Qt.Key.Key_Return,
    Qt.Key.Key_F5,
    Qt.Key.Key_Escape,
    Qt.Key.Key_Left,
    Qt.Key.Key_Right,
    Qt.Key.Key_Home,
    Qt.Key.Key_End,
    Qt.Key.Key_Plus,
    Qt.Key.Key_Minus,
    Qt.Key.Key_E,
    Qt.Key.Key_F,
    Qt.Key.Key_Tab,
]
FENS = [
    "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
    "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
    "not a fen",
    "8/8/8/8/8/8/8/8 w - - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
    "k7/8/8/8/8/8/8/7K w - - 0 1",
    "",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
]
SKIPPED = ("quit", "exit")
"""Actions never triggered: they would end the run."""


class Monkey:
    """Drives one window with random actions from a seeded generator and records what went wrong."""

    def __init__(self, seed: int, actions: int, folder: Path) -> None:
        self.rng = random.Random(seed)
        self.left = actions
        self.done = 0
        self.folder = folder
        self.problems: list[str] = []
        self.dialogs = 0
        self.window = MainWindow(
            persist=False, source=Source(SUITE, "wac-mates", "WAC.001"), params=SearchParams()
        )
        self.window.resize(1600, 1000)
        self.window.show()
        self.actions = [
            action
            for action in self.window.findChildren(QAction)
            if action.text()
            and not action.isSeparator()
            and action.menu() is None
            and not any(word in action.text().lower() for word in SKIPPED)
        ]

    def file_to_open(self) -> str:
        """A good file, a bad one, a missing one, or a cancelled dialog."""
        bad = self.folder / "bad.epd"
        bad.write_text("this is not EPD\n")
        return self.rng.choice(
            [
                "/work/shared/data/mate-in-2-dev.epd",
                str(Path(__file__).parents[2] / "core" / "trees" / "missing.json"),
                str(bad),
                "",
            ]
        )

    def tick(self) -> None:
        """One action; the next is scheduled first, so a modal dialog opened here is answered by
        the next tick from inside the dialog's own event loop."""
        if self.left <= 0:
            QApplication.quit()
            return
        QTimer.singleShot(self.rng.choice([0, 5, 20, 60]), self.tick)
        self.left -= 1
        self.done += 1
        if self.done % 500 == 0:
            print(
                f"{self.done} actions, {len(self.problems)} problems", file=sys.stderr, flush=True
            )
        try:
            modal = QApplication.activeModalWidget()
            if modal is not None:
                self.answer(modal)
            else:
                self.act()
        except Exception:  # noqa: BLE001 (the run reports every failure and goes on)
            self.problems.append(traceback.format_exc())

    def answer(self, dialog: QWidget) -> None:
        """Fill in or dismiss the dialog in front."""
        self.dialogs += 1
        if isinstance(dialog, FenDialog):
            dialog.edit.setText(self.rng.choice(FENS))
            dialog.accept()
            if dialog.isVisible():
                dialog.reject()
            return
        for edit in dialog.findChildren(QLineEdit):
            if edit.isVisible() and self.rng.random() < 0.3:
                edit.setText(self.rng.choice(["12", "-3", "abc", "", "300000"]))
        if isinstance(dialog, QDialog):
            (dialog.accept if self.rng.random() < 0.3 else dialog.reject)()
            if dialog.isVisible():
                dialog.reject()
        else:
            dialog.close()

    def act(self) -> None:
        """A key, a click on a node, an action, Ctrl+L, a resize or closing a stray window."""
        kind = self.rng.choices(
            ["key", "click", "action", "fen", "resize", "close"], [30, 25, 30, 6, 5, 4]
        )[0]
        window = self.window
        if kind == "key":
            target = self.rng.choice([window.tree_view, window])
            QTest.keyClick(target, self.rng.choice(KEYS))
        elif kind == "click":
            view = window.tree_view
            nodes = [item for item in view.displayed_nodes()]
            if nodes:
                item = self.rng.choice(nodes)
                at = view.scene_to_widget(item.x, item.y).toPoint()
                if item.kind == NODE and self.rng.random() < 0.2:
                    QTest.mouseDClick(view, Qt.MouseButton.LeftButton, pos=at)
                else:
                    QTest.mouseMove(view, at + QPoint(self.rng.randint(-20, 20), 0))
                    QTest.mouseClick(view, Qt.MouseButton.LeftButton, pos=at)
        elif kind == "action":
            action = self.rng.choice(self.actions)
            if action.isEnabled():
                action.trigger()
        elif kind == "fen":
            QTest.keyClick(window, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)
        elif kind == "resize":
            window.resize(self.rng.randint(500, 1600), self.rng.randint(350, 1000))
        else:
            for widget in QApplication.topLevelWidgets():
                if widget is not window and widget.isVisible() and not widget.inherits("QMenu"):
                    widget.close()


def install_guards(monkey: Monkey, folder: Path) -> None:
    """Record Qt warnings and uncaught exceptions; answer the static dialogs without a click."""

    def on_message(kind: QtMsgType, _context: object, text: str) -> None:
        if kind in (QtMsgType.QtWarningMsg, QtMsgType.QtCriticalMsg, QtMsgType.QtFatalMsg):
            monkey.problems.append(f"Qt: {text}")

    def on_exception(kind: type, value: BaseException, trace: object) -> None:
        monkey.problems.append("".join(traceback.format_exception(kind, value, trace)))

    qInstallMessageHandler(on_message)
    sys.excepthook = on_exception

    def message(*_args: object, **_kwargs: object) -> QMessageBox.StandardButton:
        monkey.dialogs += 1
        return monkey.rng.choice([QMessageBox.StandardButton.Ok, QMessageBox.StandardButton.No])

    for name in ("warning", "critical", "information", "question"):
        setattr(QMessageBox, name, staticmethod(message))

    def save_name(_parent: object, _caption: str, name: str = "", kinds: str = "", *_a: object):
        suffix = kinds.rpartition("*.")[2].rstrip(")") or "out"
        return str(folder / f"{Path(name).stem or 'export'}-{monkey.done}.{suffix}"), kinds

    QFileDialog.getSaveFileName = staticmethod(save_name)
    QFileDialog.getOpenFileName = staticmethod(lambda *_a, **_k: (monkey.file_to_open(), ""))

    def get_item(_parent, _title, _label, items, *_a, **_k):  # noqa: ANN001, ANN202 (Qt's signature)
        return (monkey.rng.choice(items) if items else "", monkey.rng.random() < 0.5)

    QInputDialog.getItem = staticmethod(get_item)


def main(argv: list[str] | None = None) -> int:
    """Run the actions; print the count, the seed and every problem; exit 1 if there was one."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=10)
    args = parser.parse_args(argv)
    faulthandler.register(signal.SIGUSR1)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        monkey = Monkey(args.seed, args.actions, folder)
        install_guards(monkey, folder)
        QTimer.singleShot(200, monkey.tick)
        app.exec()
        exports = sorted(path.suffix for path in folder.iterdir() if path.name != "bad.epd")
        monkey.window.driver.pause()
        print(
            f"{monkey.done} actions (seed {args.seed}), {monkey.dialogs} dialogs answered, "
            f"{len(exports)} files exported ({', '.join(sorted(set(exports)))}): "
            f"{len(monkey.problems)} problems"
        )
    for problem in monkey.problems:
        print(problem)
    return 1 if monkey.problems else 0


if __name__ == "__main__":
    sys.exit(main())
