"""`pn-explorer solve`: one chess position (FEN, EPD id or PGN game) or one explicit AND/OR tree."""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from pathlib import Path

from ..errors import (
    InvalidLimitError,
    UnknownPositionIdError,
    VerificationError,
)
from ..games.board_kind import GAME
from ..games.chess_game import ChessGame
from ..games.explicit_tree import ExplicitTreeGame
from ..games.game import Game
from ..games.game_specs import parse_game_spec
from ..games.kinds import Source
from ..games.registry import kind_named, load_problem
from ..games.suites import find_position, load_suite
from ..games.tree_catalog import load_tree
from ..inputs.boards import parse_fen
from ..inputs.numbers import parse_whole
from ..inputs.positions import MOST_GAMES, SuitePosition, load_pgn_positions
from ..runs.runner import RunRecord, describe_search
from ..search.algorithms import AlgorithmSpec, create_search
from ..search.contract import Search
from ..search.defaults import DEFAULT_NODE_CAP, SIDE_TO_MOVE
from ..search.dfpn_native import engine_hint
from ..search.registry import entry, title_of
from ..search.types import Limits, Result
from ..values import counted, elided_line, rate_text
from .explain import (
    explanation_of,
    print_explanation,
    run_search,
    tree_searches,
)
from .export import move_labels, search_graph, write_node_link
from .exports import write_exports
from .options import spec_and_limits
from .output import EXIT_VERIFICATION_FAILED, outcome_status, print_json
from .progress import checking_progress, search_progress


def _counts(record: RunRecord) -> str:
    text = (
        f"{record.nodes_created:,} created · {record.peak_nodes_in_memory:,} peak in memory · "
        f"{counted(record.iterations, 'iteration')} · {record.seconds:.2f} s"
    )
    rate = rate_text(record.nodes_per_second, record.seconds)
    if rate:
        text += f" · {rate}"
    if record.second_level_searches is not None:
        text += f" · {counted(record.second_level_searches, 'second-level search')}"
    return text


def print_record(
    record: RunRecord, spec: AlgorithmSpec, limits: Limits, disproof: dict | None = None
) -> None:
    """The human-readable report of one solved (or not) position (`disproof`: what the replay
    of the search's disproof said, `_checked_disproof`)."""
    print(f"Position   {record.id + '  ' if record.id else ''}{record.position}")
    unit = entry(spec.name).cap_unit
    cap = unit.cap_text(limits.max_nodes) if limits.max_nodes else "no node cap"
    print(f"Search     {spec.title}, {cap}{engine_hint(spec.name)}")
    depth = record.proof_depth
    if record.result == Result.PROVED.value and record.verified and depth is not None:
        print(
            f"Result     proved: {record.claim} (verified by independent replay of a "
            f"{record.proof_size:,}-node proof tree, {counted(depth, 'ply')} deep)"
        )
        line = kind_named(record.game).join_line(record.position, record.main_line)
        print(f"Main line  {line}")
        if record.best_moves:
            verdict = "agrees with" if record.agrees_with_bm else "differs from"
            print(f"Key move   {record.first_move} ({verdict} bm {' '.join(record.best_moves)})")
    elif record.rejected:
        print(
            f"Result     ERROR: the search claimed a mate but the proof failed verification: "
            f"{record.verification_error}"
        )
    else:
        print(f"Result     {record.reason}")
        if disproof is not None:
            print(f"Disproof   {disproof['text']}")
        for move, reply in record.refutation:
            print(f"           {move}: {reply}")
    print(f"Nodes      {_counts(record)}")


def _position_from_args(args: argparse.Namespace) -> SuitePosition:
    """The position to solve (FEN, suite id or PGN game), with its attacker from `--attacker` or,
    by default, from the suite (`bm #-N`: the side not to move mates)."""
    given = [name for name in ("fen", "suite", "pgn") if getattr(args, name) is not None]
    if len(given) > 1:
        raise InvalidLimitError(
            "give one of --fen FEN, --suite NAME --id ID or --pgn FILE, not several"
        )
    if args.pgn is not None:
        number = parse_whole(args.id, "--id", maximum=MOST_GAMES) if args.id is not None else 1
        positions = load_pgn_positions(args.pgn)
        if number > len(positions):
            raise UnknownPositionIdError(
                f"{Path(args.pgn).name} has no game {number} (it has {len(positions)})"
            )
        position = positions[number - 1]
    elif args.suite is not None:
        if not args.id:
            raise InvalidLimitError("--suite needs --id to say which position to solve")
        position = find_position(load_suite(args.suite), args.id)
    elif args.id:
        raise InvalidLimitError(
            "--id needs --suite NAME (a built-in suite such as wac-mates, or an EPD file)"
        )
    elif args.fen is None:
        raise InvalidLimitError(
            "give --fen FEN, --suite NAME --id ID, --pgn FILE, --tree FILE or --game SPEC"
        )
    else:
        position = SuitePosition("", parse_fen(args.fen))
    if args.attacker is not None:
        position = replace(position, attacker_to_move=args.attacker == SIDE_TO_MOVE)
    return position


def _solve_tree(args: argparse.Namespace, spec: AlgorithmSpec, limits: Limits) -> int:
    tree = load_tree(args.tree)
    game = ExplicitTreeGame(tree)
    return _solve_without_board(args, spec, limits, game, ("tree", tree.name), tree.nodes[0].name)


def _solve_game(args: argparse.Namespace, spec: AlgorithmSpec, limits: Limits) -> int:
    """--game SPEC: a board game (tic-tac-toe, Connect-Four, an OpenSpiel game) and its goal."""
    loaded = load_problem(Source(GAME, args.game))
    given = parse_game_spec(args.game)
    named = ("game", f"{given.text}: {given.goal_text()}")  # the spec as typed: scripts key on it
    return _solve_without_board(args, spec, limits, loaded.game, named, "")


def _solve_without_board(
    args: argparse.Namespace,
    spec: AlgorithmSpec,
    limits: Limits,
    game: Game,
    named: tuple[str, str],
    root: str,
) -> int:
    """Solve a tree file or a board game: its verdict, its proof or disproof checked under its
    own rules (the file's data, the game's referee) and its main line."""
    search = create_search(spec, game, limits)
    with search_progress(search, args.quiet):
        trace = run_search(search, args.explain)
    explanation = explanation_of(search, trace)
    with checking_progress(search, args.quiet):
        record = describe_search(game, search, spec.name, root or named[1])
    if record.rejected:
        raise VerificationError(record.verification_error)
    if args.export_tree is not None:
        _export(args.export_tree, search, game, root or named[1])
    write_exports(args, search, game, record)
    what, name = named
    data = {
        what: name,
        "result": record.result,
        "reason": record.reason,
        "nodes_created": record.nodes_created,
        "iterations": record.iterations,
        "seconds": record.seconds,
    }
    said = None
    if record.claim and not root:
        said = record.claim
        data["verdict"] = said
    if record.verified:
        data["proof_size"] = record.proof_size
        data["main_line"] = record.main_line
    disproof = _checked_disproof(record)
    if disproof is not None:
        data["disproof"] = disproof
    if args.json:
        if explanation is not None:
            data["explain"] = explanation.to_dict()
        print_json(data)
        return outcome_status(record.result, record.uncertified)
    print(f"{what.capitalize():<11}{name}")
    print(f"Result     {record.reason}: {said}" if said else f"Result     {record.reason}")
    if record.verified and record.proof_size is not None:
        checked = "checked against the file" if root else "replayed by the game's referee"
        line = elided_line([root, *record.main_line] if root else record.main_line)
        print(f"Proof      {counted(record.proof_size, 'node')} ({checked}); main line {line}")
    if disproof is not None:
        print(f"Disproof   {disproof['text']}")
    print(
        f"Nodes      {record.nodes_created:,} created · {counted(record.iterations, 'iteration')}"
    )
    if explanation is not None:
        print_explanation(explanation)
    return outcome_status(record.result, record.uncertified)


def _export(path: str, search: Search, game: Game, name: str) -> None:
    """--export-tree: the final tree as a node-link JSON tree file, its nodes named by the moves
    into them in the game's notation (SAN for chess)."""
    tree = search.tree
    if tree is None:
        raise InvalidLimitError(
            f"--export-tree needs a tree search ({tree_searches()}): the "
            f"{title_of(search.algorithm)} keeps no tree"
        )
    write_node_link(search_graph(tree, move_labels(game, tree), name), path)
    print(f"Exported   {counted(len(tree), 'node')} to {path}", file=sys.stderr)


def run_solve(args: argparse.Namespace) -> int:
    spec, limits = spec_and_limits(args)
    chess_given = any(getattr(args, name) is not None for name in ("fen", "suite", "pgn"))
    if args.tree is not None and args.game is not None:
        raise InvalidLimitError("give either --tree or --game, not both")
    if args.attacker is not None and args.game is not None:
        raise InvalidLimitError(
            "--attacker is for chess positions: a board game's side is its spec's player "
            "(e.g. tic-tac-toe(player=o))"
        )
    if args.attacker is not None and args.tree is not None:
        raise InvalidLimitError(
            "--attacker is for chess positions: a tree file gives its root's type"
        )
    if args.tree is not None:
        if chess_given:
            raise InvalidLimitError("give either --tree or a chess position, not both")
        return _solve_tree(args, spec, limits)
    if args.game is not None:
        if chess_given:
            raise InvalidLimitError("give either --game or a chess position, not both")
        return _solve_game(args, spec, limits)
    position = _position_from_args(args)
    game = ChessGame(position.board, attacker=position.attacker)
    search = create_search(spec, game, limits)
    with search_progress(search, args.quiet):
        trace = run_search(search, args.explain)
    explanation = explanation_of(search, trace, position.mate_length)
    with checking_progress(search, args.quiet):
        record = describe_search(
            game, search, spec.name, position.id, position.best_moves, position.mate_length
        )
    if args.export_tree is not None:
        _export(args.export_tree, search, game, position.id or position.fen)
    write_exports(args, search, game, record)
    disproof = _checked_disproof(record)
    shortest = _shortest(args, game, record, limits)
    if args.json:
        data = record.to_dict()
        if disproof is not None:
            data["disproof"] = disproof
        if shortest is not None:
            data["shortest"] = shortest
        if explanation is not None:
            data["explain"] = explanation.to_dict()
        print_json(data)
    else:
        print_record(record, spec, limits, disproof)
        if shortest is not None:
            print(f"Shortest   {shortest['text']}")
        if explanation is not None:
            print_explanation(explanation)
    if record.rejected:
        print(
            f"pn-explorer solve: error: proof failed verification: {record.verification_error}",
            file=sys.stderr,
        )
        return EXIT_VERIFICATION_FAILED
    return outcome_status(record.result, record.uncertified)


def _checked_disproof(record: RunRecord) -> dict | None:
    """What the independent replay of the search's disproof of the root said (`core.runs.runner.
    certify_disproof`, with no bound: a strategy that never lets the attacker mate); None where
    there was no such replay."""
    if record.disproof_certified is None:
        return None
    return {
        "checked": record.disproof_certified,
        "text": record.disproof_text,
        "positions_checked": record.disproof_positions or 0,
    }


def _shortest(
    args: argparse.Namespace, game: ChessGame, record: RunRecord, limits: Limits
) -> dict | None:
    """--shortest: look for shorter mates with df-pn bounded by mate length and certify the
    shortest where the budget allows (`core.search.dfpn_shortest`)."""
    if not args.shortest:
        return None
    if not (record.result == Result.PROVED.value and record.verified and record.mate_in):
        return {"text": "no verified mate to shorten", "mate_in": None, "certified": False}
    from ..search.dfpn_shortest import bounded_engine, certify_shortest

    found = certify_shortest(
        game.root_board,
        game.attacker,
        record.mate_in,
        Limits(max_nodes=limits.max_nodes or DEFAULT_NODE_CAP, max_seconds=limits.max_seconds),
        bounded_engine(args.algo),  # the df-pn engine that found the mate
    )
    return found.to_dict()
