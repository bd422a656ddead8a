"""`solve --export-pgn FILE`, `solve --export-moves FILE` and `solve --export-graphml FILE
[--export-max-nodes N]`: the solved search in formats other tools read (the formats themselves
live in `core.exports`)."""

from __future__ import annotations

import argparse
import json
import sys
from functools import partial
from typing import cast

from ..errors import ExportError, VerificationError
from ..exports.files import write_file
from ..exports.graphml import (
    DEFAULT_GRAPHML_NODES,
    MAX_GRAPHML_NODES,
    tree_graph,
    write_graphml,
)
from ..exports.move_tree import move_tree, move_tree_text
from ..exports.pgn import proof_pgn, refutation_pgn
from ..games.chess_game import ChessGame
from ..games.game import Game
from ..games.registry import kind_of
from ..inputs.text import non_empty_option
from ..proofs.proof import ProofNode
from ..runs.runner import RunRecord, read_disproof
from ..search.contract import Search
from ..search.registry import title_of
from ..search.types import Result
from ..values import counted
from .options import add_count_option


def add_export_options(parser: argparse.ArgumentParser) -> None:
    """`solve`'s --export-pgn, --export-moves, --export-graphml and --export-max-nodes."""
    parser.add_argument(
        "--export-pgn",
        metavar="FILE",
        type=non_empty_option("--export-pgn"),
        help="write the verified proof (or the refutation tree) as PGN with variations",
    )
    parser.add_argument(
        "--export-moves",
        metavar="FILE",
        type=non_empty_option("--export-moves"),
        help="write the verified proof (or the refutation tree) as a move tree in the game's "
        "notation, any game: JSON for a FILE ending .json, indented text otherwise",
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
            raise ExportError(
                f"--export-pgn needs a chess position: --export-moves writes this {title}'s "
                "solution as a move tree"
            )
        text = solution_pgn(search, cast(ChessGame, game), record)  # standard chess: a chess cursor
        write_file(args.export_pgn, lambda stream: stream.write(text.encode("utf-8")))
        print(f"Exported   the {_what(record)} as PGN to {args.export_pgn}", file=sys.stderr)
    if args.export_moves is not None:
        data = solution_moves(search, game, record)
        if args.export_moves.lower().endswith(".json"):
            text = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
        else:
            text = move_tree_text(data)
        write_file(args.export_moves, lambda stream: stream.write(text.encode("utf-8")))
        print(
            f"Exported   the {_what(record)} as a move tree "
            f"({counted(data['moves_written'], 'move')}) to {args.export_moves}",
            file=sys.stderr,
        )
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


def _solution(search: Search, game: Game, record: RunRecord, form: str) -> ProofNode:
    """The verified proof, or a disproved root's refutation tree (the disproof the search reads
    out, `Search.disproof`: on a chess root the very tree the replay certified), to write as
    `form` (ExportError where there is none, or where the replay did not certify the disproof:
    the file would say "no forced mate")."""
    engine = title_of(record.algorithm)
    if record.rejected:
        raise ExportError(f"the proof failed verification: no {form} is written")
    if record.uncertified:
        raise ExportError(f"the disproof was not certified by the replay: no {form} is written")
    if record.result == Result.PROVED.value:
        return search.proof()
    if record.result == Result.DISPROVED.value:
        try:
            return read_disproof(game, search)
        except VerificationError as error:
            raise ExportError(f"{engine}: no refutation to write as {form}: {error}") from None
    raise ExportError(f"nothing to export as {form}: the search ended unsolved ({record.reason})")


def solution_pgn(search: Search, game: ChessGame, record: RunRecord) -> str:
    """The PGN of a verified proof or of a disproved root's refutation tree."""
    engine = title_of(record.algorithm)
    solution = _solution(search, game, record, "PGN")
    if record.result == Result.PROVED.value:
        return proof_pgn(game, solution, engine, record.nodes_created)
    return refutation_pgn(game, solution, engine, record.nodes_created)


def solution_moves(search: Search, game: Game, record: RunRecord) -> dict:
    """The move tree (`core.exports.move_tree`) of a verified proof or of a disproved root's
    refutation tree, with what was solved and how."""
    solution = _solution(search, game, record, "move tree")
    proved = record.result == Result.PROVED.value
    how = f"{title_of(record.algorithm)}, {counted(record.nodes_created, 'node')} created; " + (
        f"the proof ({counted(record.proof_size or 0, 'node')}) was replayed under the game's "
        "own rules before it was written"
        if proved
        else "the refutation tree: every attacker try, with the reply that holds"
    )
    about = {
        "problem": record.id,
        "result": record.result,
        "meaning": record.claim,
        "algorithm": record.algorithm,
        "nodes_created": record.nodes_created,
        "verified": record.verified,
        "how": how,
    }
    return move_tree(game, solution, about)
