"""One name for every tree a user can ask for: a built-in tree, a `random:` spec or a file path.

The CLI's `--tree`, the window's `--tree` and its tree sources all read trees through
`load_tree`, so a lesson tree or a generated tree opens everywhere a tree file does. Each built-in
tree states its point in one line (the graph's `point`), listed by `tree_points`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from pathlib import Path

from ..inputs.text import non_empty
from .explicit_tree import AndOrTree
from .random_trees import is_random_spec, random_tree
from .suites import BUILTIN_TREES

_LAST_FILE: dict[tuple[str, int, int], AndOrTree] = {}
"""The last tree file read, by its path, size and time of change: the window's start checks a
problem and then opens it, and a million-node file should be read once, not twice. A tree is
never changed once read (the editor makes a new one), so both get the same."""


def _file_key(path: Path) -> tuple[str, int, int] | None:
    try:
        status = path.stat()
    except OSError:
        return None  # reading it says why, in the file's words
    return (str(path.resolve()), status.st_size, status.st_mtime_ns)


def load_tree(name: str | Path, progress: Callable[[float], None] | None = None) -> AndOrTree:
    """The tree `name` gives: a built-in tree's name, `random:…`, or a tree file's path
    (`progress` is told the share of a file read, 0 to 1). Raises the core's typed errors
    (TreeFileError, TreeSpecError, …) for bad input."""
    text = non_empty(str(name), "--tree")
    if text in BUILTIN_TREES:
        return AndOrTree.from_file(BUILTIN_TREES[text])
    if is_random_spec(text):
        return random_tree(text)
    key = _file_key(Path(name))
    if key is not None and key in _LAST_FILE:
        return _LAST_FILE[key]
    tree = AndOrTree.from_file(Path(name), progress)
    if key is not None:
        _LAST_FILE.clear()
        _LAST_FILE[key] = tree
    return tree


@cache
def tree_points() -> dict[str, str]:
    """Each built-in tree's one-line point (its graph's `point`, else its name), by tree name."""
    points: dict[str, str] = {}
    for name, path in BUILTIN_TREES.items():
        graph = json.loads(path.read_text(encoding="utf-8")).get("graph", {})
        points[name] = str(graph.get("point") or graph.get("name") or name)
    return points
