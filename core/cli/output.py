"""What every subcommand shares for talking to the shell: exit statuses, the version and JSON on
stdout."""

from __future__ import annotations

import argparse
import json
import os
import sys
import textwrap
from collections.abc import Sequence
from typing import Any, NoReturn

from ..errors import PnExplorerError
from ..search.types import Result

DISTRIBUTION = "pn-explorer"
"""The name the package is installed under: its metadata holds the version."""

EXIT_PROVED = 0
"""`solve` proved the goal (a mate, for chess), and the proof passed verification; `suite`,
`compare` and `bench` ran to their end."""
EXIT_USER_ERROR = 2
EXIT_VERIFICATION_FAILED = 3
EXIT_DISPROVED = 10
"""`solve` disproved the goal: it cannot be forced (for chess: the attacker has no forced mate)."""
EXIT_UNKNOWN = 11
"""`solve` stopped unsolved: a node, time or iteration limit ended it first."""
EXIT_INTERRUPTED = 130
"""Ctrl+C: 128 + SIGINT, as a shell reports a process the signal ended."""

EXIT_STATUSES = (
    (EXIT_PROVED, "proved and verified (solve); ran to the end (suite, compare, bench)"),
    (EXIT_USER_ERROR, "a mistake in the input: one line on stderr says which"),
    (
        EXIT_VERIFICATION_FAILED,
        "a proof failed verification, or a disproof was not certified (neither is claimed)",
    ),
    (EXIT_DISPROVED, "disproved: the goal cannot be forced, e.g. no forced mate (solve)"),
    (EXIT_UNKNOWN, "unknown: a node, time or iteration limit stopped the search first (solve)"),
    (EXIT_INTERRUPTED, "interrupted by Ctrl+C (suite and compare write the rows that finished)"),
)
"""Every exit status and what it says, for `--help` and the CLI reference."""

_OUTCOME_STATUS = {
    Result.PROVED.value: EXIT_PROVED,
    Result.DISPROVED.value: EXIT_DISPROVED,
    Result.UNKNOWN.value: EXIT_UNKNOWN,
}


def outcome_status(result: str, uncertified: bool = False) -> int:
    """The exit status of one search's verdict (`RunRecord.result`): a script tells a proof, a
    disproof and a search a limit stopped apart without reading the output. A disproof the
    replay did not certify (`uncertified`) claims nothing, so it does not exit as disproved."""
    if uncertified:
        return EXIT_VERIFICATION_FAILED
    return _OUTCOME_STATUS.get(result, EXIT_VERIFICATION_FAILED)


def exit_status_epilog(statuses: Sequence[tuple[int, str]] = EXIT_STATUSES) -> str:
    """The exit statuses as `--help`'s epilog lists them, one a line."""
    return "\n".join(["exit status:", *(f"  {code:<4} {meaning}" for code, meaning in statuses)])


HELP_WIDTH = 79
"""Where the descriptions laid out by hand (`wrapped`) wrap."""


class HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """Help wrapped at spaces only, so a name such as `mate-in-2` is never split at a hyphen;
    descriptions and epilogs (the exit statuses, one a line) keep the lines they were given."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        return textwrap.wrap(" ".join(text.split()), width, break_on_hyphens=False)


def wrapped(text: str) -> str:
    """A description laid out by hand for `HelpFormatter`, wrapped at spaces only."""
    return textwrap.fill(text, HELP_WIDTH, break_on_hyphens=False)


def package_version() -> str:
    """This installation's version, read from its package metadata (pyproject.toml's, one
    source), or a note that the sources run uninstalled. The metadata reader is imported here,
    when asked: it costs a command that does not print the version a tenth of a second."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(DISTRIBUTION)
    except PackageNotFoundError:
        return "(not installed: the version is in pyproject.toml)"


class VersionAction(argparse.Action):
    """`--version`: the version read only when asked, so no other command pays for the lookup."""

    def __init__(self, option_strings: list[str], dest: str = argparse.SUPPRESS, **kwargs: Any):
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> NoReturn:
        from ..search.native_engine import engine_note

        print(f"{parser.prog} {package_version()}")
        print(engine_note())
        parser.exit()


def add_version_option(parser: argparse.ArgumentParser) -> None:
    """`--version`, printing `pn-explorer VERSION` and, on a second line, which df-pn engines
    this install has."""
    parser.add_argument(
        "--version", action=VersionAction, help="print the installed version and exit"
    )


def discard_stdout() -> None:
    """Point stdout at /dev/null, so what is still buffered for a reader that left (`| head`) or a
    full disk is not written again at exit with a traceback."""
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def flush_stdout(what: str = "to stdout") -> None:
    """Flush stdout now, so a full disk (`> /dev/full`) is a one-line error, not a traceback."""
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        raise
    except OSError as error:
        discard_stdout()
        raise PnExplorerError(f"cannot write {what}: {error.strerror or error}") from None


def print_json(data: object) -> None:
    """Write `data` as indented UTF-8 JSON, so every subcommand's `--json` reads the same."""
    try:
        json.dump(data, sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    except BrokenPipeError:
        raise
    except OSError as error:
        discard_stdout()
        raise PnExplorerError(f"cannot write JSON to stdout: {error.strerror or error}") from None
    flush_stdout("JSON to stdout")
