"""Search ▸ Run natively to the end: the native df-pn on the window's problem, on a worker thread,
its record verified as the command line's, and where it stops unsolved, "Why not found?" read
from its table: the rows on screen are checked against the Python df-pn's explanation at the
same table, which the native one equals node for node."""

from __future__ import annotations

import html

import pytest
from PySide6.QtWidgets import QDialog

from pn_explorer.app.menus.explain_dock import ExplainDock
from pn_explorer.app.menus.native_run import RUN_TIP, NativeRun
from pn_explorer.app.menus.setup_dialog import NATIVE_TIP, SetupDialog
from pn_explorer.app.problems.search_setup import PN, SearchParams
from pn_explorer.app.problems.sources import SUITE, TREE, TREE_FILES, Source, load
from pn_explorer.core.explain.explain import explain
from pn_explorer.core.explain.trace import RootTrace, run_traced
from pn_explorer.core.games.chess_game import ChessGame
from pn_explorer.core.games.suites import load_suite
from pn_explorer.core.search.dfpn import DfpnSearch
from pn_explorer.core.search.dfpn_native import NOT_BUILT
from pn_explorer.core.search.native_engine import native_available
from pn_explorer.core.search.registry import refusal
from pn_explorer.core.search.types import Limits
from tests.app.stage import Stage

pytestmark = pytest.mark.skipif(not native_available(), reason=NOT_BUILT)

TABLE = 1_000


def _window(qtbot, source: Source, params: SearchParams) -> Stage:
    window = Stage()
    window.explain = ExplainDock(window.session, window, window.add_tree_view())
    window.native = NativeRun(window.session, window, window.explain)
    window.on_close(window.native.close)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    window.open(source, params)
    return window


def _ran(qtbot, window: Stage) -> NativeRun:
    native = window.native
    assert native.action.isEnabled()
    native.action.trigger()
    qtbot.waitUntil(lambda: not native.jobs.busy, timeout=60000)
    return native


def test_a_native_run_shows_its_verified_mate(qtbot) -> None:
    window = _window(qtbot, Source(SUITE, "wac-mates", "WAC.001"), SearchParams(PN, 10_000))
    native = _ran(qtbot, window)
    assert native.dock.isVisible() and native.panel.isHidden()
    assert native.result.text().startswith("Proved: mate in 2: Qg6 Rg8 Qh7#")
    assert native.search is not None and native.search.outcome.solved
    # The window's own search was not touched: it is still the stepped PN at its start.
    assert window.session.search.algorithm == PN and window.session.search.iterations == 0


def test_an_unsolved_native_run_says_why_not_found_from_its_table(qtbot) -> None:
    source = Source(SUITE, "wac-mates", "WAC.096")
    window = _window(qtbot, source, SearchParams("dfpn", TABLE))
    native = _ran(qtbot, window)
    assert native.result.text().startswith(
        "Unknown (node budget): node budget of 20,000 nodes created reached. 20,001 nodes"
    )
    panel = native.panel
    assert panel.isVisible() and panel.explanation is not None
    position = next(p for p in load_suite("wac-mates") if p.id == "WAC.096")
    python = DfpnSearch(ChessGame(position.board, attacker=position.attacker), Limits(TABLE))
    trace = RootTrace()
    run_traced(python, trace)
    told = explain(python, trace)
    assert told.trend is not None
    shown = [
        [panel.table.item(row, column).text() for column in range(2)]
        for row in range(panel.table.rowCount())
    ]
    assert shown == [[row.move, f"{row.nodes:,}"] for row in told.effort]
    assert panel.heading.text() == told.sentence.replace("df-pn", "df-pn native", 1)
    # The trend the native run recorded as it ran, in the table's advice read off it.
    assert html.escape(told.suggestions[0].text, quote=False) in panel.advice.text()
    assert "Over the last half of the run the root's proof number went" in panel.advice.text()


def test_the_action_says_why_it_cannot_run_on_a_tree_file(qtbot) -> None:
    window = _window(qtbot, Source(TREE, "figure-3-1"), SearchParams(PN, 1_000))
    action = window.native.action
    why = refusal("dfpn-native", window.session.problem.game)
    assert why is not None and not action.isEnabled()
    assert action.toolTip() == f"{RUN_TIP}: {why}"


def _new_search(window: Stage, source: Source, params: SearchParams) -> SetupDialog:
    return SetupDialog(
        source,
        params,
        window.session.open_source,
        window,
        run_natively=window.native.open_and_run,
    )


def test_new_search_runs_df_pn_natively_to_its_end(qtbot) -> None:
    """New search offers the native run where df-pn is chosen: the problem opens with the
    stepped df-pn and the table asked for, and the native one runs on it to its verified end."""
    window = _window(qtbot, Source(SUITE, "wac-mates", "WAC.096"), SearchParams(PN, 1_000))
    wac_001 = Source(SUITE, "wac-mates", "WAC.001")
    dialog = _new_search(window, wac_001, SearchParams(PN, 1_000))
    qtbot.addWidget(dialog)
    box = dialog.native_box
    assert box.isVisibleTo(dialog) and not box.isEnabled()  # PN is chosen: df-pn's alone
    dialog.algo_radios["dfpn"].setChecked(True)
    assert box.isEnabled() and box.toolTip() == NATIVE_TIP
    dialog.cap_spin.setValue(TABLE)
    dialog.parameter_widgets["threat_divisor"].setValue(3)
    box.setChecked(True)
    dialog.accept()
    assert dialog.result() == QDialog.DialogCode.Accepted
    session = window.session
    assert session.problem.source == wac_001
    assert (session.search.algorithm, session.params.max_nodes) == ("dfpn", TABLE)
    native = window.native
    qtbot.waitUntil(lambda: not native.jobs.busy, timeout=60000)
    assert native.search is not None and native.search.limits.max_nodes == TABLE
    assert session.params.value("threat_divisor") == 3  # the stepped df-pn's option…
    assert native.search.threat_divisor == 3  # …and the native one's
    assert native.search.outcome.solved
    assert native.result.text().startswith("Proved: mate in 2: Qg6 Rg8 Qh7#")


def test_new_search_says_why_the_native_run_cannot_search_a_tree(qtbot, dialogs) -> None:
    window = _window(qtbot, Source(SUITE, "wac-mates", "WAC.001"), SearchParams("dfpn", TABLE))
    tree = Source(TREE, TREE_FILES["figure-3-1"])
    dialog = _new_search(window, tree, SearchParams("dfpn", TABLE))
    qtbot.addWidget(dialog)
    assert dialog.source() == tree
    dialog.native_box.setChecked(True)
    dialog.accept()
    why = refusal("dfpn-native", load(tree).game)
    assert dialogs == [("The native df-pn cannot run here", why)]
    assert dialog.result() != QDialog.DialogCode.Accepted and not window.native.jobs.busy
    assert window.session.problem.source == Source(SUITE, "wac-mates", "WAC.001")


def test_new_search_refuses_an_option_only_the_python_df_pn_has(qtbot, dialogs) -> None:
    """TCA ticked with the native run asked for: refused in words, nothing opened or run."""
    window = _window(qtbot, Source(SUITE, "wac-mates", "WAC.096"), SearchParams(PN, 1_000))
    wac_001 = Source(SUITE, "wac-mates", "WAC.001")
    dialog = _new_search(window, wac_001, SearchParams("dfpn", TABLE))
    qtbot.addWidget(dialog)
    dialog.parameter_widgets["tca"].setChecked(True)
    dialog.native_box.setChecked(True)
    dialog.accept()
    title, text = dialogs[0]
    assert len(dialogs) == 1 and title == "The native df-pn cannot run here"
    assert text == "the native df-pn does not have TCA (Kishimoto) (the Python df-pn's)"
    assert dialog.result() != QDialog.DialogCode.Accepted and not window.native.jobs.busy
    assert window.session.problem.source == Source(SUITE, "wac-mates", "WAC.096")
