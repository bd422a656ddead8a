"""Every command line of PN Explorer as an argparse parser, and its count options: what the count
test (`test_count_options.py`) and the fuzz harness (`fuzzing.py`) walk."""

import argparse

import pn_explorer.app.gui_bench
import pn_explorer.app.main
import pn_explorer.core.cli.bench_dag
import pn_explorer.core.cli.bench_dfpn
import pn_explorer.core.cli.bench_games
import pn_explorer.core.cli.main
from pn_explorer.core.inputs.numbers import WholeOption

PARSERS = {
    "pn-explorer": (pn_explorer.app.main.build_parser, []),
    "bench --gui": (pn_explorer.app.gui_bench.build_parser, []),
    "bench_dfpn": (pn_explorer.core.cli.bench_dfpn.build_parser, ["wac-mates", "1000"]),
    "bench_dag": (pn_explorer.core.cli.bench_dag.build_parser, []),
    "bench_games": (pn_explorer.core.cli.bench_games.build_parser, []),
}
SUBCOMMAND_ARGS = {"solve": [], "suite": ["wac-mates"], "bench": [], "compare": ["wac-mates"]}


def subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    return {
        name: sub
        for action in parser._actions
        if isinstance(action, argparse._SubParsersAction)
        for name, sub in action.choices.items()
    }


def every_parser() -> list[tuple[str, argparse.ArgumentParser, list[str]]]:
    """(name, parser, the arguments it needs before an option) for every command line."""
    found = [(name, build(), needed) for name, (build, needed) in PARSERS.items()]
    for name, sub in subparsers(pn_explorer.core.cli.main.build_parser()).items():
        found.append((name, sub, SUBCOMMAND_ARGS[name]))
    return found


def count_options() -> list[tuple[str, argparse.ArgumentParser, list[str], argparse.Action]]:
    """(command, parser, the arguments it needs first, action) of every whole-number option."""
    return [
        (name, parser, needed, action)
        for name, parser, needed in every_parser()
        for action in parser._actions
        if isinstance(action.type, WholeOption)
    ]
