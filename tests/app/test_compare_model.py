"""The comparison table's model: what the table shows for each row, read from the model."""

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont

from pn_explorer.app.compare.model import (
    BEST_BACKGROUND,
    COLUMNS,
    HEADER_TIPS,
    MATE_COLUMN,
    NODES_COLUMN,
    RESULT_COLUMN,
    CompareModel,
    Row,
)
from pn_explorer.app.compare.panel import ComparePanel, PanelRun, compared, row_cells
from pn_explorer.app.session import Session
from pn_explorer.core.runs.runner import RunRecord
from pn_explorer.core.search.registry import entry

ROLE = Qt.ItemDataRole


def test_rows_and_headers_are_shown_as_set():
    model = CompareModel(3)
    assert (model.rowCount(), model.columnCount()) == (3, len(COLUMNS))
    assert [model.headerData(c, Qt.Orientation.Horizontal) for c in range(len(COLUMNS))] == list(
        COLUMNS
    )
    for column, tip in HEADER_TIPS.items():
        assert model.headerData(column, Qt.Orientation.Horizontal, ROLE.ToolTipRole) == tip
    record = RunRecord(
        id="",
        fen="6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
        algorithm="ab",
        result="proved",
        reason="proved",
        nodes_created=900,
        nodes_in_memory=3,
        peak_nodes_in_memory=3,
        iterations=0,
        seconds=0.2,
        mate_in=2,
        main_line=["Qxh7+", "Kxh7", "hxg6#"],
        first_move="Qxh7+",
        verified=True,
    )
    run = PanelRun("ab", record)
    cells, colour, tooltip = row_cells(run)
    model.set_row(2, Row(("αβ", *cells), colour, tooltip, best=True))
    result = model.index(2, RESULT_COLUMN)
    assert model.data(result) == "proved, verified"
    assert model.data(model.index(2, MATE_COLUMN)) == "2"
    assert model.data(model.index(2, NODES_COLUMN)) == "900"
    assert model.data(result, ROLE.ForegroundRole).color().name() == colour
    assert "independent verifier" in model.data(result, ROLE.ToolTipRole)
    assert model.data(model.index(2, 0), ROLE.ToolTipRole) is None
    assert model.data(model.index(2, 0), ROLE.BackgroundRole).color().name() == BEST_BACKGROUND
    assert model.data(model.index(2, 0), ROLE.FontRole).weight() == QFont.Weight.Bold
    assert model.data(model.index(2, NODES_COLUMN), ROLE.TextAlignmentRole) & (
        Qt.AlignmentFlag.AlignRight
    )
    assert model.data(model.index(0, 0), ROLE.FontRole) is None


def test_a_running_row_changes_its_text_and_keeps_its_style():
    model = CompareModel(1)
    model.set_row(0, Row(("PN", "waiting", "", "", "", "", ""), "#6b6b6b", quiet=True))
    model.set_text(0, RESULT_COLUMN, "running… 1.5 s")
    assert model.text(0, RESULT_COLUMN) == "running… 1.5 s"
    assert model.data(model.index(0, RESULT_COLUMN), ROLE.FontRole).italic()
    assert model.row(0).colour == "#6b6b6b"


def test_the_panel_shows_its_model(qtbot):
    panel = ComparePanel(Session())
    qtbot.addWidget(panel)
    assert panel.table.model() is panel.model
    names = [panel.model.text(row, 0) for row in range(len(compared()))]
    assert names == [entry(name).title for name in compared()]
