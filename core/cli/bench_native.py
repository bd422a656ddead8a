"""`pn-explorer bench --native`: the native df-pn against the Python df-pn, node for node and in
nodes per second, on every position of the suites.

Each position is searched by both engines at one fixed node budget (a table of `--cap` entries,
so `--cap` × `DFPN_WORK_PER_ENTRY` nodes created at most, no time limit: deterministic), one
after the other in this process. A row agrees where the outcome, nodes created, iterations and
read-out nodes are equal; any that does not is listed, never dropped. Speeds are each engine's
nodes created over its own search time; the ratio is the median of the per-position ratios over
positions where both searched at least `MIN_NODES` nodes (below that a timer's resolution
decides). Also `python -m pn_explorer.core.cli.bench_native`.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from collections.abc import Sequence
from dataclasses import asdict, dataclass

from ..games.chess_game import ChessGame
from ..games.suites import load_suite
from ..search.dfpn import DfpnSearch
from ..search.dfpn_native import NOT_BUILT, NativeDfpnSearch
from ..search.native_engine import native_module
from ..search.transposition import BYTES_PER_ENTRY
from ..search.types import Limits

SUITES = ("wac-mates", "matetrack-dev", "endgame-mates")
"""The suites the conformance is claimed on."""
DEFAULT_CAP = 2_000
"""Table entries: a budget of 40,000 nodes created per position and engine."""
MIN_NODES = 5_000
"""Positions with fewer nodes are not timed into the speed ratio."""


@dataclass(frozen=True, slots=True)
class Row:
    suite: str
    id: str
    python: tuple[str, int, int, int]
    native: tuple[str, int, int, int]
    python_seconds: float
    native_seconds: float

    @property
    def agrees(self) -> bool:
        return self.python == self.native


def _run(search_type: type, position: object, cap: int) -> tuple[tuple[str, int, int, int], float]:
    game = ChessGame(position.board, attacker=position.attacker)  # type: ignore[attr-defined]
    search = search_type(game, Limits(max_nodes=cap))
    outcome = search.run()
    counts = (outcome.result.value, search.nodes_created, search.iterations, search.read_out_nodes)
    return counts, search.elapsed


def bench(suites: Sequence[str], cap: int, every: int = 1) -> list[Row]:
    """Both engines on every `every`-th position of `suites` at a table of `cap` entries."""
    rows = []
    for suite in suites:
        for position in load_suite(suite)[::every]:
            python, python_seconds = _run(DfpnSearch, position, cap)
            native, native_seconds = _run(NativeDfpnSearch, position, cap)
            rows.append(Row(suite, position.id, python, native, python_seconds, native_seconds))
            print(_line(rows[-1]), file=sys.stderr, flush=True)
    return rows


def _rate(nodes: int, seconds: float) -> float:
    return nodes / seconds if seconds > 0 else float("inf")


def _line(row: Row) -> str:
    mark = "same" if row.agrees else "DIFFERS"
    return (
        f"{row.suite:14} {row.id:10} {mark:7} python {row.python} {row.python_seconds:7.3f}s  "
        f"native {row.native} {row.native_seconds:7.4f}s"
    )


def summary(rows: list[Row], cap: int) -> dict[str, object]:
    """The figures a reader's table needs."""
    timed = [
        row
        for row in rows
        if min(row.python[1], row.native[1]) >= MIN_NODES and row.native_seconds > 0
    ]
    python_rates = [_rate(row.python[1], row.python_seconds) for row in timed]
    native_rates = [_rate(row.native[1], row.native_seconds) for row in timed]
    ratios = [n / p for n, p in zip(native_rates, python_rates, strict=True)]
    module = native_module()
    return {
        "cap": cap,
        "budget_nodes_created": cap * 20,
        "positions": len(rows),
        "agree": sum(row.agrees for row in rows),
        "differ": [row.id for row in rows if not row.agrees],
        "timed_positions": len(timed),
        "python_nodes_per_second_median": statistics.median(python_rates) if timed else None,
        "native_nodes_per_second_median": statistics.median(native_rates) if timed else None,
        "speed_ratio_median": statistics.median(ratios) if timed else None,
        "speed_ratio_total": (
            _rate(sum(r.native[1] for r in timed), sum(r.native_seconds for r in timed))
            / _rate(sum(r.python[1] for r in timed), sum(r.python_seconds for r in timed))
            if timed
            else None
        ),
        "python_bytes_per_entry": BYTES_PER_ENTRY,
        "native_bytes_per_entry": None if module is None else module.BYTES_PER_ENTRY,
        "load_average": os.getloadavg(),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="pn-explorer bench --native",
        description="the native df-pn against the Python df-pn: node counts and speed",
    )
    parser.add_argument("--cap", type=int, default=DEFAULT_CAP, help="table entries (budget ×20)")
    parser.add_argument("--every", type=int, default=1, help="every K-th position only")
    parser.add_argument("--suite", action="append", help="a suite (default: the three)")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    args = parser.parse_args(argv)
    return run_native_bench(args.suite or SUITES, args.cap, args.every, args.json)


def run_native_bench(suites: Sequence[str], cap: int, every: int, as_json: bool) -> int:
    """Run the comparison and print its summary; exit 1 where a position differs, 2 where the
    native module was not built."""
    if native_module() is None:
        print(f"pn-explorer bench: error: {NOT_BUILT}", file=sys.stderr)
        return 2
    rows = bench(suites, cap, every)
    figures = summary(rows, cap)
    if as_json:
        print(json.dumps({"summary": figures, "rows": [asdict(row) for row in rows]}, indent=1))
    else:
        for key, value in figures.items():
            print(f"{key:32} {value}")
    return 0 if not figures["differ"] else 1


if __name__ == "__main__":
    sys.exit(main())
