"""The root's proof and disproof numbers over a run, recorded between slices of the search (against
the tree's size), or for df-pn from inside its run (against the nodes created).

Recording reads the tree between `run` slices and never touches the search, so the node counts
are those of an unsliced run. The trend of the root's proof number against the tree's size is
what the advice extrapolates (the proof number is the fewest leaves still to be proved, §3.2).

df-pn cannot be sliced so: a `run` slice ends its MID calls, and the next restarts from the root and
descends again, creating nodes an unsliced run would not. The app's stepper resumes exactly, but it
pauses MID at every event (on WAC.096, best of 9: about 4 % more CPU than a plain run, 9 % with a
checkpoint every 20 iterations) and the command line would have to build it in place of the search
it runs. So df-pn is watched from inside instead (`DfpnSearch.watch_root`: 0.11 s of a plain run's
8.5 s on WAC.096 at 211,426 nodes, about 1 %): every `TRACE_NODES` nodes created at first, later
every 1/`WATCH_SHARE` of the nodes created so far (a long run's checkpoints stay few), it reads the
root's numbers as the path's MID calls would hand them up if it stopped then (`DfpnSearch.root_now`:
the number a stop there would leave the root with, so the trend ends where the run's result does),
and goes on as it would have. Its counts are those of an unwatched run. The app records the same
number off the stepper's frames between its slices (`record_search`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from ..runs.replay import Replay
from ..search.contract import Search, Stepper, WatchedRoot
from ..tree import ROOT
from ..values import INF

MAX_POINTS = 256
"""Checkpoints kept; beyond this every other one is dropped, so a long run costs no memory."""

TRACE_SLICE = 100
"""First-level iterations between two checkpoints of `run_traced` (about 2 ms of PN; a long run's
checkpoints are thinned to `MAX_POINTS`)."""

TRACE_NODES = 500
"""df-pn: nodes created between two checkpoints at first (about 25 ms of chess; reading the root
off the path costs about half a millisecond there), so a run of a few thousand nodes has a trend."""

WATCH_SHARE = MAX_POINTS // 2
"""df-pn: later a checkpoint each time the nodes created grow by this fraction of themselves, so
the last half of a run of any length holds about `WATCH_SHARE` × ln 2 ≈ 89 of them."""


@dataclass(frozen=True, slots=True)
class Trend:
    """How the root's proof number moved over the last half of the run.

    `slope`: proof number per node (least squares); `exponent`: k in pn ∝ nodes^k (log-log
    least squares), so each doubling of the tree multiplies the proof number by 2^k.
    """

    first_nodes: int
    first_proof: int
    last_nodes: int
    last_proof: int
    slope: float
    exponent: float


@dataclass(slots=True)
class RootTrace:
    """Checkpoints (nodes in the tree, root proof number, root disproof number), in order."""

    points: list[tuple[int, int, int]] = field(default_factory=list)

    def record(self, nodes: int, proof: int, disproof: int) -> None:
        """Add a checkpoint (one per tree size: a repeat of the last size replaces it)."""
        if self.points and self.points[-1][0] == nodes:
            self.points[-1] = (nodes, proof, disproof)
            return
        self.points.append((nodes, proof, disproof))
        if len(self.points) > MAX_POINTS:
            self.points = self.points[::2] if len(self.points) % 2 else self.points[1::2]

    def record_search(self, search: Stepper) -> None:
        """A checkpoint of a search as it stands now: against the nodes its tree holds, or, for
        df-pn, which keeps none, against the nodes it has created, with the root's numbers as a
        stop would leave them (`DfpnSearch.root_now`, what the command line records too; read
        off the live search where the window records it in a `Replay`)."""
        tree = search.tree
        live = search.live if isinstance(search, Replay) else search
        if isinstance(live, WatchedRoot):
            self.record(live.nodes_created, *live.root_now())
        elif tree is None:
            self.record(search.nodes_created, *search.root_numbers)
        else:
            self.record(len(tree), *tree.numbers(ROOT))

    def trend(self) -> Trend | None:
        """The fit over the second half of the run (by nodes), or None with too few points or a
        solved root."""
        usable = [p for p in self.points if 0 < p[1] < INF and p[0] > 1]
        if len(usable) < 4:
            return None
        middle = usable[-1][0] / 2
        late = [p for p in usable if p[0] >= middle]
        if len(late) < 3:
            late = usable[-3:]
        xs = [float(p[0]) for p in late]
        ys = [float(p[1]) for p in late]
        return Trend(
            late[0][0],
            late[0][1],
            late[-1][0],
            late[-1][1],
            _slope(xs, ys),
            _slope([math.log(x) for x in xs], [math.log(y) for y in ys]),
        )


def _slope(xs: list[float], ys: list[float]) -> float:
    """Least-squares slope of ys against xs (0 if xs do not vary)."""
    n = len(xs)
    mean_x, mean_y = sum(xs) / n, sum(ys) / n
    spread = sum((x - mean_x) ** 2 for x in xs)
    if spread == 0:
        return 0.0
    return sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, ys, strict=True)) / spread


def run_traced(search: Search, trace: RootTrace, slice_iterations: int | None = None) -> None:
    """Run a search to its end, recording the root's numbers as it goes: a tree search in slices,
    recording after each one (every `TRACE_SLICE` iterations for PN, every iteration for Pn²,
    whose first-level iteration is a whole second-level search), df-pn watched from inside
    (`watch_dfpn`).

    PN and Pn² are deterministic and their slices resume exactly where they stopped, so the
    search creates the same nodes as one `run()` (the CLI checks WAC.001/222/283)."""
    if isinstance(search, WatchedRoot):
        watch_dfpn(search, trace)
        return
    if not isinstance(search, Stepper) or search.tree is None:
        raise ValueError(f"{search.algorithm} records no root trace")
    if slice_iterations is None:
        slice_iterations = 1 if search.capabilities.two_levels else TRACE_SLICE
    trace.record_search(search)
    while search.run(max_iterations=slice_iterations) is None:
        trace.record_search(search)
    trace.record_search(search)


def watch_dfpn(search: WatchedRoot, trace: RootTrace) -> None:
    """Run df-pn to its end, recording the root's numbers from inside its run (see the module
    docstring): at its start, every so many nodes created, and at its end."""

    def record(nodes: int, proof: int, disproof: int) -> int:
        trace.record(nodes, proof, disproof)
        return nodes + max(TRACE_NODES, nodes // WATCH_SHARE)

    trace.record(search.nodes_created, *search.root_numbers)
    search.watch_root(record)
    try:
        search.run()
    finally:
        search.watch_root(None)
    trace.record(search.nodes_created, *search.root_numbers)
