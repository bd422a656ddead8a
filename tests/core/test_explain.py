"""The explanation of a search (core.explain) on hand-made trees with known answers, on chess,
and through `solve --explain`."""

from __future__ import annotations

import json

import chess
import chess.polyglot
import networkx as nx
import pytest

from pn_explorer.core.cli.main import main
from pn_explorer.core.cli.output import EXIT_UNKNOWN
from pn_explorer.core.explain.advice import cap_advice, depth_advice, dfpn_advice, round_up
from pn_explorer.core.explain.effort import TreeShape
from pn_explorer.core.explain.explain import explain, explaining_searches
from pn_explorer.core.explain.trace import RootTrace, run_traced
from pn_explorer.core.explain.transpositions import (
    Transpositions,
    count_transpositions,
    position_and_clock_key,
)
from pn_explorer.core.games.chess_game import ChessGame, decode_move
from pn_explorer.core.games.explicit_tree import AndOrTree
from pn_explorer.core.generators import finish
from pn_explorer.core.search.pn import ProofNumberSearch
from pn_explorer.core.search.snapshot import snapshot_search
from pn_explorer.core.search.types import Limits, StopReason
from pn_explorer.core.tree import ROOT
from tests.helpers import tree_columns, wac


def _tree(edges: dict[str, list[str]], types: dict[str, str], values: dict[str, object]):
    graph = nx.DiGraph(name="held")
    for parent, children in edges.items():
        graph.add_node(parent, type=types[parent])
        for child in children:
            graph.add_node(child, **({"value": values[child]} if child in values else {}))
            graph.add_edge(parent, child)
    for node, kind in types.items():
        graph.nodes[node]["type"] = kind
    return AndOrTree.from_graph(graph)


HELD = _tree(
    {
        "A": ["B", "C", "D"],
        "B": ["B1", "B2", "B3", "B4"],
        "C": ["C1", "C2"],
        "C1": ["C1a", "C1b", "C1c"],
        "D": ["D1"],
    },
    {"A": "OR", "B": "AND", "C": "AND", "C1": "OR", "D": "AND"},
    {"B1": True, "C1a": False, "C1b": False, "D1": False},
)
"""By hand (unit initialisation): B 3/1, C1 1/1, C 2/1, D ∞/0, A 2/2; the most-proving path
A–C–C1–C1c; 14 nodes: C 6, B 5, D 2 (and the root)."""


def _node(search: ProofNumberSearch, path: str) -> int:
    node = ROOT
    for name in path.split("-")[1:]:
        node = next(
            c
            for c in search.tree.children(node)
            if search.game.node_name(search.tree.move[c]) == name
        )
    return node


def test_effort_per_root_move_on_a_hand_made_tree():
    search = snapshot_search(HELD)
    found = explain(search)
    assert found.nodes == 14 and found.max_ply == 3
    rows = [
        (r.move, r.nodes, r.proof, r.disproof, r.deepest_ply, r.deepest_line) for r in found.effort
    ]
    assert rows == [
        ("C", 6, 2, 1, 3, "A → C → C1 → C1a"),
        ("B", 5, 3, 1, 2, "A → B → B1"),
        ("D", 2, search.tree.proof[_node(search, "A-D")], 0, 2, "A → D → D1"),
    ]
    assert [round(r.share, 4) for r in found.effort] == [
        round(6 / 14, 4),
        round(5 / 14, 4),
        round(2 / 14, 4),
    ]


def test_what_holds_the_proof_number_up_on_a_hand_made_tree():
    search = snapshot_search(HELD)
    held = explain(search).hold_up
    assert held.root_proof == 2
    assert held.path == [_node(search, p) for p in ("A", "A-C", "A-C-C1", "A-C-C1-C1c")]
    (defence,) = held.defences
    assert (defence.node, defence.ply, defence.replies, defence.open_replies) == (
        _node(search, "A-C"),
        2,
        2,
        2,
    )
    assert defence.off_path_proof == 1 and [r.move for r in defence.dominant] == ["C2"]
    assert defence.off_path_proof + held.leaf_proof == held.root_proof
    assert defence.sentence == (
        "The attacker's attack after A → C is held up by the defender's 2 replies at ply 2; "
        "2 of them are still open. Besides the most-proving reply C1, they carry 1 of the root's "
        "proof number 2, most of it C2 (1) (proof numbers)."
    )
    root, inner = held.narrow
    assert (root.tries, root.refuted, root.nearly_refuted, root.best.move) == (3, 1, 2, "C")
    assert (inner.ply, inner.tries, inner.refuted, inner.nearly_refuted) == (3, 3, 2, 1)
    assert inner.best.move == "C1c"
    assert root.sentence.startswith("At the root the attacker has 3 tries at ply 1: 1 is refuted")


def test_a_solved_tree_still_has_its_effort_and_nothing_held_up():
    search = snapshot_search(_tree({"A": ["B", "C"]}, {"A": "OR"}, {"B": False, "C": True}))
    found = explain(search)
    assert found.result == "proved" and found.suggestions == []
    assert [r.move for r in found.effort] == ["B", "C"] and found.hold_up.defences == []
    assert "proved: nothing holds it up" in found.hold_up.summary


@pytest.fixture(scope="module")
def wac096():
    position = wac("WAC.096")
    search = ProofNumberSearch(ChessGame(position.board), Limits(max_nodes=20_000))
    trace = RootTrace()
    run_traced(search, trace)
    return search, trace, position


def test_a_traced_run_creates_exactly_the_nodes_of_a_plain_run(wac096):
    search, trace, position = wac096
    plain = ProofNumberSearch(ChessGame(position.board), Limits(max_nodes=20_000))
    plain.run()
    assert plain.nodes_created == search.nodes_created and plain.iterations == search.iterations
    assert tree_columns(plain.tree) == tree_columns(search.tree)
    assert trace.points[-1] == (len(search.tree), *search.tree.numbers(ROOT))
    assert len(trace.points) > 4


def test_chess_effort_matches_the_tree(wac096):
    search, trace, position = wac096
    found = explain(search, trace, position.mate_length)
    tree = search.tree
    assert sorted(r.node for r in found.effort) == list(tree.children(ROOT))
    for row in found.effort:
        assert row.nodes == tree.subtree_size(row.node)
        assert (row.proof, row.disproof) == tree.numbers(row.node)
        assert row.move == search.game.san_line([tree.move[row.node]])[0]
        assert row.deepest_line.startswith(f"1. {row.move}")
    assert sum(r.nodes for r in found.effort) + 1 == len(tree)
    assert [r.nodes for r in found.effort] == sorted((r.nodes for r in found.effort), reverse=True)


def test_the_root_proof_number_splits_along_the_path(wac096):
    search, trace, _ = wac096
    tree = search.tree
    held = explain(search, trace).hold_up
    path = held.path
    assert path == tree.most_proving_path()
    off_path = {
        node: tree.proof[node] - tree.proof[below]
        for node, below in zip(path, path[1:], strict=False)
        if not tree.is_or(node)
    }
    assert sum(off_path.values()) + tree.proof[path[-1]] == tree.proof[ROOT]
    for defence in held.defences:
        assert defence.off_path_proof == off_path[defence.node]
        assert defence.replies == len(tree.children(defence.node))
        assert defence.open_replies == sum(
            not tree.is_solved(c) for c in tree.children(defence.node)
        )
        assert f"Black's {defence.replies} replies at ply {defence.ply}" in defence.sentence
    if held.defences:
        assert held.defences[0].off_path_proof == max(off_path.values())
    else:
        assert tree.proof[path[-1]] == tree.proof[ROOT]
        assert "Black has 33 replies there" in held.summary


def test_transpositions_counted_with_polyglot_hashes(wac096):
    search, _, position = wac096
    tree = search.tree
    found = finish(count_transpositions(tree, search.game, sample=3000))
    hashes = set()
    for node in range(3000):
        board = position.board.copy(stack=False)
        for code in tree.moves_to(node):
            board.push(decode_move(code))
        hashes.add(chess.polyglot.zobrist_hash(board))
    assert (found.looked_at, found.distinct) == (3000, len(hashes))


def test_transpositions_counted_with_the_halfmove_clock_as_dag_pn_merges(wac096):
    search, _, position = wac096
    tree = search.tree
    key = position_and_clock_key
    found = finish(count_transpositions(tree, search.game, sample=3000, key=key))
    identities = set()
    for node in range(3000):
        board = position.board.copy(stack=False)
        for code in tree.moves_to(node):
            board.push(decode_move(code))
        identities.add((chess.polyglot.zobrist_hash(board), board.halfmove_clock))
    assert (found.looked_at, found.distinct) == (3000, len(identities))


def test_the_chess_suggestions_are_computed_from_the_run(wac096):
    search, trace, position = wac096
    found = explain(search, trace, position.mate_length)
    kinds = [s.kind for s in found.suggestions]
    assert kinds == ["cap", "pn2", "ab", "dfpn"]
    pn2 = found.suggestions[1]
    assert pn2.options == "--algo pn2 --max-nodes 20000 --a 40000 --b 5333"
    ab = found.suggestions[2]
    assert ab.options == f"--algo ab --depth {max(position.mate_length, 2)}"


def test_cap_advice_follows_the_trend():
    falling = RootTrace()
    for nodes, proof in ((10_000, 50), (20_000, 40), (30_000, 30), (40_000, 20)):
        falling.record(nodes, proof, 100)
    trend = falling.trend()
    assert trend.slope == pytest.approx(-0.001)
    advice = cap_advice(trend, 40_000, 40_000, 0.0)
    assert advice.options == f"--max-nodes {round_up(1.25 * 60_000)}" == "--max-nodes 75000"
    assert "reaches 0 near 60,000 nodes" in advice.text
    rising = RootTrace()
    for nodes in (10_000, 20_000, 40_000, 80_000):
        rising.record(nodes, nodes // 100, 100)
    steep = cap_advice(rising.trend(), 80_000, 80_000, 0.0)
    assert steep.options == "" and "×2.00 per doubling" in steep.text
    assert cap_advice(None, 1000, 1000, 0.0).options == "--max-nodes 4000"


def test_depth_and_dfpn_advice():
    shape = TreeShape(100, [], 9, 4)
    advice = depth_advice(shape, leaf_ply=9, leaf_is_or=False, known=None, attacker_first=True)
    assert "no mate in 2 or fewer" in advice.text and advice.options == "--algo ab --depth 6"
    # The defender moves first (`bm #-N`): ply 5 holds two attacker moves, not three.
    odd = TreeShape(100, [], 9, 5)
    first = depth_advice(odd, leaf_ply=9, leaf_is_or=False, known=None, attacker_first=True)
    second = depth_advice(odd, leaf_ply=9, leaf_is_or=True, known=None, attacker_first=False)
    assert "no mate in 3 or fewer" in first.text and "no mate in 2 or fewer" in second.text
    assert "at least 5 moves" in second.text
    assert dfpn_advice(Transpositions(1000, 700), 5000).options == "--algo dfpn --max-nodes 5000"
    assert dfpn_advice(Transpositions(1000, 950), 5000).options == ""


def test_solve_explain_prints_the_analysis(capsys):
    args = ["solve", "--epd", "wac-mates", "--id", "WAC.096", "--max-nodes", "20000"]
    assert main([*args, "--explain"]) == EXIT_UNKNOWN
    out = capsys.readouterr().out
    assert "Result     unknown (memory)" in out
    assert "Effort     " in out and "Held up    The root's proof number is" in out
    assert "Try        · " in out and "--algo pn2 --max-nodes 20000" in out
    assert main([*args, "--explain", "--json"]) == EXIT_UNKNOWN
    data = json.loads(capsys.readouterr().out)
    explained = data["explain"]
    assert explained["nodes"] == data["nodes_in_memory"]
    assert sum(row["nodes"] for row in explained["effort"]) + 1 == explained["nodes"]
    assert [s["kind"] for s in explained["suggestions"]] == ["cap", "pn2", "ab", "dfpn"]
    assert main([*args, "--json"]) == EXIT_UNKNOWN
    assert "explain" not in json.loads(capsys.readouterr().out)


def test_solve_explain_on_a_tree_and_refused_for_ab(capsys):
    assert main(["solve", "--tree", "figure-3-1", "--explain"]) == EXIT_UNKNOWN
    out = capsys.readouterr().out
    assert "A → C → G" in out and "The attacker's attack after A → B" in out
    assert main(["solve", "--epd", "wac-mates", "--id", "1", "--algo", "ab", "--explain"]) == 2
    explaining = explaining_searches()
    assert {"pn", "pn2", "dagpn", "dfpn"} <= set(explaining.replace(" or ", ", ").split(", "))
    assert f"--explain needs a search that explains itself ({explaining})" in (
        capsys.readouterr().err
    )


def test_a_run_stopped_by_time_is_told_how_long_to_run():
    advice = cap_advice(None, 500_000, 4_500, 4_500.0, StopReason.TIME)
    assert advice.options == "--time 5" and "18,000 nodes" in advice.text
    assert "about 4 s at this run's 4,500 nodes/s" in advice.text
    bigger = cap_advice(None, 10_000, 10_000, 50_000.0, StopReason.TIME)
    assert bigger.options == "--max-nodes 40000 --time 1"
    assert "under a second" in bigger.text


def test_a_traced_pn2_run_creates_exactly_the_nodes_of_a_plain_run():
    from pn_explorer.core.search.pn2 import Pn2Search

    position = wac("WAC.014")
    runs = []
    for traced in (False, True):
        search = Pn2Search(ChessGame(position.board), Limits(max_nodes=3000), a=300, b=100)
        trace = RootTrace()
        run_traced(search, trace) if traced else search.run()
        runs.append((search.nodes_created, search.iterations, tree_columns(search.tree)))
    assert runs[0] == runs[1]
    assert len(trace.points) > search.iterations // 2
