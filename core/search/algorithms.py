"""Choosing a search by name: PN, Pn² or the αβ mate baseline, with their parameters.

Front ends (CLI, suite workers, the app) describe the search they want with an `AlgorithmSpec`,
which is small and picklable, and get a stepper from `create_search`.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.errors import InvalidLimitError
from core.games.game import Game
from core.search.defaults import (
    ALGORITHM_TITLES,
    ALGORITHMS,
    DEFAULT_A,
    DEFAULT_B,
    DEFAULT_DEPTH,
    FRACTIONS,
    INITIALISATIONS,
    LOGISTIC,
    MOBILITY,
    PN,
    PN2,
    POWER,
)
from core.search.types import Limits


@dataclass(frozen=True, slots=True)
class AlgorithmSpec:
    """Which search and its parameters: a, b, fraction for Pn² (thesis ch. 4); for αβ the largest
    n of mate-in-n (`depth`, None: deepen until a limit), the static `ordering` (power or
    square), Proskurowski's `refutation` ordering, and `all_keys` (try every root move)."""

    name: str = PN
    a: float = DEFAULT_A
    b: float = DEFAULT_B
    fraction: str = LOGISTIC
    depth: int | None = DEFAULT_DEPTH
    initialisation: str = MOBILITY
    ordering: str = POWER
    refutation: bool = True
    all_keys: bool = False

    def __post_init__(self) -> None:
        if self.name not in ALGORITHMS:
            raise InvalidLimitError(
                f"unknown algorithm {self.name!r}: choose one of {', '.join(ALGORITHMS)}"
            )
        if not (self.a > 0 and self.b > 0):
            raise InvalidLimitError(
                f"Pn² parameters a and b must be positive (a={self.a:g}, b={self.b:g})"
            )
        if self.fraction not in FRACTIONS:
            raise InvalidLimitError(
                f"fraction must be {' or '.join(map(repr, FRACTIONS))}, not {self.fraction!r}"
            )
        if self.depth is not None and (
            isinstance(self.depth, bool) or not isinstance(self.depth, int) or self.depth < 1
        ):
            raise InvalidLimitError(f"depth must be a positive whole number, not {self.depth!r}")
        if self.initialisation not in INITIALISATIONS:
            raise InvalidLimitError(
                f"initialisation must be {' or '.join(map(repr, INITIALISATIONS))}, "
                f"not {self.initialisation!r}"
            )

    @property
    def title(self) -> str:
        return ALGORITHM_TITLES[self.name]


def create_search(spec: AlgorithmSpec, game: Game, limits: Limits):
    """A stepper for `spec` on `game` (every stepper has run/step/cancel/outcome/proof)."""
    if spec.name == PN:
        from core.search.pn import ProofNumberSearch

        return ProofNumberSearch(game, limits, initialisation=spec.initialisation)
    if spec.name == PN2:
        from core.search.pn2 import Pn2Search

        return Pn2Search(game, limits, a=spec.a, b=spec.b, fraction=spec.fraction)
    from core.search.alphabeta import AlphaBetaMateSearch

    return AlphaBetaMateSearch(
        game,
        limits,
        max_depth=spec.depth,
        ordering=spec.ordering,
        refutation_ordering=spec.refutation,
        all_keys=spec.all_keys,
    )
