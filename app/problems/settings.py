"""What the app remembers between runs (QSettings): the search parameters, the speed, the last
problem opened and the window's geometry.

Every value read back is checked by the command line's rules (the right type, finite, in range):
a settings file edited by hand, or written by an older version, falls back to the defaults
instead of failing. What was wrong is reported once (`take_report`, shown by the window) and the
broken values are then replaced by the defaults in the file. Tests give each run its own
organisation name (or `QSettings.setPath`) so they never touch the user's settings.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TypeGuard

from PySide6.QtCore import QByteArray, QSettings

from ...core.errors import InvalidLimitError
from ...core.inputs.numbers import MOST_NODES, parse_positive, parse_whole
from ...core.search.parameters import PARAMETERS, Kind
from ...core.search.registry import names
from ..driving.driver import FULL_SPEED, SPEEDS
from ..short_text import one_line, short_label
from .search_setup import SearchParams, offered_parameters
from .sources import DEFAULT_SOURCE, Source, source_kinds

ORGANISATION = "pn-explorer"
APPLICATION = "PN Explorer"
SEARCH_KEYS = {"initialisation": "search/init"}
"""Where a search parameter is kept where it is not `search/<its name>`."""


def _key(parameter: str) -> str:
    return SEARCH_KEYS.get(parameter, f"search/{parameter}")


class Settings:
    """Typed, checked access to the app's QSettings."""

    def __init__(self, organisation: str = ORGANISATION, application: str = APPLICATION) -> None:
        self.store = QSettings(
            QSettings.Format.IniFormat, QSettings.Scope.UserScope, organisation, application
        )
        self.unreadable = self.store.status() != QSettings.Status.NoError
        """A file QSettings cannot parse is emptied at once (every value is then the default) and
        said so by `take_report`."""
        if self.unreadable:
            self.store.clear()
            self.store.sync()
        self.problems: dict[str, tuple[object, str]] = {}
        """Key → (the value read, what is wrong with it), until `take_report` reports them."""

    # -- reading helpers --------------------------------------------------------------------------

    def _stored(self, key: str) -> object | None:
        """The value the file holds for `key`; None when it holds none."""
        return self.store.value(key) if self.store.contains(key) else None

    def _reject(self, key: str, value: object, why: str) -> None:
        self.problems.setdefault(key, (value, f"{key}={short_label(str(value))} ({why})"))

    def _text(self, key: str, default: str) -> str:
        value = self._stored(key)
        if value is None:
            return default
        if not isinstance(value, str):
            self._reject(key, value, "not text")
            return default
        return value

    def _choice(self, key: str, choices: Sequence[str], default: str) -> str:
        value = self._text(key, default)
        if value not in choices:
            self._reject(key, value, f"not one of {', '.join(choices)}")
            return default
        return value

    def _whole(self, key: str, default: int, low: int, high: float = math.inf) -> int:
        """A whole number in low…high, checked as the command line's are (`core.inputs`)."""
        value = self._stored(key)
        if value is None:
            return default
        try:
            if not _numeric(value):
                raise InvalidLimitError("not a number")
            number = parse_whole(value, key, minimum=low)
        except InvalidLimitError:
            number = None
        if number is None or number > high:
            bound = f"from {low:,} to {high:,}" if high < math.inf else f"of at least {low:,}"
            self._reject(key, value, f"not a whole number {bound}")
            return default
        return number

    def _positive(self, key: str, default: float) -> float:
        """A finite number above zero (Pn²'s a and b), checked as the command line's are."""
        value = self._stored(key)
        if value is None:
            return default
        try:
            if not _numeric(value):
                raise InvalidLimitError("not a number")
            return parse_positive(value, key)
        except InvalidLimitError:
            self._reject(key, value, "not a finite number above zero")
            return default

    def take_report(self) -> str | None:
        """One line saying what the settings file held that cannot be used, or None. The broken
        values still there are removed (the defaults apply), so the next start is clean; a value
        the app wrote since (the problem opened now) is kept."""
        if not (self.problems or self.unreadable):
            return None
        found = "; ".join(text for _value, text in self.problems.values())
        if self.unreadable:
            found = "not a settings file"
        for key, (value, _text) in self.problems.items():
            if self._stored(key) == value:
                self.store.remove(key)
        self.store.sync()
        self.problems = {}
        self.unreadable = False
        return one_line(f"Settings file: using the defaults, {found} (in {self.store.fileName()})")

    # -- search parameters ------------------------------------------------------------------------

    def params(self) -> SearchParams:
        defaults = SearchParams()
        algo = self._choice("search/algo", names(steppable=True), defaults.algo)
        defaults = defaults.with_algo(algo)
        params = SearchParams(
            algo,
            self._whole("search/max_nodes", defaults.max_nodes, 1, MOST_NODES),
            **{name: self._parameter(name, defaults.value(name)) for name in offered_parameters()},
        )
        try:
            params.validate()
        except InvalidLimitError as error:
            numbers = [
                _key(name)
                for name in offered_parameters()
                if PARAMETERS[name].kind in (Kind.POSITIVE, Kind.WHOLE)
            ]
            for key in ("search/max_nodes", *numbers):
                if self.store.contains(key):
                    self._reject(key, self._stored(key), str(error))
            return defaults
        return params

    def _parameter(self, name: str, default: object) -> object:
        """A search parameter's value, checked by its declaration (`core.search.parameters`)."""
        parameter, key = PARAMETERS[name], _key(name)
        if parameter.kind is Kind.CHOICE:
            return self._choice(key, parameter.choices, str(default))
        if parameter.kind is Kind.SWITCH:
            return self._choice(key, ("true", "false"), "true" if default else "false") == "true"
        if not _numeric(default) or isinstance(default, str):
            raise TypeError(f"the default of {name} is not a number")
        if parameter.kind is Kind.POSITIVE:
            return self._positive(key, float(default))
        return self._whole(key, int(default), parameter.minimum, parameter.maximum)

    def set_params(self, params: SearchParams) -> None:
        self.store.setValue("search/algo", params.algo)
        self.store.setValue("search/max_nodes", params.max_nodes)
        for name in offered_parameters():
            value = params.value(name)
            if isinstance(value, bool):
                value = "true" if value else "false"
            self.store.setValue(_key(name), value)

    # -- the last problem -------------------------------------------------------------------------

    def source(self) -> Source:
        kind = self._choice("problem/kind", source_kinds(), DEFAULT_SOURCE.kind)
        text = self._text("problem/text", "")
        if not text:
            return DEFAULT_SOURCE
        return Source(kind, text, self._text("problem/item", ""))

    def set_source(self, source: Source) -> None:
        self.store.setValue("problem/kind", source.kind)
        self.store.setValue("problem/text", source.text)
        self.store.setValue("problem/item", source.item)

    # -- view -------------------------------------------------------------------------------------

    def speed(self) -> int:
        speed = self._whole("view/speed", FULL_SPEED, 0)
        if speed not in SPEEDS:
            self._reject("view/speed", speed, f"not one of {', '.join(map(str, SPEEDS))}")
            return FULL_SPEED
        return speed

    def set_speed(self, speed: int) -> None:
        self.store.setValue("view/speed", speed)

    def follow(self) -> bool:
        return self._choice("view/follow", ("true", "false"), "true") == "true"

    def set_follow(self, follow: bool) -> None:
        self.store.setValue("view/follow", "true" if follow else "false")

    def geometry(self) -> QByteArray | None:
        return self._bytes("window/geometry")

    def set_geometry(self, geometry: QByteArray) -> None:
        self.store.setValue("window/geometry", geometry)

    def window_state(self) -> QByteArray | None:
        """Docks and toolbars as the user left them (the comparison dock shown or not)."""
        return self._bytes("window/state")

    def _bytes(self, key: str) -> QByteArray | None:
        value = self._stored(key)
        if value is not None and not isinstance(value, QByteArray):
            self._reject(key, value, "not saved by the app")
            return None
        return value

    def set_window_state(self, state: QByteArray) -> None:
        self.store.setValue("window/state", state)

    def open_docks(self) -> list[str]:
        """The docks the user left open (by name): only these reopen with the saved layout."""
        value = self._stored("window/docks")
        if value is None:
            return []
        names = [value] if isinstance(value, str) else value
        if not isinstance(names, list) or not all(isinstance(name, str) for name in names):
            self._reject("window/docks", value, "not a list of panel names")
            return []
        return names

    def set_open_docks(self, names: list[str]) -> None:
        self.store.setValue("window/docks", names)

    def compare_seconds(self, default: int, most: int) -> int:
        """The comparison's time limit per algorithm, within the panel's range."""
        return self._whole("compare/seconds", default, 1, most)

    def set_compare_seconds(self, seconds: int) -> None:
        self.store.setValue("compare/seconds", seconds)

    def engine_path(self) -> str:
        """The cross-check's UCI engine ("": stockfish on PATH)."""
        return self._text("engine/path", "")

    def set_engine_path(self, path: str) -> None:
        self.store.setValue("engine/path", path)

    def engine_seconds(self, default: int, most: int) -> int:
        """The cross-check's time limit."""
        return self._whole("engine/seconds", default, 1, most)

    def set_engine_seconds(self, seconds: int) -> None:
        self.store.setValue("engine/seconds", seconds)

    def sync(self) -> None:
        self.store.sync()


def _numeric(value: object) -> TypeGuard[str | int | float]:
    """A number as the settings file holds one: text in the file, a number before it is
    re-read (never a flag, a list or bytes)."""
    return isinstance(value, (str, int, float)) and not isinstance(value, bool)
