"""The tree view's drawn items: a laid-out node turned into what is drawn, in scene pixels.

Text and marks are worked out once per layout, so painting, hit-testing and tests all read the
same `DisplayedNode`s.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QRectF

from ...core.values import Reason
from . import style
from .layout import NODE, PlacedNode
from .level import TreeLevel


@dataclass(slots=True)
class DisplayedNode:
    """One drawn item, as drawn: position (scene pixels), numbers and their text, marks."""

    level: int
    node: int
    kind: str
    """`NODE`, or a stub: `FOLD` (all children hidden) or `MORE` (some hidden)."""
    x: float
    y: float
    parent: int
    """Index of the item drawn above it in `displayed_nodes()`, -1 for the top."""
    is_or: bool = True
    proof: int = 0
    disproof: int = 0
    proof_text: str = ""
    disproof_text: str = ""
    label: str = ""
    """The move into the node (SAN for chess)."""
    name: str = ""
    """The node's own name (explicit trees), drawn inside the shape."""
    highlighted: bool = False
    """On the most-proving path (the first level's, or the second level's own)."""
    changed: bool = False
    """Its numbers changed in the last step."""
    new: bool = False
    """Created by the last step (or kept from a second-level search that just ended)."""
    selected: bool = False
    """The most-proving node the last step selected (and expanded)."""
    in_solution: bool = False
    """On the main line of a solved root (drawn once there is no most-proving path)."""
    evaluated: bool = True
    hidden_children: int = 0
    hidden_nodes: int = 0


def displayed_node(item: PlacedNode, state: TreeLevel) -> DisplayedNode:
    """A placed node (or stub) in scene pixels, with its text and the step's marks."""
    x = item.x * style.SLOT
    y = style.TOP + item.row * style.ROW
    if item.kind != NODE:
        return DisplayedNode(
            item.level,
            item.node,
            item.kind,
            x,
            y,
            item.parent,
            highlighted=item.on_path,
            hidden_children=item.hidden_children,
            hidden_nodes=item.hidden_nodes,
        )
    tree, node = state.tree, item.node
    proof, disproof = tree.proof[node], tree.disproof[node]
    return DisplayedNode(
        item.level,
        node,
        NODE,
        x,
        y,
        item.parent,
        tree.is_or(node),
        proof,
        disproof,
        style.number_text(proof),
        style.number_text(disproof),
        state.labels.edge_label(tree, node),
        shown_name(state, node),
        item.on_path,
        node in state.changed,
        node in state.new,
        node == state.selected(),
        node in state.line_set,
        tree.is_evaluated(node),
    )


def shown_name(state: TreeLevel, node: int) -> str:
    """What is written inside a node: its own name, else # for mate and = for a draw."""
    name = state.labels.node_name(state.tree, node)
    if name or node == 0:
        return name
    reason = state.tree.reason(node)
    if reason is Reason.CHECKMATE:
        return "#"
    return "=" if reason not in (Reason.NONE, Reason.TREE_VALUE) else ""


def band_rect(items: list[DisplayedNode]) -> QRectF | None:
    """Scene rectangle of the Pn² band around the second-level items, None without any."""
    xs = [item.x for item in items if item.level == 2]
    ys = [item.y for item in items if item.level == 2]
    if not xs:
        return None
    pad = style.BAND_PAD * style.SLOT
    return QRectF(
        min(xs) - pad,
        min(ys) - style.ROW * 0.42,
        max(xs) - min(xs) + 2 * pad,
        max(ys) - min(ys) + style.ROW * 0.42 + style.STUB_HEIGHT,
    )


def scene_bounds(items: list[DisplayedNode], band: QRectF | None) -> QRectF:
    """Scene rectangle of everything drawn: shapes, numbers, labels, stubs, the band."""
    xs = [item.x for item in items]
    ys = [item.y for item in items]
    half = style.SLOT / 2
    bounds = QRectF(
        min(xs) - half,
        min(ys) - style.TOP,
        max(xs) - min(xs) + 2 * half,
        max(ys) - min(ys) + style.TOP + style.STUB_HEIGHT,
    )
    return bounds.united(band) if band is not None else bounds
