"""Tree files are read without networkx (a million nodes in seconds, not a minute), and the tree
read is the one networkx's graph gives: the same nodes in the same depth-first order, the same
children, types, values, labels and numbers, the same refusals. The JSON is read in slices and
gives what `json.loads` gives. A large file solves and draws from the command line."""

import json
import os
import random
import subprocess
import sys

import networkx as nx
import pytest
from fuzz_claims import tree_value

from pn_explorer.core.cli.bench_tree_file import bushy_tree, write_tree_file
from pn_explorer.core.errors import TreeFileError
from pn_explorer.core.games.explicit_tree import AndOrTree
from pn_explorer.core.games.tree_catalog import load_tree
from pn_explorer.core.inputs import json_slices
from pn_explorer.core.inputs.json_slices import loads_in_slices


def _odd_tree(draw: random.Random) -> dict:
    """A small node-link tree with what a file may hold: numeric ids, labels, moves, leaves of
    no type, figures' numbers, an edge given twice, nodes listed out of order; sometimes a
    mistake (two parents, a cycle, a value on an inner node, a second root)."""
    count = draw.randint(1, 30)
    ids: list = [draw.choice([f"n{i}", i, f"}}, {{{i}"]) for i in range(count)]
    ids = list(dict.fromkeys(ids))
    parent = {i: draw.randrange(i) for i in range(1, len(ids))}
    inner = set(parent.values())
    nodes = []
    for i, node_id in enumerate(ids):
        node: dict = {"id": node_id}
        if i in inner or draw.random() < 0.5:
            node["type"] = draw.choice(["OR", "AND", "or"])
        if i not in inner:
            node["value"] = draw.choice(["true", "false", "unknown", True, "win", None])
        if draw.random() < 0.2:
            node["label"] = f"label {i}"
        if draw.random() < 0.2:
            node["move"] = f"m{i}"
        if draw.random() < 0.1:
            node["expected_proof"], node["expected_disproof"] = draw.randint(0, 9), "inf"
        nodes.append(node)
    edges = [{"source": ids[p], "target": ids[c]} for c, p in parent.items()]
    if edges and draw.random() < 0.2:
        edges.append(dict(draw.choice(edges)))
    mistake = draw.randrange(8)
    if mistake == 0 and len(ids) > 2:
        edges.append({"source": ids[-1], "target": ids[1]})
    elif mistake == 1 and len(ids) > 1:
        edges.append({"source": ids[-1], "target": ids[0]})
    elif mistake == 2:
        nodes[0]["value"] = "true"
    elif mistake == 3:
        nodes.append({"id": "alone", "type": "OR"})
    draw.shuffle(nodes)
    if draw.random() < 0.3:
        draw.shuffle(edges)
    return {"directed": True, "multigraph": False, "graph": {}, "nodes": nodes, "edges": edges}


def _read(reader):
    try:
        tree = reader()
    except TreeFileError as error:
        return "refused", str(error).split(": ", 1)[-1]
    return [
        (n.name, n.is_or, n.value, n.children, n.move, n.expected) for n in tree.nodes
    ], tree.name


@pytest.mark.parametrize("seed", range(300))
def test_a_file_reads_as_networkx_would_read_it(seed):
    data = _odd_tree(random.Random(seed))
    text = json.dumps(data)
    direct = _read(lambda: AndOrTree.from_json_text(text, "t", source="t.json"))
    graph = nx.node_link_graph(data, edges="edges")
    through_networkx = _read(lambda: AndOrTree.from_graph(graph, "t"))
    assert direct == through_networkx


def test_json_in_slices_is_json_loads(monkeypatch):
    monkeypatch.setattr(json_slices, "SLICE", 40)
    texts = [
        json.dumps(bushy_tree(300)),
        '{"nodes": [{"id": "a}, {"}, {"id": 2, "x": [{"a": 1}, {"b": 2}]}, {"id": 3}], '
        '"edges": []}',
        '{"nodes": [1, 2, {"x": "},"}, 3], "edges": [], "nodes": []}',
        '{"nodes": [{"a": 1}, {"b": 2}],}',
        '{"nodes": [NaN, Infinity, -Infinity]}',
        "[]",
        " {} ",
        '{"nodes": [{"id": 1}, {"id": 2}',
    ]
    for text in texts:
        try:
            wanted = json.loads(text)
        except ValueError as error:
            with pytest.raises(type(error)):
                loads_in_slices(text, ("nodes", "edges"))
            continue
        assert json.dumps(loads_in_slices(text, ("nodes", "edges"))) == json.dumps(wanted)


def test_a_file_read_twice_unchanged_is_read_once_and_a_changed_one_again(tmp_path):
    path = write_tree_file(tmp_path / "t.json", 100)
    first = load_tree(str(path))
    assert load_tree(str(path)) is first
    write_tree_file(path, 120)
    assert len(load_tree(str(path)).nodes) == 120


def test_reading_tells_its_progress_in_order_to_the_end(tmp_path):
    path = write_tree_file(tmp_path / "p.json", 3000)
    shares: list[float] = []
    AndOrTree.from_file(path, shares.append)
    assert shares == sorted(shares) and shares[-1] == 1.0 and len(shares) >= 3


def test_a_large_tree_file_solves_and_draws_from_the_command_line(tmp_path):
    """The command line on a 50,000-node file: `solve` proves or disproves what the file's own
    value says (evaluated here), and the window's screenshot is written."""
    data = bushy_tree(50_000, seed=3)
    path = tmp_path / "large.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    command = [sys.executable, "-m", "pn_explorer.app.main"]
    environment = os.environ | {"QT_QPA_PLATFORM": "offscreen", "XDG_CONFIG_HOME": str(tmp_path)}
    solved = subprocess.run(
        [*command, "solve", "--tree", str(path), "--json", "--max-nodes", "200000"],
        capture_output=True,
        text=True,
        timeout=300,
        env=environment,
    )
    result = json.loads(solved.stdout)
    assert result["result"] == ("proved" if tree_value(data) else "disproved"), solved.stderr
    shot = tmp_path / "large.png"
    drawn = subprocess.run(
        [*command, "--tree", str(path), "--steps", "3", "--screenshot", str(shot)],
        capture_output=True,
        text=True,
        timeout=300,
        env=environment,
    )
    assert drawn.returncode == 0 and shot.stat().st_size > 10_000, drawn.stderr
