"""The shared proof-number arithmetic (Figure 3.3's rules, saturation, Nagai's φ/δ form)."""

from __future__ import annotations

from array import array

from hypothesis import given
from hypothesis import strategies as st

from pn_explorer.core.search.defaults import MOBILITY, UNIT
from pn_explorer.core.search.numbers import (
    INF,
    LARGEST_UNSOLVED,
    and_numbers,
    as_phi_delta,
    leaf_numbers,
    node_numbers,
    or_numbers,
    phi_delta,
    saturated_sum,
)
from pn_explorer.core.values import Value

# A child's number: small (a search's usual), near the saturation bound, or ∞ (solved).
numbers = st.one_of(
    st.integers(0, 50),
    st.integers(LARGEST_UNSOLVED - 50, LARGEST_UNSOLVED),
    st.just(INF),
)
children = st.integers(1, 6).flatmap(
    lambda count: st.tuples(
        st.lists(numbers, min_size=count, max_size=count),
        st.lists(numbers, min_size=count, max_size=count),
    )
)


def naive_sum(values: list[int]) -> int:
    """The sum rule spelt out case by case: ∞ with an ∞ child, else the plain sum, capped."""
    if INF in values:
        return INF
    total = 0
    for value in values:
        total += value
    return total if total <= LARGEST_UNSOLVED else LARGEST_UNSOLVED


def test_or_node_takes_the_least_proof_and_sums_disproof() -> None:
    # Children (pn/dn) 3/1, 1/4, 2/2: pn = min(3, 1, 2) = 1, dn = 1 + 4 + 2 = 7.
    assert or_numbers([3, 1, 2], [1, 4, 2]) == (1, 7)


def test_and_node_sums_proof_and_takes_the_least_disproof() -> None:
    # The same children at an AND node: pn = 3 + 1 + 2 = 6, dn = min(1, 4, 2) = 1.
    assert and_numbers([3, 1, 2], [1, 4, 2]) == (6, 1)


def test_node_numbers_chooses_the_rule_by_node_type() -> None:
    assert node_numbers([3, 1, 2], [1, 4, 2], True) == (1, 7)
    assert node_numbers([3, 1, 2], [1, 4, 2], False) == (6, 1)


def test_solved_children_decide_the_node() -> None:
    # OR: one proved child (0/∞) beside an open one (2/3) proves it; all disproved disproves it.
    assert or_numbers([0, 2], [INF, 3]) == (0, INF)
    assert or_numbers([INF, INF], [0, 0]) == (INF, 0)
    # AND: one disproved child (∞/0) disproves it; all proved proves it.
    assert and_numbers([INF, 2], [0, 3]) == (INF, 0)
    assert and_numbers([0, 0], [INF, INF]) == (0, INF)


def test_rules_read_the_tree_columns_slices() -> None:
    """PN passes slices of its `array('q')` columns: the rules take them as they are."""
    proof, disproof = array("q", [5, 2, 7]), array("q", [1, 1, INF])
    assert or_numbers(proof[0:3], disproof[0:3]) == (2, INF)
    assert and_numbers(proof[1:3], disproof[1:3]) == (9, 1)


def test_sums_saturate_below_infinity_unless_a_child_is_infinite() -> None:
    assert saturated_sum([3, 4]) == 7
    assert saturated_sum([3, INF]) == INF
    assert saturated_sum([INF // 2, INF // 2, 5]) == LARGEST_UNSOLVED == INF - 1


def test_saturation_at_the_bound() -> None:
    assert saturated_sum([LARGEST_UNSOLVED - 1]) == LARGEST_UNSOLVED - 1
    assert saturated_sum([LARGEST_UNSOLVED - 1, 1]) == LARGEST_UNSOLVED
    assert saturated_sum([LARGEST_UNSOLVED, 1]) == LARGEST_UNSOLVED
    assert saturated_sum([LARGEST_UNSOLVED, LARGEST_UNSOLVED]) == LARGEST_UNSOLVED
    assert saturated_sum([LARGEST_UNSOLVED, INF]) == INF
    assert saturated_sum([INF, INF]) == INF
    # Every saturated sum still fits a signed 64-bit column (the tree's `array('q')`).
    assert saturated_sum([INF] * 3) <= 2**63 - 1
    assert saturated_sum([LARGEST_UNSOLVED] * 3) <= 2**63 - 1


def test_leaf_numbers_by_value_and_initialisation() -> None:
    assert leaf_numbers(Value.TRUE, 7, True, MOBILITY) == (0, INF)
    assert leaf_numbers(Value.FALSE, 7, False, MOBILITY) == (INF, 0)
    assert leaf_numbers(Value.UNKNOWN, 7, True, MOBILITY) == (1, 7)
    assert leaf_numbers(Value.UNKNOWN, 7, False, MOBILITY) == (7, 1)
    assert leaf_numbers(Value.UNKNOWN, 7, True, UNIT) == (1, 1)
    assert leaf_numbers(Value.UNKNOWN, 7, False, UNIT) == (1, 1)


def test_phi_delta_view() -> None:
    assert as_phi_delta(3, 8, True) == (3, 8)
    assert as_phi_delta(3, 8, False) == (8, 3)
    # An OR node over AND children 3/1, 1/4, 2/2: the children's δ are their proof numbers, so
    # φ = min(3, 1, 2) = 1 = pn and δ = 1 + 4 + 2 = 7 = dn.
    phis, deltas = as_phi_delta([3, 1, 2], [1, 4, 2], False)
    assert phi_delta(deltas, phis) == (1, 7)
    # An AND node over OR children: φ = dn = min(1, 4, 2) = 1, δ = pn = 3 + 1 + 2 = 6.
    phis, deltas = as_phi_delta([3, 1, 2], [1, 4, 2], True)
    assert phi_delta(deltas, phis) == (1, 6)


@given(children)
def test_or_and_rules_agree_with_a_naive_min_and_sum(pair: tuple[list[int], list[int]]) -> None:
    proofs, disproofs = pair
    assert or_numbers(proofs, disproofs) == (min(proofs), naive_sum(disproofs))
    assert and_numbers(proofs, disproofs) == (naive_sum(proofs), min(disproofs))


@given(children, st.booleans())
def test_phi_delta_form_gives_the_same_numbers(
    pair: tuple[list[int], list[int]], is_or: bool
) -> None:
    proofs, disproofs = pair
    phis, deltas = as_phi_delta(proofs, disproofs, not is_or)
    expected = as_phi_delta(*node_numbers(proofs, disproofs, is_or), is_or)
    assert phi_delta(deltas, phis) == expected


@given(st.lists(st.integers(0, 1000), min_size=1, max_size=8))
def test_small_sums_are_exact(values: list[int]) -> None:
    assert saturated_sum(values) == sum(values)
