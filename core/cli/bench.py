"""`pn-explorer bench`: the engine's speed against python-chess's own cost, and its memory.

Throughput: each fixed position is searched to a node count; then, on the very tree the search
built, the *bare python-chess cost of the same work* is timed — for every expanded node, push each
child's move, count the legal replies with `board.legal_moves.count()`, pop. That is the ceiling a
plain implementation approaches (about 80% of its time is that counting); the engine's ratio to it
is reported. Engine and ceiling alternate, best of `rounds`, so machine noise hits both alike.

df-pn (`--algo dfpn`) is measured the same way against PN's tree, and its table's bytes per
entry by `core.cli.bench_dfpn`.

Memory: a tree of at least 500,000 nodes is built in a fresh process; the growth of its resident
memory divided by the nodes in memory is the honest bytes per node (interpreter included); the
figure is recorded once, as `core.tree.BYTES_PER_NODE`, for the app's memory gauge.
"""

from __future__ import annotations

import argparse
import gc
import multiprocessing
import resource
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from queue import Empty
from typing import TypeVar, overload

import chess

from ..errors import InvalidLimitError, PnExplorerError
from ..games.chess_game import ChessGame, decode_move
from ..games.suites import find_position, load_suite
from ..search.algorithms import AlgorithmSpec, create_search
from ..search.contract import WorkBudgeted
from ..search.defaults import PN
from ..search.registry import CapUnit, entry
from ..search.types import Limits, check_node_cap
from ..tree import BYTES_PER_NODE, ROOT, Tree

THROUGHPUT_POSITIONS = ("WAC.014", "WAC.051", "WAC.096")
MEMORY_POSITION = "WAC.096"
REFERENCE = AlgorithmSpec(PN)
"""The search whose tree python-chess's ceiling is timed on, and the memory figures' tree."""
"""Not solved by PN within 1,000,000 nodes (as in the thesis): the tree fills the cap."""


@dataclass(frozen=True, slots=True)
class ThroughputRow:
    position: str
    nodes: int
    engine_seconds: float
    ceiling_seconds: float

    @property
    def engine_rate(self) -> float:
        return self.nodes / self.engine_seconds

    @property
    def ceiling_rate(self) -> float:
        return self.nodes / self.ceiling_seconds


@dataclass(frozen=True, slots=True)
class MemoryFigures:
    nodes: int
    rss_growth_bytes: int
    peak_rss_bytes: int
    column_bytes: int
    seconds: float

    @property
    def bytes_per_node(self) -> float:
        return self.rss_growth_bytes / self.nodes


def _board(position_id: str) -> chess.Board:
    return find_position(load_suite("wac-mates"), position_id).board


def time_engine(
    board: chess.Board, spec: AlgorithmSpec, nodes: int
) -> tuple[int, float, Tree | None]:
    """Search to about `nodes` nodes; returns (children created, seconds, tree or None)."""
    search = create_search(spec, ChessGame(board), Limits(max_nodes=nodes))
    if isinstance(search, WorkBudgeted):
        search.work_budget = nodes  # its table replaces entries: stop it by nodes created
    gc.collect()
    search.run()
    return search.nodes_created - 1, search.elapsed, search.tree


def _kept_tree(tree: Tree | None) -> Tree:
    """The tree of the reference search (PN), which always keeps one."""
    if tree is None:
        raise PnExplorerError("bench: the reference search kept no tree")
    return tree


def time_ceiling(board: chess.Board, tree: Tree) -> tuple[int, float]:
    """python-chess alone doing the same work on the same tree: push, count replies, pop."""
    board = board.copy(stack=False)
    push, pop = board.push, board.pop
    seconds = 0.0
    children = 0
    clock = time.perf_counter
    stack: list[tuple[int, bool]] = [(ROOT, False)]
    while stack:
        node, leaving = stack.pop()
        if leaving:
            pop()
            continue
        if node != ROOT:
            push(decode_move(tree.move[node]))
            stack.append((node, True))
        kids = tree.children(node)
        if not kids:
            continue
        moves = [decode_move(tree.move[child]) for child in kids]
        started = clock()
        for move in moves:
            push(move)
            board.legal_moves.count()
            pop()
        seconds += clock() - started
        children += len(moves)
        stack.extend((child, False) for child in reversed(kids) if tree.is_expanded(child))
    return children, seconds


def measure_throughput(spec: AlgorithmSpec, nodes: int, rounds: int = 2) -> list[ThroughputRow]:
    rows = []
    for position_id in THROUGHPUT_POSITIONS:
        board = _board(position_id)
        best_engine = best_ceiling = float("inf")
        created = 0
        for _ in range(rounds):
            created, engine_seconds, tree = time_engine(board, spec, nodes)
            reference = tree if spec == REFERENCE else time_engine(board, REFERENCE, nodes)[2]
            counted, ceiling_seconds = time_ceiling(board, _kept_tree(reference))
            best_engine = min(best_engine, engine_seconds)
            best_ceiling = min(best_ceiling, ceiling_seconds * created / counted)
            del tree, reference
            gc.collect()
        rows.append(ThroughputRow(position_id, created, best_engine, best_ceiling))
    return rows


def _rss_bytes() -> int:
    with open("/proc/self/statm", encoding="ascii") as statm:
        return int(statm.read().split()[1]) * resource.getpagesize()


def _memory_worker(nodes: int, queue: multiprocessing.Queue[MemoryFigures]) -> None:
    board = _board(MEMORY_POSITION)
    warm = create_search(REFERENCE, ChessGame(board), Limits(max_nodes=2_000))
    warm.run()
    del warm
    gc.collect()
    before = _rss_bytes()
    search = create_search(REFERENCE, ChessGame(board), Limits(max_nodes=nodes))
    search.run()
    gc.collect()
    after = _rss_bytes()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    queue.put(
        MemoryFigures(
            search.nodes_in_memory,
            after - before,
            peak,
            _kept_tree(search.tree).memory_bytes(),
            search.elapsed,
        )
    )


Figures = TypeVar("Figures")


@overload
def measure_memory(nodes: int) -> MemoryFigures: ...


@overload
def measure_memory(
    nodes: int, target: Callable[[int, multiprocessing.Queue[Figures]], None]
) -> Figures: ...


def measure_memory(nodes: int, target: Callable[..., None] = _memory_worker) -> object:
    """Bytes per node of a `nodes`-node tree, measured in a fresh process (`target`: PN's tree by
    default, df-pn's table in `core.cli.bench_dfpn`, a stand-in in tests); a worker that dies
    without reporting is an error, never waited on."""
    context = multiprocessing.get_context("spawn")
    queue = context.Queue()
    worker = context.Process(target=target, args=(nodes, queue))
    worker.start()
    while True:
        try:
            figures = queue.get(timeout=0.5)
        except Empty:
            if worker.is_alive():
                continue
            try:
                figures = queue.get(timeout=0.5)
            except Empty:
                raise PnExplorerError(
                    f"bench: the memory worker died (exit {worker.exitcode}) before reporting; "
                    "a tree this large may not fit in memory"
                ) from None
        worker.join()
        return figures


def check_bench_options(args: argparse.Namespace) -> None:
    """`bench`'s counts within their bounds (InvalidLimitError: one is not)."""
    if args.gui:
        raise InvalidLimitError("bench --gui runs through the app: use `pn-explorer bench --gui`")
    if args.memory_nodes < 500_000:
        raise InvalidLimitError("--memory-nodes must be at least 500,000 (a fair per-node figure)")
    if args.nodes < 1_000:
        raise InvalidLimitError("--nodes must be at least 1,000")
    check_node_cap(args.nodes)
    check_node_cap(args.memory_nodes)


def measures_a_table(args: argparse.Namespace) -> bool:
    """Whether `bench --algo` names a search bounded by its table (df-pn: `core.cli.bench_dfpn`
    measures it)."""
    return entry(AlgorithmSpec(args.algo).name).cap_unit is CapUnit.TABLE_ENTRIES


def run_bench(args: argparse.Namespace) -> int:
    """The figures of a search that keeps its tree: throughput rows and ratio, then memory."""
    check_bench_options(args)
    spec = AlgorithmSpec(args.algo)
    rows = measure_throughput(spec, args.nodes)
    if not args.json:
        _print_throughput(spec, rows)
        print(f"Building a {args.memory_nodes:,}-node tree for the memory figures …", flush=True)
    memory = measure_memory(args.memory_nodes)
    summary = throughput_summary(spec, rows)
    if args.json:
        from .output import print_json

        memory_figures = {**asdict(memory), "bytes_per_node": memory.bytes_per_node}
        print_json({**summary, "memory": memory_figures})
        return 0
    print_overall(summary)
    print(
        f"Memory ({MEMORY_POSITION}, PN): {memory.nodes:,} nodes in memory, "
        f"process grew {memory.rss_growth_bytes / 2**20:,.1f} MiB = "
        f"{memory.bytes_per_node:.1f} bytes/node (tree columns alone "
        f"{memory.column_bytes / memory.nodes:.1f}); peak RSS "
        f"{memory.peak_rss_bytes / 2**20:,.0f} MiB; built in {memory.seconds:.1f} s "
        f"(recorded in core.tree.BYTES_PER_NODE: {BYTES_PER_NODE})"
    )
    return 0


def throughput_summary(spec: AlgorithmSpec, rows: list[ThroughputRow]) -> dict:
    """The rows and the overall rates (all nodes over all seconds), as `bench --json` gives them."""
    engine = sum(r.nodes for r in rows) / sum(r.engine_seconds for r in rows)
    ceiling = sum(r.nodes for r in rows) / sum(r.ceiling_seconds for r in rows)
    return {
        "algorithm": spec.name,
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
    }


def print_overall(summary: dict) -> None:
    """The overall line under the throughput rows."""
    engine, ceiling = summary["engine_nodes_per_second"], summary["ceiling_nodes_per_second"]
    print(
        f"  overall: engine {engine:,.0f} nodes/s, ceiling {ceiling:,.0f} nodes/s, "
        f"ratio {engine / ceiling:.2f}×"
    )


def _print_throughput(spec: AlgorithmSpec, rows: list[ThroughputRow]) -> None:
    print(
        f"Throughput of {spec.title} vs python-chess push + legal_moves.count() + pop "
        f"(same trees, best of 2)"
    )
    print(f"  {'position':<9} {'nodes':>8} {'engine n/s':>11} {'ceiling n/s':>12} {'ratio':>6}")
    for row in rows:
        print(
            f"  {row.position:<9} {row.nodes:>8,} {row.engine_rate:>11,.0f} "
            f"{row.ceiling_rate:>12,.0f} {row.engine_rate / row.ceiling_rate:>5.2f}×"
        )
    sys.stdout.flush()
