"""What holds the root's proof number up, read off the most-proving path (thesis §3.2).

Along the path an OR node's proof number is its most-proving child's, and an AND node's is the sum
over its replies (every reply the search reaches: on DAG PN's graph, shared ones too). So the
root's proof number splits exactly into the proof numbers of the defender's replies *off* the path
at each AND node, plus the most-proving leaf's own: each AND node's share says how much of the
remaining work its other replies demand. OR nodes on the path where most of the attacker's tries
are refuted, or nearly (disproof number at most `NEARLY_REFUTED`), show where the attack has
little left to choose from.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass

from ..search.dag_tree import DagTree
from ..tree import Tree
from ..values import capitalised, counted
from .lines import Lines

NEARLY_REFUTED = 2
"""An open attacker try with a disproof number this small needs at most this many defender
replies to be shown to hold: it is nearly refuted."""

SHOWN_REPLIES = 4
"""Replies named per AND node: the largest proof numbers, until they carry half of it."""

SHOWN_AND_NODES = 3
"""AND nodes described: those carrying the largest shares of the root's proof number."""

SHOWN_OR_NODES = 3
"""Narrow OR nodes described: the first ones along the path. A sentence names its node's line,
so describing every node of a path 100,000 plies deep would cost the square of its depth."""


@dataclass(frozen=True, slots=True)
class Reply:
    """A defender reply (or attacker try) with its numbers."""

    node: int
    move: str
    proof: int
    disproof: int


@dataclass(frozen=True, slots=True)
class DefenceHold:
    """An AND node on the path: its replies, how many are open, what they add to the root's
    proof number apart from the path's own reply, and the replies that dominate."""

    node: int
    ply: int
    line: str
    replies: int
    open_replies: int
    proof: int
    off_path_proof: int
    dominant: list[Reply]
    sentence: str


@dataclass(frozen=True, slots=True)
class NarrowAttack:
    """An OR node on the path where most of the attacker's tries are refuted or nearly."""

    node: int
    ply: int
    line: str
    tries: int
    refuted: int
    nearly_refuted: int
    best: Reply
    sentence: str


@dataclass(frozen=True, slots=True)
class HoldUp:
    """The analysis of the most-proving path; empty lists for a solved root."""

    root_proof: int
    path: list[int]
    leaf_proof: int
    defences: list[DefenceHold]
    narrow: list[NarrowAttack]
    summary: str


def _reply(tree: Tree, lines: Lines, node: int) -> Reply:
    return Reply(node, lines.move(node), tree.proof[node], tree.disproof[node])


def _after(lines: Lines, node: int) -> str:
    return "at the root" if node == 0 else f"after {lines.line(node)}"


def _defence(
    tree: Tree, lines: Lines, node: int, ply: int, next_node: int, root_proof: int
) -> DefenceHold:
    children = tree.successors(node)
    open_children = [c for c in children if not tree.is_solved(c)]
    off_path = tree.proof[node] - tree.proof[next_node]
    ranked = sorted((c for c in open_children if c != next_node), key=lambda c: (-tree.proof[c], c))
    dominant: list[Reply] = []
    carried = 0
    for child in ranked[:SHOWN_REPLIES]:
        if 2 * carried >= off_path:
            break
        dominant.append(_reply(tree, lines, child))
        carried += tree.proof[child]
    sentence = (
        f"{lines.attacker}'s attack {_after(lines, node)} is held up by {lines.defender}'s "
        f"{counted(len(children), 'reply')} at ply {ply + 1}; "
        f"{len(open_children)} of them {'is' if len(open_children) == 1 else 'are'} still open. "
        f"Besides the most-proving reply {lines.move(next_node)}, they carry {off_path} of the "
        f"root's proof number {root_proof}"
    )
    if dominant:
        named = ", ".join(f"{r.move} ({r.proof})" for r in dominant)
        sentence += f", most of it {named} (proof numbers)"
    return DefenceHold(
        node,
        ply + 1,
        lines.line(node),
        len(children),
        len(open_children),
        tree.proof[node],
        off_path,
        dominant,
        capitalised(sentence + "."),
    )


def _narrow(tree: Tree, lines: Lines, node: int, ply: int, next_node: int) -> NarrowAttack | None:
    children = tree.successors(node)
    if len(children) < 2:
        return None
    refuted = sum(1 for c in children if tree.disproof[c] == 0)
    nearly = sum(1 for c in children if tree.proof[c] and 0 < tree.disproof[c] <= NEARLY_REFUTED)
    if 2 * (refuted + nearly) < len(children):
        return None
    best = _reply(tree, lines, next_node)
    sentence = (
        f"{capitalised(_after(lines, node))} {lines.attacker} has {counted(len(children), 'try')} "
        f"at ply {ply + 1}: {refuted} {'is' if refuted == 1 else 'are'} refuted already and "
        f"{nearly} nearly (disproof number at most {NEARLY_REFUTED}); the best, {best.move}, "
        f"still needs at least {counted(best.proof, 'leaf')} proved (proof number {best.proof}, "
        f"disproof number {best.disproof})."
    )
    return NarrowAttack(
        node, ply + 1, lines.line(node), len(children), refuted, nearly, best, sentence
    )


def hold_up(tree: Tree, lines: Lines) -> HoldUp:
    """Walk the most-proving path (Figure 3.4) and explain the root's proof number."""
    path = tree.most_proving_path()
    root_proof = tree.proof[0]
    if not path:
        verdict = "proved" if root_proof == 0 else "disproved"
        return HoldUp(root_proof, [], 0, [], [], f"The root is {verdict}: nothing holds it up.")
    # Numbers first, for every node of the path; sentences (each naming a whole line) only for
    # the nodes described, so a deep path costs its length.
    shares: list[tuple[int, int, int, int]] = []
    narrow: list[NarrowAttack] = []
    for ply, (node, next_node) in enumerate(zip(path, path[1:], strict=False)):
        if not tree.is_or(node):
            off_path = tree.proof[node] - tree.proof[next_node]
            if off_path > 0:
                shares.append((-off_path, ply, node, next_node))
        elif len(narrow) < SHOWN_OR_NODES:
            found = _narrow(tree, lines, node, ply, next_node)
            if found is not None:
                narrow.append(found)
    leaf = path[-1]
    defences = [
        _defence(tree, lines, node, ply, next_node, root_proof)
        for _, ply, node, next_node in heapq.nsmallest(SHOWN_AND_NODES, shares)
    ]
    leaf_proof = tree.proof[leaf]
    leaves = (
        "it sums every path, so a leaf reached by several paths counts once per path (DAG PN "
        "over-estimates)"
        if isinstance(tree, DagTree)
        else f"at least {counted(root_proof, 'leaf')} must still be proved"
    )
    summary = (
        f"The root's proof number is {root_proof}: {leaves}. The most-proving path is "
        f"{counted(len(path) - 1, 'ply')} deep and ends at {lines.line(leaf) or 'the root'}, "
        f"not expanded yet, with proof number {leaf_proof}"
    )
    if not tree.is_or(leaf) and leaf_proof > 1:
        summary += (
            f": {lines.defender} has {counted(leaf_proof, 'reply')} there, each to be answered "
            "(mobility initialisation, §3.3.1)"
        )
    summary += "."
    return HoldUp(root_proof, path, tree.proof[leaf], defences, narrow, summary)
