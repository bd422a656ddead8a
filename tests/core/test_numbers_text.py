"""Why a node has its numbers, in words (`core.explain.numbers_text`), checked against the engine's
own trees; and the advice that never offers what its own trend says will fail."""

from __future__ import annotations

from pn_explorer.core.explain.advice import cap_advice
from pn_explorer.core.explain.numbers_text import (
    dfpn_lines,
    leaf_text,
    mover_text,
    number_text,
    numbers_lines,
    plies_text,
    shared_sum_text,
    unchanged_text,
)
from pn_explorer.core.explain.trace import RootTrace
from pn_explorer.core.games.chess_game import ChessGame
from pn_explorer.core.games.explicit_tree import AndOrTree
from pn_explorer.core.games.suites import BUILTIN_TREES
from pn_explorer.core.search.dag_pn import DagProofNumberSearch
from pn_explorer.core.search.pn import ProofNumberSearch
from pn_explorer.core.search.snapshot import snapshot_search
from pn_explorer.core.search.types import ITERATION, Limits, Result
from pn_explorer.core.tree import ROOT
from pn_explorer.core.values import INF
from tests.helpers import wac


def names(search):
    game = search.game

    def label(node: int) -> str:
        return game.node_name(search.tree.move[node]) if node else "A"

    return label


def test_figure_3_1s_numbers_are_told_as_figure_3_3_gives_them():
    search = snapshot_search(AndOrTree.from_file(BUILTIN_TREES["figure-3-1"]))
    label = names(search)
    assert numbers_lines(search.tree, ROOT, label) == [
        "pn = 1: the smallest of its children's, from C",
        "dn = 3: the sum of its children's 1 + 2 + 0",
    ]
    b = next(c for c in search.tree.children(ROOT) if label(c) == "B")
    assert numbers_lines(search.tree, b, label) == [
        "pn = 2: the sum of its children's 1 + 1",
        "dn = 1: the smallest of its children's, from E",
    ]
    leaf = next(n for n in range(len(search.tree)) if label(n) == "K")
    assert leaf_text(search.tree, leaf).startswith("pn = 0, dn = ∞: proved")


def test_the_continued_figure_opens_as_the_figure_and_proves_its_root():
    figure = snapshot_search(AndOrTree.from_file(BUILTIN_TREES["figure-3-1"]))
    continued = snapshot_search(AndOrTree.from_file(BUILTIN_TREES["figure-3-1-continued"]))
    assert len(continued.tree) == len(figure.tree)
    assert [continued.tree.numbers(n) for n in range(len(figure.tree))] == [
        figure.tree.numbers(n) for n in range(len(figure.tree))
    ]
    assert continued.tree.most_proving_path() == figure.tree.most_proving_path()
    while continued.outcome is None:
        continued.step(ITERATION)
    assert continued.outcome.result is Result.PROVED
    assert figure.step(ITERATION).outcome.result is Result.UNKNOWN


def test_a_chess_leaf_says_its_mobility_and_an_unchanged_update_why():
    game = ChessGame(wac("WAC.001").board)
    search = ProofNumberSearch(game, Limits(max_nodes=10_000))
    search.step(ITERATION)
    tree = search.tree
    child = max(tree.children(ROOT), key=lambda c: tree.proof[c])
    text = leaf_text(tree, child)
    assert f"all of the defender's {tree.proof[child]} replies must be answered" in text
    said = unchanged_text(tree, ROOT, lambda n: "the root" if n == ROOT else f"#{n}")
    assert said.startswith("the root's children give it the numbers it already had as a leaf")
    assert f"dn = {tree.disproof[ROOT]}: the sum of its {len(tree.children(ROOT))} children's" in (
        said
    )
    assert mover_text(True, ("White", "Black")).startswith("OR node: White (the attacker) to move")
    assert mover_text(False).startswith("AND node: the defender to move")


def test_a_dag_link_says_where_a_sum_counts_a_position_twice():
    game = ChessGame(wac("WAC.001").board)
    search = DagProofNumberSearch(game, Limits(max_nodes=100_000))
    while not search.tree.extra_parents:
        search.step(ITERATION)
    tree = search.tree
    shared = next(iter(tree.extra_parents))
    parents = tree.parents(shared)
    text = shared_sum_text(tree, shared, lambda n: f"#{n}")
    first, newest = tree.path_to(parents[0]), tree.path_to(parents[-1])
    meet = max(n for n in first if n in newest)
    assert f"counts under {len(parents)} parents" in text and f"part at #{meet}" in text
    lines = numbers_lines(tree, parents[-1], lambda n: f"#{n}")
    assert any("counts a shared child once under each parent" in line for line in lines)


def test_dfpn_thresholds_and_plies_in_words():
    assert number_text(INF) == "∞" and number_text(INF - 119) == "∞−119"
    lines = dfpn_lines(False, (4, 2), (2, 4), (INF, INF - 3))
    assert "AND node: φ = dn, δ = pn" in lines[0]
    assert "φ_t = ∞, δ_t = ∞−3" in lines[1] and "∞−k" in lines[2]
    assert len(dfpn_lines(True, (1, 1), (1, 1), (5, 6))) == 2
    assert plies_text(0, 3) == "start (0 of 3 plies)"
    assert plies_text(3, 3) == "ply 3 of 3 (move 2)"


def test_a_levelling_proof_number_offers_no_larger_cap():
    levelling = RootTrace()
    for nodes, proof in ((10_000, 28), (14_000, 30), (20_000, 32), (28_000, 33)):
        levelling.record(nodes, proof, 100)
    trend = levelling.trend()
    assert trend.slope >= 0 and trend.exponent < 0.5
    advice = cap_advice(trend, 28_000, 28_000, 0.0)
    assert advice.options == "" and advice.settings == {} and "not 0" in advice.text
    falling = RootTrace()
    for nodes, proof in ((10_000, 50), (20_000, 40), (30_000, 30), (40_000, 20)):
        falling.record(nodes, proof, 100)
    offered = cap_advice(falling.trend(), 40_000, 40_000, 0.0)
    assert offered.settings == {"max_nodes": 75_000}
    assert offered.button == "Raise the node cap to 75,000"
