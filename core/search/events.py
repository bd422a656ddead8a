"""The typed events a step reports besides Figure 3.2's phases (`StepReport.events`).

Each search adds the kinds it has: Pn² its second-level search (started, one inner step, ended),
DAG PN the children an expansion linked to nodes already in the graph, df-pn the events of its
recursion (a node expanded, a node backing up to its parent). Views render them through a
registry keyed by type, so a view never asks which search made a report. Defined apart from the
searches (plain values, importing only `core.search.types`), so any module can name them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import ClassVar

from .types import Outcome, StepEvent, StepReport


@dataclass(frozen=True, slots=True)
class Linked(StepEvent):
    """DAG PN: the expansion of `node` made these existing nodes its children (transpositions
    merged) instead of creating them again."""

    node: int
    children: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SecondLevelStarted(StepEvent):
    """Pn²: a second-level search was created, rooted at `first_level_node` with `budget`
    nodes."""

    first_level_node: int
    budget: int


@dataclass(frozen=True, slots=True)
class SecondLevelStepped(StepEvent):
    """Pn²: one step *inside* the live second-level search (`inner` carries second-level ids)."""

    latest_only: ClassVar[bool] = True
    first_level_node: int
    inner: StepReport


@dataclass(frozen=True, slots=True)
class SecondLevelEnded(StepEvent):
    """Pn²: the second-level search at `first_level_node` finished: `outcome` is how, `size`
    how many nodes it held, `kept` the first-level ids of the children it handed to the first
    level, `discarded` how many nodes were thrown away."""

    first_level_node: int
    budget: int
    outcome: Outcome | None
    size: int
    kept: list[int] = field(default_factory=list)
    discarded: int = 0


class EventKind(Enum):
    """What a step of df-pn was: MID expanded a node, or a node returns to its parent."""

    EXPANDED = "expanded"
    BACKED_UP = "backed up"


class BackUpReason(Enum):
    """Why MID returns to its parent (Nagai's loop condition, or the node was solved)."""

    PROVED = "proved"
    DISPROVED = "disproved"
    PHI = "φ ≥ φ_t"
    DELTA = "δ ≥ δ_t"


@dataclass(frozen=True, slots=True)
class DfpnEvent(StepEvent):
    """One step of df-pn: `kind` at path `depth` for the position reached by `move` (None: the
    root), the node's φ/δ and thresholds then; for a back-up, why. `line` is the moves from the
    root to the node (a view names the move in its position: SAN needs the board before it)."""

    kind: EventKind
    depth: int
    move: int | None
    phi: int
    delta: int
    phi_threshold: int
    delta_threshold: int
    reason: BackUpReason | None = None
    children: int = 0
    line: tuple[int, ...] = ()
    mates_in_one: int = 0
    """Of an expansion's children, those the one-move mate test proved as they were generated."""
    threats: int = 0
    """Of an expansion's new children, those reached by a quiet move that threatens mate in one
    (their proof numbers started lower)."""
    threat_divisor: int = 1
    """What those children's proof numbers were divided by."""
    mop_up_weight: int = 0
    """What one step of the mop-up estimate added to a new child's proof number (0: the
    estimate is not in use here)."""
