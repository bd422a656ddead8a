"""Explicit AND/OR trees read from networkx node-link JSON: the second game of PN Explorer.

Node types come from the data (`"type": "OR" | "AND"`), never from depth: Figure 3.1 has an OR
node under an OR node. Leaves carry `"value": true | false | unknown`. A leaf whose value is unknown
and that has no children in the file is a *frontier* leaf: the file is a snapshot of a search in
progress and does not say what lies below it.

Optional per-node keys: `label` (shown instead of the id), `move` (label of the edge into the
node), `expected_proof`/`expected_disproof` (numbers a figure shows, used by tests).
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import TreeFileError
from ..inputs.files import read_text
from ..inputs.text import shown
from ..inputs.tree_files import checked_node_link
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
        keys = list(graph.nodes)
        place = {key: i for i, key in enumerate(keys)}
        sources = [place[parent] for parent, _ in graph.edges]
        targets = [place[child] for _, child in graph.edges]
        attributes = [graph.nodes[key] for key in keys]
        return _built(keys, attributes, (sources, targets), graph.graph, name)

    @classmethod
    def from_json_text(
        cls,
        text: str,
        name: str = "",
        source: str = "tree file",
        progress: Callable[[float], None] | None = None,
    ) -> AndOrTree:
        """The tree in a node-link JSON text; `source` (the file's name) starts every message;
        `progress` is told the share done (0 to 1) as the text is read and the tree built.

        Read without networkx: its graph costs seconds for a million nodes. The tree is the one
        networkx's graph gives (`from_graph`): nodes in depth-first preorder, children in the
        order their edges come, an edge given twice taken once."""
        with _collector_paused():
            return cls._from_json_text(text, name, source, progress or (lambda _share: None))

    @classmethod
    def _from_json_text(
        cls, text: str, name: str, source: str, tell: Callable[[float], None]
    ) -> AndOrTree:
        checked = checked_node_link(text, source, lambda share: tell(0.75 * share))
        keys = list(checked.ids)
        try:
            if not keys:
                raise TreeFileError("the tree has no nodes")
            if checked.data.get("directed", True) is False:
                raise TreeFileError("the graph is not directed: edges must go from parent to child")
            tree = _built(
                keys,
                checked.data["nodes"],
                (checked.sources, checked.targets),
                checked.data.get("graph", {}),
                name,
                lambda share: tell(0.75 + 0.25 * share),
            )
        except TreeFileError as error:
            raise TreeFileError(f"{source}: {error}") from None
        return tree

    @classmethod
    def from_file(
        cls, path: str | Path, progress: Callable[[float], None] | None = None
    ) -> AndOrTree:
        text = read_text(path, TreeFileError, "tree file")
        return cls.from_json_text(text, Path(path).stem, Path(path).name, progress)

    def to_graph(self) -> nx.DiGraph:
        """The tree as a networkx graph again (for export)."""
        import networkx as nx

        graph = nx.DiGraph(name=self.name)
        for node in self.nodes:
            attributes: dict[str, Any] = {"type": "OR" if node.is_or else "AND"}
            if not node.children:
                attributes["value"] = node.value.name.lower()
            graph.add_node(node.name, **attributes)
        for node in self.nodes:
            for child in node.children:
                graph.add_edge(node.name, self.nodes[child].name)
        return graph


_QUICK_VALUES = {
    None: Value.UNKNOWN,
    "true": Value.TRUE,
    "false": Value.FALSE,
    "unknown": Value.UNKNOWN,
}
_QUICK_TYPES = {"OR": True, "AND": False}


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cycle collector paused while a file's millions of objects are made: it would
    walk them again and again as they grow (half the time of a million-node file), and none of
    them is garbage."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _children(
    count: int, sources: list[int], targets: list[int]
) -> tuple[list[list[int]], list[int]]:
    """Each node's children in the order their edges come, an edge given twice taken once (as
    in networkx's graph), and each node's number of parents."""
    if len(set(targets)) != len(targets):
        pairs = list(dict.fromkeys(zip(sources, targets, strict=True)))
        sources, targets = [pair[0] for pair in pairs], [pair[1] for pair in pairs]
    children: list[list[int]] = [[] for _ in range(count)]
    for parent, child in zip(sources, targets, strict=True):
        children[parent].append(child)
    parent_count = [0] * count
    for child in targets:
        parent_count[child] += 1
    return children, parent_count


def _preorder(children: list[list[int]], root: int) -> tuple[list[int], list[list[int]], list[int]]:
    """The nodes below `root` in depth-first preorder (children in their order), and each one's
    children and parent (-1 for the root) as places in that order. Every node has one parent at
    most, so the walk ends without remembering where it has been."""
    order: list[int] = []
    kids: list[list[int]] = []
    parents: list[int] = []
    stack = [root]
    above = [-1]
    while stack:
        node = stack.pop()
        parent = above.pop()
        here = len(order)
        order.append(node)
        parents.append(parent)
        kids.append([])
        if parent >= 0:
            kids[parent].append(here)
        below = children[node]
        if below:
            stack.extend(reversed(below))
            above.extend([here] * len(below))
    return order, kids, parents


def _built(
    keys: list[Any],
    attributes: list[dict[str, Any]],
    edges: tuple[list[int], list[int]],
    graph: dict[str, Any],
    name: str,
    progress: Callable[[float], None] | None = None,
) -> AndOrTree:
    """The tree of nodes `keys` (with their `attributes`) and `edges` (sources and targets, as
    places in `keys`), after checking that it is one rooted tree; each node's type, value and
    numbers read."""
    tell = progress or (lambda _share: None)
    children, parent_count = _children(len(keys), *edges)
    roots = [i for i, count in enumerate(parent_count) if count == 0]
    if len(roots) != 1:
        raise TreeFileError(
            f"a tree needs exactly one root (a node without parent); found {len(roots)}"
        )
    if max(parent_count) > 1 or max(map(len, children)) > MOST_CHILDREN:
        for i, kids in enumerate(children):
            if parent_count[i] > 1:
                raise TreeFileError(f"node {shown(keys[i])} has {parent_count[i]} parents")
            if len(kids) > MOST_CHILDREN:
                raise TreeFileError(
                    f"node {shown(keys[i])} has {len(kids):,} children (at most {MOST_CHILDREN:,})"
                )
    order, kids_of, parents = _preorder(children, roots[0])
    if len(order) != len(keys):
        raise TreeFileError("the graph has a cycle or a part not reachable from the root")
    tell(0.3)
    nodes: list[TreeNode] = []
    quick_types, quick_values = _QUICK_TYPES, _QUICK_VALUES
    for i, place in enumerate(order):
        data = attributes[place]
        key = keys[place]
        name_ = str(data.get("label", key))
        kids = kids_of[i]
        raw_type = data.get("type")
        is_or = quick_types.get(raw_type) if type(raw_type) is str else None
        if is_or is None and raw_type is not None:
            if str(raw_type).upper() not in ("OR", "AND"):
                raise TreeFileError(f"node {shown(key)}: type {shown(raw_type)} is not OR or AND")
            is_or = str(raw_type).upper() == "OR"
        if kids and raw_type is None:
            raise TreeFileError(f"internal node {shown(key)} has no type (OR or AND)")
        raw_value = data.get("value")
        quick = raw_value is None or type(raw_value) is str
        value = quick_values.get(raw_value) if quick else None
        if value is None:
            value = _parse_value(raw_value, name_)
        if kids and value is not Value.UNKNOWN:
            raise TreeFileError(f"internal node {shown(key)} has a value; only leaves may")
        expected = None
        if "expected_proof" in data or "expected_disproof" in data:
            expected = (
                _parse_number(data.get("expected_proof"), name_, "expected_proof"),
                _parse_number(data.get("expected_disproof"), name_, "expected_disproof"),
            )
        if is_or is None:
            # A leaf without a declared type is drawn as the opposite of its parent (preorder
            # settles the parent first); its type never matters: such a leaf is never expanded.
            is_or = i == 0 or not nodes[parents[i]].is_or
        move = data.get("move")
        nodes.append(
            TreeNode(name_, is_or, value, kids, name_ if move is None else str(move), expected)
        )
        if i & 0xFFFF == 0:
            tell(0.3 + 0.7 * i / len(order))
    tell(1.0)
    path = [str(p) for p in graph.get("most_proving_path", [])]
    return AndOrTree(nodes, str(graph.get("name") or name), path)


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
