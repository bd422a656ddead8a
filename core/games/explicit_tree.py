"""Explicit AND/OR trees read from networkx node-link JSON: the second game of PN Explorer.

Node types come from the data (`"type": "OR" | "AND"`), never from depth: Figure 3.1 has an OR
node under an OR node. Leaves carry `"value": true | false | unknown`. A leaf whose value is unknown
and that has no children in the file is a *frontier* leaf: the file is a snapshot of a search in
progress and does not say what lies below it.

Optional per-node keys: `label` (shown instead of the id), `move` (label of the edge into the
node), `expected_proof`/`expected_disproof` (numbers a figure shows, used by tests).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import TreeFileError
from ..inputs.files import read_text
from ..inputs.text import brief, shown
from ..inputs.tree_files import node_link_data
from ..tree import MOST_CHILDREN
from ..values import INF, Reason, Value
from .game import NOT_COUNTED, Capabilities, Evaluation, Expansion, Known, RulesOnlyGame

if TYPE_CHECKING:
    import networkx as nx

_VALUE_WORDS = {
    "true": Value.TRUE,
    "proved": Value.TRUE,
    "win": Value.TRUE,
    "false": Value.FALSE,
    "disproved": Value.FALSE,
    "loss": Value.FALSE,
    "unknown": Value.UNKNOWN,
}


@dataclass(slots=True)
class TreeNode:
    """One node of the file, with its children as indices into `AndOrTree.nodes`."""

    name: str
    is_or: bool
    value: Value
    children: list[int]
    move: str
    expected: tuple[int, int] | None


def _parse_value(raw: Any, name: str) -> Value:
    if isinstance(raw, bool):
        return Value.TRUE if raw else Value.FALSE
    if raw is None:
        return Value.UNKNOWN
    value = _VALUE_WORDS.get(str(raw).strip().lower())
    if value is None:
        raise TreeFileError(f"node {shown(name)}: value {shown(raw)} is not true, false or unknown")
    return value


def _parse_number(raw: Any, name: str, key: str) -> int:
    if isinstance(raw, str) and raw.strip().lower() in ("inf", "infinity", "∞"):
        return INF
    if isinstance(raw, int) and not isinstance(raw, bool) and raw >= 0:
        return raw
    raise TreeFileError(
        f"node {shown(name)}: {key} {shown(raw)} is not a non-negative integer or 'inf'"
    )


class AndOrTree:
    """A validated explicit AND/OR tree: nodes in file order, node 0 the root."""

    def __init__(
        self, nodes: list[TreeNode], name: str = "", most_proving_path: list[str] | None = None
    ) -> None:
        self.nodes = nodes
        self.name = name
        self.most_proving_path = most_proving_path or []

    @classmethod
    def from_graph(cls, graph: nx.DiGraph, name: str = "") -> AndOrTree:
        """Check that the graph is one rooted tree and read each node's type and value. The
        tree's name is the graph's own, else `name` (e.g. the file's stem)."""
        if graph.number_of_nodes() == 0:
            raise TreeFileError("the tree has no nodes")
        if not graph.is_directed():
            raise TreeFileError("the graph is not directed: edges must go from parent to child")
        roots = [node for node in graph.nodes if graph.in_degree(node) == 0]
        if len(roots) != 1:
            raise TreeFileError(
                f"a tree needs exactly one root (a node without parent); found {len(roots)}"
            )
        for node in graph.nodes:
            if graph.in_degree(node) > 1:
                raise TreeFileError(f"node {shown(node)} has {graph.in_degree(node)} parents")
            if graph.out_degree(node) > MOST_CHILDREN:
                raise TreeFileError(
                    f"node {shown(node)} has {graph.out_degree(node):,} children (at most "
                    f"{MOST_CHILDREN:,})"
                )
        import networkx as nx  # on demand: the import costs ~0.3 s every chess run would pay

        order = list(nx.dfs_preorder_nodes(graph, roots[0]))
        if len(order) != graph.number_of_nodes():
            raise TreeFileError("the graph has a cycle or a part not reachable from the root")
        index = {node: i for i, node in enumerate(order)}
        declared: list[bool | None] = []
        nodes: list[TreeNode] = []
        for node in order:
            data = graph.nodes[node]
            name_ = str(data.get("label", node))
            children = [index[child] for child in graph.successors(node)]
            raw_type = data.get("type")
            if raw_type is not None and str(raw_type).upper() not in ("OR", "AND"):
                raise TreeFileError(f"node {shown(node)}: type {shown(raw_type)} is not OR or AND")
            if children and raw_type is None:
                raise TreeFileError(f"internal node {shown(node)} has no type (OR or AND)")
            value = _parse_value(data.get("value"), name_)
            if children and value is not Value.UNKNOWN:
                raise TreeFileError(f"internal node {shown(node)} has a value; only leaves may")
            expected = None
            if "expected_proof" in data or "expected_disproof" in data:
                expected = (
                    _parse_number(data.get("expected_proof"), name_, "expected_proof"),
                    _parse_number(data.get("expected_disproof"), name_, "expected_disproof"),
                )
            declared.append(None if raw_type is None else str(raw_type).upper() == "OR")
            nodes.append(
                TreeNode(name_, True, value, children, str(data.get("move", name_)), expected)
            )
        # A leaf without a declared type is drawn as the opposite of its parent (preorder settles
        # the parent first); its type never matters to the search: such a leaf is never expanded.
        parent_of = {child: i for i, node in enumerate(nodes) for child in node.children}
        for i, node in enumerate(nodes):
            own = declared[i]
            node.is_or = own if own is not None else (i == 0 or not nodes[parent_of[i]].is_or)
        path = [str(p) for p in graph.graph.get("most_proving_path", [])]
        return cls(nodes, str(graph.graph.get("name") or name), path)

    @classmethod
    def from_json_text(cls, text: str, name: str = "", source: str = "tree file") -> AndOrTree:
        """The tree in a node-link JSON text; `source` (the file's name) starts every message."""
        data, edges_key = node_link_data(text, source)
        data.setdefault("directed", True)
        data.setdefault("multigraph", False)
        import networkx as nx

        try:
            graph = nx.node_link_graph(data, edges=edges_key)
        except (KeyError, TypeError, ValueError, nx.NetworkXError) as error:
            raise TreeFileError(
                f"{source}: not a networkx node-link tree: {brief(error)}"
            ) from None
        try:
            return cls.from_graph(graph, name)
        except TreeFileError as error:
            raise TreeFileError(f"{source}: {error}") from None

    @classmethod
    def from_file(cls, path: str | Path) -> AndOrTree:
        text = read_text(path, TreeFileError, "tree file")
        return cls.from_json_text(text, Path(path).stem, Path(path).name)

    def to_graph(self) -> nx.DiGraph:
        """The tree as a networkx graph again (for export)."""
        import networkx as nx

        graph = nx.DiGraph(name=self.name)
        for i, node in enumerate(self.nodes):
            attributes: dict[str, Any] = {"type": "OR" if node.is_or else "AND"}
            if not node.children:
                attributes["value"] = node.value.name.lower()
            graph.add_node(node.name if i else node.name, **attributes)
        for node in self.nodes:
            for child in node.children:
                graph.add_edge(node.name, self.nodes[child].name)
        return graph


TREE_CAPABILITIES = Capabilities(named_nodes=True, editable=True)
"""A tree file has no pieces, estimates, threats or repetitions: its nodes have names, it may be
a figure's snapshot, and the tree editor opens it."""


class ExplicitTreeGame(RulesOnlyGame):
    """A cursor on an explicit AND/OR tree (`core.games.game.Game`). Move codes are node indices."""

    kind = "tree"
    capabilities = TREE_CAPABILITIES

    def __init__(self, tree: AndOrTree) -> None:
        self.tree = tree
        self._path = [0]

    def reset(self) -> None:
        self._path = [0]

    def push(self, move: int) -> None:
        self._path.append(move)

    def pop(self) -> None:
        self._path.pop()

    def is_or(self) -> bool:
        return bool(self.tree.nodes[self._path[-1]].is_or)

    def ordered_moves(self) -> list[int]:
        return list(self.tree.nodes[self._path[-1]].children)

    def _evaluate_node(self, index: int) -> Evaluation:
        node = self.tree.nodes[index]
        if node.value is not Value.UNKNOWN:
            return Evaluation(node.value, 0, Reason.TREE_VALUE)
        return Evaluation(Value.UNKNOWN, max(1, len(node.children)))

    def evaluate(self) -> Evaluation:
        return self._evaluate_node(self._path[-1])

    def expand(
        self,
        room: int,
        known: Known | None = None,
        mates_in_one: bool = False,
        threats: bool = False,
    ) -> Expansion | None:
        """Every child, evaluated; a child `known` holds for keeps its value but reports no
        mobility (`NOT_COUNTED`), as the game contract says. A tree has no rules to find a mate
        in one by or a threat to see, so `mates_in_one` and `threats` change nothing."""
        children = self.tree.nodes[self._path[-1]].children
        if len(children) > room:
            return None
        evaluations = [self._evaluate_node(child) for child in children]
        mobility = [
            NOT_COUNTED
            if known is not None and e.value is Value.UNKNOWN and known(child, 0)
            else e.mobility
            for child, e in zip(children, evaluations, strict=True)
        ]
        return Expansion(
            list(children),
            [e.value for e in evaluations],
            mobility,
            [e.reason for e in evaluations],
            [bool(self.tree.nodes[child].is_or) for child in children],
            list(children),
            [0] * len(children),
        )

    def position_hash(self) -> int:
        """The node's index: a tree file has no transpositions, every node is its own position."""
        return self._path[-1]

    def move_label(self, move: int) -> str:
        return self.tree.nodes[move].move

    def position_label(self) -> str:
        return self.tree.nodes[self._path[-1]].name

    def node_name(self, move: int) -> str:
        return self.tree.nodes[move].name
