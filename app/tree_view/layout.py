"""Which nodes of a huge AND/OR tree to draw, and where (the tree view's model; no Qt).

A search tree holds up to a million nodes, so the view never draws it whole. It shows the levels
near the root, the most-proving path with the siblings along it, the nodes a step just touched and
whatever the user unfolded; everything else is folded into *stubs* that say how many nodes they
hide. A Pn² second-level tree can be attached beneath the first-level node it evaluates.

The cost of one layout is O(displayed nodes + path length): the tree is read through its columns,
never copied, and subtree sizes come from `SubtreeSizes`, which follows the growing tree in
O(new nodes) per sync. Positions come from a Reingold–Tilford layered layout (children centred
under their parent, neighbouring subtrees packed by their contours, no overlaps), in units of one
node slot horizontally and one row vertically.
"""

from __future__ import annotations

import heapq
from array import array
from collections import OrderedDict, deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from itertools import chain

from ...core.games.game import Game
from ...core.games.registry import kind_of
from ...core.proofs.proof import main_line_nodes
from ...core.proofs.solution_tree import refutation_line
from ...core.tree import NO_NODE, ROOT, Tree
from ..short_text import short_label

NODE = "node"
"""A tree node drawn with its shape and numbers."""
FOLD = "fold"
"""A stub below a drawn node whose children are all hidden ("+312")."""
MORE = "more"
"""A stub beside a drawn node's shown children, standing for its hidden children ("+34 more")."""

SEPARATION = 1.0
"""Width of an ordinary item in slots: neighbours' extents touch, so centres are at least one
slot apart (an item with wide numbers asks for more through `LevelInput.width`)."""
BAND_MARGIN = 0.5
"""Extra room kept free around a second-level tree so its band does not touch first-level nodes."""


# -- reading the tree -----------------------------------------------------------------------------


def solution_line(tree: Tree) -> list[int]:
    """For a solved root, a main line to keep in view instead of the (now empty) most-proving
    path. Proved: the verified mate's main line (`core.proofs.proof.main_line_nodes`, as the result
    panel plays it). Disproved: the solution browser's default line
    (`core.proofs.solution_tree.refutation_line`: the try lasting longest, the reply that holds)."""
    if not tree.is_solved(ROOT):
        return []
    if tree.proof[ROOT] == 0:
        return main_line_nodes(tree)
    return refutation_line(tree)


class SubtreeSizes:
    """The number of nodes under every node of a growing tree, for the stubs' "+N".

    `sync` folds in the nodes created since the last call, from the newest up (a child's id is
    always larger than its parent's), so it costs O(new nodes + their distinct old ancestors).
    If the tree shrank, or was replaced, or regrew differently, the sizes are rebuilt: that pass
    is O(tree), so with `max_work` it is put off while the tree is bigger than that and still
    growing (a Pn² second-level tree met in full flight); once the tree stands still between two
    syncs (the search paused: someone is looking) it is done whatever the size. Until then
    `complete` is False and the sizes must not be read.
    """

    def __init__(self) -> None:
        self._tree: Tree | None = None
        self._sizes = array("q")
        self._last = (NO_NODE, 0)
        self._seen = -1
        self.complete = False

    def sync(self, tree: Tree, max_work: int | None = None) -> bool:
        """Bring the sizes up to date; True if node ids may have changed meaning (rebuilt)."""
        known = len(self._sizes)
        rebuilt = False
        count = len(tree)
        if (
            tree is not self._tree
            or count < known
            or (known and (tree.parent[known - 1], tree.move[known - 1]) != self._last)
        ):
            rebuilt = True
            self._tree = tree
            self._sizes = array("q")
            self.complete = False
            known = 0
            seen = -1
        else:
            seen = self._seen
        self._seen = count
        if not self.complete:
            if max_work is not None and count > max_work and count != seen:
                return rebuilt
            self.complete = True
        if count == known:
            return rebuilt
        sizes = self._sizes
        sizes.extend(array("q", [1]) * (count - known))
        parent = tree.parent
        pending: dict[int, int] = {}
        for node in range(count - 1, known - 1, -1):
            above = parent[node]
            if above >= known:
                sizes[above] += sizes[node]
            elif above != NO_NODE:
                pending[above] = pending.get(above, 0) + sizes[node]
        # Old ancestors of the new nodes: the deepest (largest id) first, so each gets its whole
        # increase before handing it on to its parent.
        heap = [-node for node in pending]
        heapq.heapify(heap)
        while heap:
            node = -heapq.heappop(heap)
            amount = pending.pop(node)
            sizes[node] += amount
            above = parent[node]
            if above != NO_NODE:
                if above in pending:
                    pending[above] += amount
                else:
                    pending[above] = amount
                    heapq.heappush(heap, -above)
        self._last = (parent[count - 1], tree.move[count - 1])
        return rebuilt

    def __getitem__(self, node: int) -> int:
        return self._sizes[node]


INSIDE_NAME_CHARS = 3
"""Explicit-tree names are written inside the nodes when every name of the tree is at most this
long (Figure 3.1's letters); otherwise all of them stand above their nodes, like chess moves."""


class MoveLabels:
    """Edge labels (the move into a node) and node names, computed only for drawn nodes.

    Labels are the game kind's (`GameKind.labeller`: SAN for chess, a tree file's move labels),
    made by one labeller per drawn parent (children of one parent share it); games whose
    positions have names (explicit trees) write short ones inside the nodes. `base_moves` roots
    the labels at a position below the game's root (Pn²'s second-level tree starts at a
    first-level node).
    """

    LABELLER_CACHE = 512

    def __init__(self, game: Game, base_moves: Iterable[int] = (), root_name: str = "") -> None:
        self.game = game
        self.kind = kind_of(game)
        self._base = list(base_moves)
        names = self.kind.position_names(game)
        self._named = game.capabilities.named_nodes
        self._names_inside = names is not None and all(
            len(name) <= INSIDE_NAME_CHARS for name in names
        )
        self._labels: dict[int, str] = {}
        self._labellers: OrderedDict[int, Callable[[int], str]] = OrderedDict()
        self._fixed = self.kind.fixed_labeller(game)
        if not root_name and self._named:
            root_name = self.kind.position_text(game, self._base)
        self._root_name = short_label(root_name)

    @property
    def unit(self) -> str:
        """What the edges stand for, as a stub counts them (singular: see `core.values.counted`)."""
        return self.kind.move_noun

    def clear(self) -> None:
        self._labels.clear()
        self._labellers.clear()

    def node_name(self, tree: Tree, node: int) -> str:
        """The name written inside the node (explicit trees with short names: "A", "K1"), else ""
        (chess positions have none; longer names stand above the nodes instead)."""
        if not self._names_inside:
            return ""
        if node == ROOT:
            return self._root_name
        return short_label(self._position_name(tree, node))

    def _position_name(self, tree: Tree, node: int) -> str:
        return self.kind.position_text(self.game, [*self._base, *tree.moves_to(node)])

    def edge_label(self, tree: Tree, node: int) -> str:
        """The move into `node` ("" for the root); cached, node ids never change meaning."""
        if node == ROOT:
            return ""
        label = self._labels.get(node)
        if label is None:
            label = self._compute(tree, node)
            self._labels[node] = label
        return label

    def _compute(self, tree: Tree, node: int) -> str:
        move = self.labeller_at(tree, tree.parent[node])(tree.move[node])
        inside = self._names_inside and move == self._position_name(tree, node)
        return "" if inside else short_label(move)

    def labeller_at(self, tree: Tree, node: int) -> Callable[[int], str]:
        """The labeller of the moves from `node`'s position (kept for the most recent parents)."""
        if self._fixed is not None:
            return self._fixed
        labellers = self._labellers
        labeller = labellers.get(node)
        if labeller is not None:
            labellers.move_to_end(node)
            return labeller
        labeller = self.kind.labeller(self.game, [*self._base, *tree.moves_to(node)])
        labellers[node] = labeller
        if len(labellers) > self.LABELLER_CACHE:
            labellers.popitem(last=False)
        return labeller


# -- the layout -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LayoutOptions:
    """How much of the tree is shown without the user asking."""

    auto_depth: int = 2
    """Levels below the root shown automatically (capped by `max_children` per node)."""
    max_children: int = 5
    """Children shown per open node, best numbers first, unless the user unfolds it."""
    whole_tree_below: int = 64
    """A tree with at most this many nodes is drawn whole..."""
    whole_tree_fanout: int = 12
    """...if no node has more children than this: a row of 40 root moves would be wider than
    any window, and follow could not keep the root and the most-proving node in view."""


@dataclass(slots=True)
class LevelInput:
    """One tree to lay out, with what the user and the last step ask to be shown."""

    tree: Tree
    sizes: SubtreeSizes
    path: list[int] = field(default_factory=list)
    """The most-proving path (always shown unless the user folds a node on it)."""
    expanded: set[int] = field(default_factory=set)
    """Nodes the user unfolded: all their children are shown."""
    collapsed: set[int] = field(default_factory=set)
    """Nodes the user folded: their children are hidden whatever else asks for them."""
    reveal: Iterable[int] = ()
    """Nodes that must be visible (with their ancestors): the last selected path, the focus."""
    open_also: Iterable[int] = ()
    """Nodes whose children are shown (capped) as well: the node the last step expanded."""
    width: Callable[[int], float] | None = None
    """Width of a node in slots (at least 1), e.g. for long numbers; None: all 1."""


@dataclass(slots=True)
class PlacedNode:
    """One drawn item: a node or a stub, at column `x` (slots) and row `row`."""

    kind: str
    level: int
    node: int
    """Tree id; for stubs, the id of the node whose children they hide."""
    parent: int
    """Index into `Layout.items` of the item drawn above, -1 for the top."""
    row: int
    x: float = 0.0
    on_path: bool = False
    width: float = SEPARATION
    hidden_children: int = 0
    hidden_nodes: int = 0
    """-1 while the tree's subtree sizes are not known yet (`SubtreeSizes.complete`)."""


@dataclass(slots=True)
class Layout:
    """Positioned items (parents before children) and where to find each drawn node."""

    items: list[PlacedNode]
    index: dict[tuple[int, int], int]
    """(level, tree id) -> index into `items` of that node's NODE item."""


class _Builder:
    """Chooses the items to draw, level by level, breadth first (parents before children)."""

    def __init__(self) -> None:
        self.items: list[PlacedNode] = []
        self.children: list[list[int]] = []
        self.index: dict[tuple[int, int], int] = {}
        self.boxed: set[int] = set()

    def add(self, item: PlacedNode) -> int:
        position = len(self.items)
        self.items.append(item)
        self.children.append([])
        if item.parent >= 0:
            self.children[item.parent].append(position)
        if item.kind == NODE:
            self.index[(item.level, item.node)] = position
        return position

    def add_level(
        self,
        spec: LevelInput,
        options: LayoutOptions,
        level: int,
        parent: int,
        row: int,
        attach: tuple[int, LevelInput, LayoutOptions] | None = None,
    ) -> None:
        """Add one tree's items below item `parent`, its root at `row`; `attach` hangs a second
        tree (with its own options) below the given node of this one."""
        tree, sizes = spec.tree, spec.sizes
        on_path = set(spec.path)
        open_also = set(spec.open_also)  # a main line thousands of plies long: look-ups, not scans
        wanted = _wanted_children(tree, spec)
        whole = len(tree) <= options.whole_tree_below and all(
            tree.child_count[node] <= options.whole_tree_fanout for node in range(len(tree))
        )
        width = spec.width or (lambda node: SEPARATION)
        queue = deque(
            [
                (
                    ROOT,
                    self.add(
                        PlacedNode(
                            NODE,
                            level,
                            ROOT,
                            parent,
                            row,
                            on_path=ROOT in on_path,
                            width=width(ROOT),
                        )
                    ),
                    0,
                )
            ]
        )
        while queue:
            node, position, depth = queue.popleft()
            item_row = row + depth
            if attach is not None and node == attach[0]:
                self.boxed.add(len(self.items))
                self.add_level(attach[1], attach[2], 2, position, item_row + 1)
            if not tree.is_expanded(node):
                continue
            if node in spec.collapsed and node not in spec.expanded:
                shown: list[int] = []
            elif whole or node in spec.expanded:
                shown = list(tree.children(node))
            else:
                shown = _open_children(
                    tree,
                    node,
                    wanted.get(node, ()),
                    options,
                    depth < options.auto_depth or node in open_also,
                )
            for child in shown:
                child_position = self.add(
                    PlacedNode(
                        NODE,
                        level,
                        child,
                        position,
                        item_row + 1,
                        on_path=child in on_path,
                        width=width(child),
                    )
                )
                queue.append((child, child_position, depth + 1))
            hidden = tree.child_count[node] - len(shown)
            if hidden:
                # A fold on the path (the user folded it) carries the path highlight down.
                folds_path = not shown and node in on_path and node != spec.path[-1]
                hidden_nodes = (
                    sizes[node] - 1 - sum(sizes[child] for child in shown) if sizes.complete else -1
                )
                self.add(
                    PlacedNode(
                        MORE if shown else FOLD,
                        level,
                        node,
                        position,
                        item_row + 1,
                        on_path=folds_path,
                        hidden_children=hidden,
                        hidden_nodes=hidden_nodes,
                    )
                )


def _wanted_children(tree: Tree, spec: LevelInput) -> dict[int, list[int]]:
    """For each node, its children that must be shown: on the way to a node of the most-proving
    path or to a node to reveal. In a tree the path is its own way down; on DAG PN's graph a
    path node entered through a link is drawn under the parent that created it, so that
    parent's way down is shown too (`app.tree_view.dag_links` draws the link)."""
    required: set[int] = set()
    parent = tree.parent
    for node in chain(spec.path, spec.reveal):
        while 0 <= node < len(tree) and node not in required:
            required.add(node)
            node = parent[node]
    wanted: dict[int, list[int]] = {}
    for node in required:
        if parent[node] != NO_NODE:
            wanted.setdefault(parent[node], []).append(node)
    return wanted


def _open_children(
    tree: Tree, node: int, forced: Iterable[int], options: LayoutOptions, open_anyway: bool
) -> list[int]:
    """Children of a node that is neither folded nor unfolded by the user: the forced ones,
    topped up to `max_children` with the ones the search would turn to next (best numbers,
    ties in move order) if the node is open at all; in move order."""
    forced = set(forced)
    if not forced and not open_anyway:
        return []
    room = max(options.max_children - len(forced), 0)
    numbers = tree.proof if tree.is_or(node) else tree.disproof
    best = heapq.nsmallest(room + len(forced), tree.children(node), key=numbers.__getitem__)
    return sorted(forced.union([child for child in best if child not in forced][:room]))


SECOND_LEVEL_OPTIONS = LayoutOptions(auto_depth=1, max_children=4, whole_tree_below=24)
"""A second-level tree is drawn more sparingly: it sits inside the first level's picture."""


def layout_tree(
    first: LevelInput,
    options: LayoutOptions | None = None,
    second: LevelInput | None = None,
    second_root: int = NO_NODE,
    second_options: LayoutOptions = SECOND_LEVEL_OPTIONS,
    straight: bool = False,
) -> Layout:
    """Choose and position what to draw of `first`, with `second` (a Pn² second-level tree)
    hanging below first-level node `second_root` if that node is drawn; `straight`: each node
    of the most-proving path stands above the path's next node, not centred over its children,
    so the path runs straight down (`path_width` says when the view needs it)."""
    builder = _Builder()
    attach = None
    if second is not None and second_root != NO_NODE:
        attach = (second_root, second, second_options)
    builder.add_level(first, options or LayoutOptions(), 1, -1, 0, attach)
    items = builder.items
    spine = [
        _path_child(items, kids) if straight and item.on_path else -1
        for item, kids in zip(items, builder.children, strict=True)
    ]
    offsets = _place(builder.children, builder.boxed, [item.width / 2 for item in items], spine)
    for position, item in enumerate(items):
        if item.parent >= 0:
            item.x = items[item.parent].x + offsets[position]
    return Layout(items, builder.index)


def path_width(layout: Layout) -> float:
    """How many slots wide the drawn most-proving path (of either level) is: from its leftmost
    node's left edge to its rightmost node's right edge."""
    spans = [
        (item.x - item.width / 2, item.x + item.width / 2)
        for item in layout.items
        if item.on_path and item.kind == NODE
    ]
    if not spans:
        return 0.0
    return max(right for _, right in spans) - min(left for left, _ in spans)


class _Contour:
    """Leftmost and rightmost extent of a subtree per row, relative to its top plus `shift`.

    Rows are stored deepest first, so a parent adds its own row with one append; merging two
    contours touches only the rows they share (Reingold–Tilford in O(nodes) overall).
    """

    __slots__ = ("left", "right", "shift")

    def __init__(self, half: float) -> None:
        self.left = [-half]
        self.right = [half]
        self.shift = 0.0

    def __len__(self) -> int:
        return len(self.left)


def _path_child(items: list[PlacedNode], kids: list[int]) -> int:
    """Which of an item's children (an index into `kids`) is the next node of the path, -1 if
    none is drawn there."""
    for number, kid in enumerate(kids):
        if items[kid].on_path and items[kid].kind == NODE:
            return number
    return -1


def _place(
    children: list[list[int]], boxed: set[int], halves: list[float], spine: list[int]
) -> list[float]:
    """Offset of every item from its parent (Reingold–Tilford over the item forest). A parent
    stands over the middle of its children, or straight above the one `spine` names (-1:
    none): a path laid out that way runs down one column whatever the branching, so its width
    is one node's however deep it goes (SpaceTree's focus path), and the siblings pack to
    either side of it."""
    offsets = [0.0] * len(children)
    contours: list[_Contour | None] = [None] * len(children)
    for position in range(len(children) - 1, -1, -1):
        kids = children[position]
        if not kids:
            contours[position] = _Contour(halves[position])
            continue
        accumulated = contours[kids[0]]
        assert accumulated is not None, "a subtree is placed before its parent"
        placed = [0.0]
        for kid in kids[1:]:
            contour = contours[kid]
            assert contour is not None, "a subtree is placed before its parent"
            placed.append(
                _merge(accumulated, contour)
                if len(contour) <= len(accumulated)
                else _merge_longer(accumulated, contour)
            )
            if len(contour) > len(accumulated):
                accumulated = contour
        middle = (placed[0] + placed[-1]) / 2 if spine[position] < 0 else placed[spine[position]]
        for kid, offset in zip(kids, placed, strict=True):
            offsets[kid] = offset - middle
            contours[kid] = None
        accumulated.shift -= middle
        accumulated.left.append(-halves[position] - accumulated.shift)
        accumulated.right.append(halves[position] - accumulated.shift)
        if position in boxed:
            _box(accumulated)
        contours[position] = accumulated
    return offsets


def _gap(accumulated: _Contour, contour: _Contour) -> float:
    """Smallest offset that puts `contour` clear to the right of `accumulated` on shared rows."""
    shared = min(len(accumulated), len(contour))
    a_right, a_shift = accumulated.right, accumulated.shift
    c_left, c_shift = contour.left, contour.shift
    a_top, c_top = len(accumulated) - 1, len(contour) - 1
    return max(
        a_right[a_top - row] + a_shift - c_left[c_top - row] - c_shift for row in range(shared)
    )


def _merge(accumulated: _Contour, contour: _Contour) -> float:
    """Place a subtree no deeper than the accumulated ones; the accumulated contour absorbs it."""
    offset = _gap(accumulated, contour)
    a_top, c_top = len(accumulated) - 1, len(contour) - 1
    delta = offset + contour.shift - accumulated.shift
    a_right, c_right = accumulated.right, contour.right
    for row in range(len(contour)):
        a_right[a_top - row] = c_right[c_top - row] + delta
    return offset


def _merge_longer(accumulated: _Contour, contour: _Contour) -> float:
    """Place a subtree deeper than the accumulated ones; its contour absorbs theirs (so only the
    shared rows are touched) and the caller keeps it as the accumulated contour."""
    offset = _gap(accumulated, contour)
    contour.shift += offset
    a_top, c_top = len(accumulated) - 1, len(contour) - 1
    delta = accumulated.shift - contour.shift
    a_left, c_left = accumulated.left, contour.left
    for row in range(len(accumulated)):
        c_left[c_top - row] = a_left[a_top - row] + delta
    return offset


def _box(contour: _Contour) -> None:
    """Widen a subtree's contour to its bounding box plus a margin (a second-level band)."""
    low = min(contour.left) - BAND_MARGIN
    high = max(contour.right) + BAND_MARGIN
    contour.left[:] = [low] * len(contour)
    contour.right[:] = [high] * len(contour)
