"""df-pn's events told in words: which node MID expanded under which thresholds, and why a node
returns to its parent (Nagai's loop condition: φ ≥ φ_t or δ ≥ δ_t, or the node was solved)."""

from __future__ import annotations

from ...core.search.contract import Stepper
from ...core.search.events import BackUpReason, DfpnEvent, EventKind
from ...core.search.types import StepReport
from ...core.values import INF, counted, format_number
from .links import move_labels

NEAR_INFINITY = 1 << 40
"""Thresholds within this of ∞ are written ∞ − k (φ_t = δ_t − δ + φ under a root's ∞)."""


def number(value: int) -> str:
    """A number as the panel writes it: ∞, or ∞−k for thresholds just under ∞ (a root's ∞
    minus a child's numbers), else `format_number`."""
    if INF - NEAR_INFINITY < value < INF:
        return f"∞−{INF - value:,}"
    return format_number(value)


def pair(first: int, second: int) -> str:
    """Two numbers as "first / second" (pn / dn, φ / δ, φ_t / δ_t)."""
    return f"{number(first)} / {number(second)}"


def _name(search: Stepper, event: DfpnEvent) -> str:
    """The move into the event's node as the rest of the app names it: SAN in its position for
    chess ("Qxf7+"), the node's name for a tree file; "the root" at depth 0."""
    if not event.line:
        return "the root"
    return move_labels(search, list(event.line))[-1]


def describe_event(search: Stepper, event: DfpnEvent) -> str:
    """One sentence for one event."""
    name = _name(search, event)
    thresholds = pair(event.phi_threshold, event.delta_threshold)
    if event.kind is EventKind.EXPANDED:
        told = (
            f"Expand {name} (depth {event.depth}) under φ_t/δ_t {thresholds}: "
            f"{counted(event.children, 'child')}, φ/δ {pair(event.phi, event.delta)}."
        )
        if event.mates_in_one:
            told += (
                f" {counted(event.mates_in_one, 'reply')} let the attacker mate in one:"
                " the one-move mate test proved them as they were generated (pn 0), so they are"
                " never expanded and add nothing to the proof number."
            )
        if event.threats:
            told += (
                f" {counted(event.threats, 'quiet move')} threaten mate in one (the attacker"
                " would mate if the defender passed): they start at their mobility ÷"
                f" {event.threat_divisor}, as the defender must answer the threat."
            )
        if event.mop_up_weight:
            told += (
                f" New children's proof numbers: mobility + {event.mop_up_weight} × the "
                "mop-up estimate (by the material: the defending king's distance from the edge, "
                "or from a corner of the bishop's colour with bishop and knight, and from the "
                "attacking king; a pawn's steps to promotion first where the pieces alone cannot "
                "mate; df-pn+)."
            )
        return told
    if event.reason in (BackUpReason.PROVED, BackUpReason.DISPROVED):
        return f"{name} is {event.reason.value}: back to its parent with it."
    phi = event.reason is BackUpReason.PHI
    symbol, value = ("φ", event.phi) if phi else ("δ", event.delta)
    limit = event.phi_threshold if phi else event.delta_threshold
    return (
        f"Threshold exceeded at {name}: {symbol} = {format_number(value)} ≥ {symbol}_t = "
        f"{format_number(limit)}, so it backs up to its parent, which picks its best child again."
    )


def describe_events(search: Stepper, _report: StepReport, events: list[DfpnEvent]) -> list[str]:
    """The sentences of a report's df-pn events (the last three when a step merged more)."""
    lines = [describe_event(search, event) for event in events[-3:]]
    if len(events) > 3:
        lines.insert(0, f"{counted(len(events) - 3, 'earlier event')} not told.")
    return lines
