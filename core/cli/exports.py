"""`solve --export-pgn FILE` and `solve --export-graphml FILE [--export-max-nodes N]`: the solved
search in formats other tools read (the formats themselves live in `core.exports`)."""

from __future__ import annotations

import argparse
import sys
from functools import partial
from typing import cast

from core.cli.options import add_count_option
from core.errors import ExportError
from core.exports.files import write_file
from core.exports.graphml import (
    DEFAULT_GRAPHML_NODES,
    MAX_GRAPHML_NODES,
    tree_graph,
    write_graphml,
)
from core.exports.pgn import proof_pgn, refutation_pgn
from core.games.chess_game import ChessGame
from core.games.game import Game
from core.games.registry import kind_of
from core.inputs.text import non_empty_option
from core.proofs.solution_tree import refutation_tree
from core.runs.runner import RunRecord
from core.search.contract import Search
from core.search.registry import title_of
from core.search.types import Result
from core.values import counted


def add_export_options(parser: argparse.ArgumentParser) -> None:
    """`solve`'s --export-pgn, --export-graphml and --export-max-nodes."""
    parser.add_argument(
        "--export-pgn",
        metavar="FILE",
        type=non_empty_option("--export-pgn"),
        help="write the verified proof (or the refutation tree) as PGN with variations",
    )
    parser.add_argument(
        "--export-graphml",
        metavar="FILE",
        type=non_empty_option("--export-graphml"),
        help="write the search tree as GraphML (pn, dn, type, move, depth, flags)",
    )
    add_count_option(
        parser,
        "--export-max-nodes",
        "--export-graphml: the first N nodes breadth-first",
        MAX_GRAPHML_NODES,
        default_note=f"default {DEFAULT_GRAPHML_NODES:,}",
        metavar="N",
    )


def write_exports(args: argparse.Namespace, search: Search, game: Game, record: RunRecord) -> None:
    """Write the exports the command line asked for (ExportError: one line, exit 2)."""
    if args.export_pgn is not None:
        if not game.capabilities.standard_chess:
            title = kind_of(game).title
            raise ExportError(f"--export-pgn needs a chess position (this {title} has no moves)")
        text = solution_pgn(search, cast(ChessGame, game), record)  # standard chess: a chess cursor
        write_file(args.export_pgn, lambda stream: stream.write(text.encode("utf-8")))
        print(f"Exported   the {_what(record)} as PGN to {args.export_pgn}", file=sys.stderr)
    if args.export_graphml is not None:
        tree = search.tree
        if tree is None:
            raise ExportError(
                f"--export-graphml needs a tree search (pn or pn2), not {record.algorithm}"
            )
        labels = partial(kind_of(game).tree_move_labels, game)
        limit = args.export_max_nodes or DEFAULT_GRAPHML_NODES
        graph = tree_graph(tree, labels, limit, record.id or record.position)
        write_graphml(graph, args.export_graphml)
        print(
            f"Exported   {graph.number_of_nodes():,} of {counted(len(tree), 'node')} "
            f"(breadth-first) as GraphML to {args.export_graphml}",
            file=sys.stderr,
        )


def _what(record: RunRecord) -> str:
    return "proof" if record.result == Result.PROVED.value else "refutation"


def solution_pgn(search: Search, game: ChessGame, record: RunRecord) -> str:
    """The PGN of a verified proof or of a disproved root's refutation tree."""
    engine = title_of(record.algorithm)
    if record.rejected:
        raise ExportError("the proof failed verification: no PGN is written")
    if record.result == Result.PROVED.value:
        return proof_pgn(game, search.proof(), engine, record.nodes_created)
    if record.result == Result.DISPROVED.value:
        if search.tree is None:
            raise ExportError(
                f"{engine} keeps no tree to read a refutation from: try --algo pn or pn2"
            )
        return refutation_pgn(game, refutation_tree(search.tree), engine, record.nodes_created)
    raise ExportError(f"nothing to export as PGN: the search ended unsolved ({record.reason})")
