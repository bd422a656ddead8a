"""df-pn under cycles (graph-history interaction): a proof the table holds but that cannot be read
out on the path it is needed from never ends the search, and no result is ever wrong, on
hand-made graphs with repetitions."""

from __future__ import annotations

import json
import time

import pn_explorer.core.games.chess_kind as chess_kind
from pn_explorer.core.cli.main import main
from pn_explorer.core.cli.output import EXIT_VERIFICATION_FAILED
from pn_explorer.core.errors import VerificationError
from pn_explorer.core.runs.runner import ERROR, RunRecord
from pn_explorer.core.search.dfpn import DfpnSearch
from pn_explorer.core.search.dfpn_steps import DfpnStepper
from pn_explorer.core.search.types import Limits, Result
from pn_explorer.core.values import INF
from tests.cyclic_graphs import (
    GraphGame,
    check_cycle_free_proof,
    search_random_graphs,
)
from tests.helpers import wac


def cycle_through_the_root() -> GraphGame:
    """R chooses X or Y. From X the defender may go back to R (a draw by repetition: R is on
    every path to X) or lose at W; from Y it can only lose. So Y wins and X does not."""
    edges = {"R": ["X", "Y"], "X": ["R", "W"], "Y": ["W"]}
    return GraphGame(edges, or_nodes={"R"}, wins={"W"})


def test_a_table_proof_that_leans_on_the_path_is_forgotten_and_the_search_goes_on() -> None:
    """X's entry says proved in 1 (as a search that reached X by a path without R could have
    stored it, or a replaced entry re-proved). The root is proved at once through it, the
    read-out finds the defender's way back to R, forgets X and searches on: the proof is Y's."""
    game = cycle_through_the_root()
    search = DfpnSearch(game, Limits(max_nodes=64))
    search.table.store(game.index["X"], 0, INF, 10, 1)
    assert search.run().result is Result.PROVED
    assert search.read_outs_failed == 1
    proof = search.proof()
    assert list(proof.children) == [game.index["Y"]]
    check_cycle_free_proof(game, proof)
    assert search.table.lookup(game.index["X"])[0] != 0  # X's claim was taken back


def test_a_limit_during_the_repair_leaves_the_root_unknown_never_proved() -> None:
    """The same table, but the search may not expand anything after the failed read-out: the
    outcome is the limit's, and a record of it is not a mate."""
    game = cycle_through_the_root()
    search = DfpnSearch(game, Limits(max_nodes=64, max_iterations=1))
    search.table.store(game.index["X"], 0, INF, 10, 1)
    outcome = search.run()
    assert outcome.result is Result.UNKNOWN and search.read_outs_failed == 1
    record = RunRecord("", "", "dfpn", outcome.result.value, str(outcome), 2, 2, 2, 1, 0.0)
    assert record.to_dict()["result"] == "unknown"


def test_solve_json_never_says_proved_for_a_proof_the_verifier_rejects(capsys, monkeypatch):
    """`solve --algo dfpn --json` with a verifier that rejects every proof: the row's result is
    `error` with the verifier's reason, and the exit status says the verification failed."""

    def rejecting(*_args: object) -> None:
        raise VerificationError("rejected on purpose")

    monkeypatch.setattr(chess_kind, "verify_mate", rejecting)
    fen = wac("WAC.001").fen
    assert main(["solve", fen, "--algo", "dfpn", "--json"]) == EXIT_VERIFICATION_FAILED
    data = json.loads(capsys.readouterr().out)
    assert data["result"] == ERROR and data["verified"] is False
    assert data["verification_error"] == "rejected on purpose"


def test_random_cyclic_graphs_with_small_tables_are_never_solved_wrongly() -> None:
    """300 random graphs full of cycles, each with a table of 4, 8 and 64 entries (the small
    ones replace entries all the time, which is what leaves proofs that no longer read out):
    every proof is cycle-free and wins under the first-repetition rule, every disproof is
    right, the read-out failed on some runs and the search went on, and nearly all are solved."""
    solved, runs, failed_read_outs = search_random_graphs(300, (4, 8, 64))
    assert failed_read_outs > 0
    assert solved >= 0.97 * runs


def test_the_stepped_search_goes_on_after_a_failed_read_out_too() -> None:
    """The app's stepper, event by event, on the same table: the failed read-out restarts MID
    from the root, and the stepped search ends as `run` does."""
    game = cycle_through_the_root()
    stepper = DfpnStepper(game, Limits(max_nodes=64))
    stepper.table.store(game.index["X"], 0, INF, 10, 1)
    steps = 0
    while stepper.outcome is None and steps < 100:
        stepper.step_event()
        steps += 1
    assert stepper.outcome.result is Result.PROVED and stepper.read_outs_failed == 1
    assert list(stepper.proof().children) == [game.index["Y"]]


def test_the_time_a_read_out_takes_is_the_searchs_time() -> None:
    """A failed read-out and the one that then succeeds count in `elapsed` (and so against a
    time limit): a search that spent 30 s said 7 s when they were left out. Each read-out here
    is made to take 0.2 s more, so the search took at least 0.4 s whatever the machine."""
    game = cycle_through_the_root()
    search = DfpnSearch(game, Limits(max_nodes=64))
    search.table.store(game.index["X"], 0, INF, 10, 1)
    read_out = search._read_out

    def slow_read_out() -> bool:
        time.sleep(0.2)
        return read_out()

    search._read_out = slow_read_out  # type: ignore[method-assign]
    assert search.run().result is Result.PROVED and search.read_outs_failed == 1
    assert search.elapsed >= 0.4
