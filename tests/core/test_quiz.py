"""The quiz's right answers are the engine's own steps: on every iteration of several searches
(to the end, on small-proof, every lesson tree and seeded random trees, and on chess) the quiz's
selection equals what an independent plain stepper selects, and its numbers are the engine's after
every update; the explanations use the tree's numbers."""

import pytest

from pn_explorer.core.errors import InvalidAnswerError
from pn_explorer.core.games.chess_game import ChessGame
from pn_explorer.core.games.explicit_tree import AndOrTree, ExplicitTreeGame
from pn_explorer.core.games.suites import BUILTIN_TREES, load_suite
from pn_explorer.core.games.tree_catalog import load_tree
from pn_explorer.core.inputs.answers import parse_number_answer
from pn_explorer.core.quiz.explain import numbers_why, search_labeller, selection_why
from pn_explorer.core.quiz.session import NUMBERS, SELECTION, Quiz, Score
from pn_explorer.core.search.defaults import MOBILITY, UNIT
from pn_explorer.core.search.pn import ProofNumberSearch
from pn_explorer.core.search.pn2 import Pn2Search
from pn_explorer.core.search.snapshot import snapshot_search
from pn_explorer.core.search.types import Limits, Phase, Result
from pn_explorer.core.values import INF

WAC = {position.id: position for position in load_suite("wac-mates")}
LESSONS = [name for name in BUILTIN_TREES if name.startswith("lesson-")]
RANDOM_TREES = [
    "random:depth=6,branching=2-4,true=0.4,seed=1",
    "random:depth=7,branching=2-3,true=0.5,seed=7",
    "random:depth=5,branching=3-5,true=0.3,seed=42",
    "random:depth=8,branching=2,true=0.6,root=and,seed=3",
]


def tree_pair(name):
    tree = AndOrTree.from_file(BUILTIN_TREES[name])
    return (
        ProofNumberSearch(ExplicitTreeGame(tree)),
        ProofNumberSearch(ExplicitTreeGame(AndOrTree.from_file(BUILTIN_TREES[name]))),
    )


def chess_pair(position_id, iterations):
    limits = Limits(max_nodes=200_000, max_iterations=iterations)
    board = WAC[position_id].board
    return (
        ProofNumberSearch(ChessGame(board.copy()), limits),
        ProofNumberSearch(ChessGame(board.copy()), limits),
    )


def pn2_pair(position_id, iterations):
    def make():
        return Pn2Search(
            ChessGame(WAC[position_id].board.copy()),
            Limits(max_nodes=5_000, max_iterations=iterations),
            a=300,
            b=100,
        )

    return make(), make()


def play_side_by_side(quizzed, plain, wrong_every=3):
    """Step both searches to the end, the quizzed one only through the quiz's questions and its
    own phases; compare every answer with the plain stepper's step. Returns the quiz."""
    quiz = Quiz(quizzed)
    counts = {SELECTION: 0, NUMBERS: 0}
    while quizzed.outcome is None:
        if quizzed.next_phase is Phase.EXPAND:
            quizzed.step_phase()
            continue
        if quiz.can_ask_selection:
            question = quiz.ask_selection()
            expected = plain.step_phase()
            if question is None:
                assert expected.outcome == quizzed.outcome
                break
            assert question.kind == SELECTION
            assert question.node == expected.path[-1] == plain.selected_node
            assert question.path == expected.path
            counts[SELECTION] += 1
            chosen = question.node if counts[SELECTION] % wrong_every else 0
            if chosen == question.node == 0:
                chosen = question.node
            grade = quiz.grade_selection(chosen)
            assert grade.right == (chosen == question.node)
            while plain.outcome is None and (
                plain.next_phase is Phase.EXPAND or plain.second_level is not None
            ):
                plain.step_phase()
            continue
        assert quiz.can_ask_numbers
        question = quiz.ask_numbers()
        expected = plain.step_phase()
        assert Phase.UPDATE in expected.phases
        assert quiz.hidden.changed == expected.changed
        changed = {change.node: change for change in expected.changed}
        for node, change in changed.items():
            new = (change.new_proof, change.new_disproof)
            assert quizzed.tree.numbers(node) == plain.tree.numbers(node) == new
        if question is None:
            assert not changed
            continue
        counts[NUMBERS] += 1
        assert question.node in changed
        assert (
            question.answer
            == plain.tree.numbers(question.node)
            == (
                changed[question.node].new_proof,
                changed[question.node].new_disproof,
            )
        )
        assert question.answer == quizzed.tree.numbers(question.node)
        assert question.before == (
            changed[question.node].old_proof,
            changed[question.node].old_disproof,
        )
        assert question.shown_before == {
            node: (change.old_proof, change.old_disproof) for node, change in changed.items()
        }
        grade = quiz.grade_numbers(*question.answer)
        assert grade.right
    assert quizzed.outcome == plain.outcome
    assert quizzed.nodes_created == plain.nodes_created
    assert quizzed.iterations == plain.iterations
    assert quiz.score.asked == counts[SELECTION] + counts[NUMBERS]
    return quiz, counts


@pytest.mark.parametrize(("name", "solved"), [("small-proof", True), ("figure-3-1", False)])
def test_every_answer_on_a_tree_file_is_the_engines_step(name, solved):
    """Figure 3.1's file searched from its root stops where the file does (its frontier)."""
    quizzed, plain = tree_pair(name)
    quiz, counts = play_side_by_side(quizzed, plain)
    assert counts[SELECTION] >= quizzed.iterations >= 3
    assert quizzed.outcome.solved is solved


@pytest.mark.parametrize("initialisation", [MOBILITY, UNIT])
@pytest.mark.parametrize("name", ["small-proof", *LESSONS, *RANDOM_TREES])
def test_every_answer_to_the_end_of_a_full_search_is_the_engines_step(name, initialisation):
    """Lesson and seeded random trees, searched until the root is proved or disproved."""

    def search():
        return ProofNumberSearch(ExplicitTreeGame(load_tree(name)), initialisation=initialisation)

    quizzed, plain = search(), search()
    quiz, counts = play_side_by_side(quizzed, plain)
    assert quizzed.outcome.result in (Result.PROVED, Result.DISPROVED)
    assert plain.root_numbers == quizzed.root_numbers
    assert counts[SELECTION] == quizzed.iterations
    assert counts[NUMBERS] > 0
    assert quiz.score.right == quiz.score.asked - counts[SELECTION] // 3


def test_figure_3_1_snapshot_asks_for_l():
    tree = AndOrTree.from_file(BUILTIN_TREES["figure-3-1"])
    search = snapshot_search(tree)
    plain = snapshot_search(AndOrTree.from_file(BUILTIN_TREES["figure-3-1"]))
    quiz = Quiz(search)
    question = quiz.ask_selection()
    assert question.node == plain.step_phase().path[-1]
    assert quiz.label(question.node) == "L"
    grade = quiz.grade_selection(question.node)
    assert grade.right
    assert grade.why.startswith(
        "At OR node A the smallest proof number among its 3 children is 1 (C), so C's branch "
        "is followed. At OR node C the smallest proof number among its 2 children is 1 (G)"
    )
    assert "At AND node G the smallest disproof number among its 2 children is 1 (L)" in grade.why


def test_a_chess_search_for_three_hundred_iterations():
    quizzed, plain = chess_pair("WAC.014", 300)
    quiz, counts = play_side_by_side(quizzed, plain)
    assert counts[SELECTION] == quizzed.iterations == 300
    assert counts[NUMBERS] > 100
    assert quiz.score.right == quiz.score.asked - counts[SELECTION] // 3


def test_a_chess_search_to_its_mate():
    quizzed, plain = chess_pair("WAC.001", None)
    play_side_by_side(quizzed, plain)
    assert quizzed.outcome.solved and quizzed.nodes_created == 4275


def test_a_pn2_search_with_second_level_searches():
    quizzed, plain = pn2_pair("WAC.014", 40)
    play_side_by_side(quizzed, plain)
    assert quizzed.second_level_searches == plain.second_level_searches == quizzed.iterations
    assert len(quizzed.tree) > 300
    assert quizzed.nodes_discarded == plain.nodes_discarded > 0


def test_a_wrong_click_says_where_the_walk_goes_instead():
    search, _ = tree_pair("small-proof")
    quiz = Quiz(search)
    for _ in range(2):
        quiz.ask_selection()
        quiz.grade_selection(quiz.question.node)
        search.step_phase()
        quiz.ask_numbers()
        if quiz.question is not None:
            quiz.grade_numbers(*quiz.question.answer)
    question = quiz.ask_selection()
    tree = search.tree
    wrong = next(
        child
        for child in tree.children(0)
        if child not in question.path and not tree.is_solved(child)
    )
    grade = quiz.grade_selection(wrong)
    assert not grade.right
    label = quiz.label
    right_child = question.path[1]
    assert grade.verdict.startswith(
        f"Wrong: you chose {label(wrong)}; the most-proving node is {label(question.node)}."
    )
    assert (
        f"At OR node A the walk goes to {label(right_child)}: {label(right_child)} has proof "
        f"number {tree.proof[right_child]}, {label(wrong)} {tree.proof[wrong]}."
    ) in grade.verdict
    assert quiz.score == Score(
        asked=quiz.score.right + 1, right=quiz.score.right, streak=0, best_streak=quiz.score.right
    )


def test_numbers_why_sums_and_minimises_the_childrens_numbers():
    search, _ = tree_pair("small-proof")
    search.step_iteration()
    label = search_labeller(search)
    text = numbers_why(search.tree, 0, label)
    proofs = [search.tree.proof[c] for c in search.tree.children(0)]
    disproofs = [search.tree.disproof[c] for c in search.tree.children(0)]
    assert text.startswith("A is an OR node (3 children): its proof number is the smallest")
    assert f"min({', '.join(map(str, proofs))}) = {min(proofs)}" in text
    assert f"{' + '.join(map(str, disproofs))} = {sum(disproofs)}." in text
    assert selection_why(search.tree, [0], label) == (
        "The root is not expanded yet: it is the most-proving node."
    )


def test_a_wrong_numbers_answer_is_graded_wrong_and_the_score_counts_it():
    search, _ = tree_pair("small-proof")
    quiz = Quiz(search)
    while True:
        quiz.ask_selection()
        quiz.grade_selection(quiz.question.node)
        search.step_phase()
        if quiz.ask_numbers() is not None:
            break
    proof, disproof = quiz.question.answer
    grade = quiz.grade_numbers(proof + 1, disproof)
    assert not grade.right
    assert grade.verdict.startswith(f"Wrong: you said {proof + 1}/")
    assert quiz.score.asked == quiz.score.right + 1 and quiz.score.streak == 0
    assert quiz.score.best_streak >= 1


def test_asking_out_of_turn_is_refused():
    search, _ = tree_pair("small-proof")
    quiz = Quiz(search)
    with pytest.raises(RuntimeError):
        quiz.ask_numbers()
    with pytest.raises(RuntimeError):
        quiz.grade_selection(0)
    quiz.ask_selection()
    with pytest.raises(RuntimeError):
        quiz.grade_numbers(1, 1)


def test_a_limit_reached_at_the_selection_asks_nothing():
    tree = AndOrTree.from_file(BUILTIN_TREES["small-proof"])
    search = ProofNumberSearch(ExplicitTreeGame(tree), Limits(max_iterations=1))
    quiz = Quiz(search)
    quiz.ask_selection()
    quiz.grade_selection(quiz.question.node)
    search.step_phase()
    quiz.ask_numbers()
    assert quiz.ask_selection() is None
    assert quiz.take_hidden().outcome == search.outcome is not None
    assert quiz.take_hidden() is None


@pytest.mark.parametrize(
    ("text", "value"), [("3", 3), (" 0 ", 0), ("∞", INF), ("inf", INF), ("1,024", 1024)]
)
def test_typed_numbers(text, value):
    assert parse_number_answer(text, "proof number") == value


@pytest.mark.parametrize("text", ["", "-1", "two", "1.5", "٣", "9" * 5000])
def test_typed_numbers_that_are_not_numbers_are_refused_by_name(text):
    with pytest.raises(InvalidAnswerError, match="proof number"):
        parse_number_answer(text, "proof number")


def test_a_click_below_the_most_proving_node_says_the_walk_stopped_above_it():
    """The window may show the step's new children before the answer (found by the random-action
    run): a click on one is graded, not a crash."""
    search, _ = tree_pair("small-proof")
    quiz = Quiz(search)
    question = quiz.ask_selection()
    search.step_phase()
    child = search.tree.children(question.node)[0]
    grade = quiz.grade_selection(child)
    assert not grade.right
    assert grade.verdict.endswith(
        f"{quiz.label(child)} lies below {quiz.label(question.node)}, which was still a leaf "
        f"when the walk chose it: the walk stops at the first leaf it reaches."
    )
