"""DAG PN's narration: a child linked to a position already in the graph is said to be linked,
with the line it was first reached by and its parents counted as the search's `parents()` has
them; a selection through a link names the moves it walked."""

from __future__ import annotations

from itertools import pairwise

from pn_explorer.app.narration.describe import describe_step
from pn_explorer.core.games.chess_game import ChessGame, decode_move
from pn_explorer.core.games.suites import find_position, load_suite
from pn_explorer.core.search.dag_pn import DagProofNumberSearch
from pn_explorer.core.search.events import Linked
from pn_explorer.core.search.types import Limits, Phase
from pn_explorer.core.tree import ROOT


def wac(position_id: str) -> DagProofNumberSearch:
    board = find_position(load_suite("wac-mates"), position_id).board
    return DagProofNumberSearch(ChessGame(board), Limits())


def san_line(search: DagProofNumberSearch, moves: list[int]) -> str:
    return search.game.root_board.variation_san([decode_move(code) for code in moves])


def test_an_expansion_that_links_says_so_with_each_childs_parents() -> None:
    search = wac("WAC.001")
    while True:
        report = search.step_phase()
        if report.phases == [Phase.EXPAND] and report.last(Linked) is not None:
            break
    text = describe_step(search, report)
    parent = search.selected_node
    assert report.last(Linked).node == parent
    linked = report.last(Linked).children
    assert len(linked) >= 2, "WAC.001's first links come in a pair (3. Ng7 and 3. Nf6)"
    assert f"Transpositions ({len(linked)})" in text
    tree = search.tree
    for at, child in enumerate(linked):
        parents = search.parents(child)
        assert parent in parents and len(parents) == 2
        move = search.game.san_line([*tree.moves_to(parent), tree.move_to(parent, child)])[-1]
        first = san_line(search, tree.moves_to(child))
        if at == 0:
            said = (
                f"{move} reaches a position already in the graph (via {first}): linked, not "
                f"created — it now has {len(parents)} parents"
            )
        else:
            said = f"{move} likewise (via {first}) — {len(parents)} parents"
        assert said in text
        assert tree.moves_to(child) != [*tree.moves_to(parent), tree.move_to(parent, child)]


def test_a_selection_through_a_link_names_the_moves_it_walked() -> None:
    """WAC.222's 45th selection enters a shared node from its second parent."""
    search = wac("WAC.222")
    while True:
        report = search.step_phase()
        path = report.path
        if path and any(search.tree.parent[child] != above for above, child in pairwise(path)):
            break
        assert search.outcome is None
    walked = [search.tree.move_to(above, child) for above, child in pairwise(path)]
    assert walked != search.tree.moves_to(path[-1])
    labels = search.game.san_line(walked)
    text = describe_step(search, report)
    assert " → ".join(["root", *labels[-8:]]) in text
    assert path[0] == ROOT
