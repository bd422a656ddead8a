"""What every subcommand shares for talking to the shell: exit statuses and JSON on stdout."""

from __future__ import annotations

import json
import os
import sys

from core.errors import PnExplorerError

EXIT_USER_ERROR = 2
EXIT_VERIFICATION_FAILED = 3


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
