"""The declared search contract: PN, Pn² and αβ are `Search`es, PN, Pn², DAG PN and df-pn are
`Stepper`s, each answers the second-level questions without probing, the stepper says when an
update is pending, and `Limits` is a plain value whose memory check lives where a cap is entered."""

from __future__ import annotations

import pytest

from pn_explorer.core.errors import InvalidLimitError
from pn_explorer.core.games.chess_game import ChessGame
from pn_explorer.core.games.explicit_tree import AndOrTree, ExplicitTreeGame
from pn_explorer.core.games.suites import BUILTIN_TREES, load_suite
from pn_explorer.core.search.algorithms import AlgorithmSpec, create_search, create_stepper
from pn_explorer.core.search.alphabeta import AlphaBetaMateSearch
from pn_explorer.core.search.contract import Search, Stepper
from pn_explorer.core.search.events import SecondLevelStepped
from pn_explorer.core.search.pn import ProofNumberSearch
from pn_explorer.core.search.pn2 import Pn2Search
from pn_explorer.core.search.types import ALWAYS_FITS, Limits, Phase, check_node_cap
from pn_explorer.core.tree import Tree
from pn_explorer.core.values import INF

WAC = {position.id: position for position in load_suite("wac-mates")}


def chess_game(position_id: str = "WAC.001") -> ChessGame:
    return ChessGame(WAC[position_id].board)


@pytest.mark.parametrize("name", ["pn", "pn2", "ab"])
def test_every_algorithm_is_a_search(name):
    search = create_search(AlgorithmSpec(name), chess_game(), Limits(max_nodes=1_000))
    assert isinstance(search, Search)
    assert search.run() is search.outcome
    assert search.nodes_created >= search.peak_nodes_in_memory >= 1


def test_pn_and_pn2_are_steppers_and_alphabeta_is_not():
    limits = Limits(max_nodes=1_000)
    assert isinstance(create_stepper(AlgorithmSpec("pn"), chess_game(), limits), Stepper)
    assert isinstance(create_stepper(AlgorithmSpec("pn2"), chess_game(), limits), Stepper)
    assert not isinstance(AlphaBetaMateSearch(chess_game(), limits), Stepper)
    with pytest.raises(InvalidLimitError):
        create_stepper(AlgorithmSpec("ab"), chess_game(), limits)


def test_one_level_searches_answer_the_second_level_questions():
    pn = ProofNumberSearch(chess_game())
    assert (pn.capabilities.two_levels, pn.second_level, pn.second_level_root) == (
        False,
        None,
        None,
    )
    assert pn.second_level_searches is None and isinstance(pn.tree, Tree)
    ab = AlphaBetaMateSearch(chess_game())
    assert ab.tree is None and ab.second_level_searches is None
    pn2 = Pn2Search(chess_game())
    assert pn2.capabilities.two_levels and pn2.second_level_searches == 0


def test_pn_step_into_is_a_phase_and_step_over_an_iteration():
    search = ProofNumberSearch(chess_game())
    assert search.step_into().phases == [Phase.SELECT]
    assert search.step_over().phases == [Phase.EXPAND, Phase.UPDATE]
    assert search.step_over().phases == [Phase.SELECT, Phase.EXPAND, Phase.UPDATE]


# -- update pending --------------------------------------------------------------------------------


def stale_nodes(tree: Tree) -> set[int]:
    """Expanded nodes whose numbers are not yet what their children give (Figure 3.3)."""
    stale = set()
    for node in range(len(tree)):
        children = tree.children(node)
        if not tree.is_expanded(node):
            continue
        proofs = [tree.proof[child] for child in children]
        disproofs = [tree.disproof[child] for child in children]
        if tree.is_or(node):
            expected = min(proofs), min(INF, sum(disproofs))
        else:
            expected = min(INF, sum(proofs)), min(disproofs)
        if tree.numbers(node) != expected:
            stale.add(node)
    return stale


def check_pending(stepper: Stepper) -> None:
    """Only the node just expanded may be stale, and only while the stepper says so."""
    stale = stale_nodes(stepper.tree)
    if stepper.update_pending:
        assert stale <= {stepper.selected_node}
        assert stepper.tree.is_expanded(stepper.selected_node) or stepper.capabilities.two_levels
    else:
        assert not stale


@pytest.mark.parametrize(
    "make",
    [
        lambda: ProofNumberSearch(
            ExplicitTreeGame(AndOrTree.from_file(BUILTIN_TREES["small-proof"]))
        ),
        lambda: ProofNumberSearch(chess_game(), Limits(max_nodes=1_500)),
        lambda: Pn2Search(chess_game(), Limits(max_nodes=1_500), a=300, b=100),
    ],
    ids=["pn-tree", "pn-chess", "pn2-chess"],
)
def test_update_pending_matches_the_trees_through_a_stepped_search(make):
    search = make()
    pending_seen = 0
    while search.outcome is None:
        report = search.step_into()
        check_pending(search)
        if search.update_pending:
            pending_seen += 1
            assert report.phases[-1] is Phase.EXPAND
        inner = search.second_level
        if inner is not None:
            check_pending(inner)
            if inner.update_pending:
                assert report.last(SecondLevelStepped).inner.phases[-1] is Phase.EXPAND
    assert pending_seen > 0 and not search.update_pending


# -- limits --------------------------------------------------------------------------------------


def test_limits_is_a_plain_value_and_the_cap_is_checked_where_it_is_entered():
    assert Limits(max_nodes=10**15).max_nodes == 10**15
    with pytest.raises(InvalidLimitError, match="free memory"):
        check_node_cap(10**15)
    check_node_cap(None)
    check_node_cap(ALWAYS_FITS)
