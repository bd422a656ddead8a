"""Random AND/OR trees from parameters a teacher understands, reproducible from their spec string.

`random:depth=5,branching=2-4,true=0.3,seed=7` names one tree, the same in every run and every
process: the generator draws only from its own `random.Random(seed)`, in a fixed order (breadth
first: each node's number of children, then each leaf's value), never from global state.

Leaf values. In an explicit tree a leaf whose value is unknown is a *frontier* leaf (nothing below
it in the file): a search that selects one stops there, as on Figure 3.1's snapshot. So by default
every leaf gets a value: `true=p` alone makes the rest false, `false=q` alone makes the rest true,
neither gives half and half. Only when both are given and add up to less than 1 is the remainder
unknown, for a teacher who wants a snapshot to select in rather than a tree to solve.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass
from string import ascii_uppercase
from typing import TYPE_CHECKING

from ..errors import TreeSpecError
from ..inputs.numbers import parse_whole
from ..inputs.text import shown
from ..values import Value

if TYPE_CHECKING:
    import networkx as nx

    from .explicit_tree import AndOrTree

PREFIX = "random:"
MAX_DEPTH = 12
MAX_BRANCHING = 10
MAX_NODES = 10_000
"""A spec whose largest possible tree exceeds this is refused before anything is built: a lesson
tree is small, and the window builds the tree on the GUI thread as it opens it (depth 12,
branching 2 still fits: 8,191 nodes in ~20 ms)."""
_VALUES = {"true": Value.TRUE, "false": Value.FALSE, "unknown": Value.UNKNOWN}
KEYS = ("depth", "branching", "true", "false", "root", "seed")


@dataclass(frozen=True, slots=True)
class TreeSpec:
    """The generator's parameters: leaves at exactly `depth` plies below the root, each internal
    node with `low`…`high` children, leaf values true / false with these shares (the rest unknown),
    `root_is_or` the root's type (types alternate by depth, as in a game), and the seed."""

    depth: int = 4
    low: int = 2
    high: int = 2
    true: float = 0.5
    false: float = 0.5
    root_is_or: bool = True
    seed: int = 1

    def text(self) -> str:
        """The canonical spec: parsing it gives this spec back (the tree's name)."""
        branching = str(self.low) if self.low == self.high else f"{self.low}-{self.high}"
        return (
            f"{PREFIX}depth={self.depth},branching={branching},true={self.true:g},"
            f"false={self.false:g},root={'or' if self.root_is_or else 'and'},seed={self.seed}"
        )

    def title(self) -> str:
        """The spec in words, for a window's title: what a class reads, not what it types."""
        children = str(self.low) if self.low == self.high else f"{self.low}–{self.high}"
        root = "OR" if self.root_is_or else "AND"
        return (
            f"Random tree: depth {self.depth}, {children} children a node, {root} root, "
            f"{self.true:.0%} true / {self.false:.0%} false leaves, seed {self.seed}"
        )

    def largest_size(self) -> int:
        """Nodes of the fullest tree the spec allows (every node with `high` children)."""
        return sum(self.high**level for level in range(self.depth + 1))


def is_random_spec(text: str) -> bool:
    return text.strip().lower().startswith(PREFIX)


def _share(text: str, key: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value <= 1:
        raise TreeSpecError(f"random: {key} must be a share from 0 to 1, not {shown(text)}")
    return value


def _branching(text: str) -> tuple[int, int]:
    parts = text.split("-")
    if len(parts) > 2:
        raise TreeSpecError(f"random: branching must be N or LOW-HIGH, not {shown(text)}")
    low = parse_whole(parts[0], "random: branching")
    high = parse_whole(parts[-1], "random: branching")
    if low > high:
        raise TreeSpecError(f"random: branching {shown(text)} runs from high to low")
    if high > MAX_BRANCHING:
        raise TreeSpecError(f"random: branching must be at most {MAX_BRANCHING}, not {shown(text)}")
    return low, high


def parse_spec(text: str) -> TreeSpec:
    """The spec a `random:key=value,…` string gives (defaults for keys left out); TreeSpecError
    names the first unknown key, repeated key or bad value, InvalidLimitError a bad number."""
    if not is_random_spec(text):
        raise TreeSpecError(f"{shown(text)} is not a random tree spec (random:depth=…,seed=…)")
    body = text.strip()[len(PREFIX) :]
    given: dict[str, str] = {}
    for item in filter(None, (part.strip() for part in body.split(","))):
        key, equals, value = (side.strip() for side in item.partition("="))
        key = key.lower()
        if key not in KEYS:
            raise TreeSpecError(
                f"random: unknown key {shown(key)} (the keys are {', '.join(KEYS)})"
            )
        if not equals or not value:
            raise TreeSpecError(f"random: {key} has no value (write {key}=…)")
        if key in given:
            raise TreeSpecError(f"random: {key} is given twice")
        given[key] = value
    depth = parse_whole(given.get("depth", "4"), "random: depth")
    if depth > MAX_DEPTH:
        raise TreeSpecError(f"random: depth must be at most {MAX_DEPTH}, not {shown(depth)}")
    low, high = _branching(given.get("branching", "2"))
    true = _share(given["true"], "true") if "true" in given else None
    false = _share(given["false"], "false") if "false" in given else None
    if true is None:
        true = 0.5 if false is None else 1 - false
    if false is None:
        false = 1 - true
    if true + false > 1 + 1e-9:
        raise TreeSpecError(f"random: true={true:g} and false={false:g} add up to more than 1")
    root = given.get("root", "or").lower()
    if root not in ("or", "and"):
        raise TreeSpecError(f"random: root must be or or and, not {shown(root)}")
    seed = parse_whole(given.get("seed", "1"), "random: seed", minimum=0)
    spec = TreeSpec(depth, low, high, true, false, root == "or", seed)
    if spec.largest_size() > MAX_NODES:
        raise TreeSpecError(
            f"random: depth={depth} with up to {high} children could make "
            f"{spec.largest_size():,} nodes (at most {MAX_NODES:,}): lower depth or branching"
        )
    return spec


def node_name(index: int) -> str:
    """Spreadsheet-style names in creation order, as in the thesis's figures: A … Z, AA, AB …"""
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(ord("A") + rest) + name
    return name


@dataclass(frozen=True, slots=True)
class _Shape:
    """What the seed draws, breadth first: `children[i]` of node `i` (numbered in creation
    order, so `node_name(i)` is its name), `is_or[i]`, and each leaf's value word."""

    children: list[list[int]]
    is_or: list[bool]
    values: dict[int, str]


def _draw(spec: TreeSpec) -> _Shape:
    """The one place the seed is drawn from (breadth first: child counts, then leaf values), so
    the networkx graph and the explicit tree are the same tree."""
    rng = random.Random(spec.seed)
    children: list[list[int]] = [[]]
    is_or = [spec.root_is_or]
    level = [0]
    for depth in range(1, spec.depth + 1):
        level_is_or = spec.root_is_or == (depth % 2 == 0)
        following: list[int] = []
        for parent in level:
            for _ in range(rng.randint(spec.low, spec.high)):
                child = len(children)
                children.append([])
                is_or.append(level_is_or)
                children[parent].append(child)
                following.append(child)
        level = following
    values: dict[int, str] = {}
    for leaf in level:
        draw = rng.random()
        values[leaf] = (
            "true" if draw < spec.true else "false" if draw < spec.true + spec.false else "unknown"
        )
    return _Shape(children, is_or, values)


def node_names(count: int) -> list[str]:
    """`node_name(0)` … `node_name(count - 1)`, all at once (A … Z, AA … ZZ, AAA …)."""
    names: list[str] = []
    length = 1
    while len(names) < count:
        names.extend(map("".join, itertools.product(ascii_uppercase, repeat=length)))
        length += 1
    return names[:count]


def random_graph(spec: TreeSpec) -> nx.DiGraph:
    """The spec's tree as a networkx graph in the tree-file vocabulary (type, value): what the
    editor and the tree file save."""
    import networkx as nx

    shape = _draw(spec)
    names = node_names(len(shape.is_or))
    graph = nx.DiGraph(name=spec.text())
    for node, is_or in enumerate(shape.is_or):
        graph.add_node(names[node], type="OR" if is_or else "AND")
    for parent, kids in enumerate(shape.children):
        for child in kids:
            graph.add_edge(names[parent], names[child])
    for leaf, value in shape.values.items():
        graph.nodes[names[leaf]]["value"] = value
    return graph


def random_tree(text: str) -> AndOrTree:
    """The explicit tree a `random:` spec names: the same tree `AndOrTree.from_graph` reads from
    `random_graph` (nodes in depth-first preorder), built without networkx, since the window
    opens it on the GUI thread (8,191 nodes in ~30 ms instead of ~400 ms)."""
    from .explicit_tree import AndOrTree, TreeNode

    spec = parse_spec(text)
    shape = _draw(spec)
    order: list[int] = []
    stack = [0]
    while stack:
        node = stack.pop()
        order.append(node)
        stack.extend(reversed(shape.children[node]))
    index = {node: i for i, node in enumerate(order)}
    names = node_names(len(order))
    nodes = []
    for node in order:
        name = names[node]
        value = _VALUES[shape.values.get(node, "unknown")]
        children = [index[child] for child in shape.children[node]]
        nodes.append(TreeNode(name, shape.is_or[node], value, children, name, None))
    return AndOrTree(nodes, spec.text())
