"""df-pn and DAG PN in a real-size window through the same controls as PN: the step actions, the
replay's back and forward actions and the timeline's slider, each state checked against the
engine's own — a fresh search run to the same iteration — and the views against the search shown.
Where a step cannot go (before iteration 0, after the end) its action is off."""

from __future__ import annotations

import pytest

from pn_explorer.app.problems.search_setup import SearchParams, build_search
from pn_explorer.app.problems.sources import SUITE, Source
from pn_explorer.app.progress.memory_gauge import memory_state
from pn_explorer.app.tree_view.items import NODE
from pn_explorer.app.window import MainWindow
from tests.app.windows import shown_window
from tests.core.test_replay_rerun import dag_state, dfpn_state

WAC_001 = Source(SUITE, "wac-mates", "WAC.001")
CASES = [("dfpn", dfpn_state), ("dagpn", dag_state)]


def open_window(qtbot, algo: str) -> MainWindow:
    window = shown_window(qtbot, (1600, 1000), source=WAC_001, params=SearchParams(algo, 100_000))
    return window


def fresh(window: MainWindow, k: int):
    """The engine's own state after k iterations: a new search on the same problem."""
    search = build_search(window.problem.game, window.params)
    search.run(max_iterations=k)
    assert search.iterations == k
    return search


def idle(qtbot, window: MainWindow) -> None:
    qtbot.waitUntil(lambda: not window.driver.busy and not window.timeline.rewinding, timeout=30000)


def assert_shows(window: MainWindow, state) -> None:
    """The live search is the engine's state at its iteration; tree view, gauge, status and
    timeline show that search."""
    search = window.driver.search
    engine = fresh(window, search.iterations)
    assert state(search.live) == state(engine)
    window.refresh_views()
    tree = search.drawn_tree
    items = [item for item in window.tree_view.displayed_nodes() if item.kind == NODE]
    assert {item.node for item in items} >= set(tree.most_proving_path())
    for item in items:
        assert (item.proof, item.disproof) == tree.numbers(item.node)
    assert window.gauge.state == memory_state(search)
    assert f"Iteration {search.iterations:,}" in window.status.text()
    assert window.timeline.slider.value() == search.iterations


@pytest.mark.parametrize(("algo", "state"), CASES, ids=["dfpn", "dagpn"])
def test_step_replay_back_and_forward_through_the_windows_actions(qtbot, algo, state) -> None:
    window = open_window(qtbot, algo)
    back, forward = window.timeline.key_actions
    assert window.timeline.isVisible() and window.timeline.plot.isVisible()
    assert not back.isEnabled() and forward.isEnabled()
    for _ in range(12):
        window.controls.iteration_action.trigger()
        idle(qtbot, window)
    window.controls.phase_action.trigger()  # a phase, or df-pn's event: the iteration is under way
    idle(qtbot, window)
    assert window.driver.search.iterations == 12 and back.isEnabled()
    narration = window.narration.text()
    assert narration and narration != "Nothing changed."
    back.trigger()  # to the start of the iteration under way
    idle(qtbot, window)
    assert window.driver.search.iterations == 12 and window.driver.search.at_boundary
    assert_shows(window, state)
    for k in (11, 10):
        back.trigger()
        idle(qtbot, window)
        assert window.driver.search.iterations == k
        assert_shows(window, state)
    window.timeline.slider.setValue(3)
    idle(qtbot, window)
    assert_shows(window, state)
    forward.trigger()
    idle(qtbot, window)
    assert window.driver.search.iterations == 4
    assert_shows(window, state)
    window.timeline.slider.setValue(12)
    idle(qtbot, window)
    assert_shows(window, state)
    assert window.timeline.replay.furthest_iteration == 12


@pytest.mark.parametrize(("algo", "state"), CASES, ids=["dfpn", "dagpn"])
def test_after_the_end_back_rewinds_and_forward_is_off(qtbot, algo, state) -> None:
    window = open_window(qtbot, algo)
    back, forward = window.timeline.key_actions
    window.controls.end_action.trigger()
    qtbot.waitUntil(lambda: window.driver.finished_search, timeout=60000)
    idle(qtbot, window)
    search = window.driver.search
    outcome, last = search.outcome, search.iterations
    assert outcome.solved and back.isEnabled() and not forward.isEnabled()
    assert (
        not window.controls.iteration_action.isEnabled()
        and not window.controls.phase_action.isEnabled()
    )
    back.trigger()
    idle(qtbot, window)
    assert window.driver.search.outcome is None and forward.isEnabled()
    assert window.controls.iteration_action.isEnabled()
    assert_shows(window, state)
    window.controls.end_action.trigger()
    qtbot.waitUntil(lambda: window.driver.finished_search, timeout=60000)
    assert window.driver.search.outcome == outcome and window.driver.search.iterations == last


def test_dag_pn_is_explained_through_why_not_found(qtbot) -> None:
    """DAG PN stopped by its node cap: Why not found? explains it as it does PN."""
    window = MainWindow(persist=False, source=Source(SUITE, "wac-mates", "WAC.096"))
    qtbot.addWidget(window)
    window.show()
    window.open_source(Source(SUITE, "wac-mates", "WAC.096"), SearchParams("dagpn", 5_000))
    window.controls.end_action.trigger()
    qtbot.waitUntil(lambda: window.driver.finished_search, timeout=60000)
    panel = window.explain.panel
    qtbot.waitUntil(lambda: panel.explanation is not None, timeout=60000)
    explanation = panel.explanation
    assert explanation.algorithm == "dagpn" and explanation.nodes == len(window.driver.search.tree)
    assert window.explain.explain_action.isEnabled()
