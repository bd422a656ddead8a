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
from itertools import accumulate
from typing import Any

from ..errors import TreeFileError
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


def _list_of_objects(data: dict, key: str, source: str) -> list[dict]:
    items = data[key]
    if not isinstance(items, list):
        raise TreeFileError(f"{source}: {key!r} must be a list, not {_json_kind(items)}")
    for number, item in enumerate(items, start=1):
        if not isinstance(item, dict):
            raise TreeFileError(
                f"{source}: {key} entry {number} must be an object, not {_json_kind(item)}"
            )
    return items


def node_link_data(text: str, source: str) -> tuple[dict, str]:
    """The checked node-link object of a tree file's text and the key of its edge list ('edges',
    or 'links' in older networkx); TreeFileError naming `source` for any wrong shape."""
    if _nesting(text) > DEEPEST:
        raise TreeFileError(f"{source}: JSON nested deeper than {DEEPEST} levels")
    try:
        data = json.loads(text)
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
    ids: dict[Any, int] = {}
    for number, node in enumerate(_list_of_objects(data, "nodes", source), start=1):
        where = f"{source}: node {number}"
        if "id" not in node:
            raise TreeFileError(f"{where} has no 'id'")
        node_id = _node_id(node["id"], where)
        if node_id in ids:
            raise TreeFileError(
                f"{source}: node id {shown(node_id)} is declared twice (nodes {ids[node_id]} "
                f"and {number})"
            )
        ids[node_id] = number
        for key in ("label", "move"):
            value = node.get(key)
            if value is not None and (isinstance(value, bool) or not isinstance(value, (str, int))):
                raise TreeFileError(f"{where} ({shown(node_id)}): its {key} must be text")
            _check_text(value, f"{where} ({shown(node_id)})", f"its {key}")
    for number, edge in enumerate(_list_of_objects(data, edges_key, source), start=1):
        for end in ("source", "target"):
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
    return data, edges_key
