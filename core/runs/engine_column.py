"""A UCI engine as one more column of `compare` (`--algos pn,dfpn,uci:stockfish`), and the mate
lengths of every column side by side.

The engine runs in the comparison's own loop (`core.runs.runner.run_each`, so `--jobs` spreads it
over the same worker processes) with the same time per position and one thread, `go mate N` where
the suite knows N (EPD `dm` or `bm #N`). Its row says `claimed`, never `proved`: an engine gives no
proof tree to verify, so its mates are its claims and are not counted as solved in the Table 3.1
summaries (nor are its nodes, which it counts its own way). Where our search proves a mate, both
lengths are shown, which is where PN's non-shortest mates (thesis §3.6.2) become visible.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial

from ..engines.uci import DEFAULT_SECONDS, CrossCheck, find_engine, probe_engine
from ..errors import EngineError
from ..search.types import Limits, Result
from .runner import CLAIMED, RunRecord, WorkItem

ENGINE_PREFIX = "uci"
"""`uci` (the `--engine` path, or Stockfish) or `uci:NAME_OR_PATH` names an engine column."""


def is_engine_column(name: str) -> bool:
    return name == ENGINE_PREFIX or name.startswith(ENGINE_PREFIX + ":")


def engine_command(name: str, engine: str | None = None) -> list[str]:
    """The command of the column `uci:NAME_OR_PATH` (bare `uci`: `engine`, else Stockfish)."""
    return find_engine(name.partition(":")[2] or engine)


@dataclass(frozen=True, slots=True)
class EngineRun:
    """A picklable Recorder (`core.runs.runner.Recorder`): the engine's claim on one item, within
    the item's time limit (`DEFAULT_SECONDS` when it has none)."""

    command: tuple[str, ...]

    def record(self, item: WorkItem) -> RunRecord:
        seconds = item.limits.max_seconds or DEFAULT_SECONDS
        record = partial(
            RunRecord,
            id=item.position_id,
            fen=item.fen,
            algorithm=item.algorithm,
            nodes_in_memory=0,
            peak_nodes_in_memory=0,
            iterations=0,
            best_moves=list(item.best_moves),
            known_mate_length=item.known_mate_length,
        )
        try:
            claim = CrossCheck(self.command, item.fen, seconds, item.known_mate_length).run()
        except EngineError as error:
            return record(
                result=Result.UNKNOWN.value, reason=str(error), nodes_created=0, seconds=0
            )
        return record(
            result=CLAIMED if claim.mates else Result.UNKNOWN.value,
            reason=claim.summary(),
            nodes_created=claim.nodes,
            seconds=claim.seconds,
            mate_in=claim.mate_in if claim.mates else None,
            main_line=list(claim.line),
            first_move=claim.best_move,
            agrees_with_bm=(claim.best_move in item.best_moves) if item.best_moves else None,
        )


def engine_factory(name: str, engine: str | None = None) -> EngineRun:
    """The column's Recorder; the engine is started once here, so a missing or broken engine
    fails (EngineError) before a long comparison begins."""
    command = engine_command(name, engine)
    probe_engine(command)
    return EngineRun(tuple(command))


def engine_limits(seconds: float | None) -> Limits:
    """An engine column's limits: time only (the engine keeps its own memory)."""
    return Limits(max_nodes=None, max_seconds=seconds or DEFAULT_SECONDS)


# -- mate lengths ---------------------------------------------------------------------------------


def found_mate(run: RunRecord) -> bool:
    """A verified mate of ours, or an engine's claimed one."""
    return run.mate_in is not None and (run.result == CLAIMED or bool(run.verified))


def mate_lengths(rows: Sequence, names: Sequence[str]) -> dict:
    """Per column: mates found, how many at the suite's known length (the shortest), and for each
    search of ours beside each engine: where both found a mate, which was shorter."""
    columns = {}
    for name in names:
        runs = [row.runs[name] for row in rows]
        found = [run for run in runs if found_mate(run)]
        known = [run for run in found if run.known_mate_length is not None]
        columns[name] = {
            "engine_claim": is_engine_column(name),
            "mates": len(found),
            "with_known_length": len(known),
            "at_known_length": sum(run.mate_in == run.known_mate_length for run in known),
        }
        shortened = [run for run in found if run.shortest_mate_in is not None]
        if shortened:
            columns[name]["shortest_at_known_length"] = sum(
                run.shortest_mate_in == run.known_mate_length for run in known
            )
            columns[name]["certified_shortest"] = sum(
                bool(run.shortest_certified) for run in shortened
            )
    pairs = []
    engines = [name for name in names if is_engine_column(name)]
    for ours in (name for name in names if not is_engine_column(name)):
        for engine in engines:
            both = [
                (row.runs[ours].mate_in, row.runs[engine].mate_in)
                for row in rows
                if found_mate(row.runs[ours]) and found_mate(row.runs[engine])
            ]
            pairs.append(
                {
                    "ours": ours,
                    "engine": engine,
                    "both": len(both),
                    "same_length": sum(a == b for a, b in both),
                    "engine_shorter": sum(b < a for a, b in both),
                    "ours_shorter": sum(a < b for a, b in both),
                }
            )
    return {"columns": columns, "pairs": pairs}


def format_mate_lengths(rows: Sequence, names: Sequence[str]) -> str:
    """The mate-length table `compare` prints under its rows when a position states its mate
    length or an engine column is present; the caveat about an engine's claims only with one."""
    data = mate_lengths(rows, names)
    width = max(len(name) for name in names) + len(" (claims)")
    shortened = any("certified_shortest" in column for column in data["columns"].values())
    header = f"{'mate lengths':<{width}} {'mates':>7} {'at the known length':>20}"
    if shortened:
        header += f" {'after --shortest':>17} {'certified shortest':>19}"
    lines = [header]
    for name, column in data["columns"].items():
        label = name + (" (claims)" if column["engine_claim"] else "")
        known = column["with_known_length"]
        shortest = f"{column['at_known_length']} of {known}" if known else "—"
        line = f"{label:<{width}} {column['mates']:>7} {shortest:>20}"
        if "certified_shortest" in column:
            after = f"{column['shortest_at_known_length']} of {known}" if known else "—"
            line += f" {after:>17} {column['certified_shortest']:>19}"
        lines.append(line)
    for pair in data["pairs"]:
        lines.append(
            f"where {pair['ours']} proved a mate and {pair['engine']} claimed one "
            f"({pair['both']}): same length {pair['same_length']}, {pair['engine']} shorter "
            f"{pair['engine_shorter']}, {pair['ours']} shorter {pair['ours_shorter']}"
        )
    if any(is_engine_column(name) for name in names):
        lines.append(
            "An engine's mates are its claims: it gives no proof tree, so they are not verified\n"
            "and not counted as solved; its nodes are counted its own way."
        )
    return "\n".join(lines)
