"""The code base stays `ruff check`, `ruff format` and mypy clean, and core/ never imports Qt."""

import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("core", "app", "resources")  # the sub-packages of `pn_explorer`


@pytest.mark.parametrize("command", [["check", "."], ["format", "--check", "."]])
def test_ruff_is_clean(command: list[str]):
    ruff = shutil.which("ruff") or str(Path(sys.executable).parent / "ruff")
    if not Path(ruff).exists():
        pytest.skip("ruff is not installed (pip install -e '.[test]' installs it)")
    result = subprocess.run([ruff, *command], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def _installed_layout() -> Path:
    """The package laid out as a wheel installs it, `pn_explorer/{core,app,resources}`, from links
    to the checkout (copies where the system makes no links).

    mypy names a module after the folders above it and knows nothing of pyproject.toml's
    `package-dir`, so it reads the checkout through this layout. The layout lives at a fixed place
    in the checkout's ignored `.mypy_cache/`, so that mypy's incremental cache stays warm."""
    package = ROOT / ".mypy_cache" / "layout" / "pn_explorer"
    package.mkdir(parents=True, exist_ok=True)
    for origin in (*(ROOT / "pn_explorer").glob("*.py"), *(ROOT / name for name in FOLDERS)):
        place = package / origin.name
        if place.is_symlink() or place.is_file():
            place.unlink()
        elif place.exists():
            shutil.rmtree(place)
        try:
            place.symlink_to(origin, target_is_directory=origin.is_dir())
        except OSError:
            if origin.is_dir():
                shutil.copytree(origin, place, ignore=shutil.ignore_patterns("__pycache__"))
            else:
                shutil.copy2(origin, place)
    return package


def _mypy(*arguments: str) -> subprocess.CompletedProcess[str]:
    pytest.importorskip(
        "mypy", reason="mypy is not installed (pip install -e '.[test]' installs it)"
    )
    package = _installed_layout()
    command = [sys.executable, "-m", "mypy", *arguments, str(package.relative_to(ROOT))]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    # The report names the checkout's files (core/…, app/…), not the layout's links.
    result.stdout = result.stdout.replace(str(package.relative_to(ROOT)) + "/", "")
    return result


def test_mypy_is_clean():
    """The types hold: --strict on the searches and the games, the defaults elsewhere (the
    settings are in pyproject.toml's [tool.mypy])."""
    result = _mypy()
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_ignores_no_module():
    """Every module is checked: no override in pyproject.toml's [tool.mypy] ignores its errors,
    and no module tells mypy to ignore them itself."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    ignored = [
        override["module"]
        for override in config.get("overrides", [])
        if override.get("ignore_errors", False)
    ]
    ignored += [
        str(path.relative_to(ROOT))
        for folder in ("core", "app")
        for path in (ROOT / folder).rglob("*.py")
        if "mypy: ignore-errors" in path.read_text(encoding="utf-8")
    ]
    assert ignored == []


WINDOW_LINES = 500
"""The most lines `app/window.py` may have."""


def test_the_window_stays_a_frame():
    """The window lays out its parts and wires them; what it does lives in the parts (opening,
    controls, pointing, the features), each given one narrow frame. A window.py past this size is
    turning back into the hub every feature reaches into."""
    lines = (ROOT / "app" / "window.py").read_text(encoding="utf-8").count("\n")
    assert lines <= WINDOW_LINES


def test_core_never_imports_qt():
    pattern = re.compile(r"^\s*(from|import)\s+(PySide6|shiboken6|PyQt)", re.MULTILINE)
    offenders = [
        str(path)
        for path in (ROOT / "core").rglob("*.py")
        if pattern.search(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []


def test_every_import_of_ours_goes_through_the_one_top_level_name():
    """An installed copy has no top-level `core`, `app` or `resources` (only `pn_explorer`): an
    import by the folder's bare name works in a checkout and breaks in the wheel."""
    pattern = re.compile(r"^\s*(from|import)\s+(core|app|resources)\b", re.MULTILINE)
    offenders = [
        str(path.relative_to(ROOT))
        for folder in ("core", "app", "resources", "tests", "pn_explorer")
        for path in (ROOT / folder).rglob("*.py")
        if pattern.search(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []


def test_imports_inside_the_package_are_relative():
    """Inside `core/` and `app/` an import of ours is relative (`from ..search.pn import …`,
    `from ..core.tree import …`): it names the same file read by path in the checkout as by module
    in the installed package, so tools that read imports by path see the real import graph."""
    pattern = re.compile(r"^\s*(from|import)\s+pn_explorer\b", re.MULTILINE)
    offenders = [
        str(path.relative_to(ROOT))
        for folder in FOLDERS
        for path in (ROOT / folder).rglob("*.py")
        if pattern.search(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []
