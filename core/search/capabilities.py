"""What each search can do, declared once by its registry entry (`core.search.registry`) and read
by the front ends instead of its name.

The registry declares an entry's capabilities here as it registers the entry, so that a search
reads its own (`Stepper.capabilities`) from below the registry, by the name `build` gave it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import InvalidLimitError


@dataclass(frozen=True, slots=True)
class Capabilities:
    """What a search can do, for the front ends to ask instead of its name.

    `thesis`: one of Breuker's searches (the command line's default comparison). `compared`: a
    row of the window's comparison. `two_levels`: a second-level search to step into (Pn²).
    `event_steps`: stepped event by event along a recursion path, not phase by phase (df-pn).
    `replayable`: the timeline can rewind it. `quizzable`: the quiz can ask about its phases.
    `transpositions`: a position reached by several paths is stored once (a graph or a table).
    `keeps_tree`: its whole tree stays in memory, to explain and export. `disproves`: it can
    show that there is no mate (αβ only finds none within its depth). `opens_snapshots`: a tree
    file drawing a figure's search in progress opens as this search. `tuned_cap`: the cap is one
    of the algorithm's parameters (Pn²'s N), so a comparison keeps it apart from the others'.
    `leaf_initialisation`: its new leaves start from numbers it was told how to set (§3.3.1).

    The front ends read a search's optional members through these flags, never by asking the
    object what it has: a window's `Replay` passes every member through to its live search, which
    a protocol's `isinstance` check cannot see on every Python version."""

    thesis: bool = False
    compared: bool = True
    two_levels: bool = False
    event_steps: bool = False
    replayable: bool = False
    quizzable: bool = False
    transpositions: bool = False
    keeps_tree: bool = False
    disproves: bool = True
    opens_snapshots: bool = False
    tuned_cap: bool = False
    leaf_initialisation: bool = False


_DECLARED: dict[str, Capabilities] = {}


def declare(name: str, capabilities: Capabilities) -> None:
    """Record what search `name` can do (its registry entry does, as it registers)."""
    _DECLARED[name] = capabilities


def forget(name: str) -> None:
    """Forget search `name` (its entry is unregistered)."""
    _DECLARED.pop(name, None)


def declared(name: str) -> Capabilities:
    """What search `name` can do; InvalidLimitError where no search of that name is registered."""
    found = _DECLARED.get(name)
    if found is None:
        raise InvalidLimitError(f"unknown algorithm {name!r}: choose one of {', '.join(_DECLARED)}")
    return found
