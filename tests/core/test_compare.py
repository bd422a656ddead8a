"""Comparison machinery: running algorithms side by side, the Table 3.1 summary, the ordering
report."""

import json

import pytest

from pn_explorer.core.errors import InvalidLimitError
from pn_explorer.core.games.suites import load_suite
from pn_explorer.core.proofs.proof import ProofNode
from pn_explorer.core.runs.comparison import (
    ComparisonRow,
    algorithm_factory,
    compare,
    comparison_dict,
    default_factories,
    format_ordering_report,
    format_paper_comparison,
    format_rows,
    format_summary,
    ordering_dict,
    ordering_report,
    paper_category,
    rows_csv,
    rows_from_dict,
    run_dict,
    summarize,
    summarize_all,
    summary_dict,
)
from pn_explorer.core.runs.runner import ERROR, RunRecord, WorkItem, run_item
from pn_explorer.core.search.types import Limits, Outcome, Result, StopReason

WAC = load_suite("wac-mates")
MATE_IN_TWO = [position for position in WAC if position.mate_length == 2]


def record(name, result, nodes, mate_in=None):
    """A hand-made run; `ERROR` stands for a proof the verifier rejected."""
    rejected = result == ERROR
    return RunRecord(
        id="",
        fen="",
        algorithm=name,
        result=result,
        reason=result,
        nodes_created=nodes,
        nodes_in_memory=nodes,
        peak_nodes_in_memory=nodes,
        iterations=0,
        seconds=nodes / 1000,
        mate_in=mate_in,
        verified=(not rejected) if result in ("proved", ERROR) else None,
        verification_error=result if rejected else "",
    )


def hand_rows():
    table = [
        ("P1", ("proved", 100), ("proved", 400)),
        ("P2", ("proved", 300), ("proved", 150)),
        ("P3", ("proved", 50), ("proved", 50)),
        ("P4", ("proved", 1000), ("unknown", 5000)),
        ("P5", ("unknown", 2000), ("disproved", 700)),
        ("P6", ("unknown", 3000), ("unknown", 5000)),
        ("P7", (ERROR, 80), ("proved", 90)),
    ]
    return [
        ComparisonRow(pid, "fen", {"pn": record("pn", *a), "ab": record("ab", *b)})
        for pid, a, b in table
    ]


def test_summary_of_hand_made_rows():
    summary = summarize(hand_rows(), "pn", "ab")
    assert summary.positions == 7
    assert summary.both == ("P1", "P2", "P3")
    assert summary.first_only == ("P4",)
    assert summary.second_only == ("P5", "P7")
    assert summary.neither == ("P6",)
    assert summary.total_nodes == (450, 600)
    assert summary.average_nodes == (150, 200)
    assert summary.better == (1, 1) and summary.ties == 1
    assert (summary.best_first.id, summary.best_first.nodes, summary.best_first.other_nodes) == (
        "P1",
        100,
        400,
    )
    assert summary.best_first.ratio == 0.25
    assert (summary.best_second.id, summary.best_second.nodes, summary.best_second.other_nodes) == (
        "P2",
        150,
        300,
    )
    assert summary.where_other_failed == (1000, 395)


def test_summary_text_is_laid_out_like_table_3_1():
    text = format_summary(summarize(hand_rows(), "pn", "ab"), node_limit=1_000_000)
    lines = text.splitlines()
    assert "3 / 1 / 2 / 1 (of 7)" in lines[1]
    assert lines[2].split()[-2:] == ["450", "600"]
    assert lines[3].split()[-2:] == ["150", "200"]
    assert lines[5].startswith("Best instance (nodes) of pn (P1)")
    assert lines[5].split()[-2:] == ["100", "400"]
    assert lines[6].startswith("Best instance (nodes) of ab (P2)")
    assert lines[6].split()[-2:] == ["300", "150"]
    assert lines[7].split()[-2:] == ["1,000", ">1,000,000"]
    assert lines[8].split()[-2:] == [">1,000,000", "395"]


def test_summary_with_nothing_solved_by_both():
    rows = [
        ComparisonRow(
            "P", "fen", {"pn": record("pn", "unknown", 5), "ab": record("ab", "proved", 7, 2)}
        )
    ]
    summary = summarize(rows, "pn", "ab")
    assert summary.average_nodes == (None, None) and summary.best_first is None
    assert "—" in format_summary(summary)


def test_plain_data_is_json_ready():
    rows = hand_rows()
    data = comparison_dict(rows, ["pn", "ab"])
    assert json.loads(json.dumps(data)) == data
    assert data["summaries"][0]["total_nodes"] == [450, 600]
    assert data["rows"][0]["runs"]["pn"]["nodes"] == 100
    assert summary_dict(summarize(rows, "ab", "pn"))["first"] == "ab"
    again = rows_from_dict(json.loads(json.dumps(data))["rows"])
    assert summarize(again, "pn", "ab") == summarize(rows, "pn", "ab")
    csv = rows_csv(rows, ["pn", "ab"]).splitlines()
    assert csv[0].split(",")[:3] == ["id", "pn_result", "pn_nodes"]
    assert csv[1].split(",") == ["P1", "proved", "100", "0.100", "", "proved", "400", "0.400", ""]
    assert len(csv) == 8


def test_summaries_for_every_pair():
    rows = hand_rows()
    for row in rows:
        row.runs["pn2"] = row.runs["pn"]
    pairs = [(s.first, s.second) for s in summarize_all(rows, ["pn", "pn2", "ab"])]
    assert pairs == [("pn", "pn2"), ("pn", "ab"), ("pn2", "ab")]


def test_paper_categories_of_the_wac_positions():
    assert paper_category("WAC.105") == "ab only"
    assert paper_category("r96") == "neither"
    assert paper_category("WAC.006") == "pn only"
    assert paper_category("WAC.001") == "both"
    counts = {}
    for position in WAC:
        counts[paper_category(position.id)] = counts.get(paper_category(position.id), 0) + 1
    assert counts == {"both": 66, "pn only": 13, "ab only": 1, "neither": 2}
    text = format_paper_comparison(hand_rows(), summarize(hand_rows(), "pn", "ab"))
    assert "953,762" in text and "5,198,074" in text


def test_compare_runs_pn_and_ab_and_verifies():
    positions = MATE_IN_TWO[:3]
    rows = compare(positions, default_factories(["pn", "ab"]), Limits(max_nodes=100_000))
    assert [row.id for row in rows] == [position.id for position in positions]
    for row in rows:
        assert set(row.runs) == {"pn", "ab"}
        for run in row.runs.values():
            assert run.verdict == "proved" and run.mate_in == 2 and run.nodes_created > 1
    text = format_rows(rows, ["pn", "ab"])
    assert "solved — pn: 3/3  ab: 3/3" in text


def test_parallel_jobs_give_the_same_rows():
    positions = MATE_IN_TWO[:2]
    factories = {
        "ab": algorithm_factory("ab", max_depth=3),
        "ab-square": algorithm_factory("ab", ordering="square"),
    }
    limits = {"ab": Limits(max_nodes=50_000), "ab-square": Limits(max_nodes=50_000)}
    seen = []
    serial = compare(positions, factories, limits)
    parallel = compare(
        positions, factories, limits, jobs=2, progress=lambda item, run: seen.append(item.algorithm)
    )
    assert sorted(seen) == ["ab", "ab", "ab-square", "ab-square"]
    for one, other in zip(serial, parallel, strict=True):
        for name in factories:
            assert (
                one.runs[name].verdict,
                one.runs[name].nodes_created,
                one.runs[name].mate_in,
            ) == (
                other.runs[name].verdict,
                other.runs[name].nodes_created,
                other.runs[name].mate_in,
            )


class BogusSearch:
    """Claims a mate it cannot show: the verifier must turn it into an error, never a mate."""

    nodes_created = nodes_in_memory = peak_nodes_in_memory = iterations = 1
    elapsed = 0.0
    outcome = None
    tree = second_level_searches = transpositions = table_hits = None

    def __init__(self, game, limits):
        pass

    def run(self):
        self.outcome = Outcome(Result.PROVED, StopReason.SOLVED)
        return self.outcome

    def proof(self):
        return ProofNode(True)


def test_a_proof_the_verifier_rejects_is_an_error():
    run = run_item(WorkItem("x", MATE_IN_TWO[0].fen, "bogus", BogusSearch, Limits()))
    assert run.verdict == ERROR and not run.solved and run.mate_in is None
    assert "verifier" in run.verdict_reason
    assert run_dict(run)["result"] == ERROR and "verifier" in run_dict(run)["reason"]


def test_ordering_report_on_mate_in_two_positions():
    report = ordering_report(WAC[:12], Limits(max_nodes=100_000))
    assert set(report.ids) == {position.id for position in WAC[:12] if position.mate_length == 2}
    assert report.variants == ("power+refutation", "power", "square+refutation", "square")
    assert report.verdicts_agree()
    for name in report.variants:
        assert report.total_nodes(name) == sum(
            report.runs[pid][name].nodes_created for pid in report.ids
        )
        assert all(report.runs[pid][name].mate_in == 2 for pid in report.ids)
    text = format_ordering_report(report)
    assert "power order: refutation ordering divides nodes by" in text
    assert "same verdict and mate length in every variant: yes" in text
    assert json.loads(json.dumps(ordering_dict(report)))["verdicts_agree"] is True


def test_bad_comparison_parameters_raise():
    with pytest.raises(InvalidLimitError):
        algorithm_factory("mcts")
    with pytest.raises(InvalidLimitError):
        compare(MATE_IN_TWO[:1], {})
    with pytest.raises(InvalidLimitError):
        compare(MATE_IN_TWO[:2], default_factories(["ab"]), jobs=0)
    with pytest.raises(InvalidLimitError):
        ordering_report(MATE_IN_TWO, mate_length=30)
    with pytest.raises(InvalidLimitError):
        compare(MATE_IN_TWO[:1], {"ab": algorithm_factory("ab", max_depth=0)})
