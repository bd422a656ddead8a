"""What the app remembers between runs (QSettings): the search parameters, the speed, the last
problem opened and the window's geometry.

Values are read back defensively: a settings file edited by hand, or written by an older
version, falls back to the defaults instead of failing. Tests give each run its own organisation
name (or `QSettings.setPath`) so they never touch the user's settings.
"""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QSettings

from app.driver import FULL_SPEED, SPEEDS
from app.search_setup import SearchParams
from app.sources import DEFAULT_SOURCE, KINDS, Source
from core.errors import InvalidLimitError
from core.search.defaults import STEPPERS

ORGANISATION = "pn-explorer"
APPLICATION = "PN Explorer"


class Settings:
    """Typed access to the app's QSettings."""

    def __init__(self, organisation: str = ORGANISATION, application: str = APPLICATION) -> None:
        self.store = QSettings(
            QSettings.Format.IniFormat, QSettings.Scope.UserScope, organisation, application
        )

    # -- reading helpers --------------------------------------------------------------------------

    def _text(self, key: str, default: str) -> str:
        value = self.store.value(key, default)
        return value if isinstance(value, str) else default

    def _number(self, key: str, default: float, kind: type = int):
        value = self.store.value(key, default)
        try:
            return kind(float(value))
        except (TypeError, ValueError):
            return default

    # -- search parameters ------------------------------------------------------------------------

    def params(self) -> SearchParams:
        defaults = SearchParams()
        algo = self._text("search/algo", defaults.algo)
        if algo not in STEPPERS:
            algo = defaults.algo
        params = SearchParams(
            algo=algo,
            max_nodes=self._number("search/max_nodes", defaults.max_nodes),
            a=self._number("search/a", defaults.a, float),
            b=self._number("search/b", defaults.b, float),
            fraction=self._text("search/fraction", defaults.fraction),
        )
        try:
            params.validate()
        except InvalidLimitError:
            return defaults.with_algo(algo)
        return params

    def set_params(self, params: SearchParams) -> None:
        self.store.setValue("search/algo", params.algo)
        self.store.setValue("search/max_nodes", params.max_nodes)
        self.store.setValue("search/a", params.a)
        self.store.setValue("search/b", params.b)
        self.store.setValue("search/fraction", params.fraction)

    # -- the last problem -------------------------------------------------------------------------

    def source(self) -> Source:
        kind = self._text("problem/kind", DEFAULT_SOURCE.kind)
        if kind not in KINDS:
            return DEFAULT_SOURCE
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
        speed = self._number("view/speed", FULL_SPEED)
        return speed if speed in SPEEDS else FULL_SPEED

    def set_speed(self, speed: int) -> None:
        self.store.setValue("view/speed", speed)

    def follow(self) -> bool:
        return self._text("view/follow", "true") != "false"

    def set_follow(self, follow: bool) -> None:
        self.store.setValue("view/follow", "true" if follow else "false")

    def geometry(self) -> QByteArray | None:
        value = self.store.value("window/geometry")
        return value if isinstance(value, QByteArray) else None

    def set_geometry(self, geometry: QByteArray) -> None:
        self.store.setValue("window/geometry", geometry)

    def window_state(self) -> QByteArray | None:
        """Docks and toolbars as the user left them (the comparison dock shown or not)."""
        value = self.store.value("window/state")
        return value if isinstance(value, QByteArray) else None

    def set_window_state(self, state: QByteArray) -> None:
        self.store.setValue("window/state", state)

    def compare_seconds(self, default: int, most: int) -> int:
        """The comparison's time limit per algorithm, within the panel's range."""
        seconds = self._number("compare/seconds", default)
        return seconds if 1 <= seconds <= most else default

    def set_compare_seconds(self, seconds: int) -> None:
        self.store.setValue("compare/seconds", seconds)

    def sync(self) -> None:
        self.store.sync()
