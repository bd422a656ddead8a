"""The real window as a test opens it: created, sized, shown and exposed, so that its layout has
happened before the test looks at it."""

from __future__ import annotations

from typing import Any

from pn_explorer.app.window import MainWindow


def shown_window(
    qtbot, size: tuple[int, int], *, animated: bool = True, **options: Any
) -> MainWindow:
    """A `MainWindow(**options)` of `size`, shown and exposed (closed by qtbot after the test),
    keeping no settings unless `persist` is given; with `animated` False its tree is drawn
    without animation, so what a test reads is final."""
    options.setdefault("persist", False)
    window = MainWindow(**options)
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    if not animated:
        window.tree_view.set_animated(False)
    return window
