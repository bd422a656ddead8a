"""The built-in suites and trees shipped in `resources/`, suites by name, and positions by id.

EPD and PGN files are read by `core.inputs.positions`. The built-in `wac-mates` suite holds the
82 Win at Chess mates of the thesis's chapter 3 (problem rN = WAC.N) with their key move (`bm`)
and mate length (`dm`); `paper-figures` holds the positions the chapter shows as figures.
"""

from __future__ import annotations

import re
from importlib.resources import files
from pathlib import Path

from ..errors import UnknownPositionIdError, UnknownSuiteError
from ..inputs.positions import (
    SuitePosition as SuitePosition,  # re-exported: a suite's entries
)
from ..inputs.positions import load_epd_file
from ..inputs.text import shown


def _resource_folder() -> Path:
    """The `resources` package's folder, found by import so that a checkout, an editable install
    and a regular install (wheel, pipx) all find the files that ship inside it."""
    folder = files("pn_explorer.resources")
    if not isinstance(folder, Path):
        raise RuntimeError(f"the resources package is not a folder on disk: {folder!r}")
    return folder


RESOURCES = _resource_folder()
BUILTIN_SUITES = {
    "wac-mates": RESOURCES / "suites" / "wac-mates.epd",
    "paper-figures": RESOURCES / "suites" / "paper-figures.epd",
    "endgame-mates": RESOURCES / "suites" / "endgame-mates.epd",
    "matetrack-dev": RESOURCES / "suites" / "matetrack-dev.epd",
    "matetrack-long-dev": RESOURCES / "suites" / "matetrack-long-dev.epd",
    "mate-in-2": RESOURCES / "suites" / "mate-in-2.epd",
}
APP_ICON = RESOURCES / "icons" / "pn-explorer.svg"
BUILTIN_TREES = {
    "figure-3-1": RESOURCES / "trees" / "figure-3-1.json",
    "figure-3-1-continued": RESOURCES / "trees" / "figure-3-1-continued.json",
    "small-proof": RESOURCES / "trees" / "small-proof.json",
    **{
        name: RESOURCES / "trees" / f"{name}.json"
        for name in (
            "lesson-not-shallowest",
            "lesson-one-false-child",
            "lesson-mobility",
            "lesson-deep-narrow",
            "lesson-every-child",
        )
    },
}
"""Figure 3.1, a small complete tree, and the lesson trees (`core.games.tree_catalog.tree_points`
lists the point each one makes)."""


def load_suite(name_or_path: str | Path) -> list[SuitePosition]:
    """A built-in suite by name (`wac-mates`, `paper-figures`) or an EPD file by path."""
    if not str(name_or_path).strip():
        raise UnknownSuiteError("no suite given: the name is empty")
    path = BUILTIN_SUITES.get(str(name_or_path))
    if path is None:
        path = Path(name_or_path)
        if not path.exists():
            names = ", ".join(BUILTIN_SUITES)
            raise UnknownSuiteError(
                f"no suite {shown(name_or_path)}: not a file, and the built-in suites are {names}"
            )
    return load_epd_file(path)


def _id_number(position_id: str) -> int | None:
    match = re.search(r"([0-9]+)\s*$", position_id)
    return int(match.group(1)) if match and len(match.group(1)) <= 18 else None


def find_position(positions: list[SuitePosition], wanted: str) -> SuitePosition:
    """The position with id `wanted`: exact (case-insensitive), or by number (`14`, `r14`)."""
    for position in positions:
        if position.id.lower() == wanted.strip().lower():
            return position
    number = _id_number(wanted)
    matches = [p for p in positions if number is not None and _id_number(p.id) == number]
    if len(matches) == 1:
        return matches[0]
    if matches:
        names = ", ".join(repr(p.id) for p in matches[:5]) + (", …" if len(matches) > 5 else "")
        raise UnknownPositionIdError(
            f"id {shown(wanted)} matches {len(matches)} positions ({names}): give the whole id"
        )
    raise UnknownPositionIdError(f"no position with id {shown(wanted)} in this suite")


def select_positions(positions: list[SuitePosition], ids: list[str] | None) -> list[SuitePosition]:
    """The positions named by `ids` in the given order, or all of them."""
    return list(positions) if not ids else [find_position(positions, wanted) for wanted in ids]
