"""Start-up: each command imports what it needs when it runs. `pn-explorer --version` reads the
package's metadata and nothing else of weight; a headless subcommand on a board game imports
neither Qt nor the graph library, the PGN reader, the progress bar or the worker processes.
Checked by the modules a fresh interpreter holds after the command, not by a clock."""

from __future__ import annotations

import subprocess
import sys

import pytest

RUN = """
import contextlib, io, sys
from pn_explorer.app.main import main
with contextlib.redirect_stdout(io.StringIO()):
    main(sys.argv[1:])
print(" ".join(sorted(sys.modules)))
"""

HEAVY = ("networkx", "PySide6", "chess.pgn", "chess.engine", "asyncio", "tqdm", "multiprocessing")
"""Modules that cost a start a tenth of a second or more, which these commands do not need."""


def _modules_after(*args: str) -> set[str]:
    done = subprocess.run(
        [sys.executable, "-c", RUN, *args], capture_output=True, text=True, timeout=120, check=True
    )
    return set(done.stdout.split())


def _heavy(modules: set[str]) -> list[str]:
    return sorted(
        module
        for module in modules
        if any(module == h or module.startswith(h + ".") for h in HEAVY)
    )


def test_version_imports_nothing_of_weight():
    modules = _modules_after("--version")
    assert _heavy(modules) == []
    assert "chess" not in modules
    assert not any(
        module.startswith("pn_explorer.core.search.")
        for module in modules
        - {
            "pn_explorer.core.search",
            "pn_explorer.core.search.types",
            "pn_explorer.core.search.defaults",
            "pn_explorer.core.search.native_engine",  # whether the native df-pn was built
        }
    )


@pytest.mark.parametrize(
    "args",
    [("solve", "--game", "tic-tac-toe"), ("solve", "--game", "tic-tac-toe", "--algo", "abtt")],
)
def test_a_board_game_solve_imports_neither_qt_nor_the_graph_library(args):
    modules = _modules_after(*args)
    assert _heavy(modules) == []
    assert "pn_explorer.core.explain.explain" not in modules  # only with --explain
