"""The board-focus presenter's rules (hover, pin, Esc, steps, the main line) against the engine's
own tree: what it shows is the node pointed at, else the search's most-proving node."""

from helpers import wac

from pn_explorer.app.board_focus import BoardFocus
from pn_explorer.app.focus import FIRST_LEVEL, SECOND_LEVEL
from pn_explorer.core.games.chess_game import ChessGame
from pn_explorer.core.proofs.proof import node_after_moves
from pn_explorer.core.search.pn import ProofNumberSearch
from pn_explorer.core.search.pn2 import Pn2Search
from pn_explorer.core.search.types import Limits
from pn_explorer.core.tree import ROOT


def engine_most_proving(search) -> tuple[int, int]:
    inner = search.second_level
    if inner is not None:
        return SECOND_LEVEL, inner.tree.most_proving_path()[-1]
    return FIRST_LEVEL, search.tree.most_proving_path()[-1]


def started(search) -> BoardFocus:
    presenter = BoardFocus()
    presenter.set_search(search)
    return presenter


def test_a_hovered_node_is_shown_until_the_next_step():
    search = ProofNumberSearch(ChessGame(wac("WAC.001").board))
    presenter = started(search)
    report = search.step_iteration()
    presenter.step_taken(report)
    assert presenter.focused_node() == engine_most_proving(search)
    node = search.tree.children(ROOT)[3]
    assert presenter.hover(FIRST_LEVEL, node)
    view = presenter.view()
    assert (view.level, view.node) == (FIRST_LEVEL, node)
    assert view.fen == search.game.board_after(search.tree.moves_to(node)).fen()
    assert view.heading.startswith("The node you pointed at")
    presenter.step_taken(search.step_phase())
    assert presenter.focused_node() == engine_most_proving(search)
    assert not presenter.hover(FIRST_LEVEL, len(search.tree)), "no such node"
    assert presenter.focused_node() == engine_most_proving(search)


def test_a_pinned_node_stays_across_steps_until_esc():
    search = ProofNumberSearch(ChessGame(wac("WAC.001").board))
    presenter = started(search)
    search.step_iteration()
    pinned = search.tree.children(ROOT)[0]
    presenter.pin(FIRST_LEVEL, pinned)
    presenter.hover(FIRST_LEVEL, pinned)
    other = search.tree.children(ROOT)[1]
    presenter.hover(FIRST_LEVEL, other)
    assert presenter.focused_node() == (FIRST_LEVEL, other)
    for _ in range(3):
        presenter.step_taken(search.step_phase())
        assert presenter.focused_node() == (FIRST_LEVEL, pinned)
    presenter.moved_on()
    assert presenter.focused_node() == (FIRST_LEVEL, pinned)
    presenter.release()
    assert presenter.focused_node() == engine_most_proving(search)
    presenter.pin(FIRST_LEVEL, pinned)
    presenter.pin(FIRST_LEVEL, -1)
    assert presenter.focused_node() == engine_most_proving(search)


def test_the_board_follows_the_second_level_and_a_vanished_pin_gives_way():
    search = Pn2Search(ChessGame(wac("WAC.014").board), Limits(max_nodes=5000), a=300.0, b=100.0)
    presenter = started(search)
    while search.second_level is None or len(search.second_level.tree) < 3:
        presenter.step_taken(search.step_into())
    assert presenter.focused_node() == engine_most_proving(search)
    assert presenter.view().level == SECOND_LEVEL
    presenter.pin(SECOND_LEVEL, 2)
    assert presenter.focused_node() == (SECOND_LEVEL, 2)
    while search.second_level is not None:
        presenter.step_taken(search.step_into())
    assert presenter.focused_node() == engine_most_proving(search)
    assert presenter.focused_node()[0] == FIRST_LEVEL


def test_the_main_line_is_played_until_the_search_moves_on():
    search = ProofNumberSearch(ChessGame(wac("WAC.001").board))
    presenter = started(search)
    search.run()
    line = search.tree.moves_to(search.tree.children(ROOT)[0])
    node = presenter.show_line(line, 1)
    assert node == node_after_moves(search.tree, line) == search.tree.children(ROOT)[0]
    view = presenter.view()
    assert view.fen == search.game.board_after(line).fen()
    assert view.heading == "Main line: ply 1 of 1 (move 1)"
    presenter.hover(FIRST_LEVEL, ROOT)
    assert presenter.view().fen == search.game.root_board.fen()
    presenter.set_search(None)
    assert presenter.view() is None
