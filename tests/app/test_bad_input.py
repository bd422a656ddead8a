"""Bad input in the window: files through Ctrl+O, FENs through Ctrl+L, a hand-edited settings
file and enormous tree labels each give one clear line, and the window keeps its search."""

import json
import uuid
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from pn_explorer.app.problems.search_setup import PN, PN2, SearchParams
from pn_explorer.app.problems.settings import APPLICATION, Settings
from pn_explorer.app.problems.sources import SUITE, TREE, Source, load
from pn_explorer.app.screenshot import render_screenshot
from pn_explorer.app.short_text import LABEL_LIMIT, MESSAGE_LIMIT
from pn_explorer.app.window import MainWindow
from pn_explorer.core.inputs.tree_files import LONGEST_TEXT
from pn_explorer.core.search.defaults import DEFAULT_A

WAC_001 = Source(SUITE, "wac-mates", "WAC.001")
BAD_FILES = {
    "crazyhouse.pgn": '[Variant "Crazyhouse"]\n[SetUp "1"]\n'
    '[FEN "6k1/5p1p/8/4Q3/8/8/8/K7[] w - - 0 1"]\n\n*\n',
    "atomic.pgn": '[Variant "Atomic"]\n[SetUp "1"]\n'
    '[FEN "6k1/5p1p/8/4Q3/8/8/8/K7 w - - 0 1"]\n\n*\n',
    "horde.pgn": '[Variant "Horde"]\n\n*\n',
    "no-king.epd": '8/8/8/8/8/8/8/7k w - - id "no white king";\n',
    "pawn-on-first-rank.epd": '7k/8/8/8/8/8/8/P6K w - - id "pawn";\n',
    "empty-tree.json": '{"nodes": [], "edges": []}',
    "not-json.json": "{nodes: [",
}
BAD_BYTES = {
    "latin1.epd": b'6k1/5ppp/8/8/8/8/8/R5K1 w - - id "caf\xe9";\n',
    "latin1.pgn": b'[Event "caf\xe9"]\n\n1. e4 *\n',
    "garbage.pgn": b"this is not a game at all }{ (((\n",
    "nine-queens.epd": b'2Q5/8/1Q3Q2/3k1K2/6Q1/P3Q3/5Q2/1QQ3Q1 w - - id "nine";\n',
    "deep.json": b"[" * 100_000 + b"]" * 100_000,
    "graph-not-a-dict.json": b'{"graph": "x", "nodes": [{"id": "A", "value": "true"}], '
    b'"edges": []}',
    "path-not-a-list.json": b'{"graph": {"most_proving_path": 5}, "nodes": [{"id": "A", '
    b'"type": "OR"}, {"id": "B", "value": "true"}], "edges": [{"source": "A", "target": "B"}]}',
    "nodes-not-objects.json": b'{"nodes": [1, 2, 3], "edges": []}',
    "huge-label.json": b'{"nodes": [{"id": "' + b"L" * 100_000 + b'", "value": "true"}], '
    b'"edges": []}',
    "duplicate-ids.json": b'{"nodes": [{"id": "A", "type": "OR"}, {"id": "B", "value": "true"},'
    b' {"id": "B", "value": "false"}], "edges": [{"source": "A", "target": "B"}]}',
    "huge-number-id.json": b'{"nodes": [{"id": ' + b"7" * 5_000 + b', "type": "OR"}], "edges": []}',
    "huge-expected.json": b'{"nodes": [{"id": "A", "value": "true", "expected_proof": '
    + b"7" * 5_000
    + b'}], "edges": []}',
    "null.json": b"null",
}


def make_window(qtbot, source=WAC_001, params=None, settings=None):
    window = MainWindow(
        settings=settings, persist=settings is not None, source=source, params=params
    )
    qtbot.addWidget(window)
    window.show()
    return window


def step_once(qtbot, window) -> None:
    window.controls.step_iteration()
    qtbot.waitUntil(lambda: not window.driver.busy, timeout=20000)


def assert_one_clear_line(dialogs, name: str) -> None:
    assert len(dialogs) == 1
    _title, text = dialogs[0]
    assert name in text and "\n" not in text and len(text) <= MESSAGE_LIMIT
    assert "Traceback" not in text


def assert_refused_and_kept(qtbot, window, dialogs, path: Path) -> None:
    """The file gives one dialog naming it; the search the user had is still there and steps."""
    search = window.driver.search
    iterations = search.iterations
    assert not window.opener.open_path(str(path))
    assert_one_clear_line(dialogs, path.name)
    assert window.driver.search is search
    step_once(qtbot, window)
    assert search.iterations == iterations + 1


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_a_bad_file_through_ctrl_o_gives_a_dialog_and_keeps_the_search(
    qtbot, dialogs, tmp_path, name
):
    path = tmp_path / name
    path.write_text(BAD_FILES[name], encoding="utf-8")
    window = make_window(qtbot)
    step_once(qtbot, window)
    assert_refused_and_kept(qtbot, window, dialogs, path)


@pytest.mark.parametrize("name", sorted(BAD_BYTES))
def test_a_file_that_is_not_text_or_not_a_problem_gives_a_dialog_and_keeps_the_search(
    qtbot, dialogs, tmp_path, name
):
    path = tmp_path / name
    path.write_bytes(BAD_BYTES[name])
    window = make_window(qtbot)
    step_once(qtbot, window)
    assert_refused_and_kept(qtbot, window, dialogs, path)


def test_a_variant_pgn_is_refused_by_name_never_solved(qtbot, dialogs, tmp_path):
    path = tmp_path / "atomic.pgn"
    path.write_text(BAD_FILES["atomic.pgn"], encoding="utf-8")
    window = make_window(qtbot)
    assert not window.opener.open_path(str(path))
    assert "'atomic'" in dialogs[0][1].lower() and "standard chess" in dialogs[0][1]
    assert window.problem.source == WAC_001


@pytest.mark.parametrize(
    "fen",
    [
        "not a position",
        "6k1/5p1p/8/4Q3/8/8/8/K7[] w - - 0 1",
        "8/8/8/8/8/8/8/7k w - - 0 1",
        "8" * 120_000,
    ],
)
def test_a_bad_fen_through_ctrl_l_gives_one_line(qtbot, dialogs, fen):
    window = make_window(qtbot)
    search = window.driver.search
    window.opener.open_fen_dialog()
    window.opener.fen_dialog.edit.setText(fen)
    window.opener.fen_dialog.accept()
    assert window.opener.fen_dialog.isVisible()  # kept open with the text, for correcting
    assert len(dialogs) == 1
    text = dialogs[0][1]
    assert "\n" not in text and len(text) <= MESSAGE_LIMIT
    assert window.driver.search is search
    step_once(qtbot, window)
    assert search.iterations == 1


# -- a hand-edited settings file ------------------------------------------------------------------


def settings_with(tmp_path, content: bytes) -> Settings:
    """Settings of an organisation of this test alone, whose file holds `content`."""
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path))
    organisation = f"pn-explorer-test-{uuid.uuid4().hex}"
    probe = QSettings(
        QSettings.Format.IniFormat, QSettings.Scope.UserScope, organisation, APPLICATION
    )
    path = Path(probe.fileName())
    del probe
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    return Settings(organisation=organisation)


BAD_SETTINGS = {
    "search/max_nodes": b"[search]\nmax_nodes=inf\n",
    "view/speed": b"[view]\nspeed=inf\n",
    "compare/seconds": b"[compare]\nseconds=1e999\n",
    "search/a": b"[search]\nalgo=pn2\na=inf\n",
    "search/b": b"[search]\nb=1, 2\n",
    "search/fraction": b"[search]\nfraction=banana\n",
    "search/algo": b"[search]\nalgo=@ByteArray(pn)\n",
    "view/follow": b"[view]\nfollow=maybe\n",
    "window/geometry": b"[window]\ngeometry=hello\n",
    "problem/kind": b"[problem]\nkind=42\ntext=x\n",
    "search/max_nodes ": b"[search]\nmax_nodes=99999999999999999999\n",
    "not a settings file": b"[search\nmax_nodes=3\n\xff\xfe\x00",
}


@pytest.mark.parametrize("broken", sorted(BAD_SETTINGS))
def test_a_broken_settings_file_is_reported_once_and_replaced_by_defaults(qtbot, tmp_path, broken):
    settings = settings_with(tmp_path, BAD_SETTINGS[broken])
    window = make_window(qtbot, None, None, settings)
    message = window.statusBar().currentMessage()
    assert message.startswith("Settings file: using the defaults")
    assert broken.strip() in message
    assert "\n" not in message
    expected = SearchParams().with_algo(PN2 if b"algo=pn2" in BAD_SETTINGS[broken] else PN)
    assert window.params == expected
    assert window.problem.source == WAC_001
    step_once(qtbot, window)
    assert window.driver.search.iterations == 1
    window.close()
    again = make_window(qtbot, None, None, Settings(organisation=settings.store.organizationName()))
    assert "Settings file" not in again.statusBar().currentMessage()
    assert again.params == expected


REFUSED_GAMES = {
    "mnk(m=1000)": "width must be from 1 to 19, not 1000",
    "openspiel:kuhn_poker": "it has chance moves",
}


@pytest.mark.parametrize("spec", sorted(REFUSED_GAMES))
def test_a_stored_game_the_project_refuses_says_why_once_and_opens_the_example(
    qtbot, tmp_path, spec
):
    settings = settings_with(tmp_path, f"[problem]\nkind=game\ntext={spec}\n".encode())
    window = make_window(qtbot, None, None, settings)
    banner = window.banner
    assert banner.isVisible() and banner.text().startswith("The problem you had open last time")
    assert spec in banner.text() and REFUSED_GAMES[spec] in banner.text()
    assert "WAC.001" in banner.text() and "\n" not in banner.text()
    assert window.problem.source == WAC_001
    example = load(WAC_001).game.board_after([]).fen()
    assert window.driver.search.game.board_after([]).fen() == example
    assert window.board_view.fen == example
    step_once(qtbot, window)
    assert window.driver.search.iterations == 1 and banner.isVisible()
    window.close()
    again = make_window(qtbot, None, None, Settings(organisation=settings.store.organizationName()))
    assert again.banner.isHidden() and again.problem.source == WAC_001


def test_pn2_with_a_bad_a_keeps_pn2_and_its_default_a(qtbot, tmp_path):
    settings = settings_with(tmp_path, b"[search]\nalgo=pn2\na=nan\nmax_nodes=5000\n")
    params = settings.params()
    assert (params.algo, params.value("a"), params.max_nodes) == (PN2, DEFAULT_A, 5000)
    assert "search/a" in settings.take_report()
    assert settings.take_report() is None


# -- enormous labels ------------------------------------------------------------------------------


def test_the_longest_allowed_label_is_cut_and_draws_without_qt_warnings(qtbot, qtlog, tmp_path):
    long = "L" * (LONGEST_TEXT - 1)
    tree = {
        "directed": True,
        "graph": {},
        "nodes": [
            {"id": long, "type": "OR"},
            {"id": "M" + long, "type": "AND"},
            {"id": "C", "value": "true"},
            {"id": "D", "value": "false"},
        ],
        "edges": [
            {"source": long, "target": "M" + long},
            {"source": "M" + long, "target": "C"},
            {"source": long, "target": "D"},
        ],
    }
    path = tmp_path / "long.json"
    path.write_text(json.dumps(tree), encoding="utf-8")
    window = make_window(qtbot, Source(TREE, str(path)))
    for _ in range(3):
        step_once(qtbot, window)
    window.refresh_views()
    assert len(window.board_view.view.line) <= 3 * LABEL_LIMIT
    assert len(window.title.text()) < 200
    shot = render_screenshot(Source(TREE, str(path)), SearchParams(), 3, tmp_path / "long.png")
    assert shot.stat().st_size > 10_000
    warnings = [r.message for r in qtlog.records if "propagateSizeHints" not in r.message]
    assert warnings == []
