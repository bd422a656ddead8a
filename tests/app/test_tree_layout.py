"""The tree view's model (no Qt): which nodes are drawn, where, with what labels and stub counts."""

from collections import defaultdict

import pytest
from helpers import wac

from pn_explorer.app.tree_view.layout import (
    BAND_MARGIN,
    FOLD,
    MORE,
    NODE,
    SEPARATION,
    LayoutOptions,
    LevelInput,
    MoveLabels,
    SubtreeSizes,
    layout_tree,
    solution_line,
)
from pn_explorer.core.games.chess_game import ChessGame
from pn_explorer.core.games.explicit_tree import AndOrTree, ExplicitTreeGame
from pn_explorer.core.games.suites import BUILTIN_TREES
from pn_explorer.core.search.pn import ProofNumberSearch
from pn_explorer.core.search.snapshot import snapshot_search
from pn_explorer.core.search.types import Limits, Phase
from pn_explorer.core.tree import ROOT


def chess_search(iterations: int, position: str = "WAC.001") -> ProofNumberSearch:
    search = ProofNumberSearch(ChessGame(wac(position).board), Limits(max_nodes=200_000))
    for _ in range(iterations):
        search.step_iteration()
    return search


def layout_of(search, sizes=None, options=None, **kwargs):
    sizes = sizes or SubtreeSizes()
    sizes.sync(search.tree)
    spec = LevelInput(search.tree, sizes, search.tree.most_proving_path(), **kwargs)
    return layout_tree(spec, options), sizes


def assert_tidy(layout):
    """No two items of a row overlap (extents: x ± width / 2, at least one slot between centres);
    parents centred over their children."""
    rows = defaultdict(list)
    children = defaultdict(list)
    for position, item in enumerate(layout.items):
        rows[item.row].append((item.x, item.width))
        if item.parent >= 0:
            children[item.parent].append(position)
            assert item.row == layout.items[item.parent].row + 1
    for row in rows.values():
        row.sort()
        for (a, wa), (b, wb) in zip(row, row[1:], strict=False):
            assert b - a >= max(SEPARATION, (wa + wb) / 2) - 1e-9
    for parent, kids in children.items():
        xs = [layout.items[kid].x for kid in kids]
        assert xs == sorted(xs)
        assert layout.items[parent].x == pytest.approx((xs[0] + xs[-1]) / 2)


def test_subtree_sizes_follow_a_growing_tree_and_a_replaced_one():
    search = chess_search(0)
    sizes = SubtreeSizes()
    assert sizes.sync(search.tree) is True
    for _ in range(6):
        for _ in range(7):
            search.step_iteration()
        assert sizes.sync(search.tree) is False
        for node in range(0, len(search.tree), 7):
            assert sizes[node] == search.tree.subtree_size(node)
    assert sizes[ROOT] == len(search.tree)
    other = chess_search(3, "WAC.004")
    assert sizes.sync(other.tree) is True
    assert [sizes[n] for n in range(len(other.tree))] == [
        other.tree.subtree_size(n) for n in range(len(other.tree))
    ]


def test_wide_nodes_get_more_room():
    search = chess_search(40)
    wide = set(search.tree.most_proving_path()[1:3])
    layout, _ = layout_of(search, width=lambda node: 1.8 if node in wide else 1.0)
    assert_tidy(layout)
    assert {item.node for item in layout.items if item.width > 1} == wide


def test_a_big_unknown_tree_is_sized_only_once_it_stands_still():
    search = chess_search(10)
    sizes = SubtreeSizes()
    sizes.sync(search.tree, max_work=50)
    assert not sizes.complete
    layout = layout_tree(
        LevelInput(search.tree, sizes, search.tree.most_proving_path()),
        LayoutOptions(auto_depth=1, max_children=2, whole_tree_below=1),
    )
    assert {item.hidden_nodes for item in layout.items if item.kind != NODE} == {-1}
    search.step_iteration()
    sizes.sync(search.tree, max_work=50)
    assert not sizes.complete
    sizes.sync(search.tree, max_work=50)
    assert sizes.complete and sizes[ROOT] == len(search.tree)
    search.step_iteration()
    sizes.sync(search.tree, max_work=50)
    assert sizes.complete and sizes[ROOT] == len(search.tree)


def test_subtree_sizes_are_rebuilt_when_a_smaller_tree_takes_the_place_of_a_bigger_one():
    sizes = SubtreeSizes()
    sizes.sync(chess_search(5).tree)
    assert sizes.sync(chess_search(0).tree) is True
    assert sizes[ROOT] == 1


def test_a_small_tree_is_drawn_whole_and_tidy():
    search = snapshot_search(AndOrTree.from_file(BUILTIN_TREES["figure-3-1"]))
    layout, _ = layout_of(search)
    assert sorted(item.node for item in layout.items if item.kind == NODE) == list(range(16))
    assert all(item.kind == NODE for item in layout.items)
    assert_tidy(layout)
    names = ExplicitTreeGame(AndOrTree.from_file(BUILTIN_TREES["figure-3-1"]))
    labels = MoveLabels(names)
    on_path = [labels.node_name(search.tree, item.node) for item in layout.items if item.on_path]
    assert on_path == ["A", "C", "G", "L"]


def test_a_big_tree_shows_the_top_levels_the_path_and_stubs_that_count_what_they_hide():
    search = chess_search(40)
    options = LayoutOptions(auto_depth=2, max_children=4, whole_tree_below=10)
    layout, sizes = layout_of(search, options=options)
    tree = search.tree
    assert_tidy(layout)
    path = tree.most_proving_path()
    assert [item.node for item in layout.items if item.on_path and item.kind == NODE] == path
    drawn = {item.node for item in layout.items if item.kind == NODE}
    assert len(drawn) < len(tree) // 4
    shown_children = defaultdict(list)
    for item in layout.items:
        if item.kind == NODE and item.parent >= 0:
            shown_children[layout.items[item.parent].node].append(item.node)
    for item in layout.items:
        if item.kind == NODE and tree.is_expanded(item.node):
            kids = shown_children[item.node]
            stubs = [s for s in layout.items if s.kind != NODE and s.node == item.node]
            hidden = len(tree.children(item.node)) - len(kids)
            assert len(stubs) == (1 if hidden else 0)
            if stubs:
                stub = stubs[0]
                assert stub.kind == (MORE if kids else FOLD)
                assert stub.hidden_children == hidden
                assert stub.hidden_nodes == sizes[item.node] - 1 - sum(sizes[k] for k in kids)
            on_path = item.node in path and item.node != path[-1]
            if layout.items[layout.index[(1, item.node)]].row < options.auto_depth or on_path:
                assert len(kids) >= min(options.max_children, len(tree.children(item.node)))
            if on_path:
                assert path[path.index(item.node) + 1] in kids


def test_open_children_are_the_best_by_the_number_that_selects():
    search = chess_search(30)
    layout, _ = layout_of(
        search, options=LayoutOptions(auto_depth=1, max_children=3, whole_tree_below=1)
    )
    tree = search.tree
    root_kids = [item.node for item in layout.items if item.kind == NODE and item.row == 1]
    path_child = tree.most_proving_path()[1]
    numbers = tree.proof if tree.is_or(ROOT) else tree.disproof
    others = sorted(
        (c for c in tree.children(ROOT) if c != path_child), key=lambda c: (numbers[c], c)
    )
    assert len(root_kids) == 3 and path_child in root_kids
    assert max(numbers[c] for c in root_kids) <= numbers[others[2]]
    assert root_kids == sorted(root_kids)


def test_unfolding_folding_and_revealing():
    search = chess_search(40)
    tree = search.tree
    options = LayoutOptions(auto_depth=1, max_children=3, whole_tree_below=1)
    layout, sizes = layout_of(search, options=options)
    fold = next(item for item in layout.items if item.kind == FOLD)
    layout2, _ = layout_of(search, sizes, options, expanded={fold.node})
    assert {item.node for item in layout2.items if item.kind == NODE} >= set(
        tree.children(fold.node)
    )
    assert not any(item.kind != NODE and item.node == fold.node for item in layout2.items)
    layout3, _ = layout_of(search, sizes, options, collapsed={ROOT})
    assert [item.kind for item in layout3.items] == [NODE, FOLD]
    assert layout3.items[1].hidden_nodes == len(tree) - 1
    assert layout3.items[1].on_path
    deep = max(range(len(tree)), key=lambda node: len(tree.path_to(node)))
    assert deep not in {item.node for item in layout.items}
    layout4, _ = layout_of(search, sizes, options, reveal=[deep], open_also=[deep])
    assert all((1, node) in layout4.index for node in tree.path_to(deep))
    assert_tidy(layout4)


def test_the_path_is_safe_between_expansion_and_update():
    search = chess_search(3)
    selected = search.step_phase()
    assert selected.phases == [Phase.SELECT]
    search.step_phase()
    assert search.tree.most_proving_path() == selected.path
    updated = search.step_phase()
    assert updated.phases == [Phase.UPDATE]
    assert search.tree.most_proving_path()[:2] == [ROOT, search.tree.most_proving_child(ROOT)]


def test_chess_labels_are_the_san_of_the_move_into_each_drawn_node():
    search = chess_search(25)
    labels = MoveLabels(search.game)
    layout, _ = layout_of(search)
    for item in layout.items:
        if item.kind == NODE and item.node != ROOT:
            expected = search.game.san_line(search.tree.moves_to(item.node))[-1]
            assert labels.edge_label(search.tree, item.node) == expected
    assert labels.edge_label(search.tree, ROOT) == ""
    assert labels.node_name(search.tree, 5) == ""


def test_explicit_tree_labels_are_the_node_names():
    file_tree = AndOrTree.from_file(BUILTIN_TREES["small-proof"])
    search = ProofNumberSearch(ExplicitTreeGame(file_tree), initialisation="unit")
    search.run()
    labels = MoveLabels(search.game)
    names = {labels.node_name(search.tree, n) for n in range(len(search.tree))}
    assert {"A", "B", "C", "D"} <= names
    assert labels.edge_label(search.tree, 1) == ""


def test_a_second_level_tree_hangs_in_its_own_band_below_its_node():
    first = chess_search(20)
    anchor = first.tree.most_proving_path()[-1]
    game = ChessGame(first.game.board_after(first.tree.moves_to(anchor)))
    second = ProofNumberSearch(game, Limits(max_nodes=5000))
    for _ in range(12):
        second.step_iteration()
    sizes1, sizes2 = SubtreeSizes(), SubtreeSizes()
    sizes1.sync(first.tree)
    sizes2.sync(second.tree)
    layout = layout_tree(
        LevelInput(first.tree, sizes1, first.tree.most_proving_path()),
        LayoutOptions(),
        LevelInput(second.tree, sizes2, second.tree.most_proving_path()),
        anchor,
    )
    assert_tidy(layout)
    level2 = [item for item in layout.items if item.level == 2]
    top = layout.items[layout.index[(2, ROOT)]]
    assert layout.items[top.parent].node == anchor and layout.items[top.parent].level == 1
    assert [
        i.node for i in level2 if i.on_path and i.kind == NODE
    ] == second.tree.most_proving_path()
    low = min(item.x for item in level2) - BAND_MARGIN
    high = max(item.x for item in level2) + BAND_MARGIN
    rows = {item.row for item in level2}
    intruders = [
        item
        for item in layout.items
        if item.level == 1 and item.row in rows and low < item.x < high
    ]
    assert intruders == []


def test_a_solved_tree_keeps_its_main_line_in_view():
    search = chess_search(0, "WAC.004")
    search.run()
    line = solution_line(search.tree)
    tree = search.tree
    assert line[0] == ROOT and tree.proof[line[1]] == 0
    assert all(tree.proof[node] == 0 for node in line)
    assert not tree.is_expanded(line[-1])
    assert solution_line(chess_search(2).tree) == []


def test_a_proved_roots_line_is_the_verified_main_line():
    from helpers import wac

    from pn_explorer.core.games.chess_game import ChessGame
    from pn_explorer.core.games.solution import mate_solution
    from pn_explorer.core.proofs.proof import main_line_nodes
    from pn_explorer.core.search.pn import ProofNumberSearch

    game = ChessGame(wac("WAC.001").board)
    search = ProofNumberSearch(game)
    search.run()
    line = solution_line(search.tree)
    assert line == main_line_nodes(search.tree)
    sans = game.san_line([search.tree.move[node] for node in line[1:]])
    assert sans == mate_solution(game, search.proof()).main_line_san == ["Qg6", "Rg8", "Qh7#"]


def test_a_disproved_roots_line_is_the_longest_lasting_try_and_its_refutation():
    """B has more nodes below it, but C's refutation lasts a ply longer: the line takes C, as
    the solution browser's first line does."""
    tree_file = AndOrTree.from_json_text(
        """{"nodes": [{"id": "A", "type": "OR"}, {"id": "B", "type": "AND"},
        {"id": "C", "type": "AND"}, {"id": "B1", "value": "false"}, {"id": "B2", "value": "true"},
        {"id": "B3", "value": "true"}, {"id": "C1", "type": "OR"},
        {"id": "C1x", "value": "false"}],
        "edges": [{"source": "A", "target": "B"}, {"source": "A", "target": "C"},
        {"source": "B", "target": "B1"}, {"source": "B", "target": "B2"},
        {"source": "B", "target": "B3"}, {"source": "C", "target": "C1"},
        {"source": "C1", "target": "C1x"}]}"""
    )
    search = ProofNumberSearch(ExplicitTreeGame(tree_file))
    search.run()
    line = solution_line(search.tree)
    assert line[0] == ROOT and search.tree.disproof[ROOT] == 0
    assert [tree_file.nodes[search.tree.move[node]].name for node in line[1:]] == ["C", "C1", "C1x"]
