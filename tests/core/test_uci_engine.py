"""The real-engine cross-check (`core.engines.uci`) and the UCI column of `compare`, against the
fake engine in tests/fake_uci_engine.py (no test needs Stockfish)."""

from __future__ import annotations

import json
import stat
import sys
import threading
import time
from pathlib import Path

import chess
import pytest

from pn_explorer.core.cli.main import main
from pn_explorer.core.engines import uci
from pn_explorer.core.engines.uci import CrossCheck, cross_check, find_engine, probe_engine
from pn_explorer.core.errors import EngineError, EngineNotFoundError, EngineTimeoutError
from pn_explorer.core.runs.comparison import (
    algorithm_factory,
    compare,
    comparison_dict,
    format_rows,
    summarize_all,
)
from pn_explorer.core.runs.engine_column import EngineRun, engine_limits, format_mate_lengths
from pn_explorer.core.runs.runner import CLAIMED, WorkItem, run_item
from tests.helpers import wac

FAKE = Path(__file__).resolve().parent.parent / "fake_uci_engine.py"
WAC_1 = wac("WAC.001")
"""A mate in 2: 1. Qg6 fxg6 2. Nxg6#."""


def uci_line(fen: str, san: list[str]) -> list[str]:
    board = chess.Board(fen)
    moves = []
    for text in san:
        move = board.parse_san(text)
        moves.append(move.uci())
        board.push(move)
    return moves


WAC_1_LINE = uci_line(WAC_1.fen, ["Qg6", "fxg6", "Nxg6#"])


def fake(*args: str) -> list[str]:
    """The fake engine's command, run with this interpreter."""
    return [sys.executable, str(FAKE), *args]


def wrapper(tmp_path: Path, *args: str) -> str:
    """An executable file that starts the fake engine: what a user names with --engine."""
    path = tmp_path / "fakefish"
    path.write_text(f'#!/bin/sh\nexec "{sys.executable}" "{FAKE}" {" ".join(args)} "$@"\n')
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return str(path)


def mating_fake(*extra: str) -> list[str]:
    return fake("--mate", "2", "--bestmove", WAC_1_LINE[0], "--pv", *WAC_1_LINE, *extra)


# -- the cross-check ------------------------------------------------------------------------------


def test_cross_check_reports_the_engines_mate_best_move_and_line(tmp_path):
    log = tmp_path / "log"
    claim = cross_check(mating_fake("--log", str(log)), WAC_1.fen, seconds=5, mate_length=2)
    assert claim.engine == "FakeFish 1"
    assert claim.mate_in == 2 and claim.mates
    assert claim.best_move == "Qg6" and claim.best_move_uci == WAC_1_LINE[0]
    assert claim.line == ("Qg6", "fxg6", "Nxg6#") and claim.line_mates
    assert claim.nodes == 4321 and claim.depth == 7 and not claim.cancelled
    assert claim.summary().startswith("FakeFish 1 claims mate in 2, best move Qg6: 4,321 nodes")
    assert "not verified" in claim.summary()
    commands = log.read_text().splitlines()
    assert "setoption name Threads value 1" in commands
    go = next(line for line in commands if line.startswith("go"))
    assert "mate 2" in go and "movetime 5000" in go


def test_without_a_mate_length_the_engine_gets_only_a_time_limit(tmp_path):
    log = tmp_path / "log"
    claim = cross_check(fake("--log", str(log)), chess.STARTING_FEN, seconds=1)
    assert claim.mate_in is None and not claim.mates and claim.score == "+0.35"
    assert "found no mate (score +0.35)" in claim.summary()
    go = next(line for line in log.read_text().splitlines() if line.startswith("go"))
    assert "mate" not in go and "movetime 1000" in go


def test_a_line_that_does_not_end_in_mate_is_said_so():
    claim = cross_check(
        fake("--mate", "2", "--bestmove", WAC_1_LINE[0]), WAC_1.fen, seconds=1, mate_length=2
    )
    assert claim.mates and claim.line == ("Qg6",) and not claim.line_mates


def test_an_engine_that_never_answers_times_out():
    started = time.monotonic()
    check = CrossCheck(fake("--delay", "60", "--ignore-stop"), WAC_1.fen, 0.3, grace_seconds=0.5)
    with pytest.raises(EngineTimeoutError, match=r"gave no answer within 0\.8 s"):
        check.run()
    assert time.monotonic() - started < 10


def test_cancel_stops_the_engine_at_once():
    check = CrossCheck(fake("--delay", "60", "--mate", "3"), chess.STARTING_FEN, 60)
    threading.Timer(0.5, check.cancel).start()
    started = time.monotonic()
    claim = check.run()
    assert claim.cancelled and "(cancelled)" in claim.summary()
    assert time.monotonic() - started < 10


def test_cancel_ends_an_engine_that_ignores_stop(monkeypatch):
    monkeypatch.setattr(uci, "STOP_GRACE_SECONDS", 0.3)
    check = CrossCheck(fake("--delay", "60", "--ignore-stop"), chess.STARTING_FEN, 60)
    threading.Timer(0.5, check.cancel).start()
    started = time.monotonic()
    claim = check.run()
    assert claim.cancelled and claim.best_move == "" and claim.mate_in is None
    assert time.monotonic() - started < 10


def test_an_illegal_best_move_is_never_a_claim(capsys):
    check = CrossCheck(fake("--bestmove", "a1a8"), chess.STARTING_FEN, 0.3, grace_seconds=0.5)
    with pytest.raises(EngineTimeoutError):
        check.run()
    assert "Traceback" not in capsys.readouterr().err


def test_missing_and_broken_engines_are_one_line_errors(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setattr(uci, "DEBIAN_GAMES", str(tmp_path))
    with pytest.raises(EngineNotFoundError, match="no UCI engine 'stockfish' found on PATH"):
        find_engine()
    with pytest.raises(EngineNotFoundError, match="no such file"):
        find_engine(str(tmp_path / "nothing"))
    plain = tmp_path / "plain"
    plain.write_text("not a program")
    with pytest.raises(EngineNotFoundError, match="is not executable"):
        find_engine(str(plain))
    with pytest.raises(EngineNotFoundError, match="empty"):
        find_engine(" ")
    with pytest.raises(EngineError, match="did not finish the UCI handshake within 0.5 s"):
        probe_engine(fake("--no-uciok"), startup_seconds=0.5)
    found = wrapper(tmp_path)
    assert find_engine("fakefish") == [found]
    assert probe_engine(find_engine(found)) == "FakeFish 1"


# -- the compare column ---------------------------------------------------------------------------


def test_an_engine_item_records_a_claim_never_a_verified_mate():
    item = WorkItem(
        WAC_1.id,
        WAC_1.fen,
        "uci:fake",
        EngineRun(tuple(mating_fake())),
        engine_limits(2),
        WAC_1.best_moves,
        WAC_1.mate_length,
    )
    record = run_item(item)
    assert record.result == CLAIMED and record.verdict == CLAIMED
    assert record.mate_in == 2 and record.first_move == "Qg6" and record.agrees_with_bm
    assert record.verified is None and not record.solved
    assert record.main_line == ["Qg6", "fxg6", "Nxg6#"] and record.nodes_created == 4321


def test_an_engine_that_times_out_in_a_comparison_is_an_unsolved_row(monkeypatch):
    monkeypatch.setattr(uci, "GRACE_SECONDS", 0.3)
    item = WorkItem(
        WAC_1.id,
        WAC_1.fen,
        "uci",
        EngineRun(tuple(fake("--delay", "60", "--ignore-stop"))),
        engine_limits(0.3),
    )
    record = run_item(item)
    assert record.result == "unknown" and "gave no answer" in record.reason


def test_the_engine_is_one_more_column_with_both_mate_lengths():
    factories = {"pn": algorithm_factory("pn")}
    factories["uci:fake"] = EngineRun(tuple(fake("--mate", "1", "--bestmove", WAC_1_LINE[0])))
    rows = compare([WAC_1], factories, {"uci:fake": engine_limits(2)})
    ours, engine = rows[0].runs["pn"], rows[0].runs["uci:fake"]
    assert ours.verified and ours.mate_in == 2 and engine.mate_in == 1
    assert [summary.first for summary in summarize_all(rows, list(factories))] == []
    table = format_rows(rows, list(factories))
    assert "claimed" in table and "uci:fake: 1/1 claimed" in table
    lengths = format_mate_lengths(rows, list(factories))
    assert "uci:fake shorter 1" in lengths and "not verified" in lengths
    ours_only = format_mate_lengths(rows, ["pn"])
    assert ours_only.splitlines()[1].split() == ["pn", "1", "1", "of", "1"]
    assert "engine" not in ours_only and "claims" not in ours_only


def test_compare_command_takes_an_engine_column(tmp_path, capsys):
    engine = wrapper(tmp_path, "--mate", "2", "--bestmove", WAC_1_LINE[0], "--pv", *WAC_1_LINE)
    out = tmp_path / "compare.json"
    status = main(
        [
            "compare",
            "wac-mates",
            "--ids",
            "1",
            "--algos",
            f"pn,uci:{engine}",
            "--time",
            "5",
            "--json",
            str(out),
        ]
    )
    assert status == 0
    printed = capsys.readouterr().out
    name = f"uci:{engine}"
    row = next(line for line in printed.splitlines() if line.startswith("WAC.001"))
    assert "proved" in row and "claimed" in row
    assert f"{name} (claims)" in printed
    data = json.loads(out.read_text())
    run = data["rows"][0]["runs"][name]
    assert run["result"] == "claimed" and run["verified"] is None
    assert run["mate_in"] == 2 and run["known_mate_length"] == 2
    assert run["main_line"] == ["Qg6", "fxg6", "Nxg6#"]
    assert data["rows"][0]["runs"]["pn"]["verified"] is True
    assert data["summaries"] == []
    assert data["mate_lengths"]["columns"][name]["at_known_length"] == 1
    assert data["mate_lengths"]["pairs"][0]["same_length"] == 1


def test_compare_with_a_missing_engine_is_one_line_and_exit_2(tmp_path, capsys):
    status = main(
        [
            "compare",
            "wac-mates",
            "--ids",
            "1",
            "--algos",
            "pn,uci",
            "--engine",
            str(tmp_path / "nothing"),
        ]
    )
    assert status == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no engine at" in err and "no such file" in err


def test_comparison_dict_of_our_searches_keeps_its_summaries():
    factories = {"pn": algorithm_factory("pn")}
    factories["pn2"] = algorithm_factory("pn2")
    data = comparison_dict(compare([WAC_1], factories), list(factories))
    assert len(data["summaries"]) == 1
    assert data["mate_lengths"]["columns"]["pn"] == {
        "engine_claim": False,
        "mates": 1,
        "with_known_length": 1,
        "at_known_length": 1,
    }


@pytest.mark.parametrize(
    "engine, words",
    [
        ("{folder}", "it is a folder, not an executable file"),
        ("/dev/null", "it is a device or a pipe, not an executable file"),
    ],
)
def test_an_engine_path_that_exists_but_is_no_program_says_what_it_is(
    tmp_path, capsys, engine, words
):
    path = engine.format(folder=tmp_path)
    if not Path(path).exists():
        pytest.skip(f"no {path} here")
    with pytest.raises(EngineNotFoundError, match=words):
        find_engine(path)
    status = main(["compare", "wac-mates", "--ids", "1", "--algos", f"pn,uci:{path}"])
    assert status == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err and "no such file" not in err
