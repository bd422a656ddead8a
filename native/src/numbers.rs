//! Proof-number arithmetic of `core/search/numbers.py`: ∞, saturating sums, φ/δ.

/// ∞ (`core.values.INF`).
pub const INF: u64 = 1 << 62;
/// The largest number an unsolved node can have.
pub const LARGEST_UNSOLVED: u64 = INF - 1;
/// `rests_on` of a result that uses no repetition and no clock.
pub const NO_DEPENDENCE: u64 = INF;

/// Figure 3.3's sum, saturating below ∞ (∞ only if a number is ∞).
pub fn saturated_sum(numbers: &[u64]) -> u64 {
    let mut total: u64 = 0;
    let mut infinite = false;
    for &number in numbers {
        total = total.saturating_add(number);
        infinite |= number >= INF;
    }
    if total < LARGEST_UNSOLVED {
        total
    } else if infinite {
        INF
    } else {
        LARGEST_UNSOLVED
    }
}

/// Weak proof-number search's summed number (`weak_sum`; Ueda, Hashimoto, Hashimoto and Iida
/// 2008): the largest child's number plus one for each other child not solved against the
/// node, so a child reached through several siblings is not counted once per sibling.
pub fn weak_sum(numbers: &[u64]) -> u64 {
    let largest = numbers.iter().copied().max().unwrap_or(0);
    if largest >= INF {
        return INF;
    }
    let open = numbers.iter().filter(|&&number| number != 0).count() as u64;
    (largest + open.saturating_sub(1)).min(LARGEST_UNSOLVED)
}

/// The summed number: Figure 3.3's sum, or with `weak` weak proof-number search's.
pub fn summed(numbers: &[u64], weak: bool) -> u64 {
    if weak {
        weak_sum(numbers)
    } else {
        saturated_sum(numbers)
    }
}

/// A node's (pn, dn) from its children's: least and sum by its type (`weak`: `weak_sum`).
pub fn node_numbers(proof: &[u64], disproof: &[u64], is_or: bool, weak: bool) -> (u64, u64) {
    if is_or {
        (min(proof), summed(disproof, weak))
    } else {
        (summed(proof, weak), min(disproof))
    }
}

/// φ_t of the best child under weak δ (`weak_child_phi_threshold`): δ_t − (open children − 1),
/// unbounded under an unbounded δ_t.
pub fn weak_child_phi_threshold(delta_threshold: u64, open_children: u64) -> u64 {
    if delta_threshold >= INF {
        return INF;
    }
    delta_threshold - open_children.saturating_sub(1)
}

pub fn min(numbers: &[u64]) -> u64 {
    numbers.iter().copied().min().unwrap_or(INF)
}

/// φ_t of the best child: δ_t − δ + φ(c₁), unbounded under an unbounded δ_t once δ is no count.
pub fn child_phi_threshold_of(delta_threshold: u64, delta: u64, child_phi: u64) -> u64 {
    if delta_threshold >= INF && delta >= LARGEST_UNSOLVED {
        return INF;
    }
    INF.min(delta_threshold - delta + child_phi)
}

/// δ_t of the best child: ⌈δ₂·(1+ε)⌉, at least δ₂ + 1, at most the parent's φ_t.
pub fn child_delta_threshold(phi_threshold: u64, second_delta: u64, epsilon: f64) -> u64 {
    if second_delta >= INF {
        return phi_threshold;
    }
    let grown = (second_delta as f64 * (1.0 + epsilon)).ceil() as u64;
    phi_threshold.min((second_delta + 1).max(grown))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_weak_sum_counts_the_largest_and_one_per_other_open_child() {
        assert_eq!(weak_sum(&[3, 0, 5, 1]), 7);
        assert_eq!(weak_sum(&[0, 0]), 0);
        assert_eq!(weak_sum(&[2, INF]), INF);
        assert_eq!(weak_child_phi_threshold(10, 3), 8);
        assert_eq!(weak_child_phi_threshold(INF, 3), INF);
    }

    #[test]
    fn sums_saturate_below_infinity_unless_a_number_is_infinite() {
        assert_eq!(saturated_sum(&[1, 2, 3]), 6);
        assert_eq!(saturated_sum(&[LARGEST_UNSOLVED, 5]), LARGEST_UNSOLVED);
        assert_eq!(saturated_sum(&[INF, 5]), INF);
    }

    #[test]
    fn thresholds_follow_one_plus_epsilon() {
        assert_eq!(child_delta_threshold(INF, 4, 0.25), 5);
        assert_eq!(child_delta_threshold(INF, 10, 0.25), 13);
        assert_eq!(child_delta_threshold(7, 10, 0.25), 7);
        assert_eq!(child_delta_threshold(9, INF, 0.25), 9);
        assert_eq!(child_phi_threshold_of(INF, LARGEST_UNSOLVED, 3), INF);
        assert_eq!(child_phi_threshold_of(10, 4, 2), 8);
    }
}
