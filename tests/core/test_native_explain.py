"""Why not found? for the native df-pn: its table is read through the same code as the Python
df-pn's (`core.explain.table`), so at the same limits the two engines' explanations say the same:
the same work by root move, the same most-proving line with the same numbers and thresholds,
the same table counts, the same trend of the root's proof number (both engines are watched from
inside their runs by the same rule) and so the same advice. Reading changes nothing in the
search."""

from __future__ import annotations

import json
import random

import pytest
from helpers import wac

from pn_explorer.core.cli.main import main
from pn_explorer.core.cli.output import EXIT_UNKNOWN
from pn_explorer.core.explain.explain import explain
from pn_explorer.core.explain.trace import RootTrace, run_traced
from pn_explorer.core.games.chess_game import ChessGame
from pn_explorer.core.games.suites import load_suite
from pn_explorer.core.search.dfpn import DfpnSearch
from pn_explorer.core.search.dfpn_native import NOT_BUILT, NativeDfpnSearch
from pn_explorer.core.search.native_engine import native_available
from pn_explorer.core.search.types import Limits

pytestmark = pytest.mark.skipif(not native_available(), reason=NOT_BUILT)

TABLE = 1_000
"""A table whose budget (20,000 nodes created) stops both engines unsolved on these positions."""

POSITIONS = [("wac-mates", "WAC.096"), ("matetrack-dev", "mtd.050"), ("endgame-mates", "egd.003")]


def _position(suite: str, identifier: str):
    return next(p for p in load_suite(suite) if p.id == identifier)


def _both(
    suite: str, identifier: str, table: int = TABLE
) -> tuple[DfpnSearch, NativeDfpnSearch, RootTrace, RootTrace]:
    """Both engines run on one position, each watched from inside (`run_traced`), with what
    their watches were told."""
    position = _position(suite, identifier)
    python = DfpnSearch(ChessGame(position.board, attacker=position.attacker), Limits(table))
    native = NativeDfpnSearch(ChessGame(position.board, attacker=position.attacker), Limits(table))
    told, said = RootTrace(), RootTrace()
    run_traced(python, told)
    run_traced(native, said)
    assert native.outcome == python.outcome
    assert native.nodes_created == python.nodes_created
    return python, native, told, said


def _rows(explanation) -> list[tuple]:
    return [
        (row.move, row.nodes, row.proof, row.disproof, row.deepest_ply, row.deepest_line)
        for row in explanation.effort
    ]


@pytest.mark.parametrize(("suite", "identifier"), POSITIONS)
def test_the_native_explanation_is_the_python_ones(suite: str, identifier: str) -> None:
    python, native, told_trace, said_trace = _both(suite, identifier)
    # The watches were told the same root numbers at the same nodes created, start to end.
    assert said_trace.points == told_trace.points and len(said_trace.points) > 20
    counts = (native.nodes_created, native.table_hits, native.iterations, len(native.table))
    told = explain(python, told_trace)
    said = explain(native, said_trace)
    assert counts == (native.nodes_created, native.table_hits, native.iterations, len(native.table))
    assert said.result == told.result and said.stopped == told.stopped
    assert _rows(said) == _rows(told) and said.effort
    assert said.table is not None and told.table is not None
    assert said.table.steps == told.table.steps and len(said.table.steps) > 1
    assert (said.table.line, said.table.end, said.table.summary) == (
        told.table.line,
        told.table.end,
        told.table.summary,
    )
    assert said.table.stopped == told.table.stopped
    assert (said.table.capacity, said.table.entries, said.table.replacements) == (
        told.table.capacity,
        told.table.entries,
        told.table.replacements,
    )
    assert said.sentence == told.sentence.replace("df-pn", "df-pn native", 1)
    assert said.trend is not None and said.trend == told.trend
    assert said.suggestions[0] == told.suggestions[0]  # the table's advice, read off the trend
    # The Python df-pn, stopped by its budget, is told to try the native one; that is not.
    kinds = [s.kind for s in told.suggestions]
    assert "dfpn-native" in kinds
    assert [s.kind for s in said.suggestions] == [k for k in kinds if k != "dfpn-native"]
    (native_advice,) = [s for s in told.suggestions if s.kind == "dfpn-native"]
    assert native_advice.options == "--algo dfpn-native" and not native_advice.settings


def test_the_native_df_pn_is_not_suggested_for_options_it_does_not_compile() -> None:
    position = _position("wac-mates", "WAC.096")
    game = ChessGame(position.board, attacker=position.attacker)
    search = DfpnSearch(game, Limits(TABLE), tca=True)
    search.run()
    assert "dfpn-native" not in [s.kind for s in explain(search, RootTrace()).suggestions]


def test_read_children_are_the_python_engines_on_random_lines() -> None:
    """Children read off the native table (codes, keys, clocks, numbers) equal the Python
    engine's read of its own, at the root and down random lines of both searches' positions."""
    python, native, _, _ = _both("wac-mates", "WAC.096")
    rng = random.Random(7)
    cursor = ChessGame(wac("WAC.096").board, attacker=python.game.attacker)
    checked = 0
    for _ in range(40):
        cursor.reset()
        path = [python.table_key(cursor.position_hash(), 0)]
        for ply in range(rng.randrange(0, 8)):
            told = python.read_children(cursor, path)
            said = native.read_children(cursor, path)
            assert (said.moves, said.keys, said.clocks) == (told.moves, told.keys, told.clocks)
            assert (said.proof, said.disproof) == (told.proof, told.disproof), ply
            checked += 1
            if not told.moves:
                break
            cursor.push(rng.choice(told.moves))
            path.append(python.table_key(cursor.position_hash(), ply + 1))
    assert checked > 100
    assert native.nodes_created == python.nodes_created  # reading created nothing


def test_solve_explains_the_native_df_pn_on_the_command_line(capsys) -> None:
    args = ["solve", "--epd", "wac-mates", "--id", "WAC.096", "--max-nodes", str(TABLE)]
    assert main([*args, "--algo", "dfpn", "--explain", "--json"]) == EXIT_UNKNOWN
    told = json.loads(capsys.readouterr().out)["explain"]
    assert main([*args, "--algo", "dfpn-native", "--explain", "--json"]) == EXIT_UNKNOWN
    said = json.loads(capsys.readouterr().out)["explain"]
    assert said["effort"] == told["effort"] and said["table"]["steps"] == told["table"]["steps"]
    assert said["table"]["capacity"] == TABLE
    assert said["trend"] == told["trend"] and said["trend"] is not None
    assert said["suggestions"][0] == told["suggestions"][0]
    assert main([*args, "--algo", "dfpn-native", "--explain"]) == EXIT_UNKNOWN
    block = capsys.readouterr().out
    assert "Table line " in block and "Over the last half of the run" in block


def test_a_watch_that_raises_ends_the_native_run_and_is_raised() -> None:
    """The watch is Python called from the native search's thread: what it raises is not lost
    (as the Python df-pn's run raises it), and the search stops at once."""
    position = _position("wac-mates", "WAC.096")
    native = NativeDfpnSearch(ChessGame(position.board, attacker=position.attacker), Limits(TABLE))
    told: list[int] = []

    def watch(nodes: int, proof: int, disproof: int) -> int:
        told.append(nodes)
        if len(told) == 3:
            raise ValueError("the watch failed")
        return nodes + 100

    native.watch_root(watch)
    with pytest.raises(ValueError, match="the watch failed"):
        native.run()
    assert len(told) == 3
    assert native.nodes_created == told[-1]  # nothing expanded after the failure
