"""`pn-explorer` as a command (dispatch, screenshots, bench --gui) and the setup dialog."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QMessageBox

from pn_explorer.app.main import main
from pn_explorer.app.menus.setup_dialog import SetupDialog
from pn_explorer.app.problems.search_setup import PN, PN2, SearchParams, build_search
from pn_explorer.app.problems.sources import FEN, TREE, TREE_FILES, Source, load
from pn_explorer.app.screenshot import render_screenshot
from pn_explorer.core.search.defaults import DFPN
from pn_explorer.core.search.parameters import PARAMETERS
from pn_explorer.core.search.registry import entry

ROOT = Path(__file__).resolve().parent.parent
MATE_IN_ONE = "7k/8/5K2/8/8/8/8/6Q1 w - - 0 1"


def test_headless_subcommands_do_not_import_qt():
    code = (
        "import sys; from pn_explorer.app.main import main; "
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
    smallest = tmp_path / "smallest.png"
    assert main(["--fen", MATE_IN_ONE, "--screenshot", str(smallest), "--size", "800x560"]) == 0
    assert QImage(str(smallest)).size().toTuple() == (800, 560)
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
    dialog.algo_radios[PN2].setChecked(True)
    assert dialog.cap_spin.value() == 300_000 and dialog.a_spin.isEnabled()
    dialog.a_spin.setValue(1000)
    assert dialog.curves.a == 1000 and dialog.curves.cap == 300_000
    dialog.accept()
    assert opened == [(Source(FEN, MATE_IN_ONE), SearchParams(PN2, 300_000, a=1000.0, b=80_000.0))]
    dialog.tabs.setCurrentIndex(2)
    dialog.file_edit.setText("/no/such/file.epd")
    assert not dialog._fill_file("/no/such/file.epd")
    assert len(warnings) == 1 and "file.epd" in warnings[0] and "\n" not in warnings[0]
    dialog.algo_radios[PN].setChecked(True)
    assert dialog.params().algo == PN


def test_the_dialog_shows_df_pns_parameters_and_opens_with_them(qtbot):
    dialog = SetupDialog(Source(FEN, MATE_IN_ONE), SearchParams(DFPN, mop_up_weight=3))
    qtbot.addWidget(dialog)
    dfpn = entry(DFPN)
    for name in dfpn.parameters:
        widget = dialog.parameter_widgets[name]
        assert widget.isEnabled()
        assert dialog.search_form.labelForField(widget).text() == PARAMETERS[name].label
    assert not dialog.a_spin.isEnabled() and not dialog.init_combo.isEnabled()
    assert dialog.parameter_widgets["mop_up_weight"].value() == 3
    dialog.parameter_widgets["threat_divisor"].setValue(7)
    dialog.parameter_widgets["mates_in_one"].setChecked(False)
    params = dialog.params()
    assert params == SearchParams(
        DFPN, dfpn.cap, mop_up_weight=3, threat_divisor=7, mates_in_one=False
    )
    search = build_search(load(Source(FEN, MATE_IN_ONE)).game, params)
    assert (search.threat_divisor, search.mop_up_weight, search.mates_in_one) == (7, 3, False)
    dialog.algo_radios[PN].setChecked(True)
    assert not dialog.parameter_widgets["threat_divisor"].isEnabled()
    assert dialog.params() == SearchParams(PN)


def test_pn2_presets_set_n_a_b_and_the_curves(qtbot):
    dialog = SetupDialog(Source(FEN, MATE_IN_ONE), SearchParams())
    qtbot.addWidget(dialog)
    dialog.use_pn2_values(5_000, 300, 100)
    assert dialog.params() == SearchParams(PN2, 5_000, a=300.0, b=100.0)
    assert (dialog.curves.a, dialog.curves.cap) == (300, 5_000)
    dialog.use_pn2_values(300_000, 600_000, 80_000)
    assert dialog.params() == SearchParams(PN2, 300_000, a=600_000.0, b=80_000.0)


CRAZYHOUSE_PGN = (
    '[Variant "Crazyhouse"]\n[SetUp "1"]\n[FEN "6k1/5p1p/8/4Q3/8/8/8/K7[] w - - 0 1"]\n\n*\n'
)
ATOMIC_PGN = '[Variant "Atomic"]\n[SetUp "1"]\n[FEN "6k1/5p1p/8/4Q3/8/8/8/K7 w - - 0 1"]\n\n*\n'
HUGE_ID_TREE = '{"nodes": [{"id": ' + "7" * 5_000 + ', "type": "OR"}], "edges": []}'
"""A node id of more digits than Python reads (4,300): `json.loads` raises a plain ValueError."""
BAD_COMMAND_LINES = [
    ["--tree", "{huge_id}"],
    ["--tree", "{huge_id}", "--steps", "3", "--screenshot", "{png}"],
    ["--tree", "{null}"],
    ["--max-nodes", "0"],
    ["--algo", "pn2", "--a", "nan"],
    ["--algo", "pn2", "--b", "-inf"],
    ["--algo", "pn2", "--a", "inf"],
    ["--algo", "pn2", "--b", "1e400", "--screenshot", "{png}"],
    ["--steps", "1e400"],
    ["--phases", "1e400"],
    ["--game", "1e400"],
    ["--max-nodes", "1e400"],
    ["--pgn", "{crazyhouse}"],
    ["--pgn", "{atomic}"],
    ["--pgn", "{crazyhouse}", "--screenshot", "{png}"],
    ["--fen", MATE_IN_ONE, "--screenshot", ""],
    ["--fen", ""],
    ["--epd", ""],
    ["--pgn", ""],
    ["--tree", ""],
    ["--suite", ""],
    ["--suite", "wac-mates", "--id", ""],
    ["--id", "3"],
    ["--fen", "8/8/8/8 w - - 0 1"],
    ["--size", "1e400x300", "--screenshot", "{png}"],
    ["--size", "201x333", "--screenshot", "{png}"],
    ["--size", "799x900", "--screenshot", "{png}"],
]


@pytest.mark.parametrize("arguments", BAD_COMMAND_LINES, ids=" ".join)
def test_bad_input_at_start_is_one_line_and_exit_2_before_any_window(tmp_path, arguments):
    """The live window's start and `--screenshot` check alike: a mistake never opens a window
    (which would never exit here: the call is bounded), never prints a traceback."""
    contents = {
        "crazyhouse": ("zh.pgn", CRAZYHOUSE_PGN),
        "atomic": ("atomic.pgn", ATOMIC_PGN),
        "huge_id": ("huge-id.json", HUGE_ID_TREE),
        "null": ("null.json", "null"),
    }
    files = {name: tmp_path / file_name for name, (file_name, _) in contents.items()}
    for name, (_, text) in contents.items():
        files[name].write_text(text, encoding="utf-8")
    names = {name: str(path) for name, path in files.items()} | {"png": str(tmp_path / "x.png")}
    argv = [argument.format(**names) for argument in arguments]
    environment = os.environ | {"XDG_CONFIG_HOME": str(tmp_path), "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(
        [sys.executable, "-m", "pn_explorer.app.main", *argv],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
    )
    lines = [line for line in done.stderr.splitlines() if "propagateSizeHints" not in line]
    assert done.returncode == 2, done.stderr
    assert len(lines) == 1 and lines[0].startswith("pn-explorer: error: "), done.stderr
    assert "Traceback" not in done.stderr
    assert not (tmp_path / "x.png").exists()
