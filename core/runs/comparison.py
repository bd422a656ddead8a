"""Running several searches on the same positions and comparing them the way Table 3.1 does.

Every algorithm is given as a *factory*, `factory(game, limits) -> search`, where the search has
`run()`, `outcome`, `nodes_created`, `elapsed` and `proof()` (PN, Pn² and αβ all do). The runs
go through `core.runs.runner` like every other front end's (with `jobs > 1` in worker processes,
so factories must be picklable: `algorithm_factory` builds such factories), so a proved result
counts only after the independent verifier accepted it.

The summary follows Table 3.1 of the thesis for each pair of algorithms: positions solved by both,
by one only and by neither; total and average nodes on the positions both solve; how often each
needed fewer nodes; the best instance of each (the lowest ratio of its nodes to the other's); and
the average nodes of each on the positions only it solved.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from functools import partial
from itertools import combinations
from typing import Any, TypedDict

from ..errors import InvalidLimitError
from ..inputs.positions import SuitePosition
from ..search.algorithms import AlgorithmSpec, create_search
from ..search.defaults import AB, POWER, SQUARE
from ..search.types import Limits, Result
from .engine_column import found_mate, is_engine_column, mate_lengths
from .journal import Journal
from .memory import megabytes
from .runner import (
    ERROR,
    REJECTED,
    UNCERTIFIED,
    Factory,
    Interrupted,
    Problem,
    Recorder,
    RunRecord,
    WorkItem,
    run_items,
    work_item,
)

# -- factories -------------------------------------------------------------------------------------


_SPEC_FIELDS = {"max_depth": "depth", "refutation_ordering": "refutation"}


def algorithm_factory(name: str, **params: Any) -> Factory:
    """A picklable factory for a registered search: `create_search` bound to an AlgorithmSpec
    (keyword parameters as the spec's, or αβ's `max_depth` / `refutation_ordering`)."""
    spec = AlgorithmSpec(
        name, **{_SPEC_FIELDS.get(key, key): value for key, value in params.items()}
    )
    return partial(create_search, spec)


def default_factories(names: Iterable[str]) -> dict[str, Factory]:
    """Factories with the thesis's settings for each named algorithm, in the order given."""
    return {name: algorithm_factory(name) for name in names}


# -- comparison rows -------------------------------------------------------------------------------


@dataclass(slots=True)
class ComparisonRow:
    """One position and every algorithm's run on it."""

    id: str
    fen: str
    runs: dict[str, RunRecord] = field(default_factory=dict)


def _limits_for(limits: Limits | Mapping[str, Limits], name: str) -> Limits:
    if isinstance(limits, Limits):
        return limits
    return limits.get(name) or Limits()


def compare(
    positions: Sequence[Problem],
    factories: Mapping[str, Factory | Recorder],
    limits: Limits | Mapping[str, Limits] | None = None,
    jobs: int = 1,
    progress: Callable[[WorkItem, RunRecord], None] | None = None,
    shortest: Limits | None = None,
    cluster: str | None = None,
    journal: Journal | None = None,
) -> list[ComparisonRow]:
    """Run every algorithm on every position or game problem (same limits, or per-algorithm
    limits); with `shortest`, each verified chess mate's length is certified within those
    limits too. The runs go to `jobs` processes or the Dask scheduler at `cluster`, and a
    `journal` keeps each as it ends (and hands back those of an earlier start). Ctrl+C raises
    `Interrupted` with the rows of the problems whose runs had all finished."""
    if not factories:
        raise InvalidLimitError("no algorithms to compare")
    limits = Limits() if limits is None else limits
    items = [
        work_item(position, name, factory, _limits_for(limits, name), shortest)
        for position in positions
        for name, factory in factories.items()
    ]
    try:
        records: Sequence[RunRecord | None] = run_items(items, jobs, progress, cluster, journal)
    except Interrupted as stop:
        raise Interrupted(_finished_rows(positions, list(factories), stop.partial)) from None
    return _finished_rows(positions, list(factories), records)


def _finished_rows(
    positions: Sequence[Problem], names: Sequence[str], records: Sequence[RunRecord | None]
) -> list[ComparisonRow]:
    """A row for each problem whose runs (problem-major in `records`) all finished."""
    rows = []
    for number, position in enumerate(positions):
        runs = records[number * len(names) : (number + 1) * len(names)]
        if all(run is not None for run in runs):
            fen = position.fen if isinstance(position, SuitePosition) else ""
            row = ComparisonRow(position.id, fen)
            row.runs.update({name: run for name, run in zip(names, runs, strict=True) if run})
            rows.append(row)
    return rows


# -- the Table 3.1 summary -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BestInstance:
    """The position where one algorithm's nodes were the smallest fraction of the other's."""

    id: str
    nodes: int
    other_nodes: int

    @property
    def ratio(self) -> float:
        return self.nodes / self.other_nodes if self.other_nodes else float("inf")


@dataclass(frozen=True, slots=True)
class PairSummary:
    """Table 3.1 for algorithms `first` and `second` (every pair of values is first, second)."""

    first: str
    second: str
    positions: int
    both: tuple[str, ...]
    first_only: tuple[str, ...]
    second_only: tuple[str, ...]
    neither: tuple[str, ...]
    total_nodes: tuple[int, int]
    average_nodes: tuple[float | None, float | None]
    better: tuple[int, int]
    ties: int
    best_first: BestInstance | None
    best_second: BestInstance | None
    where_other_failed: tuple[float | None, float | None]
    """Average nodes of `first` on `first_only`, and of `second` on `second_only`."""


def _average(values: Sequence[int]) -> float | None:
    return sum(values) / len(values) if values else None


def _best_instance(pairs: Sequence[tuple[str, int, int]]) -> BestInstance | None:
    """Lowest ratio nodes / other's nodes; ties go to the earlier position."""
    best = None
    for position_id, nodes, other in pairs:
        candidate = BestInstance(position_id, nodes, other)
        if best is None or candidate.ratio < best.ratio:
            best = candidate
    return best


def summarize(rows: Sequence[ComparisonRow], first: str, second: str) -> PairSummary:
    """Table 3.1 for two algorithms over rows holding runs of both."""
    both: list[ComparisonRow] = []
    first_only: list[ComparisonRow] = []
    second_only: list[ComparisonRow] = []
    neither: list[ComparisonRow] = []
    for row in rows:
        a, b = row.runs[first].solved, row.runs[second].solved
        (both if a and b else first_only if a else second_only if b else neither).append(row)
    nodes = [
        (row.id, row.runs[first].nodes_created, row.runs[second].nodes_created) for row in both
    ]
    first_nodes = [a for _, a, _ in nodes]
    second_nodes = [b for _, _, b in nodes]
    return PairSummary(
        first=first,
        second=second,
        positions=len(rows),
        both=tuple(row.id for row in both),
        first_only=tuple(row.id for row in first_only),
        second_only=tuple(row.id for row in second_only),
        neither=tuple(row.id for row in neither),
        total_nodes=(sum(first_nodes), sum(second_nodes)),
        average_nodes=(_average(first_nodes), _average(second_nodes)),
        better=(sum(a < b for _, a, b in nodes), sum(b < a for _, a, b in nodes)),
        ties=sum(a == b for _, a, b in nodes),
        best_first=_best_instance(nodes),
        best_second=_best_instance([(pid, b, a) for pid, a, b in nodes]),
        where_other_failed=(
            _average([row.runs[first].nodes_created for row in first_only]),
            _average([row.runs[second].nodes_created for row in second_only]),
        ),
    )


def summarize_all(rows: Sequence[ComparisonRow], names: Sequence[str]) -> list[PairSummary]:
    """A summary for every pair of our algorithms, in the order the names are given (an engine
    column proves nothing and counts nodes its own way: it has `format_mate_lengths`)."""
    ours = [name for name in names if not is_engine_column(name)]
    return [summarize(rows, first, second) for first, second in combinations(ours, 2)]


# -- the thesis's numbers --------------------------------------------------------------------------


class PaperTable(TypedDict):
    """The figures of Table 3.1, keyed as the table's rows."""

    positions: int
    both: int
    pn_only: int
    ab_only: int
    neither: int
    total_nodes: tuple[int, int]
    average_nodes: tuple[int, int]
    better: tuple[int, int]
    best_pn: tuple[str, int, int]
    best_ab: tuple[str, int, int]
    pn_where_ab_failed: int
    ab_where_pn_failed: int
    node_limit: int


PAPER_TABLE_3_1: PaperTable = {
    "positions": 117,
    "both": 73,
    "pn_only": 30,
    "ab_only": 3,
    "neither": 11,
    "total_nodes": (953_762, 5_198_074),
    "average_nodes": (13_065, 71_206),
    "better": (61, 12),
    "best_pn": ("r217", 271, 331_404),
    "best_ab": ("r253", 2_355, 311),
    "pn_where_ab_failed": 230_166,
    "ab_where_pn_failed": 644_058,
    "node_limit": 1_000_000,
}
"""Table 3.1 and §3.6 of the thesis: pn search vs DUCK's αβ on 117 positions (35 Krabbé + 82
WAC), 1,000,000 nodes each."""

PAPER_WAC_PN_ONLY = (6, 51, 138, 159, 168, 182, 218, 222, 241, 250, 252, 281, 293)
PAPER_WAC_AB_ONLY = (105,)
PAPER_WAC_NEITHER = (96, 201)
"""§3.6's lists restricted to the 82 WAC positions (rN = WAC.N); every other one both solved."""


def paper_category(position_id: str) -> str | None:
    """How the thesis classed a WAC position (`both`, `pn only`, `ab only`, `neither`)."""
    match = re.search(r"([0-9]+)\s*$", position_id)
    if match is None:
        return None
    number = int(match.group(1))
    if number in PAPER_WAC_PN_ONLY:
        return "pn only"
    if number in PAPER_WAC_AB_ONLY:
        return "ab only"
    if number in PAPER_WAC_NEITHER:
        return "neither"
    return "both"


# -- text ------------------------------------------------------------------------------------------


def _count(value: float | None) -> str:
    return "—" if value is None else f"{round(value):,}"


def format_rows(rows: Sequence[ComparisonRow], names: Sequence[str]) -> str:
    """Per-position table: for each algorithm its result, nodes, seconds, peak memory (MB, the
    growth of the process's resident memory: `core.runs.memory`) and mate length."""
    width = max([len("position")] + [len(row.id) for row in rows])
    header = f"{'position':<{width}}"
    result_width = {name: max(10, len(name + " result")) for name in names}
    for name in names:
        header += (
            f" │ {name + ' result':<{result_width[name]}} {'nodes':>10} {'sec':>7} {'MB':>6} "
            f"{'mate':>4}"
        )
    lines = [header, "─" * len(header)]
    for row in rows:
        line = f"{row.id:<{width}}"
        for name in names:
            run = row.runs[name]
            mate = "" if run.mate_in is None else str(run.mate_in)
            line += (
                f" │ {run.verdict:<{result_width[name]}} {run.nodes_created:>10,} "
                f"{run.seconds:>7.2f} {megabytes(run.peak_memory):>6} {mate:>4}"
            )
        lines.append(line)
    lines.append("─" * len(header))
    solved = "  ".join(
        f"{name}: {sum(found_mate(row.runs[name]) for row in rows)}/{len(rows)} claimed"
        if is_engine_column(name)
        else f"{name}: {sum(row.runs[name].solved for row in rows)}/{len(rows)}"
        for name in names
    )
    lines.append(f"solved — {solved}")
    lines += _disproof_lines(rows, names)
    return "\n".join(lines)


def _disproof_lines(rows: Sequence[ComparisonRow], names: Sequence[str]) -> list[str]:
    """What the independent replay said of each disproof of a chess root (`core.runs.runner.
    certify_disproof`): only an accepted one claims "no forced mate"."""
    return [
        f"{row.id} {name}: {row.runs[name].disproof_text}"
        for row in rows
        for name in names
        if row.runs[name].disproof_text
    ]


def _failed(limit: int | None) -> str:
    return f">{limit:,}" if limit else "failed"


def format_summary(summary: PairSummary, node_limit: int | None = None) -> str:
    """The summary laid out as Table 3.1 (`node_limit` prints a failure as `>limit`)."""
    a, b = summary.first, summary.second
    label_width = 48
    rows = [
        (f"Positions solved by both / {a} only / {b} only / neither", None, None),
        ("Total number of nodes searched", *map(_count, summary.total_nodes)),
        ("Average number of nodes per position", *map(_count, summary.average_nodes)),
        ("Best performer (fewer nodes)", str(summary.better[0]), str(summary.better[1])),
    ]
    for best, name in ((summary.best_first, a), (summary.best_second, b)):
        if best is None:
            rows.append((f"Best instance (nodes) of {name}", "—", "—"))
        else:
            mine, other = _count(best.nodes), _count(best.other_nodes)
            rows.append(
                (
                    f"Best instance (nodes) of {name} ({best.id})",
                    *((mine, other) if name == a else (other, mine)),
                )
            )
    rows.append(
        (
            f"{a} (nodes) where {b} failed",
            _count(summary.where_other_failed[0]),
            _failed(node_limit) if summary.first_only else "—",
        )
    )
    rows.append(
        (
            f"{b} (nodes) where {a} failed",
            _failed(node_limit) if summary.second_only else "—",
            _count(summary.where_other_failed[1]),
        )
    )
    lines = [f"{'':<{label_width}} {a:>12} {b:>12}"]
    counts = (
        f"{len(summary.both)} / {len(summary.first_only)} / {len(summary.second_only)} / "
        f"{len(summary.neither)} (of {summary.positions})"
    )
    for label, left, right in rows:
        if left is None:
            lines.append(f"{label}: {counts}")
        else:
            lines.append(f"{label:<{label_width}} {left:>12} {right:>12}")
    if summary.ties:
        lines.append(f"(equal nodes on {summary.ties} position(s))")
    return "\n".join(lines)


def format_paper_comparison(rows: Sequence[ComparisonRow], summary: PairSummary) -> str:
    """A pn-vs-ab summary beside the thesis's Table 3.1, and the solved categories on the WAC
    positions beside the thesis's (its node rows cover all 117 positions, not only these)."""
    paper = PAPER_TABLE_3_1
    measured = [
        ("Positions", str(summary.positions), str(paper["positions"])),
        ("Solved by both", str(len(summary.both)), str(paper["both"])),
        (f"{summary.first} only", str(len(summary.first_only)), str(paper["pn_only"])),
        (f"{summary.second} only", str(len(summary.second_only)), str(paper["ab_only"])),
        ("Neither", str(len(summary.neither)), str(paper["neither"])),
        (
            f"Total nodes {summary.first} / {summary.second}",
            " / ".join(map(_count, summary.total_nodes)),
            " / ".join(map(_count, paper["total_nodes"])),
        ),
        (
            "Average nodes",
            " / ".join(map(_count, summary.average_nodes)),
            " / ".join(map(_count, paper["average_nodes"])),
        ),
        (
            "Best performer",
            f"{summary.better[0]} / {summary.better[1]}",
            f"{paper['better'][0]} / {paper['better'][1]}",
        ),
        (
            f"Best instance of {summary.first}",
            _best_text(summary.best_first, True),
            "{} {:,} / {:,}".format(*paper["best_pn"]),
        ),
        (
            f"Best instance of {summary.second}",
            _best_text(summary.best_second, False),
            "{} {:,} / {:,}".format(*paper["best_ab"]),
        ),
        (
            f"{summary.first} where {summary.second} failed",
            _count(summary.where_other_failed[0]),
            f"{paper['pn_where_ab_failed']:,}",
        ),
        (
            f"{summary.second} where {summary.first} failed",
            _count(summary.where_other_failed[1]),
            f"{paper['ab_where_pn_failed']:,}",
        ),
    ]
    lines = [f"{'':<32} {'measured':>28} {'thesis (117 positions)':>28}"]
    lines += [f"{label:<32} {mine:>28} {theirs:>28}" for label, mine, theirs in measured]
    categories = _categories(rows, summary)
    agree = sum(mine == paper_category(pid) for pid, mine in categories.items())
    lines.append("")
    lines.append(
        f"On these {len(rows)} positions the thesis's lists give: "
        + ", ".join(f"{name} {count}" for name, count in _paper_counts(rows).items())
        + f"; the measured category agrees on {agree} of {len(rows)}."
    )
    return "\n".join(lines)


def _best_text(best: BestInstance | None, first: bool) -> str:
    if best is None:
        return "—"
    pair = (best.nodes, best.other_nodes) if first else (best.other_nodes, best.nodes)
    return f"{best.id} {pair[0]:,} / {pair[1]:,}"


def _categories(rows: Sequence[ComparisonRow], summary: PairSummary) -> dict[str, str]:
    names = {
        "both": summary.both,
        "pn only": summary.first_only,
        "ab only": summary.second_only,
        "neither": summary.neither,
    }
    return {pid: name for name, ids in names.items() for pid in ids}


def _paper_counts(rows: Sequence[ComparisonRow]) -> dict[str, int]:
    counts = {"both": 0, "pn only": 0, "ab only": 0, "neither": 0}
    for row in rows:
        category = paper_category(row.id)
        if category is not None:
            counts[category] += 1
    return counts


# -- plain data for JSON ---------------------------------------------------------------------------


def run_dict(run: RunRecord) -> dict:
    """A run as the comparison's JSON writes it (a rejected proof is an `error` result)."""
    return {
        "algorithm": run.algorithm,
        "result": run.verdict,
        "reason": run.verdict_reason,
        "nodes": run.nodes_created,
        "peak_memory": run.peak_nodes_in_memory,
        "seconds": run.seconds,
        "mate_in": run.mate_in,
        "known_mate_length": run.known_mate_length,
        "transpositions": run.transpositions,
        "table_hits": run.table_hits,
        "verified": run.verified,
        "main_line": list(run.main_line),
        "shortest_mate_in": run.shortest_mate_in,
        "shortest_certified": run.shortest_certified,
        "claim": run.claim,
        "disproof_certified": run.disproof_certified,
        "disproof_positions": run.disproof_positions,
        "disproof_error": run.disproof_error,
    }


def run_from_dict(data: dict, position_id: str = "", fen: str = "") -> RunRecord:
    """A run back from `run_dict`'s data; what the comparison does not keep (nodes in memory at
    the end, iterations) reads 0."""
    rejected = data["result"] == ERROR
    proved = rejected or data["result"] == Result.PROVED.value
    main_line = list(data.get("main_line", ()))
    return RunRecord(
        id=position_id,
        fen=fen,
        algorithm=data["algorithm"],
        result=Result.DISPROVED.value if data["result"] == UNCERTIFIED else data["result"],
        reason=data["reason"],
        nodes_created=data["nodes"],
        nodes_in_memory=0,
        peak_nodes_in_memory=data["peak_memory"],
        iterations=0,
        seconds=data["seconds"],
        mate_in=data["mate_in"],
        known_mate_length=data.get("known_mate_length"),
        transpositions=data.get("transpositions"),
        table_hits=data.get("table_hits"),
        main_line=main_line,
        first_move=main_line[0] if main_line else "",
        verified=(not rejected) if proved else None,
        verification_error=data["reason"].removeprefix(REJECTED) if rejected else "",
        shortest_mate_in=data.get("shortest_mate_in"),
        shortest_certified=data.get("shortest_certified"),
        claim=data.get("claim", ""),
        disproof_certified=data.get("disproof_certified"),
        disproof_positions=data.get("disproof_positions"),
        disproof_error=data.get("disproof_error", ""),
    )


def rows_dict(rows: Sequence[ComparisonRow]) -> list[dict]:
    return [
        {
            "id": row.id,
            "fen": row.fen,
            "runs": {name: run_dict(run) for name, run in row.runs.items()},
        }
        for row in rows
    ]


def rows_from_dict(data: list[dict]) -> list[ComparisonRow]:
    """Rows back from `rows_dict`'s plain data (to summarise a saved comparison again)."""
    return [
        ComparisonRow(
            row["id"],
            row["fen"],
            {name: run_from_dict(run, row["id"], row["fen"]) for name, run in row["runs"].items()},
        )
        for row in data
    ]


def summary_dict(summary: PairSummary) -> dict:
    data = asdict(summary)
    for key in (
        "both",
        "first_only",
        "second_only",
        "neither",
        "total_nodes",
        "average_nodes",
        "better",
        "where_other_failed",
    ):
        data[key] = list(data[key])
    return data


def comparison_dict(rows: Sequence[ComparisonRow], names: Sequence[str]) -> dict:
    """Everything a `compare` run produced, as plain data for JSON."""
    return {
        "algorithms": list(names),
        "rows": rows_dict(rows),
        "summaries": [summary_dict(summary) for summary in summarize_all(rows, names)],
        "mate_lengths": mate_lengths(rows, names),
    }


def rows_csv(rows: Sequence[ComparisonRow], names: Sequence[str]) -> str:
    """Per-position results as CSV: id, then result, nodes, seconds, mate for each algorithm."""
    header = ["id"] + [
        f"{name}_{column}" for name in names for column in ("result", "nodes", "seconds", "mate_in")
    ]
    lines = [",".join(header)]
    for row in rows:
        cells = [row.id]
        for name in names:
            run = row.runs[name]
            cells += [
                run.verdict,
                str(run.nodes_created),
                f"{run.seconds:.3f}",
                "" if run.mate_in is None else str(run.mate_in),
            ]
        lines.append(",".join(cells))
    return "\n".join(lines) + "\n"


# -- the ordering report ---------------------------------------------------------------------------

ORDERING_VARIANTS = ((POWER, True), (POWER, False), (SQUARE, True), (SQUARE, False))
"""(static order, refutation ordering) pairs the ordering report runs."""


@dataclass(frozen=True, slots=True)
class OrderingReport:
    """αβ with and without Proskurowski's refutation ordering, per static order.

    `runs[id][variant]`, variant = `"power+refutation"` etc.; `all_keys`: every root move was
    tried, as Proskurowski's solver did to check the key's uniqueness.
    """

    ids: tuple[str, ...]
    variants: tuple[str, ...]
    runs: dict[str, dict[str, RunRecord]]
    all_keys: bool

    def total_nodes(self, variant: str) -> int:
        return sum(self.runs[pid][variant].nodes_created for pid in self.ids)

    def total_seconds(self, variant: str) -> float:
        return sum(self.runs[pid][variant].seconds for pid in self.ids)

    def verdicts_agree(self) -> bool:
        """Whether every variant reached the same result and mate length on every position."""
        return all(
            len({(run.verdict, run.mate_in) for run in self.runs[pid].values()}) == 1
            for pid in self.ids
        )


def variant_name(ordering: str, refutation: bool) -> str:
    return f"{ordering}+refutation" if refutation else ordering


def ordering_positions(
    positions: Sequence[SuitePosition], mate_length: int | None = 2
) -> list[SuitePosition]:
    """The positions the ordering report runs: those whose known mate length is `mate_length`."""
    chosen = [
        position
        for position in positions
        if mate_length is None or position.mate_length == mate_length
    ]
    if not chosen:
        raise InvalidLimitError(f"no positions with a known mate in {mate_length}")
    return chosen


def ordering_variants(variants: Sequence[tuple[str, bool]] = ORDERING_VARIANTS) -> list[str]:
    """The names of the ordering report's variants, `power+refutation` and so on."""
    return [variant_name(ordering, refutation) for ordering, refutation in variants]


def ordering_report(
    positions: Sequence[SuitePosition],
    limits: Limits | None = None,
    mate_length: int | None = 2,
    all_keys: bool = False,
    max_depth: int | None = None,
    jobs: int = 1,
    variants: Sequence[tuple[str, bool]] = ORDERING_VARIANTS,
    progress: Callable[[WorkItem, RunRecord], None] | None = None,
) -> OrderingReport:
    """Nodes and seconds of αβ with and without refutation ordering, on the positions whose
    known mate length (`mate_length` attribute, EPD `dm`) is `mate_length` (None: all).
    Ctrl+C raises `Interrupted` with the report on the positions whose variants all finished."""
    chosen = ordering_positions(positions, mate_length)
    limits = limits or Limits()
    names = ordering_variants(variants)
    items = [
        WorkItem(
            position.id,
            position.fen,
            name,
            algorithm_factory(
                AB,
                max_depth=max_depth,
                ordering=ordering,
                refutation_ordering=refutation,
                all_keys=all_keys,
            ),
            limits,
            attacker_to_move=position.attacker_to_move,
        )
        for position in chosen
        for name, (ordering, refutation) in zip(names, variants, strict=True)
    ]
    try:
        records: Sequence[RunRecord | None] = run_items(items, jobs, progress)
    except Interrupted as stop:
        rows = _finished_rows(chosen, names, stop.partial)
        raise Interrupted(_ordering(rows, names, all_keys)) from None
    return _ordering(_finished_rows(chosen, names, records), names, all_keys)


def _ordering(
    rows: Sequence[ComparisonRow], names: Sequence[str], all_keys: bool
) -> OrderingReport:
    runs = {row.id: dict(row.runs) for row in rows}
    return OrderingReport(tuple(runs), tuple(names), runs, all_keys)


def format_ordering_report(report: OrderingReport) -> str:
    """Per-position nodes for each variant, totals, and the gain of refutation ordering."""
    width = max([len("position")] + [len(pid) for pid in report.ids])
    header = f"{'position':<{width}}" + "".join(f" {name:>20}" for name in report.variants)
    lines = [header, "─" * len(header)]
    for pid in report.ids:
        lines.append(
            f"{pid:<{width}}"
            + "".join(f" {report.runs[pid][name].nodes_created:>20,}" for name in report.variants)
        )
    lines.append("─" * len(header))
    lines.append(
        f"{'nodes':<{width}}"
        + "".join(f" {report.total_nodes(name):>20,}" for name in report.variants)
    )
    lines.append(
        f"{'seconds':<{width}}"
        + "".join(f" {report.total_seconds(name):>20.2f}" for name in report.variants)
    )
    for name in report.variants:
        if name.endswith("+refutation"):
            plain = name.removesuffix("+refutation")
            if plain in report.variants:
                lines.append(_gain_line(report, plain, name))
    lines.append(
        "same verdict and mate length in every variant: "
        + ("yes" if report.verdicts_agree() else "NO")
    )
    if report.all_keys:
        lines.append("(every root move tried, as when checking the key's uniqueness)")
    return "\n".join(lines)


def _gain_line(report: OrderingReport, plain: str, refuted: str) -> str:
    nodes_off, nodes_on = report.total_nodes(plain), report.total_nodes(refuted)
    seconds_off, seconds_on = report.total_seconds(plain), report.total_seconds(refuted)
    node_gain = nodes_off / nodes_on if nodes_on else float("inf")
    time_gain = seconds_off / seconds_on if seconds_on else float("inf")
    return (
        f"{plain} order: refutation ordering divides nodes by {node_gain:.2f} "
        f"and time by {time_gain:.2f}"
    )


def ordering_dict(report: OrderingReport) -> dict:
    """The ordering report as plain data for JSON."""
    return {
        "all_keys": report.all_keys,
        "variants": list(report.variants),
        "rows": [
            {"id": pid, "runs": {name: run_dict(run) for name, run in report.runs[pid].items()}}
            for pid in report.ids
        ],
        "total_nodes": {name: report.total_nodes(name) for name in report.variants},
        "total_seconds": {name: round(report.total_seconds(name), 3) for name in report.variants},
        "verdicts_agree": report.verdicts_agree(),
    }
