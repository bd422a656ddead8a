"""The command-line reference (docs/cli.md), written from the parsers themselves.

Every option, default and choice comes from `core.cli.main.build_parser`, so the page cannot drift
from what `pn-explorer … --help` says; a test compares the committed page with this output.
Regenerate with `python -m pn_explorer.core.cli.reference > docs/cli.md`.
"""

from __future__ import annotations

import argparse
import sys

from .main import build_parser
from .output import EXIT_STATUSES
from .progress import QUIET_SECONDS

WIDTH = 100
INTRO = f"""\
# Command-line reference

Generated from the parsers by `python -m pn_explorer.core.cli.reference > docs/cli.md`; a test
checks that this page is current. The subcommands below run headless: they never load Qt. Without a
subcommand `pn-explorer` opens the window (its options: `pn-explorer --help`, and the
[user guide](user-guide.md)).

Mistakes in the input (a bad FEN, an unreadable file, an unknown id, a limit out of range) end
with one line on stderr and exit status 2; a proof that fails verification, or a disproof the
independent replay does not certify, exits 3 and is never claimed. The exit status of `solve`
says its outcome (below), so a script need not read the output. Ctrl+C stops any run within a
second: `suite` and `compare` end their worker processes, print and save (`--csv`, `--json`) the
rows that had finished, and exit 130.

Long work shows its progress on stderr about once a second: `solve` the nodes created, nodes per
second and the root's proof and disproof numbers; `suite` and `compare` the runs done of all, what
is solved so far and the time left. On a terminal it is a bar; piped or redirected, plain lines
(one when something changed, else one every {QUIET_SECONDS:g} seconds). `--quiet` turns it off.
"""


def _exit_statuses() -> list[str]:
    """The exit-status table, from the statuses the command line returns."""
    rows = [f"| {code} | {_cell(meaning)} |" for code, meaning in EXIT_STATUSES]
    return ["## Exit status", "", "| status | meaning |", "| --- | --- |", *rows, ""]


def _usage(parser: argparse.ArgumentParser) -> str:
    """The usage line at a fixed width, whatever the terminal's."""
    formatter = argparse.HelpFormatter(parser.prog, width=WIDTH)
    formatter.add_usage(parser.usage, parser._actions, parser._mutually_exclusive_groups)
    return formatter.format_help().strip()


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def _names(action: argparse.Action) -> str:
    if action.option_strings:
        names = ", ".join(f"`{name}`" for name in action.option_strings)
    else:
        names = f"`{action.metavar or action.dest}`"
    if action.nargs == 0:
        return names
    if action.choices is not None:
        value = "{" + ",".join(str(choice) for choice in action.choices) + "}"
    else:
        value = str(action.metavar or action.dest.upper())
    if action.nargs in ("+", "*"):
        value += " …"
    return names if not action.option_strings else f"{names} `{value}`"


def _default(action: argparse.Action) -> str:
    if action.nargs == 0 or action.default in (None, argparse.SUPPRESS):
        return ""
    default = action.default
    if isinstance(default, float) and default.is_integer():
        default = int(default)
    return f"`{default}`"


def _options_table(parser: argparse.ArgumentParser) -> list[str]:
    rows = [
        f"| {_names(action)} | {_cell(action.help or '')} | {_default(action)} |"
        for action in parser._actions
        if not isinstance(action, argparse._HelpAction | argparse._SubParsersAction)
        and action.help != argparse.SUPPRESS
    ]
    if not rows:
        return []
    return ["| argument | what it does | default |", "| --- | --- | --- |", *rows, ""]


def _subparsers(parser: argparse.ArgumentParser) -> argparse._SubParsersAction:
    (action,) = (a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return action


def reference(parser: argparse.ArgumentParser) -> str:
    """The Markdown page: the top-level usage, then each subcommand's usage and options."""
    subcommands = _subparsers(parser)
    helps = {choice.dest: choice.help or "" for choice in subcommands._choices_actions}
    lines = [INTRO, "```", _usage(parser), "```", ""]
    lines += ["| subcommand | what it does |", "| --- | --- |"]
    lines += [f"| [`{name}`](#{name}) | {_cell(helps[name])} |" for name in subcommands.choices]
    lines += ["", *_exit_statuses()]
    for name, subparser in subcommands.choices.items():
        lines += [f"## {name}", "", f"{helps[name].capitalize()}.", "", "```", _usage(subparser)]
        lines += ["```", "", *_options_table(subparser)]
    return "\n".join(lines).rstrip() + "\n"


def main() -> int:
    """Print the reference of `pn-explorer`'s headless subcommands."""
    sys.stdout.write(reference(build_parser()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
