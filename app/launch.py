"""Start the window (or render it offscreen) from the command-line options of `app.main`."""

from __future__ import annotations

import argparse
import sys

from ..core.cli.output import EXIT_USER_ERROR
from ..core.errors import PnExplorerError
from ..core.games.suites import BUILTIN_SUITES
from .platform_check import QtPlatformError, platform_problem
from .problems.search_setup import SearchParams, check_problem, offered_parameters
from .problems.sources import (
    DEFAULT_SOURCE,
    EPD,
    FEN,
    GAME,
    PGN,
    SUITE,
    TREE,
    TREE_FILES,
    Source,
)
from .short_text import MESSAGE_LIMIT, one_line


def source_from_options(options: argparse.Namespace) -> Source | None:
    """The problem named on the command line, or None (then: the last one opened)."""
    if options.fen:
        return Source(FEN, options.fen)
    if options.suite:
        kind = SUITE if options.suite in BUILTIN_SUITES else EPD
        return Source(kind, options.suite, options.id or "")
    if options.pgn:
        return Source(PGN, options.pgn, options.id or "1")
    if options.tree:
        return Source(TREE, TREE_FILES.get(options.tree, options.tree))
    if options.game:
        return Source(GAME, options.game)
    return None


def params_from_options(options: argparse.Namespace, base: SearchParams) -> SearchParams:
    """`base` with whatever the command line sets (a new algorithm brings its default cap)."""
    params = base.with_algo(options.algo) if options.algo else base
    changes = {
        name: getattr(options, name)
        for name in offered_parameters()
        if getattr(options, name) is not None
    }
    return params.with_values(options.max_nodes, **changes)


def launch_params(options: argparse.Namespace, last_session: SearchParams) -> SearchParams:
    """The settings the window opens with. An option given on the command line always wins;
    the rest come from the documented defaults (`core.search.defaults`) when the command line
    names a problem, and from the last session only when it names none (plain `pn-explorer`
    reopens the last problem as it was). `--screenshot` follows the same rule with no last
    session, so a command opens the same search with and without it."""
    named = source_from_options(options) is not None
    return params_from_options(options, SearchParams() if named else last_session)


def launch(options: argparse.Namespace) -> int:
    """Run the window until it closes, or write a screenshot and return. Either way the problem
    and parameters are checked first (`check_problem`): a mistake is one line and exit status 2,
    before any window opens."""
    source = source_from_options(options)
    if options.screenshot:
        from .screenshot import render_screenshot

        params = launch_params(options, SearchParams())
        try:
            path = render_screenshot(
                source, params, options.steps, options.screenshot, options.size, options.phases
            )
        except QtPlatformError as error:
            return _user_error(str(error), whole=True)
        except PnExplorerError as error:
            return _user_error(str(error))
        except OSError as error:
            return _user_error(f"cannot write {options.screenshot!r}: {error}")
        print(f"wrote {path}")
        return 0
    from PySide6.QtWidgets import QApplication

    from .problems.settings import Settings
    from .tree_opening import open_in_background, opens_in_background

    settings = Settings()
    params = launch_params(options, settings.params())
    later = source if opens_in_background(source) else None
    try:
        if later is None:
            check_problem(source or DEFAULT_SOURCE, params)
        else:
            params.validate()  # the file itself is read once the window shows
    except PnExplorerError as error:
        return _user_error(str(error))
    from .window import MainWindow

    app = QApplication.instance()
    if app is None:
        problem = platform_problem()
        if problem is not None:
            return _user_error(problem, whole=True)
        app = QApplication(sys.argv[:1])
    app.setApplicationName("PN Explorer")
    window = MainWindow(
        settings=settings, source=DEFAULT_SOURCE if later else source, params=params
    )

    def advance_window() -> None:
        if options.steps or options.phases:
            from .screenshot import advance

            advance(window, options.steps, options.phases)

    if later is None:
        advance_window()
    window.show()
    if later is not None:
        open_in_background(window, window.session, later, advance_window)
    return app.exec()


def _user_error(message: str, whole: bool = False) -> int:
    """One line on stderr and exit status 2; a message of ours about the machine is `whole`
    (never cut), where one echoing the user's input is cut to a line's length."""
    print(
        f"pn-explorer: error: {one_line(message, len(message) if whole else MESSAGE_LIMIT)}",
        file=sys.stderr,
    )
    return EXIT_USER_ERROR
