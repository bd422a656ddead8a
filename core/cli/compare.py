"""`pn-explorer compare`: PN, Pn², αβ, df-pn and UCI engines side by side on a suite (or the
searches on board games given by `--game`), summarised like Table 3.1."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict

from ..errors import InvalidLimitError, PnExplorerError
from ..games.suites import SuitePosition, load_suite, select_positions
from ..runs.comparison import (
    ComparisonRow,
    OrderingReport,
    algorithm_factory,
    compare,
    comparison_dict,
    format_ordering_report,
    format_paper_comparison,
    format_rows,
    format_summary,
    ordering_dict,
    ordering_positions,
    ordering_report,
    ordering_variants,
    summarize,
    summarize_all,
)
from ..runs.engine_column import (
    engine_factory,
    engine_limits,
    format_mate_lengths,
    is_engine_column,
)
from ..runs.journal import Journal
from ..runs.runner import Interrupted, Problem
from ..search import registry
from ..search.defaults import AB, PN
from ..search.registry import SearchEntry, entry
from ..search.types import Limits, check_node_cap
from ..values import counted
from .games import (
    GAME_SEARCHES,
    check_searches_fit,
    game_problems,
    refuse_with_games,
)
from .options import parameter_values, seconds
from .output import EXIT_INTERRUPTED, EXIT_PROVED
from .progress import RunsProgress


def _names(text: str) -> list[str]:
    names = [name.strip() for name in text.split(",") if name.strip()]
    if len(names) < 2 or len(set(names)) != len(names):
        raise InvalidLimitError(f"--algos needs at least two different algorithms, not {text!r}")
    return names


def run_compare(args: argparse.Namespace) -> int:
    """The comparison of `--algos`, then the ordering report if asked; `--ordering-report`
    without `--algos` runs the report alone (αβ only: seconds where PN's and Pn²'s columns can
    take a minute a position at their node caps). Ctrl+C ends the workers and keeps the positions
    whose runs all finished: printed, summarised and written to --json; exit `EXIT_INTERRUPTED`."""
    check_node_cap(args.max_nodes)
    if args.pn2_max_nodes is not None:
        check_node_cap(args.pn2_max_nodes)
    chosen = _names(args.algos) if args.algos is not None else None
    suite: list[SuitePosition] = []
    if args.game is not None:
        chosen = chosen or list(GAME_SEARCHES)
        positions = _games(args, chosen)
    elif args.suite is None:
        raise InvalidLimitError("give a suite (an EPD file or a built-in suite) or --game SPEC")
    else:
        if chosen is None and not args.ordering_report:
            chosen = list(registry.names(thesis=True))
        suite = select_positions(load_suite(args.suite), args.ids)
        positions = list(suite)
    # (positions whose runs all finished, positions asked for) once Ctrl+C stopped the runs
    interrupted: tuple[int, int] | None = None
    data: dict = {}
    if chosen:
        try:
            rows = _run_comparison(args, chosen, positions)
        except Interrupted as stop:
            rows, interrupted = stop.partial, (len(stop.partial), len(positions))
        data = _print_comparison(args, chosen, rows)
    if args.ordering_report and interrupted is None:
        try:
            ordering = _run_ordering_report(args, suite)
        except Interrupted as stop:
            ordering = stop.partial
            interrupted = (len(ordering.ids), len(ordering_positions(suite)))
        if chosen:
            print()
        print(format_ordering_report(ordering))
        data["ordering"] = ordering_dict(ordering)
    _write_json(args, data)
    if interrupted is not None:
        finished, asked = interrupted
        saved = ", their rows written" if args.json else ""
        print(
            f"pn-explorer compare: interrupted: {finished} of {asked} positions finished "
            f"every run{saved}",
            file=sys.stderr,
        )
        return EXIT_INTERRUPTED
    return EXIT_PROVED


def _write_json(args: argparse.Namespace, data: dict) -> None:
    if args.json:
        try:
            with open(args.json, "w", encoding="utf-8") as handle:
                json.dump(data, handle, indent=2, ensure_ascii=False)
        except OSError as error:
            raise PnExplorerError(f"cannot write {args.json}: {error.strerror or error}") from None


def _run_ordering_report(
    args: argparse.Namespace, positions: list[SuitePosition]
) -> OrderingReport:
    """αβ with and without refutation ordering (`Interrupted` carries a partial report)."""
    variants = ordering_variants()
    total = len(ordering_positions(positions)) * len(variants)
    counter = RunsProgress("pn-explorer compare", total, variants, quiet=args.quiet)
    with counter.progress:
        return ordering_report(
            positions,
            Limits(max_nodes=args.max_nodes, max_seconds=args.time),
            all_keys=args.all_keys,
            max_depth=args.depth,
            jobs=args.jobs,
            progress=counter.finished,
        )


def _games(args: argparse.Namespace, names: list[str]) -> list[Problem]:
    """The games of --game, every search checked against each before anything runs; the options
    that pick, judge or cross-check chess positions are refused with them."""
    if args.suite is not None:
        raise InvalidLimitError("give either a suite or --game, not both")
    refuse_with_games(
        args,
        {
            "ids": "--ids",
            "ordering_report": "--ordering-report",
            "engine": "--engine",
        },
    )
    engines = [name for name in names if is_engine_column(name)]
    if engines:
        raise InvalidLimitError(f"{engines[0]} checks chess mates, not with --game")
    games = game_problems(args.game)
    check_searches_fit(names, games, {name: parameter_values(args, name) for name in names})
    return list(games)


def _cap(args: argparse.Namespace, search: SearchEntry) -> int:
    """`--max-nodes`, except for a search whose cap is one of its parameters (Pn²'s N):
    `--pn2-max-nodes`, or its own."""
    if search.capabilities.tuned_cap:
        return args.pn2_max_nodes or search.cap
    return args.max_nodes


def _run_comparison(
    args: argparse.Namespace, names: list[str], positions: list[Problem]
) -> list[ComparisonRow]:
    """Run the comparison of `names`, each search with the values given for its own parameters
    (`Interrupted` carries the rows that finished)."""
    given = {name: parameter_values(args, name) for name in names if not is_engine_column(name)}
    factories = {
        name: engine_factory(name, args.engine)
        if is_engine_column(name)
        else algorithm_factory(name, **given[name])
        for name in names
    }
    limits = {
        name: engine_limits(args.time)
        if is_engine_column(name)
        else Limits(max_nodes=_cap(args, entry(name)), max_seconds=seconds(args))
        for name in names
    }
    total = len(positions) * len(names)
    counter = RunsProgress("pn-explorer compare", total, names, quiet=args.quiet)
    shortest = Limits(max_nodes=args.max_nodes, max_seconds=args.time) if args.shortest else None
    journal = None
    if args.json:
        settings = {
            "command": "compare",
            "searches": names,
            "limits": {name: asdict(limit) for name, limit in limits.items()},
            "parameters": given,
            "engine": args.engine,
            "shortest": bool(args.shortest),
        }
        journal = Journal(args.json, settings)
        if journal.done:
            print(f"resuming: {counted(len(journal.done), 'run')} already in {journal.path}")
    with counter.progress:
        return compare(
            positions,
            factories,
            limits,
            jobs=args.jobs,
            progress=counter.finished,
            shortest=shortest,
            cluster=args.cluster,
            journal=journal,
        )


def _print_comparison(
    args: argparse.Namespace, names: list[str], rows: list[ComparisonRow]
) -> dict:
    """Print the rows and their summaries; their JSON data."""
    print(format_rows(rows, names))
    for summary in summarize_all(rows, names):
        print()
        print(format_summary(summary, args.max_nodes))
    if args.shortest or any(
        run.known_mate_length is not None or is_engine_column(name)
        for row in rows
        for name, run in row.runs.items()
    ):
        print()
        print(format_mate_lengths(rows, names))
    if PN in names and AB in names and args.game is None:
        print()
        print(format_paper_comparison(rows, summarize(rows, PN, AB)))
    return comparison_dict(rows, names)
