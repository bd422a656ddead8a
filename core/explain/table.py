"""Why df-pn has not solved the root, read from its own state: its counterpart of the tree
analysis in `core.explain.explain`, for a search that keeps no tree (`core.search.dfpn`).

* Where the work went, by root move: the nodes created under each root child, as the search
  counts them when each MID call on a root child returns (`DfpnSearch.root_move_work`), plus the
  part of a call still under way when the search is paused (its frame says where it began).
* The most-proving line the transposition table holds: from the root, each step to the child
  MID would search next (the least δ among its children's table entries, Figure 3.4 in φ/δ
  form), with each position's φ and δ as its own entry holds them and the thresholds φ_t and δ_t
  MID would search it under from the root's ∞ (`child_phi_threshold_of`,
  `child_delta_threshold`). Each position's children and their numbers are the search's own
  (`DfpnSearch.read_children`: the function MID expands with, here only reading the table), so
  a child the table lacks has the numbers df-pn gives a new child. The line ends at a position
  df-pn has not expanded, a solved one, a repetition, or `MAX_LINE_PLIES`. The reading replays
  Nagai's thresholds and sums: with Kishimoto's TCA or SNDA on (`DfpnSearch.tca`, `snda`) the
  search raised thresholds or grouped children the reading does not, and its summary says so
  (`_replay_caveat`).
* Why it stopped: the node budget a table size buys, a time or iteration limit, and how full
  the table is and how many entries it replaced (positions forgotten, to be searched again).
* What to try: a larger table where the root's proof number is falling (never where its own
  trend says it would not reach 0), PN, Pn² and αβ where they run on the game.

Both df-pn engines are read so (`TableSearch`): the Python one (`DfpnSearch`) and the native one
(`core.search.dfpn_native`, whose table and children are read through its module).

Reading the table walks positions with a cursor of its own (`GameKind.fresh`) and only probes
the table, so the search's counts, its table and its game cursor are untouched: a paused search
explained and then resumed creates the nodes it would have created anyway.
"""

from __future__ import annotations

import math
from collections.abc import Generator
from dataclasses import dataclass
from typing import Protocol

from ..games.game import Game
from ..games.registry import kind_of
from ..proofs.claims import mate_text
from ..search.contract import Search
from ..search.defaults import AB, DFPN_NATIVE, DFPN_WORK_PER_ENTRY, PN, PN2
from ..search.dfpn import (
    DfpnSearch,
    child_delta_threshold,
    child_phi_threshold_of,
    handed_down,
    weak_child_phi_threshold,
)
from ..search.dfpn_steps import RecursionPath
from ..search.numbers import INF, as_phi_delta, node_numbers
from ..search.registry import entry, refusal
from ..search.transposition import BYTES_PER_ENTRY
from ..search.types import (
    Outcome,
    StopReason,
    available_memory_bytes,
    max_nodes_that_fit,
)
from ..tree import NO_NODE, ROOT
from ..values import counted
from .advice import (
    BIGGER_CAP,
    LEVELLING,
    SAFETY,
    Suggestion,
    pn2_advice,
    round_up,
    seconds_text,
)
from .explanation import STOPPED_WORDS, EffortRow, Explanation, TableReading, TableStep
from .trace import RootTrace, Trend

MAX_LINE_PLIES = 40
"""The longest line read out of the table (a line of a search millions of nodes deep can cycle
through its transpositions for ever; 40 plies say where it goes)."""

LINE_ROWS = 8
"""Root moves, most work first, whose own line the effort table shows (each costs a walk)."""

SHOWN_STEPS = 12
"""Steps of the most-proving line described one by one; the rest are counted."""

LINE_TITLE = "line the table holds"

ENDS = (
    "it is proved",
    "it is disproved",
    f"the reading stops at {counted(MAX_LINE_PLIES, 'ply')}",
    "the table holds no entry for it (never stored, or replaced since): its numbers are those "
    "df-pn gives a new position",
    "df-pn generated it but has not expanded it: its numbers are its initial ones",
    "it has nothing below it in the tree file",
    "it repeats a position of the line",
)
"""Why a line read from the table ends, as its summary says it."""
PROVED, DISPROVED, CUT, NO_ENTRY, NOT_EXPANDED, NOTHING_BELOW, REPEATS = range(len(ENDS))


Line = tuple[list[TableStep], list[str], int]
"""A line read from the table: its steps, its moves' labels, why it ends (`ENDS`' index)."""


class _Column(Protocol):
    def __getitem__(self, slot: int, /) -> int: ...


class ReadTable(Protocol):
    """What the reading needs of a df-pn's transposition table (`TranspositionTable`)."""

    @property
    def capacity(self) -> int: ...
    @property
    def peak(self) -> int: ...
    @property
    def replacements(self) -> int: ...
    @property
    def refused(self) -> int: ...
    @property
    def work(self) -> _Column: ...

    def __len__(self) -> int: ...
    def probe(self, key: int, clock: int) -> int: ...
    def find(self, key: int) -> int: ...


class ReadChildren(Protocol):
    """A position's children as MID would see them (`core.search.dfpn.Children`)."""

    @property
    def moves(self) -> list[int]: ...
    @property
    def keys(self) -> list[int]: ...
    @property
    def clocks(self) -> list[int]: ...
    @property
    def proof(self) -> list[int]: ...
    @property
    def disproof(self) -> list[int]: ...


class TableSearch(Search, Protocol):
    """A df-pn the reading explains: its table, its children read without searching, its
    options and counts (`DfpnSearch`, `NativeDfpnSearch`)."""

    @property
    def table(self) -> ReadTable: ...
    @property
    def epsilon(self) -> float: ...
    @property
    def weak_delta(self) -> bool: ...
    @property
    def tca(self) -> bool: ...
    @property
    def snda(self) -> bool: ...
    @property
    def table_hits(self) -> int: ...
    @property
    def work_budget(self) -> int | None: ...
    @property
    def deepest_expansion(self) -> int: ...
    @property
    def root_move_work(self) -> dict[int, int]: ...
    @property
    def root_is_or(self) -> bool: ...
    @property
    def root_numbers(self) -> tuple[int, int]: ...

    def table_key(self, position_hash: int, ply: int) -> int: ...
    def read_children(self, cursor: Game, path_keys: list[int]) -> ReadChildren: ...


@dataclass(slots=True)
class _Children:
    """The children of one position as the table sees them (parallel lists): their numbers as
    MID gives them (`DfpnSearch.read_children`) and the work the table records below each
    (None: no entry)."""

    moves: list[int]
    keys: list[int]
    proof: list[int]
    disproof: list[int]
    work: list[int | None]


_NO_CHILDREN = _Children([], [], [], [], [])
"""What a line reads below a position it does not expand (unsearched, or solved)."""


class _Reader:
    """Walks positions with its own cursor, reading numbers from the search's table."""

    def __init__(self, search: TableSearch) -> None:
        self.search = search
        self.game: Game = search.game
        self.kind = kind_of(self.game)
        self.cursor = self.kind.fresh(self.game)
        self.attacker, self.defender = self.kind.sides(self.game)
        self.root_key = search.table_key(self.cursor.position_hash(), 0)

    def children(self, path: list[int]) -> _Children:
        """The cursor's children, its position reached along `path` (table keys, root first),
        with the numbers MID gives them there and the work below each."""
        table = self.search.table
        read = self.search.read_children(self.cursor, path)
        work: list[int | None] = []
        for key, clock in zip(read.keys, read.clocks, strict=True):
            slot = table.probe(key, clock)
            work.append(table.work[slot] if slot >= 0 else None)
        return _Children(read.moves, read.keys, read.proof, read.disproof, work)

    def line(self, labels: list[str]) -> str:
        """A line from the root as lines are written (`1. Qd8+ Bxd8`, `A → C`)."""
        return self.kind.join_line(self.kind.root_text(self.game), labels)

    def root_labels(self, root: _Children) -> list[str]:
        """The root moves' labels."""
        self.cursor.reset()
        return [self.cursor.move_label(move) for move in root.moves]

    def walk(self, root: _Children, first: int | None = None) -> Generator[None, None, Line]:
        """The most-proving line from the root (through root child `first` if given): its
        steps, root first, the moves' labels, and why it ends (`ENDS`' index). Yields after
        each position read."""
        search, cursor = self.search, self.cursor
        cursor.reset()
        is_or = search.root_is_or
        children = root
        thresholds = (INF, INF)
        slot = search.table.find(self.root_key)
        work: int | None = search.table.work[slot] if slot >= 0 else None
        numbers = search.root_numbers
        path = [self.root_key]
        steps: list[TableStep] = []
        labels: list[str] = []
        try:
            for ply in range(MAX_LINE_PLIES + 1):
                solved = numbers[0] == 0 or numbers[1] == 0
                if not children.moves or solved or ply == MAX_LINE_PLIES:
                    steps.append(self._step(ply, labels, is_or, numbers, thresholds, work))
                    return steps, labels, self._end(numbers, work, ply, children)
                # MID's own numbers for the node, from its children as the table has them now
                # (its entry was stored when it last returned).
                summed = node_numbers(children.proof, children.disproof, is_or, search.weak_delta)
                delta = as_phi_delta(*summed, is_or)[1]
                phis, deltas = as_phi_delta(children.proof, children.disproof, not is_or)
                if ply == 0 and first is not None:
                    best = first
                else:
                    best = min(range(len(deltas)), key=lambda i: (deltas[i], i))
                opened = sum(
                    1 for p, d in zip(children.proof, children.disproof, strict=True) if p and d
                )
                off_line = 0 if is_or else max(0, summed[0] - children.proof[best])
                steps.append(
                    self._step(
                        ply, labels, is_or, numbers, thresholds, work, children, opened, off_line
                    )
                )
                second = min((d for i, d in enumerate(deltas) if i != best), default=INF)
                if search.weak_delta:
                    phi_t = weak_child_phi_threshold(thresholds[1], opened)
                else:
                    phi_t = child_phi_threshold_of(thresholds[1], delta, phis[best])
                key, move = children.keys[best], children.moves[best]
                work = children.work[best]
                numbers = (children.proof[best], children.disproof[best])
                labels.append(cursor.move_label(move))
                cursor.push(move)
                child_is_or = cursor.is_or()
                thresholds = handed_down(
                    phi_t,
                    child_delta_threshold(thresholds[0], second, search.epsilon),
                    is_or,
                    child_is_or,
                )
                is_or = child_is_or
                if key in path:
                    steps.append(self._step(ply + 1, labels, is_or, numbers, thresholds, work))
                    return steps, labels, REPEATS
                path.append(key)
                children = (
                    self.children(path) if work and numbers[0] and numbers[1] else _NO_CHILDREN
                )
                yield
        finally:
            cursor.reset()
        raise AssertionError("a line ends within MAX_LINE_PLIES + 1 positions")

    @staticmethod
    def _step(
        ply: int,
        labels: list[str],
        is_or: bool,
        numbers: tuple[int, int],
        thresholds: tuple[int, int],
        work: int | None,
        children: _Children | None = None,
        opened: int = 0,
        off_line: int = 0,
    ) -> TableStep:
        phi, delta = as_phi_delta(*numbers, is_or)
        return TableStep(
            ply,
            labels[-1] if labels else "",
            is_or,
            numbers[0],
            numbers[1],
            phi,
            delta,
            thresholds[0],
            thresholds[1],
            len(children.moves) if children is not None else 0,
            opened,
            off_line,
            work,
        )

    @staticmethod
    def _end(numbers: tuple[int, int], work: int | None, ply: int, children: _Children) -> int:
        """Why a line ends at a position (`ENDS`' index)."""
        if numbers[0] == 0:
            return PROVED
        if numbers[1] == 0:
            return DISPROVED
        if children.moves:
            return CUT
        if work is None:
            return NO_ENTRY
        if work == 0:
            return NOT_EXPANDED
        return NOTHING_BELOW


def _replay_caveat(search: TableSearch) -> str:
    """The sentence that warns the line may not be the search's own, where TCA or SNDA is on
    (their thresholds and groups are the search's state along its path, not the table's);
    empty otherwise."""
    options = " and ".join(name for name, on in (("TCA", search.tca), ("SNDA", search.snda)) if on)
    if not options:
        return ""
    return (
        f" With {options} on, this line replays plain df-pn's thresholds and sums, so the search "
        "itself may have gone another way."
    )


def _number(value: int) -> str:
    return "∞" if value >= INF else f"{value:,}"


def _threshold(value: int) -> str:
    """A threshold as the path panel writes it: ∞, or ∞−k for ∞ minus a count."""
    if value >= INF:
        return "∞"
    if value > INF // 2:
        return f"∞−{INF - value:,}"
    return f"{value:,}"


def _step_sentence(step: TableStep, reader: _Reader) -> str:
    """One position of the line in a line of text: its numbers, thresholds, children, work."""
    mover = reader.attacker if step.is_or else reader.defender
    where = "Root" if step.ply == 0 else f"Ply {step.ply}, {step.move}"
    text = (
        f"{where} ({mover} to move): pn {_number(step.proof)} / dn {_number(step.disproof)}, "
        f"φ {_number(step.phi)} / δ {_number(step.delta)} under φ_t "
        f"{_threshold(step.phi_threshold)} / δ_t {_threshold(step.delta_threshold)}"
    )
    if step.children:
        text += f"; {step.open_children} of {counted(step.children, 'child')} open"
    if step.off_line_proof:
        text += f", the others carry {_number(step.off_line_proof)} of its pn"
    if step.work is not None:
        text += f"; {counted(step.work, 'node')} below"
    return text + "."


def _stop_sentences(search: TableSearch, outcome: Outcome | None) -> str:
    """Why df-pn stopped, how full its table is, and what the table cost it."""
    table = search.table
    if outcome is None:
        text = "df-pn is paused."
    elif outcome.reason is StopReason.BUDGET and search.work_budget is not None:
        text = (
            f"df-pn stopped at its budget of {search.work_budget:,} nodes created, "
            f"{DFPN_WORK_PER_ENTRY} per entry of its {table.capacity:,}-entry table (the table "
            "replaces entries rather than fill up, so memory alone never stops df-pn)."
        )
    else:
        text = f"df-pn stopped: {outcome.detail or outcome.reason.value}."
    if table.replacements:
        text += (
            f" The table holds {len(table):,} of its {table.capacity:,} entries and has "
            f"replaced {counted(table.replacements, 'entry')} for new ones: those positions were "
            "forgotten and are searched again when met."
        )
    else:
        text += (
            f" The table holds {len(table):,} of its {table.capacity:,} entries and replaced "
            "none: it was not short of room."
        )
    text += (
        f" {counted(search.table_hits, 'generated child')} were found in it already (a parent "
        "re-expanded finds its own children there)"
    )
    if table.refused:
        text += (
            f"; {counted(table.refused, 'disproof')} resting on a repetition of the path were "
            "not stored (graph-history interaction)"
        )
    return text + "."


def _root_rows(search: TableSearch, root: _Children) -> list[tuple[int, int, int, int, int]]:
    """(index, work, proof, disproof, drawn node) per root child, most work first: work as the
    search counts it (a paused call's part included), numbers as MID's root frame holds them
    where it has one (a child being searched: its own frame's), else the table's."""
    frames = search.frames if isinstance(search, RecursionPath) else []
    live_key = frames[1].key if len(frames) > 1 and search.outcome is None else None
    live_numbers: dict[int, tuple[int, int]] = {}
    if frames:
        kids = frames[0].children
        for index, key in enumerate(kids.keys):
            live_numbers[key] = (kids.proof[index], kids.disproof[index])
        if live_key is not None:
            live_numbers[live_key] = frames[1].numbers
    drawn: dict[int, int] = {}
    tree = search.drawn_tree if isinstance(search, RecursionPath) else None
    if tree is not None and len(tree):
        drawn = {tree.move[child]: child for child in tree.children(ROOT)}
    rows = []
    for index, key in enumerate(root.keys):
        work = search.root_move_work.get(key, 0)
        if key == live_key:
            work += search.nodes_created - frames[1].created_before
        proof, disproof = live_numbers.get(key, (root.proof[index], root.disproof[index]))
        rows.append((index, work, proof, disproof, drawn.get(root.moves[index], NO_NODE)))
    rows.sort(key=lambda row: (-row[1], row[0]))
    return rows


def table_suggestions(
    search: TableSearch,
    outcome: Outcome | None,
    trend: Trend | None,
    rate: float,
    known_mate_length: int | None,
) -> list[Suggestion]:
    """What to try after an unsolved df-pn run: a larger table (with the budget it buys) where
    nothing the run measured says it would not reach a proof; for the Python df-pn stopped by
    time or its budget, the native one where it can run; then the searches that keep a tree
    (PN, Pn²) and αβ to the problem's stated mate length, where they run on the game."""
    if outcome is not None and outcome.solved:
        return []
    found = []
    stopped_by = outcome.reason if outcome is not None else None
    if stopped_by is not StopReason.FRONTIER:
        found.append(
            table_advice(
                trend,
                search.table.capacity,
                search.nodes_created,
                rate,
                stopped_by,
            )
        )
    game = search.game
    if (
        _compiled_alike(search)
        and stopped_by in (StopReason.TIME, StopReason.BUDGET)
        and refusal(DFPN_NATIVE, game) is None
    ):
        found.append(
            Suggestion(
                DFPN_NATIVE,
                "The native df-pn is this search compiled, node for node the same: at the same "
                "table it creates the same nodes many times faster, so a time limit buys it "
                "many more (in the window: Search ▸ Run natively to the end).",
                f"--algo {DFPN_NATIVE}",
            )
        )
    if refusal(PN, game) is None:
        cap = min(round_up(search.nodes_created), max_nodes_that_fit())
        found.append(
            Suggestion(
                PN,
                f"PN search keeps every node it creates and never searches one twice; df-pn "
                f"created {search.nodes_created:,} nodes, {search.table_hits:,} of them children "
                f"it met again in its table. PN with a cap of {cap:,} nodes may create as many, "
                "none forgotten (a position reached by two paths is stored twice).",
                f"--algo {PN} --max-nodes {cap}",
                {"algo": PN, "max_nodes": cap},
            )
        )
    if refusal(PN2, game) is None:
        found.append(pn2_advice(search.table.capacity, search.nodes_created, "like this table"))
    if known_mate_length and refusal(AB, game) is None:
        found.append(
            Suggestion(
                AB,
                f"The problem says {mate_text(known_mate_length)}. αβ mate-in-n holds only its "
                f"path in memory: try it up to {mate_text(known_mate_length)}.",
                f"--algo {AB} --depth {known_mate_length}",
                {"algo": AB, "depth": known_mate_length},
            )
        )
    return found


def _compiled_alike(search: TableSearch) -> bool:
    """Whether `search` is the Python df-pn with only the options the native one compiles (it
    refuses the others: deep depth, flights, TCA, SNDA)."""
    return isinstance(search, DfpnSearch) and not any(
        (search.deep_depth, search.flight_weight, search.tca, search.snda)
    )


def table_advice(
    trend: Trend | None,
    capacity: int,
    nodes: int,
    rate: float,
    stopped_by: StopReason | None = StopReason.MEMORY,
) -> Suggestion:
    """A larger table, from the trend of the root's proof number against the nodes created: a
    table of `DFPN_WORK_PER_ENTRY` times fewer entries than the nodes the trend says a proof
    needs, and time for that budget where time stopped the run (as `cap_advice` gives PN). Not
    offered where the trend is flat or rising, nor beyond free memory."""
    if trend is None:
        wanted = round_up(BIGGER_CAP * capacity)
        text = (
            "The run is too short to read a trend of the root's proof number; a table "
            f"{BIGGER_CAP}× larger ({wanted:,} entries, a budget of "
            f"{wanted * DFPN_WORK_PER_ENTRY:,} nodes created) is the cheapest experiment"
            f"{seconds_text(wanted * DFPN_WORK_PER_ENTRY, rate)}."
        )
    else:
        moved = (
            f"Over the last half of the run the root's proof number went from "
            f"{trend.first_proof} to {trend.last_proof} while df-pn created "
            f"{trend.first_nodes:,} to {trend.last_nodes:,} nodes"
        )
        if trend.slope >= 0:
            shape = "levelling off" if trend.exponent < LEVELLING else "rising with them"
            return Suggestion(
                "cap",
                f"{moved}: ×{2**trend.exponent:.2f} per doubling, {shape}, not falling. A larger "
                "table alone is not offered; the suggestions below change the search.",
                "",
            )
        end = trend.last_nodes + trend.last_proof / -trend.slope
        wanted = round_up(SAFETY * end / DFPN_WORK_PER_ENTRY)
        text = (
            f"{moved} ({trend.slope * 10_000:+.1f} per 10,000 nodes). At that rate it reaches 0 "
            f"near {round(end):,} nodes created: a table of {wanted:,} entries buys "
            f"{wanted * DFPN_WORK_PER_ENTRY:,}{seconds_text(wanted * DFPN_WORK_PER_ENTRY, rate)}."
        )
    timed = ""
    if stopped_by is StopReason.TIME and rate > 0:
        timed = f"--time {math.ceil(SAFETY * wanted * DFPN_WORK_PER_ENTRY / rate)}"
    if wanted <= capacity:
        if timed:
            text += " This table holds that budget: the time limit stopped the run."
        return Suggestion("cap", text, timed)
    fits = available_memory_bytes() // BYTES_PER_ENTRY
    if wanted > fits:
        text += f" That is more than this machine's free memory holds (about {fits:,} entries)."
        return Suggestion("cap", text, timed)
    return Suggestion(
        "cap",
        text,
        " ".join(option for option in (f"--max-nodes {wanted}", timed) if option),
        {"max_nodes": wanted},
        f"Raise the table to {wanted:,} entries",
    )


def plain_sentence(
    search: TableSearch,
    outcome: Outcome | None,
    rows: list[EffortRow],
    reading: TableReading,
    defender: str,
) -> str:
    """The sentence a class reads first: how df-pn ended, where its work went, and what holds
    the proof up along the table's line there."""
    title = entry(search.algorithm).short_title
    if outcome is not None and outcome.solved:
        return f"{title} has solved the root ({outcome.result.value}): nothing is missing."
    ended = "is paused" if outcome is None else STOPPED_WORDS.get(outcome.reason, "stopped")
    if outcome is not None and outcome.reason is StopReason.FRONTIER:
        return f"{title} {ended}: {outcome.detail}, so the search cannot go on there."
    text = f"{title} {ended} before proving a win"
    if not rows or not rows[0].nodes:
        return text + "."
    top = rows[0]
    text += f": {100 * top.share:.0f} % of the work went into {top.move}"
    steps = reading.steps
    held = [step for step in steps[1:] if step.off_line_proof] if steps[1:2] else []
    if held and steps[1].move == top.move:
        step = max(held, key=lambda s: (s.off_line_proof, -s.ply))
        text += (
            f", where {defender}'s replies at ply {step.ply + 1} ({step.open_children} still "
            f"open) carry {_number(step.off_line_proof)} of its proof number "
            f"{_number(top.proof)} besides the line's own"
        )
    elif top.proof < INF:
        text += f", whose proof number is still {_number(top.proof)}"
    if steps[1:2] and steps[1].move != top.move:
        text += (
            f"; the table's most-proving line now starts with {steps[1].move} (proof number "
            f"{_number(steps[1].proof)})"
        )
    return text + "."


def table_explanation_steps(
    search: TableSearch, trace: RootTrace | None = None, known_mate_length: int | None = None
) -> Generator[float, None, Explanation]:
    """Explain df-pn as it stands (it must not step meanwhile); yields progress 0..1."""
    reader = _Reader(search)
    root = reader.children([reader.root_key])
    yield 0.05
    found = _root_rows(search, root)
    lines: dict[int, tuple[int, str]] = {}
    shown = [row for row in found[:LINE_ROWS] if row[1]]  # no work: no line of its own
    share = 0.45 / max(1, len(shown))
    for done, (index, *_) in enumerate(shown):
        start = 0.05 + share * done
        _, labels, _ = yield from _progress(reader.walk(root, index), start, start + share)
        lines[index] = (len(labels), reader.line(labels))
    steps, labels, end = yield from _progress(reader.walk(root), 0.5, 0.95)
    total = search.nodes_created
    names = reader.root_labels(root)
    rows = [
        EffortRow(
            node,
            names[index],
            work,
            work / total if total else 0.0,
            proof,
            disproof,
            *lines.get(index, (0, "")),
        )
        for index, work, proof, disproof, node in found
    ]
    line = reader.line(labels)
    sentences = [_step_sentence(step, reader) for step in steps[:SHOWN_STEPS]]
    if len(steps) > SHOWN_STEPS:
        sentences.append(f"… {counted(len(steps) - SHOWN_STEPS, 'more step')} to its end.")
    summary = (
        f"The most-proving line the table holds is {counted(len(labels), 'ply')} deep"
        + (f": {line}" if labels else "")
        + f". It ends there because {ENDS[end]}."
        + _replay_caveat(search)
    )
    outcome = search.outcome
    table = search.table
    reading = TableReading(
        table.capacity,
        len(table),
        max(table.peak, len(table)),
        table.replacements,
        table.refused,
        search.table_hits,
        search.work_budget,
        search.deepest_expansion,
        steps,
        line,
        ENDS[end],
        _stop_sentences(search, outcome),
        summary,
        sentences,
    )
    rate = total / search.elapsed if search.elapsed > 0 else 0.0
    trend = trace.trend() if trace is not None else None
    yield 1.0
    return Explanation(
        search.algorithm,
        outcome.result.value if outcome is not None else "unknown",
        str(outcome) if outcome is not None else "not finished: paused",
        plain_sentence(search, outcome, rows, reading, reader.defender),
        total,
        search.deepest_expansion + 1,
        rows,
        None,
        trend,
        None,
        table_suggestions(search, outcome, trend, rate, known_mate_length),
        LINE_TITLE,
        reading,
    )


def _progress(
    walk: Generator[None, None, Line], start: float, end: float
) -> Generator[float, None, Line]:
    """Run a walk, yielding progress from `start` to `end` (a line is at most `MAX_LINE_PLIES`
    long)."""
    done = 0
    while True:
        try:
            next(walk)
        except StopIteration as finished:
            return finished.value
        done += 1
        yield start + (end - start) * min(1.0, done / MAX_LINE_PLIES)
