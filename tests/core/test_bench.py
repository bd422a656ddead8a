"""`pn-explorer bench`: the ceiling redoes the engine's work; memory is measured honestly."""

import pytest
from helpers import wac

from pn_explorer.core.cli.bench import measure_memory, measure_throughput, time_ceiling, time_engine
from pn_explorer.core.cli.bench_dfpn import measure_table_memory
from pn_explorer.core.cli.main import main
from pn_explorer.core.search.algorithms import AlgorithmSpec
from pn_explorer.core.search.transposition import BYTES_PER_ENTRY
from pn_explorer.core.tree import BYTES_PER_NODE


def test_the_ceiling_counts_every_child_the_engine_created():
    board = wac("WAC.014").board
    created, seconds, tree = time_engine(board, AlgorithmSpec("pn"), 3_000)
    counted, ceiling_seconds = time_ceiling(board, tree)
    assert counted == created == len(tree) - 1
    assert seconds > 0 and ceiling_seconds > 0


def test_throughput_rows_for_pn_and_pn2():
    for name in ("pn", "pn2"):
        rows = measure_throughput(AlgorithmSpec(name), 1_500, rounds=1)
        assert [row.position for row in rows] == ["WAC.014", "WAC.051", "WAC.096"]
        assert all(
            row.nodes > 1_000 and row.engine_rate > 0 and row.ceiling_rate > 0 for row in rows
        )


def test_memory_per_node_stays_small():
    figures = measure_memory(60_000)
    assert 59_000 < figures.nodes <= 60_000
    columns = figures.column_bytes / figures.nodes
    assert columns < 40
    assert figures.bytes_per_node < 200
    # The recorded figure (re-measure with `pn-explorer bench` when a column changes) is the
    # columns and little more.
    assert columns <= BYTES_PER_NODE < 1.1 * columns


@pytest.mark.parametrize("args", [["bench", "--memory-nodes", "1000"], ["bench", "--nodes", "5"]])
def test_bench_refuses_sizes_too_small_to_mean_anything(args, capsys):
    assert main(args) == 2
    assert "at least" in capsys.readouterr().err


def test_dfpn_throughput_is_stopped_by_its_node_budget_and_has_a_ceiling():
    rows = measure_throughput(AlgorithmSpec("dfpn"), 1_500, rounds=1)
    assert [row.position for row in rows] == ["WAC.014", "WAC.051", "WAC.096"]
    assert all(1_500 <= row.nodes < 1_700 and row.ceiling_rate > 0 for row in rows)


def test_a_dfpn_table_entry_costs_at_most_64_bytes():
    figures = measure_table_memory(40_000)
    assert figures.entries > 30_000
    assert figures.column_bytes / figures.capacity == BYTES_PER_ENTRY
    assert 0 < figures.bytes_per_entry <= 64


def test_dfpn_at_a_node_budget_is_deterministic_and_verified(capsys):
    from pn_explorer.core.cli.bench_dfpn import main as budget_main
    from pn_explorer.core.cli.bench_dfpn import solve_at_budget

    first = [r for (r,) in solve_at_budget("wac-mates", 2_000, every=40)]
    again = [r for (r,) in solve_at_budget("wac-mates", 2_000, every=40)]
    assert [r.id for r in first] == ["WAC.001", "WAC.167", "WAC.295"]
    assert [r.nodes_created for r in first] == [r.nodes_created for r in again]
    assert all(r.verified for r in first if r.result == "proved")
    assert first[0].result == "unknown" and 2_000 <= first[0].nodes_created < 2_100
    assert budget_main(["wac-mates", "2000", "--every", "40"]) == 0
    assert "df-pn  2 of 3 solved, 2 at the known length" in capsys.readouterr().out
    assert budget_main(["wac-mates", "10"]) == 2
    assert budget_main(["wac-mates", "5000", "--epsilon", "-1"]) == 2
    assert budget_main(["wac-mates", "5000", "--threat-divisor", "0"]) == 2
    assert budget_main(["wac-mates", "5000", "--threat-depth", "-1"]) == 2
    assert budget_main(["no-such-suite", "5000"]) == 2
    assert budget_main(["wac-mates", "5000", "--ids", "WAC.001,WAC.999"]) == 2
    assert budget_main(["wac-mates", "5000", "--versus", "deep_depth=-1"]) == 2
    assert budget_main(["wac-mates", "5000", "--versus", "weak_delta=maybe"]) == 2
    assert budget_main(["wac-mates", "5000", "--versus", "a=3"]) == 2  # not df-pn's
    assert budget_main(["wac-mates", "5000", "--versus", "deep_depth"]) == 2
    assert capsys.readouterr().err.count("\n") == 10
    assert budget_main(["wac-mates", "2000", "--ids", "wac.167, WAC.001"]) == 0
    shown = capsys.readouterr().out
    assert shown.startswith("WAC.167") and "\nWAC.001 " in shown  # in the order given
    assert "df-pn  1 of 2 solved" in shown
    threats = [r for (r,) in solve_at_budget("wac-mates", 5_000, every=40)]
    assert [(r.result, r.nodes_created) for r in threats][0] == ("proved", 2_038)
    off = [r for (r,) in solve_at_budget("wac-mates", 5_000, every=40, threat_divisor=1)]
    assert off[0].result == "unknown" and 5_000 <= off[0].nodes_created < 5_100


def test_dfpn_variants_run_side_by_side_on_the_same_positions(capsys):
    """`--versus`: each position is searched by df-pn and then by each variant in one run; the
    first column is df-pn as the options say, the same as a run without `--versus`."""
    from pn_explorer.core.cli.bench_dfpn import main as budget_main
    from pn_explorer.core.cli.bench_dfpn import solve_at_budget

    variants = ({}, {"weak_delta": True}, {"deep_depth": 6})
    rows = list(solve_at_budget("wac-mates", 5_000, ids=("WAC.001",), variants=variants))
    plain, weak, deep = rows[0]
    assert plain.nodes_created == 2_038  # df-pn's own figure (the budget test above)
    assert all(r.verified for r in (plain, weak, deep) if r.result == "proved")
    assert len({plain.nodes_created, weak.nodes_created, deep.nodes_created}) == 3
    argv = ["wac-mates", "5000", "--ids", "WAC.001", "--versus", "weak_delta=true"]
    assert budget_main(argv) == 0
    shown = capsys.readouterr().out
    assert "WAC.001      df-pn            proved" in shown
    assert "WAC.001      weak_delta=true  proved" in shown
    assert "  weak_delta=true  1 of 1 solved" in shown
