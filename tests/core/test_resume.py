"""Resumable runs and the cluster from the command line: `suite` and `compare` write each run to
FILE.rows as it ends, the same command run again skips what is there (even after a kill cut
the last line short), other settings are refused in one line, and `--cluster` gives the rows of
a local run."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pn_explorer.core.cli.main import main
from pn_explorer.core.cli.output import EXIT_PROVED, EXIT_USER_ERROR
from pn_explorer.core.runs import runner
from pn_explorer.core.runs.journal import journal_path
from pn_explorer.core.search.dfpn_native import NOT_BUILT
from pn_explorer.core.search.native_engine import native_available

ROOT = Path(__file__).resolve().parents[2]
IDS = ["WAC.001", "WAC.004", "WAC.005"]


def _suite(out: Path, *extra: str) -> list[str]:
    return ["suite", "wac-mates", "--ids", *IDS, "--max-nodes", "3000", "--json", str(out), *extra]


def _rows(out: Path) -> dict[str, tuple[str, int, list[str]]]:
    rows = json.loads(out.read_text(encoding="utf-8"))["rows"]
    return {row["id"]: (row["result"], row["nodes_created"], row["main_line"]) for row in rows}


def _count_runs(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    ran: list[str] = []
    real = runner.run_item

    def counted(item: runner.WorkItem) -> runner.RunRecord:
        ran.append(item.position_id)
        return real(item)

    monkeypatch.setattr(runner, "run_item", counted)
    return ran


def test_each_run_is_journaled_and_a_second_start_runs_nothing_again(tmp_path, monkeypatch, capsys):
    out = tmp_path / "out.json"
    ran = _count_runs(monkeypatch)
    assert main(_suite(out, "--quiet")) == EXIT_PROVED
    first = _rows(out)
    assert ran == IDS and set(first) == set(IDS)
    lines = journal_path(str(out)).read_text(encoding="utf-8").splitlines()
    assert len(lines) == 1 + len(IDS) and "settings" in json.loads(lines[0])

    ran.clear()
    capsys.readouterr()
    assert main(_suite(out, "--quiet")) == EXIT_PROVED
    assert ran == []
    assert "resuming: 3 runs already in" in capsys.readouterr().out
    assert _rows(out) == first


def test_a_run_killed_mid_line_resumes_from_the_runs_that_were_whole(tmp_path, monkeypatch):
    out = tmp_path / "out.json"
    assert main(_suite(out, "--quiet")) == EXIT_PROVED
    first = _rows(out)
    journal = journal_path(str(out))
    lines = journal.read_text(encoding="utf-8").splitlines()
    journal.write_text("\n".join(lines[:2]) + "\n" + lines[2][:40], encoding="utf-8")
    out.unlink()
    ran = _count_runs(monkeypatch)
    assert main(_suite(out, "--quiet")) == EXIT_PROVED
    assert ran == IDS[1:]
    assert _rows(out) == first
    assert len(journal.read_text(encoding="utf-8").splitlines()) == 1 + len(IDS)


def _one_line_error(*args: str) -> str:
    """The command's stderr, checked to be one line with exit status 2."""
    result = subprocess.run(
        [sys.executable, "-m", "pn_explorer.app.main", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == EXIT_USER_ERROR
    assert result.stderr.strip().count("\n") == 0
    return result.stderr


def test_a_journal_of_other_settings_is_refused_in_one_line(tmp_path):
    out = tmp_path / "out.json"
    assert main(_suite(out, "--quiet")) == EXIT_PROVED
    stderr = _one_line_error(*_suite(out, "--quiet", "--max-nodes", "4000"))
    assert "holds rows of a run with other settings" in stderr


def test_suite_on_a_cluster_gives_the_rows_of_a_local_run(tmp_path, dask_address):
    local, remote = tmp_path / "local.json", tmp_path / "remote.json"
    assert main(_suite(local, "--quiet")) == EXIT_PROVED
    assert main(_suite(remote, "--quiet", "--cluster", dask_address)) == EXIT_PROVED
    assert _rows(remote) == _rows(local)


@pytest.mark.skipif(not native_available(), reason=NOT_BUILT)
def test_the_native_df_pn_on_a_cluster_gives_the_python_df_pns_rows(tmp_path, dask_address):
    """`--cluster` with the native search: its workers import the native module and give the
    rows (results, nodes created, verified lines) the Python df-pn gives locally."""
    local, remote = tmp_path / "local.json", tmp_path / "remote.json"
    assert main(_suite(local, "--quiet", "--algo", "dfpn")) == EXIT_PROVED
    cluster = ["--quiet", "--algo", "dfpn-native", "--cluster", dask_address]
    assert main(_suite(remote, *cluster)) == EXIT_PROVED
    assert _rows(remote) == _rows(local)
    rows = json.loads(remote.read_text(encoding="utf-8"))["rows"]
    assert {row["algorithm"] for row in rows} == {"dfpn-native"}
    assert all(row["verified"] for row in rows)


def test_compare_on_a_cluster_resumes_like_a_local_one(tmp_path, dask_address, monkeypatch):
    out = tmp_path / "compare.json"
    command = ["compare", "wac-mates", "--ids", *IDS[:2], "--algos", "pn,dfpn"]
    command += ["--max-nodes", "3000", "--quiet", "--json", str(out)]
    assert main([*command, "--cluster", dask_address]) == EXIT_PROVED
    journal = journal_path(str(out)).read_text(encoding="utf-8").splitlines()
    assert len(journal) == 1 + 4
    remote = json.loads(out.read_text(encoding="utf-8"))
    ran = _count_runs(monkeypatch)
    assert main(command) == EXIT_PROVED
    assert ran == []
    assert json.loads(out.read_text(encoding="utf-8")) == remote


def test_an_unreachable_cluster_is_one_line_and_exit_2(tmp_path):
    stderr = _one_line_error(
        *_suite(tmp_path / "o.json", "--quiet"), "--cluster", "tcp://127.0.0.1:9"
    )
    assert "cannot reach the Dask scheduler at 'tcp://127.0.0.1:9'" in stderr
