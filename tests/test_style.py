"""The code base stays `ruff check`, `ruff format` and mypy clean, and core/ never imports Qt."""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("command", [["check", "."], ["format", "--check", "."]])
def test_ruff_is_clean(command: list[str]):
    ruff = shutil.which("ruff") or str(Path(sys.executable).parent / "ruff")
    if not Path(ruff).exists():
        pytest.skip("ruff is not installed (pip install -e '.[test]' installs it)")
    result = subprocess.run([ruff, *command], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_is_clean():
    """The types hold: --strict on the searches and the games, the defaults elsewhere (the
    settings and the modules not yet checked are in pyproject.toml's [tool.mypy])."""
    pytest.importorskip(
        "mypy", reason="mypy is not installed (pip install -e '.[test]' installs it)"
    )
    result = subprocess.run(
        [sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_core_never_imports_qt():
    pattern = re.compile(r"^\s*(from|import)\s+(PySide6|shiboken6|PyQt)", re.MULTILINE)
    offenders = [
        str(path)
        for path in (ROOT / "core").rglob("*.py")
        if pattern.search(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []
