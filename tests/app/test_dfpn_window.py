"""df-pn stepped in a real-size window: the path panel's rows, thresholds and hit labels, the
memory gauge's table fill, and a verified finale, all checked against the search's own state."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QFontMetrics

from pn_explorer.app.dfpn.path_panel import (
    CHILDREN_SHOWN,
    COLUMNS,
    DOCK_WIDTH,
    MATE_IN_ONE_NOTE,
    RUNNING_TEXT,
    pair,
    threat_note,
)
from pn_explorer.app.menus.explain_dock import NO_MAP
from pn_explorer.app.menus.exports import NO_TREE as NO_TREE_TO_EXPORT
from pn_explorer.app.narration.dfpn import describe_events
from pn_explorer.app.problems.search_setup import SearchParams
from pn_explorer.app.problems.sources import FEN, SUITE, TREE, TREE_FILES, Source
from pn_explorer.app.quiz.mode import NOT_OFFERED
from pn_explorer.app.tree_view import style
from pn_explorer.app.tree_view.items import NODE
from pn_explorer.app.window import MainWindow
from pn_explorer.app.window_layout import DEFAULT_WINDOW, MIN_TREE_PANE
from pn_explorer.core.games.chess_game import ChessGame, decode_move
from pn_explorer.core.games.suites import find_position, load_suite
from pn_explorer.core.search.dfpn_steps import DfpnStepper
from pn_explorer.core.search.events import BackUpReason, EventKind
from pn_explorer.core.search.types import StepReport
from pn_explorer.core.values import format_number
from tests.helpers import has_mate_in_one

THRESHOLD_REASONS = (BackUpReason.PHI, BackUpReason.DELTA)

STATUS = COLUMNS.index("status")
THRESHOLDS = COLUMNS.index("φ_t / δ_t")
NUMBERS = COLUMNS.index("pn / dn")
TABLE = COLUMNS.index("table")


@pytest.fixture
def window(qtbot):
    win = MainWindow(persist=False, params=SearchParams("dfpn", 100_000))
    qtbot.addWidget(win)
    win.resize(1600, 1000)
    win.show()
    qtbot.waitExposed(win)
    return win


def rows(window: MainWindow) -> list[list[str]]:
    panel = window.dfpn_panel
    return [
        [panel.topLevelItem(i).text(c) for c in range(len(COLUMNS))]
        for i in range(panel.topLevelItemCount())
    ]


def test_the_path_panel_shows_each_frames_numbers_and_thresholds(window, qtbot) -> None:
    search = window.driver.search
    assert isinstance(search.live, DfpnStepper)
    assert window.dfpn_dock.isVisible() and window.timeline.isVisible()
    for _ in range(4):
        window.controls.step_iteration()
        qtbot.waitUntil(lambda: not window.driver.busy)
    shown = rows(window)
    assert len(shown) == len(search.frames) > 1
    for row, frame in zip(shown, search.frames, strict=True):
        assert row[THRESHOLDS] == pair(frame.phi_threshold, frame.delta_threshold)
        assert row[NUMBERS] == pair(*frame.numbers)
    assert shown[0][THRESHOLDS] == "∞ / ∞"
    deepest = window.dfpn_panel.topLevelItem(len(shown) - 1)
    assert deepest.childCount() == min(40, len(search.frames[-1].children.moves))
    assert window.dfpn_panel.visualItemRect(deepest).height() > 0
    # children are labelled for the two deepest frames; a shallower one when it is unfolded
    root_row = window.dfpn_panel.topLevelItem(0)
    assert len(shown) > 2 and root_row.childCount() == 0 and not root_row.isExpanded()
    root_row.setExpanded(True)
    board = search.game.root_board
    wanted = [board.san(decode_move(m)) for m in search.frames[0].children.moves[:40]]
    assert [root_row.child(i).text(0) for i in range(len(wanted))] == wanted
    table = search.table
    assert f"{len(table):,} table entries of {table.capacity:,}" in window.gauge.text()
    assert f"{table.replacements:,} replacements" in window.gauge.text()


def test_a_back_up_is_marked_on_its_frame_and_told(window, qtbot) -> None:
    """The narration of a back-up names the move in SAN, the number that reached its threshold
    and the threshold, as the engine's own event has them."""
    search = window.driver.search
    reports: list[StepReport] = []
    window.driver.stepped.connect(reports.append)
    event = None
    for _ in range(200):
        window.controls.step_phase()
        qtbot.waitUntil(lambda: not window.driver.busy)
        event = reports[-1].events[-1]
        if event.kind is EventKind.BACKED_UP and event.reason in THRESHOLD_REASONS:
            break
    frame = search.frames[event.depth]
    assert frame.backing_up is event.reason
    assert rows(window)[event.depth][STATUS] == f"{event.reason.value}: back to parent"
    tip = window.dfpn_panel.topLevelItem(event.depth).toolTip(STATUS)
    assert tip.startswith(f"<p>{event.reason.value}: back to parent. Its ") and tip.endswith("</p>")
    # φ ≥ φ_t: the parent's δ would reach its δ_t; δ ≥ δ_t: a sibling looks better.
    assert ("sibling" in tip) == (event.reason is BackUpReason.DELTA)
    assert ("parent's δ" in tip) == (event.reason is BackUpReason.PHI)
    board = search.game.root_board.copy()
    for code in event.line[:-1]:
        board.push(decode_move(code))
    san = board.san(decode_move(event.line[-1]))
    phi = event.reason is BackUpReason.PHI
    symbol, value, limit = (
        ("φ", event.phi, event.phi_threshold) if phi else ("δ", event.delta, event.delta_threshold)
    )
    assert value >= limit
    assert (
        f"Threshold exceeded at {san}: {symbol} = {format_number(value)} ≥ {symbol}_t = "
        f"{format_number(limit)}, so it backs up to its parent" in window.narration.text()
    )


def test_table_hits_are_marked_on_the_node(window, qtbot) -> None:
    window.open_source(Source(FEN, "8/8/8/8/8/2k5/8/K6R w - - 0 1"))
    search = window.driver.search
    trace = search.path_trace
    for _ in range(300):
        window.controls.step_iteration()
        qtbot.waitUntil(lambda: not window.driver.busy)
        marked = [f for f in search.frames if trace.hits[f.key]]
        if marked:
            break
    depth = search.frames.index(marked[0])
    label = rows(window)[depth][TABLE]
    assert label == trace.transposition_label(marked[0].key)
    assert label.startswith(f"seen {trace.hits[marked[0].key]}×")


def test_a_proved_root_is_verified_and_its_line_shown(window, qtbot) -> None:
    window.driver.run_to_end()
    qtbot.waitUntil(lambda: window.driver.search.outcome is not None, timeout=60_000)
    window.wait_for_solution()
    qtbot.waitUntil(lambda: window.solution is not None, timeout=30_000)
    assert window.solution.verified
    assert window.result_panel.main_line == window.solution.line_moves
    assert "verified" in window.result_panel.headline_text


def test_the_title_and_the_first_words_speak_of_a_table_and_events(window) -> None:
    """Before the first step the title names the table's size, not a node cap, and the
    narration says what a step is for df-pn (an event, not a phase)."""
    search = window.driver.search
    assert f"table of {search.table.capacity:,} entries" in window.title.text()
    assert f"threats ÷ {search.threat_divisor} to ply {search.threat_depth}" in window.title.text()
    assert "node cap" not in window.title.text()
    text = window.narration.text()
    assert "one event" in text and "phase" not in text
    assert f"proof number {search.root_numbers[0]}" in text


def test_the_title_says_what_this_search_does_about_threats(window) -> None:
    """The threat setting is the search's, not the defaults': a KQ v KR ending is guided by the
    mop-up estimate and tests no threats, and a tree file has no mates to threaten."""
    window.open_source(Source(FEN, "k7/8/1K6/8/8/8/8/r5Q1 w - - 0 1"), SearchParams("dfpn"))
    search = window.driver.search
    assert search.mop_up_in_use and not search.threats_in_use
    assert "mop-up estimate" in window.title.text() and "threats" not in window.title.text()
    window.open_source(Source(TREE, TREE_FILES["lesson-every-child"]), SearchParams("dfpn"))
    search = window.driver.search
    assert isinstance(search.live, DfpnStepper) and not search.threats_in_use
    assert "threats" not in window.title.text()


def test_a_title_wider_than_the_window_ends_in_an_ellipsis_and_says_all_in_its_tooltip(
    window, qtbot
) -> None:
    """At 1600 px the whole title is drawn; in a narrow window a shorter form of it (fewer
    settings) or, if none fits, one cut at a character with "…" (not clipped mid-letter), and
    its tooltip holds the whole of it."""
    whole = window.title.text()
    assert window.title.shown_text() == whole and window.title.toolTip() == ""
    window.resize(700, 1000)
    qtbot.waitUntil(lambda: window.title.shown_text() != whole)
    shown = window.title.shown_text()
    assert whole.startswith(shown.removesuffix("…"))
    assert window.problem.title in shown or shown.endswith("…")
    assert window.title.fontMetrics().horizontalAdvance(shown) <= window.title.width()
    assert window.title.toolTip() == whole


def test_df_pn_keeps_no_search_tree_and_the_view_draws_its_path(window, qtbot) -> None:
    """The contract's tree is None for df-pn; the tree view draws the display tree, its
    most-proving path the recursion path MID stands on."""
    search = window.driver.search
    for _ in range(3):
        window.controls.step_iteration()
        qtbot.waitUntil(lambda: not window.driver.busy)
    assert search.tree is None
    shown = search.drawn_tree
    drawn = {item.node for item in window.tree_view.displayed_nodes() if item.kind == NODE}
    assert set(shown.path) <= drawn and max(drawn) < len(shown)
    assert [shown.move[node] for node in shown.path[1:]] == search.path_moves


def test_why_not_found_explains_df_pn_and_the_effort_map_says_why_it_is_off(window, qtbot):
    """Why not found? is offered for df-pn like any search: asked before a step it explains the
    table as it stands (no work done yet); the effort map, which colours a kept tree, is off
    with the reason as its tooltip."""
    explain = window.explain
    search = window.driver.search
    assert explain.explain_action.isEnabled() and explain.panel.button.isEnabled()
    assert not explain.effort_action.isEnabled() and explain.effort_action.toolTip() == NO_MAP
    explain.explain_now()
    qtbot.waitUntil(lambda: explain.panel.explanation is not None, timeout=30_000)
    explanation = explain.panel.explanation
    assert explanation.nodes == search.nodes_created == 1
    assert explain.panel.heading.text() == "df-pn is paused before proving a win."
    assert all(row.nodes == 0 for row in explanation.effort)
    window.open_source(Source(SUITE, "wac-mates", "WAC.001"), SearchParams())
    assert explain.explain_action.isEnabled() and explain.effort_action.isEnabled()


def test_a_limit_stop_says_so_in_explain_and_in_every_path_row(qtbot) -> None:
    """A df-pn search stopped by its work budget: no "searching" row is left, each says why it
    stopped (the engine's outcome); Why not found? opens and says it ran out of its node budget."""
    win = MainWindow(persist=False, params=SearchParams("dfpn", 64))
    qtbot.addWidget(win)
    win.resize(1600, 1000)
    win.show()
    win.open_source(Source(SUITE, "wac-mates", "WAC.222"), SearchParams("dfpn", 64))
    search = win.driver.search
    win.driver.run_to_end()
    qtbot.waitUntil(lambda: search.outcome is not None, timeout=60_000)
    qtbot.waitUntil(lambda: not win.driver.running)
    win.refresh_views()
    assert not search.outcome.solved
    shown = rows(win)
    assert len(shown) == len(search.frames) > 0
    assert {row[STATUS] for row in shown} == {f"stopped — {search.outcome}"}
    panel = win.explain.panel
    qtbot.waitUntil(lambda: panel.explanation is not None, timeout=30_000)
    assert panel.heading.text() == panel.explanation.sentence
    assert panel.heading.text().startswith("df-pn ran out of its node budget before proving a win")


def test_a_df_pn_disproof_offers_no_bogus_refutation_tree(window, qtbot) -> None:
    window.open_source(Source(TREE, TREE_FILES["lesson-every-child"]))
    search = window.driver.search
    assert isinstance(search.live, DfpnStepper)
    window.driver.run_to_end()
    qtbot.waitUntil(lambda: search.outcome is not None, timeout=30_000)
    window.wait_for_solution()
    window.solution_browser.wait()
    qtbot.waitUntil(lambda: "Nothing to browse" in window.solution_browser.summary.text())
    assert window.solution_browser.solution is None
    assert window.solution_browser.summary.text() == "Nothing to browse: no tree was kept."


def test_graphml_export_says_there_is_no_tree(window, dialogs, tmp_path) -> None:
    target = tmp_path / "tree.graphml"
    window.exporter.graphml(str(target))
    window.exporter.visible_graphml(str(target))
    window.exporter.wait()
    assert dialogs == [("Nothing to export", NO_TREE_TO_EXPORT)] * 2
    assert not target.exists()


def test_a_proof_on_a_tree_file_plays_its_line_by_the_game(window, qtbot) -> None:
    """df-pn's line is in no tree the view draws: the board names the line's nodes from the
    game, and the tree view is not pointed at a node of the display tree."""
    window.open_source(Source(TREE, TREE_FILES["lesson-deep-narrow"]))
    window.driver.run_to_end()
    qtbot.waitUntil(lambda: window.driver.search.outcome is not None, timeout=30_000)
    window.wait_for_solution()
    qtbot.waitUntil(lambda: window.solution is not None, timeout=30_000)
    game = window.driver.search.game
    line = window.result_panel.main_line
    assert line
    window.result_panel.slider.setValue(1)
    names = [game.tree.nodes[0].name, game.node_name(line[0])]
    assert window.board_view.line.text().endswith(": " + " → ".join(names))
    assert "move 1 of" in window.board_view.details.text()
    assert window.tree_view.focused is None


def test_quiz_mode_is_not_offered_for_df_pn(qtbot) -> None:
    """Opening df-pn with the quiz on used to crash (no phases to ask about): the quiz ends, its
    action is off with the reason, and comes back for PN."""
    win = MainWindow(persist=False, params=SearchParams())
    qtbot.addWidget(win)
    win.resize(1600, 1000)
    win.show()
    win.open_source(Source(SUITE, "wac-mates", "WAC.001"), SearchParams())
    win.quiz_mode.set_on(True)
    assert win.quiz_mode.on
    win.open_source(Source(SUITE, "wac-mates", "WAC.001"), SearchParams("dfpn", 100_000))
    qtbot.wait(50)
    assert isinstance(win.driver.search.live, DfpnStepper)
    action = win.quiz_mode.action
    assert not win.quiz_mode.on and not action.isEnabled()
    assert action.toolTip() == NOT_OFFERED and not win.quiz_mode.dock.isVisible()
    win.controls.step_iteration()
    qtbot.waitUntil(lambda: not win.driver.busy)
    assert win.driver.search.iterations == 1
    win.open_source(Source(SUITE, "wac-mates", "WAC.001"), SearchParams())
    assert action.isEnabled()


def test_the_previous_searchs_replay_does_not_outlive_it(qtbot) -> None:
    """PN, then df-pn: the PN replay is dropped for df-pn's own, so Alt+← cannot rewind the
    hidden PN search (df-pn at its start has nothing to go back to)."""
    win = MainWindow(persist=False, params=SearchParams())
    qtbot.addWidget(win)
    win.resize(1600, 1000)
    win.show()
    win.open_source(Source(SUITE, "wac-mates", "WAC.001"), SearchParams())
    for _ in range(3):
        win.controls.step_iteration()
        qtbot.waitUntil(lambda: not win.driver.busy)
    pn_replay = win.timeline.replay
    assert pn_replay is not None
    win.open_source(Source(SUITE, "wac-mates", "WAC.001"), SearchParams("dfpn", 100_000))
    search = win.driver.search
    assert isinstance(search.live, DfpnStepper) and win.timeline.replay is search
    assert search is not pn_replay and not win.timeline.key_actions[0].isEnabled()
    win.timeline.back()
    win.timeline.go_to(1)
    assert win.driver.search is search and not win.timeline.rewinding
    assert search.iterations == 0 and pn_replay.iterations == 3


def test_the_path_panel_waits_for_a_pause_at_full_speed(window, qtbot) -> None:
    """At full speed the panel is not rebuilt on each redraw (one line says so); a pause lists
    the path again, as the engine holds it (WAC.222: df-pn proves WAC.001 in 96 iterations)."""
    window.open_source(Source(SUITE, "wac-mates", "WAC.222"), SearchParams("dfpn", 100_000))
    panel = window.dfpn_panel
    window.driver.set_speed(0)
    window.driver.run()
    qtbot.waitUntil(lambda: window.driver.search.iterations > 200, timeout=30_000)
    built = panel.rebuilds
    for _ in range(5):
        window.refresh_views()
    assert panel.rebuilds == built
    assert rows(window)[0][0] == RUNNING_TEXT
    window.driver.pause()
    window.refresh_views()
    search = window.driver.search
    assert panel.rebuilds == built + 1
    assert [row[NUMBERS] for row in rows(window)] == [pair(*f.numbers) for f in search.frames]


def test_in_a_won_ending_the_narration_says_where_the_numbers_come_from(qtbot) -> None:
    """egd.013 (KRK): df-pn+ adds the mop-up estimate to new proof numbers, and an expansion's
    sentence says so; on WAC.001 (a middle game) it does not apply and is not mentioned."""
    position = find_position(load_suite("endgame-mates"), "egd.013")
    win = MainWindow(persist=False, params=SearchParams("dfpn", 100_000))
    qtbot.addWidget(win)
    win.resize(1600, 1000)
    win.show()
    win.open_source(Source(FEN, position.board.fen()))
    search = win.driver.search
    assert search.mop_up_in_use
    win.controls.step_iteration()
    qtbot.waitUntil(lambda: not win.driver.busy)
    assert f"mobility + {search.mop_up_weight} × the mop-up estimate" in win.narration.text()


def test_in_a_middle_game_the_estimate_is_not_mentioned(window, qtbot) -> None:
    assert not window.driver.search.mop_up_in_use
    window.controls.step_iteration()
    qtbot.waitUntil(lambda: not window.driver.busy)
    assert "Expand" in window.narration.text() and "mop-up" not in window.narration.text()


def test_the_gauge_caption_speaks_of_the_table_for_dfpn_and_of_nodes_for_pn(window) -> None:
    assert "transposition-table entries" in window.gauge_title.text()
    assert "Pn² second level" not in window.gauge_title.text()
    window.open_source(Source(FEN, window.driver.search.game.root_board.fen()), SearchParams("pn"))
    assert "nodes in memory against the node cap" in window.gauge_title.text()


def test_the_step_buttons_name_events_for_dfpn_and_phases_for_pn(window) -> None:
    assert window.controls.phase_action.text() == "Event"
    assert window.controls.iteration_action.text() == "Expansion"
    assert "backing up" in window.controls.phase_action.toolTip()
    window.open_source(Source(FEN, window.driver.search.game.root_board.fen()), SearchParams("pn"))
    assert (window.controls.phase_action.text(), window.controls.iteration_action.text()) == (
        "Phase",
        "Iteration",
    )


def test_replies_that_allow_a_mate_in_one_are_told_as_proved_at_once(window, qtbot) -> None:
    """WAC.001's Qg6 threatens mate: when df-pn expands a position where some replies allow a
    mate in one, the narration counts them as the engine's frame flags them (pn 0, not
    expanded)."""
    search = window.driver.search
    for _ in range(60):
        window.controls.step_iteration()
        qtbot.waitUntil(lambda: not window.driver.busy)
        frame = search.frames[-1] if search.frames else None
        if frame is not None and any(frame.children.mate_in_one):
            break
    else:
        pytest.fail("no expansion with a mate in one among its children")
    flagged = [i for i, m in enumerate(frame.children.mate_in_one) if m]
    assert all(frame.children.proof[i] == 0 for i in flagged)
    text = window.narration.text()
    noun = "reply" if len(flagged) == 1 else "replies"
    assert f"{len(flagged)} {noun} let the attacker mate in one" in text
    window.dfpn_panel.refresh()
    row = window.dfpn_panel.topLevelItem(len(search.frames) - 1)
    shown = min(CHILDREN_SHOWN, len(frame.children.moves))
    children = frame.children
    noted = {i for i in range(shown) if row.child(i).text(STATUS) == MATE_IN_ONE_NOTE}
    assert any(i < shown for i in flagged)
    one_move_proofs = {
        i
        for i in range(shown)
        if children.mate_in_one[i] or (children.proof[i] == 0 and children.distance[i] == 1)
    }
    assert noted == one_move_proofs
    assert "one-move mate test" in row.child(min(noted)).toolTip(STATUS)


def test_a_re_expanded_child_that_mates_in_one_still_says_so(window, qtbot) -> None:
    """A re-expansion reads its children from the table, without the one-move mate test's
    flags: a child the table holds as proved one move from mate is still noted "mate in 1",
    and python-chess finds a mate in one there (WAC.222: re-expansions come early)."""
    window.open_source(Source(SUITE, "wac-mates", "WAC.222"), SearchParams("dfpn", 100_000))
    search = window.driver.search
    seen_before: set[int] = set()
    for _ in range(400):
        window.controls.step_iteration()
        qtbot.waitUntil(lambda: not window.driver.busy)
        frame = search.frames[-1] if search.frames else None
        if frame is None or frame.is_or:
            continue
        if frame.key not in seen_before:
            seen_before.add(frame.key)
            continue
        children = frame.children
        known = [
            i
            for i in range(min(CHILDREN_SHOWN, len(children.moves)))
            if children.proof[i] == 0 and not children.mate_in_one[i]
        ]
        if any(children.distance[i] == 1 for i in known):
            break
    else:
        pytest.fail("no re-expanded AND node with a child the table holds as mate in one")
    window.dfpn_panel.refresh()
    row = window.dfpn_panel.topLevelItem(len(search.frames) - 1)
    board = search.game.root_board.copy()
    for later in search.frames[1:]:
        board.push(decode_move(later.move))
    for index in known:
        board.push(decode_move(children.moves[index]))
        one_move = children.distance[index] == 1
        assert one_move == has_mate_in_one(board)
        assert (row.child(index).text(STATUS) == MATE_IN_ONE_NOTE) == one_move
        board.pop()


def test_the_path_panel_marks_the_children_whose_quiet_moves_threaten_mate(window, qtbot) -> None:
    """After the root's expansion of WAC.001, the children the engine's frame flags as threats
    (and only those, unless being searched) say so in the status column, with the divisor."""
    search = window.driver.search
    window.controls.step_iteration()
    qtbot.waitUntil(lambda: not window.driver.busy)
    frame = search.frames[0]
    assert any(frame.children.threat)
    row = window.dfpn_panel.topLevelItem(0)
    chosen = search.path_trace.chosen(0)
    note = threat_note(search)
    assert note == f"threat ÷ {search.threat_divisor}"
    for index in range(min(CHILDREN_SHOWN, len(frame.children.moves))):
        status = row.child(index).text(STATUS)
        if index == chosen:
            assert status == "searching"
        else:
            assert (status == note) == frame.children.threat[index]
            if status == note:
                assert f"÷ {search.threat_divisor}" in row.child(index).toolTip(STATUS)


def test_quiet_moves_that_threaten_mate_are_told_with_their_lower_numbers() -> None:
    """With threats on (the default divisor 2), the first expansion of WAC.001: the narration
    counts the quiet moves the engine's frame flags as threats, and each flagged child's proof
    number is the defender's move count (python-chess) halved; with threats off, none."""
    position = find_position(load_suite("wac-mates"), "WAC.001")
    search = DfpnStepper(ChessGame(position.board))
    report = search.step_iteration()
    frame = search.frames[0]
    flagged = [i for i, threat in enumerate(frame.children.threat) if threat]
    assert flagged
    text = " ".join(describe_events(search, report, report.events))
    noun = "quiet move" if len(flagged) == 1 else "quiet moves"
    assert f"{len(flagged)} {noun} threaten mate in one" in text
    assert "mobility ÷ 2" in text
    board = position.board
    for index in flagged:
        after = board.copy()
        after.push(decode_move(frame.children.moves[index]))
        assert frame.children.proof[index] == max(1, after.legal_moves.count() // 2)
    plain = DfpnStepper(ChessGame(position.board), threat_divisor=1)
    plain_report = plain.step_iteration()
    assert not any(plain.frames[0].children.threat)
    assert "threaten" not in " ".join(describe_events(plain, plain_report, plain_report.events))


def test_at_the_finale_the_roots_children_fit_the_tree_pane(qtbot) -> None:
    """At 1600 × 1000, after df-pn proves WAC.001 (its path dock and the proof dock open on
    the right), every drawn child of the root, numbers included, is inside the tree's pane, the
    engine's first move among them: the path dock used to keep 620 pixels and cut the row off."""
    win = MainWindow(persist=False, params=SearchParams("dfpn", 100_000))
    qtbot.addWidget(win)
    win.resize(1600, 1000)
    win.show()
    qtbot.waitExposed(win)
    win.driver.run_to_end()
    qtbot.waitUntil(lambda: win.driver.search.outcome is not None, timeout=60_000)
    win.wait_for_solution()
    qtbot.waitUntil(lambda: win.solution is not None, timeout=30_000)
    qtbot.wait(100)  # the docks settle after the proof dock opens
    view = win.tree_view
    drawn = view.displayed_nodes()
    row = [item for item in drawn if item.parent == 0]
    assert len(row) >= 3
    for item in row:
        if item.kind == NODE:  # the circle and its numbers, as painted
            left_text, right_text = (
                QFontMetrics(style.number_font(len(text), False)).horizontalAdvance(text)
                for text in (item.proof_text, item.disproof_text)
            )
            reach = style.NODE / 2 + style.NUMBER_GAP
            left_edge, right_edge = item.x - reach - left_text, item.x + reach + right_text
        else:  # the "+N more" stub
            left_edge, right_edge = item.x - style.STUB_WIDTH / 2, item.x + style.STUB_WIDTH / 2
        left = view.scene_to_widget(left_edge, item.y).x()
        right = view.scene_to_widget(right_edge, item.y).x()
        assert left >= 0 and right <= view.width(), (item.kind, left, right, view.width())
    shown = win.driver.search.drawn_tree
    first = win.solution.line_moves[0]
    assert first in [shown.move[item.node] for item in row if item.kind == NODE]


def test_the_status_column_shows_in_the_docks_first_width(qtbot) -> None:
    """At the window's first size on a screen with room for it (the offscreen screen is 800
    pixels wide, and the first size fits the screen) the dock gets the width it asks for
    (`DOCK_WIDTH`, sized when the window is shown, not by a timer); after the root's expansion
    of WAC.001 every status shown there ("searching", "mate in 1", "threat ÷ 2") is within the
    panel's viewport without scrolling (it was the last column and was cut to "threa")."""
    win = MainWindow(persist=False, params=SearchParams("dfpn", 100_000))
    qtbot.addWidget(win)
    win.resize(*DEFAULT_WINDOW)
    win.show()
    qtbot.waitExposed(win)
    win.controls.step_iteration()
    qtbot.waitUntil(lambda: not win.driver.busy)
    panel = win.dfpn_panel
    row = panel.topLevelItem(0)
    texts = {row.text(STATUS)} | {row.child(i).text(STATUS) for i in range(row.childCount())}
    texts.discard("")
    assert threat_note(win.driver.search) in texts
    metrics = QFontMetrics(panel.font())

    def laid_out() -> bool:
        start = panel.header().sectionViewportPosition(STATUS)
        right = max(start + metrics.horizontalAdvance(text) for text in texts)
        return win.dfpn_dock.width() >= DOCK_WIDTH - 20 and right <= panel.viewport().width()

    qtbot.waitUntil(laid_out, timeout=10_000)
    assert win.tree_view.width() >= MIN_TREE_PANE
