"""DAG PN as a Stepper: stepping phase by phase creates exactly what `run` creates, each update
reaches every parent of a shared node, and the spanning tree views read is the graph's."""

from __future__ import annotations

from pn_explorer.core.games.chess_game import ChessGame
from pn_explorer.core.games.suites import find_position, load_suite
from pn_explorer.core.proofs.proof import main_line_nodes
from pn_explorer.core.search.algorithms import AlgorithmSpec, create_stepper
from pn_explorer.core.search.contract import Stepper
from pn_explorer.core.search.dag_pn import DagProofNumberSearch
from pn_explorer.core.search.events import Linked
from pn_explorer.core.search.numbers import saturated_sum
from pn_explorer.core.search.types import Limits, Phase, Result
from pn_explorer.core.tree import ROOT


def wac(position_id: str) -> ChessGame:
    return ChessGame(find_position(load_suite("wac-mates"), position_id).board)


def consistent(search: DagProofNumberSearch, node: int) -> bool:
    """Figure 3.3 holds at `node` over all its children, shared ones included."""
    tree = search.tree
    children = tree.successors(node)
    proofs = [tree.proof[child] for child in children]
    disproofs = [tree.disproof[child] for child in children]
    if tree.is_or(node):
        return tree.numbers(node) == (min(proofs), saturated_sum(disproofs))
    return tree.numbers(node) == (saturated_sum(proofs), min(disproofs))


def test_stepping_creates_what_run_creates() -> None:
    """Today's counts (WAC.001: 4,040 nodes, 126 iterations, 32 links) by run and by phases."""
    for position_id, nodes, iterations in (("WAC.001", 4_040, 126), ("WAC.253", 1_183, 82)):
        ran = DagProofNumberSearch(wac(position_id), Limits())
        ran.run()
        stepped = create_stepper(AlgorithmSpec("dagpn"), wac(position_id), Limits())
        assert isinstance(stepped, Stepper)
        while stepped.outcome is None:
            stepped.step_phase()
        for search in (ran, stepped):
            assert (search.nodes_created, search.iterations) == (nodes, iterations)
            assert search.outcome.result is Result.PROVED
        assert stepped.transpositions == ran.transpositions > 0
        assert list(stepped.tree.proof) == list(ran.tree.proof)
        assert list(stepped.tree.edge_child) == list(ran.tree.edge_child)


def test_run_resumes_an_iteration_a_step_left_halfway() -> None:
    search = DagProofNumberSearch(wac("WAC.001"), Limits())
    for _ in range(40):
        search.step_iteration()
    search.step_phase()
    search.step_phase()
    assert search.next_phase is Phase.UPDATE and search.update_pending
    search.run()
    assert (search.nodes_created, search.iterations) == (4_040, 126)


def test_each_update_reaches_every_parent_of_a_shared_node() -> None:
    """After every UPDATE phase, every node of the graph satisfies Figure 3.3 over all its
    children; and some update changes a shared node and, through it, its second parent."""
    search = DagProofNumberSearch(wac("WAC.001"), Limits())
    through_second_parent = 0
    while search.outcome is None:
        report = search.step_iteration()
        changed = {change.node for change in report.changed}
        for change in report.changed:
            parents = search.parents(change.node)
            if len(parents) > 1 and parents[1] in changed:
                through_second_parent += 1
        tree = search.tree
        if search.outcome is None:
            expanded = [node for node in range(len(tree)) if tree.successors(node)]
            assert all(consistent(search, node) for node in expanded)
    assert through_second_parent > 0


def test_reports_name_the_path_the_new_and_the_linked_children() -> None:
    search = DagProofNumberSearch(wac("WAC.001"), Limits())
    linked_seen = 0
    while search.outcome is None:
        select = search.step_phase()
        if search.outcome is not None:
            break
        assert select.path == search.tree.most_proving_path()
        assert select.path[-1] == search.selected_node
        expand = search.step_phase()
        made = [child for child, _, _ in expand.new_children]
        children = search.children(search.selected_node)
        event = expand.last(Linked)
        linked = list(event.children) if event is not None else []
        assert event is None or event.node == search.selected_node
        assert sorted(made + linked) == sorted(children)
        for child in linked:
            assert search.selected_node in search.parents(child)[1:]
            linked_seen += 1
        search.step_phase()
    assert linked_seen == search.transpositions


def test_spanning_tree_puts_each_node_under_its_first_parent() -> None:
    search = DagProofNumberSearch(wac("WAC.001"), Limits())
    search.run()
    tree = search.tree
    for node in range(1, len(tree)):
        first = search.parents(node)[0]
        assert tree.parent[node] == first
        assert node in tree.children(first)
    line = main_line_nodes(tree)
    assert line[0] == ROOT and tree.proof[line[-1]] == 0
    proof_line = search.proof().main_line()
    assert [
        dict(map(reversed, tree.edges(a)))[b] for a, b in zip(line, line[1:], strict=False)
    ] == proof_line
