"""Every front end that reports a disproved chess root (suite and compare rows, their JSON) goes
through the one replay of the search's disproof, whichever search found it: "no forced mate" is
claimed only when the replay accepted it, and a planted bad disproof withdraws the claim and says
why."""

from __future__ import annotations

import csv
import json

import pytest

from pn_explorer.core.cli.main import main
from pn_explorer.core.errors import VerificationError
from pn_explorer.core.proofs.proof import ProofNode
from pn_explorer.core.runs.comparison import algorithm_factory, run_dict, run_from_dict
from pn_explorer.core.runs.runner import UNCERTIFIED, WorkItem, run_item
from pn_explorer.core.search.alphabeta import AlphaBetaMateSearch
from pn_explorer.core.search.types import Limits
from tests.helpers import drop_a_root_move_from_disproofs

ROOK_PAWN = "7k/8/7P/6K1/8/8/8/8 w - - 0 1"
"""A rook's-pawn draw: PN and df-pn disprove it in about a thousand nodes."""


FORTRESS = "4k3/1p1p1p1p/1P1P1P1P/8/8/p1p1p1p1/P1P1P1P1/4K3 w - - 0 1"
"""Locked pawns: the kings walk to and fro, every line ends in a repetition."""


@pytest.fixture
def suite_file(tmp_path) -> str:
    path = tmp_path / "draw.epd"
    path.write_text(f'{ROOK_PAWN.rsplit(" ", 2)[0]} id "rook-pawn";\n', encoding="utf-8")
    return str(path)


@pytest.fixture
def planted(monkeypatch) -> None:
    """Every search's read-out disproof loses one of the attacker's root moves: the replay
    rejects it."""
    drop_a_root_move_from_disproofs(monkeypatch)


def _run(name: str):
    item = WorkItem("rook-pawn", ROOK_PAWN, name, algorithm_factory(name), Limits(max_nodes=50_000))
    return run_item(item)


def _suite(capsys, tmp_path, suite_file: str) -> tuple[str, dict]:
    """The suite's text, and its one JSON row (checked against its CSV row)."""
    target, table = tmp_path / "rows.json", tmp_path / "rows.csv"
    main(["suite", suite_file, "--algo", "dfpn", "--json", str(target)])
    out = capsys.readouterr().out
    main(["suite", suite_file, "--algo", "dfpn", "--csv", str(table)])
    row = json.loads(target.read_text(encoding="utf-8"))["rows"][0]
    with open(table, newline="", encoding="utf-8") as handle:
        (csv_row,) = csv.DictReader(handle)
    assert csv_row["claim"] == row["claim"]
    assert csv_row["disproof_certified"] == str(row["disproof_certified"])
    return out, row


def _compare(capsys, tmp_path, suite_file: str) -> tuple[str, dict]:
    target = tmp_path / "compare.json"
    algos = "pn,pn2,dfpn"
    main(["compare", suite_file, "--algos", algos, "--max-nodes", "50000", "--json", str(target)])
    data = json.loads(target.read_text(encoding="utf-8"))
    return capsys.readouterr().out, data["rows"][0]["runs"]


def test_a_suite_row_of_a_dfpn_disproof_carries_the_certified_claim(capsys, tmp_path, suite_file):
    out, row = _suite(capsys, tmp_path, suite_file)
    assert row["result"] == "disproved" and row["claim"] == "no forced mate"
    assert row["disproof_certified"] is True and row["disproof_positions"] > 0
    assert row["disproof_error"] == ""
    replayed = f"certificate checked ({row['disproof_positions']:,} positions replayed)"
    assert "no forced mate: disproved" in out and replayed in out
    assert "1 of 1 solved (0 proved and verified, 1 disproved)" in out


def test_a_planted_bad_disproof_withdraws_the_suite_rows_claim(
    capsys, tmp_path, suite_file, planted
):
    out, row = _suite(capsys, tmp_path, suite_file)
    assert row["result"] == "disproved" and row["claim"] == ""
    assert row["disproof_certified"] is False and "not answered" in row["disproof_error"]
    assert "NOT CERTIFIED" in out and "disproved by the search but not certified" in out
    assert "no forced mate" not in out
    assert "0 of 1 solved (0 proved and verified, 0 disproved)" in out


def test_compare_rows_certify_every_search_that_disproves(capsys, tmp_path, suite_file):
    out, runs = _compare(capsys, tmp_path, suite_file)
    for name in ("pn", "pn2", "dfpn"):
        run = runs[name]
        assert run["result"] == "disproved" and run["claim"] == "no forced mate", name
        assert run["disproof_certified"] is True and run["disproof_positions"] > 0, name
        assert f"rook-pawn {name}: no forced mate: disproved" in out
    assert out.count("certificate checked") == 3


def test_a_planted_bad_disproof_withdraws_the_compare_rows_claim(
    capsys, tmp_path, suite_file, planted
):
    out, runs = _compare(capsys, tmp_path, suite_file)
    for name in ("pn", "pn2", "dfpn"):
        run = runs[name]
        assert run["result"] == UNCERTIFIED and run["claim"] == "", name
        assert run["reason"].startswith("disproved by the search but not certified: ")
        assert "not answered" in run["reason"]
        assert f"{name}: 0/1" in out
        assert f"rook-pawn {name}: disproved by the search but not certified" in out
        again = run_from_dict(run)
        assert again.uncertified and not again.solved and again.claim == ""
        assert run_dict(again)["result"] == UNCERTIFIED


@pytest.mark.parametrize("name", ["pn", "dfpn"])
def test_a_planted_bad_disproof_withdraws_the_runner_record(planted, name):
    record = _run(name)
    assert record.verdict == UNCERTIFIED and record.claim == "" and not record.solved
    assert record.disproof_text.startswith("disproved by the search but not certified: ")
    assert record.verdict_reason == record.disproof_text


def test_a_search_that_cannot_read_out_its_disproof_has_its_claim_withdrawn(monkeypatch) -> None:
    """αβ's "no forced mate" on the fortress (every line a repetition) is certified from the
    refutations its last iteration kept; a search that cannot read its disproof out has the
    claim withdrawn, and the record says why."""
    item = WorkItem("fortress", FORTRESS, "ab", algorithm_factory("ab"), Limits(max_nodes=50_000))
    record = run_item(item)
    assert record.result == "disproved" and record.disproof_certified and record.solved

    def nothing_kept(search: AlphaBetaMateSearch) -> ProofNode:
        raise VerificationError("αβ kept no disproof of the root")

    monkeypatch.setattr(AlphaBetaMateSearch, "disproof", nothing_kept)
    record = run_item(item)
    assert record.result == "disproved" and record.uncertified and record.claim == ""
    assert "αβ kept no disproof of the root" in record.disproof_error
    assert record.verdict == UNCERTIFIED and not record.solved
