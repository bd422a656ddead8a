"""The thesis's own numbers (resources/paper/thesis.json) and ours beside them, for the Paper
menu's Table 3.1 and chapter 4 runs: pure functions over verified `RunRecord`s."""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache

from ..games.suites import RESOURCES
from .runner import RunRecord

THESIS_FILE = RESOURCES / "paper" / "thesis.json"


@cache
def thesis() -> dict:
    """The figures copied from the thesis (Table 3.1, Figure 3.9, §4.5)."""
    return json.loads(THESIS_FILE.read_text(encoding="utf-8"))


def table_3_1_lines(records: Sequence[RunRecord], total: int) -> list[str]:
    """Our PN results so far beside the thesis's (79 of 82 solved; r217 271 nodes, r253 2,355)."""
    table = thesis()["table_3_1"]
    solved = [record for record in records if record.solved]
    unsolved = sorted(record.id for record in records if not record.solved)
    nodes = sum(record.nodes_created for record in solved)
    progress = total if len(records) == total else f"{len(records)} run so far (of {total})"
    lines = [
        f"Ours: {len(solved)} of {progress} solved, every proof verified; {nodes:,} nodes on "
        f"those ({nodes // max(1, len(solved)):,} on average). "
        f"Not solved: {', '.join(unsolved) or 'none'}.",
        f"Thesis: {table['pn_solved_of_82']} of 82 solved with 1,000,000 nodes; not solved: "
        f"{', '.join(table['pn_unsolved'])}.",
    ]
    by_id = {record.id: record for record in records}
    for position, theirs in table["pn_nodes"].items():
        ours = by_id.get(position)
        if ours is not None:
            lines.append(
                f"{position}: ours {ours.nodes_created:,} nodes ({ours.result}), thesis {theirs:,}."
            )
    return lines


def chapter_4_lines(pn: Sequence[RunRecord], pn2: Sequence[RunRecord]) -> list[str]:
    """Pn²'s nodes against PN's on the positions both solved, beside §4.5's 'about twice'."""
    claim = thesis()["chapter_4"]
    pn_by_id = {record.id: record for record in pn if record.solved}
    both = [record for record in pn2 if record.solved and record.id in pn_by_id]
    pn_nodes = sum(pn_by_id[record.id].nodes_created for record in both)
    pn2_nodes = sum(record.nodes_created for record in both)
    ratio = pn2_nodes / pn_nodes if pn_nodes else 0.0
    theirs = claim["pn2_nodes"] / claim["pn_nodes"]
    return [
        f"Ours: Pn² solved {sum(r.solved for r in pn2)} of {len(pn2)} run, PN "
        f"{sum(r.solved for r in pn)} of {len(pn)}; on the {len(both)} both solved Pn² created "
        f"{pn2_nodes:,} nodes, PN {pn_nodes:,}: {ratio:.2f}×.",
        f"Thesis (§4.5): on {claim['positions']} positions Pn² {claim['pn2_nodes']:,}, PN "
        f"{claim['pn_nodes']:,}: {theirs:.2f}× ('about twice'), N = 300K, (a, b) = (600K, 80K).",
    ]
