"""The trend of df-pn's root proof number for `solve --explain`: watched from inside the run, it
leaves df-pn's work exactly that of an unwatched run, its checkpoints are the numbers a stop there
would leave the root with, and the command line's table advice is read from it."""

from __future__ import annotations

import json

import pytest
from helpers import wac

from pn_explorer.core.cli.main import main
from pn_explorer.core.cli.output import EXIT_UNKNOWN
from pn_explorer.core.explain.advice import SAFETY
from pn_explorer.core.explain.trace import RootTrace, run_traced
from pn_explorer.core.games.chess_game import ChessGame
from pn_explorer.core.runs.replay import Replay
from pn_explorer.core.search.defaults import DFPN_WORK_PER_ENTRY
from pn_explorer.core.search.dfpn import DfpnSearch
from pn_explorer.core.search.dfpn_steps import DfpnStepper
from pn_explorer.core.search.types import Limits, StopReason

TABLE = 1_000
"""A table that stops df-pn on WAC.096 at its budget of 20,000 nodes created, unsolved."""

WIDE = 200_000
"""A table far larger than the runs below fill, so that no position on a path is forgotten."""

OPTIONS = ({}, {"tca": True, "snda": True}, {"weak_delta": True}, {"epsilon": 0.0})
"""Plain df-pn and the variants whose numbers MID sums otherwise (SNDA's groups, weak δ)."""


def _game() -> ChessGame:
    position = wac("WAC.096")
    return ChessGame(position.board, attacker=position.attacker)


def _work(search: DfpnSearch) -> tuple[object, ...]:
    """Everything a run's order of work shows: its counts, its root and its table's columns."""
    table = search.table
    return (
        search.nodes_created,
        search.iterations,
        search.table_hits,
        search.root_numbers,
        search.outcome,
        search.root_move_work,
        table.replacements,
        bytes(table.keys),
        bytes(table.proof),
        bytes(table.disproof),
        bytes(table.work),
    )


@pytest.mark.parametrize("options", OPTIONS)
def test_a_watched_run_does_the_work_of_an_unwatched_one(options):
    plain = DfpnSearch(_game(), Limits(max_nodes=TABLE), **options)
    plain.run()
    watched = DfpnSearch(_game(), Limits(max_nodes=TABLE), **options)
    trace = RootTrace()
    run_traced(watched, trace)
    assert watched.outcome.reason is StopReason.BUDGET
    assert _work(watched) == _work(plain)
    nodes = [point[0] for point in trace.points]
    assert nodes == sorted(nodes) and len(nodes) > 20
    assert trace.points[-1] == (plain.nodes_created, *plain.root_numbers)
    assert trace.trend() is not None


def _checkpoints(options: dict[str, object]) -> list[tuple[int, int, int, int]]:
    """(iterations, nodes created, root pn, root dn) at each checkpoint of a watched run of 600
    iterations, with a table that forgets nothing the run needs."""
    search = DfpnSearch(_game(), Limits(max_nodes=WIDE, max_iterations=600), **options)
    seen: list[tuple[int, int, int, int]] = []

    def watch(nodes: int, proof: int, disproof: int) -> int:
        seen.append((search.iterations, nodes, proof, disproof))
        return nodes + 2_000

    search.watch_root(watch)
    search.run()
    return seen


@pytest.mark.parametrize("options", OPTIONS)
def test_each_checkpoint_is_what_a_stop_there_leaves_the_root_with(options):
    """A run stopped by an iteration limit at a checkpoint's iteration ends with the root's
    numbers that checkpoint read mid-MID (`DfpnSearch.root_now`)."""
    seen = _checkpoints(options)
    assert len(seen) > 3
    for iterations, nodes, proof, disproof in seen:
        limits = Limits(max_nodes=WIDE, max_iterations=iterations)
        stopped = DfpnSearch(_game(), limits, **options)
        assert stopped.run().reason is StopReason.ITERATIONS
        assert (stopped.nodes_created, *stopped.root_numbers) == (nodes, proof, disproof)
    assert len({point[2] for point in seen}) > 1  # the root's number moves mid-run


@pytest.mark.parametrize("recorded", [False, True])
def test_a_paused_stepper_reads_the_same_number_off_its_frames(recorded):
    """The app records df-pn's trend off the paused stepper's frames (`RootTrace.record_search`),
    also through the replay it steps it in: the number the command line's watch reads, what a
    stop there leaves the root with."""
    stepper = DfpnStepper(_game(), Limits(max_nodes=WIDE))
    search = Replay(stepper, lambda: DfpnStepper(_game(), Limits(max_nodes=WIDE)))
    trace = RootTrace()
    lagging = []
    for iterations in (1, 150, 300, 450):
        stepper.run(max_iterations=iterations - stepper.iterations)
        trace.record_search(search if recorded else stepper)
        stopped = DfpnSearch(_game(), Limits(max_nodes=WIDE, max_iterations=iterations))
        stopped.run()
        assert trace.points[-1] == (stopped.nodes_created, *stopped.root_numbers)
        lagging.append(stepper.root_numbers != trace.points[-1][1:])
    assert any(lagging)  # the root frame's own lists lag behind a root move being searched


def test_a_stepper_watched_steps_to_the_nodes_of_a_plain_run():
    """The app's stepper is the same search, MID paused at every event: watched, paused
    mid-run and resumed, it still creates the nodes of a plain run."""
    stepper = DfpnStepper(_game(), Limits(max_nodes=TABLE))
    trace = RootTrace()
    stepper.watch_root(lambda nodes, proof, disproof: trace.record(nodes, proof, disproof) or 500)
    stepper.run(max_iterations=300)
    assert stepper.outcome is None and len(stepper.frames) > 1 and trace.points
    stepper.run()
    plain = DfpnSearch(_game(), Limits(max_nodes=TABLE))
    plain.run()
    assert (stepper.nodes_created, stepper.iterations) == (plain.nodes_created, plain.iterations)
    assert len(trace.points) > 20


def test_solve_explain_reads_df_pns_trend_into_its_table_advice(capsys):
    """Unsolved within a small table, `solve --explain` gives df-pn a trend (JSON) and the table
    advice says it in words (text), on the nodes of the plain run."""
    args = ["solve", "--epd", "wac-mates", "--id", "WAC.096", "--algo", "dfpn"]
    args += ["--max-nodes", str(TABLE)]
    assert main([*args, "--json"]) == EXIT_UNKNOWN
    plain = json.loads(capsys.readouterr().out)
    assert main([*args, "--explain", "--json"]) == EXIT_UNKNOWN
    data = json.loads(capsys.readouterr().out)
    assert data["nodes_created"] == plain["nodes_created"]
    assert data["iterations"] == plain["iterations"]
    trend = data["explain"]["trend"]
    assert trend["last_nodes"] == data["nodes_created"]
    assert trend["last_nodes"] / 2 <= trend["first_nodes"] < trend["last_nodes"]
    advice = data["explain"]["suggestions"][0]
    said = (
        f"Over the last half of the run the root's proof number went from "
        f"{trend['first_proof']} to {trend['last_proof']} while df-pn created "
        f"{trend['first_nodes']:,} to {trend['last_nodes']:,} nodes"
    )
    assert advice["kind"] == "cap" and advice["text"].startswith(said)
    assert "too short" not in advice["text"]
    assert main([*args, "--explain"]) == EXIT_UNKNOWN
    text = " ".join(capsys.readouterr().out.split())
    assert f"Nodes {plain['nodes_created']:,} created" in text
    assert said in text


def test_a_falling_trend_offers_the_table_its_extrapolation_needs(capsys):
    """WAC.222 falls towards its proof (df-pn proves it at about 20,000 nodes with a 2,000-entry
    table); stopped earlier by iterations, the advice extrapolates that fall to 0 and offers
    the table whose budget covers it."""
    args = ["solve", "--epd", "wac-mates", "--id", "WAC.222", "--algo", "dfpn"]
    args += ["--max-nodes", "2000", "--iterations", "850", "--json"]
    assert main([*args, "--explain"]) == EXIT_UNKNOWN
    data = json.loads(capsys.readouterr().out)
    trend = data["explain"]["trend"]
    assert trend["slope"] < 0 and trend["last_proof"] < trend["first_proof"]
    end = trend["last_nodes"] + trend["last_proof"] / -trend["slope"]
    advice = data["explain"]["suggestions"][0]
    assert f"reaches 0 near {round(end):,} nodes created" in advice["text"]
    assert advice["settings"]["max_nodes"] * DFPN_WORK_PER_ENTRY >= SAFETY * end
    assert main(args) == EXIT_UNKNOWN
    assert json.loads(capsys.readouterr().out)["nodes_created"] == data["nodes_created"]


def test_wac_096_keeps_its_pinned_count_when_explained(capsys):
    """df-pn's pinned count on WAC.096 (a 40,000-entry table) holds with the trend watched; the
    tests above check a watched run against an unwatched one on smaller runs."""
    args = ["solve", "--epd", "wac-mates", "--id", "WAC.096", "--algo", "dfpn"]
    args += ["--max-nodes", "40000", "--json", "--quiet", "--explain"]
    assert main(args) == 0
    assert json.loads(capsys.readouterr().out)["nodes_created"] == 211_426
