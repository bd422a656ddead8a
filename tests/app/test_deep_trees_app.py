"""A tree file 10,000 plies deep costs the window linear work: its layout, its solution browser,
its board's path, its redraws and a screenshot of it. Each check counts (items laid out, rows
built, look-ups scanned) or reads a structure; none times anything."""

import json

from deep_trees import chain, write

from pn_explorer.app.driving.redraw_throttle import LONGEST_REFRESH_S, OVERHEAD_HIGH, RedrawThrottle
from pn_explorer.app.focus import position_view
from pn_explorer.app.problems.search_setup import SearchParams
from pn_explorer.app.problems.sources import TREE, Source
from pn_explorer.app.result.solution_browser import SHOWN_PLIES, SolutionBrowser
from pn_explorer.app.screenshot import render_screenshot
from pn_explorer.app.tree_view.layout import LevelInput, SubtreeSizes, layout_tree
from pn_explorer.app.window import MainWindow
from pn_explorer.core.games.explicit_tree import AndOrTree, ExplicitTreeGame
from pn_explorer.core.runs.runner import describe_search
from pn_explorer.core.search.pn import ProofNumberSearch
from pn_explorer.core.search.snapshot import snapshot_search
from pn_explorer.core.tree import Tree

DEPTH = 10_000


def deep_tree(snapshot: bool, depth: int = DEPTH) -> AndOrTree:
    return AndOrTree.from_json_text(json.dumps(chain(depth, snapshot)), source="deep.json")


class CountedNodes:
    """The nodes to open, counting every one handed out: a membership test on a plain list
    scans it, a set built once does not."""

    def __init__(self, nodes: list[int]) -> None:
        self.nodes = nodes
        self.handed_out = 0

    def __iter__(self):
        for node in self.nodes:
            self.handed_out += 1
            yield node


def test_the_layout_of_a_deep_line_places_each_node_once_and_reads_the_line_once():
    tree = snapshot_search(deep_tree(snapshot=True)).tree
    sizes = SubtreeSizes()
    sizes.sync(tree)
    line = CountedNodes(list(range(DEPTH)))
    layout = layout_tree(LevelInput(tree, sizes, tree.most_proving_path(), open_also=line))
    assert sorted(item.node for item in layout.items) == list(range(DEPTH + 1))
    assert line.handed_out <= 2 * DEPTH


def test_the_solution_browser_builds_one_page_of_a_long_line(qtbot):
    depth = 1_000
    game = ExplicitTreeGame(deep_tree(snapshot=False, depth=depth))
    search = ProofNumberSearch(game)
    search.run()
    browser = SolutionBrowser()
    qtbot.addWidget(browser)
    browser.show_solution(search, describe_search(game, search, "pn", "n0"))
    qtbot.waitUntil(lambda: browser.line is not None, timeout=20_000)
    assert len(browser.line.moves) == depth
    assert len(browser.rows) == SHOWN_PLIES and browser.earlier is None
    assert browser.rows[0].text() == "n1"
    browser.later.click()
    assert browser.first_ply == SHOWN_PLIES and len(browser.rows) == SHOWN_PLIES
    assert browser.rows[0].text() == f"n{SHOWN_PLIES + 1}" and browser.earlier is not None
    browser.show_page(depth - SHOWN_PLIES)
    assert browser.later is None and browser.rows[-1].text() == f"n{depth}"


def test_the_board_shows_a_deep_path_elided():
    search = snapshot_search(deep_tree(snapshot=True))
    view = position_view(search, search.game, 1, DEPTH, "deep")
    assert view.line.startswith("n0 → n1 → ") and view.line.endswith(f"n{DEPTH - 1} → n{DEPTH}")
    assert "9,977 more" in view.line and len(view.line) < 400


def test_a_frame_dearer_than_the_longest_period_puts_the_next_off_in_proportion():
    now = [100.0]
    throttle = RedrawThrottle(lambda: now[0])
    throttle.frame(OVERHEAD_HIGH * 2)
    cost = 4 * LONGEST_REFRESH_S  # the layout of a tree far too deep to draw often
    now[0] += cost
    throttle.drawn()
    now[0] += LONGEST_REFRESH_S
    assert not throttle.due()
    now[0] += cost * (1 / OVERHEAD_HIGH - 1)
    assert throttle.due()


def test_a_screenshot_of_a_deep_snapshot_walks_paths_a_few_times_per_node(
    tmp_path, monkeypatch, qtbot
):
    path = write(chain(DEPTH, snapshot=True), tmp_path / "deep.json")
    walked = [0]
    path_to = Tree.path_to

    def counted(tree, node):
        found = path_to(tree, node)
        walked[0] += len(found)
        return found

    monkeypatch.setattr(Tree, "path_to", counted)
    shown: list[MainWindow] = []
    close = MainWindow.close
    monkeypatch.setattr(MainWindow, "close", lambda window: shown.append(window) or close(window))
    png = render_screenshot(Source(TREE, str(path)), SearchParams(), 5, tmp_path / "deep.png")
    assert png.stat().st_size > 0
    window = shown[-1]
    qtbot.addWidget(window)
    drawn = {item.node for item in window.tree_view._items}
    assert {0, DEPTH} <= drawn
    assert walked[0] <= 30 * (DEPTH + 1)
