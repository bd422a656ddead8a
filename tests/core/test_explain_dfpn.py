"""Why not found? for df-pn: what the analysis reports is checked against the search's own table
and counts, with the positions' keys computed here from python-chess (Polyglot hashes), not by
the analysis."""

from __future__ import annotations

import json
import math

import chess
import chess.polyglot
import pytest
from helpers import wac

from pn_explorer.core.cli.main import main
from pn_explorer.core.cli.output import EXIT_UNKNOWN
from pn_explorer.core.explain.explain import explain
from pn_explorer.core.explain.table import MAX_LINE_PLIES, table_advice
from pn_explorer.core.explain.trace import RootTrace, Trend
from pn_explorer.core.games.chess_game import ChessGame
from pn_explorer.core.games.explicit_tree import ExplicitTreeGame
from pn_explorer.core.games.registry import kind_of
from pn_explorer.core.games.tree_catalog import load_tree
from pn_explorer.core.search.defaults import DFPN_EPSILON, DFPN_WORK_PER_ENTRY
from pn_explorer.core.search.dfpn import DfpnSearch
from pn_explorer.core.search.dfpn_steps import DfpnStepper
from pn_explorer.core.search.native_engine import native_available
from pn_explorer.core.search.types import Limits, StopReason
from pn_explorer.core.values import INF

TABLE = 1_000
"""A table that stops df-pn on WAC.096 (a mate in 9) at its budget of 20,000 nodes created."""

NATIVE = ["dfpn-native"] if native_available() else []
"""The native df-pn is suggested where it was built (the same search, compiled)."""


def _game(position_id: str = "WAC.096") -> ChessGame:
    position = wac(position_id)
    return ChessGame(position.board, attacker=position.attacker)


@pytest.fixture(scope="module")
def stopped():
    """WAC.096 stopped at the budget of a 1,000-entry table, and its explanation."""
    search = DfpnSearch(_game(), Limits(max_nodes=TABLE))
    search.run()
    return search, explain(search, None, wac("WAC.096").mate_length)


def _entry(search: DfpnSearch, board: chess.Board) -> tuple[int, int, int] | None:
    """The table's (proof, disproof, work) for `board`, keyed as python-chess hashes it."""
    return search.table.lookup(chess.polyglot.zobrist_hash(board), board.halfmove_clock)


def test_the_effort_by_root_move_is_the_searchs_own_work(stopped):
    search, explanation = stopped
    assert search.outcome.reason is StopReason.BUDGET
    board = wac("WAC.096").board.copy()
    moves = list(board.legal_moves)
    rows = {row.move: row for row in explanation.effort}
    assert sorted(rows) == sorted(board.san(move) for move in moves)
    entries = 0
    for move in moves:
        row = rows[board.san(move)]
        board.push(move)
        found = _entry(search, board)
        board.pop()
        if found is not None:
            entries += 1
            assert row.nodes == found[2], row.move  # the table's own work below the move
            assert (row.proof, row.disproof) == found[:2]
        else:
            assert row.nodes == 0
        assert row.share == row.nodes / search.nodes_created
    assert entries >= 2
    # Every node df-pn created lies under one root move, but the root and its own children.
    assert sum(rows[m].nodes for m in rows) == search.nodes_created - 1 - len(moves)
    nodes = [row.nodes for row in explanation.effort]
    assert nodes == sorted(nodes, reverse=True) and nodes[0] > search.nodes_created // 2
    top = explanation.effort[0]
    assert explanation.sentence.startswith(
        "df-pn ran out of its node budget before proving a win: "
        f"{100 * top.share:.0f} % of the work went into {top.move}"
    )
    assert explanation.nodes == search.nodes_created
    assert explanation.max_ply == search.deepest_expansion + 1


def test_the_line_is_read_from_the_table_under_mids_thresholds(stopped):
    """Each step's numbers are the table's entry for that position, each child taken has the
    least δ among the children the table holds there, and the thresholds follow Nagai's rule
    with the 1+ε trick from the root's ∞ (the root's second-best δ read off the effort rows)."""
    search, explanation = stopped
    reading = explanation.table
    steps = reading.steps
    assert 3 <= len(steps) <= MAX_LINE_PLIES + 1
    assert steps[0].ply == 0 and (steps[0].phi_threshold, steps[0].delta_threshold) == (INF, INF)
    assert (steps[0].proof, steps[0].disproof) == search.root_numbers
    board = wac("WAC.096").board.copy()
    for parent, step in zip(steps, steps[1:], strict=False):
        deltas = []
        for move in board.legal_moves:
            board.push(move)
            found = _entry(search, board)
            board.pop()
            if found is not None and found[0] and found[1]:
                deltas.append(found[0] if parent.is_or else found[1])
        board.push_san(step.move)
        found = _entry(search, board)
        if found is None:  # only the last position: one the table lacks ends the line
            assert step is steps[-1] and step.work is None
            assert reading.end.startswith("the table holds no entry for it")
        else:
            assert (step.proof, step.disproof, step.work) == found
        assert step.delta <= min(deltas, default=INF) and step.is_or != parent.is_or
    assert [part for part in reading.line.split() if not part.endswith(".")] == [
        step.move for step in steps[1:]
    ]
    # The root (White to move, an OR node): a child's δ is its proof number.
    by_delta = sorted(explanation.effort, key=lambda row: row.proof)
    first = steps[1]
    assert first.move == by_delta[0].move and first.proof == by_delta[0].proof
    assert first.phi_threshold == INF - steps[0].delta + first.phi
    second = by_delta[1].proof
    assert first.delta_threshold == max(second + 1, math.ceil(second * (1 + DFPN_EPSILON)))


def test_the_stop_says_the_budget_and_the_table_as_the_search_holds_them(stopped):
    search, explanation = stopped
    reading = explanation.table
    table = search.table
    assert (reading.capacity, reading.entries, reading.replacements) == (
        table.capacity,
        len(table),
        table.replacements,
    )
    assert reading.budget == TABLE * DFPN_WORK_PER_ENTRY == search.work_budget
    assert explanation.stopped == str(search.outcome)
    assert f"budget of {TABLE * DFPN_WORK_PER_ENTRY:,} nodes created" in reading.stopped
    assert f"replaced {table.replacements:,} entries" in reading.stopped
    assert explanation.hold_up is None and explanation.line_title == "line the table holds"


def test_the_advice_raises_the_table_and_switches_only_to_searches_that_run(stopped):
    search, explanation = stopped
    kinds = [suggestion.kind for suggestion in explanation.suggestions]
    assert kinds == ["cap", *NATIVE, "pn", "pn2", "ab"]
    raise_table, *_, pn, pn2, ab = explanation.suggestions
    assert raise_table.settings == {"max_nodes": 4 * TABLE}
    assert raise_table.button == f"Raise the table to {4 * TABLE:,} entries"
    assert pn.settings["algo"] == "pn" and pn.settings["max_nodes"] >= search.nodes_created
    assert pn2.settings["max_nodes"] == TABLE
    assert ab.settings == {"algo": "ab", "depth": 9}


def test_a_larger_table_is_never_offered_against_the_trend():
    """A falling proof number is extrapolated to a table whose budget reaches 0; a flat or
    rising one gets no option and no button."""
    falling = Trend(10_000, 40, 20_000, 20, -0.002, -1.0)
    advice = table_advice(falling, 1_000, 20_000, 10_000.0)
    end = 20_000 + 20 / 0.002
    wanted = int(advice.settings["max_nodes"])
    assert wanted * DFPN_WORK_PER_ENTRY >= 1.25 * end and advice.options == f"--max-nodes {wanted}"
    for trend in (
        Trend(10_000, 20, 20_000, 22, 0.0002, 0.14),
        Trend(10_000, 20, 20_000, 40, 0.002, 1.0),
    ):
        flat = table_advice(trend, 1_000, 20_000, 10_000.0)
        assert flat.settings == {} and flat.options == "" and not flat.button
        assert "not offered" in flat.text


def test_a_run_stopped_by_time_is_offered_the_time_its_budget_needs():
    """Where time stopped df-pn, the table's budget needs time too, as PN's advice says; where
    the table already holds the budget, only the time is offered."""
    falling = Trend(10_000, 40, 20_000, 20, -0.002, -1.0)
    rate = 10_000.0
    larger = table_advice(falling, 1_000, 20_000, rate, StopReason.TIME)
    wanted = int(larger.settings["max_nodes"])
    seconds = math.ceil(1.25 * wanted * DFPN_WORK_PER_ENTRY / rate)
    assert larger.options == f"--max-nodes {wanted} --time {seconds}"
    held = table_advice(falling, 10 * wanted, 20_000, rate, StopReason.TIME)
    assert held.options == f"--time {seconds}" and held.settings == {}
    assert "the time limit stopped the run" in held.text
    assert table_advice(falling, 10 * wanted, 20_000, rate, StopReason.ITERATIONS).options == ""


def test_reading_children_gives_mids_numbers_and_leaves_the_search_as_it_was():
    """`read_children`, what the explanation reads the table with, gives the children the
    numbers `generate_children` then gives them, and stores, counts and traces nothing: with
    threats (WAC.096), the mop-up estimate (KRK), deep df-pn's bias, and the flight weight where
    the defender moves first (WAC.014 with Black to move, so the root's children have the
    attacker to move)."""
    passed = wac("WAC.014").board.copy(stack=False)
    passed.push(chess.Move.null())
    cases = [
        (_game(), {}),
        (ChessGame(chess.Board("8/8/8/4k3/8/8/8/4K2R w K - 0 1")), {}),
        (_game("WAC.001"), {"deep_depth": 3}),
        (ChessGame(passed.copy(stack=False), attacker=chess.WHITE), {"flight_weight": 3}),
    ]
    for game, values in cases:
        search = DfpnSearch(game, Limits(max_nodes=TABLE), **values)
        cursor = kind_of(game).fresh(game)
        before = (search.nodes_created, search.table_hits, len(search.table))
        read = search.read_children(cursor, [search.table_key(cursor.position_hash(), 0)])
        assert (search.nodes_created, search.table_hits, len(search.table)) == before
        made = search.generate_children()
        assert read.moves and (read.moves, read.proof, read.disproof) == (
            made.moves,
            made.proof,
            made.disproof,
        )


def test_a_paused_stepper_is_explained_without_moving_it():
    """Paused inside MID: the root move being searched counts its call's work so far, the rows
    sum to the nodes under the root moves, and the search then goes on to the very nodes of an
    uninterrupted run."""
    paused = DfpnStepper(_game(), Limits(max_nodes=TABLE))
    paused.run(max_iterations=400)
    assert paused.outcome is None and len(paused.frames) > 1
    root_children = len(paused.frames[0].children.moves)
    explanation = explain(paused, RootTrace())
    assert sum(row.nodes for row in explanation.effort) == paused.nodes_created - 1 - root_children
    live = paused.frames[1]
    row = next(r for r in explanation.effort if r.node == paused.drawn_tree.path[1])
    assert row.nodes == (
        paused.root_move_work.get(live.key, 0) + paused.nodes_created - live.created_before
    )
    assert (row.proof, row.disproof) == live.numbers
    assert explanation.sentence.startswith("df-pn is paused before proving a win")
    paused.run()
    whole = DfpnSearch(_game(), Limits(max_nodes=TABLE))
    whole.run()
    assert paused.nodes_created == whole.nodes_created


def test_a_tree_file_df_pn_run_is_explained():
    search = DfpnSearch(
        ExplicitTreeGame(load_tree("random:depth=6,branching=2-4,true=0.3,seed=7")),
        Limits(max_nodes=12, max_iterations=3),
    )
    search.run()
    explanation = explain(search, RootTrace())
    assert explanation.table is not None and explanation.effort
    assert explanation.stopped == str(search.outcome)
    assert explanation.suggestions[0].kind == "cap"


def test_solve_explains_df_pn_on_the_command_line(capsys):
    args = ["solve", "--epd", "wac-mates", "--id", "WAC.096", "--algo", "dfpn"]
    assert main([*args, "--max-nodes", str(TABLE), "--explain", "--json"]) == EXIT_UNKNOWN
    data = json.loads(capsys.readouterr().out)
    explained = data["explain"]
    assert explained["nodes"] == data["nodes_created"]
    root_moves = len(list(wac("WAC.096").board.copy().legal_moves))
    assert (
        sum(row["nodes"] for row in explained["effort"]) == data["nodes_created"] - 1 - root_moves
    )
    assert explained["table"]["capacity"] == TABLE and explained["hold_up"] is None
    assert [s["kind"] for s in explained["suggestions"]] == ["cap", *NATIVE, "pn", "pn2", "ab"]
    assert main([*args, "--max-nodes", str(TABLE), "--explain"]) == EXIT_UNKNOWN
    block = capsys.readouterr().out.splitlines()
    assert "Table line " in "\n".join(block)
    searched = f"Search     df-pn search, table of {TABLE:,} entries"  # its cap's unit
    assert any(line.startswith(searched) for line in block)
    assert [line for line in block if line != line.rstrip()] == []  # rows without a line too


def test_the_table_line_says_when_tca_or_snda_searched_otherwise(stopped, capsys):
    """The reading replays plain df-pn's thresholds and sums: with TCA or SNDA on, the line's
    summary says the search itself may have gone another way, on the command line too; plain
    df-pn's says nothing of the kind."""
    assert "replays" not in stopped[1].table.summary
    search = DfpnSearch(_game(), Limits(max_nodes=TABLE), tca=True, snda=True)
    search.run()
    summary = explain(search, RootTrace()).table.summary
    assert summary.endswith(
        " With TCA and SNDA on, this line replays plain df-pn's thresholds and sums, so the "
        "search itself may have gone another way."
    )
    args = ["solve", "--epd", "wac-mates", "--id", "WAC.096", "--algo", "dfpn", "--tca"]
    assert main([*args, "--max-nodes", str(TABLE), "--explain"]) == EXIT_UNKNOWN
    block = " ".join(line.strip() for line in capsys.readouterr().out.splitlines())
    assert "With TCA on, this line replays plain df-pn's thresholds and sums" in block
