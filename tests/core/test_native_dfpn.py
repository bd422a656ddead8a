"""The native df-pn (`core.search.dfpn_native`) against the Python df-pn it compiles.

The rules first: on random walks from the suites' positions the native children come in the
game's order with the game's move codes, the Polyglot hashes and clocks of `ChessGame`, and the
one-move mate, threat and mop-up answers of the Python tests. Then the search: at a fixed node
budget (a table of `CAP` entries, so a budget of `CAP × DFPN_WORK_PER_ENTRY` nodes created) the
two engines end with the same outcome, the same nodes created, iterations and read-out nodes on
a sample of wac-mates, matetrack-dev and endgame-mates (`pn-explorer bench --native` runs them
all). Proofs and disproofs leave the native table and pass the independent verifiers.

CI builds the native module: there a missing module fails; elsewhere these tests are skipped.
"""

from __future__ import annotations

import os
import random
import re
import threading
import time

import chess
import chess.polyglot
import pytest

from pn_explorer.core.games.chess_codes import decode_move, ordered_legal_moves
from pn_explorer.core.games.chess_game import ChessGame
from pn_explorer.core.games.chess_mate_in_one import mating_move, threatens_mate
from pn_explorer.core.games.mop_up import distance_after
from pn_explorer.core.games.solution import check_disproof, mate_solution
from pn_explorer.core.games.suites import load_suite
from pn_explorer.core.search.dfpn import DfpnSearch
from pn_explorer.core.search.dfpn_native import NOT_BUILT, NativeDfpnSearch
from pn_explorer.core.search.dfpn_steps import DfpnStepper
from pn_explorer.core.search.native_engine import native_available, native_module
from pn_explorer.core.search.registry import refusal
from pn_explorer.core.search.types import Limits, Result, StopReason


def test_the_native_module_is_built_where_ci_runs() -> None:
    if os.environ.get("CI") and not native_available():
        pytest.fail("CI builds the native df-pn (a Rust toolchain is there): it is missing")


pytestmark_native = pytest.mark.skipif(not native_available(), reason=NOT_BUILT)

CAP = 500
"""The conformance budget: a table of 500 entries, so at most 10,000 nodes created."""

SUITES = ("wac-mates", "matetrack-dev", "endgame-mates")


def _sample(suite: str, every: int) -> list:
    return load_suite(suite)[::every]


def _walks(positions: int, plies: int) -> list[chess.Board]:
    """Boards along random games from the suites' positions (seeded)."""
    rng = random.Random(39)
    boards = []
    for suite in (*SUITES, "matetrack-long-dev"):
        for position in load_suite(suite)[:positions]:
            board = position.board.copy(stack=False)
            for _ in range(plies):
                boards.append(board.copy())
                moves = list(board.legal_moves)
                if not moves:
                    break
                board.push(rng.choice(moves))
    return boards


@pytestmark_native
def test_children_codes_hashes_and_clocks_are_the_games() -> None:
    native = native_module()
    assert native is not None
    for board in _walks(12, 25):
        expected = []
        for code in ordered_legal_moves(board):
            child = board.copy(stack=False)
            child.push(decode_move(code))
            expected.append((code, chess.polyglot.zobrist_hash(child), child.halfmove_clock))
        fen = board.fen(en_passant="fen")
        assert native.children(fen) == expected, fen
        assert native.position_hash(fen) == chess.polyglot.zobrist_hash(board), fen


@pytestmark_native
def test_mates_in_one_threats_and_mop_up_are_the_games() -> None:
    native = native_module()
    assert native is not None
    for board in _walks(8, 25):
        if not board.move_stack:
            continue
        fen = board.fen(en_passant="fen")
        for attacker in chess.COLORS:
            mates, threat, mop_up = native.knowledge(fen, attacker)
            assert mates == (mating_move(board.copy(stack=False)) is not None), fen
            if not board.is_check():
                assert threat == threatens_mate(board.copy(stack=False)), fen
            last = board.pop()
            assert mop_up == distance_after(board, last, attacker), fen
            board.push(last)


def _both(position, limits: Limits, **options) -> tuple[tuple, tuple]:
    runs = []
    for search_type in (DfpnSearch, NativeDfpnSearch):
        game = ChessGame(position.board, attacker=position.attacker)
        search = search_type(game, limits, **options)
        outcome = search.run()
        assert outcome is not None
        runs.append(
            (
                outcome.result,
                outcome.reason,
                search.nodes_created,
                search.iterations,
                search.read_out_nodes,
                search.table_hits,
                search.peak_nodes_in_memory,
            )
        )
    return runs[0], runs[1]


@pytestmark_native
@pytest.mark.parametrize(
    "position",
    [p for suite, every in zip(SUITES, (8, 10, 4), strict=True) for p in _sample(suite, every)],
    ids=lambda p: p.id,
)
def test_native_and_python_dfpn_agree_node_for_node(position) -> None:
    python, native = _both(position, Limits(max_nodes=CAP))
    assert native == python


@pytestmark_native
@pytest.mark.parametrize(
    "position",
    [p for suite, every in zip(SUITES, (16, 20, 3), strict=True) for p in _sample(suite, every)],
    ids=lambda p: p.id,
)
def test_with_weak_delta_they_agree_node_for_node(position) -> None:
    """Weak proof-number search's δ (`weak_delta`, off by default) is compiled too."""
    python, native = _both(position, Limits(max_nodes=CAP), weak_delta=True)
    assert native == python


@pytestmark_native
@pytest.mark.parametrize(
    ("options", "said"),
    [
        ({"threat_divisor": 0}, "threat_divisor must be at least 1, not 0"),
        ({"epsilon": -0.5}, "epsilon must be at least 0, not -0.5"),
        ({"max_plies": 0}, "max_plies must be at least 1, not 0"),
        ({"mop_up_weight": -1}, "mop_up_weight must be at least 0, not -1"),
    ],
)
def test_every_df_pn_refuses_an_option_out_of_range_in_the_same_words(options, said) -> None:
    """The Python search, the stepper and the native search take one options record
    (`DfpnOptions`), checked in one place."""
    position = load_suite("wac-mates")[0]
    for engine in (DfpnSearch, DfpnStepper, NativeDfpnSearch):
        game = ChessGame(position.board, attacker=position.attacker)
        with pytest.raises(ValueError, match=f"^{re.escape(said)}$"):
            engine(game, Limits(max_nodes=CAP), **options)


@pytestmark_native
@pytest.mark.parametrize("identifier", ["WAC.001", "WAC.009", "WAC.035"])
def test_bounded_searches_agree_and_the_read_outs_verify(identifier: str) -> None:
    """Under a mate-length bound (`--shortest`'s searches): a bound one ply short of the mate
    is disproved and its disproof replays; the mate's own bound proves it."""
    (position,) = [p for p in load_suite("wac-mates") if p.id == identifier]
    plies = 2 * position.mate_length - 1
    for bound, result in ((plies - 2, Result.DISPROVED), (plies, Result.PROVED)):
        python, native = _both(position, Limits(max_nodes=20_000), max_plies=bound)
        assert native == python
        assert native[0] is result
        game = ChessGame(position.board, attacker=position.attacker)
        search = NativeDfpnSearch(game, Limits(max_nodes=20_000), max_plies=bound)
        search.run()
        if result is Result.PROVED:
            assert mate_solution(game, search.proof()).mate_in == position.mate_length
        else:
            checked, why, _ = check_disproof(position.board, position.attacker, search)
            assert checked, why


@pytestmark_native
def test_a_proof_leaves_the_native_table_and_verifies() -> None:
    for position in _sample("wac-mates", 20):
        game = ChessGame(position.board, attacker=position.attacker)
        search = NativeDfpnSearch(game, Limits(max_nodes=100_000))
        outcome = search.run()
        assert outcome is not None and outcome.result is Result.PROVED, position.id
        assert mate_solution(game, search.proof()).mate_in == position.mate_length


@pytestmark_native
def test_no_forced_mate_is_certified_by_the_disproof() -> None:
    board = chess.Board("8/8/8/4k3/8/8/2R5/K7 b - - 0 1")  # the defender cannot win
    game = ChessGame(board)
    search = NativeDfpnSearch(game, Limits(max_nodes=50_000))
    outcome = search.run()
    assert outcome is not None and outcome.result is Result.DISPROVED
    checked, why, _ = check_disproof(board, board.turn, search)
    assert checked, why


@pytestmark_native
def test_limits_cancel_and_slices_stop_it_as_the_python_engine() -> None:
    (position,) = [p for p in load_suite("endgame-mates")][:1]
    game = ChessGame(position.board, attacker=position.attacker)
    search = NativeDfpnSearch(game, Limits(max_iterations=50))
    outcome = search.run()
    assert outcome is not None and outcome.reason is StopReason.ITERATIONS
    assert search.iterations == 50
    # The start position: no search here ends it in time, so only the limit can (the endgame
    # above may be proved within 0.2 s at native speed).
    start = ChessGame(chess.Board())
    timed = NativeDfpnSearch(start, Limits(max_seconds=0.2))
    started = time.perf_counter()
    outcome = timed.run()
    assert outcome is not None and outcome.reason is StopReason.TIME
    assert time.perf_counter() - started < 2
    # Slices restart from the root (the table carries on), in both engines alike.
    counts = []
    for search_type in (DfpnSearch, NativeDfpnSearch):
        sliced = search_type(ChessGame(position.board, attacker=position.attacker), Limits(CAP))
        slices = 1
        while sliced.run(max_iterations=7) is None:
            slices += 1
        counts.append((sliced.outcome, slices, sliced.nodes_created, sliced.iterations))
    assert counts[0] == counts[1]
    cancelled = NativeDfpnSearch(start, Limits(max_nodes=1_000_000, max_seconds=30.0))
    seen: list[int] = []

    def watch_then_cancel() -> None:  # a progress display's thread reads the counts meanwhile
        for _ in range(4):
            time.sleep(0.05)
            seen.append(cancelled.nodes_created)
        cancelled.cancel()

    watcher = threading.Thread(target=watch_then_cancel)
    watcher.start()
    outcome = cancelled.run()  # the GIL is released: the watcher runs meanwhile
    watcher.join()
    assert outcome is not None and outcome.reason is StopReason.CANCELLED
    assert seen == sorted(seen) and seen[-1] > seen[0] > 1


def test_without_the_module_the_registry_says_how_to_get_it(monkeypatch) -> None:
    import pn_explorer.core.search.native_engine as native_engine

    monkeypatch.setattr(native_engine, "native_module", lambda: None)
    game = ChessGame(chess.Board())
    assert refusal("dfpn-native", game) == NOT_BUILT
    assert "Python only" in native_engine.engine_note()


@pytestmark_native
@pytest.mark.parametrize("command", ["compare", "solve"])
def test_shortest_asks_its_bounded_questions_of_the_native_engine(command, monkeypatch) -> None:
    """After a native mate, `--shortest` asks "a mate in fewer?" of the native df-pn too, in
    `compare` (the runner's) as in `solve`: the engine that found the mate."""
    from pn_explorer.core.cli.main import main

    bounded: list[tuple[str, int | None]] = []
    for engine in (DfpnSearch, NativeDfpnSearch):
        real = engine.__init__

        def spy(self, *args, _real=real, **kwargs) -> None:
            bounded.append((type(self).__name__, kwargs.get("max_plies")))
            _real(self, *args, **kwargs)

        monkeypatch.setattr(engine, "__init__", spy)
    if command == "compare":
        algo = ["--algos", "dfpn,dfpn-native", "--quiet"]
        engines = ["DfpnSearch", "NativeDfpnSearch"]
    else:
        algo, engines = ["--algo", "dfpn-native"], ["NativeDfpnSearch"]
    assert main([command, "--epd", "wac-mates", "--id", "WAC.001", *algo, "--shortest"]) == 0
    questions = sorted(found for found in bounded if found[1] is not None)
    assert questions == [(engine, 1) for engine in engines]  # a mate in 2: a mate in 1?
