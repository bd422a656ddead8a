"""The tree view's node counts: what is drawn of how many nodes, per level of the search.

Pn²'s two trees are counted apart (a second-level tree's nodes are not first-level nodes, and
adding them up gave "showing 2 of 1 nodes"), and each count says which level it is.
"""

from __future__ import annotations

from ...core.values import counted
from .items import DisplayedNode
from .layout import NODE
from .level import TreeLevel


def shown_of(items: list[DisplayedNode], level: int, total: int) -> str:
    """ "showing 12 of 1,234 nodes": the drawn nodes of one level against its tree's size."""
    drawn = sum(1 for item in items if item.kind == NODE and item.level == level)
    return f"showing {drawn:,} of {counted(total, 'node')}"


def level_counts(
    first: TreeLevel, second: TreeLevel | None, items: list[DisplayedNode], two_levels: bool
) -> str:
    """The header's count line: one tree's count for PN (for a search that merges
    transpositions, DAG PN, the links made so far); for Pn² the first level's, and the live
    second level's beside it while one runs."""
    count = shown_of(items, 1, len(first.tree))
    search = first.search
    if search.capabilities.transpositions and search.transpositions is not None:
        count += f"  ·  {counted(search.transpositions, 'transposition')}"
    if not two_levels:
        return count
    text = f"1st level: {count}"
    if second is not None:
        text += f"  ·  2nd level: {shown_of(items, 2, len(second.tree))}"
    return text
