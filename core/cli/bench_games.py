"""The board-game ladder: PN, DAG PN, df-pn and αβ with a table side by side on games a class
knows, from tic-tac-toe to Connect-Four boards, each result replayed by the game's referee.

Runs one search after another in this process on each game, so node counts are deterministic
and the seconds compare only within one run. Each run's peak memory is the growth of the
process's resident memory at its peak while the search was built and ran (`core.runs.memory`:
the kernel's counter, reset before each run), so it counts what the search really holds
(tree, table, the game's caches), not an estimate per node. A graded set of exercises for a
teacher, and the measure of how transpositions (DAG PN, df-pn's table) pay on these boards.

`python -m pn_explorer.core.cli.bench_games [SPEC ...] [--algos pn,dagpn,dfpn,abtt]
[--max-nodes N] [--time S]`, or
`pn-explorer bench --game SPEC|ladder [--algo A] [--nodes N] [--time S] [--json]`.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

from ..errors import InvalidLimitError, PnExplorerError
from ..games.game_specs import LADDER, parse_game_spec
from ..inputs.numbers import MOST_NODES, seconds_option
from ..runs.memory import measured_peak, megabytes
from ..runs.runner import ERROR, describe_search
from ..search.algorithms import AlgorithmSpec, create_search
from ..search.contract import Search
from ..search.types import Limits, check_node_cap
from ..values import rate_text
from .games import GAME_SEARCHES, check_searches_fit, game_problems
from .options import add_count_option
from .output import EXIT_VERIFICATION_FAILED, print_json
from .parser import OneLineParser

SEARCHES = GAME_SEARCHES
GAME_NODE_CAP = 5_000_000
GAME_SECONDS = 600.0
"""Each search's budget on a game unless the command line gives one: enough for Connect-Four 5×4
and 4×5, which the ladder asks for."""


def run_one(text: str, algorithm: str, limits: Limits) -> dict:
    """One search on one game: its verdict, nodes and seconds. The record comes from the runner
    (`describe_search`), so a proof is replayed by the game kind's referee before it counts."""
    spec = parse_game_spec(text)
    game = spec.game()

    def search_it() -> tuple[Search, float]:
        search = create_search(AlgorithmSpec(algorithm), game, limits)
        started = time.perf_counter()
        search.run()
        return search, time.perf_counter() - started

    (search, seconds), peak = measured_peak(search_it)
    record = describe_search(game, search, algorithm, text)
    verdict = record.verdict
    return {
        "game": text,
        "goal": spec.goal_text(),
        "algorithm": algorithm,
        "result": verdict if verdict != ERROR else f"error: {record.verification_error}",
        "nodes": record.nodes_created,
        "seconds": seconds,
        "peak_bytes": peak,
        "peak_nodes_in_memory": record.peak_nodes_in_memory,
    }


def build_parser() -> OneLineParser:
    """The options of `python -m pn_explorer.core.cli.bench_games` (a mistake: one line, exit 2)."""
    parser = OneLineParser(prog="python -m pn_explorer.core.cli.bench_games", description=__doc__)
    parser.add_argument(
        "specs", nargs="*", default=list(LADDER), help="games (default: the ladder)"
    )
    parser.add_argument("--algos", default=",".join(SEARCHES), help="searches, comma-separated")
    add_count_option(parser, "--max-nodes", "node cap", MOST_NODES, default=GAME_NODE_CAP)
    parser.add_argument(
        "--time", type=seconds_option("--time"), default=GAME_SECONDS, help="seconds per search"
    )
    return parser


HEADER = (
    f"{'game':<42} {'goal':<17} {'search':<6} {'result':<10} {'nodes':>11} {'s':>8} "
    f"{'peak MB':>8}  rate"
)


def _row_line(row: dict) -> str:
    rate = rate_text(row["nodes"] / row["seconds"], row["seconds"]) if row["seconds"] > 0 else ""
    return (
        f"{row['game']:<42} {row['goal']:<17} {row['algorithm']:<6} {row['result']:<10} "
        f"{row['nodes']:>11,} {row['seconds']:>8.2f} {megabytes(row['peak_bytes']):>8}  "
        f"{rate or ''}".rstrip()
    )


def run_game_bench(args: argparse.Namespace) -> int:
    """`pn-explorer bench --game SPEC|ladder`: each search (`--algo`, or PN, DAG PN, df-pn and αβ
    with a table) on each game, one after another in this process; a proof counts once the
    game's referee replayed it (a rejected one: exit status 3)."""
    if args.replay:
        raise InvalidLimitError("--replay times PN on a chess position, not with --game")
    limits = Limits(
        max_nodes=GAME_NODE_CAP if args.nodes is None else args.nodes,
        max_seconds=GAME_SECONDS if args.time is None else args.time,
    )
    check_node_cap(limits.max_nodes)
    names = [args.algo] if args.algo else list(GAME_SEARCHES)
    games = game_problems(args.game)
    check_searches_fit(names, games)
    if not args.json:
        print(HEADER)
    rows = []
    for game in games:
        for name in names:
            row = run_one(game.id, name, limits)
            rows.append(row)
            if not args.json:
                print(_row_line(row), flush=True)
    if args.json:
        print_json({"max_nodes": limits.max_nodes, "max_seconds": limits.max_seconds, "rows": rows})
    failed = any(row["result"].startswith(f"{ERROR}:") for row in rows)
    return EXIT_VERIFICATION_FAILED if failed else 0


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as stopped:  # a mistake in the options: one line already printed
        return int(stopped.code or 0)
    try:
        limits = Limits(max_nodes=args.max_nodes, max_seconds=args.time)
        for text in args.specs:
            parse_game_spec(text)
        print(HEADER)
        for text in args.specs:
            for algorithm in args.algos.split(","):
                print(_row_line(run_one(text, algorithm.strip(), limits)), flush=True)
    except PnExplorerError as error:
        print(f"bench_games: error: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
