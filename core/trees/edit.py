"""An editable draft of an AND/OR tree file: edits with undo/redo, and what is wrong, per node.

The draft holds the node-link JSON itself (every key of every node, edge and the graph), so
reading a file and writing it back gives the same data, and a draft may be broken in ways a tree
may not (a cycle, two roots, a duplicate name): `problems()` names each at its node instead of
refusing the file. `to_tree()` reads the draft through the same reader as a tree file
(`core.games.explicit_tree`), so the searches see exactly what a saved file would give them.

Unknown leaves. A childless node without a true/false value is a frontier leaf: the tree file
format allows it (Figure 3.1 is made of them), and a search that selects one stops there. So it is
a *warning* (the tree can be searched) while an *error* (a cycle, a duplicate name, an internal node
without a type or with a value) keeps the draft from being searched or saved.

An edit other than a rename drops a snapshot's figure numbers (`expected_*`) and most-proving
path: the edited tree is no longer the figure, and opens as a fresh search.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import TreeEditError, TreeFileError
from ..games.explicit_tree import AndOrTree
from ..games.random_trees import node_name
from ..inputs.files import read_text
from ..inputs.text import shown
from ..inputs.tree_files import LONGEST_TEXT, node_link_data
from ..values import counted

TYPES = ("OR", "AND")
VALUES = ("true", "false", "unknown")
ERROR, WARNING = "error", "warning"
_TRUE_WORDS = {"true", "proved", "win"}
_FALSE_WORDS = {"false", "disproved", "loss"}
_SNAPSHOT_KEYS = ("expected_proof", "expected_disproof")


@dataclass(frozen=True, slots=True)
class TreeProblem:
    """One thing wrong with the draft: at node `key` (None: the whole tree)."""

    key: int | None
    severity: str
    message: str


@dataclass(slots=True)
class _State:
    """What an edit changes and undo restores: the node-link data, nodes and edges by key."""

    top: dict[str, Any]
    nodes: dict[int, dict[str, Any]]
    edges: list[tuple[int, int, dict[str, Any]]]
    edges_key: str = "edges"
    next_key: int = 0


def value_word(raw: Any) -> str | None:
    """A node's value as true / false / unknown, or None if the file's word is none of them."""
    if isinstance(raw, bool):
        return "true" if raw else "false"
    if raw is None:
        return "unknown"
    word = str(raw).strip().lower()
    return (
        "true"
        if word in _TRUE_WORDS
        else "false"
        if word in _FALSE_WORDS
        else "unknown"
        if word == "unknown"
        else None
    )


@dataclass
class TreeDraft:
    """A tree being edited. Every edit can be undone; `problems()` is recomputed on demand."""

    _state: _State
    _undo: list[_State] = field(default_factory=list)
    _redo: list[_State] = field(default_factory=list)
    _links: tuple[dict[int, list[int]], dict[int, list[int]]] | None = None
    """Children and parents by key, rebuilt after a structural edit (a draft of a thousand nodes
    is checked on every key the user types)."""
    _renaming: int | None = None
    """The node the last edit renamed: typing a name letter by letter is one edit to undo."""

    # -- making a draft ---------------------------------------------------------------------------

    @classmethod
    def new(cls, name: str = "A new tree") -> TreeDraft:
        """A root OR node alone, ready for children."""
        state = _State(
            {"directed": True, "multigraph": False, "graph": {"name": name}}, {0: {"id": "A"}}, []
        )
        state.nodes[0]["type"] = "OR"
        state.next_key = 1
        return cls(state)

    @classmethod
    def from_node_link(cls, data: dict[str, Any], source: str = "tree file") -> TreeDraft:
        """A draft of node-link data. Its JSON shape is checked (TreeFileError); whether it is a
        tree is not: that is what `problems()` reports."""
        data, edges_key = node_link_data(json.dumps(data), source)
        key_of: dict[Any, int] = {}
        nodes: dict[int, dict[str, Any]] = {}
        for key, node in enumerate(data["nodes"]):
            key_of[node["id"]] = key
            nodes[key] = dict(node)
        edges = [
            (
                key_of[edge["source"]],
                key_of[edge["target"]],
                {k: v for k, v in edge.items() if k not in ("source", "target")},
            )
            for edge in data[edges_key]
        ]
        top = {k: v for k, v in data.items() if k not in ("nodes", edges_key)}
        return cls(_State(top, nodes, edges, edges_key, len(nodes)))

    @classmethod
    def from_json_text(cls, text: str, source: str = "tree file") -> TreeDraft:
        data, _ = node_link_data(text, source)
        return cls.from_node_link(data, source)

    @classmethod
    def from_file(cls, path: str | Path) -> TreeDraft:
        return cls.from_json_text(read_text(path, TreeFileError, "tree file"), Path(path).name)

    @classmethod
    def from_tree(cls, tree: AndOrTree) -> TreeDraft:
        """A draft of a tree that has no file (a generated one): its graph as node-link data."""
        import networkx as nx

        return cls.from_node_link(nx.node_link_data(tree.to_graph(), edges="edges"))

    # -- reading ----------------------------------------------------------------------------------

    @property
    def name(self) -> str:
        return str(self._state.top.get("graph", {}).get("name", ""))

    def node_keys(self) -> list[int]:
        """Every node's key, in file order."""
        return list(self._state.nodes)

    def node_data(self, key: int) -> dict[str, Any]:
        """A copy of the node's data as the file holds it."""
        return dict(self._node(key))

    def label(self, key: int) -> str:
        """The name the tree shows for the node: its label, else its id."""
        data = self._node(key)
        return str(data.get("label", data["id"]))

    def node_type(self, key: int) -> str | None:
        raw = self._node(key).get("type")
        return None if raw is None else str(raw).upper()

    def is_or(self, key: int) -> bool:
        """The type the tree will have: the declared one; else, as the file reader does, the
        opposite of the parent's (the root: OR)."""
        seen: set[int] = set()
        flips = 0
        while self.node_type(key) not in TYPES and key not in seen:
            seen.add(key)
            parents = self.parents(key)
            if not parents:
                return flips % 2 == 0
            key, flips = parents[0], flips + 1
        return (self.node_type(key) != "AND") == (flips % 2 == 0)

    def value(self, key: int) -> str | None:
        """true / false / unknown (also when the file gives none); None for a word it cannot
        read (reported by `problems()`)."""
        return value_word(self._node(key).get("value"))

    def _adjacency(self) -> tuple[dict[int, list[int]], dict[int, list[int]]]:
        if self._links is None:
            children: dict[int, list[int]] = {key: [] for key in self._state.nodes}
            parents: dict[int, list[int]] = {key: [] for key in self._state.nodes}
            for source, target, _ in self._state.edges:
                children[source].append(target)
                parents[target].append(source)
            self._links = children, parents
        return self._links

    def children(self, key: int) -> list[int]:
        return list(self._adjacency()[0].get(key, []))

    def parents(self, key: int) -> list[int]:
        return list(self._adjacency()[1].get(key, []))

    def root(self) -> int | None:
        """The first node without a parent (a well-formed tree has exactly one)."""
        parents = self._adjacency()[1]
        return next((key for key in self._state.nodes if not parents[key]), None)

    def _node(self, key: int) -> dict[str, Any]:
        try:
            return self._state.nodes[key]
        except KeyError:
            raise TreeEditError(f"there is no node {key} in the tree") from None

    # -- editing ----------------------------------------------------------------------------------

    def _begin(self, renaming: int | None = None) -> None:
        if renaming is None or renaming != self._renaming:
            self._undo.append(copy.deepcopy(self._state))
        self._redo.clear()
        self._renaming = renaming

    def _forget_snapshot(self) -> None:
        self._state.top.get("graph", {}).pop("most_proving_path", None)
        for data in self._state.nodes.values():
            for key in _SNAPSHOT_KEYS:
                data.pop(key, None)

    def add_child(self, parent: int) -> int:
        """A new leaf under `parent` (of the opposite type, value unknown until set). The parent
        becomes internal: it loses its leaf value and keeps, or gets, a type."""
        data = self._node(parent)
        self._begin()
        data.pop("value", None)
        if self.node_type(parent) not in TYPES:
            parents = self.parents(parent)
            data["type"] = "AND" if parents and self.node_type(parents[0]) == "OR" else "OR"
        key = self._state.next_key
        self._state.next_key += 1
        used = {self.label(k) for k in self._state.nodes} | {
            str(d["id"]) for d in self._state.nodes.values()
        }
        number = len(self._state.nodes)
        while node_name(number) in used:
            number += 1
        child_type = "AND" if self.node_type(parent) == "OR" else "OR"
        self._state.nodes[key] = {"id": node_name(number), "type": child_type, "value": "unknown"}
        self._state.edges.append((parent, key, {}))
        self._links = None
        self._forget_snapshot()
        return key

    def remove(self, key: int) -> None:
        """Remove the node and everything below it."""
        self._node(key)
        if key == self.root():
            raise TreeEditError(f"{shown(self.label(key))} is the root: it cannot be removed")
        gone: set[int] = set()
        pending = [key]
        while pending:
            node = pending.pop()
            if node not in gone:
                gone.add(node)
                pending.extend(self.children(node))
        self._begin()
        for node in gone:
            del self._state.nodes[node]
        self._state.edges = [
            edge for edge in self._state.edges if edge[0] not in gone and edge[1] not in gone
        ]
        self._links = None
        self._forget_snapshot()

    def set_type(self, key: int, node_type: str) -> None:
        node_type = node_type.upper()
        if node_type not in TYPES:
            raise TreeEditError(f"a node's type is OR or AND, not {shown(node_type)}")
        data = self._node(key)
        self._begin()
        data["type"] = node_type
        self._forget_snapshot()

    def set_value(self, key: int, value: str) -> None:
        """Set a leaf's value; a node with children has none (remove them first)."""
        word = value_word(value)
        if word is None:
            raise TreeEditError(f"a leaf's value is true, false or unknown, not {shown(value)}")
        data = self._node(key)
        if self.children(key):
            raise TreeEditError(
                f"{shown(self.label(key))} has children: only a leaf has a value "
                "(remove its children first)"
            )
        self._begin()
        data["value"] = word
        self._forget_snapshot()

    def rename(self, key: int, name: str) -> None:
        """Change the name the tree shows (its label if it has one, else its id). Any text is
        taken, empty or repeated too, so typing never fails: `problems()` says what is wrong."""
        data = self._node(key)
        self._begin(renaming=key)
        if "label" in data:
            data["label"] = name
            return
        old = data["id"]
        data["id"] = name
        graph = self._state.top.get("graph", {})
        if "most_proving_path" in graph:
            graph["most_proving_path"] = [
                name if step == old else step for step in graph["most_proving_path"]
            ]

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> bool:
        if not self._undo:
            return False
        self._renaming, self._links = None, None
        self._redo.append(self._state)
        self._state = self._undo.pop()
        return True

    def redo(self) -> bool:
        if not self._redo:
            return False
        self._renaming, self._links = None, None
        self._undo.append(self._state)
        self._state = self._redo.pop()
        return True

    # -- checking ---------------------------------------------------------------------------------

    def problems(self) -> list[TreeProblem]:
        """Everything wrong with the draft, errors and warnings, in node order."""
        found = self._structure_problems()
        for key in self._state.nodes:
            found.extend(self._node_problems(key))
        return found

    def problems_at(self, key: int | None) -> list[TreeProblem]:
        return [problem for problem in self.problems() if problem.key == key]

    def errors(self) -> list[TreeProblem]:
        return [problem for problem in self.problems() if problem.severity == ERROR]

    def _structure_problems(self) -> list[TreeProblem]:
        nodes = self._state.nodes
        found: list[TreeProblem] = []
        roots = [key for key in nodes if not self.parents(key)]
        if len(roots) != 1:
            found.append(
                TreeProblem(
                    None,
                    ERROR,
                    f"a tree needs exactly one root (a node without parent); it has {len(roots)}",
                )
            )
        labels: dict[str, list[int]] = {}
        ids: dict[str, list[int]] = {}
        for key, data in nodes.items():
            labels.setdefault(self.label(key), []).append(key)
            ids.setdefault(str(data["id"]), []).append(key)
        for key in nodes:
            label = self.label(key)
            if not label.strip():
                found.append(TreeProblem(key, ERROR, "the node has no name"))
            elif len(label) > LONGEST_TEXT:
                found.append(
                    TreeProblem(key, ERROR, f"the name is longer than {LONGEST_TEXT} characters")
                )
            if len(labels[label]) > 1 or len(ids[str(nodes[key]["id"])]) > 1:
                found.append(
                    TreeProblem(key, ERROR, f"the name {shown(label)} is used by another node")
                )
            parents = self.parents(key)
            if len(parents) > 1:
                names = ", ".join(shown(self.label(p)) for p in parents)
                found.append(
                    TreeProblem(key, ERROR, f"{len(parents)} parents ({names}): a tree has one")
                )
        for cycle in self._cycles():
            loop = " → ".join(shown(self.label(k)) for k in [*cycle, cycle[0]])
            for key in cycle:
                found.append(TreeProblem(key, ERROR, f"on a cycle: {loop}"))
        return found

    def _cycles(self) -> list[list[int]]:
        """One cycle per edge that closes one, found by a depth-first walk (linear: this runs on
        every key the user types)."""
        children = self._adjacency()[0]
        state: dict[int, int] = {}
        cycles: list[list[int]] = []
        for start in self._state.nodes:
            if start in state:
                continue
            path: list[int] = [start]
            state[start] = 1
            stack = [iter(children[start])]
            while stack:
                child = next(stack[-1], None)
                if child is None:
                    stack.pop()
                    state[path.pop()] = 2
                elif state.get(child) == 1:
                    cycles.append(path[path.index(child) :])
                elif child not in state:
                    state[child] = 1
                    path.append(child)
                    stack.append(iter(children[child]))
        return cycles

    def _node_problems(self, key: int) -> list[TreeProblem]:
        data = self._state.nodes[key]
        found: list[TreeProblem] = []
        raw_type = data.get("type")
        if raw_type is not None and str(raw_type).upper() not in TYPES:
            found.append(TreeProblem(key, ERROR, f"type {shown(raw_type)} is not OR or AND"))
        value = self.value(key)
        if value is None:
            found.append(
                TreeProblem(
                    key, ERROR, f"value {shown(data.get('value'))} is not true, false or unknown"
                )
            )
        if self.children(key):
            if raw_type is None:
                found.append(TreeProblem(key, ERROR, "it has children but no type: OR or AND"))
            if value in ("true", "false"):
                found.append(
                    TreeProblem(
                        key, ERROR, f"it has children and a value ({value}): only leaves have one"
                    )
                )
        elif value == "unknown":
            found.append(
                TreeProblem(
                    key,
                    WARNING,
                    "a leaf without a value: make it true or false, or give it children "
                    "(as it is, a search that selects it stops here)",
                )
            )
        return found

    # -- writing ----------------------------------------------------------------------------------

    def to_node_link(self) -> dict[str, Any]:
        """The draft as node-link data (the file's own keys, in the file's order)."""
        state = self._state
        ids = {key: data["id"] for key, data in state.nodes.items()}
        data = dict(state.top)
        data["nodes"] = [dict(node) for node in state.nodes.values()]
        data[state.edges_key] = [
            {"source": ids[source], "target": ids[target], **extra}
            for source, target, extra in state.edges
        ]
        return data

    def to_json(self) -> str:
        return json.dumps(self.to_node_link(), indent=1, ensure_ascii=False) + "\n"

    def to_tree(self) -> AndOrTree:
        """The draft as a tree the searches step through; TreeFileError if it has errors."""
        errors = self.errors()
        if errors:
            first = errors[0]
            where = "" if first.key is None else f"node {shown(self.label(first.key))}: "
            raise TreeFileError(
                f"the tree has {counted(len(errors), 'error')}; {where}{first.message}"
            )
        return AndOrTree.from_json_text(self.to_json(), self.name, "the edited tree")

    def save(self, path: str | Path) -> None:
        """Write the draft as a node-link tree file (OSError is the caller's to report)."""
        Path(path).write_text(self.to_json(), encoding="utf-8")
