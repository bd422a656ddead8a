"""A search registered by a test appears everywhere without another edit: the command line's
`--algo` (choices, help, `solve`), the window's set-up dialog, the comparison's rows and the
conformance checks. The probe is PN with unit initialisation under a name of its own; a second
probe declares a parameter of its own, which the dialog, the window's command line and the
settings then offer."""

import json
import uuid

import pytest
from conformance import GAMES, check_search
from helpers import wac
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QCheckBox
from stage import Stage

from pn_explorer.app.compare.panel import ComparePanel, budgets_text, compared, spoken, work_items
from pn_explorer.app.launch import params_from_options
from pn_explorer.app.main import build_parser as app_parser
from pn_explorer.app.menus.setup_dialog import SetupDialog
from pn_explorer.app.problems.search_setup import SearchParams, build_search, offered_parameters
from pn_explorer.app.problems.settings import Settings
from pn_explorer.app.problems.sources import FEN, TREE, TREE_FILES, Source, load
from pn_explorer.app.session import Session
from pn_explorer.core.cli.main import build_parser, main
from pn_explorer.core.games.chess_game import ChessGame
from pn_explorer.core.runs.runner import run_item
from pn_explorer.core.search.algorithms import AlgorithmSpec, create_search
from pn_explorer.core.search.defaults import DEFAULT_NODE_CAP, MOBILITY, PN, PN2, UNIT
from pn_explorer.core.search.parameters import PARAMETERS, Kind, Parameter
from pn_explorer.core.search.pn import ProofNumberSearch
from pn_explorer.core.search.registry import (
    Capabilities,
    CapUnit,
    SearchEntry,
    names,
    register,
    unregister,
)
from pn_explorer.core.search.types import ITERATION, Limits

NAME = "pn-unit-probe"
WAC_004 = wac("WAC.004")


def probe_search(game, limits):
    """PN search, every new node at 1/1 (a registered search with no parameters)."""
    return ProofNumberSearch(game, limits, initialisation=UNIT)


PROBE = SearchEntry(
    NAME,
    "PN probe search",
    "PN probe",
    "PN with unit initialisation, registered by a test",
    DEFAULT_NODE_CAP,
    CapUnit.NODES_IN_MEMORY,
    (),
    probe_search,
    probe_search,
    Capabilities(replayable=True, quizzable=True, keeps_tree=True),
    lambda values: "init unit",
    "PN probe (unit initialisation)",
)


UNIT_START = Parameter(
    "unit_start",
    Kind.SWITCH,
    True,
    "switch off starting every new node at 1/1 (the probe then counts moves)",
    "--no-unit-start",
    "Probe: new nodes at 1/1",
)
"""A parameter no search of the app takes."""


def started_search(game, limits, unit_start):
    """PN search initialised at 1/1 or by mobility, as its own parameter says."""
    return ProofNumberSearch(game, limits, initialisation=UNIT if unit_start else MOBILITY)


STARTED = SearchEntry(
    "pn-start-probe",
    "PN start probe",
    "PN start",
    "PN with its own parameter for the first numbers, registered by a test",
    DEFAULT_NODE_CAP,
    CapUnit.NODES_IN_MEMORY,
    (UNIT_START.name,),
    started_search,
    started_search,
    Capabilities(replayable=True, keeps_tree=True),
    lambda values: "unit start" if values["unit_start"] else "mobility start",
)


@pytest.fixture
def started(monkeypatch):
    """The second probe and its parameter, declared as a new search's would be."""
    monkeypatch.setitem(PARAMETERS, UNIT_START.name, UNIT_START)
    register(STARTED)
    yield STARTED
    unregister(STARTED.name)


@pytest.fixture(autouse=True)
def probe():
    register(PROBE)
    yield PROBE
    unregister(NAME)


def _algo_action(parser, command=None):
    if command is not None:
        parser = next(action for action in parser._actions if action.dest == "command").choices[
            command
        ]
    return next(action for action in parser._actions if action.dest == "algo")


def test_the_command_line_offers_the_probe_and_solve_runs_it(capsys):
    for command in ("solve", "suite"):
        action = _algo_action(build_parser(), command)
        assert NAME in action.choices
        assert f"{NAME} (PN with unit initialisation, registered by a test)" in action.help
    assert NAME in _algo_action(app_parser()).choices
    args = ["solve", "--epd", "wac-mates", "--id", "WAC.004", "--json"]
    assert main([*args, "--algo", NAME]) == 0
    probed = json.loads(capsys.readouterr().out)
    assert main([*args, "--algo", PN, "--init", UNIT]) == 0
    unit_pn = json.loads(capsys.readouterr().out)
    assert probed["algorithm"] == NAME and probed["result"] == "proved" and probed["verified"]
    assert probed["nodes_created"] == unit_pn["nodes_created"]
    assert main(["solve", "--tree", "small-proof", "--algo", NAME]) == 0
    assert "Result     proved" in capsys.readouterr().out


def test_the_setup_dialog_offers_the_probe_and_a_session_steps_it(qtbot):
    dialog = SetupDialog(Source(FEN, WAC_004.fen), SearchParams())
    qtbot.addWidget(dialog)
    assert NAME in dialog.algo_radios
    assert dialog.algo_radios[NAME].text() == "PN probe (unit initialisation)"
    dialog.algo_radios[NAME].setChecked(True)
    assert not any(widget.isEnabled() for widget in dialog.parameter_widgets.values())
    params = dialog.params()
    assert params.algo == NAME and params.max_nodes == DEFAULT_NODE_CAP
    assert params.describe() == "PN probe search · node cap 1,000,000 · init unit"
    assert spoken(compared()).endswith(", df-pn, αβ+TT and PN probe")
    stage = Stage()
    qtbot.addWidget(stage)
    stage.open(Source(FEN, WAC_004.fen), params)
    driver = stage.session.driver
    driver.step(ITERATION)
    qtbot.waitUntil(lambda: driver.search.iterations == 1, timeout=10_000)
    tree = driver.search.tree
    children = tree.children(0)
    assert children and {tree.proof[child] for child in children} <= {0, 1}
    figure = load(Source(TREE, TREE_FILES["figure-3-1"]))
    with pytest.raises(Exception, match="opens as PN search, not as PN probe search"):
        build_search(figure.game, params)


def test_a_new_parameter_of_a_new_search_appears_in_the_dialog(qtbot, started, tmp_path):
    assert UNIT_START.name in offered_parameters()
    dialog = SetupDialog(Source(FEN, WAC_004.fen), SearchParams(PN2))
    qtbot.addWidget(dialog)
    box = dialog.parameter_widgets[UNIT_START.name]
    assert isinstance(box, QCheckBox) and box.isChecked() and not box.isEnabled()
    assert dialog.search_form.labelForField(box).text() == UNIT_START.label
    assert UNIT_START.help in box.toolTip() and "PN start" in box.toolTip()
    dialog.algo_radios[STARTED.name].setChecked(True)
    assert box.isEnabled() and not dialog.a_spin.isEnabled()
    box.setChecked(False)
    params = dialog.params()
    assert params == SearchParams(STARTED.name, DEFAULT_NODE_CAP, unit_start=False)
    search = build_search(load(Source(FEN, WAC_004.fen)).game, params)
    assert search.initialisation == MOBILITY
    assert params.describe().endswith("mobility start")
    options = app_parser().parse_args(["--algo", STARTED.name, "--no-unit-start"])
    assert params_from_options(options, SearchParams()) == params
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path))
    settings = Settings(f"pn-explorer-probe-{uuid.uuid4().hex}")
    settings.set_params(params)
    assert settings.params() == params


def test_the_comparison_has_a_row_for_the_probe_with_its_budget(qtbot):
    panel = ComparePanel(Session())
    qtbot.addWidget(panel)
    assert NAME in panel.algorithms
    titles = [panel.model.text(row, 0) for row in range(len(panel.algorithms))]
    assert "PN probe search" in titles
    assert "PN probe: 1,000,000 nodes in memory, init unit" in budgets_text(SearchParams())
    items = {item.algorithm: item for item in work_items("WAC.004", WAC_004.fen, 30)}
    assert items[NAME].limits.max_nodes == DEFAULT_NODE_CAP
    record = run_item(items[NAME])
    direct = create_search(
        AlgorithmSpec(PN, initialisation=UNIT), ChessGame(WAC_004.board), Limits()
    )
    direct.run()
    assert record.verified and record.nodes_created == direct.nodes_created


@pytest.mark.parametrize("game", list(GAMES))
def test_the_probe_conforms_on_every_game(game):
    assert NAME in names(steppable=True)
    check_search(PROBE, GAMES[game])
