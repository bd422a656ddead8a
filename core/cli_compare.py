"""`pn-explorer compare`: PN, Pn² and αβ side by side (wired to core.compare)."""

from __future__ import annotations

import argparse

from core.errors import PnExplorerError


def run_compare(args: argparse.Namespace) -> int:
    raise PnExplorerError("compare is not available yet")
