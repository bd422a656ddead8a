"""The window in front of a class: the numbers explain themselves, and each feature says what it
shows. Every assertion compares what is on screen with the engine's own state."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import QRectF

from pn_explorer.app.problems.classroom import CLASSROOM_PN2, LESSONS
from pn_explorer.app.problems.search_setup import PN, SearchParams
from pn_explorer.app.problems.sources import SUITE, TREE, TREE_FILES, Source
from pn_explorer.app.progress.root_plot import DISPROOF_COLOUR, PROOF_COLOUR
from pn_explorer.app.result.panel import NOT_SOLVED
from pn_explorer.app.tree_view import style
from pn_explorer.app.tree_view.captions import stub_words
from pn_explorer.app.tree_view.cover import Cover
from pn_explorer.app.tree_view.effort_map import effort_colour
from pn_explorer.app.tree_view.layout import FOLD, MORE, NODE
from pn_explorer.app.window import MainWindow
from pn_explorer.core.explain.numbers_text import dfpn_lines, number_text, plies_text
from pn_explorer.core.games.explicit_tree import AndOrTree
from pn_explorer.core.search.events import SecondLevelEnded
from pn_explorer.core.search.registry import names
from pn_explorer.core.tree import ROOT
from pn_explorer.core.values import INF, counted, format_number
from tests.app.windows import shown_window

WAC_001 = Source(SUITE, "wac-mates", "WAC.001")
WAC_096 = Source(SUITE, "wac-mates", "WAC.096")
FIGURE = Source(TREE, TREE_FILES["figure-3-1"])


def make_window(qtbot, source: Source = WAC_001, params: SearchParams | None = None) -> MainWindow:
    window = shown_window(
        qtbot, (1280, 800), animated=False, source=source, params=params or SearchParams()
    )
    return window


def step(qtbot, window: MainWindow, iterations: int = 1) -> None:
    for _ in range(iterations):
        window.controls.step_iteration()
        qtbot.waitUntil(lambda: not window.driver.busy, timeout=60000)


def tooltip_of(window: MainWindow, node: int, level: int = 1) -> str:
    view = window.tree_view
    item = next(i for i in view.displayed_nodes() if i.kind == NODE and i.node == node)
    return view._tooltip(item)


def child_name(window: MainWindow, node: int) -> str:
    return window.problem.game.node_name(window.driver.search.tree.move[node])


# -- say what the numbers mean ---------------------------------------------------------------------


def test_hovering_a_node_says_why_it_has_its_numbers_in_figure_3_3s_terms(qtbot):
    window = make_window(qtbot, FIGURE)
    tree = window.driver.search.tree
    for node in (ROOT, *tree.children(ROOT)):
        if not tree.is_expanded(node):
            continue
        text = tooltip_of(window, node)
        children = list(tree.children(node))
        proofs = [tree.proof[c] for c in children]
        disproofs = [tree.disproof[c] for c in children]
        if tree.is_or(node):
            best = children[proofs.index(min(proofs))]
            assert "OR node: the attacker to move" in text
            assert (
                f"pn = {format_number(tree.proof[node])}: the smallest of its children's, "
                f"from {child_name(window, best)}"
            ) in text
            summed = " + ".join(format_number(d) for d in disproofs)
            assert (
                f"dn = {format_number(tree.disproof[node])}: the sum of its children's {summed}"
                in text
            )
        else:
            best = children[disproofs.index(min(disproofs))]
            assert "AND node: the defender to move" in text
            summed = " + ".join(format_number(p) for p in proofs)
            assert (
                f"pn = {format_number(tree.proof[node])}: the sum of its children's {summed}"
                in (text)
            )
            assert f"from {child_name(window, best)}" in text


def test_a_chess_node_names_the_side_to_move_and_a_leaf_its_mobility(qtbot):
    window = make_window(qtbot)
    step(qtbot, window)
    tree = window.driver.search.tree
    assert "OR node: White (the attacker) to move" in tooltip_of(window, ROOT)
    leaf = next(
        i.node
        for i in window.tree_view.displayed_nodes()
        if i.kind == NODE and i.node and tree.proof[i.node] > 1
    )
    text = tooltip_of(window, leaf)
    assert "AND node: Black (the defender) to move" in text
    assert f"all of the defender's {tree.proof[leaf]} replies must be answered" in text


def test_an_open_quiz_question_keeps_the_reason_off_the_tooltip(qtbot):
    window = make_window(qtbot, FIGURE)
    view = window.tree_view
    view.set_cover(Cover(hide_path=True))
    text = tooltip_of(window, ROOT)
    assert "smallest" not in text and "after you answer" in text


def test_an_update_that_changes_nothing_says_why(qtbot):
    window = make_window(qtbot)
    step(qtbot, window)
    search = window.driver.search
    text = window.narration.text()
    proof, disproof = search.tree.numbers(ROOT)
    assert "Update: no numbers changed: the root's children give it the numbers it already had" in (
        text
    )
    assert f"pn = {proof}: the smallest" in text and f"dn = {disproof}: the sum" in text


def test_a_lone_update_phase_names_the_node_just_expanded(qtbot):
    window = make_window(qtbot)
    step(qtbot, window, 2)
    for _ in range(3):
        window.controls.step_phase()
        qtbot.waitUntil(lambda: not window.driver.busy, timeout=60000)
    search = window.driver.search
    tree = search.tree
    expanded = tree.parent[len(tree) - 1]
    label = search.game.san_line(tree.moves_to(expanded))[-1]
    assert f"Update: no numbers changed: {label}'s children give it" in window.narration.text()


def test_stubs_have_one_form_children_above_nodes_below(qtbot):
    window = make_window(qtbot)
    step(qtbot, window, 3)
    view = window.tree_view
    stubs = [i for i in view.displayed_nodes() if i.kind in (FOLD, MORE)]
    assert stubs
    for stub in stubs:
        top, bottom = stub_words(stub, "move")
        assert re.match(rf"\+{stub.hidden_children}\b", top)
        if stub.hidden_nodes >= 0:
            assert bottom == f"{style.count_text(stub.hidden_nodes)} nodes" or bottom == "1 node"


def test_the_main_line_counts_plies_and_the_moves_a_mate_counts(qtbot):
    assert plies_text(3, 3) == "ply 3 of 3 (move 2)"
    window = make_window(qtbot)
    window.driver.run_to_end()
    qtbot.waitUntil(lambda: bool(window.result_panel.main_line), timeout=60000)
    plies = len(window.result_panel.main_line)
    window.result_panel.slider.setValue(plies)
    qtbot.wait(10)
    assert window.board_view.heading.text() == f"Main line: ply {plies} of {plies} (move 2)"
    assert window.solution.mate_in == 2


def test_dfpn_numbers_say_what_phi_delta_and_their_thresholds_mean(qtbot):
    lines = dfpn_lines(True, (3, 5), (3, 5), (INF - 119, 7))
    assert number_text(INF - 119) == "∞−119"
    assert "φ = pn, δ = dn" in lines[0] and "φ_t = ∞−119, δ_t = 7" in lines[1]
    assert "∞−k is a threshold k below ∞" in lines[2]
    window = make_window(qtbot, params=SearchParams("dfpn"))
    step(qtbot, window, 4)
    search = window.driver.search
    panel = window.dfpn_panel
    assert panel.topLevelItemCount() == len(search.frames) > 1
    for index, frame in enumerate(search.frames):
        tip = panel.topLevelItem(index).toolTip(4)
        assert f"φ_t = {number_text(frame.phi_threshold)}" in tip
        assert f"δ_t = {number_text(frame.delta_threshold)}" in tip
        assert ("φ = pn, δ = dn" if frame.is_or else "φ = dn, δ = pn") in tip


# -- Figure 3.1 and Why not found? -----------------------------------------------------------------


def test_figure_3_1_stopped_at_its_frontier_never_claims_a_solved_root(qtbot):
    window = make_window(qtbot, FIGURE)
    window.driver.run_to_end()
    qtbot.waitUntil(lambda: window.explain.panel.explanation is not None, timeout=60000)
    search = window.driver.search
    assert not search.tree.is_solved(ROOT)
    advice = window.explain.panel.advice.text()
    assert "solved" not in advice and "nothing below the leaf" in advice
    assert f"proof number is {search.tree.proof[ROOT]}" in window.explain.panel.heading.text()


def test_paper_figure_3_1_opens_as_the_figure_and_steps_on_to_a_proof(qtbot):
    window = make_window(qtbot)
    window.paper.actions["3.1"].trigger()
    search = window.driver.search
    figure = AndOrTree.from_file(TREE_FILES["figure-3-1"])
    tree = search.tree
    assert len(tree) == len(figure.nodes)
    for node in range(len(tree)):
        name = window.problem.game.node_name(tree.move[node]) if node else "A"
        expected = next(n.expected for n in figure.nodes if n.name == name)
        assert tree.numbers(node) == expected
    assert "seeded generator" in window.narration.text()
    window.driver.run_to_end()
    qtbot.waitUntil(lambda: window.solution is not None, timeout=60000)
    assert search.outcome.solved and tree.proof[ROOT] == 0
    assert window.solution.verified


@pytest.fixture
def unsolved(qtbot):
    window = make_window(qtbot, WAC_096, SearchParams(PN, 20_000))
    window.driver.run_to_end()
    qtbot.waitUntil(lambda: window.explain.panel.explanation is not None, timeout=120000)
    return window


def test_why_not_found_opens_with_one_plain_sentence_and_buttons_that_apply(qtbot, unsolved):
    window = unsolved
    panel = window.explain.panel
    explanation = panel.explanation
    search = window.driver.search
    tree = search.tree
    top = max(tree.children(ROOT), key=tree.subtree_size)
    share = 100 * tree.subtree_size(top) / len(tree)
    sentence = panel.heading.text()
    assert sentence.startswith("PN ran out of room (20,000 nodes) before proving a win")
    assert f"{share:.0f} % of the tree went into {explanation.effort[0].move}" in sentence
    assert explanation.effort[0].node == top
    labels = [button.text() for button in panel.apply_buttons]
    steppers = names(steppable=True)
    applicable = [
        s for s in explanation.suggestions if s.settings and s.settings.get("algo", PN) in steppers
    ]
    assert labels == [s.button for s in applicable] and labels
    assert any(s.settings.get("algo") == "ab" for s in explanation.suggestions)  # words only
    cap = next(s for s in explanation.suggestions if s.kind == "cap")
    if "not 0" in cap.text:
        assert not cap.settings and not any("node cap" in label for label in labels)
    pn2 = next(b for b, s in zip(panel.apply_buttons, applicable, strict=True) if s.kind == "pn2")
    pn2.click()
    qtbot.waitUntil(lambda: window.params.algo == "pn2", timeout=10000)
    assert window.params.max_nodes == 20_000 and window.driver.search.algorithm == "pn2"


def test_the_status_line_and_the_advice_quote_one_nodes_per_second(qtbot, unsolved):
    search = unsolved.driver.search
    rate = round(search.nodes_created / search.elapsed)
    assert f"{rate:,} nodes/s" in unsolved.status.text()
    quoted = [
        int(figure.replace(",", ""))
        for suggestion in unsolved.explain.panel.explanation.suggestions
        for figure in re.findall(r"([\d,]+) nodes/s", suggestion.text)
    ]
    assert all(figure == rate for figure in quoted)


def test_the_effort_map_keeps_every_name_readable(qtbot):
    window = make_window(qtbot, FIGURE)
    window.explain.effort_action.trigger()
    view = window.tree_view
    fills = view.effort_map.fills(view._level1, view._level2)
    named = [i for i in view.displayed_nodes() if i.kind == NODE and i.name]
    assert named
    for item in named:
        fill = fills(item)
        assert fill is not None
        assert style.contrast(style.text_on(fill), fill) >= 4.5
    for step_ in range(101):
        fill = effort_colour(step_ / 100)
        assert style.contrast(style.text_on(fill), fill) >= style.READABLE_CONTRAST


# -- quiz, Pn², DAG PN, replay ---------------------------------------------------------------------


def plot_colours(timeline) -> set[str]:
    image = timeline.plot.grab().toImage()
    return {
        image.pixelColor(x, y).name() for x in range(image.width()) for y in range(image.height())
    }


def test_the_quiz_covers_the_replay_plot_while_a_question_is_open(qtbot):
    window = make_window(qtbot)
    step(qtbot, window, 3)
    timeline = window.timeline
    assert PROOF_COLOUR.name() in plot_colours(timeline)
    window.quiz_mode.set_on(True)
    qtbot.waitUntil(lambda: window.quiz_mode.quiz.question is not None, timeout=10000)
    assert timeline.plot.hidden_note and not timeline.slider.isEnabled()
    assert not any(action.isEnabled() for action in timeline.key_actions)
    shown = plot_colours(timeline)
    assert PROOF_COLOUR.name() not in shown and DISPROOF_COLOUR.name() not in shown
    question = window.quiz_mode.quiz.question
    if question.kind == "selection":
        window.quiz_mode.answer_click(1, window.driver.search.tree.most_proving_path()[-1])
    else:
        window.quiz_mode.answer_numbers("1", "1")
    assert timeline.plot.hidden_note == "" and timeline.slider.isEnabled()
    assert PROOF_COLOUR.name() in plot_colours(timeline)


def test_a_pn2_classroom_entry_shows_its_second_level_and_keeps_the_joined_children(qtbot):
    lesson = next(
        lesson
        for lesson in LESSONS
        if lesson.params == CLASSROOM_PN2 and lesson.source.item == "WAC.001"
    )
    window = make_window(qtbot)
    window.classroom.open(lesson)
    assert "from iteration 2" in window.classroom.line.text()
    reports = []
    window.driver.stepped.connect(reports.append)
    deeper = []
    for _ in range(3):
        step(qtbot, window)
        ended = reports[-1].last(SecondLevelEnded)
        assert ended is not None
        deeper.append(ended.size - 1 - len(ended.kept))
        drawn = {
            i.node for i in window.tree_view.displayed_nodes() if i.kind == NODE and i.level == 1
        }
        shown = [child for child in ended.kept if child in drawn]
        assert len(shown) >= min(len(ended.kept), 5)
    assert deeper[1] > 0, "the second iteration's second level grew past its root's children"


def test_the_finale_note_of_a_pn2_proof_covers_no_stub(qtbot):
    window = make_window(qtbot, params=CLASSROOM_PN2)
    window.driver.run_to_end()
    qtbot.waitUntil(lambda: bool(window.result_panel.main_line), timeout=60000)
    qtbot.wait(20)
    view = window.tree_view
    note = view.line_note()
    if note is None:
        pytest.skip("the first level's line reaches the mate itself")
    box = note[1]
    for item in view.displayed_nodes():
        if item.kind in (FOLD, MORE):
            top_left = view.scene_to_widget(
                item.x - style.STUB_WIDTH / 2, item.y - style.STUB_HEIGHT / 2
            )
            bottom_right = view.scene_to_widget(
                item.x + style.STUB_WIDTH / 2, item.y + style.STUB_HEIGHT / 2
            )
            stub = QRectF(top_left, bottom_right)
            assert not box.intersects(stub)


def test_dag_pn_counts_its_transpositions_and_says_where_a_sum_counts_twice(qtbot):
    window = make_window(qtbot, params=SearchParams("dagpn"))
    step(qtbot, window, 21)
    search = window.driver.search
    assert search.transpositions > 0
    assert f"{search.transpositions} transpositions" in window.tree_view.caption_lines()[0]
    assert "can count" in window.narration.text() and "twice" in window.narration.text()


def test_dag_pn_finale_shows_the_mate_node(qtbot):
    window = make_window(qtbot, Source(SUITE, "wac-mates", "WAC.253"), SearchParams("dagpn"))
    window.driver.run_to_end()
    qtbot.waitUntil(lambda: bool(window.result_panel.main_line), timeout=120000)
    qtbot.wait(50)
    view = window.tree_view
    line = view._level1.line
    mate = next(i for i in view.displayed_nodes() if i.kind == NODE and i.node == line[-1])
    assert window.driver.search.tree.proof[mate.node] == 0
    assert view.drawing_area().contains(view.scene_to_widget(mate.x, mate.y))


def test_replay_back_says_what_the_iteration_did_and_no_not_solved_above_the_result(qtbot):
    window = make_window(qtbot)
    window.driver.run_to_end()
    qtbot.waitUntil(lambda: window.solution is not None, timeout=60000)
    timeline = window.timeline
    furthest = timeline.replay.furthest_iteration
    timeline.go_to(2)
    qtbot.waitUntil(lambda: not timeline.rewinding, timeout=30000)
    log = timeline.replay.log
    added = log.nodes[2] - log.nodes[1]
    text = window.narration.text()
    assert "Iteration 2 expanded at" in text and f"added {counted(added, 'node')}" in text
    headline = window.result_panel.headline.text()
    assert NOT_SOLVED not in headline
    assert f"Replay at iteration 2 of {furthest}" in headline and "proved" in headline
