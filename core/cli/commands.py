"""The headless subcommands' names: what the entry point reads to choose between the command line
and the window before it imports either (a command imports what it needs when it runs)."""

from __future__ import annotations

SUBCOMMANDS = ("solve", "suite", "bench", "compare")
