"""`pn-explorer bench --gui`: the app's search throughput against headless, and its longest stall.

The same search (a fixed position, a fixed node cap) runs headless and inside the window
(offscreen, full speed, views redrawing as usual), alternately, for a few rounds so that machine
noise hits both alike. A 5 ms QTimer heartbeat records the largest gap between its ticks while the
app runs: the longest time the GUI thread could not answer. Targets: the app reaches at
least 0.8 × the headless nodes/s, and no stall is longer than 100 ms.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from dataclasses import asdict, dataclass

from ..core.cli.options import add_count_option
from ..core.cli.parser import OneLineParser
from ..core.inputs.numbers import MOST_NODES, whole_option
from .problems.search_setup import PN, PN2, SearchParams, build_search
from .problems.sources import Source, load

POSITION = Source("suite", "paper-figures", "WAC.213")
"""A mate in 18 that neither search solves within the caps below: every round does the same
fixed amount of work and stops at the node cap."""
DEFAULT_NODES = {PN: 100_000, PN2: 30_000}
MOST_GUI_NODES = 10_000_000
"""The largest node cap of a run: each round runs a search to it headless, then in the window."""
MOST_ROUNDS = 100
"""The most rounds: the median of a few already settles the ratio."""
HEARTBEAT_MS = 5
TARGET_RATIO = 0.8
TARGET_STALL_MS = 100.0


@dataclass(slots=True)
class Round:
    headless_nodes_per_second: float
    app_nodes_per_second: float
    ratio: float
    longest_stall_ms: float
    nodes_created: int


def run_headless(params: SearchParams) -> tuple[float, int]:
    """Nodes/s of the search run straight through, as `bench` does."""
    search = build_search(load(POSITION).game, params)
    started = time.perf_counter()
    search.run()
    seconds = time.perf_counter() - started
    return search.nodes_created / seconds, search.nodes_created


def run_in_app(app, params: SearchParams) -> tuple[float, float, int, float]:
    """Nodes/s inside the window at full speed, the longest GUI stall (ms), nodes created, and
    how long one full redraw of the final tree takes (ms)."""
    from PySide6.QtCore import QEventLoop, QTimer

    from .window import MainWindow

    window = MainWindow(persist=False, source=POSITION, params=params)
    window.resize(1400, 900)
    window.show()
    app.processEvents()
    gaps = {"last": 0.0, "longest": 0.0}

    def beat() -> None:
        now = time.perf_counter()
        if gaps["last"]:
            gaps["longest"] = max(gaps["longest"], now - gaps["last"])
        gaps["last"] = now

    heartbeat = QTimer()
    heartbeat.setInterval(HEARTBEAT_MS)
    heartbeat.timeout.connect(beat)
    loop = QEventLoop()
    window.driver.finished.connect(lambda _outcome: loop.quit())
    heartbeat.start()
    started = time.perf_counter()
    gaps["last"] = started
    QTimer.singleShot(0, window.driver.run_to_end)
    loop.exec()
    seconds = time.perf_counter() - started
    heartbeat.stop()
    search = window.driver.search
    assert search is not None, "the window opens with a search"
    nodes = search.nodes_created
    redraw_started = time.perf_counter()
    window.refresh_views()
    window.repaint()
    redraw_ms = (time.perf_counter() - redraw_started) * 1000
    window.close()
    window.deleteLater()
    app.processEvents()
    return nodes / seconds, gaps["longest"] * 1000, nodes, redraw_ms


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog="pn-explorer bench --gui",
        description="The app's throughput and longest stall, measured side by side with headless.",
    )
    parser.add_argument("--algo", choices=(PN, PN2), default=PN)
    add_count_option(
        parser,
        "--nodes",
        "node cap of each run",
        MOST_GUI_NODES,
        least=1_000,
        default_note="default 100,000 for pn, 30,000 for pn2",
    )
    add_count_option(parser, "--rounds", "alternating rounds", MOST_ROUNDS, default=3)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument(
        "--memory-nodes", type=whole_option("--memory-nodes", 1, MOST_NODES), help=argparse.SUPPRESS
    )
    return parser


def main(argv: list[str]) -> int:
    """A mistake in the options is one line and exit status 2 (`OneLineParser`)."""
    options = build_parser().parse_args(argv)
    from .screenshot import ensure_application

    app = ensure_application()
    nodes = options.nodes or DEFAULT_NODES[options.algo]
    params = SearchParams(options.algo, nodes)
    rounds: list[Round] = []
    redraw_ms = 0.0
    for _ in range(options.rounds):
        headless, created = run_headless(params)
        in_app, stall, app_created, redraw_ms = run_in_app(app, params)
        rounds.append(Round(headless, in_app, in_app / headless, stall, created))
    ratio = statistics.median(r.ratio for r in rounds)
    stall = max(r.longest_stall_ms for r in rounds)
    summary = {
        "position": POSITION.item,
        "algorithm": options.algo,
        "node_cap": nodes,
        "headless_nodes_per_second": statistics.median(r.headless_nodes_per_second for r in rounds),
        "app_nodes_per_second": statistics.median(r.app_nodes_per_second for r in rounds),
        "ratio": ratio,
        "longest_stall_ms": stall,
        "final_redraw_ms": redraw_ms,
        "ratio_target_met": ratio >= TARGET_RATIO,
        "stall_target_met": stall <= TARGET_STALL_MS,
        "rounds": [asdict(r) for r in rounds],
    }
    if options.json:
        json.dump(summary, sys.stdout, indent=2)
        sys.stdout.write("\n")
        return 0
    print(
        f"PN Explorer in the app vs headless: {POSITION.item}, {options.algo}, node cap "
        f"{nodes:,}, {options.rounds} rounds (alternating)"
    )
    print(
        f"{'round':>5}  {'headless nodes/s':>16}  {'app nodes/s':>12}  {'ratio':>6}  "
        f"{'longest stall':>13}"
    )
    for number, r in enumerate(rounds, start=1):
        print(
            f"{number:>5}  {r.headless_nodes_per_second:>16,.0f}  "
            f"{r.app_nodes_per_second:>12,.0f}  {r.ratio:>6.2f}  "
            f"{r.longest_stall_ms:>10.0f} ms"
        )
    print(
        f"{'median':>5}  {summary['headless_nodes_per_second']:>16,.0f}  "
        f"{summary['app_nodes_per_second']:>12,.0f}  {ratio:>6.2f}  {stall:>10.0f} ms (max)"
    )
    print(f"redraw of the final {nodes:,}-node tree: {redraw_ms:.0f} ms")
    print(
        f"targets: ratio ≥ {TARGET_RATIO} {'met' if ratio >= TARGET_RATIO else 'MISSED'}; "
        f"stall ≤ {TARGET_STALL_MS:.0f} ms {'met' if stall <= TARGET_STALL_MS else 'MISSED'}"
    )
    return 0
