"""Games where one player moves twice running: every search against values computed without it,
every verdict certified.

In Dots-and-Boxes a player who completes a box moves again, so a node's type is not its parent's
opposite. A search that assumed turns alternate (df-pn's MID once handed every child the other
type's thresholds) proves or disproves the wrong goal; the exhaustive values here come from
OpenSpiel's own states (`tests.game_values`), and explicit trees and cyclic graphs with node
types drawn at random (an OR node under an OR node) put every search against brute force.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pn_explorer.core.cli.main import main
from pn_explorer.core.cli.output import EXIT_DISPROVED, EXIT_PROVED, EXIT_VERIFICATION_FAILED
from pn_explorer.core.games.explicit_tree import AndOrTree, ExplicitTreeGame, TreeNode
from pn_explorer.core.games.game import Game
from pn_explorer.core.games.game_specs import parse_game_spec
from pn_explorer.core.proofs.proof import ProofNode
from pn_explorer.core.runs.runner import describe_search
from pn_explorer.core.search import registry
from pn_explorer.core.search.dfpn import DfpnSearch
from pn_explorer.core.search.types import Limits, Result
from pn_explorer.core.values import Value
from tests.cyclic_graphs import first_repetition_value, random_cyclic_graph
from tests.game_values import alpha_beta_value, openspiel_value


def _runs_on(game: Game) -> list[str]:
    """The registered searches that run on `game` (a chess-only one, such as the native df-pn,
    is refused on a board game in one sentence, which the conformance test checks)."""
    return [name for name in registry.names() if registry.refusal(name, game) is None]


BOARD_SEARCHES = _runs_on(parse_game_spec("openspiel:dots_and_boxes").game())
TREE_SEARCHES = _runs_on(
    ExplicitTreeGame(AndOrTree([TreeNode("A", True, Value.TRUE, [], "", None)]))
)

SMALL_BOARDS = ["num_rows=1,num_cols=1", "num_rows=1,num_cols=2", "num_rows=2,num_cols=1"]
GOALS = [("win", 0), ("win", 1), ("draw", 0), ("draw", 1)]


def _search(name: str, game: Game, max_nodes: int = 300_000):
    """Search `name` with the square order where it has an order to choose (no pieces here)."""
    values = {"ordering": "square"} if registry.entry(name).takes("ordering") else {}
    return registry.build(name, game, Limits(max_nodes=max_nodes), values)


def _checked_verdict(name: str, game: Game, max_nodes: int = 300_000) -> bool:
    """The search's verdict once the runner has certified it: a proof replayed by the game's
    referee, a disproof read out and replayed as the defender's strategy."""
    search = _search(name, game, max_nodes)
    outcome = search.run()
    assert outcome.result is not Result.UNKNOWN, f"{name}: {outcome}"
    record = describe_search(game, search, name)
    if outcome.result is Result.PROVED:
        assert record.verified, f"{name}: {record.verification_error}"
        return True
    assert record.disproof_certified, f"{name}: {record.disproof_error}"
    assert "certificate checked" in record.disproof_text
    return False


def _dots_and_boxes(board: str, goal: str, player: int, moves: str = "") -> Game:
    more = f",moves={moves}" if moves else ""
    return parse_game_spec(
        f"openspiel:dots_and_boxes({board},goal={goal},player={player}{more})"
    ).game()


def test_the_exhaustive_values_agree_with_openspiels_alpha_beta() -> None:
    """The reference itself, against a second one: OpenSpiel's alpha-beta (first player's value:
    +1 a win, 0 a tie, −1 a loss) on the boards small enough to search without a table."""
    for board in [*SMALL_BOARDS, "num_rows=1,num_cols=3"]:
        spec = f"dots_and_boxes({board})"
        value = alpha_beta_value(spec)
        assert openspiel_value(spec, 0, "win") == (value > 0)
        assert openspiel_value(spec, 0, "draw") == (value >= 0)
        assert openspiel_value(spec, 1, "win") == (value < 0)


@pytest.mark.parametrize("board", SMALL_BOARDS)
@pytest.mark.parametrize(("goal", "player"), GOALS)
@pytest.mark.parametrize("name", BOARD_SEARCHES)
def test_every_search_solves_small_dots_and_boxes_as_the_game_is(board, goal, player, name):
    expected = openspiel_value(f"dots_and_boxes({board})", player, goal)
    assert _checked_verdict(name, _dots_and_boxes(board, goal, player)) is expected


@pytest.mark.parametrize(("goal", "player"), GOALS)
@pytest.mark.parametrize("name", BOARD_SEARCHES)
def test_every_search_solves_one_by_three_dots_and_boxes(goal, player, name):
    expected = openspiel_value("dots_and_boxes(num_rows=1,num_cols=3)", player, goal)
    game = _dots_and_boxes("num_rows=1,num_cols=3", goal, player)
    assert _checked_verdict(name, game) is expected


@pytest.mark.parametrize(("goal", "player"), GOALS)
@pytest.mark.parametrize("name", ["dfpn", "dagpn", "ab"])
def test_two_by_two_dots_and_boxes_where_df_pn_once_disproved_a_win(goal, player, name):
    """The false disproof: player 1 wins 2×2 Dots-and-Boxes, which df-pn called lost. (αβ's
    depth counts the attacker's moves, and a player who moves again makes more of them.)"""
    expected = openspiel_value("dots_and_boxes(num_rows=2,num_cols=2)", player, goal)
    game = _dots_and_boxes("num_rows=2,num_cols=2", goal, player)
    assert _checked_verdict(name, game, 1_000_000) is expected
    if (goal, player) == ("win", 0):
        assert expected


@pytest.mark.parametrize("name", BOARD_SEARCHES)
def test_every_search_on_two_by_two_after_three_lines(name):
    """Every search, PN and Pn² too, on the 2×2 board a few lines in (small enough for PN)."""
    start = (0, 5, 9)
    for goal, player in GOALS:
        spec = "dots_and_boxes(num_rows=2,num_cols=2)"
        expected = openspiel_value(spec, player, goal, start)
        game = _dots_and_boxes("num_rows=2,num_cols=2", goal, player, ".".join(map(str, start)))
        assert _checked_verdict(name, game) is expected, (goal, player)


# -- explicit trees and cyclic graphs whose node types do not alternate ---------------------------


def _random_tree(rng: random.Random, size: int) -> AndOrTree:
    """A random tree of about `size` nodes, each node's type drawn at random (an OR node under
    an OR node is a player moving twice), leaves true or false."""
    nodes: list[TreeNode] = []

    def grow(depth: int) -> int:
        index = len(nodes)
        name = f"N{index}"
        nodes.append(TreeNode(name, rng.random() < 0.5, Value.UNKNOWN, [], name, None))
        if depth >= 5 or len(nodes) >= size or (depth > 1 and rng.random() < 0.25):
            nodes[index].value = Value.TRUE if rng.random() < 0.5 else Value.FALSE
            return index
        nodes[index].children = [grow(depth + 1) for _ in range(rng.randint(1, 3))]
        return index

    grow(0)
    return AndOrTree(nodes, "random types")


def _tree_value(tree: AndOrTree, index: int = 0) -> bool:
    node = tree.nodes[index]
    if not node.children:
        return node.value is Value.TRUE
    found = (_tree_value(tree, child) for child in node.children)
    return any(found) if node.is_or else all(found)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), size=st.integers(2, 60))
def test_every_search_on_trees_whose_types_do_not_alternate(seed, size):
    tree = _random_tree(random.Random(seed), size)
    expected = _tree_value(tree)
    for name in TREE_SEARCHES:
        assert _checked_verdict(name, ExplicitTreeGame(tree)) is expected, name


def test_cyclic_graphs_whose_types_do_not_alternate_are_never_solved_wrongly() -> None:
    """Graphs with cycles (a repetition on the path draws) whose edges join nodes of either type:
    df-pn and DAG PN, which merge positions, against brute force over every path."""
    for seed in range(150):
        rng = random.Random(seed)
        game = random_cyclic_graph(rng, rng.randint(4, 12), alternate=False)
        expected = first_repetition_value(game)
        for name in ("dfpn", "dagpn", "pn"):
            search = _search(name, game, 20_000)
            outcome = search.run()
            if outcome.result is not Result.UNKNOWN:
                assert (outcome.result is Result.PROVED) is expected, (seed, name)


# -- the command line ---------------------------------------------------------------------------


def test_solve_says_each_dots_and_boxes_verdict_certified(capsys, tmp_path) -> None:
    """The run that once printed a false "player 1 cannot force a win" (exit 10) proves the win;
    the other player's goal is disproved with its certificate, and exported as a move tree in
    which the player who completes a box moves again."""
    spec = "openspiel:dots_and_boxes(num_rows=2,num_cols=2)"
    assert main(["solve", "--game", spec, "--algo", "dfpn", "--quiet"]) == EXIT_PROVED
    out = capsys.readouterr().out
    assert "proved: player 1 can force a win" in out and "replayed by the game's referee" in out
    path = tmp_path / "refutation.txt"
    other = "openspiel:dots_and_boxes(num_rows=2,num_cols=2,player=o)"
    args = ["solve", "--game", other, "--algo", "dfpn", "--quiet", "--export-moves", str(path)]
    assert main(args) == EXIT_DISPROVED
    out = capsys.readouterr().out
    assert "Disproof   player 2 cannot force a win: disproved" in out
    assert "certificate checked" in out
    text = path.read_text(encoding="utf-8")
    assert "(again)" in text and "moves again" in text
    assert main([*args[:-2], "--json"]) == EXIT_DISPROVED
    data = json.loads(capsys.readouterr().out)
    assert data["disproof"]["checked"] is True and data["disproof"]["positions_checked"] > 0


def test_an_uncertified_game_disproof_exits_3_and_says_so(capsys, monkeypatch) -> None:
    """A disproof the game's replay refuses claims nothing: exit 3, "not certified"."""
    monkeypatch.setattr(DfpnSearch, "disproof", lambda search: ProofNode(True))
    spec = "openspiel:dots_and_boxes(num_rows=1,num_cols=2)"
    assert main(["solve", "--game", spec, "--algo", "dfpn", "--quiet"]) == EXIT_VERIFICATION_FAILED
    out = capsys.readouterr().out
    assert "not certified" in out and "the disproof ends but the game goes on" in out
