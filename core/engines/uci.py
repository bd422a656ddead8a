"""Cross-checking a position with a real UCI engine (Stockfish by default) through python-chess.

Why: PN search proves *a* mate, often not the shortest (thesis §3.6.2, Figure 3.10); an engine
such as Stockfish finds short mates fast but proves nothing. Put side by side, a class sees both.
The engine's answer is its *claim*: it comes with no proof tree, so nothing here is ever reported
as a verified mate (our own mates go through `core.runs.runner`'s verifier).

One thread (`Threads` = 1, so its time compares with one of our searches), `go mate N` when the
mate length is known, always bounded by a time limit. `CrossCheck.run` blocks (call it on a worker
thread or in a worker process); `CrossCheck.cancel`, from any thread, sends `stop` and ends an
engine that ignores it. A missing engine, one that is not UCI, one that dies and one that does not
answer in time are typed errors (`core.errors.EngineError`) with one-line messages.
"""

from __future__ import annotations

import concurrent.futures
import logging
import os
import shutil
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import chess
import chess.engine

from ..errors import EngineError, EngineNotFoundError, EngineTimeoutError
from ..inputs.boards import parse_fen
from ..proofs.claims import mate_text

for _logger in ("chess.engine", "asyncio"):
    logging.getLogger(_logger).addHandler(logging.NullHandler())
"""python-chess logs an engine's protocol errors with tracebacks; where the program configured no
logging they would reach stderr. The typed errors below say it in one line instead."""

DEFAULT_ENGINE = "stockfish"
DEBIAN_GAMES = "/usr/games"
"""Where Debian installs Stockfish; on a user's PATH, but not on root's or a service's."""

DEFAULT_SECONDS = 10.0
"""The engine's time per position when none is given (matetrack's 10 s)."""

STARTUP_SECONDS = 10.0
"""How long the engine may take to start and finish the UCI handshake."""

GRACE_SECONDS = 5.0
"""Past its time limit plus this, an engine that has not answered is ended (a timeout)."""

STOP_GRACE_SECONDS = 2.0
"""After a cancel, an engine that does not answer `stop` within this is ended."""


def find_engine(name_or_path: str | None = None) -> list[str]:
    """The command that starts the engine: a path (must be an executable file) or a name looked
    up on PATH (and in Debian's /usr/games); None means Stockfish."""
    text = DEFAULT_ENGINE if name_or_path is None else name_or_path.strip()
    if not text:
        raise EngineNotFoundError("no engine given: the engine's path is empty")
    if os.sep in text or text.startswith((".", "~")):
        path = Path(text).expanduser()
        if path.is_dir():
            raise EngineNotFoundError(
                f"no engine at {text}: it is a folder, not an executable file"
            )
        if not path.exists():
            raise EngineNotFoundError(f"no engine at {text}: no such file")
        if not path.is_file():
            raise EngineNotFoundError(
                f"no engine at {text}: it is a device or a pipe, not an executable file"
            )
        if not os.access(path, os.X_OK):
            raise EngineNotFoundError(f"the engine {text} is not executable")
        return [str(path)]
    found = shutil.which(text) or shutil.which(text, path=DEBIAN_GAMES)
    if found is None:
        raise EngineNotFoundError(
            f"no UCI engine {text!r} found on PATH: install Stockfish "
            "(Debian: apt-get install stockfish) or give the engine's path"
        )
    return [found]


def engine_label(command: Sequence[str]) -> str:
    """A short name for an engine before it has told its own (the program's file name)."""
    return Path(command[0]).name if command else "the engine"


@dataclass(frozen=True, slots=True)
class EngineClaim:
    """What the engine answered: its mate distance in moves from python-chess's `Score.mate()`
    (positive: the side to move mates; negative: it is mated; None: no mate seen), its best move,
    its line, and its effort. `line_mates`: the line, replayed with python-chess, ends in
    checkmate (a check of one line, not a proof)."""

    engine: str
    mate_in: int | None
    best_move: str
    best_move_uci: str
    line: tuple[str, ...]
    line_mates: bool
    score: str
    nodes: int
    depth: int | None
    seconds: float
    cancelled: bool = False

    @property
    def mates(self) -> bool:
        """The engine claims the side to move mates."""
        return self.mate_in is not None and self.mate_in > 0

    def summary(self) -> str:
        """One line: the claim and what it cost."""
        if self.mate_in is not None and self.mate_in > 0:
            what = f"claims {mate_text(self.mate_in)}"
        elif self.mate_in is not None:
            what = f"sees the side to move mated in {-self.mate_in}"
        else:
            what = f"found no mate (score {self.score})"
        best = f", best move {self.best_move}" if self.best_move else ""
        depth = f", depth {self.depth}" if self.depth is not None else ""
        stopped = " (cancelled)" if self.cancelled else ""
        return (
            f"{self.engine} {what}{best}{stopped}: {self.nodes:,} nodes{depth} "
            f"in {self.seconds:.2f} s, one thread; its claim, not verified"
        )


def _score_text(score: chess.engine.Score | None) -> str:
    if score is None:
        return "?"
    mate = score.mate()
    if mate is not None:
        return f"#{mate}"
    return f"{score.score(mate_score=0) / 100:+.2f}"


def _open(command: Sequence[str], startup_seconds: float) -> chess.engine.SimpleEngine:
    """Start the engine and finish the handshake, or raise a one-line EngineError."""
    label = engine_label(command)
    try:
        return chess.engine.SimpleEngine.popen_uci(list(command), timeout=startup_seconds)
    except FileNotFoundError:
        raise EngineNotFoundError(f"no engine at {command[0]}: no such file") from None
    except PermissionError:
        raise EngineNotFoundError(f"the engine {command[0]} is not executable") from None
    except TimeoutError:
        raise EngineError(
            f"{label} did not finish the UCI handshake within {startup_seconds:g} s: "
            "is it a UCI engine?"
        ) from None
    except (chess.engine.EngineError, OSError) as error:
        raise EngineError(f"{label} could not be started as a UCI engine: {error}") from None


def probe_engine(command: Sequence[str], startup_seconds: float = STARTUP_SECONDS) -> str:
    """Start the engine once and return its name: a missing or broken engine fails here, before
    a long comparison starts."""
    engine = _open(command, startup_seconds)
    try:
        return engine.id.get("name", engine_label(command))
    finally:
        engine.close()


class CrossCheck:
    """One question to the engine about one position; `run` it on a worker, `cancel` it from
    anywhere."""

    def __init__(
        self,
        command: Sequence[str],
        fen: str,
        seconds: float = DEFAULT_SECONDS,
        mate_length: int | None = None,
        startup_seconds: float = STARTUP_SECONDS,
        grace_seconds: float = GRACE_SECONDS,
    ) -> None:
        self.command = list(command)
        self.board = parse_fen(fen)
        self.seconds = seconds
        self.mate_length = mate_length
        self.startup_seconds = startup_seconds
        self.grace_seconds = grace_seconds
        self._lock = threading.Lock()
        self._cancelled = threading.Event()
        self._expired = False
        self._engine: chess.engine.SimpleEngine | None = None
        self._analysis: chess.engine.SimpleAnalysisResult | None = None
        self._last_info: dict = {}

    @property
    def cancelled(self) -> bool:
        return self._cancelled.is_set()

    def cancel(self) -> None:
        """Ask the engine to stop now (it answers with what it has); end it if it does not."""
        self._cancelled.set()
        with self._lock:
            analysis, engine = self._analysis, self._engine
        if analysis is not None:
            try:
                analysis.stop()
            except chess.engine.EngineTerminatedError:
                return
        if engine is not None:
            _later(STOP_GRACE_SECONDS, engine.close)

    def _expire(self) -> None:
        """The watchdog: the engine overran its limit by the grace period."""
        with self._lock:
            self._expired = True
            engine = self._engine
        if engine is not None:
            engine.close()

    def run(self) -> EngineClaim:
        """Ask the engine (blocks for up to the time limit); raises EngineError on failure."""
        engine = _open(self.command, self.startup_seconds)
        name = engine_label(self.command)
        started = time.monotonic()
        watchdog = _later(self.seconds + self.grace_seconds, self._expire)
        try:
            name = engine.id.get("name", name)
            with self._lock:
                self._engine = engine
            if "Threads" in engine.options:
                engine.configure({"Threads": 1})
            limit = chess.engine.Limit(time=self.seconds, mate=self.mate_length)
            analysis = engine.analysis(self.board, limit)
            with self._lock:
                self._analysis = analysis
            if self.cancelled:
                self.cancel()
            best = self._wait(analysis)
            return self._claim(name, best, time.monotonic() - started)
        except (
            chess.engine.EngineError,
            TimeoutError,
            OSError,
            concurrent.futures.CancelledError,
        ) as error:
            if self._expired:
                raise EngineTimeoutError(
                    f"{name} gave no answer within {self.seconds + self.grace_seconds:g} s "
                    f"(its limit of {self.seconds:g} s and {self.grace_seconds:g} s more)"
                ) from None
            if self.cancelled:
                return self._claim(name, None, time.monotonic() - started)
            raise EngineError(f"{name} failed: {error or type(error).__name__}") from None
        finally:
            watchdog.cancel()
            engine.close()

    def _wait(self, analysis: chess.engine.SimpleAnalysisResult) -> chess.Move | None:
        """Read the engine's lines until its best move, keeping the latest info (an engine
        ended by a cancel leaves the last one read)."""
        for info in analysis:
            self._last_info = {**self._last_info, **info}
        return analysis.wait().move

    def _claim(self, name: str, best: chess.Move | None, seconds: float) -> EngineClaim:
        """The claim from the engine's last info; python-chess has already refused an illegal
        best move (the search then never ends, and the watchdog makes it a timeout)."""
        board, info = self.board, self._last_info
        score = info.get("score")
        relative = score.relative if score is not None else None
        line: list[str] = []
        replay = board.copy()
        for move in info.get("pv", []):
            if move not in replay.legal_moves:
                break
            line.append(replay.san(move))
            replay.push(move)
        return EngineClaim(
            engine=name,
            mate_in=relative.mate() if relative is not None else None,
            best_move=board.san(best) if best is not None else "",
            best_move_uci=best.uci() if best is not None else "",
            line=tuple(line),
            line_mates=bool(line) and replay.is_checkmate(),
            score=_score_text(relative),
            nodes=int(info.get("nodes", 0)),
            depth=info.get("depth"),
            seconds=seconds,
            cancelled=self.cancelled,
        )


def _later(seconds: float, action) -> threading.Timer:
    timer = threading.Timer(seconds, action)
    timer.daemon = True
    timer.start()
    return timer


def cross_check(
    command: Sequence[str],
    fen: str,
    seconds: float = DEFAULT_SECONDS,
    mate_length: int | None = None,
) -> EngineClaim:
    """The engine's claim about `fen` within `seconds` (`go mate N` when `mate_length` is known)."""
    return CrossCheck(command, fen, seconds, mate_length).run()
