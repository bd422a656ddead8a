"""Without a display or with a Qt platform library missing, the window says in one line what is
missing (and the apt command) and exits 2, where Qt would abort with exit 134 and its raw text."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from pn_explorer.app.platform_check import (
    debian_package,
    missing_libraries,
    platform_problem,
    requested_platforms,
    x_display_problem,
)

ROOT = Path(__file__).resolve().parents[2]
LIBRARIES = Path("/usr/lib/x86_64-linux-gnu")
TAKEN_AWAY = ("libxcb-icccm.so.4", "libxcb-keysyms.so.1")

LDD_OUTPUT = """\
\tlinux-vdso.so.1 (0x00007ffd6b5f6000)
\tlibQt6XcbQpa.so.6 => /venv/PySide6/Qt/plugins/platforms/../../lib/libQt6XcbQpa.so.6 (0x7f)
\tlibxcb-icccm.so.4 => not found
\tlibxcb-keysyms.so.1 => not found
\tlibxcb-icccm.so.4 => not found
\tlibdbus-1.so.3 => /lib/x86_64-linux-gnu/libdbus-1.so.3 (0x00007f3b1c9a0000)
\tlibxkbcommon-x11.so.0 => not found
"""


def _window(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "pn_explorer.app.main", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def _without_display(platform: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["QT_QPA_PLATFORM"] = platform
    return env


@pytest.mark.parametrize(
    "args", [["--tree", "figure-3-1"], ["--tree", "figure-3-1", "--screenshot", "out.png"]]
)
def test_no_display_is_one_line_and_exit_2(args, tmp_path):
    done = _window(
        [a.replace("out.png", str(tmp_path / "out.png")) for a in args], _without_display("xcb")
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1
    assert done.stderr.startswith("pn-explorer: error: no X display to open a window on (DISPLAY")
    assert "QT_QPA_PLATFORM=offscreen" in done.stderr
    assert not (tmp_path / "out.png").exists()


def test_an_unknown_platform_names_the_ones_installed():
    done = _window(["--tree", "figure-3-1"], _without_display("no-such-platform"))
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert "Qt has no platform 'no-such-platform'" in done.stderr
    assert "offscreen" in done.stderr and "xcb" in done.stderr


def test_the_platforms_qt_tries():
    assert requested_platforms({}) == ["xcb"]
    assert requested_platforms({"QT_QPA_PLATFORM": "offscreen"}) == ["offscreen"]
    assert requested_platforms({"QT_QPA_PLATFORM": "wayland;xcb"}) == ["wayland", "xcb"]
    assert requested_platforms({"QT_QPA_PLATFORM": "xcb:nograb"}) == ["xcb"]
    session = {"XDG_SESSION_TYPE": "wayland", "WAYLAND_DISPLAY": "wayland-0"}
    assert requested_platforms(session) == ["wayland", "xcb"]


def test_the_missing_libraries_and_their_debian_packages():
    missing = missing_libraries(LDD_OUTPUT)
    assert missing == ["libxcb-icccm.so.4", "libxcb-keysyms.so.1", "libxkbcommon-x11.so.0"]
    assert [debian_package(library) for library in missing] == [
        "libxcb-icccm4",
        "libxcb-keysyms1",
        "libxkbcommon-x11-0",
    ]
    assert debian_package("libxcb-cursor.so.0") == "libxcb-cursor0"
    assert debian_package("libdbus-1.so.3") == "libdbus-1-3"
    assert debian_package("libEGL.so.1") == "libegl1"
    assert debian_package("libxcb-render-util.so.0") == "libxcb-render-util0"


def test_the_platform_the_tests_run_on_has_no_problem():
    assert platform_problem({"QT_QPA_PLATFORM": "offscreen"}) is None


def _can_hide_libraries() -> bool:
    if shutil.which("unshare") is None or not all((LIBRARIES / n).exists() for n in TAKEN_AWAY):
        return False
    return subprocess.run(["unshare", "-m", "true"], capture_output=True).returncode == 0


HIDE_AND_RUN = """
set -u
original=$(mktemp -d); mount --bind "$LIBRARIES" "$original"
shown=$(mktemp -d)
for file in "$original"/*; do ln -s "$file" "$shown/${file##*/}"; done
for name in $TAKEN_AWAY; do rm -f "$shown/$name" "$shown/$name".*; done
mount --bind "$shown" "$LIBRARIES"
exec "$@"
"""


@pytest.mark.skipif(not _can_hide_libraries(), reason="needs root and unshare to hide libraries")
def test_missing_xcb_libraries_are_named_with_the_apt_command(tmp_path):
    """In a private mount namespace two of the xcb plugin's libraries are taken away, as on a
    fresh machine without them: the message names them and the packages that ship them."""
    env = _without_display("xcb")
    env.update(LIBRARIES=str(LIBRARIES), TAKEN_AWAY=" ".join(TAKEN_AWAY))
    done = subprocess.run(
        ["unshare", "-m", "bash", "-c", HIDE_AND_RUN, "hide"]
        + [sys.executable, "-m", "pn_explorer.app.main", "--tree", "figure-3-1"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1
    assert (
        "Qt's xcb platform needs libxcb-icccm.so.4, libxcb-keysyms.so.1, which are not "
        "installed: sudo apt-get install -y libxcb-icccm4 libxcb-keysyms1; and no X display"
    ) in done.stderr


def test_an_x_display_nobody_serves_is_named(tmp_path):
    problem = x_display_problem(":4321", sockets=tmp_path)
    assert problem is not None and "cannot be reached" in problem
    assert str(tmp_path / "X4321") in problem and "\n" not in problem


def test_an_x_display_that_answers_has_no_problem(tmp_path):
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as server:
        server.bind(str(tmp_path / "X4321"))
        server.listen(1)
        assert x_display_problem(":4321.0", sockets=tmp_path) is None
        assert x_display_problem("unix:4321", sockets=tmp_path) is None


def test_a_display_of_another_form_is_left_to_qt():
    assert x_display_problem("/private/tmp/com.apple.launchd.x/org.xquartz:0") is None


def test_an_unreachable_display_is_one_line_and_exit_2(tmp_path):
    free = next(n for n in range(4321, 4400) if not Path(f"/tmp/.X11-unix/X{n}").exists())
    env = _without_display("xcb")
    env["DISPLAY"] = f":{free}"
    done = _window(["--tree", "figure-3-1"], env)
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith(f"pn-explorer: error: the X display :{free} (DISPLAY) cannot")
    assert len(done.stderr.strip().splitlines()) == 1
