"""`pn-explorer bench --replay`: how long the replay takes to rebuild the state after a random
iteration k of a long PN search, and what recording the iterations costs in time and memory."""

from __future__ import annotations

import argparse
import random
import statistics
import time
from dataclasses import asdict, dataclass

from ..games.chess_game import ChessGame
from ..games.suites import find_position, load_suite
from ..runs.replay import Replay
from ..search.algorithms import AlgorithmSpec, create_stepper
from ..search.contract import kept_tree
from ..search.defaults import PN
from ..search.types import Limits

REPLAY_POSITION = "WAC.096"
"""Not solved by PN (as in the thesis): the search goes on for as many iterations as asked."""
REPLAY_CAP = 3_000_000
"""Room for 100,000 PN iterations on WAC.096 (about 1.6 million nodes)."""


@dataclass(frozen=True, slots=True)
class ReplayFigures:
    position: str
    iterations: int
    nodes: int
    record_seconds: float
    plain_seconds: float
    log_bytes: int
    rewinds: int
    median_seconds: float
    max_seconds: float
    median_cpu_seconds: float
    max_cpu_seconds: float

    @property
    def log_bytes_per_iteration(self) -> float:
        return self.log_bytes / self.iterations


def measure_replay(iterations: int, rewinds: int, seed: int = 1) -> ReplayFigures:
    """Record `iterations` PN iterations on REPLAY_POSITION (and run them once unrecorded, for
    the recording's cost), then rebuild the state at `rewinds` random iterations in turn."""
    board = find_position(load_suite("wac-mates"), REPLAY_POSITION).board
    limits = Limits(max_nodes=REPLAY_CAP, max_iterations=iterations)

    def make():
        return create_stepper(AlgorithmSpec(PN), ChessGame(board), limits)

    plain = make()
    started = time.perf_counter()
    plain.run()
    plain_seconds = time.perf_counter() - started
    del plain
    replay = Replay(make(), make)
    started = time.perf_counter()
    replay.run()
    record_seconds = time.perf_counter() - started
    reached = replay.furthest_iteration
    nodes = len(kept_tree(replay.live))
    chooser = random.Random(seed)
    times, cpu_times = [], []
    for _ in range(rewinds):
        k = chooser.randrange(reached + 1)
        started, cpu_started = time.perf_counter(), time.process_time()
        replay.to_iteration(k)
        times.append(time.perf_counter() - started)
        cpu_times.append(time.process_time() - cpu_started)
    return ReplayFigures(
        REPLAY_POSITION,
        reached,
        nodes,
        record_seconds,
        plain_seconds,
        replay.memory_bytes(),
        rewinds,
        statistics.median(times),
        max(times),
        statistics.median(cpu_times),
        max(cpu_times),
    )


def run_replay_bench(args: argparse.Namespace) -> int:
    """Both counts are bounded where they are parsed (`core.cli.main`)."""
    if not args.json:
        print(
            f"Recording {args.replay_iterations:,} PN iterations on {REPLAY_POSITION}, "
            f"then {args.rewinds} rewinds to random iterations …",
            flush=True,
        )
    figures = measure_replay(args.replay_iterations, args.rewinds)
    if args.json:
        from .output import print_json

        print_json({**asdict(figures), "log_bytes_per_iteration": figures.log_bytes_per_iteration})
        return 0
    print(
        f"  {figures.iterations:,} iterations, {figures.nodes:,} nodes: recorded in "
        f"{figures.record_seconds:.1f} s (unrecorded {figures.plain_seconds:.1f} s, "
        f"{figures.record_seconds / figures.plain_seconds:.2f}×); log "
        f"{figures.log_bytes / 2**20:.1f} MiB = "
        f"{figures.log_bytes_per_iteration:.0f} bytes/iteration"
    )
    print(
        f"  rewind to a random iteration: median {figures.median_seconds:.3f} s, "
        f"max {figures.max_seconds:.3f} s over {figures.rewinds} (CPU: median "
        f"{figures.median_cpu_seconds:.3f} s, max {figures.max_cpu_seconds:.3f} s)"
    )
    return 0
