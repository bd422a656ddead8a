"""The command line's argument parser: a mistake is one line and exit status 2."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from typing import Any, NoReturn, TypeVar, overload

from ..errors import PnExplorerError
from .output import EXIT_USER_ERROR

Namespace = TypeVar("Namespace")


class OneLineParser(argparse.ArgumentParser):
    """argparse that reports a mistake in one line instead of usage text plus a line.

    Option values are read by `core.inputs` (as argparse types): their PnExplorerError becomes
    that one line, and a value that starts with '-' (`--time -inf`) is the option's value, not
    another option.
    """

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USER_ERROR, f"{self.prog}: error: {message} (see {self.prog} --help)\n")

    @overload
    def parse_known_args(
        self, args: Iterable[str] | None = None, namespace: None = None
    ) -> tuple[argparse.Namespace, list[str]]: ...

    @overload
    def parse_known_args(
        self, args: Iterable[str] | None, namespace: Namespace
    ) -> tuple[Namespace, list[str]]: ...

    @overload
    def parse_known_args(self, *, namespace: Namespace) -> tuple[Namespace, list[str]]: ...

    def parse_known_args(
        self, args: Iterable[str] | None = None, namespace: Any = None
    ) -> tuple[Any, list[str]]:
        args = list(sys.argv[1:] if args is None else args)
        try:
            return super().parse_known_args(self._joined_values(args), namespace)
        except PnExplorerError as error:
            self.error(str(error))

    def _joined_values(self, args: list[str]) -> list[str]:
        """`--opt -value` as `--opt=-value` for this parser's options that take one value."""
        takes_value = {
            option
            for action in self._actions
            if action.nargs is None and not isinstance(action, argparse._SubParsersAction)
            for option in action.option_strings
        }
        joined: list[str] = []
        index = 0
        while index < len(args):
            arg = args[index]
            if arg == "--":
                return joined + args[index:]
            following = args[index + 1] if index + 1 < len(args) else None
            if (
                arg in takes_value
                and following is not None
                and following.startswith("-")
                and following not in self._option_string_actions
            ):
                joined.append(f"{arg}={following}")
                index += 2
                continue
            joined.append(arg)
            index += 1
        return joined
