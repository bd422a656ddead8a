"""The command line behaves like one: its exit status says the outcome, long work shows progress
on stderr (also when piped), Ctrl+C stops a parallel run at once and keeps what finished, the
usage names the subcommands and the built-in suites, and `--version` reads the package metadata."""

from __future__ import annotations

import csv
import json
import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time
import tomllib
from collections.abc import Iterator
from importlib.metadata import version
from pathlib import Path

import pytest

import pn_explorer.core.runs.runner
from pn_explorer.app.main import build_parser as window_parser
from pn_explorer.core.cli.main import SUBCOMMANDS, main
from pn_explorer.core.cli.output import (
    EXIT_DISPROVED,
    EXIT_INTERRUPTED,
    EXIT_PROVED,
    EXIT_STATUSES,
    EXIT_UNKNOWN,
    EXIT_USER_ERROR,
    EXIT_VERIFICATION_FAILED,
)
from pn_explorer.core.errors import VerificationError
from pn_explorer.core.games.suites import BUILTIN_SUITES, load_suite

ROOT = Path(__file__).resolve().parents[2]
STALEMATE = "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1"
PROGRESS_SOLVE = re.compile(
    r"^pn-explorer solve: ([\d,]+) nodes · ([\d,]+) nodes/s · root pn ([\d,]+|∞), dn ([\d,]+|∞) · "
    r"\d\d:\d\d$"
)
PROGRESS_RUNS = re.compile(
    r"^pn-explorer (suite|compare): (\d+)/(\d+) (positions|runs) · (.*) · \d\d:\d\d"
    r"( · about \d\d:\d\d left)?$"
)


def _command(*args: str) -> list[str]:
    return [sys.executable, "-m", "pn_explorer.app.main", *args]


def _run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        _command(*args), cwd=ROOT, capture_output=True, text=True, timeout=300, env=env
    )


# -- exit statuses ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args, status, said",
    [
        (["--epd", "wac-mates", "--id", "1"], EXIT_PROVED, "proved: mate in 2"),
        ([STALEMATE], EXIT_DISPROVED, "disproved (root already decided): stalemate"),
        (["--epd", "wac-mates", "--id", "96", "--max-nodes", "2000"], EXIT_UNKNOWN, "unknown"),
        (["--tree", "small-proof"], EXIT_PROVED, "proved"),
        (["--game", "tic-tac-toe", "--algo", "dagpn"], EXIT_DISPROVED, "disproved"),
        (["--epd", "wac-mates", "--id", "1", "--json"], EXIT_PROVED, '"result": "proved"'),
        ([STALEMATE, "--json"], EXIT_DISPROVED, '"result": "disproved"'),
    ],
)
def test_the_exit_status_of_solve_says_its_outcome(args, status, said, capsys):
    assert main(["solve", *args]) == status
    assert said in capsys.readouterr().out


def test_bad_input_exits_2_and_a_rejected_proof_3(monkeypatch, capsys):
    assert main(["solve", "--epd", "wac-mates", "--id", "WAC.999"]) == EXIT_USER_ERROR
    assert capsys.readouterr().err.count("\n") == 1

    def reject(record, game, proof):
        raise VerificationError("the replay found a hole in the proof")

    monkeypatch.setattr(pn_explorer.core.runs.runner, "_record_proof", reject)
    assert main(["solve", "--epd", "wac-mates", "--id", "1"]) == EXIT_VERIFICATION_FAILED
    captured = capsys.readouterr()
    assert "mate in" not in captured.out
    assert "proof failed verification: the replay found a hole" in captured.err
    assert main(["solve", "--tree", "small-proof"]) == EXIT_VERIFICATION_FAILED
    assert "a hole in the proof" in capsys.readouterr().err


@pytest.mark.parametrize("command", SUBCOMMANDS)
def test_every_help_lists_every_exit_status(command, capsys):
    with pytest.raises(SystemExit) as ended:
        main([command, "--help"])
    assert ended.value.code == 0
    epilog = capsys.readouterr().out.split("exit status:")[1]
    for code, meaning in EXIT_STATUSES:
        assert re.search(rf"^  {code} +{re.escape(meaning)}$", epilog, re.MULTILINE)


def test_the_cli_reference_documents_the_exit_statuses():
    page = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    for code, meaning in EXIT_STATUSES:
        assert f"| {code} | {meaning} |" in page


# -- usage, suites, version ------------------------------------------------------------------------


def test_the_top_level_usage_lists_the_subcommands():
    done = _run("--help")
    assert done.returncode == 0
    usage = done.stdout.split("\n\n")[0]
    assert "{" + ",".join(SUBCOMMANDS) + "}" in usage
    subcommands = done.stdout.split("subcommands (headless")[1]
    for command in SUBCOMMANDS:
        assert re.search(rf"^  {command} +\w", subcommands, re.MULTILINE)


def _help(words: list[str], capsys) -> str:
    with pytest.raises(SystemExit):
        main([*words, "--help"])
    return " ".join(capsys.readouterr().out.split())


def test_every_built_in_suite_is_named_wherever_a_suite_is_asked_for(capsys):
    window = " ".join(window_parser().format_help().split())
    helps = [_help([command], capsys) for command in ("solve", "suite", "compare")] + [window]
    for text in helps:
        for name in BUILTIN_SUITES:
            assert name in text


@pytest.mark.parametrize("suite", sorted(BUILTIN_SUITES))
def test_every_built_in_suite_named_in_the_help_loads(suite, capsys):
    first = load_suite(suite)[0].id
    assert main(["solve", "--epd", suite, "--id", first, "--max-nodes", "300", "--json"]) in (
        EXIT_PROVED,
        EXIT_DISPROVED,
        EXIT_UNKNOWN,
    )
    assert json.loads(capsys.readouterr().out)["nodes_created"] > 0


def test_version_comes_from_the_package_metadata(capsys):
    from pn_explorer.core.search.native_engine import engine_note

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    installed = version(project["name"])
    assert installed == project["version"]
    with pytest.raises(SystemExit) as ended:
        main(["--version"])
    assert ended.value.code == 0
    printed = capsys.readouterr().out.splitlines()
    assert printed[0] == f"pn-explorer {installed}"
    assert printed[1] == engine_note()  # which df-pn engines this install has
    done = _run("--version")
    assert done.returncode == 0
    assert done.stdout.splitlines() == printed


# -- progress --------------------------------------------------------------------------------------


def test_solve_shows_nodes_rate_and_root_numbers_every_second_when_piped():
    """Five seconds of search (WAC.096 needs two million nodes): two lines or more, whatever
    the machine's speed, with room for a start-up slowed by a busy machine."""
    done = _run("solve", "--epd", "wac-mates", "--id", "96", "--time", "5")
    assert done.returncode == EXIT_UNKNOWN, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) >= 2, done.stderr
    counts = []
    for line in lines:
        match = PROGRESS_SOLVE.match(line)
        assert match, line
        counts.append(int(match.group(1).replace(",", "")))
        assert int(match.group(2).replace(",", "")) > 0
    assert counts == sorted(counts)
    assert "\r" not in done.stderr and "\x1b" not in done.stderr


def test_a_long_check_of_the_result_shows_progress(capsys, monkeypatch):
    """Reading a disproof out and replaying it can take long after the search has ended (df-pn
    may search again): the line says the result is being checked, not a hang."""
    certify = pn_explorer.core.runs.runner.certify_disproof

    def slow(*args, **kwargs):
        time.sleep(1.5)
        certify(*args, **kwargs)

    monkeypatch.setattr(pn_explorer.core.runs.runner, "certify_disproof", slow)
    assert main(["solve", "7k/8/7P/6K1/8/8/8/8 w - - 0 1", "--algo", "dfpn"]) == EXIT_DISPROVED
    captured = capsys.readouterr()
    checking = [
        line for line in captured.err.splitlines() if line.startswith("pn-explorer solve: check")
    ]
    assert checking and all(
        re.match(r"pn-explorer solve: checking the result: \d[\d,]* nodes read out", line)
        for line in checking
    ), captured.err
    assert "certificate checked" in captured.out


def test_quiet_shows_no_progress():
    done = _run("solve", "--epd", "wac-mates", "--id", "96", "--max-nodes", "40000", "--quiet")
    assert done.returncode == EXIT_UNKNOWN and done.stderr == ""
    assert "Nodes      " in done.stdout


def test_suite_and_compare_show_done_solved_and_time_left_when_piped(tmp_path):
    suite = _run("suite", "wac-mates", "--ids", "1", "4", "96", "--time", "3")
    assert suite.returncode == EXIT_PROVED, suite.stderr
    lines = suite.stderr.splitlines()
    assert lines, "no progress"
    for line in lines:
        match = PROGRESS_RUNS.match(line)
        assert match and match.group(1) == "suite" and match.group(3) == "3", line
        assert re.fullmatch(r"\d solved", match.group(5)), line
    assert any(PROGRESS_RUNS.match(line).group(6) for line in lines), "no time left shown"

    ids = ["--ids", "1", "96"]
    compare = _run("compare", "wac-mates", *ids, "--algos", "pn,ab", "--time", "3")
    assert compare.returncode == EXIT_PROVED, compare.stderr
    lines = compare.stderr.splitlines()
    assert lines, "no progress"
    for line in lines:
        match = PROGRESS_RUNS.match(line)
        assert match and match.group(1) == "compare" and match.group(3) == "4", line
        assert re.fullmatch(r"solved pn \d, ab \d", match.group(5)), line


# -- Ctrl+C ----------------------------------------------------------------------------------------


def _lines(stream) -> queue.Queue:
    """The stream's lines as they come, read by a thread (None at its end)."""
    lines: queue.Queue = queue.Queue()

    def read() -> None:
        for line in stream:
            lines.put(line.rstrip("\n"))
        lines.put(None)

    threading.Thread(target=read, daemon=True).start()
    return lines


def _wait_for_done(lines: queue.Queue, done: int, seen: list[str]) -> None:
    """Read progress lines until one says `done` runs have finished."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        line = lines.get(timeout=max(0.1, deadline - time.monotonic()))
        assert line is not None, "the run ended before it could be interrupted:\n" + "\n".join(seen)
        seen.append(line)
        match = PROGRESS_RUNS.match(line)
        if match and int(match.group(2)) >= done:
            return
    raise AssertionError("no progress line said that runs had finished")


def _workers(pid: int) -> list[int]:
    """The worker processes the run started (spawned Pythons)."""
    children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    return [
        int(child)
        for child in children
        if b"spawn_main" in Path(f"/proc/{child}/cmdline").read_bytes()
    ]


def _gone(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return True
    return state == "Z"


def _as_from_a_terminal() -> None:
    """Ctrl+C's default action in the child, as a shell in a terminal gives it: a test run
    started in the background (nohup, `&` in a script) ignores SIGINT, and its children would
    inherit that and never see the Ctrl+C pressed here."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.fixture
def interrupted_run() -> Iterator:
    """Start a command in its own process group, wait until `done` runs have finished, and press
    Ctrl+C `presses` times, 50 ms apart, as a terminal does (SIGINT to the whole group): (status,
    seconds to exit, workers that were running, stdout, stderr lines)."""
    started: list[subprocess.Popen] = []

    def run(
        args: list[str], done: int, presses: int = 1
    ) -> tuple[int, float, list[int], str, list[str]]:
        process = subprocess.Popen(
            _command(*args),
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
            preexec_fn=_as_from_a_terminal,
        )
        started.append(process)
        seen: list[str] = []
        lines = _lines(process.stderr)
        _wait_for_done(lines, done, seen)
        workers = _workers(process.pid)
        os.killpg(process.pid, signal.SIGINT)
        pressed = time.monotonic()
        for _ in range(presses - 1):
            time.sleep(0.05)
            os.killpg(process.pid, signal.SIGINT)
        status = process.wait(timeout=30)
        seconds = time.monotonic() - pressed
        seen.extend(iter(lambda: lines.get(timeout=10), None))
        return status, seconds, workers, process.stdout.read(), seen

    yield run
    for process in started:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def test_ctrl_c_stops_a_parallel_suite_at_once_and_keeps_the_finished_rows(
    tmp_path, interrupted_run
):
    out = tmp_path / "rows.csv"
    args = ["suite", "wac-mates", "--ids", "1", "4", "5", "96", "105", "--jobs", "2"]
    status, seconds, workers, stdout, stderr = interrupted_run([*args, "--csv", str(out)], 3)
    assert status == EXIT_INTERRUPTED
    assert seconds < 1.0
    assert len(workers) == 2 and all(_gone(pid) for pid in workers)
    with out.open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert [row["id"] for row in rows] == ["WAC.001", "WAC.004", "WAC.005"]
    assert all(row["result"] == "proved" for row in rows)
    assert "PN search: 3 of 3 solved" in stdout
    assert (
        stderr[-1]
        == "pn-explorer suite: interrupted: 3 of 5 positions finished, their rows written"
    )


def test_ctrl_c_stops_a_parallel_comparison_at_once_and_keeps_the_finished_rows(
    tmp_path, interrupted_run
):
    """Pressed twice: the second Ctrl+C cannot cut the saving short or change the status."""
    out = tmp_path / "rows.json"
    args = ["compare", "wac-mates", "--ids", "1", "4", "96", "--algos", "pn,dfpn", "--jobs", "2"]
    status, seconds, workers, stdout, stderr = interrupted_run([*args, "--json", str(out)], 4, 2)
    assert status == EXIT_INTERRUPTED
    assert seconds < 1.0
    assert len(workers) == 2 and all(_gone(pid) for pid in workers)
    data = json.loads(out.read_text(encoding="utf-8"))
    assert [row["id"] for row in data["rows"]] == ["WAC.001", "WAC.004"]
    assert all(run["result"] == "proved" for row in data["rows"] for run in row["runs"].values())
    assert "WAC.001" in stdout and "WAC.096" not in stdout
    assert stderr[-1] == (
        "pn-explorer compare: interrupted: 2 of 3 positions finished every run, their rows written"
    )
