"""Whether the native df-pn was built, and which df-pn engines this install has, in words: a
module of its own, so `pn-explorer --version` can say it without importing any search."""

from __future__ import annotations

import importlib
from types import ModuleType


def native_module() -> ModuleType | None:
    """`pn_explorer._native`, or None where it was not built."""
    try:
        return importlib.import_module("pn_explorer._native")
    except ImportError:
        return None


def native_available() -> bool:
    """Whether the native df-pn can run here."""
    return native_module() is not None


def engine_note() -> str:
    """Which df-pn engines this install has, in one line (`--version`, `solve`)."""
    module = native_module()
    if module is None:
        return (
            "df-pn engine: Python only (the native one is not built: reinstall with a Rust "
            "toolchain, cargo, on the PATH; see the README)"
        )
    return f"df-pn engines: Python and native {module.version()} (--algo dfpn-native)"
