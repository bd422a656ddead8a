"""`python -m pn_explorer.core.cli.bench_tree_file`: how long a large tree file takes to open.

It writes a tree file of `--nodes` nodes (every internal node with `--branching` children, OR
and AND alternating by depth, leaves true or false from a seeded draw), then times, each in a
fresh process as a user runs it: reading it (the core's `load_tree`, split into reading and
checking the JSON and building the tree), solving it (`solve --tree`) and the window's offscreen
screenshot (`--tree … --screenshot`). Wall and CPU seconds, with the machine's load before and
after; docs/benchmarks.md keeps the figures.
"""

from __future__ import annotations

import gc
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from ..errors import TreeFileError
from ..games.tree_catalog import load_tree
from ..inputs.files import read_text
from ..inputs.tree_files import checked_node_link
from .options import add_count_option
from .parser import OneLineParser

MODULE = "pn_explorer.core.cli.bench_tree_file"
MOST_NODES = 5_000_000
"""The largest file the benchmark writes (about 450 MB of JSON)."""


def bushy_tree(nodes: int, branching: int = 4, seed: int = 1) -> dict:
    """Node-link data of a tree of `nodes` nodes filled breadth first, `branching` children a
    node, OR at even depths and AND at odd ones, leaves proved or disproved at random."""
    draw = random.Random(seed)
    kinds = ["OR"]
    edges: list[dict] = []
    parent = 0
    while len(kinds) < nodes:
        for _ in range(min(branching, nodes - len(kinds))):
            edges.append({"source": f"n{parent}", "target": f"n{len(kinds)}"})
            kinds.append("AND" if kinds[parent] == "OR" else "OR")
        parent += 1
    listed: list[dict] = []
    for i, kind in enumerate(kinds):
        node: dict = {"id": f"n{i}", "type": kind}
        if i >= parent:
            node["value"] = draw.choice(("true", "false"))
        listed.append(node)
    graph = {"name": f"bushy {nodes:,}"}
    return {"directed": True, "multigraph": False, "graph": graph, "nodes": listed, "edges": edges}


def write_tree_file(path: Path, nodes: int, branching: int = 4, seed: int = 1) -> Path:
    path.write_text(json.dumps(bushy_tree(nodes, branching, seed)), encoding="utf-8")
    return path


def read_phases(path: Path) -> str:
    """CPU seconds of `load_tree` on `path` in this process, and of its two parts before it:
    reading the file, and parsing and checking its JSON (with the cycle collector paused, as
    the reading does)."""
    clock = time.process_time
    start = clock()
    text = read_text(path, TreeFileError, "tree file")
    read = clock() - start
    gc.disable()
    start = clock()
    checked_node_link(text, "tree file")
    check = clock() - start
    gc.enable()
    del text
    start = clock()
    load_tree(str(path))
    whole = clock() - start
    return f"{read:.2f} {check:.2f} {whole:.2f}"


def _timed(command: list[str]) -> tuple[float, float, int, str]:
    """Wall and CPU seconds of one process, its exit status and its last line of output."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(
        command,
        capture_output=True,
        text=True,
        env=dict(os.environ, QT_QPA_PLATFORM="offscreen"),
        stdin=subprocess.DEVNULL,
        check=False,
    )
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    lines = (done.stdout.strip() or done.stderr.strip()).splitlines()
    return wall, cpu, done.returncode, lines[-1] if lines else ""


def build_parser() -> OneLineParser:
    parser = OneLineParser(prog=f"python -m {MODULE}")
    add_count_option(parser, "--nodes", "nodes of the tree file", MOST_NODES, default=1_000_000)
    add_count_option(parser, "--branching", "children of an internal node", 100, least=2, default=4)
    parser.add_argument(
        "--read", metavar="FILE", help="only time reading FILE in this process (the parts)"
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Write the tree file, then print each process's wall and CPU seconds."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as stopped:  # a mistake in the options: one line already printed
        return int(stopped.code or 0)
    if args.read:
        print(read_phases(Path(args.read)))
        return 0
    command = str(Path(sys.executable).parent / "pn-explorer")
    with tempfile.TemporaryDirectory() as folder:
        path = write_tree_file(Path(folder) / "big.json", args.nodes, args.branching)
        print(f"tree file: {args.nodes:,} nodes, {path.stat().st_size / 1e6:.1f} MB")
        print(f"load before: {os.getloadavg()[0]:.2f}")
        reading = [
            sys.executable,
            "-m",
            __spec__.name if __spec__ else __name__,
            "--read",
            str(path),
        ]
        wall, cpu, status, line = _timed(reading)
        read, check, whole = (float(part) for part in line.split()) if status == 0 else (0, 0, 0)
        print(
            f"load_tree: {whole:.2f} s CPU (reading the file {read:.2f} s, parsing and checking "
            f"the JSON {check:.2f} s); whole process {wall:.2f} s wall, {cpu:.2f} s CPU"
        )
        runs = {
            "solve --tree (node cap 10,000)": [
                command,
                "solve",
                "--tree",
                str(path),
                "--max-nodes",
                "10000",
            ],
            "window screenshot (--steps 3)": [
                command,
                "--tree",
                str(path),
                "--steps",
                "3",
                "--screenshot",
                str(Path(folder) / "shot.png"),
            ],
        }
        for name, run in runs.items():
            wall, cpu, status, line = _timed(run)
            print(f"{name}: {wall:.2f} s wall, {cpu:.2f} s CPU, exit {status}: {line[:100]}")
        print(f"load after: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
