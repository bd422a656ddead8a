"""Help ▸ User guide opens the shipped guide in the window, and F1 still lists the keys."""

from pathlib import Path

from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QMessageBox

from pn_explorer.app.user_guide import UserGuide, follow_web_link, guide_text
from pn_explorer.app.window import MainWindow

ROOT = Path(__file__).resolve().parents[2]


def test_the_shipped_guide_is_the_docs_page():
    shipped = (ROOT / "resources" / "user-guide.md").read_text(encoding="utf-8")
    assert shipped == (ROOT / "docs" / "user-guide.md").read_text(encoding="utf-8"), (
        "cp docs/user-guide.md resources/user-guide.md"
    )


def test_the_guide_text_leaves_out_the_screenshots_it_does_not_ship():
    text = guide_text()
    assert "# PN Explorer user guide" in text
    assert "![" not in text
    assert "## Keys" in text


def test_help_user_guide_shows_the_guide_rendered(qtbot, monkeypatch):
    shown = []
    monkeypatch.setattr(
        QMessageBox, "information", staticmethod(lambda _parent, title, text: shown.append(title))
    )
    window = MainWindow(persist=False)
    qtbot.addWidget(window)
    (help_menu,) = [a.menu() for a in window.menuBar().actions() if a.text() == "&Help"]
    assert [a.text() for a in help_menu.actions()][0] == "&User guide"
    window.help.guide_action.trigger()
    guide = window.findChild(UserGuide)
    assert guide is not None and guide.isVisible()
    rendered = guide.browser.toPlainText()
    assert "PN Explorer user guide" in rendered
    assert "Why not found?" in rendered
    assert "# " not in rendered.splitlines()[0]
    window.help.guide_action.trigger()
    assert window.findChildren(UserGuide) == [guide]
    window.help.help_action.trigger()
    assert shown == ["Keyboard shortcuts"]
    assert window.help.help_action.shortcut().toString() == "F1"


def test_a_link_to_another_page_leaves_the_guide_on_screen(qtbot, monkeypatch):
    opened = []
    monkeypatch.setattr(QDesktopServices, "openUrl", staticmethod(opened.append))
    guide = UserGuide()
    qtbot.addWidget(guide)
    before = guide.browser.toPlainText()
    guide.browser.anchorClicked.emit(QUrl("teaching.md"))
    assert guide.browser.toPlainText() == before
    assert follow_web_link(QUrl("cli.md")) is False
    follow_web_link(QUrl("https://example.org/guide"))
    assert opened == [QUrl("https://example.org/guide")]
