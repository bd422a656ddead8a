"""DAG PN from the command line: `solve --algo dagpn`, `suite --algo dagpn` and
`compare --algos pn,dagpn,dfpn`, every mate verified."""

from __future__ import annotations

import json

from pn_explorer.core.cli.main import main


def test_solve_with_dagpn(capsys):
    assert main(["solve", "--epd", "wac-mates", "--id", "1", "--algo", "dagpn", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["algorithm"] == "dagpn"
    assert data["result"] == "proved" and data["verified"] is True
    assert data["mate_in"] == 2 and data["main_line"] == ["Qg6", "Rg8", "Qh7#"]
    assert data["nodes_created"] == data["peak_nodes_in_memory"] < 4_275  # PN's count


def test_solve_dagpn_text_names_the_search(capsys):
    assert main(["solve", "--epd", "wac-mates", "--id", "4", "--algo", "dagpn"]) == 0
    out = capsys.readouterr().out
    assert "DAG PN search" in out and "mate in 2 (verified" in out


def test_suite_with_dagpn(capsys):
    assert main(["suite", "wac-mates", "--ids", "1", "4", "--algo", "dagpn"]) == 0
    assert "2 of 2 solved (2 proved and verified, 0 disproved)" in capsys.readouterr().out


def test_compare_pn_dagpn_dfpn(tmp_path, capsys):
    out = tmp_path / "compare.json"
    args = ["compare", "wac-mates", "--ids", "1", "4", "--algos", "pn,dagpn,dfpn"]
    assert main([*args, "--json", str(out)]) == 0
    text = capsys.readouterr().out
    assert "solved — pn: 2/2  dagpn: 2/2  dfpn: 2/2" in text
    rows = json.loads(out.read_text())["rows"]
    dag = [row["runs"]["dagpn"] for row in rows]
    assert [run["mate_in"] for run in dag] == [2, 2] and all(run["verified"] for run in dag)
    assert all(
        run["nodes"] <= row["runs"]["pn"]["nodes"] for run, row in zip(dag, rows, strict=True)
    )
