"""What every subcommand shares for talking to the shell: exit statuses and JSON on stdout."""

from __future__ import annotations

import json
import sys

EXIT_USER_ERROR = 2
EXIT_VERIFICATION_FAILED = 3


def print_json(data: object) -> None:
    """Write `data` as indented UTF-8 JSON, so every subcommand's `--json` reads the same."""
    json.dump(data, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")
