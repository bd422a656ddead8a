"""Seeded mutation fuzzing of the real `pn-explorer` command (see `tests/fuzzing.py`).

Every call ends in an outcome's exit status (proved, disproved, unknown; any mate it claims
confirmed by python-chess's standard board) or exit 2 with one line on stderr besides progress
lines: never a traceback, a hang, another status, a false mate or any other false claim
(`tests/fuzz_claims.py`: mates, no-mates, PGN result tags, suite counts, board-game and tree
verdicts held against independent computations, for either attacker); deep and wide trees
finish within the time bound in short lines, and every count option is taken at its
limits and refused beyond them. The default run draws 200 calls besides the fixed ones;
`PNX_FUZZ_CASES=2000` asks for a deeper one.
"""

import os
from collections import Counter

from fuzzing import find_command, fuzz

CASES = int(os.environ.get("PNX_FUZZ_CASES", "200"))


def test_mutated_inputs_end_cleanly_and_never_fake_a_mate():
    outcomes = fuzz(CASES, seed=20261123, pn_explorer=find_command())
    counts = Counter(outcome.kind for outcome in outcomes)
    bad = [o for o in outcomes if o.kind not in ("ok", "clean error")]
    assert not bad, (counts, [(o.kind, o.case.args, o.detail[:200]) for o in bad[:5]])
    assert counts["ok"] > 0 and counts["clean error"] > 0, counts
    assert sum(outcome.claims for outcome in outcomes) > 0
