"""Which settings the window opens with: an option on the command line always wins; with a problem
named there the rest are the documented defaults, not the last session's; `--screenshot` opens
the same search; and the window's title says which settings are in force."""

import uuid

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

import pn_explorer.app.problems.settings
from pn_explorer.app.main import main
from pn_explorer.app.problems.search_setup import PN, PN2, SearchParams
from pn_explorer.app.problems.settings import Settings
from pn_explorer.app.problems.sources import SUITE, Source
from pn_explorer.app.window import MainWindow
from pn_explorer.core.search.defaults import DEFAULT_NODE_CAP, DEFAULT_PN2_CAP

WAC_014 = Source(SUITE, "wac-mates", "WAC.014")
CLASSROOM = SearchParams(PN2, 5_000, a=300.0, b=100.0)


@pytest.fixture
def last_session(tmp_path, monkeypatch):
    """Settings of a last session that ran the classroom Pn² preset; `launch` reads these."""
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path))
    organisation = f"pn-explorer-test-{uuid.uuid4().hex}"
    stored = Settings(organisation=organisation)
    stored.set_params(CLASSROOM)
    stored.set_source(WAC_014)
    stored.sync()
    monkeypatch.setattr(
        pn_explorer.app.problems.settings, "Settings", lambda: Settings(organisation=organisation)
    )
    return stored


@pytest.fixture
def opened(monkeypatch, qtbot):
    """The windows `pn-explorer …` shows (the event loop returns at once)."""
    windows: list[MainWindow] = []
    original = MainWindow.show

    def show(window):
        windows.append(window)
        qtbot.addWidget(window)
        window.resize(1600, 1000)
        original(window)

    monkeypatch.setattr(MainWindow, "show", show)
    monkeypatch.setattr(QApplication, "exec", lambda *_args: 0)
    return windows


def engine_settings(window: MainWindow) -> tuple[str, int, str]:
    search = window.driver.search
    return search.algorithm, search.limits.max_nodes, getattr(search, "initialisation", "")


def test_a_named_problem_opens_with_the_defaults_not_the_last_session(
    last_session, opened, tmp_path
):
    assert main(["--suite", "wac-mates", "--id", "WAC.014"]) == 0
    window = opened[-1]
    assert engine_settings(window) == (PN, DEFAULT_NODE_CAP, "mobility")
    assert window.title.isVisible()
    assert "PN search · node cap 1,000,000 · init mobility" in window.title.text()
    assert (
        main(["--suite", "wac-mates", "--id", "WAC.014", "--screenshot", str(tmp_path / "s.png")])
        == 0
    )
    shot = opened[-1]
    assert shot is not window
    assert engine_settings(shot) == engine_settings(window)
    assert shot.title.text() == window.title.text()


def test_options_on_the_command_line_always_win(last_session, opened, tmp_path):
    assert main(["--suite", "wac-mates", "--id", "WAC.014", "--init", "unit"]) == 0
    window = opened[-1]
    assert engine_settings(window) == (PN, DEFAULT_NODE_CAP, "unit")
    assert window.driver.search.root_numbers == (1, 1)
    assert "init unit" in window.title.text()
    argv = ["--suite", "wac-mates", "--id", "WAC.014", "--algo", "pn2", "--a", "700"]
    assert main(argv) == 0
    window = opened[-1]
    search = window.driver.search
    assert (search.algorithm, search.limits.max_nodes) == (PN2, DEFAULT_PN2_CAP)
    assert (search.a, search.b) == (700, 80_000)
    assert "node cap 300,000 · a = 700, b = 80,000" in window.title.text()
    assert main([*argv, "--screenshot", str(tmp_path / "s.png")]) == 0
    assert window.title.text() == opened[-1].title.text()


def test_without_a_named_problem_the_last_session_returns_and_options_still_win(
    last_session, opened
):
    assert main([]) == 0
    window = opened[-1]
    assert window.problem.source == WAC_014
    assert engine_settings(window)[:2] == (PN2, 5_000)
    assert "node cap 5,000 · a = 300, b = 100" in window.title.text()
    assert main(["--max-nodes", "7000"]) == 0
    assert engine_settings(opened[-1])[:2] == (PN2, 7_000)
