"""The session: what the window is about (the problem, the search's parameters, the search and
its solution), held apart from any widget, so a feature can be built and tested on a session alone.

Qt's model/view split one level up: the session is the model of the whole window. It opens
problems, starts and resets searches, records every replayable search (`core.runs.replay`) and
reads the solution when a search ends, and says what changed by signals. The features (menus,
docks, panels) read the session and ask it to open things; where they need to show something
outside their own widgets they ask a `Ui` (the status line, the narration, a node pointed at),
never the window itself. Steps are the driver's own signals (`session.driver`: `search_changed`,
`stepped`, `progressed`, `finished`).
"""

from __future__ import annotations

from functools import partial
from typing import Protocol, cast

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QDockWidget, QMainWindow

from ..core.errors import PnExplorerError
from ..core.runs.replay import Replay
from ..core.runs.runner import RunRecord, solution_record
from ..core.search.contract import Stepper
from ..core.search.types import Outcome
from .driving.driver import SearchDriver
from .jobs import Jobs
from .problems.search_setup import SearchParams, build_search
from .problems.settings import Settings
from .problems.sources import Problem, Source, load, naming_the_file

OPEN_ERROR = "Cannot open this"
"""The title of the error a problem that cannot be opened gives."""


class Ui(Protocol):
    """What a feature may ask of the screen around it (the window's `app.frame.Frame`; a
    stand-in in tests): the one object a feature is given besides the session."""

    @property
    def host(self) -> QMainWindow:
        """The main window a feature's docks, actions and dialogs belong to."""
        ...

    def say(self, text: str, timeout_ms: int = 0) -> None:
        """A line in the status bar (0: until replaced)."""

    def narrate(self, text: str) -> None:
        """Words in the narration under the tree."""

    def point_at(self, level: int, node: int) -> None:
        """Show a node the user chose: pinned in the tree, its position on the board."""

    def show_board(self) -> None:
        """Redraw the board from its presenter (`app.board_focus`), e.g. after covering it."""

    def show_status(self, text: str, *shorter: str) -> None:
        """The status line's text (or the first of its `shorter` forms that fits) until the
        next redraw replaces it."""

    def cover_answer(self, covered: bool) -> None:
        """While a quiz question is open, cover what would give its answer away (the replay's
        plot of the root's numbers); uncover it afterwards."""

    def open_dock(self, dock: QDockWidget, extent: int, asked: bool) -> None:
        """Open a feature's dock where the board and the tree keep a readable size, `extent`
        pixels tall (or wide) if there is room; `asked`: the user asked for it and it stays
        open, else it closes when a reset or a new problem empties it (`app.docks`)."""

    def close_dock(self, dock: QDockWidget) -> None:
        """Close a dock whose mode has ended (the quiz's): the user is done with it."""


class Session(QObject):
    """One problem, its search's parameters, the search (through `driver`) and its solution."""

    problem_changed = Signal(object)
    """A new problem (`Problem`) was opened; its search follows with `driver_changed`."""
    params_changed = Signal(object)
    """The search's parameters (`SearchParams`) changed with a problem opened."""
    driver_changed = Signal(object)
    """A new search (opened or reset; the replay around it when it is recorded) is the driver's.
    Not sent when the replay only rewinds: the driver's `search_changed` is."""
    solution_changed = Signal(object)
    """The ended search's verified `RunRecord`, an Exception if reading it failed, or None (a new
    search, or a rewind: no solution on screen)."""
    error = Signal(str, str)
    """(one-line text, title): something the user asked for could not be done; nothing changed."""

    def __init__(
        self,
        params: SearchParams | None = None,
        settings: Settings | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.settings = settings
        """Where opened problems and parameters are remembered (None: nowhere)."""
        self.problem: Problem | None = None
        self.params = params or SearchParams()
        self.solution: RunRecord | Exception | None = None
        self.replay: Replay | None = None
        """The recording of the search when it is replayable (the driver holds it then)."""
        self.driver = SearchDriver(self)
        self.solution_jobs = Jobs(self)
        """Reads and verifies a proof off the GUI thread (it can take longer than a frame)."""
        self.solution_jobs.result.connect(lambda _index, record: self._set_solution(record))
        self.solution_jobs.failed.connect(lambda _index, why: self._set_solution(RuntimeError(why)))
        self.driver.finished.connect(self._finished)

    @property
    def search(self) -> Stepper | None:
        """The search the driver steps (the replay around it when it is recorded)."""
        return self.driver.search

    # -- opening ----------------------------------------------------------------------------------

    def report(self, text: str, title: str = OPEN_ERROR) -> None:
        """Say that something asked for could not be done (`error`)."""
        self.error.emit(text, title)

    def open_source(self, source: Source, params: SearchParams | None = None) -> bool:
        """Open a problem with these parameters; on bad input an `error` and nothing changes."""
        params = params or self.params
        try:
            problem = load(source)
            search = build_search(problem.game, params)
        except PnExplorerError as error:
            self.report(naming_the_file(source, str(error)))
            return False
        self._install(problem, params, search)
        return True

    def open_problem(self, problem: Problem) -> bool:
        """Open a problem already loaded (an edited tree); an `error` if its search cannot
        start."""
        try:
            search = build_search(problem.game, self.params)
        except PnExplorerError as error:
            self.report(str(error))
            return False
        self._install(problem, self.params, search)
        return True

    def install(self, problem: Problem, params: SearchParams) -> None:
        """Open a problem known to load (the window's first, or its fallback); raises a
        PnExplorerError where the search cannot start."""
        self._install(problem, params, build_search(problem.game, params))

    def reset(self) -> bool:
        """A new search on the same problem with the same parameters."""
        if self.problem is None:
            return False
        try:
            search = build_search(self.problem.game, self.params)
        except PnExplorerError as error:
            self.report(str(error), "Cannot reset")
            return False
        self._start(search)
        return True

    def _install(self, problem: Problem, params: SearchParams, search: Stepper) -> None:
        changed = params != self.params
        self.problem = problem
        self.params = params
        if self.settings is not None:
            if problem.source.text:  # an edited tree never saved has nothing to reopen
                self.settings.set_source(problem.source)
            self.settings.set_params(params)
        self.problem_changed.emit(problem)
        if changed:
            self.params_changed.emit(params)
        self._start(search)

    def _start(self, search: Stepper) -> None:
        """Hand a new search to the driver, recorded for replay when it can be."""
        self.replay = None
        if search.capabilities.replayable and self.problem is not None:
            self.replay = Replay(search, partial(build_search, self.problem.game, self.params))
        self.clear_solution()
        # the replay stands in for its search: every member of the contract is the live one's
        self.driver.set_search(search if self.replay is None else cast(Stepper, self.replay))
        self.driver_changed.emit(self.driver.search)

    # -- the solution ------------------------------------------------------------------------------

    def clear_solution(self) -> None:
        """No solution on screen (a new search, or the replay rewound): a proof still being read
        is dropped."""
        self.solution_jobs.cancel()
        self._set_solution(None)

    def _finished(self, outcome: Outcome) -> None:
        """An unsolved search's record at once; a proof is read and verified on a thread."""
        search = self.driver.search
        if search is None:
            return
        if not outcome.solved:
            self._set_solution(solution_record(search))
            return
        self.solution_jobs.run_thread(lambda: solution_record(search))

    def _set_solution(self, result: RunRecord | Exception | None) -> None:
        self.solution = result
        self.solution_changed.emit(result)

    def wait_for_solution(self, timeout_ms: int = 30000) -> None:
        """Block until a pending proof has been read (screenshots and tests only)."""
        self.solution_jobs.wait(timeout_ms)

    def close(self) -> None:
        """The window closes: stop the search and wait for a proof being read."""
        self.driver.pause()
        self.solution_jobs.wait(10000)
