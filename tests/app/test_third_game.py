"""A game that is neither chess nor an explicit tree, registered for these tests only: one-pile
Nim (take 1 to 3 counters; who takes the last one wins). PN search, df-pn, the verifier, the
runner's record, the explanations and the whole window run on it through its game kind alone:
nothing assumes that a game which is not chess is a tree file."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from probe_family import TakeAwayGame

from pn_explorer.app.board_focus import BoardFocus
from pn_explorer.app.focus import FIRST_LEVEL, line_view, position_view
from pn_explorer.app.problems.search_setup import SearchParams, build_search, fresh_game
from pn_explorer.app.problems.sources import Source, load
from pn_explorer.app.result.panel import (
    MATE,
    REFUTED,
    TREE_PROOF,
    result_kind,
    result_text,
)
from pn_explorer.app.window import MainWindow
from pn_explorer.core.errors import PnExplorerError, VerificationError
from pn_explorer.core.explain.explain import explain
from pn_explorer.core.explain.lines import Lines
from pn_explorer.core.games.game import Capabilities
from pn_explorer.core.games.kinds import GameKind, Loaded, VerifiedProof, replay_check
from pn_explorer.core.games.registry import kind_of, register, unregister
from pn_explorer.core.proofs.proof import ProofNode
from pn_explorer.core.runs.runner import describe_search, solution_record
from pn_explorer.core.search.algorithms import AlgorithmSpec, create_search, create_stepper
from pn_explorer.core.search.types import Limits, Result
from pn_explorer.core.tree import ROOT

NIM = "nim"


class NimGame(TakeAwayGame):
    """One-pile Nim is take-away with 1 to 3 a turn (`probe_family`'s cursor), here a kind of its
    own with no board and its own words; move codes are the counters taken."""

    kind = NIM
    capabilities = Capabilities()

    def __init__(self, start: int) -> None:
        super().__init__(start, 3)

    def move_label(self, move: int) -> str:
        return f"take {move}"

    def position_label(self) -> str:
        return f"{self.piles[-1]} left"


class NimKind(GameKind[NimGame]):
    name = NIM
    title = "Nim pile"
    sources = (NIM,)
    suffixes = {".nim": NIM}
    example = Source(NIM, "7")
    proved = "the first player wins"
    disproved = "the second player wins"

    def load(self, source: Source) -> Loaded:
        if not source.text.strip().isdigit():
            raise PnExplorerError(f"a Nim pile is a number of counters, not {source.text!r}")
        start = int(source.text)
        return Loaded(source, f"Nim with {start} counters", NimGame(start))

    def fresh(self, game: NimGame) -> NimGame:
        return NimGame(game.pile)

    def verify(self, game: NimGame, proof: ProofNode) -> VerifiedProof:
        return replay_check(self.fresh(game), proof)

    def verify_disproof(
        self, game: NimGame, disproof: ProofNode, max_plies: int | None = None
    ) -> VerifiedProof:
        return replay_check(self.fresh(game), disproof, proving=False)


@pytest.fixture(autouse=True)
def nim() -> Iterator[NimKind]:
    kind = NimKind()
    register(kind)
    yield kind
    unregister(NIM)


def searched(start: int, algo: str = "pn"):
    game = NimGame(start)
    search = create_search(AlgorithmSpec(algo), game, Limits(max_nodes=10_000))
    search.run()
    return game, search


@pytest.mark.parametrize("algo", ["pn", "pn2", "dfpn", "dagpn"])
def test_the_searches_prove_and_disprove_nim_and_the_runner_verifies_it(algo):
    for start in range(1, 13):
        game, search = searched(start, algo)
        winning = start % 4 != 0
        assert search.outcome.result is (Result.PROVED if winning else Result.DISPROVED)
        record = describe_search(game, search, algo)
        assert record.game == NIM and record.position == f"{start} left" and record.fen == ""
        if winning:
            assert record.verified and record.mate_in is None and record.proof_size >= 2
            assert record.line_moves[0] == start % 4  # leave the opponent a multiple of 4
            assert record.main_line[0] == f"take {start % 4}"
        elif search.tree is not None:
            assert record.refutation and all(text for _, text in record.refutation)


def test_the_verifier_replays_nim_proofs_under_nims_rules(nim):
    game, search = searched(7)
    assert nim.verify(game, search.proof()).size == search.proof().size()
    wrong = ProofNode(True, {1: ProofNode(False)})  # 7 - 1 = 6: the defender is not beaten
    with pytest.raises(VerificationError):
        nim.verify(game, wrong)
    illegal = ProofNode(True, {5: ProofNode(False)})
    with pytest.raises(VerificationError, match="not legal"):
        nim.verify(game, illegal)


def test_the_explanation_words_come_from_nims_kind():
    game, search = searched(8)
    lines = Lines(game, search.tree)
    child = search.tree.first_child[ROOT]
    assert lines.move(child) == "take 1"
    assert lines.line(child) == "8 left → take 1"
    assert (lines.attacker, lines.defender) == ("the attacker", "the defender")
    stepper = create_stepper(AlgorithmSpec("pn"), NimGame(9), Limits(max_nodes=5))
    stepper.run()
    assert explain(stepper).effort


def test_the_app_opens_sets_up_and_reports_a_game_that_is_neither_chess_nor_a_tree():
    problem = load(Source(NIM, "6"))
    assert problem.kind.name == NIM and problem.title == "Nim with 6 counters"
    params = SearchParams("pn2")
    assert fresh_game(problem.game) is not problem.game
    search = build_search(problem.game, params)
    search.run()
    record = solution_record(search)
    assert record.id == "" and record.verified
    assert result_kind(record) == TREE_PROOF != MATE
    headline, details = result_text(record, search.game)
    assert headline == "Proved: the first player wins"
    assert details[0].startswith("6 left → take 2 → take ")
    disproved = build_search(load(Source(NIM, "8")).game, params)
    disproved.run()
    refuted = solution_record(disproved)
    assert result_kind(refuted) == REFUTED
    assert result_text(refuted, disproved.game)[0] == "Disproved: the second player wins"


def test_the_board_shows_a_nim_position_by_its_line_alone():
    search = build_search(load(Source(NIM, "5")).game, SearchParams())
    search.run()
    node = search.tree.first_child[ROOT]
    view = position_view(search, search.game, FIRST_LEVEL, node, "pointed at")
    assert view.position is None and view.kind == NIM
    assert view.line == "5 left → take 1" and view.details.startswith("AND node")
    played = line_view(search.game, [1, 3], 2, "main line")
    assert played.line == "5 left → take 1 → take 3"
    presenter = BoardFocus()
    presenter.set_search(search)
    presenter.show_line([1, 3], 1)
    assert presenter.view().line == "5 left → take 1"


def test_the_window_runs_nim_to_a_verified_end(qtbot):
    window = MainWindow(persist=False, params=SearchParams("pn", 10_000))
    qtbot.addWidget(window)
    window.show()
    assert window.open_problem(load(Source(NIM, "10")))
    window.driver.run_to_end()
    qtbot.waitUntil(lambda: window.solution is not None, timeout=30_000)
    assert window.solution.verified and window.solution.game == NIM
    assert window.board_view.fen is None
    assert window.board_view.tree_path.text().startswith("10 left")
    window.result_panel.slider.setValue(1)
    assert window.board_view.view.line == "10 left → take 2"
    assert kind_of(window.driver.search.game).name == NIM


def test_the_window_runs_a_board_game_named_by_its_spec(qtbot):
    window = MainWindow(persist=False, params=SearchParams("pn", 100_000))
    qtbot.addWidget(window)
    window.show()
    assert window.open_source(Source("game", "tic-tac-toe(goal=draw)"))
    window.driver.run_to_end()
    qtbot.waitUntil(lambda: window.solution is not None, timeout=60_000)
    assert window.solution.verified and window.solution.game == "mnk"
    assert window.solution.position == ".../.../... X to move"
    assert window.result_panel.headline_text == "X can at least draw: proved"
