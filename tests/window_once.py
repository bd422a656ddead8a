"""Open the real window as `pn-explorer` does without a subcommand (settings, last problem and
all), let it run for a moment offscreen, then close it and say what it showed: the fuzz
campaign's exit path for a window that reads a settings file (`--screenshot` reads none).

    QT_QPA_PLATFORM=offscreen XDG_CONFIG_HOME=DIR python tests/window_once.py [window options]

Prints one JSON line: the source the settings file named, the source the window opened, the
status bar's message, the banner's (where the window says why a stored problem did not open) and
the dialogs it showed (answered at once, as a person would close them:
offscreen, a modal dialog would wait for ever). Exit status as `pn-explorer`'s own for a refused
option.
"""

from __future__ import annotations

import json
import sys
import time


def main(argv: list[str]) -> int:
    from PySide6.QtWidgets import QApplication, QMessageBox

    from pn_explorer.app.launch import launch_params, source_from_options
    from pn_explorer.app.main import _check_problem_options, build_parser
    from pn_explorer.app.problems.settings import Settings
    from pn_explorer.app.window import MainWindow

    parser = build_parser()
    options = parser.parse_args(argv)
    _check_problem_options(parser, options)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    dialogs: list[str] = []

    def answered(_parent, title, text, *_rest, **_options):
        dialogs.append(f"{title}: {text}")
        return QMessageBox.StandardButton.Ok

    for name in ("warning", "critical", "information", "question"):
        setattr(QMessageBox, name, answered)
    settings = Settings()
    stored = settings.source()
    source = source_from_options(options)
    params = launch_params(options, settings.params())
    window = MainWindow(settings=settings, source=source, params=params)
    window.show()
    end = time.monotonic() + 1.0
    while time.monotonic() < end:
        app.processEvents()
        time.sleep(0.02)
    opened = window.session.problem.source if window.session.problem is not None else None
    said = window.statusBar().currentMessage()
    banner = window.banner.text() if window.banner.isVisible() else ""
    window.close()
    app.processEvents()
    print(
        json.dumps(
            {
                "stored": [stored.kind, stored.text, stored.item],
                "opened": None if opened is None else [opened.kind, opened.text, opened.item],
                "status": said,
                "banner": banner,
                "dialogs": dialogs,
            }
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
