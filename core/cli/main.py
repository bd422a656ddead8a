"""Headless command line: `pn-explorer solve|suite|bench|compare …`. Imports no Qt.

User mistakes (bad FEN, unreadable files, unknown ids, nonsense limits) end in one line on stderr
and exit status 2; a proof that fails verification exits 3 and is never printed as a mate.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from core.cli.options import add_headless_options, seconds, whole_number
from core.cli.output import EXIT_USER_ERROR
from core.errors import InvalidLimitError, PnExplorerError
from core.search.defaults import (
    ALGORITHMS,
    DEFAULT_A,
    DEFAULT_B,
    DEFAULT_DEPTH,
    DEFAULT_MAX_NODES,
    PN,
    PN2,
)

SUBCOMMANDS = ("solve", "suite", "bench", "compare")


class OneLineParser(argparse.ArgumentParser):
    """argparse that reports a mistake in one line instead of usage text plus a line."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USER_ERROR, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog="pn-explorer",
        description="Proof-number search made visible. Without a subcommand the "
        "window opens; these subcommands run headless.",
    )
    sub = parser.add_subparsers(dest="command", required=True, parser_class=OneLineParser)

    solve = sub.add_parser("solve", help="solve one position or tree")
    solve.add_argument("fen", nargs="?", help="the position as FEN (quote it)")
    solve.add_argument(
        "--epd", metavar="FILE", help="EPD file or built-in suite name (wac-mates, paper-figures)"
    )
    solve.add_argument("--id", help="id of the position in --epd (e.g. WAC.014, or 14)")
    solve.add_argument(
        "--tree",
        metavar="FILE",
        help="an explicit AND/OR tree (node-link JSON) or a built-in tree (small-proof)",
    )
    solve.add_argument(
        "--shortest",
        action="store_true",
        help="after a proof, search for a shorter mate with the αβ searcher",
    )
    solve.add_argument("--json", action="store_true", help="print the result as JSON")
    solve.add_argument(
        "--export-tree",
        metavar="FILE",
        help="write the final search tree (PN, or Pn²'s first level) as a "
        "node-link JSON tree file the app opens (at most 200,000 nodes)",
    )
    add_headless_options(solve)

    suite = sub.add_parser("suite", help="solve every position of a suite")
    suite.add_argument("suite", help="EPD file or built-in suite name (wac-mates, paper-figures)")
    suite.add_argument("--ids", nargs="+", help="only these ids (e.g. WAC.001 14 r96)")
    suite.add_argument("--jobs", type=whole_number, default=1, help="parallel processes")
    out = suite.add_mutually_exclusive_group()
    out.add_argument("--csv", metavar="FILE", help="write the rows as CSV")
    out.add_argument("--json", metavar="FILE", help="write rows and summary as JSON")
    add_headless_options(suite)

    bench = sub.add_parser("bench", help="measure throughput against python-chess, and memory")
    bench.add_argument("--json", action="store_true", help="print the figures as JSON")
    bench.add_argument(
        "--nodes",
        type=whole_number,
        default=40_000,
        help="nodes per throughput position (default 40000)",
    )
    bench.add_argument(
        "--memory-nodes",
        type=whole_number,
        default=1_000_000,
        help="tree size for the memory measurement (default 1000000)",
    )
    bench.add_argument(
        "--algo",
        choices=(PN, PN2),
        default=PN,
        help="search whose throughput is measured (pn or pn2)",
    )
    bench.add_argument(
        "--gui",
        action="store_true",
        help="run the app offscreen at full speed and compare (needs Qt)",
    )

    compare = sub.add_parser("compare", help="run several algorithms side by side on a suite")
    compare.add_argument("suite", help="EPD file or built-in suite name")
    compare.add_argument(
        "--algos",
        default=",".join(ALGORITHMS),
        help=f"comma-separated algorithms (default {','.join(ALGORITHMS)})",
    )
    compare.add_argument("--ids", nargs="+", help="only these ids")
    compare.add_argument(
        "--max-nodes",
        type=whole_number,
        default=DEFAULT_MAX_NODES[PN],
        help=f"node limit per algorithm and position (default {DEFAULT_MAX_NODES[PN]:,})",
    )
    compare.add_argument("--time", type=seconds, default=None, help="time limit per search")
    compare.add_argument("--jobs", type=whole_number, default=1, help="parallel processes")
    compare.add_argument(
        "--a", type=float, default=DEFAULT_A, help=f"Pn²'s a (default {DEFAULT_A})"
    )
    compare.add_argument(
        "--b", type=float, default=DEFAULT_B, help=f"Pn²'s b (default {DEFAULT_B})"
    )
    compare.add_argument(
        "--pn2-max-nodes",
        type=whole_number,
        default=DEFAULT_MAX_NODES[PN2],
        help=f"Pn²'s node cap N (default {DEFAULT_MAX_NODES[PN2]:,})",
    )
    compare.add_argument(
        "--depth",
        type=whole_number,
        default=DEFAULT_DEPTH,
        help=f"αβ: the largest n of mate-in-n tried (default {DEFAULT_DEPTH})",
    )
    compare.add_argument(
        "--ordering-report",
        action="store_true",
        help="also measure αβ refutation ordering on the dm 2 positions",
    )
    compare.add_argument("--json", metavar="FILE", help="write rows and summary as JSON")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one subcommand; return the process exit status."""
    parser = build_parser()
    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    try:
        if args.command == "solve":
            from core.cli.solve import run_solve

            return run_solve(args)
        if args.command == "suite":
            from core.cli.suite import run_suite

            if args.jobs < 1:
                raise InvalidLimitError(f"--jobs must be at least 1, not {args.jobs}")
            return run_suite(args)
        if args.command == "bench":
            from core.cli.bench import run_bench

            return run_bench(args)
        from core.cli.compare import run_compare

        return run_compare(args)
    except PnExplorerError as error:
        print(f"pn-explorer {args.command}: error: {error}", file=sys.stderr)
        return EXIT_USER_ERROR
    except KeyboardInterrupt:
        print(f"pn-explorer {args.command}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader (e.g. `| head`) left early: not an error worth a traceback.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
