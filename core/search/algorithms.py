"""Choosing a search by name with its parameters: a small, picklable `AlgorithmSpec`.

Front ends (CLI, suite workers, the app) describe the search they want with an `AlgorithmSpec`
and get a `Search` from `create_search`; the app, which steps and draws the search, gets a
`Stepper` (PN, Pn², DAG PN or df-pn: one contract) from `create_stepper`. Both go through the
algorithm registry (`core.search.registry`), which knows every search, its parameters and the
games it runs on.
"""

from __future__ import annotations

from typing import Any

from ..games.game import Game
from .contract import Search, Stepper
from .defaults import PN
from .parameters import PARAMETERS, check_values
from .registry import build, entry
from .types import Limits


class AlgorithmSpec:
    """Which search, and values for any parameters of `core.search.parameters` (a, b, fraction
    for Pn²; depth, ordering, refutation, all_keys for αβ; the leaf initialisation; df-pn's
    threat and mop-up settings). Every value is checked here; a parameter left out has its
    default, and a search ignores the parameters it does not take. Immutable and picklable."""

    __slots__ = ("name", "_values")

    name: str
    _values: tuple[tuple[str, Any], ...]

    def __init__(self, name: str = PN, **values: Any) -> None:
        entry(name)
        check_values(values)
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "_values", tuple(sorted(values.items())))

    def __getattr__(self, key: str) -> Any:
        parameter = PARAMETERS.get(key)
        if parameter is None:
            raise AttributeError(key)
        return dict(self._values).get(key, parameter.default)

    def __setattr__(self, key: str, value: Any) -> None:
        raise AttributeError("an AlgorithmSpec cannot be changed")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, AlgorithmSpec) and (self.name, self.values) == (
            other.name,
            other.values,
        )

    def __hash__(self) -> int:
        return hash((self.name, tuple(sorted(self.values.items(), key=lambda item: item[0]))))

    def __repr__(self) -> str:
        given = "".join(f", {key}={value!r}" for key, value in self._values)
        return f"AlgorithmSpec({self.name!r}{given})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_spec, (self.name, self._values))

    @property
    def values(self) -> dict[str, Any]:
        """The value of every parameter the search takes (defaults where none was given)."""
        return {key: getattr(self, key) for key in entry(self.name).parameters}

    @property
    def given(self) -> dict[str, Any]:
        """The values given for parameters the search takes: a search built from them fills in
        the rest with the defaults for its game (`Parameter.default_for`)."""
        taken = entry(self.name).parameters
        return {key: value for key, value in self._values if key in taken}

    @property
    def title(self) -> str:
        return entry(self.name).title


def _spec(name: str, values: tuple[tuple[str, Any], ...]) -> AlgorithmSpec:
    return AlgorithmSpec(name, **dict(values))


def create_stepper(spec: AlgorithmSpec, game: Game, limits: Limits) -> Stepper:
    """A search for `spec` on `game` that the app can step (InvalidLimitError for a search
    without a stepper, or one that cannot run on `game`)."""
    return build(spec.name, game, limits, spec.given, stepped=True)


def create_search(spec: AlgorithmSpec, game: Game, limits: Limits) -> Search:
    """The search `spec` names, on `game` within `limits` (see `core.search.contract.Search`)."""
    return build(spec.name, game, limits, spec.given)
