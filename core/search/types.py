"""What every search stepper shares: limits, outcomes and the reports a step returns."""

from __future__ import annotations

import os
from array import array
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, ClassVar, TypeVar

from ..errors import InvalidLimitError
from ..values import counted
from .defaults import DEFAULT_NODE_CAP

BYTES_PER_NODE_BOUND = 120
"""Generous process bytes per node (about 4 × the measured `core.tree.BYTES_PER_NODE`): sizes the
memory check."""


ALWAYS_FITS = 5_000_000
"""Caps up to this many nodes (under 1 GB) need no look at free memory."""


def available_memory_bytes() -> int:
    """Memory this process could still use (MemAvailable on Linux, physical memory elsewhere)."""
    try:
        with open("/proc/meminfo", encoding="ascii") as meminfo:
            for line in meminfo:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        return 8 << 30


def max_nodes_that_fit() -> int:
    """The largest node cap this machine's free memory can honour."""
    return available_memory_bytes() // BYTES_PER_NODE_BOUND


def check_node_cap(max_nodes: int | None) -> None:
    """Refuse a node cap the user entered that this machine's free memory cannot hold.

    Called where a cap is entered (the command lines, the app's set-up), not by `Limits`: a
    search's limits are a plain value, and Pn² makes one for every second-level search.
    """
    if max_nodes is not None and max_nodes > ALWAYS_FITS and max_nodes > max_nodes_that_fit():
        raise InvalidLimitError(
            f"max_nodes {max_nodes:,} is more than this machine's free memory can hold "
            f"(about {max_nodes_that_fit():,} nodes)"
        )


@dataclass(frozen=True, slots=True)
class Limits:
    """Resources a search may use (thesis Figure 3.2's ResourcesAvailable). None = no limit.

    `max_nodes` bounds nodes in memory (the node cap); `max_seconds` bounds search time. A plain
    value: it checks that each limit is a positive number, not whether the machine can honour
    it (`check_node_cap` does that where the user enters a cap).
    """

    max_nodes: int | None = DEFAULT_NODE_CAP
    max_iterations: int | None = None
    max_seconds: float | None = None

    def __post_init__(self) -> None:
        for name in ("max_nodes", "max_iterations"):
            value = getattr(self, name)
            if value is None:
                continue
            if isinstance(value, bool) or not isinstance(value, int):
                raise InvalidLimitError(f"{name} must be a whole number, not {value!r}")
            if value <= 0:
                raise InvalidLimitError(f"{name} must be positive, not {value}")
        if self.max_seconds is not None:
            if isinstance(self.max_seconds, bool) or not isinstance(self.max_seconds, (int, float)):
                raise InvalidLimitError(f"max_seconds must be a number, not {self.max_seconds!r}")
            if not self.max_seconds > 0 or self.max_seconds == float("inf"):
                raise InvalidLimitError(
                    f"max_seconds must be positive and finite, not {self.max_seconds}"
                )

    def stop_before(
        self, cancelled: bool, iterations: int, elapsed: float, nodes: int | None = None
    ) -> Outcome | None:
        """ResourcesAvailable() of Figure 3.2, the checks every search shares, in this order:
        a cancel, the iterations, the time (`elapsed` seconds), the node cap (`nodes` in memory;
        None for a search whose memory the cap does not bound)."""
        if cancelled:
            return Outcome(Result.UNKNOWN, StopReason.CANCELLED, "cancelled")
        if self.max_iterations is not None and iterations >= self.max_iterations:
            return Outcome(
                Result.UNKNOWN,
                StopReason.ITERATIONS,
                f"{counted(self.max_iterations, 'iteration')} done",
            )
        if self.max_seconds is not None and elapsed >= self.max_seconds:
            return self.time_outcome()
        if nodes is not None and self.max_nodes is not None and nodes >= self.max_nodes:
            return self.memory_outcome()
        return None

    def time_outcome(self) -> Outcome:
        return Outcome(
            Result.UNKNOWN, StopReason.TIME, f"time limit of {self.max_seconds:g} s reached"
        )

    def memory_outcome(self) -> Outcome:
        """The node cap stopped the search; only a search with a cap is stopped by it."""
        if self.max_nodes is None:
            raise ValueError("no node cap is set")
        return Outcome(
            Result.UNKNOWN,
            StopReason.MEMORY,
            f"node cap of {counted(self.max_nodes, 'node')} in memory reached",
        )


class Result(Enum):
    PROVED = "proved"
    DISPROVED = "disproved"
    UNKNOWN = "unknown"


class StopReason(Enum):
    """Why a search ended (for UNKNOWN results, which resource ran out)."""

    SOLVED = "solved"
    ROOT_TERMINAL = "root already decided"
    MEMORY = "memory"
    ITERATIONS = "iterations"
    TIME = "time"
    CANCELLED = "cancelled"
    FRONTIER = "frontier"
    DEPTH = "depth"
    BUDGET = "node budget"


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a search ended: the root's value and why, in words a user can read."""

    result: Result
    reason: StopReason
    detail: str = ""

    @property
    def solved(self) -> bool:
        return self.result is not Result.UNKNOWN

    def __str__(self) -> str:
        text = self.result.value
        if self.result is Result.UNKNOWN or self.reason is StopReason.ROOT_TERMINAL:
            text += f" ({self.reason.value})"
        return f"{text}: {self.detail}" if self.detail else text


class Phase(Enum):
    """The three phases of one pn-search iteration (Figure 3.2's loop body)."""

    SELECT = "select"
    EXPAND = "expand"
    UPDATE = "update"


@dataclass(frozen=True, slots=True)
class NumberChange:
    """A node whose numbers an update changed: before → after."""

    node: int
    old_proof: int
    old_disproof: int
    new_proof: int
    new_disproof: int


class StepEvent:
    """Something one step did beyond Figure 3.2's phases, for the views to render by its type
    (`core.search.events` defines them: Pn²'s second level, DAG PN's links, df-pn's recursion).

    `latest_only`: when reports are merged (an iteration, a slice of a run) only the last event
    of such a type is kept, e.g. the second level's inner step, whose earlier ones are stale.
    """

    __slots__ = ()
    latest_only: ClassVar[bool] = False


EventType = TypeVar("EventType", bound=StepEvent)


@dataclass(slots=True)
class StepReport:
    """What one step changed, for views to draw without rescanning the tree.

    The phases of Figure 3.2, which every phase-stepped search shares: `path`, root-to-leaf ids
    of the selected most-proving node; `new_children`, (id, proof, disproof) as created;
    `changed`, nodes whose numbers the update changed, leaf first. `outcome` is set once the
    search has ended. What a particular search does besides travels in `events`, typed
    (`core.search.events`), so a view reads the kinds it knows and nothing else.
    """

    phases: list[Phase] = field(default_factory=list)
    path: list[int] = field(default_factory=list)
    new_children: list[tuple[int, int, int]] = field(default_factory=list)
    changed: list[NumberChange] = field(default_factory=list)
    outcome: Outcome | None = None
    iteration_done: bool = False
    events: list[StepEvent] = field(default_factory=list)

    def merge(self, later: StepReport) -> None:
        """Fold a later phase's report into this one (one iteration = three phases)."""
        self.phases.extend(later.phases)
        if later.path:
            self.path = later.path
        self.new_children.extend(later.new_children)
        self.changed.extend(later.changed)
        self.outcome = later.outcome or self.outcome
        self.iteration_done = self.iteration_done or later.iteration_done
        for event in later.events:
            self.add(event)

    def add(self, event: StepEvent) -> None:
        """Append an event (replacing an earlier one of its type if that type is latest-only)."""
        if event.latest_only:
            self.events = [old for old in self.events if type(old) is not type(event)]
        self.events.append(event)

    def events_by_type(self) -> dict[type[StepEvent], list[StepEvent]]:
        """The events grouped by type, types in the order they first occur (a view renders
        each type's events together)."""
        grouped: dict[type[StepEvent], list[StepEvent]] = {}
        for event in self.events:
            grouped.setdefault(type(event), []).append(event)
        return grouped

    def last(self, kind: type[EventType]) -> EventType | None:
        """The last event of this type in the report, or None."""
        for event in reversed(self.events):
            if isinstance(event, kind):
                return event
        return None


@dataclass(frozen=True, slots=True)
class StepUnit:
    """A step a search offers the app's controls: `name` says what it is (`PHASE`, `EVENT`,
    `ITERATION`, `INTO`, `OVER`), `text` labels its button and `tip` says what it does."""

    name: str
    text: str
    tip: str


PHASE = "phase"
EVENT = "event"
ITERATION = "iteration"
INTO = "into"
OVER = "over"


@dataclass(frozen=True, slots=True)
class MemoryUse:
    """What a stepper holds against its limit: `used` (Pn²: its first level) plus
    `second_level` of `unit`s (plural `units`) against `capacity` (None: no limit), the `peak`,
    the `replacements` a bounded table made (None where nothing is replaced) and the bytes each
    takes."""

    used: int
    capacity: int | None
    peak: int
    bytes_each: float
    unit: str = "node"
    units: str = "nodes"
    second_level: int = 0
    replacements: int | None = None


class Checkpoints:
    """The checkpoints a stepper recorded, one per iteration from 0 (`Stepper.checkpoint` adds
    one, `Stepper.restore` rebuilds the state at any of them).

    The base records what every search has, the time spent by each iteration's end; it rebuilds
    a state by re-running the deterministic search from the start. A search whose steps can be
    undone cheaply records more (`core.search.tree_history`).
    """

    def __init__(self) -> None:
        self.elapsed = array("d")

    @property
    def iterations(self) -> int:
        """The last iteration recorded."""
        return len(self.elapsed) - 1

    def columns(self) -> list[array[Any]]:
        """The arrays the record holds (for its size)."""
        return [self.elapsed]

    def memory_bytes(self) -> int:
        """Bytes held by the record's arrays."""
        return sum(column.itemsize * len(column) for column in self.columns())
