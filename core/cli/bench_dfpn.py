"""`pn-explorer bench --algo dfpn`: df-pn's speed against the python-chess ceiling, and the bytes
a transposition-table entry costs.

Throughput is `core.cli.bench`'s measurement (the ceiling is python-chess's push + count + pop
per node, timed on PN's tree of the same size and scaled to df-pn's node count), with df-pn
stopped by a node budget: its table replaces entries instead of filling up. Memory: a df-pn
search fills a table of `entries` in a fresh process; the process's growth divided by the entries
in use is the honest bytes per entry (at most 64). `python -m pn_explorer.core.cli.bench_dfpn`:
positions solved and nodes at a fixed node budget (deterministic, every proof verified).
"""

from __future__ import annotations

import argparse
import gc
import multiprocessing
import sys
from collections.abc import Iterator, Mapping
from dataclasses import asdict, dataclass
from typing import cast

import chess

from ..errors import PnExplorerError
from ..games.chess_game import ChessGame
from ..games.suites import load_suite, select_positions
from ..inputs.numbers import LONGEST_MATE, MOST_NODES
from ..runs.runner import RunRecord, describe_search
from ..search.defaults import (
    DEFAULT_NODE_CAP,
    DFPN,
    DFPN_EPSILON,
    DFPN_THREAT_DEPTH,
    DFPN_THREAT_DIVISOR,
)
from ..search.dfpn import DfpnSearch
from ..search.dfpn_options import DfpnOptions
from ..search.parameters import PARAMETERS, Kind
from ..search.registry import entry
from ..search.transposition import BYTES_PER_ENTRY
from ..search.types import Limits
from .options import add_count_option
from .parser import OneLineParser

MEMORY_POSITION = "the opening position"
"""Where White has no mate, so df-pn neither proves nor disproves it and the table fills.
(WAC.096 served until the one-move mate test let df-pn prove it in 124,892 nodes, before the
table filled.)"""
WORK_PER_ENTRY_FOR_MEMORY = 3
"""Nodes created per table entry when filling it: leaves and searched nodes fill it well before."""
MOST_EVERY = 100_000
"""`--every K` keeps every K-th position: more than any suite holds."""


@dataclass(frozen=True, slots=True)
class TableMemory:
    entries: int
    capacity: int
    rss_growth_bytes: int
    column_bytes: int
    seconds: float

    @property
    def bytes_per_entry(self) -> float:
        return self.rss_growth_bytes / self.entries


def _table_worker(capacity: int, queue: multiprocessing.Queue[TableMemory]) -> None:
    from .bench import _rss_bytes

    board = chess.Board()
    gc.collect()
    before = _rss_bytes()
    search = DfpnSearch(ChessGame(board), Limits(max_nodes=capacity))
    search.work_budget = capacity * WORK_PER_ENTRY_FOR_MEMORY
    search.run()
    gc.collect()
    after = _rss_bytes()
    queue.put(
        TableMemory(
            len(search.table),
            search.table.capacity,
            after - before,
            search.table.nbytes(),
            search.elapsed,
        )
    )


def measure_table_memory(capacity: int) -> TableMemory:
    """Bytes per table entry of a df-pn search with a table of `capacity`, in a fresh process."""
    from .bench import measure_memory

    return measure_memory(capacity, target=_table_worker)


def run_dfpn_bench(args: argparse.Namespace) -> int:
    """The df-pn figures: throughput rows and ratio, then bytes per table entry."""
    from ..search.algorithms import AlgorithmSpec
    from .bench import (
        _print_throughput,
        measure_throughput,
        print_overall,
        throughput_summary,
    )

    spec = AlgorithmSpec(DFPN)
    rows = measure_throughput(spec, args.nodes)
    if not args.json:
        _print_throughput(spec, rows)
        print(
            f"Filling a {args.memory_nodes:,}-entry df-pn table for the memory figures …",
            flush=True,
        )
    memory = measure_table_memory(args.memory_nodes)
    summary = throughput_summary(spec, rows)
    if args.json:
        from .output import print_json

        table_figures = {**asdict(memory), "bytes_per_entry": memory.bytes_per_entry}
        print_json({**summary, "table_memory": table_figures})
        return 0
    print_overall(summary)
    print(
        f"Table memory ({MEMORY_POSITION}, df-pn): {memory.entries:,} entries in use of "
        f"{memory.capacity:,}, process grew {memory.rss_growth_bytes / 2**20:,.1f} MiB = "
        f"{memory.bytes_per_entry:.1f} bytes/entry (columns alone "
        f"{memory.column_bytes / memory.capacity:.0f} per slot, BYTES_PER_ENTRY = "
        f"{BYTES_PER_ENTRY}); filled in {memory.seconds:.1f} s"
    )
    return 0


def solve_at_budget(
    suite: str,
    budget: int,
    min_length: int = 0,
    every: int = 1,
    epsilon: float = DFPN_EPSILON,
    threat_divisor: int = DFPN_THREAT_DIVISOR,
    threat_depth: int = DFPN_THREAT_DEPTH,
    ids: tuple[str, ...] = (),
    variants: tuple[Mapping[str, object], ...] = ({},),
) -> Iterator[list[RunRecord]]:
    """df-pn on a suite's positions (those with a known mate length ≥ `min_length`, every
    `every`-th, of `ids` alone, in their order, where given: say the misses of a compare run),
    each stopped at `budget` nodes created with a 1,000,000-entry table: positions solved and
    nodes are deterministic, unlike counts at a time limit on a busy machine. Per position one
    record for each of `variants` (df-pn parameters over the options above; `({},)`: df-pn as
    the options say), yielded once its searches end, each through the runner's verify path."""
    positions = select_positions(load_suite(suite), list(ids))
    positions = [p for p in positions if (p.mate_length or 0) >= min_length][::every]
    for position in positions:
        records = []
        for variant in variants:
            game = ChessGame(position.board, attacker=position.attacker)
            # A variant's names and values were checked by their parameters (`parse_variant`).
            options = cast(
                DfpnOptions,
                {
                    "epsilon": epsilon,
                    "threat_divisor": threat_divisor,
                    "threat_depth": threat_depth,
                    **variant,
                },
            )
            search = DfpnSearch(game, Limits(max_nodes=DEFAULT_NODE_CAP), **options)
            search.work_budget = budget
            search.run()
            records.append(
                describe_search(
                    game, search, DFPN, position.id, position.best_moves, position.mate_length
                )
            )
        yield records


def parse_variant(text: str) -> dict[str, object]:
    """`NAME=VALUE[,NAME=VALUE…]` of df-pn's parameters (`weak_delta=true,deep_depth=4`),
    each value checked by its parameter; ValueError in one line otherwise."""
    values: dict[str, object] = {}
    for part in text.split(","):
        name, equals, raw = part.strip().partition("=")
        parameter = PARAMETERS.get(name.strip())
        if not equals or parameter is None or not entry(DFPN).takes(parameter.name):
            raise ValueError(f"--versus wants NAME=VALUE of df-pn's parameters, not {part!r}")
        value: object
        if parameter.kind is Kind.SWITCH:
            if raw.strip().lower() not in ("true", "false"):
                raise ValueError(f"{name} must be true or false, not {raw!r}")
            value = raw.strip().lower() == "true"
        else:
            try:
                value = int(raw)
            except ValueError:
                raise ValueError(f"{name} must be a whole number, not {raw!r}") from None
        try:
            parameter.check(value)
        except PnExplorerError as error:
            raise ValueError(str(error)) from None
        values[parameter.name] = value
    return values


def build_parser() -> OneLineParser:
    """The options of `python -m pn_explorer.core.cli.bench_dfpn`, each count within its bounds."""
    parser = OneLineParser(prog="python -m pn_explorer.core.cli.bench_dfpn")
    parser.add_argument("suite")
    add_count_option(parser, "budget", "node budget per position", MOST_NODES, least=1_000)
    add_count_option(
        parser, "--min-length", "only mates this long or longer", LONGEST_MATE, least=0, default=0
    )
    add_count_option(parser, "--every", "every K-th position", MOST_EVERY, default=1)
    parser.add_argument(
        "--ids",
        default="",
        help="only these positions, comma-separated (mtd.043,mtd.081); --min-length and"
        " --every then choose among them",
    )
    parser.add_argument("--epsilon", type=float, default=DFPN_EPSILON)
    parser.add_argument(
        "--versus",
        action="append",
        default=[],
        help="also run df-pn with these parameters on each position, side by side "
        "(NAME=VALUE,…: weak_delta=true, deep_depth=4; repeatable)",
    )
    add_count_option(
        parser,
        "--threat-divisor",
        "divide a quiet move's new proof number by this where it threatens mate (1: off)",
        PARAMETERS["threat_divisor"].maximum,
        default=DFPN_THREAT_DIVISOR,
    )
    add_count_option(
        parser,
        "--threat-depth",
        "test quiet moves for threats only this many plies from the root or nearer",
        PARAMETERS["threat_depth"].maximum,
        least=0,
        default=DFPN_THREAT_DEPTH,
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    """`python -m pn_explorer.core.cli.bench_dfpn SUITE BUDGET [--min-length N] [--every K]
    [--ids A,B] [--versus NAME=VALUE,…]`: the solved count and nodes of df-pn at a node budget,
    one line per position and search, and a total per search (with `--versus`, df-pn as the
    options say first, then each variant, on the same positions in the same run)."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if not 0 <= args.epsilon < float("inf"):
            parser.error(f"--epsilon must be a finite number of at least 0, not {args.epsilon}")
        try:
            variants = ({}, *(parse_variant(text) for text in args.versus))
        except ValueError as error:
            parser.error(str(error))
    except SystemExit as stopped:  # a mistake in the options: one line already printed
        return int(stopped.code or 0)
    labels = ["df-pn", *args.versus]
    width = max(len(label) for label in labels)
    columns: list[list[RunRecord]] = [[] for _ in variants]
    try:
        for records in solve_at_budget(
            args.suite,
            args.budget,
            args.min_length,
            args.every,
            args.epsilon,
            args.threat_divisor,
            args.threat_depth,
            tuple(name.strip() for name in args.ids.split(",") if name.strip()),
            variants,
        ):
            for label, column, record in zip(labels, columns, records, strict=True):
                column.append(record)
                mate = record.claim if record.solved and record.mate_in else ""
                shown_label = f"{label:<{width}}  " if len(variants) > 1 else ""
                print(
                    f"{record.id:<12} {shown_label}{record.result:<10} "
                    f"{record.nodes_created:>10,} {record.seconds:>7.1f} s  {mate}",
                    flush=True,
                )
    except PnExplorerError as error:
        print(f"pn-explorer: {error}", file=sys.stderr)
        return 2
    print(
        f"{args.suite} at {args.budget:,} nodes each (ε = {args.epsilon:g}, threats ÷ "
        f"{args.threat_divisor} to ply {args.threat_depth} where no mop-up estimate guides):"
    )
    for label, column in zip(labels, columns, strict=True):
        solved = [r for r in column if r.solved]
        at_length = [r for r in solved if r.mate_in == r.known_mate_length]
        print(
            f"  {label:<{width}}  {len(solved)} of {len(column)} solved, "
            f"{len(at_length)} at the known length; "
            f"nodes on the solved {sum(r.nodes_created for r in solved):,}, "
            f"on all {sum(r.nodes_created for r in column):,}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
