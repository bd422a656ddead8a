"""What the window shows when a search ends: the banner when the node cap stopped it, the result
under the board once the session has read the solution (`Session.solution_changed`), the proof's
lines in the solution browser and its main line beside the tree, and the replay's heading while
the user steps on from a replayed iteration."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QLabel

from ..core.runs.runner import RunRecord
from ..core.search.types import Outcome, StopReason
from .result.panel import NOT_SOLVED, ResultPanel
from .result.solution_browser import SolutionBrowser
from .session import Session
from .tree_view.view import TreeView


class Verdict:
    """The banner, the result panel and the solution browser over one session. `explain_keys`
    gives the shortcut of Why not found?, `replay_heading` the replay's heading, and `say`
    writes the status line."""

    def __init__(
        self,
        session: Session,
        banner: QLabel,
        result_panel: ResultPanel,
        browser: SolutionBrowser,
        tree_view: TreeView,
        explain_keys: Callable[[], str],
        replay_heading: Callable[[], str],
        say: Callable[[str, int], None],
    ) -> None:
        self.session = session
        self.driver = session.driver
        self.banner = banner
        self.result_panel = result_panel
        self.browser = browser
        self.tree_view = tree_view
        self.explain_keys = explain_keys
        self.replay_heading = replay_heading
        self.say = say
        session.solution_changed.connect(self.show_solution)

    def finished(self, outcome: Outcome) -> None:
        search = self.driver.search
        assert search is not None, "only a search finishes"
        if outcome.reason is StopReason.MEMORY:
            # What to try comes from the analysis, which knows whether a larger cap would help.
            advice = (
                f"Why not found? ({self.explain_keys()}) says what to try"
                if search.tree is not None
                else "raise the cap (Ctrl+N)"
            )
            self.banner.setText(
                f"The node cap stopped the search: {outcome.detail}. The root is unsolved: "
                f"{advice}."
            )
            self.banner.show()
        if outcome.solved and self.session.solution is None:
            self.result_panel.show_pending()

    def show_solution(self, result: RunRecord | Exception | None) -> None:
        """The session's solution: none (a new search, a rewind), an unsolved search's record,
        or a verified proof (its lines browsed, the shorter-mate check started)."""
        if result is None:
            self.banner.hide()
            self.result_panel.clear(NOT_SOLVED)
            self.browser.clear()
            return
        search = self.session.search
        assert search is not None, "a solution belongs to the session's search"
        self.result_panel.show_result(result, search.game)
        outcome = self.driver.outcome
        if outcome is not None and not outcome.solved:
            return
        self.tree_view.set_verified_line(self.result_panel.main_line)
        self.browser.show_solution(self.driver.search, result)
        self.say(self.result_panel.headline_text, 8000)

    def keep_replay_heading(self) -> None:
        """Stepping on from a replayed iteration: the result panel's heading says where the
        replay stands now, and "not solved yet" again once the search is back where it was
        (or past it), instead of the iteration the replay started from."""
        panel = self.result_panel
        if panel.kind is not None or not panel.headline_text or self.session.solution is not None:
            return  # a result, or a proof being read, is shown
        heading = self.replay_heading()
        if heading != panel.headline_text:
            panel.clear(heading)
