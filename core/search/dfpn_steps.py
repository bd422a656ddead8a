"""df-pn stepped one event at a time for the app: the recursion path, its thresholds and table hits.

df-pn has no select/expand/update phases (Figure 3.2's loop body is PN's, not Nagai's): it is a
recursion, MID, that expands a node, descends into its best child under two thresholds and returns
when a threshold is reached. So a step here is one *event* of that recursion: a node expanded, or
a node backing up to its parent because its φ reached φ_t or its δ reached δ_t (or it was solved).
`DfpnStepper` is the same `DfpnSearch` (one implementation: MID is a generator that pauses only
when a `DfpnTrace` is attached), holding MID's live generator between steps, so stepping and
`DfpnSearch.run` create the same nodes in the same order, and a fresh stepper run to expansion k
is in the state the stepped one was in after it (replay re-runs it: `core.search.rerun`). The
trace keeps what a view draws: the stack of frames (each MID call's position, φ_t/δ_t and
children lists), and the table hits and parents of the positions those frames show (only those:
a search of millions of positions must not leave a record of each behind in the window).
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from typing import Protocol, Unpack, cast, runtime_checkable

from ..games.game import Game
from ..tree import ROOT, Tree, pack_flags
from ..values import Reason, Value, solved_value
from .capabilities import Capabilities, declared
from .contract import Stepper
from .defaults import MOBILITY
from .dfpn import Children, DfpnSearch, _Result, children_numbers
from .dfpn_options import DfpnOptions
from .events import BackUpReason, DfpnEvent, EventKind
from .numbers import INF, as_phi_delta
from .phase_steps import always, iteration_done
from .rerun import RerunCheckpoints
from .transposition import BYTES_PER_ENTRY
from .types import (
    EVENT,
    ITERATION,
    Limits,
    MemoryUse,
    Outcome,
    StepReport,
    StepUnit,
)

TRACE_FLOOR = 4096
"""Positions the trace may hold beyond twice what its frames show before it forgets the rest."""


@dataclass(slots=True)
class DfpnFrame:
    """One MID call on the recursion stack: the node at `depth` of the path.

    `children` are MID's own lists (live: the view sees the numbers MID works with, a child's
    entry updated when the child returns). `backing_up` is set when the node has reached a
    threshold and is about to be popped.
    """

    key: int
    move: int | None
    is_or: bool
    phi_threshold: int
    delta_threshold: int
    children: Children
    backing_up: BackUpReason | None = None
    weak: bool = False
    """The search's `weak_delta`: δ by weak proof-number search's rule."""
    created_before: int = 0
    """The search's `nodes_created` when this MID call began: its work so far is the
    difference (what the explanation adds for a root move still being searched)."""

    @property
    def numbers(self) -> tuple[int, int]:
        """(pn, dn) of the node from its children, by MID's own rule (`children_numbers`: SNDA's
        groups included)."""
        return children_numbers(self.children, self.is_or, self.weak)

    @property
    def phi(self) -> int:
        """φ: pn at an OR node, dn at an AND node (the least δ of the children)."""
        return as_phi_delta(*self.numbers, self.is_or)[0]

    @property
    def delta(self) -> int:
        """δ: dn at an OR node, pn at an AND node (the sum of the children's φ)."""
        return as_phi_delta(*self.numbers, self.is_or)[1]


@dataclass(slots=True)
class DfpnTrace:
    """What the stepped search shows: the live frames, and the table hits and parents of the
    positions they show (forgotten once off the path: memory stays bounded by the path)."""

    path_keys: list[int] = field(default_factory=list)
    """The search's path of position keys (MID pushes and pops it around each descent)."""
    frames: list[DfpnFrame] = field(default_factory=list)
    hits: Counter[int] = field(default_factory=Counter)
    """Table hits by position, counted while the position is a child of a frame."""
    parents: dict[int, set[int]] = field(default_factory=dict)
    """The frames each shown position was generated from (two or more: a transposition)."""
    stopped: str = ""
    """Why a limit (budget, node cap, cancel, a tree file's frontier) ended the search with these
    frames still on the stack; empty while it searches or once the root is solved."""
    version: int = 0
    threat_divisor: int = 1
    """The search's divisor for threatening moves (the expansion events carry it)."""
    mop_up_weight: int = 0
    """The search's mop-up weight where the estimate is in use, else 0."""
    weak_delta: bool = False
    """The search's `weak_delta` (its frames sum δ by that rule)."""
    _bound_at: int = TRACE_FLOOR

    def hit(self, key: int) -> None:
        """A generated child was found in the table (`DfpnSearch.generate_children`)."""
        self.hits[key] += 1

    def expanded(
        self,
        depth: int,
        is_or: bool,
        phi_threshold: int,
        delta_threshold: int,
        children: Children,
        created_before: int = 0,
    ) -> DfpnEvent:
        """MID expanded the node at `depth` (a call begun when the search had created
        `created_before` nodes): its frame replaces whatever stood there."""
        del self.frames[depth:]
        key = self.path_keys[depth]
        move = None
        if self.frames:
            parent = self.frames[-1].children
            move = parent.moves[parent.keys.index(key)]
        frame = DfpnFrame(
            key,
            move,
            is_or,
            phi_threshold,
            delta_threshold,
            children,
            weak=self.weak_delta,
            created_before=created_before,
        )
        self.frames.append(frame)
        for child in children.keys:
            self.parents.setdefault(child, set()).add(frame.key)
        self._bound()
        proof, disproof = frame.numbers
        return self._event(
            DfpnEvent(
                EventKind.EXPANDED,
                depth,
                move,
                proof if is_or else disproof,
                disproof if is_or else proof,
                phi_threshold,
                delta_threshold,
                children=len(children.moves),
                line=self.path_moves(),
                mates_in_one=sum(children.mate_in_one),
                threats=sum(children.threat),
                threat_divisor=self.threat_divisor,
                mop_up_weight=self.mop_up_weight,
            )
        )

    def backing_up(self, depth: int, phi: int, delta: int) -> DfpnEvent:
        """MID's loop ended at `depth`: the node returns to its parent (popped at the next step)."""
        del self.frames[depth + 1 :]
        frame = self.frames[depth]
        if phi == 0:
            reason = BackUpReason.PROVED if frame.is_or else BackUpReason.DISPROVED
        elif delta == 0:
            reason = BackUpReason.DISPROVED if frame.is_or else BackUpReason.PROVED
        elif phi >= frame.phi_threshold:
            reason = BackUpReason.PHI
        else:
            reason = BackUpReason.DELTA
        frame.backing_up = reason
        return self._event(
            DfpnEvent(
                EventKind.BACKED_UP,
                depth,
                frame.move,
                phi,
                delta,
                frame.phi_threshold,
                frame.delta_threshold,
                reason,
                line=self.path_moves(),
            )
        )

    def path_moves(self) -> tuple[int, ...]:
        """The moves from the root to the deepest frame."""
        return tuple(frame.move for frame in self.frames[1:] if frame.move is not None)

    def _event(self, event: DfpnEvent) -> DfpnEvent:
        self.version += 1
        return event

    def _bound(self) -> None:
        """Forget the hits and parents of positions no frame shows, once they outnumber twice
        those shown (amortised: a pass over the frames' children every so often)."""
        if len(self.parents) < self._bound_at and len(self.hits) < self._bound_at:
            return
        shown = {key for frame in self.frames for key in frame.children.keys}
        self.hits = Counter({key: n for key, n in self.hits.items() if key in shown})
        self.parents = {key: p for key, p in self.parents.items() if key in shown}
        self._bound_at = 2 * len(shown) + TRACE_FLOOR

    def stop(self, why: str) -> None:
        """A limit ended the search: the frames left on the stack are stopped, not searching. A
        frame that had just backed up has returned to its parent already: it goes."""
        while len(self.frames) > 1 and self.frames[-1].backing_up is not None:
            self.frames.pop()
        self.stopped = why
        self.version += 1

    def chosen(self, depth: int) -> int | None:
        """The index, in the children of the frame at `depth`, of the child MID is searching."""
        if depth + 1 >= len(self.frames):
            return None
        return self.frames[depth].children.keys.index(self.frames[depth + 1].key)

    def transposition_label(self, key: int) -> str:
        """'seen 3× — transposition' for a position the table held when it was generated again
        from another parent; 're-expanded' when only its one parent generated it again."""
        count = self.hits[key]
        if not count:
            return ""
        if len(self.parents.get(key, ())) > 1:
            return f"seen {count}× — transposition"
        return f"seen {count}× — re-expanded"


EVENT_UNITS = (
    StepUnit(
        EVENT, "Event", "Step one event of df-pn's recursion: an expansion, or a node backing up"
    ),
    StepUnit(ITERATION, "Expansion", "Step to df-pn's next expansion (one MID call)"),
)
"""df-pn's steps: an event of its recursion, or up to its next expansion (its iteration)."""


class DfpnStepper(RerunCheckpoints, DfpnSearch):
    """A df-pn search that the app steps one event at a time (a `core.search.contract.Stepper`).

    It is one-level (no second-level search) and keeps no search tree: `tree` is None, as for
    `DfpnSearch`, and `drawn_tree` is a small tree built from the recursion path (the path and
    each path node's children) for the view, whose `most_proving_path` is the path MID stands
    on. No quiz: it has none of the phases the quiz asks about.
    """

    step_units: tuple[StepUnit, ...] = EVENT_UNITS
    next_step = "an expansion or a back-up"
    initialisation = MOBILITY
    """New leaves start by mobility (df-pn+'s mop-up estimate may add to the proof number)."""
    second_level = None
    second_level_root = None
    second_level_searches = None
    update_pending = False
    """MID updates a node's numbers as its children return: no stale numbers wait for an update."""

    def __init__(
        self,
        game: Game,
        limits: Limits | None = None,
        **options: Unpack[DfpnOptions],
    ) -> None:
        super().__init__(game, limits, **options)
        self.path_trace = DfpnTrace(
            threat_divisor=self.threat_divisor,
            mop_up_weight=self.mop_up_weight if self.mop_up_in_use else 0,
            weak_delta=self.weak_delta,
        )
        self.trace = self.path_trace if self.outcome is None else None
        self._mid: Generator[DfpnEvent, None, _Result] | None = None
        self._display: PathTree | None = None
        self._display_version = -1
        self._after_expansion = True
        """No event since the last expansion (or none yet): between two iterations."""

    # -- stepping -------------------------------------------------------------------------------

    def _next_event(self) -> DfpnEvent | None:
        """Resume MID up to its next pause; None when the root has returned (outcome set). A
        proved root whose proof could not be read out is searched again from the root."""
        mid = self._mid if self._mid is not None else self._start_mid()
        try:
            event = next(mid)
        except StopIteration as done:
            self._mid = None
            self._settle(done.value)
            if self._search_on:
                return self._next_event()
            self.trace = None
            self._after_expansion = False
            if self.outcome is not None and not self.outcome.solved:
                self.path_trace.stop(str(self.outcome))
            else:
                self.path_trace.version += 1
            return None
        self._after_expansion = event.kind is EventKind.EXPANDED
        return event

    def _start_mid(self) -> Generator[DfpnEvent, None, _Result]:
        """A new MID from the root (the first step, or after a failed read-out)."""
        self.game.reset()
        self._path_keys = [self._root_key]
        self.path_trace.path_keys = self._path_keys
        self._stop = None
        self._mid = self.multiple_iterative_deepening(INF, INF, self._root_is_or)
        return self._mid

    def _report(self, events: list[DfpnEvent]) -> StepReport:
        return StepReport(
            iteration_done=any(event.kind is EventKind.EXPANDED for event in events),
            outcome=self.outcome,
            events=list(events),
        )

    @property
    def capabilities(self) -> Capabilities:
        """What df-pn offers, as its registry entry declares it."""
        return declared(self.algorithm)

    def step(self, unit: str) -> StepReport:
        """One step of a unit in `step_units`."""
        return self.step_event() if unit == EVENT else self.step_iteration()

    def smallest_step(self) -> StepReport:
        return self.step_event()

    def step_done(self, unit: str) -> Callable[[StepReport], bool]:
        return iteration_done if unit == ITERATION else always

    @property
    def at_boundary(self) -> bool:
        return self.outcome is None and self._after_expansion

    def step_event(self) -> StepReport:
        """One event of the recursion: an expansion, or a node backing up to its parent."""
        return self._steps(lambda event: True)

    def step_iteration(self) -> StepReport:
        """Events up to and including the next expansion (one MID call's expansion)."""
        return self._steps(lambda event: event.kind is EventKind.EXPANDED)

    def _steps(self, done: Callable[[DfpnEvent], bool]) -> StepReport:
        events: list[DfpnEvent] = []
        if self.outcome is not None:
            return self._report(events)
        started = time.perf_counter()
        self._run_started = started
        try:
            while True:
                event = self._next_event()
                if event is None:
                    break
                events.append(event)
                if done(event):
                    break
        finally:
            self.elapsed += time.perf_counter() - started
        return self._report(events)

    def run(
        self, max_iterations: int | None = None, max_seconds: float | None = None
    ) -> Outcome | None:
        """Resume the paused recursion for a slice (or to the end), keeping its path: no restart
        from the root, so the nodes created are those of one uninterrupted `DfpnSearch.run`.
        A slice of `max_iterations` ends at an expansion: an iteration under way (back-ups
        since the last expansion) is finished first, as PN finishes its phases."""
        if self.outcome is not None:
            return self.outcome
        started = time.perf_counter()
        self._run_started = started
        end = None if max_seconds is None else started + max_seconds
        last = None if max_iterations is None else self.iterations + max_iterations
        try:
            while not (last is not None and self.iterations >= last and self._after_expansion):
                if self._next_event() is None:
                    break
                if end is not None and time.perf_counter() >= end:
                    break
        finally:
            self.elapsed += time.perf_counter() - started
        return self.outcome

    # -- what the views read --------------------------------------------------------------------

    @property
    def frames(self) -> list[DfpnFrame]:
        """MID's recursion stack, root first: what the path panel lists row by row."""
        return self.path_trace.frames

    @property
    def path_moves(self) -> list[int]:
        """The moves from the root to the deepest frame."""
        return list(self.path_trace.path_moves())

    @property
    def root_numbers(self) -> tuple[int, int]:
        """The root's (pn, dn) as MID's root frame holds them now (the table's once ended)."""
        frames = self.path_trace.frames
        return frames[0].numbers if frames and self.outcome is None else self._root_numbers

    def _live_path(self) -> list[tuple[Children, bool]]:
        """What `root_now` reads while paused: the frames (a watch reads its own path, which
        holds the node just expanded before its frame does)."""
        if self._root_watch is not None or self.outcome is not None:
            return super()._live_path()
        return [(frame.children, frame.is_or) for frame in self.path_trace.frames]

    @property
    def selected_node(self) -> int:
        """The display tree's node MID stands at (the deepest frame)."""
        return self.drawn_tree.path[-1]

    def memory(self) -> MemoryUse:
        """Table entries against the table's size, with the replacements it made."""
        table = self.table
        return MemoryUse(
            len(table),
            table.capacity,
            max(table.peak, len(table)),
            BYTES_PER_ENTRY,
            "table entry",
            "table entries",
            replacements=table.replacements,
        )

    def describe(self) -> str:
        """What this search does about threats and the mop-up estimate (both depend on the
        position, so its parameters alone do not say), and the literature's options where on."""
        parts = []
        if self.threats_in_use:
            parts.append(f"threats ÷ {self.threat_divisor} to ply {self.threat_depth}")
        if self.mop_up_in_use:
            parts.append("mop-up estimate")
        if self.weak_delta:
            parts.append("weak δ")
        if self.deep_depth:
            parts.append(f"deep D = {self.deep_depth}")
        if self.flights_in_use:
            parts.append(f"flights × {self.flight_weight}")
        if self.tca:
            parts.append("TCA")
        if self.snda:
            parts.append("SNDA")
        return " · ".join(parts)

    @property
    def drawn_tree(self) -> PathTree:
        """The tree view's picture of the current path (rebuilt when the trace has moved on);
        not a search tree, which df-pn does not keep (`tree` is None)."""
        if self._display is None or self._display_version != self.path_trace.version:
            self._display = PathTree.from_frames(self, self.path_trace.frames)
            self._display_version = self.path_trace.version
        return self._display


class PathTree(Tree):
    """The recursion path as a `Tree`: each path node with all its children (numbers as MID's
    lists hold them, path nodes with their live numbers). Its most-proving path is the recursion
    path (df-pn's child choice is Figure 3.4's, but a child searched under the 1+ε threshold may
    run past its sibling's number while it is searched, so the walk is recorded, not recomputed).
    """

    __slots__ = ("path",)

    def __init__(self) -> None:
        super().__init__()
        self.path: list[int] = []

    @classmethod
    def from_frames(cls, search: DfpnSearch, frames: list[DfpnFrame]) -> PathTree:
        tree = cls()
        proof, disproof = frames[0].numbers if frames else search.root_numbers
        tree.add_root(
            search._root_is_or, solved_value(proof, disproof), Reason.NONE, proof, disproof
        )
        node = ROOT
        tree.path = [ROOT]
        for depth, frame in enumerate(frames):
            children = frame.children
            flags = [
                pack_flags(child_or, solved_value(p, d) if t else Value.UNKNOWN, Reason.NONE)
                for p, d, t, child_or in zip(
                    children.proof,
                    children.disproof,
                    children.terminal,
                    children.child_is_or,
                    strict=True,
                )
            ]
            proofs, disproofs = list(children.proof), list(children.disproof)
            below = depth + 1 < len(frames)
            if below:
                chosen = children.keys.index(frames[depth + 1].key)
                proofs[chosen], disproofs[chosen] = frames[depth + 1].numbers
            first = tree.add_children(node, list(children.moves), flags, proofs, disproofs)
            if not below:
                break
            node = first + chosen
            tree.path.append(node)
        return tree

    def most_proving_path(self, start: int = ROOT) -> list[int]:
        """The recursion path (from `start` if it lies on it)."""
        if start not in self.path:
            return []
        return self.path[self.path.index(start) :]


@runtime_checkable
class RecursionPath(Stepper, Protocol):
    """What a reader takes of a search stepped by events along a recursion path
    (`Capabilities.event_steps`: `DfpnStepper`): the path's frames, the moves into them and the
    trace that says when they change."""

    path_trace: DfpnTrace

    @property
    def frames(self) -> list[DfpnFrame]: ...

    @property
    def path_moves(self) -> list[int]: ...


def recursion_path(search: Stepper) -> RecursionPath | None:
    """The recursion path of a search stepped by events (df-pn's, perhaps inside a replay, which
    passes it through); None for any other search."""
    return cast(RecursionPath, search) if search.capabilities.event_steps else None
