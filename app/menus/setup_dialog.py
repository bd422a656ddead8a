"""The setup dialog: what to search (a FEN, a built-in suite position, an EPD/PGN file or a tree
file) and how (a search of the registry that can be stepped, the node cap and every parameter
the registry's steppable searches take, each widget made from the parameter's declaration, so a
search registered later brings its own), with the paper's Pn² curves redrawn as the values are
edited.

The dialog only collects a `Source` and `SearchParams`; the window opens them and, if they are
bad, says why in a message box and keeps the dialog (and the current search) as they were.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ...core.errors import PnExplorerError
from ...core.games.tree_catalog import tree_points
from ...core.inputs.numbers import MOST_NODES
from ...core.proofs.claims import mate_text
from ...core.search.defaults import (
    DEFAULT_A,
    DEFAULT_B,
    DEFAULT_PN2_CAP,
    DFPN,
    DFPN_NATIVE,
    LOGISTIC,
)
from ...core.search.parameters import PARAMETERS, Kind, Parameter
from ...core.search.registry import entries, entry
from ..problems.classroom import CLASSROOM_PN2
from ..problems.search_setup import PN, PN2, SearchParams, offered_parameters
from ..problems.sources import (
    FEN,
    PGN,
    SUITE,
    SUITE_NAMES,
    TREE,
    TREE_FILES,
    Source,
    file_filter,
    kind_of_file,
    naming_the_file,
    positions_of,
)
from ..progress.curves import CurvesWidget, short_count
from ..short_text import one_line

MAX_SPIN = 2_000_000_000


PN2_PRESETS = (
    (
        f"The paper's ({short_count(DEFAULT_PN2_CAP)}, {short_count(DEFAULT_A)}, "
        f"{short_count(DEFAULT_B)})",
        (DEFAULT_PN2_CAP, DEFAULT_A, DEFAULT_B),
        f"Breuker's best setting: N = {DEFAULT_PN2_CAP:,}, a = {DEFAULT_A:,}, b = {DEFAULT_B:,} "
        "(§4.4)",
    ),
    (
        f"Classroom ({short_count(CLASSROOM_PN2.max_nodes)}, {CLASSROOM_PN2.number('a'):.0f}, "
        f"{CLASSROOM_PN2.number('b'):.0f})",
        (
            CLASSROOM_PN2.max_nodes,
            round(CLASSROOM_PN2.number("a")),
            round(CLASSROOM_PN2.number("b")),
        ),
        "Small values so the second level grows within the first few hundred nodes: good for "
        "stepping into second-level searches in class",
    ),
)
"""Buttons that set N, a and b at once, as (label, (N, a, b), tooltip)."""


def _takers(parameter: str) -> str:
    """Which searches take a parameter, for its widget's tooltip."""
    users = [search.short_title for search in entries(steppable=True) if search.takes(parameter)]
    return f"{PARAMETERS[parameter].help} ({', '.join(users) or 'no search in the window'})"


ParameterWidget = QSpinBox | QComboBox | QCheckBox
"""The widget a parameter is edited in, by its kind."""

_Shown = TypeVar("_Shown", QSpinBox, QComboBox, QCheckBox)


def _parameter_widget(parameter: Parameter, params: SearchParams) -> ParameterWidget:
    """A spin box for a number, a combo box for a choice, a check box for a switch."""
    if parameter.kind is Kind.CHOICE:
        combo = QComboBox()
        labels = parameter.choice_labels or parameter.choices
        for choice, label in zip(parameter.choices, labels, strict=True):
            combo.addItem(label, choice)
        combo.setCurrentIndex(max(0, combo.findData(params.value(parameter.name))))
        return combo
    if parameter.kind is Kind.SWITCH:
        box = QCheckBox()
        box.setChecked(bool(params.value(parameter.name)))
        return box
    value = round(params.number(parameter.name))
    if parameter.kind is Kind.POSITIVE:
        return _spin(1, MAX_SPIN, value, 10_000)
    return _spin(parameter.minimum, min(parameter.maximum, MAX_SPIN), value, 1)


def _value_of(parameter: Parameter, widget: ParameterWidget) -> object:
    if isinstance(widget, QComboBox):
        return widget.currentData()
    if isinstance(widget, QCheckBox):
        return widget.isChecked()
    if parameter.kind is Kind.POSITIVE:
        return float(widget.value())
    return widget.value()


def _shown_as(widgets: dict[str, ParameterWidget], name: str, shape: type[_Shown]) -> _Shown:
    """The widget of parameter `name`, which its kind makes a `shape`."""
    widget = widgets[name]
    if not isinstance(widget, shape):
        raise TypeError(f"parameter {name} is not edited in a {shape.__name__}")
    return widget


def _spin(minimum: int, maximum: int, value: int, step: int) -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(minimum, maximum)
    spin.setSingleStep(step)
    spin.setGroupSeparatorShown(True)
    spin.setValue(value)
    spin.setAccelerated(True)
    return spin


NATIVE_CHOICE = "Run natively to the end (compiled df-pn: faster, does not step)"
NATIVE_TIP = (
    "The same df-pn, compiled: it runs to its end on a worker thread, its result verified, and "
    "where it stops unsolved, Why not found? reads its table"
)

SCREEN_MARGIN = 40
"""Pixels the dialog leaves free of the screen's available area (its frame, a panel)."""


class SetupDialog(QDialog):
    """Choose a problem and the search's parameters. `accept_hook(source, params)` opens them
    and returns False (after showing why) to keep the dialog open. With `run_natively`, df-pn
    can also be run to its end by the native engine (`run_natively(source, params)` opens the
    problem and starts it with the dialog's table and options, or says why it cannot: the dialog
    then stays open)."""

    def __init__(
        self,
        source: Source,
        params: SearchParams,
        accept_hook: Callable[[Source, SearchParams], bool] | None = None,
        parent: QWidget | None = None,
        run_natively: Callable[[Source, SearchParams], str | None] | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("New search")
        self.accept_hook = accept_hook
        self.run_natively = run_natively
        self.tabs = QTabWidget()
        self._build_fen_tab()
        self._build_suite_tab()
        self._build_file_tab()
        self._build_tree_tab()
        self._build_search_box(params)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Open")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        content = QWidget()
        inner = QVBoxLayout(content)
        inner.setContentsMargins(0, 0, 0, 0)
        inner.addWidget(self.tabs)
        inner.addWidget(self.search_box)
        self.scroll_area = QScrollArea()
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll_area.setWidget(content)
        layout = QVBoxLayout(self)
        layout.addWidget(self.scroll_area, 1)
        layout.addWidget(buttons)
        self._show_source(source)
        self._update_curves()
        self._fit_to_screen(content, layout, buttons)

    def _fit_to_screen(self, content: QWidget, layout: QVBoxLayout, buttons: QWidget) -> None:
        """The dialog's natural size, but never larger than the screen's free area (a
        1024×768 projector): the problem and the settings scroll, Open and Cancel stay in
        view."""
        margins = layout.contentsMargins()
        below = buttons.sizeHint().height() + layout.spacing()
        scrollbar = self.scroll_area.verticalScrollBar().sizeHint().width()
        width = content.sizeHint().width() + margins.left() + margins.right() + scrollbar
        height = content.sizeHint().height() + margins.top() + margins.bottom() + below
        screen = self.screen() or QGuiApplication.primaryScreen()
        if screen is not None:
            free = screen.availableGeometry()
            width = min(width, free.width() - SCREEN_MARGIN)
            height = min(height, free.height() - SCREEN_MARGIN)
        self.resize(width, height)

    # -- the problem ------------------------------------------------------------------------------

    def _build_fen_tab(self) -> None:
        page = QWidget()
        self.fen_edit = QPlainTextEdit()
        self.fen_edit.setPlaceholderText(
            "Type or paste a FEN, e.g. 2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - -"
        )
        self.fen_edit.setMaximumHeight(70)
        layout = QVBoxLayout(page)
        layout.addWidget(QLabel("Position (FEN); the side to move is the attacker:"))
        layout.addWidget(self.fen_edit)
        layout.addStretch(1)
        self.tabs.addTab(page, "FEN")

    def _build_suite_tab(self) -> None:
        page = QWidget()
        self.suite_combo = QComboBox()
        self.suite_combo.addItems(SUITE_NAMES)
        self.suite_list = QListWidget()
        self.suite_combo.currentTextChanged.connect(self._fill_suite)
        layout = QVBoxLayout(page)
        layout.addWidget(self.suite_combo)
        layout.addWidget(self.suite_list)
        self.tabs.addTab(page, "Built-in suites")
        self._fill_suite(self.suite_combo.currentText())

    def _build_file_tab(self) -> None:
        page = QWidget()
        self.file_edit = QLineEdit()
        self.file_edit.setPlaceholderText("an .epd, .pgn or tree .json file")
        self.file_edit.editingFinished.connect(lambda: self._fill_file(self.file_edit.text()))
        browse = QPushButton("Browse…")
        browse.clicked.connect(self._browse)
        row = QHBoxLayout()
        row.addWidget(self.file_edit, 1)
        row.addWidget(browse)
        self.file_list = QListWidget()
        layout = QVBoxLayout(page)
        layout.addLayout(row)
        layout.addWidget(self.file_list)
        self.tabs.addTab(page, "EPD / PGN / tree file")

    def _build_tree_tab(self) -> None:
        page = QWidget()
        self.tree_list = QListWidget()
        for name, path in TREE_FILES.items():
            item = QListWidgetItem(f"{name}  —  {tree_points()[name]}")
            item.setToolTip(tree_points()[name])
            item.setData(Qt.ItemDataRole.UserRole, path)
            self.tree_list.addItem(item)
        self.tree_list.setCurrentRow(0)
        layout = QVBoxLayout(page)
        layout.addWidget(
            QLabel(
                "Explicit AND/OR trees. Figure 3.1 opens as the PN search in progress the "
                "figure shows."
            )
        )
        layout.addWidget(self.tree_list)
        self.tabs.addTab(page, "Built-in trees")

    def _fill_suite(self, name: str) -> None:
        self.suite_list.clear()
        try:
            positions = positions_of(Source(SUITE, name))
        except PnExplorerError:
            return
        for position in positions:
            text = position.id
            if position.mate_length is not None:
                text += f"   {mate_text(position.mate_length)}"
            item = QListWidgetItem(text)
            item.setData(Qt.ItemDataRole.UserRole, position.id)
            self.suite_list.addItem(item)
        self.suite_list.setCurrentRow(0)

    def _browse(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self,
            "Open a position or tree file",
            str(Path(self.file_edit.text() or ".").parent),
            file_filter(),
        )
        if path:
            self.file_edit.setText(path)
            self._fill_file(path)

    def _fill_file(self, path: str) -> bool:
        """List the file's positions or games (trees have none); a dialog if it is unreadable."""
        self.file_list.clear()
        path = path.strip()
        if not path:
            return False
        kind = kind_of_file(path)
        if kind == TREE:
            self.file_list.addItem("(a tree file: the whole tree is searched)")
            return True
        try:
            positions = positions_of(Source(kind, path))
        except PnExplorerError as error:
            text = naming_the_file(Source(kind, path), str(error))
            QMessageBox.warning(self, "Cannot read the file", one_line(text))
            return False
        for number, position in enumerate(positions, start=1):
            item = QListWidgetItem(position.id)
            item.setData(Qt.ItemDataRole.UserRole, str(number) if kind == PGN else position.id)
            self.file_list.addItem(item)
        self.file_list.setCurrentRow(0)
        return True

    def _show_source(self, source: Source) -> None:
        """Open the dialog on the tab of the current problem, with it selected."""
        if source.kind == FEN:
            self.fen_edit.setPlainText(source.text)
            self.tabs.setCurrentIndex(0)
        elif source.kind == SUITE:
            self.suite_combo.setCurrentText(source.text)
            self._select(self.suite_list, source.item)
            self.tabs.setCurrentIndex(1)
        elif source.kind == TREE and source.text in TREE_FILES.values():
            for row in range(self.tree_list.count()):
                if self.tree_list.item(row).data(Qt.ItemDataRole.UserRole) == source.text:
                    self.tree_list.setCurrentRow(row)
            self.tabs.setCurrentIndex(3)
        else:
            self.file_edit.setText(source.text)
            if Path(source.text).exists():
                self._fill_file(source.text)
                self._select(self.file_list, source.item)
            self.tabs.setCurrentIndex(2)

    @staticmethod
    def _select(widget: QListWidget, item: str) -> None:
        for row in range(widget.count()):
            if widget.item(row).data(Qt.ItemDataRole.UserRole) == item:
                widget.setCurrentRow(row)
                return

    def source(self) -> Source | None:
        """The problem chosen on the current tab (None if nothing is chosen)."""
        tab = self.tabs.currentIndex()
        if tab == 0:
            text = self.fen_edit.toPlainText().strip()
            return Source(FEN, text) if text else None
        if tab == 1:
            item = self.suite_list.currentItem()
            return Source(
                SUITE,
                self.suite_combo.currentText(),
                item.data(Qt.ItemDataRole.UserRole) if item else "",
            )
        if tab == 2:
            path = self.file_edit.text().strip()
            if not path:
                return None
            kind = kind_of_file(path)
            item = self.file_list.currentItem()
            data = item.data(Qt.ItemDataRole.UserRole) if item else None
            return Source(kind, path, data if isinstance(data, str) and kind != TREE else "")
        item = self.tree_list.currentItem()
        return Source(TREE, item.data(Qt.ItemDataRole.UserRole)) if item else None

    # -- the search -------------------------------------------------------------------------------

    def _build_search_box(self, params: SearchParams) -> None:
        """One radio button per steppable search of the registry, and one widget per parameter
        any of them takes, each enabled when the chosen search takes it."""
        self.search_box = QGroupBox("Search")
        self.algo_radios = {
            search.name: QRadioButton(search.choice or search.title)
            for search in entries(steppable=True)
        }
        group = QButtonGroup(self)
        for radio in self.algo_radios.values():
            group.addButton(radio)
        self.algo_radios.get(params.algo, self.algo_radios[PN]).setChecked(True)
        self.cap_spin = _spin(1, MOST_NODES, params.max_nodes, 10_000)
        self.parameter_widgets = {
            name: _parameter_widget(PARAMETERS[name], params) for name in offered_parameters()
        }
        self.a_spin = _shown_as(self.parameter_widgets, "a", QSpinBox)
        self.b_spin = _shown_as(self.parameter_widgets, "b", QSpinBox)
        self.fraction_combo = _shown_as(self.parameter_widgets, "fraction", QComboBox)
        self.init_combo = _shown_as(self.parameter_widgets, "initialisation", QComboBox)
        self.curves = CurvesWidget()
        self._last_algo = params.algo
        for signal in (
            self.cap_spin.valueChanged,
            self.a_spin.valueChanged,
            self.b_spin.valueChanged,
            self.fraction_combo.currentIndexChanged,
        ):
            signal.connect(self._update_curves)
        group.buttonToggled.connect(self._algo_changed)
        algos = QHBoxLayout()
        for radio in self.algo_radios.values():
            algos.addWidget(radio)
        algos.addStretch(1)
        form = self.search_form = QFormLayout()
        form.addRow("Algorithm", algos)
        self.native_box = QCheckBox(NATIVE_CHOICE)
        missing = entry(DFPN_NATIVE).unavailable
        why_not = missing() if missing is not None else None
        self.native_box.setToolTip(why_not or NATIVE_TIP)
        self.native_box.setVisible(self.run_natively is not None)
        self._native_built = why_not is None
        form.addRow("", self.native_box)
        self.cap_label = QLabel()
        form.addRow(self.cap_label, self.cap_spin)
        for name, widget in self.parameter_widgets.items():
            form.addRow(PARAMETERS[name].label, widget)
        presets = QHBoxLayout()
        for label, values, tip in PN2_PRESETS:
            button = QPushButton(label)
            button.setToolTip(tip)
            button.clicked.connect(lambda _checked=False, v=values: self.use_pn2_values(*v))
            presets.addWidget(button)
        presets.addStretch(1)
        form.addRow("Pn² values", presets)
        layout = QVBoxLayout(self.search_box)
        layout.addLayout(form)
        layout.addWidget(self.curves)

    def use_pn2_values(self, cap: int, a: int, b: int) -> None:
        """Switch to Pn² with a preset N, a, b (the curves follow)."""
        self.algo_radios[PN2].setChecked(True)
        self.fraction_combo.setCurrentIndex(self.fraction_combo.findData(LOGISTIC))
        self.cap_spin.setValue(cap)
        self.a_spin.setValue(a)
        self.b_spin.setValue(b)
        self._update_curves()

    def _chosen_algo(self) -> str:
        return next(algo for algo, radio in self.algo_radios.items() if radio.isChecked())

    def _algo_changed(self) -> None:
        params = SearchParams(self._last_algo, self.cap_spin.value()).with_algo(self._chosen_algo())
        self._last_algo = params.algo
        self.cap_spin.setValue(params.max_nodes)
        self._update_curves()

    def _update_curves(self) -> None:
        chosen = entry(self._chosen_algo())
        unit = chosen.cap_unit.value
        self.cap_label.setText(f"Node cap N ({unit})")
        self.cap_spin.setSuffix(f" {unit.split()[-1]}")
        for name, widget in self.parameter_widgets.items():
            widget.setEnabled(chosen.takes(name))
            widget.setToolTip(_takers(name))
        native = chosen.name == DFPN and self._native_built
        self.native_box.setEnabled(native)
        if not native:
            self.native_box.setChecked(False)
        self.curves.setEnabled(chosen.takes("fraction"))
        if self.fraction_combo.currentData() != LOGISTIC:
            # f ≡ 1 has no transition point or stretch.
            self.a_spin.setEnabled(False)
            self.b_spin.setEnabled(False)
        self.curves.set_parameters(
            self.a_spin.value(),
            self.b_spin.value(),
            self.cap_spin.value(),
            self.fraction_combo.currentData(),
        )

    def params(self) -> SearchParams:
        """The chosen search with the dialog's values; a parameter it does not take keeps its
        default."""
        chosen = entry(self._chosen_algo())
        return SearchParams(
            chosen.name,
            self.cap_spin.value(),
            **{
                name: _value_of(PARAMETERS[name], widget)
                for name, widget in self.parameter_widgets.items()
                if chosen.takes(name)
            },
        )

    def accept(self) -> None:
        source = self.source()
        if source is None:
            QMessageBox.warning(self, "Nothing chosen", "Choose a position or a tree to search.")
            return
        if self.run_natively is not None and self.native_box.isChecked():
            why = self.run_natively(source, self.params())
            if why is not None:
                QMessageBox.warning(self, "The native df-pn cannot run here", why)
                return
        elif self.accept_hook is not None and not self.accept_hook(source, self.params()):
            return
        super().accept()
