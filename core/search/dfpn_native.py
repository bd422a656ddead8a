"""The native df-pn: `core.search.dfpn`'s algorithm compiled (`native/`, Rust on shakmaty's chess
rules, bound with PyO3 as `pn_explorer._native`), behind the same `Search` contract.

The Python df-pn stays the readable reference that the window steps and explains; this one is
what runs when nobody steps. It searches node for node as `DfpnSearch` with the same options
(the children in the game's order, the mobility initialisation, the mop-up estimate, mates in
one, threats, the mate-length bound, repetitions and the fifty-move rule as path-dependent
disproofs, the table's replacement, the proof read out of the table before the root counts as
proved), so its outcome and `nodes_created` equal the Python df-pn's at the same limits
(`tests/core/test_native_dfpn.py`; `docs/native-dfpn.md` says where and why they can differ).
Three things are kept apart: of the options that are off by default only weak proof-number
search's δ (`weak_delta`) is compiled, and asking for another (`deep_depth`, `flight_weight`,
`tca`, `snda`) is refused; it runs on chess positions only; and it keeps no tree and no trace, so
it runs but does not step.

Its table is read as the Python df-pn's is (`NativeTable`, `read_children`), so the table
explanation (`solve --explain`, "Why not found?") reads it with the same code; and it is watched
from inside its run as the Python df-pn is (`watch_root`: the root's numbers read off the path's
children lists by the same rule, `DfpnSearch.root_now`), so that explanation has the same trend.

Proofs and disproofs leave the native table as move codes, nested as the read-out found them
(a position reached twice shares one subtree), and become the same `ProofNode` trees the Python
df-pn hands out: `core.proofs.verify` and `core.proofs.verify_disproof` replay them, so nothing is
claimed unverified, whichever engine ran.

The search releases the GIL while it runs, checks the time and iteration limits and its work
budget before every expansion, a cancel (`cancel`, from any thread) likewise, and Ctrl+C every
50 ms (KeyboardInterrupt, as the Python engine raises it).
"""

from __future__ import annotations

from typing import Any, Unpack

from ..errors import InvalidLimitError, VerificationError
from ..games.chess_codes import encode_move
from ..games.chess_game import ChessGame
from ..games.game import Game
from ..proofs.proof import ProofNode
from .defaults import (
    DEFAULT_NODE_CAP,
    DFPN,
    DFPN_NATIVE,
    DFPN_WORK_PER_ENTRY,
    MOBILITY,
)
from .dfpn import RootWatch, _ply_keys
from .dfpn_options import DfpnOptions, DfpnSettings
from .native_engine import native_available, native_module
from .numbers import leaf_numbers
from .root_outcome import root_outcome
from .types import Limits, Outcome, Result, StopReason

NOT_BUILT = (
    "the native df-pn is not built: install with a Rust toolchain (cargo) on the PATH, "
    "`pip install -e .` (see the README), or run --algo dfpn"
)
"""What is said where the native module cannot be imported."""


def engine_hint(algorithm: str) -> str:
    """For `solve`'s report: which df-pn engine ran and how to get the other ("" for the other
    searches)."""
    if algorithm == DFPN_NATIVE:
        return " (native engine; the Python one: --algo dfpn)"
    if algorithm != DFPN:
        return ""
    if native_available():
        return " (Python engine; the native one: --algo dfpn-native)"
    return " (Python engine; the native one is not built: see the README's Install)"


_STOPS = {
    "cancelled": StopReason.CANCELLED,
    "iterations": StopReason.ITERATIONS,
    "time": StopReason.TIME,
    "node budget": StopReason.BUDGET,
}


def _tree(read: tuple[int, list[tuple[bool, list[tuple[int, int]]]]]) -> ProofNode:
    """A `ProofNode` tree from the native arena (index of the root, nodes), shared subtrees
    shared."""
    root, nodes = read
    built: dict[int, ProofNode] = {}

    def node(index: int) -> ProofNode:
        found = built.get(index)
        if found is not None:
            return found
        is_or, children = nodes[index]
        made = built[index] = ProofNode(is_or)
        stack = [(made, children)]
        while stack:
            parent, below = stack.pop()
            for move, child in below:
                sub = built.get(child)
                if sub is None:
                    child_is_or, grand = nodes[child]
                    sub = built[child] = ProofNode(child_is_or)
                    stack.append((sub, grand))
                parent.children[move] = sub
        return made

    return node(root)


class _NativeWork:
    """The work column of the native table, read slot by slot (`TranspositionTable.work`)."""

    def __init__(self, native: Any) -> None:
        self._native = native

    def __getitem__(self, slot: int) -> int:
        return int(self._native.work_at(slot))


class NativeTable:
    """The native table as a reader of a `TranspositionTable` sees it: its sizes and counts, and
    slots looked up by key (`probe` at a halfmove clock, `find` at any), their work read by
    slot. Only reads: the search is left as it was."""

    def __init__(self, native: Any) -> None:
        self._native = native
        self.work = _NativeWork(native)

    @property
    def capacity(self) -> int:
        return int(self._native.table_sizes[0])

    def __len__(self) -> int:
        return int(self._native.table_sizes[1])

    @property
    def peak(self) -> int:
        return int(self._native.table_sizes[2])

    @property
    def replacements(self) -> int:
        return int(self._native.table_counts[3])

    @property
    def refused(self) -> int:
        return int(self._native.table_counts[4])

    def probe(self, key: int, clock: int) -> int:
        """`key`'s slot if its entry holds at `clock`, else negative (as `TranspositionTable`)."""
        return int(self._native.slot(key, clock))

    def find(self, key: int) -> int:
        """`key`'s slot, or -1 (`TranspositionTable.find`)."""
        return int(self._native.slot(key))


class NativeChildren:
    """A position's children as the native MID would see them (`Children`' lists a reader
    needs): move codes, table keys, halfmove clocks, numbers."""

    __slots__ = ("moves", "keys", "clocks", "proof", "disproof")

    def __init__(self, read: tuple[list[int], list[int], list[int], list[int], list[int]]):
        self.moves, self.keys, self.clocks, self.proof, self.disproof = (
            list(column) for column in read
        )


class NativeDfpnSearch:
    """df-pn compiled (see the module docstring): a `core.search.contract.Search` on a chess
    game (`ChessGame`), with `DfpnSearch`'s options and counts."""

    algorithm = DFPN_NATIVE
    tree = None
    second_level_searches = None
    transpositions = None
    tca = False
    snda = False
    """Options the native engine does not have (asking for one is refused)."""

    def __init__(
        self,
        game: Game,
        limits: Limits | None = None,
        **options: Unpack[DfpnOptions],
    ) -> None:
        module = native_module()
        if module is None:
            raise InvalidLimitError(NOT_BUILT)
        settings = DfpnSettings(**options)
        off = {
            "deep_depth": settings.deep_depth,
            "flight_weight": settings.flight_weight,
            "tca": settings.tca,
            "snda": settings.snda,
        }
        asked = [name for name, value in off.items() if value]
        if asked:
            raise InvalidLimitError(
                f"the native df-pn does not have {', '.join(asked)}: "
                "it is the Python df-pn's (--algo dfpn)"
            )
        if not isinstance(game, ChessGame) or not game.capabilities.standard_chess:
            raise InvalidLimitError("the native df-pn searches chess positions only")
        root_board, attacker = game.root_board, game.attacker
        mop_up_weight, threat_divisor = settings.mop_up_weight, settings.threat_divisor
        max_plies, epsilon = settings.max_plies, settings.epsilon
        self.game: Game = game
        self.limits = limits or Limits()
        self.max_plies = max_plies
        self.epsilon = epsilon
        self.weak_delta = settings.weak_delta
        """Weak proof-number search's δ in place of the sum (`DfpnSearch.weak_delta`)."""
        self.threat_divisor = threat_divisor
        """What a new child's proof number is divided by where its quiet move threatens mate."""
        self.mop_up_in_use = bool(mop_up_weight) and game.capabilities.mop_up
        self.threats_in_use = (
            threat_divisor > 1 and game.capabilities.threats and not self.mop_up_in_use
        )
        capacity = self.limits.max_nodes or DEFAULT_NODE_CAP
        unlimited = self.limits.max_seconds is None and self.limits.max_iterations is None
        self.work_budget = capacity * DFPN_WORK_PER_ENTRY if unlimited else None
        self._stop_flag = module.StopFlag()
        game.reset()
        self._root_is_or = game.is_or()
        self._native: Any = module.NativeDfpn(
            root_board.fen(en_passant="fen"),
            attacker,
            capacity,
            float(epsilon),
            mop_up_weight if game.capabilities.mop_up else 0,
            settings.mates_in_one,
            threat_divisor,
            self.threats_in_use,
            settings.threat_depth,
            max_plies,
            _ply_keys(max_plies),
            self.limits.max_iterations,
            self.limits.max_seconds,
            self.work_budget,
            self._stop_flag,
            settings.weak_delta,
        )
        self.capacity = capacity
        self.table = NativeTable(self._native)
        self.elapsed = 0.0
        """Seconds searched (the native search's own clock, read after each run)."""
        evaluation = game.evaluate()
        self._root_numbers = leaf_numbers(
            evaluation.value, evaluation.mobility, self._root_is_or, MOBILITY
        )
        self.outcome: Outcome | None = root_outcome(game, evaluation)

    # -- counts ---------------------------------------------------------------------------------

    @property
    def nodes_created(self) -> int:
        return int(self._native.nodes_created)

    @property
    def nodes_in_memory(self) -> int:
        return int(self._native.nodes_in_memory)

    @property
    def peak_nodes_in_memory(self) -> int:
        return int(self._native.peak_nodes_in_memory)

    @property
    def iterations(self) -> int:
        return int(self._native.iterations)

    @property
    def table_hits(self) -> int:
        return int(self._native.table_hits)

    @property
    def read_out_nodes(self) -> int:
        return int(self._native.read_out_nodes)

    @property
    def read_outs_failed(self) -> int:
        return int(self._native.read_outs_failed)

    @property
    def deepest_expansion(self) -> int:
        return int(self._native.deepest_expansion)

    @property
    def root_move_work(self) -> dict[int, int]:
        return dict(self._native.root_move_work)

    @property
    def root_is_or(self) -> bool:
        return self._root_is_or

    @property
    def root_numbers(self) -> tuple[int, int]:
        """The root's numbers after the last run; before one, its leaf numbers (as the Python
        df-pn's)."""
        return self._root_numbers

    @property
    def table_bytes(self) -> int:
        """The native table's bytes (slots × `pn_explorer._native.BYTES_PER_ENTRY`)."""
        return int(self._native.table_bytes)

    def table_key(self, position_hash: int, ply: int) -> int:
        """The table's key of a position with `position_hash` at `ply` (`DfpnSearch.table_key`)."""
        keys = _ply_keys(self.max_plies)
        return position_hash ^ (keys[self.max_plies - ply] if self.max_plies is not None else 0)

    def probe(self, key: int, clock: int = 0) -> tuple[int, int, int, int] | None:
        """The native table's (proof, disproof, work, distance) for `key` at `clock`, or None."""
        found = self._native.probe(key, clock)
        return None if found is None else tuple(int(value) for value in found)  # type: ignore[return-value]

    def read_children(self, cursor: Game, path_keys: list[int]) -> NativeChildren:
        """The children of `cursor`'s position (a chess cursor on this root, reached along
        `path_keys`) with the numbers the native MID would give them there, read without storing
        or counting anything (`DfpnSearch.read_children`)."""
        if not isinstance(cursor, ChessGame):
            raise ValueError("the native df-pn reads children on a chess cursor")
        codes = [encode_move(move) for move in cursor.board.move_stack]
        if len(codes) + 1 != len(path_keys):
            raise ValueError("path_keys must hold the root and one key per move")
        return NativeChildren(self._native.read_children(codes))

    # -- running --------------------------------------------------------------------------------

    def watch_root(self, watch: RootWatch | None) -> None:
        """Tell `watch` the root's numbers as the search goes, as `DfpnSearch.watch_root` does and
        at the same nodes created (the native MID reads them off its path by `root_now`'s rule);
        None stops it. It is called on the searching thread with the GIL held, and what it
        raises ends the run and is raised from `run`."""
        self._native.watch_root(watch)

    def root_now(self) -> tuple[int, int]:
        """Outside a run, the last run's numbers (`DfpnSearch.root_now`; inside one, the watch
        is told them)."""
        return self.root_numbers

    def cancel(self) -> None:
        """Ask a running search to stop (from any thread); it honours it before its next
        expansion."""
        self._stop_flag.set()

    def run(
        self, max_iterations: int | None = None, max_seconds: float | None = None
    ) -> Outcome | None:
        """Search until solved or a limit stops it; with `max_iterations` / `max_seconds` only
        for a slice (then None: call again, the table carries on)."""
        if self.outcome is not None:
            return self.outcome
        try:
            ended = self._native.run(max_iterations, max_seconds)
        finally:
            self.elapsed = float(self._native.elapsed)
            proof, disproof = self._native.root_numbers
            self._root_numbers = int(proof), int(disproof)
        if ended is None:
            return None
        result, stop = ended
        if result == "proved":
            self.outcome = Outcome(Result.PROVED, StopReason.SOLVED)
        elif result == "disproved":
            self.outcome = Outcome(Result.DISPROVED, StopReason.SOLVED)
        else:
            self.outcome = self._stopped(_STOPS[stop])
        return self.outcome

    def _stopped(self, reason: StopReason) -> Outcome:
        """The Outcome `DfpnSearch._limit_reached` says for the same stop."""
        if reason is StopReason.CANCELLED:
            return Outcome(Result.UNKNOWN, StopReason.CANCELLED, "cancelled")
        if reason is StopReason.TIME:
            return self.limits.time_outcome()
        if reason is StopReason.ITERATIONS:
            stop = self.limits.stop_before(False, self.limits.max_iterations or 0, 0.0)
            assert stop is not None
            return stop
        return Outcome(
            Result.UNKNOWN,
            StopReason.BUDGET,
            f"node budget of {self.work_budget:,} nodes created reached",
        )

    def search_at(self, moves: list[int]) -> tuple[int, int]:
        """Search the position after `moves` from the root with the table as it is
        (`DfpnSearch.search_at`): its (proof, disproof) numbers there."""
        proof, disproof = self._native.search_at(list(moves))
        return int(proof), int(disproof)

    # -- the proof ------------------------------------------------------------------------------

    def proof(self) -> ProofNode:
        """The proof tree of a proved root, as the native read-out found it."""
        if self.outcome is None or self.outcome.result is not Result.PROVED:
            raise ValueError("the search has not proved the root")
        if self.outcome.reason is StopReason.ROOT_TERMINAL:
            return ProofNode(self._root_is_or)
        read = self._native.proof()
        if read is None:
            raise VerificationError("native df-pn: the proved root has no proof read out")
        return _tree(read)

    def disproof(self) -> ProofNode:
        """The disproof tree of a disproved root read out of the native table
        (`DfpnSearch.disproof`); VerificationError where none can be read."""
        if self.outcome is None or self.outcome.result is not Result.DISPROVED:
            raise ValueError("the search has not disproved the root")
        if self.outcome.reason is StopReason.ROOT_TERMINAL:
            return ProofNode(self._root_is_or)
        read, stop = self._native.disproof()
        if read is None:
            why = f" ({stop})" if stop is not None else ""
            raise VerificationError(
                f"native df-pn: no disproof could be read out of the table{why}"
            )
        return _tree(read)
