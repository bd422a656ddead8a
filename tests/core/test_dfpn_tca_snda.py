"""df-pn's options from Kishimoto (2010): the threshold controlling algorithm (TCA) on a cyclic
graph where a child's numbers come from a shallower visit, source node detection (SNDA) on a DAG
where two children lead into one position, and proofs that still verify with either on."""

from __future__ import annotations

import pytest

from pn_explorer.core.games.chess_game import ChessGame
from pn_explorer.core.games.suites import find_position, load_suite
from pn_explorer.core.runs.runner import describe_search
from pn_explorer.core.search.defaults import DFPN
from pn_explorer.core.search.dfpn import DfpnSearch
from pn_explorer.core.search.dfpn_steps import DfpnStepper
from pn_explorer.core.search.numbers import grouped_sum
from pn_explorer.core.search.parameters import PARAMETERS
from pn_explorer.core.search.registry import entry
from pn_explorer.core.search.types import Limits, Result
from tests.cyclic_graphs import (
    GraphGame,
    check_cycle_free_proof,
    first_repetition_value,
    search_random_graphs,
)


def old_child_graph() -> GraphGame:
    """R (attacker) may go to A or B. A is searched first, at ply 1, and stored with its numbers.
    Below B the attacker's node C has one move, back into A, now at ply 3: an old child (the
    table has it from a shallower ply), whose numbers make C's already past the thresholds B
    handed down when it saw C as a new leaf. The defender escapes everywhere (to L, or by
    repetition), so R is disproved."""
    edges = {
        "R": ["A", "L", "B"],
        "A": ["D", "F", "E"],
        "B": ["E", "G", "C"],
        "C": ["A"],
        "D": ["B", "A", "L"],
        "E": ["W", "L", "B"],
        "F": ["W", "B", "L"],
        "G": ["A", "B"],
    }
    return GraphGame(edges, or_nodes={"R", "C", "D", "E", "F", "G"}, wins={"W"}, losses={"L"})


def test_tca_searches_below_a_node_whose_old_child_put_it_past_its_thresholds() -> None:
    """Nagai's MID returns from C at once (its numbers, read through A, are past its thresholds),
    the root turns to A again, and only on C's second visit is A searched below it. With TCA, C
    raises its thresholds to its numbers + 1 and searches A on the first visit, as Kishimoto's
    Figure 3 does: the same disproof, C expanded once, fewer nodes."""
    plain_game, tca_game = old_child_graph(), old_child_graph()
    plain = DfpnSearch(plain_game, Limits(max_nodes=1_000))
    tca = DfpnSearch(tca_game, Limits(max_nodes=1_000), tca=True)
    assert plain.run().result is Result.DISPROVED
    assert tca.run().result is Result.DISPROVED
    assert not first_repetition_value(tca_game)
    assert plain_game.visits["C"] == 2 and tca_game.visits["C"] == 1
    assert plain.old_children_found == plain.thresholds_raised == 0
    assert tca.old_children_found >= 1 and tca.thresholds_raised >= 1
    assert tca.nodes_created < plain.nodes_created


def test_the_stepper_shows_the_thresholds_tca_raised() -> None:
    """The app's stepper, one event at a time: where C is expanded, its frame (what the path
    panel shows) holds the thresholds C searches under. Under TCA they are raised past C's
    numbers, which are themselves past the thresholds B handed down (plain df-pn returns at
    once)."""
    seen = {}
    for name, options in (("plain", {}), ("tca", {"tca": True})):
        game = old_child_graph()
        stepper = DfpnStepper(game, Limits(max_nodes=1_000), **options)
        c = game.index["C"]
        while stepper.outcome is None and name not in seen:
            stepper.step_event()
            frame = stepper.frames[-1]
            if frame.move == c and frame.backing_up is None:
                seen[name] = frame.phi < frame.phi_threshold and frame.delta < frame.delta_threshold
    assert seen == {"plain": False, "tca": True}


def shared_position_dag() -> GraphGame:
    """R (attacker) chooses A or B; the defender's only move from either is to M, so R's
    disproof number, the sum over A and B, counts M's twice. M's subtree takes a few
    expansions to prove (S is reached from four places)."""
    edges = {
        "R": ["A", "B"],
        "A": ["M"],
        "B": ["M"],
        "M": ["P", "Q"],
        "P": ["P1", "P2", "P3"],
        "Q": ["Q1", "Q2", "Q3"],
        "P1": ["W"],
        "P2": ["S"],
        "P3": ["S"],
        "Q1": ["S"],
        "Q2": ["S"],
        "Q3": ["W"],
        "S": ["S1", "S2"],
        "S1": ["W"],
        "S2": ["W"],
    }
    attacker = {"R", "M", "P1", "P2", "P3", "Q1", "Q2", "Q3", "S1", "S2"}
    return GraphGame(edges, or_nodes=attacker, wins={"W"})


def test_snda_counts_two_children_that_lead_into_one_position_once() -> None:
    """Stopped after 6 expansions, A and B both hold M's disproof number 2. The root's is their
    sum, 4, in plain df-pn; with SNDA, searching B finds M stored from A, follows the pointers
    M → A → R to the root on the path, and counts A and B as one group: max(2, 2) = 2. Both
    then prove R with a proof that verifies."""
    numbers = {}
    for name, options in (("plain", {}), ("snda", {"snda": True})):
        game = shared_position_dag()
        search = DfpnSearch(game, Limits(max_nodes=1_000, max_iterations=6), **options)
        assert search.run().result is Result.UNKNOWN
        a, b = (search.table.lookup(game.index[n]) for n in "AB")
        assert a[1] == b[1] == 2
        numbers[name] = search.root_numbers[1], search.sources_found
    assert numbers == {"plain": (4, 0), "snda": (2, 1)}
    for options in ({}, {"snda": True}):
        game = shared_position_dag()
        search = DfpnSearch(game, Limits(max_nodes=1_000), **options)
        assert search.run().result is Result.PROVED
        check_cycle_free_proof(game, search.proof())


def test_a_paused_stepper_shows_the_root_numbers_snda_searches_with() -> None:
    """Paused once SNDA has put A and B in one group at the root, the stepper's root frame
    (what the status bar and the path panel show) counts them once, by the larger disproof
    number, as MID does, not by the plain sum."""
    stepper = DfpnStepper(shared_position_dag(), Limits(max_nodes=1_000), snda=True)
    stepper.run(max_iterations=5)
    root = stepper.frames[0].children
    assert stepper.outcome is None and root.groups is not None
    assert len(set(root.groups)) == 1 and sum(root.disproof) > max(root.disproof)
    assert stepper.root_numbers == (min(root.proof), max(root.disproof))


def test_grouped_sum_counts_each_group_by_its_largest() -> None:
    assert grouped_sum([3, 5, 2], [0, 1, 2]) == 10
    assert grouped_sum([3, 5, 2], [0, 0, 2]) == 7
    assert grouped_sum([3, 0, 2], [0, 0, 0]) == 3


@pytest.mark.parametrize("options", [{"tca": True}, {"snda": True}], ids=["tca", "snda"])
def test_random_cyclic_graphs_are_never_solved_wrongly_with_the_options(options: dict) -> None:
    """150 random graphs full of cycles and transpositions, with a table of 8 and of 64
    entries: every proof is cycle-free and wins under the first-repetition rule, every
    disproof is right, and nearly all are solved."""
    solved, runs, _ = search_random_graphs(150, (8, 64), **options)
    assert solved >= 0.97 * runs


@pytest.mark.parametrize("options", [{"tca": True}, {"snda": True}], ids=["tca", "snda"])
def test_wac_222_is_proved_and_verified_with_the_options(options: dict) -> None:
    """WAC.222 (mate in 6) with each option: the same verified mate. SNDA finds positions that
    two root moves share and so searches differently from df-pn's own 20,091 nodes."""
    position = find_position(load_suite("wac-mates"), "WAC.222")
    game = ChessGame(position.board)
    search = DfpnSearch(game, Limits(max_nodes=200_000), **options)
    assert search.run().result is Result.PROVED
    record = describe_search(game, search, "dfpn", "WAC.222", position.best_moves)
    assert record.verified and record.mate_in == 6
    if "snda" in options:
        assert search.sources_found > 0 and search.nodes_created != 20_091


def test_the_options_are_df_pn_parameters_off_by_default_and_described() -> None:
    assert entry(DFPN).takes("tca") and entry(DFPN).takes("snda")
    assert PARAMETERS["tca"].flag == "--tca" and PARAMETERS["snda"].flag == "--snda"
    assert PARAMETERS["tca"].default is False and PARAMETERS["snda"].default is False
    game = old_child_graph()
    search = DfpnSearch(game, Limits(max_nodes=64))
    assert not search.tca and not search.snda
    stepper = DfpnStepper(old_child_graph(), Limits(max_nodes=64), tca=True, snda=True)
    assert stepper.describe() == "TCA · SNDA"
