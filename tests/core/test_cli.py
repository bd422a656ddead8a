"""The headless command line: results, one-line errors with non-zero exit, and no Qt imported."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import wac

import pn_explorer.core.search.types
from pn_explorer.core.cli.main import main
from pn_explorer.core.cli.output import EXIT_DISPROVED
from pn_explorer.core.games.chess_game import ChessGame
from pn_explorer.core.search.algorithms import AlgorithmSpec, create_search
from pn_explorer.core.search.types import Limits

ROOT = Path(__file__).resolve().parents[2]


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "pn_explorer.app.main", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_solve_reports_a_verified_mate_without_importing_qt():
    code = (
        "import sys, pn_explorer.app.main as m; "
        "rc = m.main(['solve', '--epd', 'wac-mates', '--id', 'WAC.004']); "
        "print('QT' if any(k.startswith('PySide6') for k in sys.modules) else 'NOQT'); "
        "sys.exit(rc)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    assert "mate in 2 (verified" in result.stdout
    assert "1. Qxh7+ Kxh7 2. hxg6#" in result.stdout
    assert result.stdout.strip().endswith("NOQT")


def test_solve_json(capsys):
    assert main(["solve", "--epd", "wac-mates", "--id", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["result"] == "proved" and data["verified"] is True
    assert data["mate_in"] == 2 and data["main_line"] == ["Qg6", "Rg8", "Qh7#"]
    assert data["agrees_with_bm"] is True
    assert data["nodes_created"] == data["peak_nodes_in_memory"] > 0


@pytest.mark.parametrize("algo", ["pn", "dagpn", "dfpn"])
def test_solve_json_counts_transpositions(capsys, algo):
    """`transpositions` counts positions reached by another path and merged: None for tree PN
    (it merges nothing), DAG PN's links; df-pn's table cannot tell another path from a parent
    re-expanded, so its hits are `table_hits` and its `transpositions` None."""
    from pn_explorer.core.games.chess_game import ChessGame
    from pn_explorer.core.games.suites import load_suite
    from pn_explorer.core.search.algorithms import AlgorithmSpec, create_search
    from pn_explorer.core.search.types import Limits

    assert main(["solve", "--epd", "wac-mates", "--id", "222", "--algo", algo, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    if algo == "pn":
        assert data["transpositions"] is None and data["table_hits"] is None
        return
    position = next(p for p in load_suite("wac-mates") if p.id == "WAC.222")
    search = create_search(AlgorithmSpec(algo), ChessGame(position.board), Limits())
    search.run()
    if algo == "dagpn":
        assert data["transpositions"] == search.transpositions > 0
        assert data["table_hits"] is None
    else:
        assert data["transpositions"] is None
        assert data["table_hits"] == search.table_hits > 0


def test_solve_an_explicit_tree(capsys):
    assert main(["solve", "--tree", "small-proof"]) == 0
    out = capsys.readouterr().out
    assert "proved" in out and "A → C" in out


def test_solve_a_finished_root(capsys):
    assert main(["solve", "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1"]) == EXIT_DISPROVED
    assert "stalemate" in capsys.readouterr().out


@pytest.mark.parametrize(
    "args, words",
    [
        (["solve", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1"], "malformed FEN"),
        (["solve", "8/8/8/8/8/8/8/K7 w - - 0 1"], "Black has no king"),
        (["solve", "k6R/8/8/8/8/8/8/K7 w - - 0 1"], "not to move is in check"),
        (["solve", "--epd", "wac-mates", "--id", "WAC.999"], "no position with id"),
        (["solve", "--epd", "no-such-suite.epd", "--id", "1"], "no suite"),
        (["solve", "--epd", "wac-mates"], "needs --id"),
        (["solve", "--max-nodes", "0", "--epd", "wac-mates", "--id", "1"], "must be positive"),
        (["solve", "--max-nodes", "-5", "--epd", "wac-mates", "--id", "1"], "must be positive"),
        (
            ["solve", "--max-nodes", "99999999999999", "--epd", "wac-mates", "--id", "1"],
            "is too large (at most 1,000,000,000)",
        ),
        (
            ["solve", "--time", "soon", "--epd", "wac-mates", "--id", "1"],
            "--time must be a positive",
        ),
        (["solve", "--time", "-1", "--epd", "wac-mates", "--id", "1"], "positive"),
        (["solve", "--algo", "pn2", "--a", "0", "--epd", "wac-mates", "--id", "1"], "positive"),
        (["solve", "--tree", "/no/such/tree.json"], "no such tree file"),
        (["suite", "wac-mates", "--jobs", "0"], "--jobs"),
        (
            ["compare", "wac-mates", "--algos", "pn,dfpn", "--threat-divisor", "0"],
            "--threat-divisor",
        ),
        (["compare", "wac-mates", "--algos", "pn,dfpn", "--deep-depth", "1001"], "--deep-depth"),
        (["compare", "wac-mates", "--algos", "pn,pn2", "--fraction", "half"], "--fraction"),
        (["suite", "wac-mates", "--ids", "1", "--csv", "/no/such/dir/out.csv"], "cannot write"),
        (["frobnicate"], "invalid choice"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args, words, capsys):
    try:
        code = main(args)
    except SystemExit as stopped:
        code = stopped.code
    assert code == 2
    err = capsys.readouterr().err.strip()
    assert words in err
    assert len(err.splitlines()) == 1 and "Traceback" not in err


def test_a_cap_within_the_bound_that_memory_cannot_hold_is_refused(monkeypatch, capsys):
    monkeypatch.setattr(pn_explorer.core.search.types, "available_memory_bytes", lambda: 2**30)
    args = ["solve", "--max-nodes", "900,000,000", "--epd", "wac-mates", "--id", "1"]
    assert main(args) == 2
    err = capsys.readouterr().err.strip()
    assert "more than this machine's free memory can hold" in err and err.count("\n") == 0


def test_bad_epd_file_is_one_line(tmp_path, capsys):
    bad = tmp_path / "bad.epd"
    bad.write_text("this is not an epd line\n")
    assert main(["suite", str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    assert "bad.epd line 1" in err and len(err.splitlines()) == 1


def test_suite_rows_summary_and_csv(tmp_path, capsys):
    out = tmp_path / "rows.csv"
    assert main(["suite", "wac-mates", "--ids", "1", "4", "WAC.005", "--csv", str(out)]) == 0
    text = capsys.readouterr().out
    assert "3 of 3 solved (3 proved and verified, 0 disproved)" in text
    assert "average nodes per solved" in text
    lines = out.read_text().splitlines()
    assert lines[0].startswith("id,result,nodes_created")
    assert [line.split(",")[0] for line in lines[1:]] == ["WAC.001", "WAC.004", "WAC.005"]


def test_suite_in_parallel_processes_matches_serial(tmp_path):
    serial, parallel = tmp_path / "s.json", tmp_path / "p.json"
    assert main(["suite", "wac-mates", "--ids", "1", "4", "5", "9", "--json", str(serial)]) == 0
    assert (
        main(
            [
                "suite",
                "wac-mates",
                "--ids",
                "1",
                "4",
                "5",
                "9",
                "--jobs",
                "2",
                "--json",
                str(parallel),
            ]
        )
        == 0
    )
    rows = [json.loads(path.read_text())["rows"] for path in (serial, parallel)]
    assert [(r["id"], r["nodes_created"], r["mate_in"]) for r in rows[0]] == [
        (r["id"], r["nodes_created"], r["mate_in"]) for r in rows[1]
    ]


def test_compare_prints_table_3_1_shaped_summaries(tmp_path, capsys):
    out = tmp_path / "compare.json"
    assert (
        main(["compare", "wac-mates", "--ids", "4", "5", "--algos", "pn,ab", "--json", str(out)])
        == 0
    )
    text = capsys.readouterr().out
    assert "Positions solved by both / pn only / ab only / neither: 2 / 0 / 0 / 0" in text
    assert "thesis (117 positions)" in text
    data = json.loads(out.read_text())
    assert [row["id"] for row in data["rows"]] == ["WAC.004", "WAC.005"]


def test_compare_ordering_report_alone_runs_only_alpha_beta(tmp_path, capsys):
    out = tmp_path / "ordering.json"
    args = ["compare", "mate-in-2", "--ids", "m2d.001", "m2d.002", "--depth", "2"]
    assert main([*args, "--ordering-report", "--json", str(out)]) == 0
    text = capsys.readouterr().out
    assert "Positions solved by both" not in text
    assert "same verdict and mate length in every variant: yes" in text
    data = json.loads(out.read_text())
    assert set(data) == {"ordering"}
    assert [row["id"] for row in data["ordering"]["rows"]] == ["m2d.001", "m2d.002"]
    assert main([*args, "--algos", "pn,ab", "--ordering-report", "--json", str(out)]) == 0
    assert set(json.loads(out.read_text())) > {"rows", "ordering"}
    assert main([*args, "--ordering-report", "--all-keys", "--json", str(out)]) == 0
    assert "every root move tried" in capsys.readouterr().out
    assert json.loads(out.read_text())["ordering"]["all_keys"] is True


def test_compare_hands_each_search_the_values_of_its_own_parameters(tmp_path, capsys):
    """A df-pn parameter given to compare reaches df-pn: its row has the nodes of df-pn built
    with that value, not with the default; PN's row is PN's as ever; the run's settings (what a
    resumed run must match) record each search's values."""
    out = tmp_path / "compare.json"
    args = ["compare", "wac-mates", "--ids", "WAC.004", "--algos", "pn,dfpn", "--max-nodes", "5000"]
    given = ["--no-mates-in-one", "--deep-depth", "6"]
    assert main([*args, *given, "--json", str(out)]) == 0
    runs = json.loads(out.read_text())["rows"][0]["runs"]
    position = wac("WAC.004")

    def nodes(algo: str, **values) -> int:
        game = ChessGame(position.board, attacker=position.attacker)
        search = create_search(AlgorithmSpec(algo, **values), game, Limits(max_nodes=5_000))
        search.run()
        return search.nodes_created

    dfpn = nodes("dfpn", mates_in_one=False, deep_depth=6)
    assert runs["dfpn"]["nodes"] == dfpn != nodes("dfpn")
    assert runs["pn"]["nodes"] == nodes("pn")
    settings = json.loads(Path(f"{out}.rows").read_text().splitlines()[0])["settings"]
    assert settings["parameters"]["dfpn"]["deep_depth"] == 6
    assert settings["parameters"]["dfpn"]["mates_in_one"] is False
    assert settings["parameters"]["pn"] == {"initialisation": "mobility"}


def test_compare_needs_two_algorithms(capsys):
    assert main(["compare", "wac-mates", "--algos", "pn"]) == 2
    assert "at least two" in capsys.readouterr().err


def test_solve_with_alpha_beta_and_shortest(capsys):
    assert main(["solve", "--epd", "wac-mates", "--id", "4", "--algo", "ab", "--depth", "3"]) == 0
    assert "mate in 2 (verified" in capsys.readouterr().out
    assert main(["solve", "--epd", "wac-mates", "--id", "253", "--shortest", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["mate_in"] == 10
    assert data["shortest"]["mate_in"] == 4 and data["shortest"]["shorter_found"] is True
    assert data["shortest"]["certified"] is True  # df-pn disproved a mate in 3
    assert [step["result"] for step in data["shortest"]["searches"]] == ["proved", "disproved"]
