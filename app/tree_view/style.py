"""How the tree view looks: every colour, size and font in one place.

Sizes are scene pixels at zoom 1 (the view scales them); fonts are pixel sizes so numbers keep
their proportion to the shapes at every zoom.
"""

from __future__ import annotations

import functools

from PySide6.QtGui import QColor, QFont

from ...core.values import INF

# -- geometry (scene pixels at zoom 1) -----------------------------------------------------------
SLOT = 100.0
"""Horizontal distance between neighbouring node centres: a shape and its two numbers."""
ROW = 82.0
"""Vertical distance between a node and its children (room for the move label between)."""
TOP = 40.0
"""Room above the root in the scene."""
NODE = 24.0
"""Side of an OR square, diameter of an AND circle."""
NUMBER_GAP = 8.0
"""Space between a shape and the proof number (left) or disproof number (right)."""
STUB_WIDTH = 68.0
STUB_HEIGHT = 32.0
HALO = 5.0
"""How far the changed-numbers halo stands off the shape."""
BAND_PAD = 0.42
"""Padding of the second-level band around its nodes, in slots."""
LABEL_ROOM = NODE / 2 + 22.0
"""Room a node needs above its centre for its move label."""
CHILD_ROOM = ROW + STUB_HEIGHT / 2 + 4.0
"""Room the most-proving node needs below its centre: the row its children will fill."""

# -- the widget's zones (widget pixels) -----------------------------------------------------------
MARGIN = 8.0
"""Space around the caption and the buttons."""
CAPTION_LINES = 3
"""Lines the header keeps for the caption: the node count (and a note), then the step in words
wrapped to two lines. Fixed, so the drawing area does not move when the caption's length does."""
VIEW_PAD = 6.0
"""Space follow keeps between the nodes it must show and the edges of the drawing area."""

# -- zoom -----------------------------------------------------------------------------------------
MIN_SCALE = 0.04
MAX_SCALE = 3.0
ZOOM_STEP = 1.25
TEXT_MIN_SCALE = 0.42
"""Below this zoom, numbers and labels are not drawn (they would be unreadable anyway)."""
FOLLOW_TAIL = 0.6
"""When the path is too big to show whole, the share of the drawing area's height follow insists
on: the most-proving node, its children's row and the levels just above it. The rest is slack,
so the next step, a level deeper or shallower, does not scroll."""
FOLLOW_KEEP = 2
"""Follow does not scroll while the last this many nodes of the path (the most-proving node
and its parent), with room for the coming children, are in the drawing area."""
FOLLOW_AHEAD = 1.5
"""When follow has to scroll, the rows of room it leaves on the side the path is heading for
(below when it went deeper, above when it came up); the rest shows more of the path above."""

SOLVED_FIT_MARGIN = 0.9
"""A solved line zoomed out to fit keeps this share of the drawing area, so no edge is tight."""
GLIDE_MS = 260
"""How long a follow scroll takes on screen (offscreen renders jump at once)."""
GHOST_MS = 1600
"""How long a discarded second-level tree takes to fade out."""

# -- fonts ----------------------------------------------------------------------------------------


def luminance(colour: QColor) -> float:
    """WCAG 2's relative luminance of an opaque colour (0 black, 1 white)."""

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    return (
        0.2126 * channel(colour.red())
        + 0.7152 * channel(colour.green())
        + 0.0722 * channel(colour.blue())
    )


def contrast(first: QColor, second: QColor) -> float:
    """WCAG 2's contrast ratio of two colours (1 to 21; text wants at least 4.5)."""
    high, low = sorted((luminance(first), luminance(second)), reverse=True)
    return (high + 0.05) / (low + 0.05)


READABLE_CONTRAST = 4.5
"""WCAG 2's contrast ratio for ordinary text, which every name inside a node keeps."""


def text_on(fill: QColor) -> QColor:
    """The text colour for a name inside a node on `fill` (the contrast rule: readable on every
    fill, the effort map's included): the usual dark text where it reaches
    `READABLE_CONTRAST`, else white or black, whichever contrasts more (one of them always
    reaches 4.58)."""
    if contrast(TEXT, fill) >= READABLE_CONTRAST:
        return TEXT
    return NAME_ON_FILL if contrast(NAME_ON_FILL, fill) >= contrast(BLACK, fill) else BLACK


@functools.lru_cache(maxsize=64)
def font(pixels: float, bold: bool = False) -> QFont:
    """A font of `pixels` pixel size (shared: callers must not change it)."""
    result = QFont()
    result.setPixelSize(max(1, round(pixels)))
    result.setBold(bold)
    return result


NUMBER_PX = 13
"""Proof and disproof numbers of up to three characters; longer ones get smaller, so two
neighbours' five-digit numbers still fit between their shapes."""
LABEL_PX = 12
NAME_PX = 11
STUB_PX = 12
STUB_SMALL_PX = 10
BAND_PX = 12
OVERLAY_PX = 12

READABLE_PX = 9.0
"""The smallest text a class reads in the tree, in widget pixels at the usual size (projector
mode multiplies it by its text scale: 12.15 pixels)."""
SOLVED_MIN_SCALE = READABLE_PX / min(LABEL_PX, NAME_PX, NUMBER_PX - 2)
"""Follow zooms out down to this (0.82) to show a solved root's main line whole: its move
labels, names and numbers (up to five digits) stay at least `READABLE_PX` on screen."""
FOLLOW_MIN_SCALE = SOLVED_MIN_SCALE
"""Follow zooms out down to this to keep a growing most-proving path whole in view (labels
and numbers still at least `READABLE_PX`); a longer path shows its deep end, and the path strip
its top (`app.tree_view.path_strip`)."""

# -- colours --------------------------------------------------------------------------------------
BACKGROUND = QColor("#fbfbf8")
EDGE = QColor("#a7adb2")
OUTLINE = QColor("#37474f")
TEXT = QColor("#263238")
NAME_ON_FILL = QColor("#ffffff")
BLACK = QColor("#000000")
"""A node's name inside a green or red (solved) shape."""
MUTED_TEXT = QColor("#6b7780")
LABEL_BACKGROUND = QColor(251, 251, 248, 225)

UNKNOWN_FILL = QColor("#ffffff")
PROVED_FILL = QColor("#5cb85c")
DISPROVED_FILL = QColor("#e0605a")
PROVED_TEXT = QColor("#2e7d32")
DISPROVED_TEXT = QColor("#c62828")

PATH = QColor("#f39c12")
"""The first level's most-proving path."""
PATH_GLOW = QColor(243, 156, 18, 90)
SOLUTION = QColor(92, 184, 92, 170)
"""The main line of a proved root: green, as proved nodes are."""
REFUTATION = QColor(224, 96, 90, 170)
"""The refutation line of a disproved root: red, as disproved nodes are."""
CHANGED = QColor("#1e6fd9")
"""Nodes whose numbers the last step changed, the node it selected, its new children."""
CHANGED_HALO = QColor(30, 111, 217, 70)
FOCUS = QColor("#111111")
HOVER = QColor(0, 0, 0, 28)

STUB_FILL = QColor("#eef0f2")
STUB_OUTLINE = QColor("#8d969c")

LEVEL2 = QColor("#8e44ad")
"""Pn²'s second level: outlines, its own most-proving path, the band's border."""
LEVEL2_GLOW = QColor(142, 68, 173, 80)
BAND_FILL = QColor(142, 68, 173, 22)
GHOST = QColor("#9aa0a6")
LEVEL1 = QColor("#78909c")
"""Pn²'s first level (or PN's one tree) where it is counted, not drawn: the memory gauge."""
ALERT = QColor("#ad1457")
"""Something needs attention: the node cap near or reached, a proof that failed verification."""
TRANSPOSITION = QColor("#00897b")
"""Every node holding one same position, reached by different paths (Figures 3.11/3.12); DAG
PN's links to a shared node from its other parents, and their "2 parents" marker."""
LINK_WIDTH = 2.2
"""DAG PN's dashed link from a shared node's other parent (off the most-proving path)."""

EFFORT_STOPS = (
    QColor("#ffffcc"),
    QColor("#a1dab4"),
    QColor("#41b6c4"),
    QColor("#2c7fb8"),
    QColor("#253494"),
)
"""The effort map (View ▸ Effort map): a node's fill by the nodes below it, from one node (pale
yellow) to the whole tree (deep blue), on a log scale. Its own hues: none is a state colour."""

OVERLAY_BACKGROUND = QColor(255, 255, 255, 232)
OVERLAY_BORDER = QColor("#c9ced3")
HEADER_FILL = QColor("#f2f3ef")
"""The strips above (caption, buttons) and below (legend) the drawing area."""

# -- widths ---------------------------------------------------------------------------------------
EDGE_WIDTH = 1.3
PATH_WIDTH = 3.2
PATH_GLOW_WIDTH = 9.0
OUTLINE_WIDTH = 1.5
PATH_OUTLINE_WIDTH = 3.0
HALO_WIDTH = 2.6
FOCUS_WIDTH = 2.0
FOCUS_RADIUS = 0.72 * (NODE + 8)
"""The dashed ring around the focused node (pinned, or the finale's last node)."""
FOCUS_NUMBER_GAP = FOCUS_RADIUS + FOCUS_WIDTH + 1 - NODE / 2
"""A focused node's numbers start outside its ring (`NUMBER_GAP` would put them under it)."""


def number_font(characters: int, bold: bool) -> QFont:
    """The font of a proof or disproof number `characters` long."""
    return font(NUMBER_PX - max(0, min(characters, 5) - 3), bold)


def node_slots(proof_text: str, disproof_text: str) -> float:
    """Room a node needs, in slots: more than one when its numbers are long."""
    chars = max(len(proof_text), len(disproof_text))
    if chars <= 3:
        return 1.0
    digit = 0.62 * (NUMBER_PX - min(chars, 5) + 3)
    return max(1.0, (NODE + 2 * (NUMBER_GAP + chars * digit) + 14) / SLOT)


def number_text(number: int) -> str:
    """A proof or disproof number as drawn: exact up to five digits, then 123k / 1.2M; ∞."""
    if number >= INF:
        return "∞"
    if number < 100_000:
        return str(number)
    if number < 10_000_000:
        return f"{number // 1000}k"
    return f"{number / 1_000_000:.1f}M" if number < 100_000_000 else f"{number // 1_000_000}M"


def count_text(number: int) -> str:
    """A node count on a stub: 312, 4,096, 81k, 1.2M."""
    if number < 10_000:
        return f"{number:,}"
    if number < 1_000_000:
        return f"{number // 1000}k"
    return f"{number / 1_000_000:.1f}M"
