"""Why a node has its numbers, in the thesis's words: written once here (no Qt) for the tree
view's tooltip, the narration and the df-pn path panel.

Figure 3.3 gives a node its numbers: a leaf from its evaluation (0/∞ proved, ∞/0 disproved, 1/1 or
by mobility, §3.3.1), an expanded OR node the smallest proof number of its children and the sum
of their disproof numbers, an AND node the other way round. Figure 3.4 walks from a node to the
child whose number the node took as its minimum. df-pn (Nagai) writes the same rule from the
player to move: φ is the number that player minimises, δ the one summed, and MID searches below
a node until φ reaches its threshold φ_t or δ reaches δ_t. On DAG PN's graph a child shared by
several parents is counted once under each of them, so a sum above two parents of one position
counts it twice.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..search.numbers import saturated_sum
from ..tree import Tree
from ..values import INF, REASON_TEXT, format_number

Labeller = Callable[[int], str]
"""A node's name in sentences: the move into it (SAN) or the tree file's name."""

SHOWN_TERMS = 6
"""A sum over more children shows this many terms, then '…'."""

NEAR_INFINITY = 1 << 40
"""A number within this of ∞ (a threshold under a root's ∞) is written ∞−k."""


def number_text(value: int) -> str:
    """∞, ∞−k for a number just under ∞ (df-pn's thresholds under a root's ∞), else the
    number with thousands separators."""
    if value >= INF:
        return "∞"
    if value > INF - NEAR_INFINITY:
        return f"∞−{INF - value:,}"
    return f"{value:,}"


def mover_text(is_or: bool, sides: tuple[str, str] = ("the attacker", "the defender")) -> str:
    """Who is to move at a node: the attacker at an OR node, the defender at an AND node, named
    as the game names its sides (`core.games.kinds.GameKind.sides`: "White" in chess)."""
    if is_or:
        who = sides[0] if sides[0] == "the attacker" else f"{sides[0]} (the attacker)"
        return f"OR node: {who} to move; one winning move proves it"
    who = sides[1] if sides[1] == "the defender" else f"{sides[1]} (the defender)"
    return f"AND node: {who} to move; every reply must be answered"


def _terms(values: Sequence[int]) -> str:
    shown = [format_number(value) for value in values[:SHOWN_TERMS]]
    if len(values) > SHOWN_TERMS:
        shown.append("…")
    return " + ".join(shown)


def _smallest(
    name: str, value: int, values: Sequence[int], children: Sequence[int], label: Labeller
) -> str:
    if len(values) == 1:
        return f"{name} = {format_number(value)}: its only child's, {label(children[0])}"
    source = children[list(values).index(value)] if value in values else None
    from_text = f", from {label(source)}" if source is not None else ""
    return f"{name} = {format_number(value)}: the smallest of its children's{from_text}"


def _summed(name: str, value: int, values: Sequence[int]) -> str:
    if len(values) == 1:
        return f"{name} = {format_number(value)}: its only child's"
    if len(values) > SHOWN_TERMS:
        return (
            f"{name} = {format_number(value)}: the sum of its {len(values)} children's "
            f"{_terms(values)}"
        )
    return f"{name} = {format_number(value)}: the sum of its children's {_terms(values)}"


def leaf_text(tree: Tree, node: int) -> str:
    """Why an unexpanded node has its numbers (Figure 3.3's leaf case)."""
    proof, disproof = tree.numbers(node)
    reason = REASON_TEXT.get(tree.reason(node), "")
    because = f" ({reason})" if reason else ""
    if proof == 0:
        return f"pn = 0, dn = ∞: proved{because}; nothing is left to prove here."
    if disproof == 0:
        return f"pn = ∞, dn = 0: disproved{because}; the attacker cannot win here."
    if not tree.is_evaluated(node):
        return "Not evaluated yet: Pn² evaluates a first-level node when it is selected."
    if proof == 1 and disproof == 1:
        return "pn = 1, dn = 1: a leaf not expanded yet; every unknown leaf starts at 1/1."
    if tree.is_or(node):
        return (
            f"pn = 1, dn = {format_number(disproof)}: a leaf not expanded yet; one winning move "
            f"would prove it, and to disprove it all of its {format_number(disproof)} moves must "
            "fail (mobility, §3.3.1)."
        )
    return (
        f"pn = {format_number(proof)}, dn = 1: a leaf not expanded yet; all of the defender's "
        f"{format_number(proof)} replies must be answered to prove it, one good reply disproves "
        "it (mobility, §3.3.1)."
    )


def numbers_lines(tree: Tree, node: int, label: Labeller) -> list[str]:
    """Why `node` has its numbers as they stand: one line for each number (Figure 3.3), and a
    line for a shared child counted under several parents (DAG PN) or numbers not yet updated
    from the children (between an expansion and its update)."""
    if not tree.is_expanded(node):
        return [leaf_text(tree, node)]
    children = list(tree.successors(node))
    if not children:
        return [leaf_text(tree, node)]
    proof, disproof = tree.numbers(node)
    proofs = [tree.proof[child] for child in children]
    disproofs = [tree.disproof[child] for child in children]
    if tree.is_or(node):
        lines = [
            _smallest("pn", proof, proofs, children, label),
            _summed("dn", disproof, disproofs),
        ]
        wanted = (min(proofs), saturated_sum(disproofs))
    else:
        lines = [
            _summed("pn", proof, proofs),
            _smallest("dn", disproof, disproofs, children, label),
        ]
        wanted = (saturated_sum(proofs), min(disproofs))
    if (proof, disproof) != wanted:
        if proof == 0 or disproof == 0:
            lines = [
                f"{'Proved' if proof == 0 else 'Disproved'} by a second-level search "
                f"(Pn²), which handed these children to the first level."
            ]
        else:
            lines = [
                f"pn = {format_number(proof)}, dn = {format_number(disproof)}: not updated yet; "
                f"its children give {format_number(wanted[0])}/{format_number(wanted[1])} once "
                "the update runs."
            ]
    shared = [child for child in children if len(tree.parents(child)) > 1]
    if shared:
        names = ", ".join(label(child) for child in shared[:SHOWN_TERMS])
        lines.append(
            f"Shared with other parents: {names}. DAG PN counts a shared child once under each "
            "parent, so a sum above two of its parents counts it twice."
        )
    return lines


def shared_sum_text(tree: Tree, child: int, label: Labeller) -> str:
    """For a node DAG PN just linked to a second (or further) parent: where the lines of its
    first and its newest parent meet, whose sum can now count it twice ("" for a node with one
    parent)."""
    parents = tree.parents(child)
    if len(parents) < 2:
        return ""
    first, newest = tree.path_to(parents[0]), tree.path_to(parents[-1])
    common = 0
    while common < min(len(first), len(newest)) and first[common] == newest[common]:
        common += 1
    meet = first[common - 1]
    branches = [path[common] for path in (first, newest) if common < len(path)]
    through = (
        f" (through {label(branches[0])} and through {label(branches[1])})"
        if len(branches) == 2
        else ""
    )
    noun = "disproof number" if tree.is_or(meet) else "proof number"
    return (
        f"{label(child)} now counts under {len(parents)} parents: the lines to them part at "
        f"{label(meet)}{through}, and {label(meet)}'s {noun} is a sum, so it can count "
        f"{label(child)}'s numbers twice (DAG PN over-estimates, §3.5.2)."
    )


def unchanged_text(tree: Tree, node: int, label: Labeller) -> str:
    """Why an update changed no numbers: the expanded node's children give it the numbers its
    evaluation had already given it, so no ancestor has anything new to take."""
    parts = "; ".join(line.rstrip(".") for line in numbers_lines(tree, node, label))
    return (
        f"{label(node)}'s children give it the numbers it already had as a leaf ({parts}), so "
        "no ancestor's minimum or sum moves."
    )


def dfpn_lines(
    is_or: bool,
    numbers: tuple[int, int],
    phi_delta: tuple[int, int],
    thresholds: tuple[int, int],
) -> list[str]:
    """df-pn's numbers at one frame of MID's path, in words: φ/δ as pn/dn seen from the player to
    move, and what the thresholds φ_t/δ_t let MID do below the node."""
    proof, disproof = numbers
    phi, delta = phi_delta
    phi_t, delta_t = thresholds
    side = "OR node: φ = pn, δ = dn" if is_or else "AND node: φ = dn, δ = pn"
    lines = [
        f"pn {number_text(proof)}, dn {number_text(disproof)}. {side} (Nagai's numbers are seen "
        "from the player to move: φ is the number that player makes small, δ the one summed).",
        f"φ_t = {number_text(phi_t)}, δ_t = {number_text(delta_t)}: MID searches below this "
        f"node until φ ≥ φ_t (here {number_text(phi)}) or δ ≥ δ_t (here {number_text(delta)}), "
        "then returns its numbers to the parent.",
    ]
    if any(INF - NEAR_INFINITY < value < INF for value in (phi_t, delta_t)):
        lines.append(
            "∞−k is a threshold k below ∞: under a root searched to the end (thresholds ∞), a "
            "child's φ_t is δ_t − δ + φ(best child), that is ∞ minus the parent's δ plus the "
            "child's φ: practically unbounded, but not ∞."
        )
    return lines


def plies_text(ply: int, plies: int) -> str:
    """Where a played line stands, in plies and in the moves a mate counts ("ply 3 of 3, move
    2"): a mate in 2 is three plies."""
    move = (ply + 1) // 2
    plies_word = "ply" if plies == 1 else "plies"
    if ply == 0:
        return f"start (0 of {plies} {plies_word})"
    return f"ply {ply} of {plies} (move {move})"
