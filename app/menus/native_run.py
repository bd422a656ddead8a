"""Search ▸ Run natively to the end: the window's problem searched by the native df-pn, which
runs but does not step, so it is offered beside the steppable searches rather than among them.

It runs as the command line runs it: on a worker thread (the native search releases the
interpreter lock, so the window stays responsive; the dock's Stop cancels it), then its record
is made by the runner (`core.runs.runner.describe_search`), so a proof is verified and a
disproof certified before anything is claimed. Where it stops unsolved, "Why not found?" reads
its table and the trend of its root's proof number, recorded as it ran (`core.explain`), the same
reading as the Python df-pn's, in a panel of the dock; a
suggestion's button searches again: natively with a larger table, or by the search it names,
stepped in the window as "Why not found?" applies it.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QDockWidget,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ...core.errors import PnExplorerError
from ...core.explain.explain import explain
from ...core.explain.explanation import Explanation
from ...core.explain.trace import RootTrace, run_traced
from ...core.games.registry import kind_of
from ...core.runs.runner import RunRecord, describe_search
from ...core.search.algorithms import AlgorithmSpec, create_search
from ...core.search.contract import Search
from ...core.search.defaults import DFPN, DFPN_NATIVE
from ...core.search.parameters import PARAMETERS
from ...core.search.registry import entry, refusal
from ...core.search.types import Limits
from ..jobs import Jobs
from ..problems.search_setup import SearchParams
from ..problems.sources import Source, load, naming_the_file
from ..session import Session, Ui
from .explain_dock import ExplainDock
from .explain_panel import ExplainPanel

RUN_TIP = "Search the problem with the native df-pn to its end (it does not step)"

DOCK_HEIGHT = 300


def record_text(record: RunRecord) -> str:
    """The run's result in one line, as verified: the claim and the line where it was proved,
    else the reason it stopped; with the nodes created and the time."""
    if record.claim:
        claim = record.claim
        text = f"Proved: {claim}" if record.result == "proved" else claim[:1].upper() + claim[1:]
        if record.main_line:
            text += f": {' '.join(record.main_line)}"
    else:
        text = record.reason[:1].upper() + record.reason[1:]
        if record.verification_error or record.disproof_error:
            text += f" ({record.verification_error or record.disproof_error})"
    return f"{text}. {record.nodes_created:,} nodes created in {record.seconds:.2f} s."


def native_settings(params: SearchParams) -> dict[str, Any] | str:
    """The native df-pn's options as `params` sets them up (df-pn's; any other search: the
    defaults), or why it cannot take them: an option set that only the Python df-pn has."""
    if params.algo != DFPN:
        return {}
    takes = entry(DFPN_NATIVE).parameters
    lacking = [
        PARAMETERS[name].label
        for name, value in params.values().items()
        if name not in takes and value != PARAMETERS[name].default
    ]
    if lacking:
        return f"the native df-pn does not have {', '.join(lacking)} (the Python df-pn's)"
    return {name: params.value(name) for name in takes}


class NativeRun:
    """The action, its dock (a result line, Stop, and the "Why not found?" panel) and the run;
    `explain_dock`'s `apply` opens a suggestion that names another search."""

    def __init__(self, session: Session, ui: Ui, explain_dock: ExplainDock) -> None:
        self.session = session
        self.ui = ui
        host = ui.host
        self.explain_dock = explain_dock
        self.search: Search | None = None
        self.action = QAction("Run &natively to the end", host)
        self.action.setToolTip(RUN_TIP)
        self.action.triggered.connect(lambda: self.run())
        host.addAction(self.action)
        self.jobs = Jobs(host)
        self.jobs.result.connect(self._finished)
        self.jobs.failed.connect(self._failed)
        self.result = QLabel()
        self.result.setWordWrap(True)
        self.result.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.stop_button = QPushButton("Stop")
        self.stop_button.clicked.connect(self.jobs.cancel)
        self.stop_button.clicked.connect(lambda: self.result.setText("Stopped."))
        self.panel = ExplainPanel()
        self.panel.button.hide()  # the run is explained as it ends
        self.panel.apply_requested.connect(self.apply)
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.addWidget(self.result)
        layout.addWidget(self.stop_button, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.panel, 1)
        self.dock = QDockWidget(entry(DFPN_NATIVE).title, host)
        self.dock.setObjectName("native-run")
        self.dock.setWidget(body)
        host.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.dock)
        self.dock.hide()
        session.problem_changed.connect(lambda _problem: self._refresh_action())
        self._refresh_action()

    def _refresh_action(self) -> None:
        """Enabled where the native df-pn can run on the problem (a chess position, the module
        built); its tooltip says why not elsewhere."""
        problem = self.session.problem
        why = refusal(DFPN_NATIVE, problem.game) if problem is not None else "no problem is open"
        self.action.setEnabled(why is None)
        self.action.setToolTip(RUN_TIP if why is None else f"{RUN_TIP}: {why}")

    def open_and_run(self, source: Source, params: SearchParams) -> str | None:
        """New search's "Run natively": open `source` with the Python df-pn and `params` (what
        the window shows and steps), then run the native one on it to its end with the same
        table and options; or, where it cannot (the problem is not chess, or an option is the
        Python df-pn's alone), why, and nothing is opened."""
        settings = native_settings(params)
        if isinstance(settings, str):
            return settings
        try:
            why = refusal(DFPN_NATIVE, load(source).game)
        except PnExplorerError as error:
            return naming_the_file(source, str(error))
        if why is not None:
            return why
        if not self.session.open_source(source, params):
            return "the problem could not be opened"
        self.run(params.max_nodes)
        return None

    def run(self, max_nodes: int | None = None) -> None:
        """Search the open problem natively, with a table of `max_nodes` entries (the window's
        cap where the search set-up names a table, else the native search's default) and the
        window's df-pn options where df-pn is set up."""
        problem = self.session.problem
        if problem is None or refusal(DFPN_NATIVE, problem.game) is not None:
            return
        params = self.session.params
        settings = native_settings(params)
        if isinstance(settings, str):
            self.result.setText(f"Not run natively: {settings}.")
            self.stop_button.hide()
            self.ui.open_dock(self.dock, DOCK_HEIGHT, True)
            return
        if max_nodes is None:
            same_unit = entry(params.algo).cap_unit is entry(DFPN_NATIVE).cap_unit
            max_nodes = params.max_nodes if same_unit else entry(DFPN_NATIVE).cap
        game = kind_of(problem.game).fresh(problem.game)
        search = self.search = create_search(
            AlgorithmSpec(DFPN_NATIVE, **settings), game, Limits(max_nodes=max_nodes)
        )
        known = problem.mate_length
        self.panel.clear()
        self.panel.hide()
        self.result.setText(f"Searching natively, a table of {max_nodes:,} entries…")
        self.stop_button.show()
        self.ui.open_dock(self.dock, DOCK_HEIGHT, True)

        def work() -> tuple[RunRecord, Explanation | None]:
            trace = RootTrace()
            run_traced(search, trace)  # watched from inside: the explanation's trend
            record = describe_search(game, search, DFPN_NATIVE, known_mate_length=known)
            outcome = search.outcome
            unsolved = outcome is not None and not outcome.solved
            return record, explain(search, trace, known) if unsolved else None

        self.jobs.run_thread(work, stop=search.cancel)

    def _finished(self, _index: int, value: Any) -> None:
        record, explanation = value
        self.stop_button.hide()
        self.result.setText(record_text(record))
        if explanation is not None:
            self.panel.show()
            self.panel.show_explanation(explanation)

    def _failed(self, _index: int, why: str) -> None:
        self.stop_button.hide()
        self.result.setText(f"The native search failed: {why}")

    def apply(self, settings: dict[str, object]) -> bool:
        """A suggestion's button: a larger table searched natively again, or the search the
        suggestion names opened in the window (stepped, as "Why not found?" applies it)."""
        algo = settings.get("algo")
        if algo is None or algo == DFPN_NATIVE:
            cap = settings.get("max_nodes")
            self.run(cap if isinstance(cap, int) else None)
            return True
        return self.explain_dock.apply(settings)

    def close(self) -> None:
        """Stop a run under way (the window closes)."""
        self.jobs.cancel()
