"""What to try next, computed from the search's own numbers: a cap from the trend of the root's
proof number, Pn² within the same memory (thesis ch. 4), αβ to a depth read off the tree, and
df-pn when the tree holds many transpositions."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from ..proofs.claims import mate_length, mate_text, no_mate_text, no_mate_within
from ..search.defaults import AB, DEFAULT_A, DEFAULT_B, DEFAULT_PN2_CAP, DFPN, PN2
from ..search.parameters import PARAMETERS
from ..search.registry import entry, memory_alternative
from ..search.types import Outcome, StopReason, max_nodes_that_fit
from ..values import counted
from .effort import TreeShape
from .trace import Trend
from .transpositions import Transpositions

LEVELLING = 0.5
"""A root proof number growing slower than √nodes (×2^0.5 per doubling) is levelling off."""

BIGGER_CAP = 4
"""How much larger a cap to try when the proof number levels off but does not fall yet."""

SAFETY = 1.25
"""Margin on a cap extrapolated from a falling proof number."""

MANY_TRANSPOSITIONS = 0.15
"""Share of repeated positions above which a transposition table (df-pn) is worth trying."""


@dataclass(frozen=True, slots=True)
class Suggestion:
    """One thing to try: `kind` (cap, pn2, ab, dfpn), the reasoning in words, the command
    line options that do it (empty when there is nothing to run), the same as settings a
    window applies: `algo`, `max_nodes`, `a`, `b`, `depth` (empty: nothing to apply), and the
    words on its button where the settings alone do not say them well ("" otherwise)."""

    kind: str
    text: str
    options: str
    settings: dict[str, object] = field(default_factory=dict)
    label: str = ""

    @property
    def button(self) -> str:
        """The words on the button that applies it ("" when there is nothing to apply)."""
        if not self.settings:
            return ""
        if self.label:
            return self.label
        algo = self.settings.get("algo")
        if algo is None:
            return f"Raise the node cap to {self.settings['max_nodes']:,}"
        if algo == AB:
            return f"Run αβ (mate in up to {self.settings['depth']})"
        title = entry(str(algo)).short_title
        cap = self.settings.get("max_nodes")
        return f"Switch to {title}" + (f" ({cap:,} nodes)" if cap else "")


def round_up(nodes: float) -> int:
    """A cap a user would type: up to 2 significant digits (1,834,117 → 1,900,000)."""
    if nodes <= 100:
        return 100
    unit = 10 ** (int(math.log10(nodes)) - 1)
    return int(math.ceil(nodes / unit) * unit)


def seconds_text(nodes: int, rate: float) -> str:
    """How long a run to `nodes` takes at this run's speed, in words."""
    if rate <= 0:
        return ""
    seconds = nodes / rate
    took = "under a second" if seconds < 1 else f"about {seconds:,.0f} s"
    return f", {took} at this run's {rate:,.0f} nodes/s"


def _limits(wanted: int, cap: int | None, rate: float, stopped_by: StopReason | None) -> str:
    """Options for a run to `wanted` nodes: a larger cap if this one is too small, and time
    for it if time stopped this run (an iteration limit is simply left off)."""
    options = []
    if cap is None or wanted > cap:
        options.append(f"--max-nodes {wanted}")
    if stopped_by is StopReason.TIME and rate > 0:
        options.append(f"--time {math.ceil(SAFETY * wanted / rate)}")
    return " ".join(options)


def _cap_settings(wanted: int, cap: int | None) -> dict[str, object]:
    """What a window applies for a run to `wanted` nodes: a larger cap if this one is smaller."""
    return {"max_nodes": wanted} if cap is None or wanted > cap else {}


def cap_advice(
    trend: Trend | None,
    cap: int | None,
    nodes: int,
    rate: float,
    stopped_by: StopReason | None = StopReason.MEMORY,
) -> Suggestion:
    """How far to let the search grow, from the root proof number's trend (`core.explain.trace`):
    the node cap when memory stopped it, the tree it reached otherwise."""
    base = cap if stopped_by is StopReason.MEMORY and cap else nodes
    if trend is None:
        wanted = round_up(BIGGER_CAP * base)
        return Suggestion(
            "cap",
            "The run is too short to read a trend of the root's proof number; "
            f"a tree {BIGGER_CAP}× larger ({wanted:,} nodes) is the cheapest experiment"
            f"{seconds_text(wanted, rate)}.",
            _limits(wanted, cap, rate, stopped_by),
            _cap_settings(wanted, cap),
        )
    moved = (
        f"Over the last half of the run the root's proof number went from {trend.first_proof} "
        f"to {trend.last_proof} while the tree grew from {trend.first_nodes:,} to "
        f"{trend.last_nodes:,} nodes"
    )
    if trend.slope < 0:
        end = trend.last_nodes + trend.last_proof / -trend.slope
        wanted = round_up(SAFETY * end)
        text = (
            f"{moved} ({trend.slope * 10_000:+.1f} per 10,000 nodes). At that rate it reaches 0 "
            f"near {round(end):,} nodes: try {wanted:,}{seconds_text(wanted, rate)}."
        )
    elif trend.exponent < LEVELLING:
        projected = trend.last_proof * BIGGER_CAP**trend.exponent
        return Suggestion(
            "cap",
            f"{moved}: ×{2**trend.exponent:.2f} per doubling of the tree, levelling off but not "
            f"falling. At that rate a tree {BIGGER_CAP}× larger would still have it near "
            f"{projected:.0f}, not 0, so more memory alone is not offered; the suggestions below "
            "change the search.",
            "",
        )
    else:
        return Suggestion(
            "cap",
            f"{moved}: ×{2**trend.exponent:.2f} per doubling of the tree, rising with it. "
            "More memory alone is unlikely to be enough; the suggestions below change the search.",
            "",
        )
    fits = max_nodes_that_fit()
    if wanted > fits:
        text += f" That is more than this machine's free memory holds (about {fits:,} nodes)."
        return Suggestion("cap", text, _limits(wanted, cap, rate, stopped_by))
    return Suggestion(
        "cap", text, _limits(wanted, cap, rate, stopped_by), _cap_settings(wanted, cap)
    )


def pn2_advice(cap: int | None, nodes: int, like: str = "like this run") -> Suggestion:
    """Pn² within the memory the search just filled (`like`: what held that much), a and b
    scaled from the thesis's best setting."""
    bound = cap or nodes
    a = round(bound * DEFAULT_A / DEFAULT_PN2_CAP)
    b = round(bound * DEFAULT_B / DEFAULT_PN2_CAP)
    return Suggestion(
        PN2,
        f"Pn² keeps at most N = {bound:,} nodes in memory, {like}, but evaluates each "
        "first-level node with a second PN search and then throws that tree away, so it can "
        f"create many more nodes than fit (thesis ch. 4). a = {a:,}, b = {b:,} are the "
        f"thesis's best {DEFAULT_A:,} / {DEFAULT_B:,} at N = {DEFAULT_PN2_CAP:,}, scaled to N.",
        f"--algo {PN2} --max-nodes {bound} {PARAMETERS['a'].flag} {a} {PARAMETERS['b'].flag} {b}",
        {"algo": PN2, "max_nodes": bound, "a": a, "b": b},
    )


def depth_advice(
    shape: TreeShape, leaf_ply: int, leaf_is_or: bool, known: int | None, attacker_first: bool
) -> Suggestion | None:
    """αβ mate-in-n to a depth the tree states: no shorter mate can exist (every line is open
    only beyond `shape.shortest_open_ply`), and the most-proving line needs at least this long.
    `attacker_first`: the root is the attacker's move (else the defender moves first, `bm #-N`);
    the plies-to-moves arithmetic is `core.proofs.claims`'s."""
    if shape.shortest_open_ply is None:
        return None
    excluded = no_mate_within(shape.shortest_open_ply, attacker_first)
    mate_plies = leaf_ply + (1 if leaf_is_or else 2)
    along_path = mate_length(mate_plies, attacker_first)
    depth = known or max(excluded + 1, along_path)
    searched = (
        f"Every line is searched to ply {shape.shortest_open_ply}, so there is "
        f"{no_mate_text(excluded)}; a"
        if excluded
        else "A"
    )
    reason = f"the problem says {mate_text(known)}" if known else "as far as the tree points"
    return Suggestion(
        AB,
        f"{searched} mate along the most-proving line would take at least "
        f"{counted(along_path, 'move')}. αβ mate-in-n holds only its path in memory: try it up "
        f"to {mate_text(depth)} ({reason}).",
        f"--algo ab --depth {depth}",
        {"algo": AB, "depth": depth},
    )


DAG_NOTE = Suggestion(
    DFPN,
    "No transposition table offered: DAG PN already stores a position reached by several paths "
    "once (its links), as df-pn's table would.",
    "",
)
"""What the df-pn advice says for DAG PN, whose graph is what a transposition table gives."""


def dfpn_advice(found: Transpositions, cap: int | None) -> Suggestion:
    """df-pn when many nodes repeat a position the tree already holds."""
    percent = f"{100 * found.share:.0f} %"
    seen = (
        f"{found.repeated:,} of the first {found.looked_at:,} nodes ({percent}) repeat a "
        "position already in the tree"
    )
    if found.share < MANY_TRANSPOSITIONS:
        return Suggestion(
            DFPN, f"{seen}: few transpositions, a transposition table would save little.", ""
        )
    options = f"--algo {DFPN} --max-nodes {cap}" if cap else f"--algo {DFPN}"
    settings: dict[str, object] = {"algo": DFPN, "max_nodes": cap} if cap else {"algo": DFPN}
    return Suggestion(
        DFPN,
        f"{seen}: PN stores each copy and searches it again. df-pn's transposition table "
        "stores a position once (Nagai; beyond the thesis).",
        options,
        settings,
    )


def suggestions(
    algorithm: str,
    outcome: Outcome | None,
    cap: int | None,
    nodes: int,
    rate: float,
    trend: Trend | None,
    shape: TreeShape,
    leaf: tuple[int, bool] | None,
    transpositions: Transpositions | None,
    known_mate_length: int | None,
    attacker_first: bool = True,
) -> list[Suggestion]:
    """Everything worth trying for an unfinished search (none for a solved one). The search
    changes (Pn², αβ, df-pn) are offered for chess, where the command line runs them;
    `transpositions` is None for a tree file."""
    if outcome is not None and outcome.solved:
        return []
    stopped_by = outcome.reason if outcome is not None else None
    found = []
    if stopped_by is not StopReason.FRONTIER:
        found.append(cap_advice(trend, cap, nodes, rate, stopped_by))
    if transpositions is None:
        return found
    if memory_alternative(algorithm) is not None:
        found.append(pn2_advice(cap, nodes))
    if leaf is not None:
        depth = depth_advice(shape, leaf[0], leaf[1], known_mate_length, attacker_first)
        if depth is not None:
            found.append(depth)
    merges = entry(algorithm).capabilities.transpositions
    found.append(DAG_NOTE if merges else dfpn_advice(transpositions, cap))
    return found
