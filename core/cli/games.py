"""Board games in `suite`, `compare` and `bench` (`--game SPEC`, repeated, or `ladder`: its option
is in `core.cli.problem_options`): the searches checked against each game at the door, and the
rows a game's run prints.

A game is named as `solve --game` names it (`core.games.game_specs`), its start position in the
spec (`moves=b2.a1`); each is opened again in the process that searches it, and its proof is
replayed by the game's referee before a row calls it proved (`core.runs.runner`).
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence
from typing import Any

from ..errors import InvalidLimitError
from ..games.board_kind import GAME
from ..games.game_specs import parse_game_list
from ..games.kinds import Source
from ..games.registry import load_problem
from ..runs.runner import GameProblem, RunRecord
from ..search.defaults import ABTT, DFPN, PN
from ..search.registry import refusal
from ..search.types import Result
from ..values import counted

GAME_SEARCHES = (PN, "dagpn", DFPN, ABTT)
"""The searches a list of games is compared and measured with by default: PN beside the two that
share transposed positions, which pay on these boards as in chess endings, and the αβ with a
table a games student would write, the anchor for "why PN and not αβ?"."""


def game_problems(texts: Sequence[str]) -> list[GameProblem]:
    """The games `--game` names, each read and its start position checked here (one line, exit 2,
    for the first that cannot be)."""
    problems = []
    for spec in parse_game_list(list(texts)):
        spec.game()
        problems.append(GameProblem(spec.text, Source(GAME, spec.text), spec.goal_text()))
    return problems


def check_searches_fit(
    names: Sequence[str],
    problems: Sequence[GameProblem],
    values: Mapping[str, Mapping[str, Any]] | None = None,
) -> None:
    """Refuse, before anything runs, a search (with its own parameter values, `values[name]`)
    that cannot run on one of the games: the registry's one sentence, as `solve` says it."""
    for problem in problems:
        game = load_problem(problem.source).game
        for name in names:
            why = refusal(name, game, (values or {}).get(name))
            if why is not None:
                raise InvalidLimitError(f"{problem.id}: {why}")


def refuse_with_games(args: argparse.Namespace, chess_only: dict[str, str]) -> None:
    """With --game, the options that pick or judge chess positions are mistakes: `chess_only`
    maps each such attribute to its option's name."""
    for attribute, option in chess_only.items():
        if getattr(args, attribute, None):
            raise InvalidLimitError(f"{option} works on chess positions, not with --game")


def game_header(width: int, second_level: bool) -> str:
    """The column heads of a suite's game rows."""
    pn2 = f" {'peak mem':>9} {'2nd-lvl':>8}" if second_level else ""
    return (
        f"{'game':<{width}} {'goal':<18} {'result':<10} {'nodes':>11} {'iter':>9}{pn2} "
        f"{'seconds':>8}  verdict"
    )


def game_row_text(record: RunRecord, games: Mapping[str, GameProblem], width: int) -> str:
    """One game's row (its problem found in `games` by its spec): the goal, the verdict, its
    cost, and the verdict in the goal's words with a verified proof's size, depth and first move
    (or why the search stopped)."""
    game = games[record.id]
    if record.result == Result.PROVED.value and record.verified:
        proof = (
            f"{record.claim}: {counted(record.proof_size or 0, 'node')}, "
            f"{counted(record.proof_depth or 0, 'ply')} deep; first move {record.first_move}"
        )
    elif record.rejected:
        proof = f"UNVERIFIED: {record.verification_error}"
    elif record.result == Result.DISPROVED.value:
        proof = record.claim
    else:
        proof = record.reason
    pn2 = (
        ""
        if record.second_level_searches is None
        else f" {record.peak_nodes_in_memory:>9,} {record.second_level_searches:>8,}"
    )
    return (
        f"{record.id:<{width}} {game.goal:<18} {record.result:<10} "
        f"{record.nodes_created:>11,} {record.iterations:>9,}{pn2} {record.seconds:>8.2f}  {proof}"
    )
