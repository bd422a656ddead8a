"""Deep and wide AND/OR tree files for the cost checks, the fuzz harness and docs/benchmarks.md.

A *chain* is one line of `depth` plies, OR and AND alternating, ending in a leaf: proved (a tree
to solve), or unknown with its most-proving path given (a figure's snapshot, which the window
opens as a search in progress with every node already in it). A *fan* is a root with `width`
proved leaves. Write one with

    python tests/deep_trees.py chain 10000 deep.json [--snapshot]
    python tests/deep_trees.py fan 100000 wide.json
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path


def chain(depth: int, snapshot: bool = False) -> dict:
    """Node-link data of a line `depth` plies deep."""
    nodes: list[dict] = [
        {"id": f"n{i}", "type": "OR" if i % 2 == 0 else "AND"} for i in range(depth + 1)
    ]
    nodes[-1]["value"] = "unknown" if snapshot else "true"
    graph: dict = {"name": f"chain {depth}"}
    if snapshot:
        graph["most_proving_path"] = [node["id"] for node in nodes]
    edges = [{"source": f"n{i}", "target": f"n{i + 1}"} for i in range(depth)]
    return {"directed": True, "multigraph": False, "graph": graph, "nodes": nodes, "edges": edges}


def fan(width: int) -> dict:
    """Node-link data of a root with `width` proved leaves."""
    nodes: list[dict] = [{"id": "root", "type": "OR"}]
    nodes += [{"id": f"m{i}", "type": "AND", "value": "true"} for i in range(width)]
    edges = [{"source": "root", "target": f"m{i}"} for i in range(width)]
    graph = {"name": f"fan {width}"}
    return {"directed": True, "multigraph": False, "graph": graph, "nodes": nodes, "edges": edges}


def write(data: dict, path: str | Path) -> Path:
    path = Path(path)
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("shape", choices=("chain", "fan"))
    parser.add_argument("size", type=int, help="depth of a chain, width of a fan")
    parser.add_argument("path")
    parser.add_argument("--snapshot", action="store_true", help="a chain as a figure's snapshot")
    args = parser.parse_args()
    data = chain(args.size, args.snapshot) if args.shape == "chain" else fan(args.size)
    write(data, args.path)


if __name__ == "__main__":
    main()
