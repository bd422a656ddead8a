"""PN (tree) against DAG PN on one position at one node cap: what merging transpositions buys.

Both searches run one after the other in this process with the same cap (nodes in memory), so
node counts and iterations are deterministic and the seconds compare only as a ratio within one
run. PN's final tree is then walked once (`core.explain.transpositions`) to count the nodes whose
position (Polyglot hash) is already elsewhere in the tree: the nodes a DAG would not create.
WAC.213 (Figure 3.11) is the default. Every proof goes through the runner's verifier.

`python -m pn_explorer.core.cli.bench_dag [SUITE] [ID] [--max-nodes N]`
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from ..errors import PnExplorerError
from ..explain.transpositions import (
    Transpositions,
    count_transpositions,
    position_and_clock_key,
    position_key,
)
from ..games.chess_game import ChessGame
from ..games.suites import SuitePosition, find_position, load_suite
from ..generators import finish
from ..inputs.boards import parse_fen
from ..inputs.numbers import MOST_NODES
from ..runs.runner import RunRecord, describe_search
from ..search.algorithms import AlgorithmSpec, create_search
from ..search.contract import Search
from ..search.dag_pn import DagProofNumberSearch
from ..search.defaults import DAGPN, PN
from ..search.types import Limits, check_node_cap
from .options import add_count_option
from .parser import OneLineParser


def _game(position: SuitePosition) -> ChessGame:
    board = parse_fen(position.fen)
    attacker = board.turn if position.attacker_to_move else not board.turn
    return ChessGame(board, attacker=attacker)


def _record(position: SuitePosition, game: ChessGame, search: Search, name: str) -> RunRecord:
    return describe_search(
        game, search, name, position.id, position.best_moves, position.mate_length
    )


def run_pn(
    position: SuitePosition, limits: Limits
) -> tuple[RunRecord, Transpositions, Transpositions]:
    """PN's record, and the repeated positions of its whole final tree: by hash, and by hash
    and halfmove clock."""
    game = _game(position)
    search = create_search(AlgorithmSpec(PN), game, limits)
    search.run()
    record = _record(position, game, search, PN)
    tree = search.tree
    assert tree is not None, "PN keeps its tree"
    size = len(tree)
    by_hash = finish(count_transpositions(tree, game, sample=size, key=position_key))
    with_clock = finish(count_transpositions(tree, game, sample=size, key=position_and_clock_key))
    return record, by_hash, with_clock


def run_dag(position: SuitePosition, limits: Limits) -> tuple[RunRecord, DagProofNumberSearch]:
    """DAG PN's record, and the search for its link counts."""
    game = _game(position)
    search = DagProofNumberSearch(game, limits)
    search.run()
    return _record(position, game, search, DAGPN), search


def _outcome(record: RunRecord) -> str:
    if record.solved and record.mate_in:
        return f"{record.claim} (verified)"
    return record.reason


def build_parser() -> OneLineParser:
    """The options of `python -m pn_explorer.core.cli.bench_dag` (a mistake: one line, exit 2)."""
    parser = OneLineParser(prog="python -m pn_explorer.core.cli.bench_dag")
    parser.add_argument("suite", nargs="?", default="paper-figures")
    parser.add_argument("id", nargs="?", default="WAC.213")
    add_count_option(parser, "--max-nodes", "node cap of a search", MOST_NODES, default=1_000_000)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Print both searches' outcome, nodes, iterations and speed, then the transposition counts."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as stopped:  # a mistake in the options: one line already printed
        return int(stopped.code or 0)
    try:
        check_node_cap(args.max_nodes)
        position = find_position(load_suite(args.suite), args.id)
    except PnExplorerError as error:
        print(f"pn-explorer: {error}", file=sys.stderr)
        return 2
    limits = Limits(max_nodes=args.max_nodes)
    pn, by_hash, with_clock = run_pn(position, limits)
    dag, graph = run_dag(position, limits)
    print(f"{position.id}, node cap {args.max_nodes:,} (nodes in memory)")
    print(f"{'search':<8} {'nodes created':>14} {'iterations':>11} {'nodes/s':>9}  outcome")
    for record in (pn, dag):
        print(
            f"{record.algorithm:<8} {record.nodes_created:>14,} {record.iterations:>11,} "
            f"{record.nodes_per_second:>9,.0f}  {_outcome(record)}"
        )
    for repeats, identity in ((by_hash, "position"), (with_clock, "position and clock")):
        print(
            f"PN's tree: {repeats.looked_at:,} nodes, {repeats.distinct:,} distinct by "
            f"{identity}, {repeats.repeated:,} repeat one already in the tree ({repeats.share:.1%})"
        )
    print(
        f"DAG PN: {graph.transpositions:,} links to existing nodes, {graph.pinned:,} pinned, "
        f"{graph.separate:,} separate, {graph.shared_draws:,} shared draws"
    )
    if pn.seconds > 0:
        print(f"DAG PN's seconds / PN's (this run): {dag.seconds / pn.seconds:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
