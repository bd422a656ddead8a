"""Counts read right: one node, two nodes, one ply; rates only over a measurable time."""

import json

from pn_explorer.core.cli.main import main
from pn_explorer.core.values import MIN_RATE_SECONDS, counted, plural, rate_text


def test_counts_agree_with_their_nouns():
    assert counted(1, "node") == "1 node"
    assert counted(0, "node") == "0 nodes"
    assert counted(52_000, "move") == "52,000 moves"
    assert counted(1, "ply") == "1 ply" and counted(3, "ply") == "3 plies"
    assert counted(1, "child") == "1 child" and counted(2, "child") == "2 children"
    assert counted(1, "iteration") == "1 iteration"
    assert plural("second-level search") == "second-level searches"


def test_a_rate_is_said_only_when_it_means_something():
    assert rate_text(100.0, 0.01) is None
    assert rate_text(0.0, 5.0) is None
    assert rate_text(1.2, MIN_RATE_SECONDS) == "1 node/s"
    assert rate_text(12_345.4, 2.0) == "12,345 nodes/s"


def test_solve_prints_no_rate_for_a_search_over_in_a_flash(capsys):
    assert main(["solve", "--tree", "small-proof"]) == 0
    out = capsys.readouterr().out
    assert main(["solve", "--tree", "small-proof", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    if record["seconds"] < MIN_RATE_SECONDS:
        assert "nodes/s" not in out
    assert f"{record['iterations']} iterations" in out
    assert " 1 nodes" not in out and " 1 iterations" not in out and " 1 plies" not in out
