"""The shape of an AND/OR tree file (networkx node-link JSON), checked before networkx sees it.

networkx trusts its input: a wrong shape gives Python's own errors (`'int' object is not
iterable`, `unhashable type: 'dict'`), and deep nesting exhausts the recursion of `json.loads`.
Here every such mistake becomes a TreeFileError that names the file and says what is wrong.
"""

from __future__ import annotations

import json
import math
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from itertools import accumulate
from typing import Any

from ..errors import TreeFileError
from .json_slices import loads_in_slices
from .text import shown

DEEPEST = 200
"""JSON nested deeper than this is refused before it is parsed (a tree file needs 4 levels)."""
LONGEST_TEXT = 200
"""Longest node id, label, move or tree name, in characters: they are drawn in the window."""

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


def _nesting(text: str) -> int:
    """How deep the JSON's arrays and objects nest (strings skipped), without parsing it."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    return max(accumulate(1 if char in "[{" else -1 for char in brackets), default=0)


def _too_many_digits(text: str, source: str) -> str:
    """What `json.loads` refused beyond a JSONDecodeError: Python reads no integer of more than
    `sys.get_int_max_str_digits()` digits (4,300), an id or an expected number like any other."""
    limit = sys.get_int_max_str_digits()
    outside_strings = _STRING.sub('""', text)
    found = re.search(rf"[0-9]{{{limit + 1},}}", outside_strings)
    if found is None:
        return f"{source}: not valid JSON: a number it cannot read"
    line = outside_strings.count("\n", 0, found.start()) + 1
    return (
        f"{source}: a number of {len(found.group()):,} digits (line {line}); at most "
        f"{limit:,} digits are read"
    )


def _check_text(value: Any, where: str, key: str) -> None:
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)  # a numeric id or label is drawn as its digits
    if isinstance(value, str) and len(value) > LONGEST_TEXT:
        raise TreeFileError(
            f"{where}: {key} is {len(value):,} characters long (at most {LONGEST_TEXT})"
        )


def _json_kind(value: Any) -> str:
    """What a JSON value is, in JSON's words (`null`, not Python's `NoneType`)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    return "a list" if isinstance(value, list) else "an object"


def _node_id(value: Any, where: str) -> str | int | float:
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise TreeFileError(
            f"{where}: the id must be a string or a number, not {_json_kind(value)}"
        )
    if isinstance(value, float) and not math.isfinite(value):
        raise TreeFileError(f"{where}: the id must be a finite number, not {value}")
    _check_text(value, where, "the id")
    return value


_NOT_BRACKETS = bytes(byte for byte in range(256) if byte not in b"[]{}")


def _nested_beyond(text: str, limit: int) -> bool:
    """Whether the JSON's arrays and objects nest deeper than `limit`. Fast where no string holds
    a bracket: the brackets alone, emptied one innermost level a pass, are gone within `limit`
    passes; anything else (a bracket in a string, a deep or broken text) is counted exactly."""
    brackets = text.encode("utf-8", "surrogatepass").translate(None, _NOT_BRACKETS)
    for _ in range(limit):
        if not brackets:
            return False
        brackets = brackets.replace(b"[]", b"").replace(b"{}", b"")
    return bool(brackets) and _nesting(text) > limit


def _checked_node(node: Any, number: int, source: str) -> Any:
    """The id of entry `number` of 'nodes', after every check of its shape; TreeFileError if one
    fails (the loop in `_node_ids` calls this only where its quick checks did not pass)."""
    if not isinstance(node, dict):
        raise TreeFileError(
            f"{source}: nodes entry {number} must be an object, not {_json_kind(node)}"
        )
    where = f"{source}: node {number}"
    if "id" not in node:
        raise TreeFileError(f"{where} has no 'id'")
    node_id = _node_id(node["id"], where)
    for key in ("label", "move"):
        value = node.get(key)
        if value is not None and (isinstance(value, bool) or not isinstance(value, (str, int))):
            raise TreeFileError(f"{where} ({shown(node_id)}): its {key} must be text")
        _check_text(value, f"{where} ({shown(node_id)})", f"its {key}")
    return node_id


def _node_ids(nodes: list, source: str) -> dict[Any, int]:
    """Each node's id and its place in the file (from 0), every node's shape checked. The quick
    test covers the usual node (a short text id, no label or move); any other goes through every
    check (`_checked_node`)."""
    ids: dict[Any, int] = {}
    for index, node in enumerate(nodes):
        node_id = node.get("id") if type(node) is dict else None
        if not (
            type(node_id) is str
            and len(node_id) <= LONGEST_TEXT
            and "label" not in node
            and "move" not in node
        ):
            node_id = _checked_node(node, index + 1, source)
        if node_id in ids:
            raise TreeFileError(
                f"{source}: node id {shown(node_id)} is declared twice (nodes {ids[node_id] + 1} "
                f"and {index + 1})"
            )
        ids[node_id] = index
    return ids


def _edge_ends(edges: list, ids: dict[Any, int], source: str) -> tuple[list[int], list[int]]:
    """Each edge's source and target as places in the file; TreeFileError for an edge that is
    not an object, lacks an end or names an undeclared node. Where every id is text, an end that
    is found is text too (no number or true equals a text), so a quick read first does; any
    failure is read again with every check, for its message."""
    if all(type(key) is str for key in ids):
        try:
            return [ids[edge["source"]] for edge in edges], [ids[edge["target"]] for edge in edges]
        except (KeyError, TypeError, IndexError):
            pass
    sources: list[int] = []
    targets: list[int] = []
    for number, edge in enumerate(edges, start=1):
        if not isinstance(edge, dict):
            raise TreeFileError(
                f"{source}: edges entry {number} must be an object, not {_json_kind(edge)}"
            )
        for end, ends in (("source", sources), ("target", targets)):
            if end not in edge:
                raise TreeFileError(f"{source}: edge {number} has no {end!r}")
            value = edge[end]
            if (
                isinstance(value, bool)
                or not isinstance(value, (str, int, float))
                or (value not in ids)
            ):
                raise TreeFileError(
                    f"{source}: edge {number}: {end} {shown(value)} is not a declared node"
                )
            ends.append(ids[value])
    return sources, targets


@dataclass(slots=True)
class NodeLink:
    """A checked tree file: its data, the key of its edge list ('edges', or 'links' in older
    networkx), each node's id by its place in the file and each edge's ends as such places."""

    data: dict
    edges_key: str
    ids: dict[Any, int]
    sources: list[int]
    targets: list[int]


def checked_node_link(
    text: str, source: str, progress: Callable[[float], None] | None = None
) -> NodeLink:
    """The node-link tree in a tree file's text, its shape checked (TreeFileError naming `source`
    for any mistake); `progress` is told the share done, 0 to 1, as the text is read."""
    tell = progress or (lambda _share: None)
    if _nested_beyond(text, DEEPEST):
        raise TreeFileError(f"{source}: JSON nested deeper than {DEEPEST} levels")
    try:
        data = loads_in_slices(text, ("nodes", "edges", "links"), lambda share: tell(0.7 * share))
    except json.JSONDecodeError as error:
        raise TreeFileError(
            f"{source}: not valid JSON: {error.msg} (line {error.lineno})"
        ) from None
    except ValueError:
        raise TreeFileError(_too_many_digits(text, source)) from None
    if not isinstance(data, dict):
        raise TreeFileError(
            f"{source}: the top level must be a JSON object, not {_json_kind(data)}"
        )
    if "nodes" not in data:
        raise TreeFileError(f"{source}: not a networkx node-link tree: no 'nodes' list")
    edges_key = "edges" if "edges" in data else "links"
    if edges_key not in data:
        raise TreeFileError(
            f"{source}: not a networkx node-link tree: no 'edges' (or 'links') list"
        )
    for flag in ("directed", "multigraph"):
        if not isinstance(data.get(flag, False), bool):
            raise TreeFileError(f"{source}: {flag!r} must be true or false")
    if data.get("multigraph"):
        raise TreeFileError(f"{source}: a multigraph is not a tree (set multigraph to false)")
    for key in ("nodes", edges_key):
        if not isinstance(data[key], list):
            raise TreeFileError(f"{source}: {key!r} must be a list, not {_json_kind(data[key])}")
    ids = _node_ids(data["nodes"], source)
    tell(0.85)
    sources, targets = _edge_ends(data[edges_key], ids, source)
    tell(1.0)
    graph = data.get("graph", {})
    if not isinstance(graph, dict):
        raise TreeFileError(f"{source}: 'graph' must be an object, not {_json_kind(graph)}")
    _check_text(graph.get("name"), source, "the tree's name")
    path = graph.get("most_proving_path", [])
    if not isinstance(path, list):
        raise TreeFileError(f"{source}: 'most_proving_path' must be a list of node ids")
    for step in path:
        if isinstance(step, bool) or not isinstance(step, (str, int, float)) or step not in ids:
            raise TreeFileError(
                f"{source}: most_proving_path names {shown(step)}, which is not a declared node"
            )
    return NodeLink(data, edges_key, ids, sources, targets)


def node_link_data(text: str, source: str) -> tuple[dict, str]:
    """The checked node-link object of a tree file's text and the key of its edge list ('edges',
    or 'links' in older networkx); TreeFileError naming `source` for any wrong shape."""
    checked = checked_node_link(text, source)
    return checked.data, checked.edges_key
