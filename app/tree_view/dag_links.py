"""DAG PN in the tree view: the dashed links to a shared node from its other parents.

The view draws a DAG PN graph as its spanning tree (`core.search.dag_tree.DagTree`): a node
reached by several paths stands once, under its first parent. So that all its parents show, a
dashed link runs to it from every other parent that is drawn (teal, the colour of transpositions
in the Paper menu's Figure 3.12; orange where the most-proving path goes along it), a marker
under it says "2 parents", and the node's details list every parent's line from the root
(`app.tree_view.dag_parents`). The layout draws a shared node the last expansion linked, and
each node of a most-proving path that goes through a link, with its first parent's line.
"""

from __future__ import annotations

from PySide6.QtCore import QLineF, QPointF, Qt
from PySide6.QtGui import QPainter, QPen

from ...core.tree import Tree
from . import style
from .dag_parents import parents_marker
from .items import DisplayedNode
from .layout import NODE


def extra_links(
    tree: Tree, items: list[DisplayedNode], index: dict[tuple[int, int], int]
) -> list[tuple[int, int]]:
    """(parent item, child item) for every drawn node's drawn parents other than its first."""
    links = []
    for position, item in enumerate(items):
        if item.level != 1 or item.kind != NODE:
            continue
        for parent in tree.parents(item.node)[1:]:
            drawn = index.get((1, parent))
            if drawn is not None:
                links.append((drawn, position))
    return links


def draw_extra_links(
    painter: QPainter,
    tree: Tree,
    items: list[DisplayedNode],
    index: dict[tuple[int, int], int],
    path: list[int],
    text: bool,
) -> None:
    """Dashed links from a shared node's other drawn parents, orange along the most-proving
    path; with `text`, the "N parents" marker under each shared node drawn."""
    links = extra_links(tree, items, index)
    on_path = set(zip(path, path[1:], strict=False))
    half = style.NODE / 2
    for parent_at, child_at in links:
        parent, child = items[parent_at], items[child_at]
        lit = (parent.node, child.node) in on_path
        pen = QPen(style.PATH if lit else style.TRANSPOSITION, 3.0 if lit else style.LINK_WIDTH)
        pen.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.drawLine(
            QLineF(QPointF(parent.x, parent.y + half), QPointF(child.x, child.y - half))
        )
    if not text:
        return
    painter.setFont(style.font(style.NAME_PX, bold=True))
    painter.setPen(style.TRANSPOSITION)
    for item in items:
        if item.level == 1 and item.kind == NODE:
            marker = parents_marker(tree, item.node)
            if marker:
                painter.drawText(QPointF(item.x - half, item.y + half + style.NAME_PX + 2), marker)
