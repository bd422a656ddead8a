"""The README and docs stay a user's: a current CLI reference, commands that parse, and no
project history."""

import re
import shlex
from pathlib import Path

import pytest

from pn_explorer.app.main import build_parser as window_parser
from pn_explorer.core.cli.main import SUBCOMMANDS
from pn_explorer.core.cli.main import build_parser as headless_parser
from pn_explorer.core.cli.reference import reference

ROOT = Path(__file__).resolve().parent.parent
PAGES = sorted(
    [ROOT / "README.md", ROOT / "CHANGELOG.md", *(ROOT / "docs").glob("*.md")]
    + [ROOT / "resources" / "user-guide.md"]
)
HISTORY = {
    "an issue number": re.compile(r"\bissue\s*#?\d+", re.IGNORECASE),
    # The window's session (`app/session.py`: the problem, search and solution) is the software's
    # own word; a session of work on the project is history.
    "a work session": re.compile(
        r"\b(?:work|this|last|previous|next|earlier|later|helper|coding)\s+sessions?\b"
        r"|\bsessions?\s+\d",
        re.IGNORECASE,
    ),
    "a commit hash": re.compile(r"\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{7,40}\b"),
}


def test_the_committed_cli_reference_is_what_the_parsers_say():
    committed = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    assert committed == reference(headless_parser()), (
        "docs/cli.md is stale: python -m pn_explorer.core.cli.reference > docs/cli.md"
    )


def test_the_cli_reference_has_every_subcommand_and_option():
    page = reference(headless_parser())
    for name in SUBCOMMANDS:
        assert f"## {name}\n" in page
    for option in ("--max-nodes", "--algo", "--export-pgn", "--ordering-report", "--replay"):
        assert f"`{option}`" in page


def test_the_code_speaks_of_the_software_not_its_history():
    """Docstrings and comments name what the code does and why, never the issue that asked."""
    pattern = HISTORY["an issue number"]
    offenders = [
        f"{path.relative_to(ROOT)}: {match}"
        for folder in ("core", "app", "tests", "pn_explorer")
        for path in sorted((ROOT / folder).rglob("*.py"))
        for match in pattern.findall(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []


@pytest.mark.parametrize("page", PAGES, ids=lambda path: path.name)
def test_pages_speak_of_the_software_not_its_history(page: Path):
    text = page.read_text(encoding="utf-8")
    found = {
        what: pattern.findall(text) for what, pattern in HISTORY.items() if pattern.search(text)
    }
    assert found == {}


def test_the_history_patterns_catch_what_they_are_for():
    # Built from parts, so this file does not itself read as history.
    line = " ".join(["fixed in", "issue", "7,", "last", "session,", "commit", "ab" + "12cd3"])
    assert [bool(pattern.search(line)) for pattern in HISTORY.values()] == [True, True, True]
    figures = "1000000 nodes, WAC.001, egd.013, 2,000,145 nodes, 1.65×, the session object"
    assert not any(pattern.search(figures) for pattern in HISTORY.values())


def _readme_commands() -> list[list[str]]:
    """Every `pn-explorer …` line of the README's shell blocks, comments dropped."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```sh\n(.*?)```", readme, re.DOTALL)
    commands = []
    for block in blocks:
        for line in block.replace("\\\n", " ").splitlines():
            words = shlex.split(line, comments=True)
            if words[:1] == ["pn-explorer"]:
                commands.append(words[1:])
    return commands


def test_every_readme_command_parses():
    commands = _readme_commands()
    assert len(commands) >= 8
    for words in commands:
        if words[:1] == ["bench"] and "--gui" in words:
            continue
        parser = headless_parser() if words[:1] and words[0] in SUBCOMMANDS else window_parser()
        parser.parse_args(words)
