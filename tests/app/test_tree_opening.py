"""A large tree file opens off the GUI thread: the window keeps running its event loop and shows a
bar filling while the file is read, then shows the file's search; a broken one is one dialog.
Counts and states only: no timing (the speed is `python -m pn_explorer.core.cli.bench_tree_file`,
in docs/benchmarks.md)."""

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QProgressBar

from pn_explorer.app.problems.search_setup import SearchParams
from pn_explorer.app.problems.sources import DEFAULT_SOURCE, TREE, Source
from pn_explorer.app.tree_opening import LARGE_TREE_BYTES, open_in_background, opens_in_background
from pn_explorer.core.cli.bench_tree_file import write_tree_file
from pn_explorer.core.games.explicit_tree import ExplicitTreeGame
from pn_explorer.core.search.types import ITERATION
from tests.app.test_bad_input import make_window, settings_with
from tests.app.windows import shown_window

NODES = 50_000


def _bars(window) -> list[QProgressBar]:
    return window.statusBar().findChildren(QProgressBar)


def test_a_large_tree_file_opens_while_the_window_keeps_running_then_shows_its_search(
    qtbot, tmp_path
):
    path = write_tree_file(tmp_path / "large.json", NODES)
    source = Source(TREE, str(path))
    assert path.stat().st_size >= LARGE_TREE_BYTES and opens_in_background(source)
    window = shown_window(qtbot, (1024, 768), source=DEFAULT_SOURCE, params=SearchParams())
    turns = []
    ticker = QTimer(window)
    ticker.setInterval(0)
    ticker.timeout.connect(lambda: turns.append(opening.busy))
    shares: list[float] = []
    opened: list[bool] = []
    opening = open_in_background(window, window.session, source, lambda: opened.append(True))
    opening.share_read.connect(shares.append)
    assert opening.bar in _bars(window) and opening.bar.isVisible()
    assert "large.json" in opening.bar.format()
    ticker.start()
    qtbot.waitUntil(lambda: bool(opened), timeout=300_000)
    ticker.stop()
    # The event loop ran all along the reading (a frozen window runs it not once), and the bar
    # was told of the reading in steps on the way, not only at its end.
    assert sum(turns) >= 20, sum(turns)
    assert any(0 < share < 1 for share in shares) and shares[-1] == 1.0
    assert shares == sorted(shares)
    # Then the window shows the engine's state on the file's tree, and the bar is gone.
    assert window.session.problem.source == source
    game = window.driver.search.game
    assert isinstance(game, ExplicitTreeGame) and len(game.tree.nodes) == NODES
    assert window.windowTitle() == "PN Explorer — bushy 50,000"
    window.driver.step(ITERATION)
    tree = window.driver.search.tree
    qtbot.waitUntil(lambda: tree.child_count[0] > 0, timeout=10_000)
    assert tree.child_count[0] == len(game.tree.nodes[0].children) == 4
    qtbot.waitUntil(lambda: not _bars(window), timeout=5_000)


def test_a_broken_large_tree_file_is_one_dialog_and_the_window_keeps_its_problem(
    qtbot, tmp_path, dialogs
):
    path = write_tree_file(tmp_path / "broken.json", NODES)
    path.write_bytes(path.read_bytes()[:-10])
    window = shown_window(qtbot, (1024, 768), source=DEFAULT_SOURCE, params=SearchParams())
    finished: list[bool] = []
    opening = open_in_background(window, window.session, Source(TREE, str(path)))
    opening.finished.connect(finished.append)
    qtbot.waitUntil(lambda: bool(finished), timeout=300_000)
    assert finished == [False]
    assert len(dialogs) == 1 and "broken.json" in dialogs[0][1]
    assert "not valid JSON" in dialogs[0][1]
    assert window.session.problem.source == DEFAULT_SOURCE


def test_file_open_reads_a_large_tree_file_in_the_background_too(qtbot, tmp_path):
    path = write_tree_file(tmp_path / "opened.json", NODES)
    window = shown_window(qtbot, (1024, 768), source=DEFAULT_SOURCE, params=SearchParams())
    assert window.opener.open_path(str(path))
    assert window.session.problem.source == DEFAULT_SOURCE  # still reading
    assert [bar.format() for bar in _bars(window)] == ["opened.json: %p%"]
    qtbot.waitUntil(lambda: window.session.problem.source.text == str(path), timeout=300_000)
    assert window.windowTitle() == "PN Explorer — bushy 50,000"
    qtbot.waitUntil(lambda: not _bars(window), timeout=5_000)


def test_a_large_tree_file_the_settings_stored_opens_in_the_background(qtbot, tmp_path):
    """The problem open last time was a large tree file: the window starts on the example and
    reads the file with its bar, then shows it (it read it on the GUI thread before)."""
    path = write_tree_file(tmp_path / "stored.json", NODES)
    text = f"[problem]\nkind=tree\ntext={path}\n".encode()
    settings = settings_with(tmp_path, text)
    window = make_window(qtbot, None, None, settings)
    assert window.session.problem.source == DEFAULT_SOURCE  # still reading
    assert [bar.format() for bar in _bars(window)] == ["stored.json: %p%"]
    qtbot.waitUntil(lambda: window.session.problem.source.text == str(path), timeout=300_000)
    game = window.driver.search.game
    assert isinstance(game, ExplicitTreeGame) and len(game.tree.nodes) == NODES
    assert window.banner.isHidden()
    qtbot.waitUntil(lambda: not _bars(window), timeout=5_000)
