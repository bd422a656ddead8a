"""`pn-explorer bench --algo dfpn`: df-pn's speed against the python-chess ceiling, and the bytes
a transposition-table entry costs.

Throughput is `core.cli.bench`'s measurement (the ceiling is python-chess's push + count + pop
per node, timed on PN's tree of the same size and scaled to df-pn's node count), with df-pn
stopped by a node budget: its table replaces entries instead of filling up. Memory: a df-pn
search fills a table of `entries` in a fresh process; the process's growth divided by the entries
in use is the honest bytes per entry (issue 12: at most 64).
"""

from __future__ import annotations

import argparse
import gc
import multiprocessing
from dataclasses import asdict, dataclass
from queue import Empty

from core.errors import PnExplorerError
from core.games.chess_game import ChessGame
from core.search.defaults import DFPN
from core.search.dfpn import DfpnSearch
from core.search.transposition import BYTES_PER_ENTRY
from core.search.types import Limits

MEMORY_POSITION = "WAC.096"
"""Not solved by df-pn within a million nodes: the table fills."""
WORK_PER_ENTRY_FOR_MEMORY = 3
"""Nodes created per table entry when filling it: leaves and searched nodes fill it well before."""


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


def _table_worker(capacity: int, queue: multiprocessing.Queue) -> None:
    from core.cli.bench import _board, _rss_bytes

    board = _board(MEMORY_POSITION)
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
    context = multiprocessing.get_context("spawn")
    queue = context.Queue()
    worker = context.Process(target=_table_worker, args=(capacity, queue))
    worker.start()
    while True:
        try:
            figures = queue.get(timeout=0.5)
        except Empty:
            if worker.is_alive():
                continue
            raise PnExplorerError(
                f"bench: the df-pn memory worker died (exit {worker.exitcode}) before reporting"
            ) from None
        worker.join()
        return figures


def run_dfpn_bench(args: argparse.Namespace) -> int:
    """The df-pn figures: throughput rows and ratio, then bytes per table entry."""
    from core.cli.bench import _print_throughput, measure_throughput
    from core.search.algorithms import AlgorithmSpec

    spec = AlgorithmSpec(DFPN)
    rows = measure_throughput(spec, args.nodes)
    if not args.json:
        _print_throughput(spec, rows)
        print(
            f"Filling a {args.memory_nodes:,}-entry df-pn table for the memory figures …",
            flush=True,
        )
    memory = measure_table_memory(args.memory_nodes)
    engine = sum(r.nodes for r in rows) / sum(r.engine_seconds for r in rows)
    ceiling = sum(r.nodes for r in rows) / sum(r.ceiling_seconds for r in rows)
    if args.json:
        from core.cli.output import print_json

        print_json(
            {
                "algorithm": DFPN,
                "positions": [
                    {
                        **asdict(r),
                        "engine_nodes_per_second": r.engine_rate,
                        "ceiling_nodes_per_second": r.ceiling_rate,
                    }
                    for r in rows
                ],
                "engine_nodes_per_second": engine,
                "ceiling_nodes_per_second": ceiling,
                "ratio": engine / ceiling,
                "table_memory": {**asdict(memory), "bytes_per_entry": memory.bytes_per_entry},
            }
        )
        return 0
    print(
        f"  overall: engine {engine:,.0f} nodes/s, ceiling {ceiling:,.0f} nodes/s, "
        f"ratio {engine / ceiling:.2f}×"
    )
    print(
        f"Table memory ({MEMORY_POSITION}, df-pn): {memory.entries:,} entries in use of "
        f"{memory.capacity:,}, process grew {memory.rss_growth_bytes / 2**20:,.1f} MiB = "
        f"{memory.bytes_per_entry:.1f} bytes/entry (columns alone "
        f"{memory.column_bytes / memory.capacity:.0f} per slot, BYTES_PER_ENTRY = "
        f"{BYTES_PER_ENTRY}); filled in {memory.seconds:.1f} s"
    )
    return 0
