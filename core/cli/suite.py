"""`pn-explorer suite`: every position of a suite (or every board game given by `--game`), one row
each, and a Table 3.1-shaped summary."""

from __future__ import annotations

import argparse
import csv
import json
import os
import sys
from contextlib import closing
from dataclasses import asdict, dataclass
from functools import partial

from ..errors import InvalidLimitError, PnExplorerError
from ..games.suites import load_suite, select_positions
from ..proofs.claims import solved_text
from ..runs.journal import Journal
from ..runs.runner import (
    GameProblem,
    Problem,
    RunRecord,
    WorkItem,
    run_each,
    work_item,
)
from ..search.algorithms import AlgorithmSpec, create_search
from ..search.registry import entry
from ..search.types import Limits, Result
from ..values import counted
from .games import (
    check_searches_fit,
    game_header,
    game_problems,
    game_row_text,
    refuse_with_games,
)
from .options import spec_and_limits
from .output import EXIT_INTERRUPTED, EXIT_PROVED, EXIT_VERIFICATION_FAILED
from .progress import RunsProgress

CSV_COLUMNS = [
    "id",
    "result",
    "nodes_created",
    "peak_nodes_in_memory",
    "iterations",
    "seconds",
    "mate_in",
    "first_move",
    "agrees_with_bm",
    "verified",
    "second_level_searches",
    "known_mate_length",
    "reason",
    "claim",
    "disproof_certified",
]


@dataclass(frozen=True, slots=True)
class SuiteSummary:
    """The shape of the thesis's Table 3.1 for one algorithm on one suite."""

    positions: int
    solved: int
    proved: int
    disproved: int
    total_nodes: int
    average_nodes: float
    total_seconds: float
    agree_with_bm: int
    verification_failures: int
    peak_nodes_in_memory: int
    with_bm: int = 0
    """Proved positions whose suite gives key moves (`bm` moves): what `agree_with_bm` counts of."""
    with_known_length: int = 0
    """Proved positions whose suite gives the shortest mate (`dm`, `bm #N`)."""
    at_known_length: int = 0
    """Of those, the ones proved at that length (the shortest mate)."""

    def lines(self, title: str, chess: bool = True) -> list[str]:
        """The summary's lines; `chess`: with the line on the suite's key moves (bm)."""
        key_moves = (
            f"{self.agree_with_bm} of {self.with_bm}" if self.with_bm else "no bm moves given"
        )
        agreement = [f"  first move agrees with bm          {key_moves}"] if chess else []
        known = f"{self.at_known_length} of {self.with_known_length}"
        shortest = (
            [f"  mate at the known shortest length  {known}"] if self.with_known_length else []
        )
        return [
            f"{title}: {solved_text(self.solved, self.positions, self.proved, self.disproved)}",
            f"  total nodes on solved positions    {self.total_nodes:,}",
            f"  average nodes per solved           {self.average_nodes:,.0f}",
            *agreement,
            *shortest,
            f"  peak nodes in memory (max)         {self.peak_nodes_in_memory:,}",
            f"  total search time                  {self.total_seconds:,.1f} s",
        ] + (
            [f"  VERIFICATION FAILURES              {self.verification_failures}"]
            if self.verification_failures
            else []
        )


def summarise(records: list[RunRecord]) -> SuiteSummary:
    solved = [r for r in records if r.solved]
    return SuiteSummary(
        positions=len(records),
        solved=len(solved),
        proved=sum(r.result == Result.PROVED.value and bool(r.verified) for r in records),
        disproved=sum(r.result == Result.DISPROVED.value and r.solved for r in records),
        total_nodes=sum(r.nodes_created for r in solved),
        average_nodes=sum(r.nodes_created for r in solved) / len(solved) if solved else 0.0,
        total_seconds=sum(r.seconds for r in records),
        agree_with_bm=sum(bool(r.agrees_with_bm) for r in records),
        verification_failures=sum(r.verified is False for r in records),
        peak_nodes_in_memory=max((r.peak_nodes_in_memory for r in records), default=0),
        with_bm=sum(r.agrees_with_bm is not None for r in records),
        with_known_length=sum(
            bool(r.verified) and r.known_mate_length is not None for r in records
        ),
        at_known_length=sum(
            bool(r.verified)
            and r.known_mate_length is not None
            and r.mate_in == r.known_mate_length
            for r in records
        ),
    )


def work_items(positions: list[Problem], spec: AlgorithmSpec, limits: Limits) -> list[WorkItem]:
    """One work item per position (carrying its bm and dm for the record) or game."""
    factory = partial(create_search, spec)
    return [work_item(p, spec.name, factory, limits) for p in positions]


def _problems(args: argparse.Namespace, spec: AlgorithmSpec) -> list[Problem]:
    """The suite's positions (those of --ids), or the games of --game with the search checked
    against each."""
    if args.game is None:
        if args.suite is None:
            raise InvalidLimitError("give a suite (an EPD file or a built-in suite) or --game SPEC")
        return list(select_positions(load_suite(args.suite), args.ids))
    if args.suite is not None:
        raise InvalidLimitError("give either a suite or --game, not both")
    refuse_with_games(args, {"ids": "--ids"})
    games = game_problems(args.game)
    check_searches_fit([spec.name], games, {spec.name: spec.given})
    return list(games)


def _row_text(record: RunRecord) -> str:
    if record.result == Result.PROVED.value and record.verified:
        what = record.claim
        verdict = {True: "=bm", False: "≠bm", None: ""}[record.agrees_with_bm]
        first = f"{record.first_move:<8}{verdict}"
    elif record.rejected:
        what, first = "UNVERIFIED", ""
    elif record.disproof_text:
        what = "NOT CERTIFIED" if record.uncertified else record.result
        first = record.disproof_text
    else:
        what, first = record.result, record.reason.split(": ", 1)[0]
    pn2 = (
        ""
        if record.second_level_searches is None
        else f" {record.peak_nodes_in_memory:>9,} {record.second_level_searches:>8,}"
    )
    return (
        f"{record.id:<10} {what:<12} {record.nodes_created:>11,} {record.iterations:>9,}{pn2} "
        f"{record.seconds:>8.2f}  {first}"
    )


def run_suite(args: argparse.Namespace) -> int:
    """Run every position, printing each row as it ends (with --jobs, all at the end in the
    suite's order). Ctrl+C ends the workers and keeps the rows that finished: they are printed,
    summarised and written to --csv/--json, and the status is `EXIT_INTERRUPTED`."""
    spec, limits = spec_and_limits(args)
    positions = _problems(args, spec)
    games = {p.id: p for p in positions if isinstance(p, GameProblem)}
    width = max([len("game"), *map(len, games)])
    for target in (args.csv, args.json):
        if target and not os.access(os.path.dirname(os.path.abspath(target)), os.W_OK):
            raise PnExplorerError(f"cannot write {target}: its folder is not writable")
    records: list[RunRecord | None] = [None] * len(positions)
    print(
        f"{spec.title} on {counted(len(positions), 'game' if games else 'position')}, "
        f"node cap {limits.max_nodes:,}{f', {args.jobs} processes' if args.jobs > 1 else ''}"
    )
    two_levels = entry(spec.name).capabilities.two_levels
    pn2 = f" {'peak mem':>9} {'2nd-lvl':>8}" if two_levels else ""
    if games:
        print(game_header(width, two_levels))
    else:
        print(
            f"{'id':<10} {'result':<12} {'nodes':>11} {'iter':>9}{pn2} {'seconds':>8}  first move"
        )
    row_text = partial(game_row_text, games=games, width=width) if games else _row_text
    items = work_items(positions, spec, limits)
    unit = "games" if games else "positions"
    counter = RunsProgress("pn-explorer suite", len(items), [spec.name], unit, args.quiet)
    interrupted = False
    journal = _journal(args, spec, limits)
    if journal is not None and journal.done:
        print(f"resuming: {counted(len(journal.done), 'run')} already in {journal.path}")
    runs = run_each(items, args.jobs, args.cluster, journal)
    with counter.progress as progress, closing(runs) as finishing:
        try:
            for index, record in finishing:
                records[index] = record
                counter.finished(items[index], record)
                if args.jobs <= 1:
                    progress.write(row_text(record))
        except KeyboardInterrupt:
            interrupted = True
    finished = [r for r in records if r is not None]
    if args.jobs > 1:
        for record in finished:
            print(row_text(record))
    summary = summarise(finished)
    print()
    print("\n".join(summary.lines(spec.title, chess=not games)))
    try:
        if args.csv:
            _write_csv(args.csv, finished)
        if args.json:
            _write_json(args.json, finished, summary, spec, limits)
    except OSError as error:
        # Named from the option: a full disk fails at the close, where error.filename is None.
        target = args.csv or args.json
        raise PnExplorerError(f"cannot write {target}: {error.strerror or error}") from None
    if interrupted:
        print(
            f"pn-explorer suite: interrupted: {len(finished)} of {len(positions)} {unit} "
            f"finished{', their rows written' if args.csv or args.json else ''}",
            file=sys.stderr,
        )
        return EXIT_INTERRUPTED
    return EXIT_VERIFICATION_FAILED if summary.verification_failures else EXIT_PROVED


def _journal(args: argparse.Namespace, spec: AlgorithmSpec, limits: Limits) -> Journal | None:
    """The journal beside --csv/--json: rows written as they end, a run started again resumed."""
    output = args.csv or args.json
    if not output:
        return None
    settings = {
        "command": "suite",
        "search": spec.name,
        "parameters": dict(spec.values),
        "limits": asdict(limits),
    }
    return Journal(output, settings)


def _write_csv(path: str, records: list[RunRecord]) -> None:
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(CSV_COLUMNS + ["main_line"])
        for record in records:
            data = record.to_dict()
            writer.writerow([data[column] for column in CSV_COLUMNS] + [" ".join(record.main_line)])


def _write_json(
    path: str,
    records: list[RunRecord],
    summary: SuiteSummary,
    spec: AlgorithmSpec,
    limits: Limits,
) -> None:
    data = {
        "algorithm": spec.name,
        "max_nodes": limits.max_nodes,
        "summary": _summary_dict(summary),
        "rows": [record.to_dict() for record in records],
    }
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(data, handle, indent=2, ensure_ascii=False)


def _summary_dict(summary: SuiteSummary) -> dict:
    return {name: getattr(summary, name) for name in SuiteSummary.__slots__}
