"""The board-game ladder: PN, DAG PN and df-pn side by side on games a class knows, from
tic-tac-toe to Connect-Four boards, each result replayed by the game's referee.

Runs one search after another in this process on each game, so node counts are deterministic
and the seconds compare only within one run. A graded set of exercises for a teacher, and the
measure of how transpositions (DAG PN, df-pn's table) pay on these boards.

`python -m core.cli.bench_games [SPEC ...] [--algos pn,dagpn,dfpn] [--max-nodes N] [--time S]`
"""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence

from core.cli.main import OneLineParser
from core.cli.options import add_count_option
from core.errors import PnExplorerError
from core.games.game_specs import parse_game_spec
from core.inputs.numbers import MOST_NODES, seconds_option
from core.runs.runner import ERROR, describe_search
from core.search.algorithms import AlgorithmSpec, create_search
from core.search.types import Limits

LADDER = (
    "tic-tac-toe",
    "tic-tac-toe(goal=draw)",
    "mnk(m=4,n=4,k=3)",
    "connect-four(columns=4,rows=4,goal=draw)",
    "connect-four(columns=5,rows=4)",
    "connect-four(columns=4,rows=5)",
    "openspiel:hex(board_size=3)",
)
"""The exercises, easiest first; Connect-Four 5×5 and 6×5 are given by name on the command line."""

SEARCHES = ("pn", "dagpn", "dfpn")


def run_one(text: str, algorithm: str, limits: Limits) -> dict:
    """One search on one game: its verdict, nodes and seconds. The record comes from the runner
    (`describe_search`), so a proof is replayed by the game kind's referee before it counts."""
    spec = parse_game_spec(text)
    game = spec.game()
    search = create_search(AlgorithmSpec(algorithm), game, limits)
    started = time.perf_counter()
    search.run()
    seconds = time.perf_counter() - started
    record = describe_search(game, search, algorithm, text)
    verdict = record.verdict
    return {
        "game": text,
        "goal": spec.goal_text(),
        "algorithm": algorithm,
        "result": verdict if verdict != ERROR else f"error: {record.verification_error}",
        "nodes": record.nodes_created,
        "seconds": seconds,
    }


def build_parser() -> OneLineParser:
    """The options of `python -m core.cli.bench_games` (a mistake: one line, exit status 2)."""
    parser = OneLineParser(prog="python -m core.cli.bench_games", description=__doc__)
    parser.add_argument(
        "specs", nargs="*", default=list(LADDER), help="games (default: the ladder)"
    )
    parser.add_argument("--algos", default=",".join(SEARCHES), help="searches, comma-separated")
    add_count_option(parser, "--max-nodes", "node cap", MOST_NODES, default=5_000_000)
    parser.add_argument(
        "--time", type=seconds_option("--time"), default=600.0, help="seconds per search"
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as stopped:  # a mistake in the options: one line already printed
        return int(stopped.code or 0)
    try:
        limits = Limits(max_nodes=args.max_nodes, max_seconds=args.time)
        for text in args.specs:
            parse_game_spec(text)
        print(f"{'game':<42} {'goal':<17} {'search':<6} {'result':<10} {'nodes':>11} {'s':>8}")
        for text in args.specs:
            for algorithm in args.algos.split(","):
                row = run_one(text, algorithm.strip(), limits)
                print(
                    f"{row['game']:<42} {row['goal']:<17} {row['algorithm']:<6} "
                    f"{row['result']:<10} {row['nodes']:>11,} {row['seconds']:>8.1f}",
                    flush=True,
                )
    except PnExplorerError as error:
        print(f"bench_games: error: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
