"""Entry point of `pn-explorer`: a subcommand runs headless (no Qt imported); otherwise the window.

pn-explorer                        the window, on the last problem (first start: WAC.001)
pn-explorer --fen FEN --algo pn2   the window on a position
pn-explorer --tree figure-3-1      the window on a tree file (built-in name or path)
pn-explorer --suite NAME --id ID   a position of a suite: built-in (wac-mates) or an EPD file
                                   (--epd FILE is the same option)
pn-explorer --pgn FILE --id N      the final position of game N of a PGN file (default 1)
pn-explorer --game SPEC            a board game: tic-tac-toe, connect-four(columns=4,rows=4), …
pn-explorer … --steps N --screenshot out.png
                                   render offscreen after N iterations, write the PNG, exit
pn-explorer bench --gui            the app's throughput and stalls against headless
pn-explorer solve|suite|bench|compare …   headless (core.cli.main)

Each path imports what it needs when it is taken: `--version` reads only the package's metadata
(and whether the native df-pn was built), a subcommand only the command line (no Qt), the window
its own modules.
"""

from __future__ import annotations

import argparse
import sys

from ..core.cli.commands import SUBCOMMANDS

MOST_STEPS = 100_000
"""Iterations (or phases) `--steps` and `--phases` step through the window, one at a time as a
user would: a few milliseconds each, so at most minutes."""


LARGEST_SIZE = 8000
"""The widest and tallest window `--size` asks for, in pixels."""


def _size(text: str) -> tuple[int, int]:
    """`--size`, at least the window's smallest size: a smaller one would be widened without a
    word, and the picture would not be the size asked for."""
    from .window_layout import MIN_WINDOW

    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not WIDTHxHEIGHT") from None
    least_width, least_height = MIN_WINDOW
    if not (least_width <= width <= LARGEST_SIZE and least_height <= height <= LARGEST_SIZE):
        raise argparse.ArgumentTypeError(
            f"{text!r}: the window is {least_width}…{LARGEST_SIZE} pixels wide and "
            f"{least_height}…{LARGEST_SIZE} high"
        )
    return width, height


def _subcommands_epilog() -> str:
    """The headless subcommands, each with its line of help, then the exit statuses."""
    from ..core.cli.main import build_parser as build_headless_parser
    from ..core.cli.output import exit_status_epilog

    (choices,) = (
        action
        for action in build_headless_parser()._actions
        if isinstance(action, argparse._SubParsersAction)
    )
    lines = ["subcommands (headless, no window; pn-explorer SUBCOMMAND --help):"]
    lines += [f"  {action.dest:<9} {action.help}" for action in choices._choices_actions]
    return "\n".join([*lines, "", exit_status_epilog()])


def build_parser() -> argparse.ArgumentParser:
    from ..core.cli.options import add_count_option, add_node_cap_option, add_search_options
    from ..core.cli.output import HelpFormatter, add_version_option, wrapped
    from ..core.cli.parser import OneLineParser
    from ..core.cli.problem_options import add_problem_options
    from ..core.inputs.text import non_empty_option
    from ..core.search.registry import names
    from .problems.search_setup import offered_parameters

    subcommands = "{" + ",".join(SUBCOMMANDS) + "}"
    parser = OneLineParser(
        prog="pn-explorer",
        usage=f"%(prog)s {subcommands} ...\n       %(prog)s [window options]",
        description=wrapped(
            "See proof-number search work: PN and Pn² mate search on chess positions and AND/OR "
            "trees. Without a subcommand the window opens. Search options given here always "
            "win; with a problem named here, the options left out take their documented "
            "defaults (not the last session's)."
        ),
        epilog=_subcommands_epilog(),
        formatter_class=HelpFormatter,
    )
    add_version_option(parser)
    problem = parser.add_argument_group("problem (default: the last one opened)")
    add_problem_options(
        parser,
        problem,
        fen=True,
        suite=True,
        pgn=True,
        tree=True,
        id_help="position id in the suite (e.g. WAC.001, 14); game number in --pgn",
        game="a board game and its goal, as solve --game takes it",
        exclusive=True,
    )
    search = parser.add_argument_group("search")
    steppers = names(steppable=True)
    add_search_options(search, steppers, with_defaults=False, parameters=offered_parameters())
    add_node_cap_option(search, steppers, with_defaults=False)
    shot = parser.add_argument_group("screenshot")
    add_count_option(
        shot,
        "--steps",
        "iterations to step before showing the window",
        MOST_STEPS,
        least=0,
        default=0,
    )
    add_count_option(
        shot,
        "--phases",
        "then this many more single phases (Pn²: into the second level)",
        MOST_STEPS,
        least=0,
        default=0,
    )
    shot.add_argument(
        "--screenshot",
        metavar="PNG",
        type=non_empty_option("--screenshot"),
        help="render the window offscreen, write the PNG and exit",
    )
    shot.add_argument(
        "--size",
        type=_size,
        default=(1400, 900),
        help="window size, WxH (at least the window's smallest size)",
    )
    return parser


def _check_problem_options(parser: argparse.ArgumentParser, options: argparse.Namespace) -> None:
    """What the parser cannot say alone: `--id` needs a file or suite, `--game` is a board game
    and no other problem with it (one line and exit 2, as `solve` says it)."""
    from ..core.errors import PnExplorerError
    from ..core.inputs.numbers import is_whole, parse_whole
    from ..core.inputs.positions import MOST_GAMES

    chess_or_tree = [options.fen, options.suite, options.pgn, options.tree]
    if options.game is not None:
        if is_whole(options.game.strip()):
            parser.error(
                f"--game names a board game (e.g. tic-tac-toe); for game {options.game.strip()} "
                f"of a PGN file write --pgn FILE --id {options.game.strip()}"
            )
        if any(given is not None for given in chess_or_tree) or options.id is not None:
            parser.error("give either --game or a chess position or tree, not both")
    if options.id is not None and not (options.suite or options.pgn):
        parser.error("--id needs --suite NAME (a built-in suite or an EPD file) or --pgn FILE")
    if options.pgn is not None and options.id is not None:
        try:
            parse_whole(options.id, "--id", maximum=MOST_GAMES)
        except PnExplorerError as error:
            parser.error(f"{error} (with --pgn, --id is a game number)")


def main(argv: list[str] | None = None) -> int:
    """Dispatch: `bench --gui` → the app's benchmark; another subcommand → core.cli.main (no Qt);
    anything else → the window."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args == ["--version"]:
        from ..core.cli.output import package_version
        from ..core.search.native_engine import engine_note

        print(f"pn-explorer {package_version()}")
        print(engine_note())
        return 0
    if args[:1] == ["bench"] and "--gui" in args:
        from .gui_bench import main as gui_bench_main

        return gui_bench_main([arg for arg in args[1:] if arg != "--gui"])
    if args and args[0] in SUBCOMMANDS:
        from ..core.cli.main import main as cli_main

        return cli_main(args)
    parser = build_parser()
    options = parser.parse_args(args)
    _check_problem_options(parser, options)
    from .launch import launch

    return launch(options)


if __name__ == "__main__":
    sys.exit(main())
