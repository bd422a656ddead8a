"""The options that name a problem: one vocabulary for the window and every subcommand.

A position is `--fen FEN`; a suite `--suite NAME` (a built-in suite or an EPD file; `--epd` is
the same option); a position in it `--id ID` (`--ids ID …` where a command runs several, `--id`
then the same option); a PGN game `--pgn FILE`; an AND/OR tree `--tree FILE`; a board game
`--game SPEC`. The spellings commands had before stay as aliases: `solve FEN`, `suite NAME`,
`compare NAME`. Each command takes the ones that make sense for it, added here.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from ..errors import PnExplorerError
from ..games.game_specs import LADDER, LADDER_NAME, game_spec_help
from ..games.suites import BUILTIN_SUITES
from ..inputs.text import non_empty, non_empty_option

TREE_HELP = (
    "an AND/OR tree: a node-link JSON file, a built-in tree (figure-3-1, small-proof, "
    "lesson-…) or random:depth=5,branching=2-4,true=0.3,seed=7"
)


def suite_help(what: str = "EPD file or built-in suite") -> str:
    """Names every built-in suite, from the registry of suites, so no help leaves one out."""
    return f"{what} ({', '.join(BUILTIN_SUITES)})"


class StoreOnce(argparse.Action):
    """Store the value, refusing an empty one (in the words of the spelling typed: `--epd is
    empty`) and a second, different one for the same thing (a position given both as
    `solve FEN` and as `--fen FEN`): one line and exit 2, not a silent choice."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[Any] | None,
        option_string: str | None = None,
    ) -> None:
        if values is None or values == argparse.SUPPRESS:
            return
        if isinstance(values, str):
            label = option_string or f"the {'suite' if self.dest == 'suite' else 'FEN'}"
            try:
                non_empty(values, label)
            except PnExplorerError as error:
                parser.error(str(error))
        before = getattr(namespace, self.dest, None)
        if before is not None and before != values:
            parser.error(f"{self.metavar or self.dest} given twice ({before!r} and {values!r})")
        setattr(namespace, self.dest, values)


def add_problem_options(
    parser: argparse.ArgumentParser,
    group: argparse._ActionsContainer | None = None,
    *,
    positional: str | None = None,
    fen: bool = False,
    suite: bool = False,
    pgn: bool = False,
    tree: bool = False,
    id_help: str | None = None,
    ids: bool = False,
    game: str | None = None,
    exclusive: bool = False,
) -> None:
    """Add to `parser` (its options into `group` where given) the problem options a command
    takes: `positional` ("fen" or "suite") keeps the old positional spelling of that option;
    `id_help` adds `--id` (one position), `ids` adds `--ids`/`--id` (several); `game` is the
    help of `--game` for one game, or "many …" for a repeatable list (the text after "many"
    says what the games replace); `exclusive`: the position options refuse each other in
    the parser."""
    into = parser if group is None else group
    given: argparse._ActionsContainer = into.add_mutually_exclusive_group() if exclusive else into
    if positional == "fen":
        parser.add_argument(
            "fen",
            nargs="?",
            metavar="FEN",
            default=argparse.SUPPRESS,
            action=StoreOnce,
            help="the position as FEN (quote it); the same as --fen",
        )
    if positional == "suite":
        parser.add_argument(
            "suite",
            nargs="?",
            metavar="SUITE",
            default=argparse.SUPPRESS,
            action=StoreOnce,
            help=suite_help() + "; the same as --suite",
        )
    if fen:
        given.add_argument(
            "--fen",
            metavar="FEN",
            action=StoreOnce,
            help="a position as FEN (quote it); the side to move is the attacker",
        )
    if suite:
        given.add_argument(
            "--suite",
            "--epd",
            dest="suite",
            metavar="SUITE",
            action=StoreOnce,
            help=suite_help("a built-in suite or an EPD file")
            + ("; with --id" if id_help else "")
            + "; --epd FILE is the same option",
        )
    if pgn:
        given.add_argument(
            "--pgn",
            metavar="FILE",
            type=non_empty_option("--pgn"),
            help="a PGN file: the final position of a game (with --id N for game N, default 1)",
        )
    if tree:
        given.add_argument(
            "--tree", metavar="FILE", type=non_empty_option("--tree"), help=TREE_HELP
        )
    if id_help is not None:
        into.add_argument("--id", type=non_empty_option("--id"), help=id_help)
    if ids:
        into.add_argument(
            "--ids",
            "--id",
            dest="ids",
            nargs="+",
            metavar="ID",
            help="only these ids (e.g. WAC.001 14 r96); --id is the same option",
        )
    if game is not None:
        _add_game_option(into, game)


def _add_game_option(into: argparse._ActionsContainer, about: str) -> None:
    """`--game SPEC`: one board game (`about` its help), or with `about` "many INSTEAD" a
    repeatable list of games that a command runs instead of INSTEAD."""
    if not about.startswith("many "):
        into.add_argument(
            "--game",
            metavar="SPEC",
            type=non_empty_option("--game"),
            help=f"{about}: {game_spec_help()}",
        )
        return
    into.add_argument(
        "--game",
        metavar="SPEC",
        action="append",
        type=non_empty_option("--game"),
        help=f"a board game instead of {about.removeprefix('many ')}, as solve --game names it "
        "(start position: moves=a1.b2 in the spec); repeat it for several, or give "
        f"{LADDER_NAME!r} for the built-in ladder of {len(LADDER)} graded exercises, easiest "
        "first",
    )
