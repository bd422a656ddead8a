"""A regular install works alone: build a wheel, install it into a fresh venv, run it elsewhere.

An editable install and the checkout read `resources/` from the source tree, so only a real wheel
proves that the built-in suites, trees and icon ship as package data. The fresh venv borrows this
test environment's third-party packages (a .pth file, no network) but not the checkout: the run
happens outside it with PYTHONPATH unset, and the test checks where `pn_explorer` was imported
from. Beside it sits another distribution with top-level `core` and `app` packages, as a
Flask-style project would have: ours installs only under `pn_explorer`, so neither overwrites the
other. The wheel is built with `PN_EXPLORER_NO_NATIVE=1`, as on a machine without a Rust
toolchain: it holds no native module, runs on the Python df-pn, and says so where asked for the
native one.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
import venv
import zipfile
from pathlib import Path

import chess
import networkx
import PySide6
import tqdm

REPOSITORY = Path(__file__).resolve().parents[1]
SHIPPED = (
    "pyproject.toml",
    "setup.py",
    "README.md",
    "LICENSE",
    "COPYING",
    "pn_explorer",
    "core",
    "app",
    "resources",
)


def _run(
    command: list[str | Path], cwd: Path, env: dict[str, str] | None = None, exit_code: int = 0
) -> str:
    """The command's output; it must exit `exit_code` (its stdout and stderr, where not 0)."""
    result = subprocess.run(
        [str(part) for part in command],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == exit_code, f"{command} exited {result.returncode}:\n{result.stderr}"
    return result.stdout if exit_code == 0 else result.stdout + result.stderr


def _build_wheel(work: Path) -> Path:
    """A wheel from a copy of the sources (the build leaves nothing behind in the checkout),
    without the native module (`PN_EXPLORER_NO_NATIVE=1`, as where there is no Rust toolchain)."""
    source = work / "source"
    for name in SHIPPED:
        origin = REPOSITORY / name
        if origin.is_dir():
            shutil.copytree(
                origin,
                source / name,
                ignore=shutil.ignore_patterns("__pycache__"),
            )
        else:
            source.mkdir(parents=True, exist_ok=True)
            shutil.copy2(origin, source / name)
    wheels = work / "wheels"
    pip_wheel = ["wheel", "--no-deps", "--no-build-isolation", "--no-index", "-q", "-w", wheels]
    no_native = {**os.environ, "PN_EXPLORER_NO_NATIVE": "1"}
    _run([sys.executable, "-m", "pip", *pip_wheel, source], cwd=work, env=no_native)
    (wheel,) = wheels.glob("pn_explorer-*.whl")
    return wheel


def _fresh_venv(work: Path, wheel: Path) -> Path:
    """A venv holding only the wheel, seeing this environment's third-party packages."""
    target = work / "venv"
    venv.create(target, with_pip=False)
    python = target / "bin" / "python"
    site_packages = Path(
        _run([python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"], work).strip()
    )
    borrowed = {
        str(Path(module.__file__).resolve().parents[1])
        for module in (chess, networkx, PySide6, tqdm)
    }
    (site_packages / "borrowed-test-packages.pth").write_text("\n".join(sorted(borrowed)) + "\n")
    pip_install = ["install", "--no-deps", "--no-index", "-q", wheel, _rival_wheel(work)]
    _run([sys.executable, "-m", "pip", "--python", python, *pip_install], cwd=work)
    return target


def _rival_wheel(work: Path) -> Path:
    """Another project's wheel with its own top-level `core` and `app` packages."""
    source = work / "rival"
    for package in ("core", "app"):
        (source / package).mkdir(parents=True)
        (source / package / "__init__.py").write_text(f"RIVAL = {package!r}\n")
    (source / "pyproject.toml").write_text(
        '[build-system]\nrequires = ["setuptools>=68"]\nbuild-backend = "setuptools.build_meta"\n'
        '[project]\nname = "rival"\nversion = "1.0"\n'
        '[tool.setuptools]\npackages = ["core", "app"]\n'
    )
    wheels = work / "rival-wheels"
    pip_wheel = ["wheel", "--no-deps", "--no-build-isolation", "--no-index", "-q", "-w", wheels]
    _run([sys.executable, "-m", "pip", *pip_wheel, source], cwd=work)
    (wheel,) = wheels.glob("rival-*.whl")
    return wheel


def test_a_wheel_installed_elsewhere_solves_and_opens_the_built_in_problems(tmp_path: Path) -> None:
    wheel = _build_wheel(tmp_path)
    target = _fresh_venv(tmp_path, wheel)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    env["QT_QPA_PLATFORM"] = "offscreen"

    where = _run(
        [
            target / "bin" / "python",
            "-c",
            "import pn_explorer.core as c, pn_explorer.resources as r;"
            "print(c.__file__, r.__file__)",
        ],
        elsewhere,
        env,
    )
    assert str(REPOSITORY) not in where
    assert all(path.startswith(str(target)) for path in where.split())

    program = target / "bin" / "pn-explorer"
    version = _run([program, "--version"], elsewhere, env).splitlines()
    assert version[0] == f"pn-explorer {_version(wheel)}"
    assert version[1].startswith("df-pn engine: Python only (the native one is not built")
    solved = _run([program, "solve", "--epd", "wac-mates", "--id", "1"], elsewhere, env)
    assert "proved: mate in 2 (verified" in solved
    assert "1. Qg6 Rg8 2. Qh7#" in solved
    by_dfpn = _run(
        [program, "solve", "--epd", "wac-mates", "--id", "1", "--algo", "dfpn"], elsewhere, env
    )
    assert "proved: mate in 2 (verified" in by_dfpn
    assert "(Python engine; the native one is not built: see the README's Install)" in by_dfpn
    native = ["solve", "--epd", "wac-mates", "--id", "1", "--algo", "dfpn-native"]
    refused = _run([program, *native], elsewhere, env, exit_code=2)
    assert "the native df-pn is not built" in refused and "--algo dfpn" in refused

    _run([program, "--tree", "figure-3-1", "--screenshot", "out.png"], elsewhere, env)
    picture = (elsewhere / "out.png").read_bytes()
    assert picture.startswith(b"\x89PNG\r\n\x1a\n") and len(picture) > 1000

    rival = _run(
        [target / "bin" / "python", "-c", "import core, app; print(core.RIVAL, app.RIVAL)"],
        elsewhere,
        env,
    )
    assert rival.split() == ["core", "app"]

    with zipfile.ZipFile(wheel) as contents:
        names = contents.namelist()
        assert "pn_explorer/resources/user-guide.md" in names
        tops = {name.split("/")[0] for name in names if ".dist-info/" not in name}
        assert tops == {"pn_explorer"}
        assert not any(name.startswith("pn_explorer/_native") for name in names)
        modules = {name for name in names if name.endswith(".py")}
        assert modules == _package_modules()
        (metadata,) = (name for name in names if name.endswith(".dist-info/METADATA"))
        headers = contents.read(metadata).decode()
        assert "License-Expression: MIT" in headers
        (licence,) = (name for name in names if name.endswith(".dist-info/licenses/LICENSE"))
        assert contents.read(licence) == (REPOSITORY / "LICENSE").read_bytes()


def _package_modules() -> set[str]:
    """Every module the checkout has, named as the wheel holds it (`pn_explorer/core/tree.py`)."""
    modules = {f"pn_explorer/{path.name}" for path in (REPOSITORY / "pn_explorer").glob("*.py")}
    for folder in ("core", "app", "resources"):
        for path in (REPOSITORY / folder).rglob("*.py"):
            modules.add(f"pn_explorer/{path.relative_to(REPOSITORY).as_posix()}")
    return modules


def test_pyproject_lists_every_package_the_checkout_has() -> None:
    """A folder of `core/`, `app/` or `resources/` with an `__init__.py` is a package the wheel must
    carry: pyproject.toml lists each one, mapped from the top-level folders by `package-dir`."""
    setuptools = tomllib.loads((REPOSITORY / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
        "setuptools"
    ]
    folders = {
        ".".join(("pn_explorer", *init.parent.relative_to(REPOSITORY).parts))
        for folder in ("core", "app", "resources")
        for init in (REPOSITORY / folder).rglob("__init__.py")
    }
    assert set(setuptools["packages"]) == folders | {"pn_explorer"}
    assert setuptools["package-dir"] == {
        "pn_explorer": "pn_explorer",
        "pn_explorer.core": "core",
        "pn_explorer.app": "app",
        "pn_explorer.resources": "resources",
    }
    assert not any(path.is_symlink() for path in (REPOSITORY / "pn_explorer").iterdir())


def _version(wheel: Path) -> str:
    """The version in the wheel's name (pn_explorer-VERSION-py3-none-any.whl)."""
    return wheel.name.split("-")[1]
