"""The "Random tree…" dialog: the generator's parameters as a teacher sets them, the spec they
make (the same `random:…` text `pn-explorer --tree` takes), and search it or edit it.

The spec is checked by the generator itself as the values change (`core.games.random_trees`): a tree
too large to draw says so under the values, and the buttons wait until it is fixed.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ...core.errors import PnExplorerError
from ...core.games.random_trees import MAX_BRANCHING, MAX_DEPTH, TreeSpec, parse_spec
from ..short_text import one_line

MAX_SEED = 2_000_000_000


def _share_spin(value: float) -> QDoubleSpinBox:
    spin = QDoubleSpinBox()
    spin.setRange(0.0, 1.0)
    spin.setSingleStep(0.05)
    spin.setDecimals(2)
    spin.setValue(value)
    return spin


def _spin(low: int, high: int, value: int) -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(low, high)
    spin.setValue(value)
    return spin


STARTING_SPEC = TreeSpec(low=2, high=3, true=0.4, false=0.6)
"""What the dialog shows when the window is not searching a random tree."""


class RandomTreeDialog(QDialog):
    """`search_hook(spec)` opens the spec's tree in the window; `edit_hook(spec)` in the editor.
    Each returns False (after saying why) to keep the dialog open. The values start from `spec`
    (the window passes the random tree it is searching, so "Another" gives its next seed)."""

    def __init__(
        self,
        search_hook: Callable[[str], bool],
        edit_hook: Callable[[str], bool],
        parent: QWidget | None = None,
        spec: TreeSpec = STARTING_SPEC,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Random tree")
        self.search_hook, self.edit_hook = search_hook, edit_hook
        self.plies = _spin(1, MAX_DEPTH, spec.depth)
        self.low = _spin(1, MAX_BRANCHING, spec.low)
        self.high = _spin(1, MAX_BRANCHING, spec.high)
        self.true = _share_spin(spec.true)
        self.false = _share_spin(spec.false)
        self.root = QComboBox()
        self.root.addItems(["or", "and"])
        self.root.setCurrentIndex(0 if spec.root_is_or else 1)
        self.seed = _spin(0, MAX_SEED, spec.seed)
        reseed = QPushButton("Another")
        reseed.setToolTip("The next seed: another tree with the same parameters")
        reseed.clicked.connect(lambda: self.seed.setValue(self.seed.value() + 1))
        seed_row = QHBoxLayout()
        seed_row.addWidget(self.seed, 1)
        seed_row.addWidget(reseed)
        branching = QHBoxLayout()
        branching.addWidget(self.low)
        branching.addWidget(QLabel("to"))
        branching.addWidget(self.high)
        form = QFormLayout()
        form.addRow("Depth (plies to every leaf)", self.plies)
        form.addRow("Children per node", branching)
        form.addRow("Share of true leaves", self.true)
        form.addRow("Share of false leaves", self.false)
        form.addRow("Root", self.root)
        form.addRow("Seed", seed_row)
        note = QLabel(
            "Leaves neither true nor false are unknown: a search that selects one stops there. "
            "The same values and seed always give the same tree."
        )
        note.setWordWrap(True)
        self.spec_label = QLabel()
        self.spec_label.setWordWrap(True)
        self.spec_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.search_button = QPushButton("Search it")
        self.search_button.setDefault(True)
        self.search_button.clicked.connect(lambda: self._finish(self.search_hook))
        self.edit_button = QPushButton("Edit it…")
        self.edit_button.clicked.connect(lambda: self._finish(self.edit_hook))
        cancel = QPushButton("Cancel")
        cancel.clicked.connect(self.reject)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        for button in (self.edit_button, self.search_button, cancel):
            buttons.addWidget(button)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(note)
        layout.addWidget(self.spec_label)
        layout.addLayout(buttons)
        for spin in (self.plies, self.low, self.high, self.seed):
            spin.valueChanged.connect(self._update)
        for share in (self.true, self.false):
            share.valueChanged.connect(self._update)
        self.root.currentIndexChanged.connect(self._update)
        self._update()

    def spec_text(self) -> str:
        """The `random:` spec the values make (as typed; the generator checks it)."""
        low, high = self.low.value(), self.high.value()
        branching = str(low) if low == high else f"{low}-{high}"
        return (
            f"random:depth={self.plies.value()},branching={branching},"
            f"true={self.true.value():g},false={self.false.value():g},"
            f"root={self.root.currentText()},seed={self.seed.value()}"
        )

    def _update(self) -> None:
        try:
            spec = parse_spec(self.spec_text())
        except PnExplorerError as error:
            self.spec_label.setText(one_line(str(error)))
            self.spec_label.setStyleSheet("color: #ad1457;")
            ok = False
        else:
            self.spec_label.setText(
                f"{spec.text()}\n(at most {spec.largest_size():,} nodes; the same text after "
                "pn-explorer --tree opens this tree)"
            )
            self.spec_label.setStyleSheet("")
            ok = True
        self.search_button.setEnabled(ok)
        self.edit_button.setEnabled(ok)

    def _finish(self, hook: Callable[[str], bool]) -> None:
        if hook(parse_spec(self.spec_text()).text()):
            self.accept()
