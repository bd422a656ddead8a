"""Headless command line: `pn-explorer solve|suite|bench|compare …`. Imports no Qt.

User mistakes (bad FEN, unreadable files, unknown ids, nonsense limits) end in one line on stderr
and exit status 2; a proof that fails verification, or a disproof the replay does not certify,
exits 3 and is never claimed. The exit status tells a proof, a disproof and a search a limit
stopped apart (`core.cli.output`), and Ctrl+C stops any run at once with 130, `suite` and
`compare` keeping the rows that finished.
"""

from __future__ import annotations

import argparse
import signal
import sys
import threading
from collections.abc import Callable, Sequence
from types import FrameType
from typing import Any

from ..errors import InvalidLimitError, PnExplorerError, VerificationError
from ..inputs.numbers import MOST_NODES, seconds_option
from ..inputs.text import non_empty_option
from ..search.defaults import ATTACKERS, DEFAULT_GAME_SECONDS, DEFAULT_NODE_CAP, DFPN, PN, PN2
from ..search.registry import entries, names
from .commands import SUBCOMMANDS
from .exports import add_export_options
from .games import GAME_SEARCHES
from .options import (
    add_count_option,
    add_headless_options,
    add_parameter_options,
)
from .output import (
    EXIT_INTERRUPTED,
    EXIT_USER_ERROR,
    EXIT_VERIFICATION_FAILED,
    HelpFormatter,
    add_version_option,
    discard_stdout,
    exit_status_epilog,
    flush_stdout,
    wrapped,
)
from .parser import OneLineParser
from .problem_options import add_problem_options
from .progress import add_quiet_option

CHESS_BENCH_NODES = 40_000
"""Nodes `bench` searches on each throughput position."""
MOST_JOBS = 64
"""Parallel processes a suite or a comparison may start."""
MOST_REPLAY_ITERATIONS = 150_000
"""`bench --replay` records at most this many PN iterations: its node cap
(`core.cli.bench_replay.REPLAY_CAP`) holds about 180,000 on WAC.096."""
MOST_REWINDS = 1_000
"""`bench --replay` times at most this many rewinds (each rebuilds a state of up to ~3 million
nodes)."""


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog="pn-explorer",
        description=wrapped(
            "Proof-number search made visible. Without a subcommand the window opens; these "
            "subcommands run headless."
        ),
        epilog=exit_status_epilog(),
        formatter_class=HelpFormatter,
    )
    add_version_option(parser)
    sub = parser.add_subparsers(
        dest="command",
        required=True,
        parser_class=OneLineParser,
        metavar="{" + ",".join(SUBCOMMANDS) + "}",
    )

    def subcommand(name: str, about: str) -> OneLineParser:
        return sub.add_parser(
            name,
            help=about,
            epilog=exit_status_epilog(),
            formatter_class=HelpFormatter,
        )

    solve = subcommand("solve", "solve one position or tree")
    add_problem_options(
        solve,
        positional="fen",
        fen=True,
        suite=True,
        pgn=True,
        tree=True,
        id_help="id of the position in --suite (e.g. WAC.014, or 14); game number in --pgn",
        game="a board game, its goal and start position",
    )
    solve.add_argument(
        "--attacker",
        choices=ATTACKERS,
        help="the side that mates: the side to move, or the other (the side to move gets "
        "mated); default: the side to move, or the other for a suite's bm #-N",
    )
    solve.add_argument(
        "--shortest",
        action="store_true",
        help="after a proof, look for shorter mates with df-pn bounded by mate length and "
        "certify the shortest (a disproof of the length below, replayed independently) where "
        "the budget allows",
    )
    solve.add_argument(
        "--explain",
        action="store_true",
        help="explain the search: effort per root move, what holds the proof number up (df-pn: "
        "why it stopped and the line its table holds), what to try (every search but ab)",
    )
    solve.add_argument("--json", action="store_true", help="print the result as JSON")
    solve.add_argument(
        "--export-tree",
        metavar="FILE",
        type=non_empty_option("--export-tree"),
        help="write the final search tree (PN, or Pn²'s first level) as a "
        "node-link JSON tree file the app opens (at most 200,000 nodes)",
    )
    add_export_options(solve)
    add_quiet_option(solve)
    add_headless_options(solve)

    suite = subcommand("suite", "solve every position of a suite, or every game given")
    add_problem_options(suite, positional="suite", suite=True, ids=True, game="many a suite")
    add_count_option(suite, "--jobs", "parallel processes", MOST_JOBS, default=1)
    out = suite.add_mutually_exclusive_group()
    out.add_argument(
        "--csv",
        metavar="FILE",
        type=non_empty_option("--csv"),
        help="write the rows as CSV" + RESUMES,
    )
    out.add_argument(
        "--json",
        metavar="FILE",
        type=non_empty_option("--json"),
        help="write rows and summary as JSON" + RESUMES,
    )
    add_run_options(suite)
    add_quiet_option(suite)
    add_headless_options(suite)

    bench = subcommand(
        "bench", "measure throughput against python-chess, and memory; or on board games"
    )
    bench.add_argument("--json", action="store_true", help="print the figures as JSON")
    add_count_option(
        bench,
        "--nodes",
        "nodes per throughput position; with --game, each search's node cap",
        MOST_NODES,
        default_note=f"default {CHESS_BENCH_NODES:,}; with --game 5,000,000",
    )
    add_count_option(
        bench,
        "--memory-nodes",
        "tree size for the memory measurement",
        MOST_NODES,
        default=1_000_000,
    )
    bench.add_argument(
        "--algo",
        choices=(PN, PN2, DFPN),
        help="search whose throughput is measured (pn, pn2 or dfpn; default pn; with --game "
        f"only this one instead of {', '.join(GAME_SEARCHES)} side by side)",
    )
    add_problem_options(
        bench, game="many the chess positions (each search solves each game, its proof refereed)"
    )
    bench.add_argument(
        "--time",
        type=seconds_option("--time"),
        default=None,
        help="with --game: time limit per search, seconds (default 600)",
    )
    bench.add_argument(
        "--gui",
        action="store_true",
        help="run the app offscreen at full speed and compare (needs Qt)",
    )
    bench.add_argument(
        "--replay",
        action="store_true",
        help="time rewinds of a long PN search to random iterations",
    )
    add_count_option(
        bench,
        "--replay-iterations",
        "--replay: PN iterations recorded",
        MOST_REPLAY_ITERATIONS,
        least=100,
        default=100_000,
    )
    add_count_option(bench, "--rewinds", "--replay: rewinds timed", MOST_REWINDS, default=20)
    bench.add_argument(
        "--native",
        action="store_true",
        help="the native df-pn against the Python df-pn on wac-mates, matetrack-dev and "
        "endgame-mates: node counts at a table of 2,000 entries, and nodes per second",
    )

    compare = subcommand(
        "compare", "run several algorithms side by side on a suite or on board games"
    )
    add_problem_options(compare, positional="suite", suite=True, ids=True, game="many a suite")
    compare.add_argument(
        "--algos",
        default=None,
        help=f"comma-separated algorithms (default {','.join(names(thesis=True))}; with --game "
        f"{','.join(GAME_SEARCHES)}; none with --ordering-report); uci:stockfish or uci:PATH "
        "adds a UCI engine's claims",
    )
    compare.add_argument(
        "--engine",
        metavar="PATH",
        type=non_empty_option("--engine"),
        help="the UCI engine of a `uci` column (default: stockfish on PATH); or uci:PATH",
    )
    add_count_option(
        compare,
        "--max-nodes",
        "node limit per algorithm and position",
        MOST_NODES,
        default=DEFAULT_NODE_CAP,
    )
    compare.add_argument(
        "--time",
        type=seconds_option("--time"),
        default=None,
        help=f"time limit per search (default for a --game: {DEFAULT_GAME_SECONDS:g})",
    )
    add_count_option(compare, "--jobs", "parallel processes", MOST_JOBS, default=1)
    tuned = ", ".join(search.short_title for search in entries(tuned_cap=True))
    add_count_option(
        compare,
        "--pn2-max-nodes",
        f"{tuned}'s node cap N",
        MOST_NODES,
        default_note="default "
        + ", ".join(f"{search.cap:,}" for search in entries(tuned_cap=True)),
    )
    compare.add_argument(
        "--ordering-report",
        action="store_true",
        help="measure αβ with and without refutation ordering on the dm 2 positions (--depth, "
        "--all-keys, --max-nodes, --time); alone, without the comparison of --algos",
    )
    compare.add_argument(
        "--shortest",
        action="store_true",
        help="after each verified mate of ours, look for shorter mates with df-pn bounded by "
        "mate length and certify the shortest by a disproof of the length below, replayed "
        "independently (--max-nodes, --time per position)",
    )
    compare.add_argument(
        "--json",
        metavar="FILE",
        type=non_empty_option("--json"),
        help="write rows and summary as JSON" + RESUMES,
    )
    add_run_options(compare)
    add_quiet_option(compare)
    add_parameter_options(
        compare.add_argument_group("search parameters (each search takes its own)"), entries()
    )
    return parser


def _interrupt_once(_signal: int, _frame: FrameType | None) -> None:
    """Ctrl+C: stop what runs now (KeyboardInterrupt) and ignore a second Ctrl+C, so ending the
    workers and saving the finished rows (a fraction of a second) cannot be cut short and leave a
    worker running or a file half written."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    raise KeyboardInterrupt


def main(argv: Sequence[str] | None = None) -> int:
    """Run one subcommand; return the process exit status."""
    parser = build_parser()
    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    before = _catch_interrupts()
    try:
        status = _run(args)
        flush_stdout()
        return status
    except VerificationError as error:
        print(f"pn-explorer {args.command}: error: {error}", file=sys.stderr)
        return EXIT_VERIFICATION_FAILED
    except PnExplorerError as error:
        print(f"pn-explorer {args.command}: error: {error}", file=sys.stderr)
        return EXIT_USER_ERROR
    except KeyboardInterrupt:
        print(f"pn-explorer {args.command}: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader (e.g. `| head`) left early: not an error worth a traceback.
        discard_stdout()
        return 0
    finally:
        # Put the caller's handler back, unless Ctrl+C came: then a second one stays ignored
        # until the process has ended, and cannot turn status 130 into a death by signal.
        if before is not None and signal.getsignal(signal.SIGINT) is _interrupt_once:
            signal.signal(signal.SIGINT, before)


def _catch_interrupts() -> signal.Handlers | Callable[..., Any] | int | None:
    """Handle Ctrl+C with `_interrupt_once`; the handler it replaces (to put back), or None when
    it leaves SIGINT alone: outside the main thread, or ignored by whoever started the process."""
    if threading.current_thread() is not threading.main_thread():
        return None
    before = signal.getsignal(signal.SIGINT)
    if before in (signal.SIG_IGN, None):
        return None
    signal.signal(signal.SIGINT, _interrupt_once)
    return before


def _chess_bench_defaults(args: argparse.Namespace) -> None:
    """`bench` on chess: its default search and node count (with --game they differ)."""
    if args.time is not None:
        raise InvalidLimitError("bench --time limits each search on a board game: give --game")
    args.algo = args.algo or PN
    args.nodes = CHESS_BENCH_NODES if args.nodes is None else args.nodes


def _run(args: argparse.Namespace) -> int:
    if args.command == "solve":
        from .solve import run_solve

        return run_solve(args)
    if args.command == "suite":
        from .suite import run_suite

        return run_suite(args)
    if args.command == "bench" and args.native:
        from .bench_native import DEFAULT_CAP, SUITES, run_native_bench

        return run_native_bench(SUITES, DEFAULT_CAP, 1, args.json)
    if args.command == "bench" and args.game:
        from .bench_games import run_game_bench

        return run_game_bench(args)
    if args.command == "bench":
        _chess_bench_defaults(args)
    if args.command == "bench" and args.replay:
        from .bench_replay import run_replay_bench

        return run_replay_bench(args)
    if args.command == "bench":
        from .bench import check_bench_options, measures_a_table, run_bench
        from .bench_dfpn import run_dfpn_bench

        if measures_a_table(args):
            check_bench_options(args)
            return run_dfpn_bench(args)
        return run_bench(args)
    from .compare import run_compare

    return run_compare(args)


RESUMES = (
    "; each run is also written to FILE.rows as it ends, and the same command run again "
    "resumes: it skips the runs FILE.rows holds (delete it to start over)"
)


def add_run_options(parser: argparse.ArgumentParser) -> None:
    """Where a run of many searches goes, and how it resumes (`core.runs.journal`)."""
    parser.add_argument(
        "--cluster",
        metavar="ADDRESS",
        type=non_empty_option("--cluster"),
        help="run every search as a task on the Dask scheduler at ADDRESS (e.g. "
        "tcp://10.0.0.5:8786; needs pip install 'pn-explorer[cluster]') instead of local processes",
    )
