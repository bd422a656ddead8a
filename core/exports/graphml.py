"""A search tree as GraphML through networkx, for Gephi, yEd or any graph tool.

The whole tree, or its first `max_nodes` nodes breadth-first (the root's neighbourhood, as the
tree view shows it first), or any set of nodes closed under parents (the part the tree view
draws). Every node carries its proof and disproof numbers (`pn`, `dn`; ∞ is
written as the graph's `infinity` value, the engine's own exact sentinel), its `type` (OR/AND),
the `move` into it (SAN for chess, the node's name for a tree file) and its `uci`, its `depth`,
its `value` (true/false/unknown), how many `children` it has in the full tree, and two flags:
`most_proving` (on the path Figure 3.4 would select now) and `solution` (in the proof, or the
refutation tree, of a solved root).

DAG PN's graph (`core.search.dag_tree.DagTree`) is exported whole: a node reached by several
paths is one node, its edge from the parent that created it as in a tree, and an edge marked
`link` (true) from each other parent among the exported nodes; `children` counts every child the
search reaches, shared ones included.
"""

from __future__ import annotations

from collections import deque
from pathlib import Path
from typing import TYPE_CHECKING

from ..games.move_labels import MoveLabels
from ..proofs.solution_tree import solution_node_ids, solution_of
from ..search.dag_tree import DagTree
from ..tree import ROOT, Tree
from ..values import INF
from .files import write_file

if TYPE_CHECKING:
    import networkx as nx

DEFAULT_GRAPHML_NODES = 200_000
"""Nodes exported when no size is stated: files graph tools still open quickly."""

MAX_GRAPHML_NODES = 2_000_000
"""The most `--export-max-nodes` accepts: networkx holds every node as a dict while writing."""


def breadth_first(tree: Tree, max_nodes: int) -> list[int]:
    """The first `max_nodes` nodes of the tree breadth-first from the root."""
    order = [ROOT]
    queue = deque([ROOT])
    while queue and len(order) < max_nodes:
        node = queue.popleft()
        for child in tree.children(node):
            if len(order) >= max_nodes:
                break
            order.append(child)
            queue.append(child)
    return order


def tree_graph(
    tree: Tree, labels: MoveLabels, max_nodes: int = DEFAULT_GRAPHML_NODES, name: str = ""
) -> nx.DiGraph:
    """The tree (its first `max_nodes` nodes breadth-first) as a DiGraph with the attributes
    the module docstring lists; node ids are the engine's node numbers."""
    return nodes_graph(tree, labels, breadth_first(tree, max_nodes), name)


def nodes_graph(tree: Tree, labels: MoveLabels, nodes: list[int], name: str = "") -> nx.DiGraph:
    """The given nodes (the root and, for each node, its parent among them) as `tree_graph`
    writes them: what the tree view shows, exported as it is drawn."""
    chosen = set(nodes)
    nodes = sorted(chosen)
    if not nodes or nodes[0] != ROOT or any(tree.parent[node] not in chosen for node in nodes[1:]):
        raise ValueError("the nodes must hold the root and every node's parent")
    moves = labels(tree, nodes)
    solved = solution_of(tree)
    in_solution = solution_node_ids(tree, solved[0]) if solved is not None else set()
    most_proving = set(tree.most_proving_path())
    import networkx as nx  # dear to import: only where a graph is made

    graph = nx.DiGraph(name=name, infinity=INF, nodes_in_tree=len(tree), exported=len(nodes))
    depth = {ROOT: 0}
    for node in nodes:
        if node != ROOT:
            depth[node] = depth[tree.parent[node]] + 1
        move, uci = moves[node]
        graph.add_node(
            node,
            pn=tree.proof[node],
            dn=tree.disproof[node],
            type="OR" if tree.is_or(node) else "AND",
            move=move or "root",
            uci=uci,
            depth=depth[node],
            value=tree.value(node).name.lower(),
            children=len(tree.successors(node)),
            most_proving=node in most_proving,
            solution=node in in_solution,
        )
        if node != ROOT:
            graph.add_edge(tree.parent[node], node)
    if isinstance(tree, DagTree):
        for node, parents in tree.extra_parents.items():
            if node in chosen:
                graph.add_edges_from(
                    ((parent, node) for parent in parents if parent in chosen), link=True
                )
    return graph


def write_graphml(graph: nx.DiGraph, path: str | Path) -> None:
    """Write `graph` as GraphML (raises ExportError naming the file if it cannot be written)."""
    import networkx as nx

    write_file(path, lambda stream: nx.write_graphml(graph, stream))
