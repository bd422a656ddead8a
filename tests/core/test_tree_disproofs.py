"""PN's, Pn²'s and DAG PN's disproofs read out of their own trees and graph (`Search.disproof`)
and certified by the independent replay (`core.proofs.verify_disproof`), as df-pn's are: drawn
chess positions certified, planted bad read-outs rejected and their claims withdrawn, and DAG PN's
repetition draws shared by transposed paths judged by the replay's own lines, never by the
graph's word."""

from __future__ import annotations

import json
import random

import chess
import pytest

from pn_explorer.core.cli.main import main
from pn_explorer.core.cli.output import EXIT_VERIFICATION_FAILED
from pn_explorer.core.errors import VerificationError
from pn_explorer.core.games.chess_game import ChessGame, decode_move
from pn_explorer.core.games.solution import refutation, uci_proof
from pn_explorer.core.proofs.proof import ProofNode
from pn_explorer.core.proofs.verify_disproof import verify_disproof
from pn_explorer.core.runs.runner import UNCERTIFIED, describe_search
from pn_explorer.core.search import dag_pn
from pn_explorer.core.search.dag_pn import DagProofNumberSearch
from pn_explorer.core.search.defaults import ONE
from pn_explorer.core.search.pn import ProofNumberSearch
from pn_explorer.core.search.pn2 import Pn2Search
from pn_explorer.core.search.registry import build
from pn_explorer.core.search.types import Limits, Outcome, Result, StopReason
from pn_explorer.core.tree import ROOT
from pn_explorer.core.values import Reason
from tests.core.test_unbounded_disproof import (
    FORTRESS,
    ROOK_PAWN,
    line_ends,
)
from tests.cyclic_graphs import check_defender_strategy, first_repetition_value, random_cyclic_graph
from tests.helpers import drop_a_root_move_from_disproofs

STALEMATE_DRAW = "k7/P7/2K5/8/8/8/8/8 w - - 0 1"
"""A knight's-file pawn on the seventh with the defending king in front: every line ends in
stalemate or the pawn's loss."""

DRAWS = [
    (ROOK_PAWN, chess.WHITE),
    (STALEMATE_DRAW, chess.WHITE),
    (FORTRESS, chess.WHITE),
    (FORTRESS, chess.BLACK),
    (FORTRESS.replace(" w ", " b "), chess.WHITE),
]


def _searched(algorithm: str, fen: str, attacker: chess.Color, **values):
    game = ChessGame(chess.Board(fen), attacker=attacker)
    search = build(algorithm, game, Limits(max_nodes=100_000), values)
    search.run()
    return game, search


@pytest.mark.parametrize("algorithm", ["pn", "pn2", "dagpn"])
@pytest.mark.parametrize(("fen", "attacker"), DRAWS)
def test_a_drawn_position_is_certified_by_the_replay(algorithm, fen, attacker):
    """The search's disproof, read out of its own tree, is replayed and accepted, and the record
    claims "no forced mate" with the positions replayed (brute force agrees on the fortress:
    `test_unbounded_disproof`). DAG PN leaves the rook's pawn unknown (below), and says so."""
    board = chess.Board(fen)
    game, search = _searched(algorithm, fen, attacker)
    if algorithm == "dagpn" and fen == ROOK_PAWN:
        assert search.outcome.result is Result.UNKNOWN and "shared" in search.outcome.detail
        return
    assert search.outcome.result is Result.DISPROVED
    tree = uci_proof(search.disproof())
    assert verify_disproof(board, tree, attacker, None).nodes > 0
    record = describe_search(game, search, algorithm)
    assert record.disproof_certified is True and record.disproof_positions > 0
    assert record.claim == "no forced mate" and record.solved
    assert "certificate checked" in record.disproof_text
    if fen.startswith(FORTRESS.split()[0]):
        assert all(repeated for _, repeated in line_ends(board.copy(), tree))


def test_the_rook_pawn_draw_ends_its_lines_by_every_kind_of_rule() -> None:
    """PN's read-out of the rook's pawn: some lines repeat a position of their own, others end
    in stalemate or the pawn's capture."""
    board = chess.Board(ROOK_PAWN)
    _, search = _searched("pn", ROOK_PAWN, chess.WHITE)
    ends = line_ends(board.copy(), uci_proof(search.disproof()))
    repeated = [moves for moves, again in ends if again]
    assert repeated and len(repeated) < len(ends)


def test_pn2_recovers_the_disproofs_its_second_level_threw_away(monkeypatch) -> None:
    """With f ≡ 1 the second level is as large as the first: first-level leaves it disproved
    have no subtree kept, and the read-out re-runs PN at each (not counted as nodes created)."""
    recovered: list[int] = []
    recover = Pn2Search.recover_disproof

    def spy(search: Pn2Search, node: int) -> ProofNode:
        recovered.append(node)
        return recover(search, node)

    monkeypatch.setattr(Pn2Search, "recover_disproof", spy)
    game, search = _searched("pn2", ROOK_PAWN, chess.WHITE, fraction=ONE)
    assert search.outcome.result is Result.DISPROVED
    created = search.nodes_created
    record = describe_search(game, search, "pn2")
    assert recovered and record.disproof_certified is True
    assert search.nodes_created == created == record.nodes_created
    leaves = [node for node in recovered if not search.tree.is_expanded(node)]
    assert leaves == recovered and all(search.tree.disproof[node] == 0 for node in leaves)


def test_pn2_withdraws_a_disproof_whose_second_level_cannot_be_searched_again(monkeypatch):
    """A re-run that does not disprove the leaf (here: stopped at once) leaves the disproof
    uncertified, with the reason, rather than taken on the search's word."""
    game, search = _searched("pn2", ROOK_PAWN, chess.WHITE, fraction=ONE)

    def nothing_found(self: ProofNumberSearch, *args, **kwargs) -> Outcome:
        self.outcome = Outcome(Result.UNKNOWN, StopReason.CANCELLED, "cancelled")
        return self.outcome

    monkeypatch.setattr(ProofNumberSearch, "run", nothing_found)
    record = describe_search(game, search, "pn2")
    assert record.uncertified and record.claim == "" and record.verdict == UNCERTIFIED
    assert "did not disprove it" in record.disproof_error


@pytest.mark.parametrize("algorithm", ["pn", "pn2", "dagpn"])
def test_a_planted_bad_read_out_is_rejected_and_the_claim_withdrawn(monkeypatch, algorithm):
    drop_a_root_move_from_disproofs(monkeypatch)
    game, search = _searched(algorithm, FORTRESS, chess.WHITE)
    assert search.outcome.result is Result.DISPROVED
    record = describe_search(game, search, algorithm)
    assert record.disproof_certified is False and record.claim == "" and not record.solved
    assert "not answered" in record.disproof_error
    assert record.disproof_text.startswith("disproved by the search but not certified: ")


def _graph_word(search: DagProofNumberSearch) -> ProofNode:
    """The disproof as the graph says it, node for node: one shared `ProofNode` per node, every
    edge at OR nodes, the first disproved edge at AND nodes, repetition leaves taken as they
    stand whatever path reaches them."""
    tree = search.tree
    made = {ROOT: ProofNode(tree.is_or(ROOT))}
    stack = [ROOT]
    while stack:
        node = stack.pop()
        edges = tree.edges(node)
        if edges and not tree.is_or(node):
            edges = [next(edge for edge in edges if tree.disproof[edge[1]] == 0)]
        for move, child in edges:
            if child not in made:
                made[child] = ProofNode(tree.is_or(child))
                stack.append(child)
            made[node].children[move] = made[child]
    return made[ROOT]


def test_a_draw_shared_through_a_transposition_is_not_taken_on_the_graphs_word() -> None:
    """In DAG PN's graph of the rook's pawn the root's disproof number is 0 only through
    repetition draws shared by transposed paths: read node for node, the disproof ends a line
    where nothing repeats on it, and the replay refuses it. The search does not report it,
    and the record claims nothing."""
    game, search = _searched("dagpn", ROOK_PAWN, chess.WHITE)
    assert search.tree.disproof[ROOT] == 0 and search.shared_draws > 0
    with pytest.raises(VerificationError, match="no rule ends the line"):
        verify_disproof(chess.Board(ROOK_PAWN), uci_proof(_graph_word(search)), chess.WHITE, None)
    assert search.outcome.result is Result.UNKNOWN and "shared" in search.outcome.detail
    record = describe_search(game, search, "dagpn")
    assert record.claim == "" and record.disproof_certified is None and not record.solved


def test_a_disproved_dag_whose_draws_hold_on_no_path_read_is_withdrawn(monkeypatch) -> None:
    """Were DAG PN to report every root its numbers disprove, the rook's pawn would be claimed on
    the graph's word: its read-out along real paths finds no disproof, and the claim is withdrawn
    with the reason."""

    def numbers_word(search: DagProofNumberSearch) -> Outcome | None:
        if search.tree.disproof[ROOT] == 0:
            return Outcome(Result.DISPROVED, StopReason.SOLVED)
        return None

    monkeypatch.setattr(DagProofNumberSearch, "_root_outcome", numbers_word)
    game, search = _searched("dagpn", ROOK_PAWN, chess.WHITE)
    assert search.outcome.result is Result.DISPROVED
    record = describe_search(game, search, "dagpn")
    assert record.uncertified and record.claim == ""
    assert "holds on none of the paths read out" in record.disproof_error
    monkeypatch.setattr(DagProofNumberSearch, "disproof", _graph_word)
    record = describe_search(game, search, "dagpn")
    assert record.uncertified and "no rule ends the line" in record.disproof_error


def test_dag_pn_reads_a_shared_draw_again_on_the_paths_it_holds_on() -> None:
    """The fortress's graph has repetition draws below merged nodes, so the root's disproof is
    not clean of them; read along real paths it holds, and the replay accepts it."""
    game, search = _searched("dagpn", FORTRESS, chess.WHITE)
    assert search.shared_draws > 0 and not search._clean_disproofs()[ROOT]
    assert search.outcome.result is Result.DISPROVED
    assert describe_search(game, search, "dagpn").disproof_certified is True


def test_a_reading_over_its_budget_reports_no_disproof(monkeypatch) -> None:
    """The reading along the paths gives up after its budget (here ten nodes, too few for the
    fortress's draws read on each path): the search ends unknown and says why, rather than
    report what it could not read."""
    monkeypatch.setattr(dag_pn, "READING_BUDGET", 10)
    monkeypatch.setattr(dag_pn, "READING_PER_NODE", 0)
    _, search = _searched("dagpn", FORTRESS, chess.WHITE)
    assert search.outcome.result is Result.UNKNOWN
    assert "no disproof was read along the paths within 10 nodes" in search.outcome.detail


def test_random_cyclic_graphs_every_tree_disproof_is_a_defender_strategy() -> None:
    """On 300 random graphs full of cycles, every disproof PN and DAG PN read out keeps the
    attacker from winning on every line (brute force agrees), DAG PN's read along real paths
    even where its graph has shared draws; and DAG PN disproves some roots it could not say
    were disproved without such a reading."""
    disproved = {"pn": 0, "dagpn": 0}
    reread = 0
    for seed in range(300):
        for search_class in (ProofNumberSearch, DagProofNumberSearch):
            game = random_cyclic_graph(random.Random(seed), random.Random(seed).randint(6, 16))
            search = search_class(game, Limits(max_nodes=100_000))
            if search.run().result is not Result.DISPROVED:
                continue
            assert not first_repetition_value(game), seed
            check_defender_strategy(game, search.disproof())
            disproved[search.algorithm] += 1
            if isinstance(search, DagProofNumberSearch):
                reread += not search._clean_disproofs()[ROOT]
    assert disproved["pn"] >= 100 and disproved["dagpn"] >= 100
    assert reread > 0


def _solve(capsys, *args: str) -> tuple[int, str]:
    status = main(["solve", *args])
    return status, capsys.readouterr().out


@pytest.mark.parametrize(("algorithm", "fen"), [("pn", ROOK_PAWN), ("dagpn", FORTRESS)])
def test_solve_says_certified_for_pn_and_dag_pn(capsys, monkeypatch, algorithm, fen):
    status, out = _solve(capsys, fen, "--algo", algorithm, "--quiet")
    assert status == 10
    assert "Disproof   no forced mate: disproved, " in out and "certificate checked" in out
    _, out = _solve(capsys, fen, "--algo", algorithm, "--quiet", "--json")
    data = json.loads(out)
    assert data["claim"] == "no forced mate" and data["disproof"]["checked"] is True
    assert data["disproof"]["positions_checked"] > 0

    drop_a_root_move_from_disproofs(monkeypatch)
    status, out = _solve(capsys, fen, "--algo", algorithm, "--quiet")
    assert status == EXIT_VERIFICATION_FAILED  # nothing is claimed
    assert "Disproof   disproved by the search but not certified: after (root)" in out
    assert "no forced mate" not in out
    _, out = _solve(capsys, fen, "--algo", algorithm, "--quiet", "--json")
    data = json.loads(out)
    assert data["claim"] == "" and data["disproof"]["checked"] is False
    assert "not answered" in data["disproof"]["text"]


def test_a_terminal_root_is_certified_by_the_rule_that_ends_it() -> None:
    """The attacker has a lone king: the root itself is drawn, and the empty disproof every
    search reads out is replayed as such."""
    fen = "8/8/8/8/8/8/5k1p/7K w - - 0 1"
    for algorithm in ("pn", "pn2", "dagpn", "dfpn", "ab"):
        game, search = _searched(algorithm, fen, chess.WHITE)
        assert search.outcome.reason is StopReason.ROOT_TERMINAL, algorithm
        record = describe_search(game, search, algorithm)
        assert record.disproof_certified is True and record.disproof_positions == 1, algorithm
    assert ChessGame(chess.Board(fen)).evaluate().reason is Reason.INSUFFICIENT_MATERIAL


def test_pn2s_refutation_names_the_moves_its_second_level_refuted():
    """A root move Pn²'s second level disproved has no subtree in the first-level tree: the
    refutation says so, not "not searched", for exactly those moves of the engine's tree."""
    game = ChessGame(chess.Board(STALEMATE_DRAW))
    search = Pn2Search(game, Limits(max_nodes=10_000))
    assert search.run().result is Result.DISPROVED
    tree = search.tree
    lines = dict(refutation(game, tree).lines)
    board = chess.Board(STALEMATE_DRAW)
    settled = {
        board.san(decode_move(tree.move_to(ROOT, child)))
        for child in tree.successors(ROOT)
        if not tree.is_expanded(child) and tree.reason(child) is Reason.NONE
    }
    assert settled and all(tree.disproof[child] == 0 for child in tree.successors(ROOT))
    assert {move for move, why in lines.items() if why == "refuted by a second-level search"} == (
        settled
    )
    assert "not searched" not in lines.values()
