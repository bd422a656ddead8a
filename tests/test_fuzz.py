"""Seeded mutation fuzzing of the real `pn-explorer` command (see `tests/fuzzing.py`).

Every call ends in an outcome's exit status (proved, disproved, unknown; any mate it claims
confirmed by python-chess's standard board) or exit 2 with one line on stderr besides progress
lines: never a traceback, a hang, another status, a false mate or any other false claim
(`tests/fuzz_claims.py`: mates, no-mates, PGN result tags, suite counts, board-game and tree
verdicts held against independent computations, for either attacker); deep and wide trees
finish within the time bound in short lines, and every count option is taken at its
limits and refused beyond them.

The suite runs the fixed cases and a seeded draw of `PNX_FUZZ_CASES` random calls (100 by
default), in chunks of `CHUNK` calls, so the run shows progress every few seconds. The full
campaign is a command: `python tests/fuzzing.py --cases 3000`.
"""

import os
import random
from collections import Counter

import pytest
from fuzzing import find_command, fixed_cases, random_case, run_cases

CASES = int(os.environ.get("PNX_FUZZ_CASES", "100"))
SEED = 20261123
CHUNK = 10

_rng = random.Random(SEED)
_FIXED = fixed_cases()
_DRAWN = [random_case(_rng) for _ in range(CASES)]
_CHUNKS = [
    *(("fixed", _FIXED[i : i + CHUNK]) for i in range(0, len(_FIXED), CHUNK)),
    *(("random", _DRAWN[i : i + CHUNK]) for i in range(0, len(_DRAWN), CHUNK)),
]


@pytest.mark.parametrize(
    ("kind", "cases"), _CHUNKS, ids=[f"{kind}-{i}" for i, (kind, _) in enumerate(_CHUNKS)]
)
def test_mutated_inputs_end_cleanly_and_never_fake_a_mate(kind, cases):
    outcomes = run_cases(cases, pn_explorer=find_command())
    counts = Counter(outcome.kind for outcome in outcomes)
    bad = [o for o in outcomes if o.kind not in ("ok", "clean error", "not certified")]
    assert not bad, (counts, [(o.kind, o.case.args, o.detail[:200]) for o in bad[:5]])


def test_the_draw_both_solves_and_refuses_and_checks_claims():
    """The random draw is worth running: it holds calls that solve, with claims checked against
    independent computations, and calls that are refused (read from the cases, not run)."""
    outcomes = run_cases(_DRAWN[:CHUNK], pn_explorer=find_command())
    counts = Counter(outcome.kind for outcome in outcomes)
    assert counts["ok"] > 0 and counts["clean error"] > 0, counts
    assert sum(outcome.claims for outcome in outcomes) > 0
