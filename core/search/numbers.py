"""Proof-number arithmetic, written once for every proof-number search (Breuker, thesis ch. 3).

PN, Pn², DAG PN and df-pn give a node its numbers by the same rules: the leaf case and the OR/AND
case of `set_proof_and_disproof_numbers` (Figure 3.3), with sums that saturate below ∞, and the
most-proving child that Figure 3.4 selects is the one whose number the OR/AND rule took as its
minimum. df-pn writes the same rule in Nagai's φ/δ form (φ and δ: the numbers seen from the
player to move); `phi_delta` below is that form, and `as_phi_delta` turns (pn, dn) into it.

∞ is `core.values.INF`, an exact integer that views print as ∞; it is re-exported here so that
a search takes every number it computes with from this module.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from ..values import INF, Value
from .defaults import UNIT

__all__ = [
    "INF",
    "LARGEST_UNSOLVED",
    "and_numbers",
    "as_phi_delta",
    "grouped_sum",
    "leaf_numbers",
    "node_numbers",
    "or_numbers",
    "phi_delta",
    "saturated_sum",
    "weak_sum",
]

LARGEST_UNSOLVED = INF - 1
"""The largest number an unsolved node can have: its sums stop here, so ∞ always means solved.
On a tree no sum comes near it; on a graph (DAG PN, df-pn's table) a child reached by several
paths is counted once per path, and where the defender has one or two moves and the attacker
thirty a disproof sum multiplies by about thirty every two plies without any child being solved."""

T = TypeVar("T")


def saturated_sum(numbers: Sequence[int]) -> int:
    """The sum rule of Figure 3.3 (a node's Σ of its children's numbers), saturating: ∞ if a
    child's number is ∞, else the sum, but at most `LARGEST_UNSOLVED`, so an unsolved node is
    never taken for a solved one and the number still fits the tree's 64-bit columns."""
    total = sum(numbers)
    if total < LARGEST_UNSOLVED:
        return total
    return INF if INF in numbers else LARGEST_UNSOLVED


def weak_sum(numbers: Sequence[int]) -> int:
    """Weak proof-number search's rule for the summed number (Ueda, Hashimoto, Hashimoto and
    Iida 2008): the largest child's number plus one for each other child not solved against
    the node, in place of the sum, so a child reached through several siblings (a transposition
    in a DAG or a table) is not counted once per sibling. Saturating like `saturated_sum`."""
    largest = max(numbers)
    if largest >= INF:
        return INF
    open_children = sum(1 for number in numbers if number)
    return min(largest + max(open_children - 1, 0), LARGEST_UNSOLVED)


def grouped_sum(numbers: Sequence[int], groups: Sequence[int]) -> int:
    """The summed number under Kishimoto's source node detection (SNDA, 2010): children with the
    same label in `groups` lead into one shared position, so each group counts once, by its
    largest number, and the groups are summed (saturating like `saturated_sum`). With every
    label different it is the plain sum."""
    largest: dict[int, int] = {}
    for number, group in zip(numbers, groups, strict=True):
        if number > largest.get(group, -1):
            largest[group] = number
    return saturated_sum(list(largest.values()))


def or_numbers(proofs: Sequence[int], disproofs: Sequence[int]) -> tuple[int, int]:
    """Figure 3.3 at an expanded OR node, from its children's numbers (thesis §3.2): the least
    proof number (one proved child proves it) and the sum of the disproof numbers (every child
    must be disproved)."""
    return min(proofs), saturated_sum(disproofs)


def and_numbers(proofs: Sequence[int], disproofs: Sequence[int]) -> tuple[int, int]:
    """Figure 3.3 at an expanded AND node, from its children's numbers (thesis §3.2): the sum of
    the proof numbers (every reply must be proved) and the least disproof number."""
    return saturated_sum(proofs), min(disproofs)


def node_numbers(
    proofs: Sequence[int], disproofs: Sequence[int], is_or: bool, weak: bool = False
) -> tuple[int, int]:
    """Figure 3.3 at an expanded node: `or_numbers` or `and_numbers` by the node's type; with
    `weak`, the summed number by `weak_sum` (df-pn's `weak_delta`)."""
    if weak:
        if is_or:
            return min(proofs), weak_sum(disproofs)
        return weak_sum(proofs), min(disproofs)
    return or_numbers(proofs, disproofs) if is_or else and_numbers(proofs, disproofs)


def leaf_numbers(value: Value, mobility: int, is_or: bool, initialisation: str) -> tuple[int, int]:
    """Figure 3.3's leaf case: (0, ∞) proved, (∞, 0) disproved, and an unsolved leaf (1, 1) or,
    with the mobility initialisation of §3.3.1, (1, n) at an OR node and (n, 1) at an AND node,
    n its number of moves."""
    if value is Value.TRUE:
        return 0, INF
    if value is Value.FALSE:
        return INF, 0
    if initialisation == UNIT:
        return 1, 1
    return (1, mobility) if is_or else (mobility, 1)


def as_phi_delta(proof: T, disproof: T, is_or: bool) -> tuple[T, T]:
    """(φ, δ) of a node, or of a list of nodes of one type, from (pn, dn): at an OR node φ = pn
    and δ = dn, at an AND node the other way round (Nagai's view from the player to move)."""
    return (proof, disproof) if is_or else (disproof, proof)


def phi_delta(
    child_deltas: Sequence[int], child_phis: Sequence[int], weak: bool = False
) -> tuple[int, int]:
    """Figure 3.3 in Nagai's φ/δ form, one rule for both node types: a node's φ is the least δ
    of its children and its δ the sum of their φ. It is `or_numbers` read from the player to
    move (a child's δ is the number its parent minimises), so it gives the same numbers as
    `node_numbers`, in the order `as_phi_delta` puts them (with `weak`, δ by `weak_sum`)."""
    if weak:
        return min(child_deltas), weak_sum(child_phis)
    return or_numbers(child_deltas, child_phis)
