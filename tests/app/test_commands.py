"""`pn-explorer` as a command (dispatch, screenshots, bench --gui) and the setup dialog."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QMessageBox

from app.main import main
from app.panels.setup import SetupDialog
from app.screenshot import render_screenshot
from app.search_setup import PN, PN2, SearchParams
from app.sources import FEN, TREE, TREE_FILES, Source

ROOT = Path(__file__).resolve().parent.parent
MATE_IN_ONE = "7k/8/5K2/8/8/8/8/6Q1 w - - 0 1"


def test_headless_subcommands_do_not_import_qt():
    code = (
        "import sys; from app.main import main; "
        f"status = main(['solve', {MATE_IN_ONE!r}]); "
        "print('QT' if 'PySide6' in sys.modules else 'NO-QT', status)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.stdout.strip().splitlines()[-1] == "NO-QT 0"


def test_screenshot_writes_a_png_of_the_size_asked(tmp_path):
    path = render_screenshot(
        Source(TREE, TREE_FILES["figure-3-1"]),
        SearchParams(),
        1,
        tmp_path / "figure.png",
        (900, 640),
    )
    image = QImage(str(path))
    assert path.stat().st_size > 10_000
    assert (image.width(), image.height()) == (900, 640)


def test_screenshot_command_and_its_errors(tmp_path, capsys):
    out = tmp_path / "shot.png"
    assert (
        main(
            [
                "--fen",
                MATE_IN_ONE,
                "--algo",
                "pn2",
                "--steps",
                "2",
                "--screenshot",
                str(out),
                "--size",
                "800x600",
            ]
        )
        == 0
    )
    assert QImage(str(out)).width() == 800
    assert main(["--fen", "no such position", "--screenshot", str(tmp_path / "x.png")]) == 2
    assert "error" in capsys.readouterr().err
    with pytest.raises(SystemExit) as stop:
        main(["--size", "big"])
    assert stop.value.code == 2


def test_bench_gui_reports_ratio_and_stall(capsys):
    assert main(["bench", "--gui", "--nodes", "2000", "--rounds", "1", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["node_cap"] == 2000
    assert figures["app_nodes_per_second"] > 0 and figures["ratio"] > 0
    assert figures["longest_stall_ms"] > 0
    assert len(figures["rounds"]) == 1


def test_setup_dialog_collects_source_and_params(qtbot, monkeypatch):
    warnings = []
    monkeypatch.setattr(
        QMessageBox, "warning", staticmethod(lambda *args, **kwargs: warnings.append(args[2]))
    )
    opened = []
    dialog = SetupDialog(
        Source(FEN, MATE_IN_ONE),
        SearchParams(),
        lambda source, params: opened.append((source, params)) or True,
    )
    qtbot.addWidget(dialog)
    assert dialog.cap_spin.value() == 1_000_000 and not dialog.a_spin.isEnabled()
    dialog.pn2_radio.setChecked(True)
    assert dialog.cap_spin.value() == 300_000 and dialog.a_spin.isEnabled()
    dialog.a_spin.setValue(1000)
    assert dialog.curves.a == 1000 and dialog.curves.cap == 300_000
    dialog.accept()
    assert opened == [(Source(FEN, MATE_IN_ONE), SearchParams(PN2, 300_000, 1000.0, 80_000.0))]
    dialog.tabs.setCurrentIndex(2)
    dialog.file_edit.setText("/no/such/file.epd")
    assert not dialog._fill_file("/no/such/file.epd")
    assert warnings
    dialog.pn_radio.setChecked(True)
    assert dialog.params().algo == PN


def test_pn2_presets_set_n_a_b_and_the_curves(qtbot):
    dialog = SetupDialog(Source(FEN, MATE_IN_ONE), SearchParams())
    qtbot.addWidget(dialog)
    dialog.use_pn2_values(5_000, 300, 100)
    assert dialog.params() == SearchParams(PN2, 5_000, 300.0, 100.0)
    assert (dialog.curves.a, dialog.curves.cap) == (300, 5_000)
    dialog.use_pn2_values(300_000, 600_000, 80_000)
    assert dialog.params() == SearchParams(PN2, 300_000, 600_000.0, 80_000.0)
