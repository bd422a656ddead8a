"""Proof trees: read a proof out of a solved search tree, the main line through it, and the
refutation and the disproof of a disproved one.

A proof tree holds, at each attacker (OR) node, the one move chosen and, at each defender (AND)
node, every reply. It is what the independent verifier (`core.proofs.verify`) replays.

From a proved PN tree the attacker's move at each OR node is its *quickest* proved move (fewest
plies to mate against the longest defence inside the proof), not merely the first proved child;
the main line follows those moves and, at AND nodes, the defender's longest-resisting reply.

A disproof tree is the other answer's certificate, in the same `ProofNode` form: at each attacker
node every move, at each defender node one reply that holds, down to the leaves the game's rules
ended (`disproof_tree`); `core.proofs.verify_disproof` replays it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from ..tree import ROOT, Tree


@dataclass(slots=True)
class ProofNode:
    """One node of a proof tree. `children` maps a move (code) to the subtree after it.

    At an OR node exactly one entry (the attacker's choice); at an AND node one per defender
    reply; a leaf (no children) is a position the attacker has won (checkmate in chess).
    """

    is_or: bool
    children: dict[int, ProofNode] = field(default_factory=dict)

    def size(self) -> int:
        """Number of distinct nodes in the proof (a subtree shared by transpositions once)."""
        seen: set[int] = set()
        stack = [self]
        while stack:
            node = stack.pop()
            if id(node) not in seen:
                seen.add(id(node))
                stack.extend(node.children.values())
        return len(seen)

    def depths(self) -> dict[int, int]:
        """Plies below every node of the proof, keyed by id(node), computed bottom-up once."""
        depths: dict[int, int] = {}
        stack: list[tuple[ProofNode, bool]] = [(self, False)]
        while stack:
            node, children_done = stack.pop()
            if id(node) in depths:
                continue
            if not node.children:
                depths[id(node)] = 0
            elif children_done:
                depths[id(node)] = 1 + max(depths[id(child)] for child in node.children.values())
            else:
                stack.append((node, True))
                stack.extend((child, False) for child in node.children.values())
        return depths

    def main_line(self) -> list[int]:
        """Moves of the longest defence: the attacker's move, then the reply that lasts longest
        (the first such reply in move order on ties)."""
        depths = self.depths()
        line: list[int] = []
        node = self
        while node.children:
            move, node = max(node.children.items(), key=lambda item: depths[id(item[1])])
            line.append(move)
        return line


def _plies_to_win(tree: Tree, root: int) -> dict[int, int]:
    """Plies to the win for every proved node of the proof tree below `root`.

    OR: one more than its quickest proved child; AND: one more than its slowest child; a proved
    leaf: 0. Computed bottom-up without recursion (proofs can be hundreds of plies deep).
    """
    plies: dict[int, int] = {}
    stack = [(root, False)]
    proof = tree.proof
    while stack:
        node, children_done = stack.pop()
        children = [child for child in tree.successors(node) if proof[child] == 0]
        if not children:
            plies[node] = 0
            continue
        if not children_done:
            stack.append((node, True))
            stack.extend((child, False) for child in children if child not in plies)
            continue
        known = [plies[child] for child in children]
        plies[node] = 1 + (min(known) if tree.is_or(node) else max(known))
    return plies


def main_line_nodes(tree: Tree, root: int = ROOT) -> list[int]:
    """Node ids of a proved node's main line, the same line `proof_tree(...).main_line()` gives:
    the attacker's quickest proved move, the defender's longest-resisting reply (first on ties).
    For views, which need ids in the search tree rather than a separate proof tree."""
    if tree.proof[root] != 0:
        raise ValueError("the node is not proved")
    plies = _plies_to_win(tree, root)
    line = [root]
    node = root
    while tree.is_expanded(node):
        children = [child for child in tree.successors(node) if tree.proof[child] == 0]
        if tree.is_or(node):
            node = min(children, key=lambda child: (plies[child], child))
        else:
            node = max(children, key=lambda child: plies[child])
        line.append(node)
    return line


def node_after_moves(tree: Tree, moves: Iterable[int], root: int = ROOT) -> int:
    """The node the line `moves` (game move codes) leads to from `root`, or the last node of the
    line that is in the tree (views play a main line through and point at where it stands)."""
    node = root
    for code in moves:
        child = next(
            (child for child in tree.successors(node) if tree.move_to(node, child) == code), None
        )
        if child is None:
            break
        node = child
    return node


def refuting_reply(tree: Tree, node: int) -> int | None:
    """The reply that holds against a disproved attacker move: `node`'s first disproved child
    (None when the move has none in the tree: it failed by itself or was never expanded)."""
    return next((child for child in tree.successors(node) if tree.disproof[child] == 0), None)


def refutation_nodes(tree: Tree, root: int = ROOT) -> list[tuple[int, int | None]]:
    """A disproved root's refutation: every attacker move with the reply that holds against it."""
    if tree.disproof[root] != 0:
        raise ValueError("the node is not disproved")
    return [(child, refuting_reply(tree, child)) for child in tree.successors(root)]


def proof_tree(tree: Tree, root: int = ROOT) -> ProofNode:
    """The proof of a proved node: quickest proved move at OR nodes, every reply at AND nodes."""
    if tree.proof[root] != 0:
        raise ValueError("the node is not proved")
    plies = _plies_to_win(tree, root)

    def chosen(node: int) -> list[int]:
        if not tree.is_or(node):
            return list(tree.successors(node))
        proved = [child for child in tree.successors(node) if tree.proof[child] == 0]
        return [min(proved, key=lambda child: (plies[child], child))]

    return _read_out(tree, root, chosen)


def refutation_children(tree: Tree, node: int) -> list[int]:
    """`node`'s children in a disproof (the proof's mirror image, thesis §3.1): every try at an
    OR node, the reply that holds (`refuting_reply`) at an AND node; none below a leaf."""
    if not tree.is_expanded(node):
        return []
    if tree.is_or(node):
        return list(tree.successors(node))
    reply = refuting_reply(tree, node)
    return [] if reply is None else [reply]


def disproof_tree(tree: Tree, root: int = ROOT) -> ProofNode:
    """The disproof of a disproved node (`refutation_children` at every node), down to the leaves
    the game's rules ended, or that a Pn² second level settled and discarded. In a tree every
    line is its own path, so a repetition leaf repeats a position of the line it ends. The
    solution browser and the PGN export read it; `core.proofs.verify_disproof` replays it."""
    if tree.disproof[root] != 0:
        raise ValueError("the node is not disproved")
    return _read_out(tree, root, lambda node: refutation_children(tree, node))


def _read_out(tree: Tree, root: int, chosen: Callable[[int], list[int]]) -> ProofNode:
    """The tree of moves from `root` down the `chosen` children of each expanded node."""
    result = ProofNode(tree.is_or(root))
    stack = [(root, result)]
    while stack:
        node, out = stack.pop()
        if not tree.is_expanded(node):
            continue
        for child in chosen(node):
            sub = ProofNode(tree.is_or(child))
            out.children[tree.move_to(node, child)] = sub
            stack.append((child, sub))
    return result
