"""Progress of long work on stderr: a tqdm bar on a terminal, plain lines when stderr is piped.

A search runs for seconds to minutes and a suite for hours, and without a sign of life a user
cannot tell a slow run from a hung one. A daemon thread looks once a second (`REFRESH_SECONDS`):
on a terminal it redraws a tqdm bar (tqdm: kept up, dependency-free, and it clears and redraws its
bar around the rows printed to stdout); piped, it writes one plain line when there is news, since
a log file has no use for carriage returns. Nothing here touches a search but to read its counters,
so the nodes a search creates are the same with and without progress. `--quiet` shows nothing.
"""

from __future__ import annotations

import argparse
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Sequence
from types import TracebackType
from typing import TYPE_CHECKING, TextIO

from ..runs.runner import RunRecord, WorkItem
from ..search.contract import Search, Stepper
from ..values import INF

if TYPE_CHECKING:  # tqdm is imported where a bar or a duration is drawn, not by every command
    from tqdm import tqdm

REFRESH_SECONDS = 1.0
"""How often the display is brought up to date."""
QUIET_SECONDS = 10.0
"""Piped, a line comes when there is news, else after this long (the ETA moves, the run lives)."""


def add_quiet_option(parser: argparse.ArgumentParser) -> None:
    """`--quiet`: no progress on stderr (results and errors are still printed)."""
    parser.add_argument(
        "--quiet", "-q", action="store_true", help="show no progress on stderr (results still)"
    )


def _number(value: int) -> str:
    return "∞" if value >= INF else f"{value:,}"


def _duration(seconds: float) -> str:
    from tqdm import tqdm

    return tqdm.format_interval(max(0, round(seconds)))


class Progress:
    """One status line about long work, kept current once a second until `close`.

    `sample()` says where the work stands now: (count done, the rest of the line). It is called
    from the display thread, so it may only read. A bar counts `unit`s up to `total` (None: no
    end known, so a rate instead of an ETA); plain lines are `label: line`, written when what
    `sample` says changed (a running search's count: every second) or after `QUIET_SECONDS`.
    """

    def __init__(
        self,
        label: str,
        unit: str,
        sample: Callable[[], tuple[int, str]],
        total: int | None = None,
        stream: TextIO | None = None,
        quiet: bool = False,
    ) -> None:
        self.label, self.unit, self.total, self._sample = label, unit, total, sample
        self._stream = sys.stderr if stream is None else stream
        self._quiet = quiet
        self._bar: tqdm | None = None
        self._news: tuple[int, str] | None = None
        self._printed = 0.0
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.started = time.monotonic()

    def __enter__(self) -> Progress:
        if self._quiet:
            return self
        if self._stream.isatty():
            from tqdm import tqdm

            self._bar = tqdm(
                total=self.total,
                unit=f" {self.unit}",
                unit_scale=self.total is None,
                desc=self.label,
                file=self._stream,
                leave=False,
                dynamic_ncols=True,
                mininterval=0,
            )
        self._thread = threading.Thread(target=self._run, name="progress", daemon=True)
        self._thread.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def write(self, text: str) -> None:
        """Print `text` on stdout, the bar (if any) cleared first and drawn again after."""
        if self._bar is not None:
            self._bar.write(text, file=sys.stdout)
            sys.stdout.flush()
        else:
            print(text, flush=True)

    def refresh(self) -> None:
        """Bring the display up to date now (the thread does so once a second)."""
        done, rest = self._sample()
        if self._bar is not None:
            with self._bar.get_lock():
                self._bar.update(done - self._bar.n)
                self._bar.set_postfix_str(rest, refresh=False)
                self._bar.refresh(nolock=True)
            return
        now = time.monotonic()
        if (done, rest) != self._news or now - self._printed >= QUIET_SECONDS:
            self._news, self._printed = (done, rest), now
            print(f"{self.label}: {self.line(done, rest)}", file=self._stream, flush=True)

    def line(self, done: int, rest: str) -> str:
        """The plain line: the count, what `sample` adds, and the time (spent, and left)."""
        elapsed = time.monotonic() - self.started
        if self.total is None:
            rate = f"{done / elapsed:,.0f} {self.unit}/s" if elapsed > 0 else ""
            parts = [f"{done:,} {self.unit}", rate, rest, _duration(elapsed)]
        else:
            left = elapsed / done * (self.total - done) if 0 < done < self.total else None
            parts = [
                f"{done}/{self.total} {self.unit}",
                rest,
                _duration(elapsed),
                "" if left is None else f"about {_duration(left)} left",
            ]
        return " · ".join(part for part in parts if part)

    def close(self) -> None:
        """Stop the thread and clear the bar: the results printed next say how the work ended."""
        if self._thread is not None:
            self._stop.set()
            self._thread.join()
            self._thread = None
        if self._bar is not None:
            self._bar.close()
            self._bar = None

    def _run(self) -> None:
        while not self._stop.wait(REFRESH_SECONDS):
            self.refresh()


def search_progress(search: Search, quiet: bool = False) -> Progress:
    """`solve`'s progress: nodes created, nodes a second and, for a search that keeps them
    current (the steppers), the root's proof and disproof numbers."""
    stepper = search if isinstance(search, Stepper) else None

    def sample() -> tuple[int, str]:
        if stepper is None:
            return search.nodes_created, ""
        proof, disproof = stepper.root_numbers
        return search.nodes_created, f"root pn {_number(proof)}, dn {_number(disproof)}"

    return Progress("pn-explorer solve", "nodes", sample, quiet=quiet)


def checking_progress(search: Search, quiet: bool = False) -> Progress:
    """`solve`'s progress once the search has ended, while its result is read out and replayed
    (`describe_search`): a disproof's read-out may search again (df-pn's, from its table, up to
    the search's own limits), so a long check is seen to be working, not hung. The count is the
    nodes that read-out has created so far."""
    start = search.nodes_created
    return Progress(
        "pn-explorer solve: checking the result",
        "nodes read out",
        lambda: (max(0, search.nodes_created - start), ""),
        quiet=quiet,
    )


class RunsProgress:
    """`suite`'s and `compare`'s progress: runs done of `total`, what was solved so far (by
    algorithm when there are several) and an ETA; `finished` is the runner's progress hook."""

    def __init__(
        self,
        label: str,
        total: int,
        algorithms: Sequence[str],
        unit: str = "runs",
        quiet: bool = False,
    ) -> None:
        self._algorithms = list(algorithms)
        self._done = 0
        self._solved: Counter[str] = Counter()
        self.progress = Progress(label, unit, self._sample, total=total, quiet=quiet)

    def finished(self, item: WorkItem, record: RunRecord) -> None:
        """One run ended (called in the main thread, as the records come in)."""
        self._done += 1
        self._solved[item.algorithm] += record.solved

    def _sample(self) -> tuple[int, str]:
        if len(self._algorithms) == 1:
            return self._done, f"{self._solved[self._algorithms[0]]} solved"
        solved = ", ".join(f"{name} {self._solved[name]}" for name in self._algorithms)
        return self._done, f"solved {solved}"
