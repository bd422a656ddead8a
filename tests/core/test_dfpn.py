"""df-pn: the thresholds and the 1+ε trick on hand-made trees, agreement with PN, transpositions,
graph-history interaction on constructed positions, and verified chess mates."""

from __future__ import annotations

import random

import chess
import networkx as nx
import pytest

from pn_explorer.core.games.chess_codes import decode_move, encode_move
from pn_explorer.core.games.chess_game import ChessGame, plain_count
from pn_explorer.core.games.explicit_tree import AndOrTree, ExplicitTreeGame
from pn_explorer.core.games.game import Expansion
from pn_explorer.core.games.suites import find_position, load_suite
from pn_explorer.core.inputs.boards import parse_fen
from pn_explorer.core.runs.runner import describe_search
from pn_explorer.core.search.algorithms import AlgorithmSpec, create_search
from pn_explorer.core.search.dfpn import (
    DfpnSearch,
    child_delta_threshold,
    child_phi_threshold_of,
    weak_child_phi_threshold,
)
from pn_explorer.core.search.dfpn_steps import DfpnStepper
from pn_explorer.core.search.numbers import LARGEST_UNSOLVED, node_numbers, weak_sum
from pn_explorer.core.search.pn import ProofNumberSearch
from pn_explorer.core.search.types import Limits, Result
from pn_explorer.core.values import INF
from tests.cyclic_graphs import GraphGame
from tests.helpers import has_mate_in_one

# -- hand-made trees ------------------------------------------------------------------------------


def tree_game(edges: dict[str, list[str]], types: dict[str, str], values: dict[str, str]):
    """An explicit tree game from parent → children lists, internal types and leaf values."""
    graph = nx.DiGraph()
    for name, kind in types.items():
        graph.add_node(name, type=kind)
    for name, value in values.items():
        graph.add_node(name, value=value)
    for parent, children in edges.items():
        for child in children:
            graph.add_edge(parent, child)
    return ExplicitTreeGame(AndOrTree.from_graph(graph))


def three_child_tree() -> ExplicitTreeGame:
    """Root R (OR) with A (AND, 2 replies), B (AND, 3), C (AND, 2); A's replies need two more
    plies, so A is still open when it reaches its threshold."""
    edges = {
        "R": ["A", "B", "C"],
        "A": ["A1", "A2"],
        "A1": ["A1x", "A1y"],
        "A2": ["A2x"],
        "A1x": ["A1x1", "A1x2"],
        "A1y": ["A1y1", "A1y2"],
        "A2x": ["A2x1", "A2x2"],
        "B": ["B1", "B2", "B3"],
        "C": ["C1", "C2"],
    }
    types = {"R": "OR", "A": "AND", "A1": "OR", "A2": "OR", "A1x": "AND", "A1y": "AND"}
    types |= {"A2x": "AND", "B": "AND", "C": "AND"}
    values = {name: "true" for name in ("A1x1", "A1x2", "A1y1", "A1y2", "A2x1", "A2x2")}
    values |= {"B1": "true", "B2": "true", "B3": "true", "C1": "true", "C2": "false"}
    return tree_game(edges, types, values)


class RecordingDfpn(DfpnSearch):
    """df-pn that records every MID call: (position, φ_t, δ_t) on the way in, and (position, proof,
    disproof) on the way out."""

    def __init__(self, *args, **kwargs) -> None:
        self.calls: list[tuple[str, int, int]] = []
        self.returns: list[tuple[str, int, int]] = []
        super().__init__(*args, **kwargs)

    def multiple_iterative_deepening(self, phi_threshold, delta_threshold, is_or, raising=False):
        name = self.game.position_label()
        self.calls.append((name, phi_threshold, delta_threshold))
        result = yield from super().multiple_iterative_deepening(
            phi_threshold, delta_threshold, is_or, raising
        )
        self.returns.append((name, result.proof, result.disproof))
        return result


def test_the_first_child_gets_nagais_thresholds_with_one_plus_epsilon() -> None:
    """R: φ = min pn = 2, δ = Σ dn = 3. A (first of the least δ = pn 2) gets φ_t = ∞ − 3 + 1 and
    δ_t = max(δ₂ + 1, ⌈δ₂ (1 + ε)⌉) = 3 for ε = ¼ (δ₂ = C's 2), 4 for ε = 1."""
    for epsilon, expected_delta in ((0.25, 3), (0.0, 3), (1.0, 4)):
        search = RecordingDfpn(three_child_tree(), Limits(), epsilon=epsilon)
        search.run()
        assert search.calls[0] == ("R", INF, INF)
        assert search.calls[1] == ("A", INF - 3 + 1, expected_delta)


def test_a_child_returns_as_soon_as_its_threshold_is_reached() -> None:
    """A's δ is its proof number: it returns to R once pn(A) ≥ 3, before it is solved, and R
    turns to C (now the least δ)."""
    search = RecordingDfpn(three_child_tree(), Limits())
    search.run()
    first_return_of_a = next(item for item in search.returns if item[0] == "A")
    assert first_return_of_a[1] >= 3 and first_return_of_a[2] > 0
    names = [call[0] for call in search.calls]
    assert names.index("C") < len(names) - 1 - names[::-1].index("A")
    assert search.outcome.result is Result.PROVED


def test_child_delta_threshold() -> None:
    assert child_delta_threshold(INF, 4, 0.0) == 5
    assert child_delta_threshold(INF, 8, 0.25) == 10
    assert child_delta_threshold(6, 8, 0.25) == 6  # never above the parent's φ_t
    assert child_delta_threshold(7, INF, 0.25) == 7


def test_child_phi_threshold() -> None:
    """δ_t − δ + φ(c₁) (∞ − 12 + 3 under a root's ∞), except that an unbounded δ_t stays
    unbounded where the parent's δ has saturated: else the child would have 1 of room and
    return after every expansion."""
    assert child_phi_threshold_of(20, 12, 3) == 11
    assert child_phi_threshold_of(INF, 12, 3) == INF - 12 + 3
    assert child_phi_threshold_of(INF, LARGEST_UNSOLVED, 3) == INF
    assert child_phi_threshold_of(LARGEST_UNSOLVED, LARGEST_UNSOLVED - 1, 3) == 4


def test_weak_sum_counts_the_largest_child_and_one_for_each_other_open_child() -> None:
    """Weak proof-number search's δ: 7 + 2 for (7, 3, 1), not 11; solved children (0) add
    nothing; ∞ stays ∞ and a large sum saturates below it, as `saturated_sum` does."""
    assert weak_sum([7, 3, 1]) == 9
    assert weak_sum([7, 0, 1]) == 8
    assert weak_sum([0, 0]) == 0
    assert weak_sum([5, INF]) == INF
    assert weak_sum([LARGEST_UNSOLVED, 4]) == LARGEST_UNSOLVED
    assert node_numbers([2, 3], [7, 1], is_or=True, weak=True) == (2, 8)
    assert node_numbers([2, 3], [7, 1], is_or=False, weak=True) == (4, 1)
    assert node_numbers([2, 3], [7, 1], is_or=False) == (5, 1)


def test_weak_child_phi_threshold() -> None:
    """The best child may grow until the parent's δ (largest φ + other open children) would
    reach δ_t: δ_t − 2 with three open children; an unbounded δ_t stays unbounded."""
    assert weak_child_phi_threshold(20, 3) == 18
    assert weak_child_phi_threshold(20, 1) == 20
    assert weak_child_phi_threshold(INF, 3) == INF


def test_new_deep_and_weak_parameters_are_checked_and_described() -> None:
    game = ChessGame(chess.Board())
    with pytest.raises(ValueError, match="deep_depth must be at least 0"):
        DfpnSearch(game, Limits(max_nodes=100), deep_depth=-1)
    stepper = DfpnStepper(ChessGame(chess.Board()), Limits(max_nodes=100), weak_delta=True)
    assert stepper.describe().endswith("weak δ")
    stepper = DfpnStepper(ChessGame(chess.Board()), Limits(max_nodes=100), deep_depth=5)
    assert stepper.describe().endswith("deep D = 5") and "weak" not in stepper.describe()


def random_tree(rng: random.Random, depth: int) -> AndOrTree:
    """A random alternating tree, 1–3 children per node, random leaf values."""
    graph = nx.DiGraph()
    graph.add_node("r", type="OR")
    frontier = [("r", 0)]
    while frontier:
        name, level = frontier.pop()
        for index in range(rng.randint(1, 3)):
            child = f"{name}.{index}"
            if level + 1 == depth or rng.random() < 0.2:
                graph.add_node(child, value=rng.choice(("true", "false")))
            else:
                graph.add_node(child, type="AND" if level % 2 == 0 else "OR")
                frontier.append((child, level + 1))
            graph.add_edge(name, child)
    return AndOrTree.from_graph(graph)


@pytest.mark.parametrize(
    "options",
    [{}, {"weak_delta": True}, {"deep_depth": 4}, {"tca": True}, {"snda": True}],
    ids=["nagai", "weak", "deep", "tca", "snda"],
)
def test_dfpn_proves_and_disproves_what_pn_does_on_random_trees(options: dict) -> None:
    rng = random.Random(12)
    results = set()
    for _ in range(60):
        tree = random_tree(rng, rng.randint(2, 7))
        pn = ProofNumberSearch(ExplicitTreeGame(tree), Limits())
        pn.run()
        game = ExplicitTreeGame(tree)
        dfpn = DfpnSearch(game, Limits(max_nodes=1_000), **options)
        dfpn.run()
        assert dfpn.outcome.result is pn.outcome.result
        results.add(dfpn.outcome.result)
        record = describe_search(game, dfpn, "dfpn", "r")
        assert record.solved and record.verified is not False
    assert results == {Result.PROVED, Result.DISPROVED}


# -- transpositions and graph-history interaction on a constructed graph -------------------------


def ghi_graph() -> GraphGame:
    """X is reached by R–Y–Q–S–X and by R–Z–X. From X the defender (at W) may go back to Q: a
    draw by repetition on the first path, but on the second Q is new and the attacker wins from
    it with T. So X is disproved on one path and proved on the other."""
    edges = {
        "R": ["Y", "Z"],
        "Y": ["Q"],
        "Z": ["X"],
        "Q": ["S", "T"],  # S first: df-pn walks into the repetition before it finds T
        "S": ["X"],
        "X": ["W"],
        "W": ["Q", "M"],
        "T": ["T1", "T2", "T3"],
        "T1": ["M"],
        "T2": ["M"],
        "T3": ["M"],
    }
    return GraphGame(edges, or_nodes={"R", "Q", "X", "T1", "T2", "T3"}, wins={"M"})


def test_a_disproof_resting_on_a_repetition_is_not_stored() -> None:
    game = ghi_graph()
    search = DfpnSearch(game, Limits(max_nodes=64))
    assert search.run().result is Result.PROVED
    x = game.index["X"]
    stored = search.table.lookup(x)
    assert stored is None or stored[1] != 0  # X's draw on R–Y–Q–S–X is that path's alone
    assert search.table.refused >= 3  # W, X and S were drawn only on that path


def test_the_same_position_on_another_path_is_searched_afresh() -> None:
    """After the search, X on R–Z–X is searched (not read as the other path's draw) and proved.
    That proof is then stored: a forced mate is one whatever the history (the defender's return
    to Q only repeats it once; the verifier's chess has no draw there), so R–Y–Q–S–X reads it."""
    game = ghi_graph()
    search = DfpnSearch(game, Limits(max_nodes=64))
    search.run()
    z, x = game.index["Z"], game.index["X"]
    expansions = game.visits["X"]
    assert search.search_at([z, x])[0] == 0
    assert game.visits["X"] > expansions
    assert search.search_at([game.index["Y"], game.index["Q"], game.index["S"], x])[0] == 0


def test_a_cycle_inside_a_subtree_is_a_path_independent_disproof() -> None:
    """Q–S–X–W–Q without T: from Q the defender cycles back to Q whatever path led to Q, so Q's
    draw is stored (it rests on Q's own ply)."""
    edges = {"R": ["Y"], "Y": ["Q"], "Q": ["S"], "S": ["X"], "X": ["W"], "W": ["Q", "M"]}
    game = GraphGame(edges, or_nodes={"R", "Q", "X"}, wins={"M"})
    search = DfpnSearch(game, Limits(max_nodes=64))
    assert search.run().result is Result.DISPROVED
    assert search.table.lookup(game.index["Q"]) == (INF, 0, search.table.lookup(game.index["Q"])[2])
    x_entry = search.table.lookup(game.index["X"])
    assert x_entry is None or x_entry[1] != 0  # at most X's leaf numbers, never a disproof


def test_transpositions_are_searched_once() -> None:
    """Two attacker orders reach the same position P: the table answers the second time (P is
    expanded once by the search and once more by the read-out of the proof that ends it)."""
    edges = {
        "R": ["A", "B"],
        "A": ["A2"],
        "B": ["B2"],
        "A2": ["P"],
        "B2": ["P"],
        "P": ["P1", "P2"],
        "P1": ["M"],
        "P2": ["N"],
        "N": ["M"],
    }
    or_nodes = {"R", "A2", "B2", "P1", "N"}
    game = GraphGame(edges, or_nodes=or_nodes, wins={"M"})
    search = DfpnSearch(game, Limits(max_nodes=64))
    assert search.run().result is Result.PROVED
    assert game.visits["P"] == 2 and search.read_out_nodes > 0
    assert search.table.hits > 0


# -- chess ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(("position_id", "mate_in"), [("WAC.001", 2), ("WAC.004", 2)])
def test_dfpn_proves_wac_mates_with_verified_lines(position_id: str, mate_in: int) -> None:
    position = find_position(load_suite("wac-mates"), position_id)
    game = ChessGame(position.board)
    search = create_search(AlgorithmSpec("dfpn"), game, Limits(max_nodes=100_000))
    assert search.run().result is Result.PROVED
    record = describe_search(game, search, "dfpn", position_id, position.best_moves)
    assert record.verified and record.mate_in == mate_in
    assert record.main_line[-1].endswith("#")
    # reading the proof expands the positions the one-move mate test proved unexpanded
    assert record.nodes_in_memory <= len(search.table) <= 100_000


@pytest.mark.parametrize("options", [{"weak_delta": True}, {"deep_depth": 6}])
def test_the_literature_variants_prove_wac_222_and_the_proof_verifies(options: dict) -> None:
    """WAC.222 (mate in 6), with weak δ and with deep df-pn's depth bias: a different search
    (not df-pn's own 20,091 nodes), the same verified mate."""
    position = find_position(load_suite("wac-mates"), "WAC.222")
    game = ChessGame(position.board)
    search = DfpnSearch(game, Limits(max_nodes=200_000), **options)
    assert search.run().result is Result.PROVED
    assert search.nodes_created != 20_091
    record = describe_search(game, search, "dfpn", "WAC.222", position.best_moves)
    assert record.verified and record.mate_in == 6


def test_a_table_smaller_than_the_search_still_proves_and_verifies() -> None:
    """WAC.001 with 256 entries: replacement throws most of the search away, the proof is
    searched again where it was lost, and it still verifies."""
    position = find_position(load_suite("wac-mates"), "WAC.001")
    game = ChessGame(position.board)
    search = DfpnSearch(game, Limits(max_nodes=256, max_seconds=120))
    assert search.run().result is Result.PROVED
    assert search.table.replacements > 0 and search.peak_nodes_in_memory <= 256
    record = describe_search(game, search, "dfpn", "WAC.001")
    assert record.verified and record.mate_in == 2


def test_a_stalemate_trap_is_disproved() -> None:
    game = ChessGame(parse_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"))
    search = DfpnSearch(game, Limits(max_nodes=1_000))
    assert search.outcome is not None and search.outcome.result is Result.DISPROVED


def test_runs_in_slices_and_resumes() -> None:
    position = find_position(load_suite("wac-mates"), "WAC.001")
    search = DfpnSearch(ChessGame(position.board), Limits())
    slices = 0
    while search.run(max_iterations=50) is None:
        slices += 1
    assert slices > 1 and search.outcome.result is Result.PROVED


def test_new_suites_are_built_in() -> None:
    assert len(load_suite("endgame-mates")) == 14
    assert len(load_suite("matetrack-dev")) == 110
    assert len(load_suite("mate-in-2")) == 300
    assert find_position(load_suite("endgame-mates"), "egd.013").board.turn == chess.WHITE


def test_dfpn_mates_with_king_and_queen_where_pn_runs_out_of_memory() -> None:
    """KQK, a mate in 7 full of transpositions: PN fills 20,000 nodes without a proof; df-pn
    with a table of 20,000 entries proves it, and the proof verifies."""
    fen = "8/8/8/8/8/3k4/8/1K5Q w - - 0 1"
    pn = ProofNumberSearch(ChessGame(parse_fen(fen)), Limits(max_nodes=20_000))
    assert pn.run().result is Result.UNKNOWN
    game = ChessGame(parse_fen(fen))
    search = DfpnSearch(game, Limits(max_nodes=20_000, max_seconds=120))
    assert search.run().result is Result.PROVED
    record = describe_search(game, search, "dfpn", "KQK")
    assert record.verified and record.main_line[-1].endswith("#")


def test_a_re_expansion_counts_only_children_the_table_does_not_have() -> None:
    """The table's children skip the move count, and the search is the same as with every child
    counted (a game that ignores `known`): same nodes, same iterations, the same verified mate."""
    position = find_position(load_suite("wac-mates"), "WAC.001")
    counts = []
    searching: list[DfpnSearch] = []

    def counting(board: chess.Board) -> tuple[int, bool]:
        if not (searching and searching[0].reading_out):  # the search's, not the read-out's
            counts.append(1)
        return plain_count(board)

    class EveryChildCounted(ChessGame):
        def expand(
            self,
            room: int,
            known: object = None,
            mates_in_one: bool = False,
            threats: bool = False,
        ) -> Expansion | None:
            return super().expand(room, None, mates_in_one, threats)

    game = ChessGame(position.board, counter=counting)
    search = DfpnSearch(game, Limits(max_nodes=100_000))
    searching.append(search)
    assert search.run().result is Result.PROVED
    counted = len(counts)
    reference = DfpnSearch(EveryChildCounted(position.board), Limits(max_nodes=100_000))
    assert reference.run().result is Result.PROVED
    assert (search.nodes_created, search.iterations) == (
        reference.nodes_created,
        reference.iterations,
    )
    read_out = search.read_out_nodes  # the read-out of the proof stores what it generates too
    assert counted <= search.table.stores < search.nodes_created + read_out - 1
    known = search.nodes_created - 1 - counted  # children the table knew: not counted
    assert known > (search.nodes_created - 1) // 4
    record = describe_search(game, search, "dfpn", "WAC.001")
    assert record.verified and record.mate_in == 2


# -- the one-move mate test ----------------------------------------------------------------------


def test_replies_that_allow_a_mate_in_one_are_flagged_as_generated() -> None:
    """After Ne8 in WAC.001, 29 of Black's 35 replies allow a mate in one and 6 do not; the
    expansion flags exactly those, and only when asked."""
    game = ChessGame(find_position(load_suite("wac-mates"), "WAC.001").board)
    game.push(encode_move(game.board.parse_san("Ne8")))
    assert game.expand(INF).mates_in_one is None
    expansion = game.expand(INF, None, True)
    expected = []
    for move in expansion.moves:
        game.push(move)
        expected.append(has_mate_in_one(game.board.copy()))
        game.pop()
    assert expansion.mates_in_one == expected
    assert sum(expected) == 29 and len(expected) == 35


def test_the_attackers_own_moves_are_not_tested() -> None:
    """At an OR node the children are the defender's to move: nothing to test there."""
    game = ChessGame(find_position(load_suite("wac-mates"), "WAC.001").board)
    expansion = game.expand(INF, None, True)
    assert expansion.mates_in_one == [False] * len(expansion.moves)


def test_the_mate_in_one_test_saves_nodes_and_the_proof_still_verifies() -> None:
    """WAC.222 with and without the test (threats off, so the test alone counts): both proofs
    verify, the test's after half the nodes (21,464 against 44,185); a tree file has no such test
    and its search is the same either way."""
    position = find_position(load_suite("wac-mates"), "WAC.222")
    created = {}
    for flag in (False, True):
        game = ChessGame(position.board)
        search = DfpnSearch(game, Limits(max_nodes=1_000_000), mates_in_one=flag, threat_divisor=1)
        assert search.run().result is Result.PROVED
        created[flag] = search.nodes_created
        assert describe_search(game, search, "dfpn", "WAC.222").verified
    assert created == {False: 44_185, True: 21_464}
    tree_counts = []
    for flag in (False, True):
        search = DfpnSearch(three_child_tree(), Limits(max_nodes=1_000), mates_in_one=flag)
        search.run()
        tree_counts.append((search.outcome.result, search.nodes_created, search.iterations))
    assert tree_counts[0] == tree_counts[1]


def test_a_quiet_move_that_threatens_mate_starts_at_half_its_proof_number() -> None:
    """From mtd.046's line: 1. Rf4 threatens Rf8#, so with the divisor 2 Rf4's child starts at
    half its mobility (the default divisor 2); the other children, and every child with the
    divisor 1 (threats off), at their mobility."""
    board = chess.Board("1k6/2p1p1r1/2P3Pn/2B5/4R3/K2pp3/8/8 w - - 0 3")
    halved = DfpnSearch(ChessGame(board)).generate_children()
    plain = DfpnSearch(ChessGame(board), threat_divisor=1).generate_children()
    assert halved.moves == plain.moves and not any(plain.threat)
    threat = halved.moves.index(encode_move(chess.Move.from_uci("e4f4")))
    assert halved.threat[threat]
    for index, proof in enumerate(plain.proof):
        expected = max(1, proof // 2) if halved.threat[index] else proof
        assert halved.proof[index] == expected
    with pytest.raises(ValueError, match="threat_divisor"):
        DfpnSearch(ChessGame(board), threat_divisor=0)


def test_no_threat_test_where_the_mop_up_estimate_guides() -> None:
    """KQ against KR with the king in the corner: 15 of the queen's 23 moves threaten mate, so
    halving them would drown the mop-up estimate; with the estimate in use none is tested, and
    without it (weight 0) the same position flags them."""
    board = chess.Board("k7/8/1K6/8/8/8/8/r5Q1 w - - 0 1")
    guided = DfpnSearch(ChessGame(board))
    assert guided.mop_up_in_use and not guided.threats_in_use
    assert not any(guided.generate_children().threat)
    unguided = DfpnSearch(ChessGame(board), mop_up_weight=0)
    assert unguided.threats_in_use
    children = unguided.generate_children()
    expected = []
    for code in children.moves:
        after = board.copy()
        move = decode_move(code)
        quiet = not (board.gives_check(move) or board.is_capture(move))
        after.push(move)
        after.push(chess.Move.null())
        expected.append(quiet and has_mate_in_one(after))
    assert children.threat == expected and sum(expected) == 15


def test_a_stopped_mid_hands_back_a_stored_proof_with_its_distance_where_it_holds() -> None:
    """When a limit stops MID at a node, it returns the table's numbers: a proof with its own
    proven distance (the parent's distance is built on it), and nothing of a proof that does
    not hold at this clock (stored at clock 0, 99 plies long: the fifty-move rule could end it
    at clock 5)."""
    from pn_explorer.core.generators import finish

    board = chess.Board("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 5 30")
    for distance, clock, expected in ((3, 5, (0, INF, 3)), (99, 0, (1, 1, 0))):
        search = DfpnSearch(ChessGame(board), Limits(max_nodes=1_000))
        search.table.store(search._root_key, 0, INF, 10, distance, clock)
        search.cancel()
        result = finish(search.multiple_iterative_deepening(INF, INF, True))
        assert (result.proof, result.disproof, result.distance) == expected
