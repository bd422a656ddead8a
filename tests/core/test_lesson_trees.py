"""Each built-in lesson tree makes a point; these tests check the point against the engine."""

import pytest

from pn_explorer.core.games.explicit_tree import ExplicitTreeGame
from pn_explorer.core.games.suites import BUILTIN_TREES
from pn_explorer.core.games.tree_catalog import load_tree, tree_points
from pn_explorer.core.search.defaults import MOBILITY, UNIT
from pn_explorer.core.search.pn import ProofNumberSearch
from pn_explorer.core.search.types import Result
from pn_explorer.core.tree import ROOT
from pn_explorer.core.values import INF

LESSONS = [name for name in BUILTIN_TREES if name.startswith("lesson-")]


def _search(name: str, initialisation: str = MOBILITY) -> ProofNumberSearch:
    return ProofNumberSearch(ExplicitTreeGame(load_tree(name)), initialisation=initialisation)


def _name(search: ProofNumberSearch, node: int) -> str:
    moves = search.tree.moves_to(node)
    return search.game.node_name(moves[-1]) if moves else search.game.tree.nodes[0].name


def _selections(search: ProofNumberSearch) -> list[str]:
    """The name of the most-proving node each iteration selects, until the search ends."""
    names = []
    while search.outcome is None:
        report = search.step_iteration()
        names.append(_name(search, report.path[-1]))
    return names


def test_there_are_five_lessons_each_with_its_point():
    assert len(LESSONS) == 5
    points = tree_points()
    for name in LESSONS:
        assert points[name] and points[name] != name
        assert load_tree(name).nodes[0].children


@pytest.mark.parametrize("name", LESSONS)
def test_every_lesson_tree_is_solved_by_pn_with_either_initialisation(name):
    for initialisation in (MOBILITY, UNIT):
        search = _search(name, initialisation)
        assert search.run().result in (Result.PROVED, Result.DISPROVED)


def test_the_most_proving_node_is_not_the_shallowest():
    search = _search("lesson-not-shallowest")
    tree = search.tree
    deeper = []
    while search.outcome is None:
        report = search.step_iteration()
        if search.outcome is not None:
            break
        selected = tree.most_proving_path()[-1]
        leaves = [n for n in range(len(tree)) if not tree.is_expanded(n) and not tree.is_solved(n)]
        shallowest = min(len(tree.path_to(n)) for n in leaves)
        if len(tree.path_to(selected)) > shallowest:
            deeper.append(_name(search, selected))
        assert report.iteration_done
    assert deeper == ["D", "E"]
    by_name = {_name(search, n): n for n in range(len(tree))}
    assert search.outcome.result is Result.PROVED
    assert not tree.is_expanded(by_name["B"])


def test_one_false_child_disproves_an_and_node():
    search = _search("lesson-one-false-child")
    assert _selections(search)[:2] == ["A", "B"]
    tree = search.tree
    by_name = {_name(search, n): n for n in range(len(tree))}
    assert tree.numbers(by_name["B"]) == (INF, 0)
    assert [tree.numbers(by_name[child]) for child in ("B1", "B2")] == [(0, INF), (0, INF)]
    assert search.outcome.result is Result.PROVED


def test_mobility_initialisation_picks_a_different_path_than_unit():
    unit, mobility = _search("lesson-mobility", UNIT), _search("lesson-mobility", MOBILITY)
    assert _selections(unit)[1] == "B"
    assert _selections(mobility)[1] == "C"


def test_a_deep_narrow_proof_beats_a_wide_shallow_one():
    search = _search("lesson-deep-narrow")
    assert search.run().result is Result.PROVED
    line = [search.game.node_name(move) for move in search.proof().main_line()]
    assert line == ["N1", "N2", "N3", "N4", "N5", "N6"]
    by_name = {_name(search, n): n for n in range(len(search.tree))}
    assert not search.tree.is_expanded(by_name["W"])


def test_disproving_an_or_node_needs_every_child():
    search = _search("lesson-every-child")
    tree = search.tree
    while search.outcome is None:
        search.step_iteration()
        if tree.is_expanded(ROOT) and search.outcome is None:
            assert tree.numbers(ROOT)[1] > 0
            assert any(tree.numbers(c)[1] > 0 for c in tree.children(ROOT))
    assert search.outcome.result is Result.DISPROVED
    assert all(tree.numbers(c) == (INF, 0) for c in tree.children(ROOT))
