"""Before Qt starts: can it open its platform (a display, and the system libraries it needs)?

When Qt cannot load its platform plugin it aborts the whole process (exit 134) with a raw message
that can even name the wrong library. This check looks first, the way Qt will: the platform asked
for (`QT_QPA_PLATFORM`, else what Qt picks on Linux), its plugin's shared libraries as `ldd`
resolves them, and the display the platform connects to (named, and for X a server answering
there). A problem is said in one line with the apt command that installs what is missing, and the
caller exits with status 2 instead.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
from collections.abc import Mapping
from pathlib import Path

from ..core.errors import PnExplorerError


class QtPlatformError(PnExplorerError):
    """Qt cannot start its platform here: the message says what is missing and how to install
    it (our own words, bounded by the libraries a plugin needs: never cut short)."""


_NOT_FOUND = re.compile(r"^\s*(\S+)\s+=>\s+not found", re.MULTILINE)
_SONAME = re.compile(r"^(lib.+?)\.so\.(\d+)")

DISPLAYS = {"xcb": ("DISPLAY", "X"), "wayland": ("WAYLAND_DISPLAY", "Wayland")}
"""The platforms that connect to a display server: the variable naming it, and its kind."""

LDD_SECONDS = 10.0

X_SOCKETS = Path("/tmp/.X11-unix")
"""Where a local X server listens: display :N at `X_SOCKETS/XN` (and the abstract socket of that
name, on Linux)."""
X_TCP_PORT = 6000
"""Display host:N listens on TCP port 6000 + N (e.g. an SSH-forwarded `localhost:10`)."""
CONNECT_SECONDS = 2.0

_X_DISPLAY = re.compile(r"^(?P<host>[^:/]*):(?P<number>\d+)(?:\.\d+)?$")


def _connects(family: int, address: str | bytes | tuple[str, int]) -> bool:
    """Whether something accepts a connection at `address` (closed again at once)."""
    try:
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.settimeout(CONNECT_SECONDS)
            probe.connect(address)
        return True
    except OSError:
        return False


def x_display_problem(display: str, sockets: Path = X_SOCKETS) -> str | None:
    """Why the X display `display` (DISPLAY's value) cannot be reached, in one line, or None: a
    connection to its server is tried the way Xlib does (a local display's socket, a remote
    one's TCP port), so a display nobody serves gets our line and not Qt's abort. A DISPLAY of
    another form (a launchd path, …) is left to Qt."""
    match = _X_DISPLAY.match(display.strip())
    if match is None:
        return None
    host, number = match.group("host"), int(match.group("number"))
    if host in ("", "unix"):
        path = sockets / f"X{number}"
        reached = _connects(socket.AF_UNIX, f"\0{path}") or _connects(socket.AF_UNIX, str(path))
        where = f"nothing listens at {path}"
    else:
        reached = _connects(socket.AF_INET, (host, X_TCP_PORT + number))
        where = f"nothing listens at {host} port {X_TCP_PORT + number}"
    if reached:
        return None
    return (
        f"the X display {display.strip()} (DISPLAY) cannot be reached: {where}; start the X "
        "server or set DISPLAY to one that runs, or render offscreen with "
        "QT_QPA_PLATFORM=offscreen pn-explorer --screenshot out.png"
    )


def requested_platforms(environ: Mapping[str, str]) -> list[str]:
    """The platforms Qt will try, in order: `QT_QPA_PLATFORM`'s list (`wayland;xcb`, options
    after a colon dropped), else Wayland first in a Wayland session, else xcb (X11)."""
    value = environ.get("QT_QPA_PLATFORM", "").strip()
    if value:
        return [part.split(":")[0].strip() for part in value.split(";") if part.strip()]
    if environ.get("XDG_SESSION_TYPE") == "wayland" and environ.get("WAYLAND_DISPLAY"):
        return ["wayland", "xcb"]
    return ["xcb"]


def missing_libraries(ldd_output: str) -> list[str]:
    """The shared libraries `ldd` could not find (`libxcb-icccm.so.4 => not found`), once each."""
    return list(dict.fromkeys(_NOT_FOUND.findall(ldd_output)))


def debian_package(library: str) -> str:
    """The Debian package that ships a library, by Debian's naming rule for library packages:
    the soname's name and major version (`libxcb-icccm.so.4` → `libxcb-icccm4`), with a hyphen
    between them when the name ends in a digit (`libdbus-1.so.3` → `libdbus-1-3`)."""
    match = _SONAME.match(library)
    if match is None:
        return library
    name, major = match.group(1).lower(), match.group(2)
    return f"{name}-{major}" if name[-1].isdigit() else f"{name}{major}"


def _plugin_folder() -> Path:
    """Where Qt looks for its platform plugins (QtCore only: it loads without a platform)."""
    override = os.environ.get("QT_QPA_PLATFORM_PLUGIN_PATH")
    if override:
        return Path(override)
    from PySide6.QtCore import QLibraryInfo

    return Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.PluginsPath)) / "platforms"


def _ldd(plugin: Path) -> str:
    """`ldd`'s report on the plugin ("" where there is no ldd or it fails: Qt then tells)."""
    ldd = shutil.which("ldd")
    if ldd is None:
        return ""
    try:
        return subprocess.run(
            [ldd, str(plugin)], capture_output=True, text=True, timeout=LDD_SECONDS, check=False
        ).stdout
    except (OSError, subprocess.TimeoutExpired):
        return ""


def platform_problem_of(name: str, environ: Mapping[str, str], plugins: Path) -> str | None:
    """What keeps Qt from starting platform `name`, in one line, or None."""
    plugin = plugins / f"libq{name}.so"
    if not plugin.exists():
        installed = sorted(
            path.name.removeprefix("libq").removesuffix(".so") for path in plugins.glob("libq*.so")
        )
        return (
            f"Qt has no platform {name!r} (QT_QPA_PLATFORM); the platforms installed are "
            f"{', '.join(installed) or 'none'}"
        )
    problems = []
    missing = missing_libraries(_ldd(plugin))
    if missing:
        packages = " ".join(dict.fromkeys(debian_package(library) for library in missing))
        problems.append(
            f"Qt's {name} platform needs {', '.join(missing)}, which "
            f"{'is' if len(missing) == 1 else 'are'} not installed: "
            f"sudo apt-get install -y {packages}"
        )
    if name in DISPLAYS:
        variable, kind = DISPLAYS[name]
        if not environ.get(variable):
            problems.append(
                f"no {kind} display to open a window on ({variable} is not set): run it in a "
                "desktop session, or render offscreen with QT_QPA_PLATFORM=offscreen "
                "pn-explorer --screenshot out.png"
            )
        elif name == "xcb":
            unreachable = x_display_problem(environ[variable])
            if unreachable is not None:
                problems.append(unreachable)
    return "; and ".join(problems) or None


def platform_problem(environ: Mapping[str, str] | None = None) -> str | None:
    """Why Qt could not start here, in one line (the first platform's problem when none of those
    Qt would try can start), or None when one can."""
    environ = os.environ if environ is None else environ
    plugins = _plugin_folder()
    problems = []
    for name in requested_platforms(environ):
        problem = platform_problem_of(name, environ, plugins)
        if problem is None:
            return None
        problems.append(problem)
    return problems[0] if problems else None
