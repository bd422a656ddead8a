"""Choosing a search by name: PN, Pn², the αβ mate baseline, df-pn or DAG PN, with their parameters.

Front ends (CLI, suite workers, the app) describe the search they want with an `AlgorithmSpec`,
which is small and picklable, and get a `Search` from `create_search`; the app, which steps and
draws the search, gets a `Stepper` (PN, Pn² or DAG PN) or a `PathStepper` (df-pn) from
`create_stepper`.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.errors import InvalidLimitError
from core.games.game import Game
from core.search.contract import PathStepper, Search, Stepper
from core.search.defaults import (
    ALGORITHM_TITLES,
    ALL_ALGORITHMS,
    DAGPN,
    DEFAULT_A,
    DEFAULT_B,
    DEFAULT_DEPTH,
    DEFAULT_INITIALISATION,
    DFPN,
    FRACTIONS,
    INITIALISATIONS,
    LOGISTIC,
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
    initialisation: str = DEFAULT_INITIALISATION
    ordering: str = POWER
    refutation: bool = True
    all_keys: bool = False

    def __post_init__(self) -> None:
        if self.name not in ALL_ALGORITHMS:
            raise InvalidLimitError(
                f"unknown algorithm {self.name!r}: choose one of {', '.join(ALL_ALGORITHMS)}"
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


def create_stepper(spec: AlgorithmSpec, game: Game, limits: Limits) -> Stepper | PathStepper:
    """A search for `spec` on `game` that the app can step: PN, Pn² or DAG PN phase by phase,
    df-pn event by event (`core.search.contract.PathStepper`)."""
    if spec.name == PN:
        from core.search.pn import ProofNumberSearch

        return ProofNumberSearch(game, limits, initialisation=spec.initialisation)
    if spec.name == PN2:
        from core.search.pn2 import Pn2Search

        return Pn2Search(game, limits, a=spec.a, b=spec.b, fraction=spec.fraction)
    if spec.name == DAGPN:
        from core.search.dag_pn import DagProofNumberSearch

        return DagProofNumberSearch(game, limits, initialisation=spec.initialisation)
    if spec.name == DFPN:
        from core.search.dfpn_steps import DfpnStepper

        return DfpnStepper(game, limits)
    raise InvalidLimitError(f"{spec.title} cannot be stepped: choose pn, pn2, dagpn or dfpn")


def create_search(spec: AlgorithmSpec, game: Game, limits: Limits) -> Search:
    """The search `spec` names, on `game` within `limits` (see `core.search.contract.Search`)."""
    if spec.name == DAGPN:
        from core.search.dag_pn import DagProofNumberSearch

        return DagProofNumberSearch(game, limits, initialisation=spec.initialisation)
    if spec.name == DFPN:
        from core.search.dfpn import DfpnSearch

        return DfpnSearch(game, limits)
    if spec.name != "ab":
        return create_stepper(spec, game, limits)
    from core.search.alphabeta import AlphaBetaMateSearch

    return AlphaBetaMateSearch(
        game,
        limits,
        max_depth=spec.depth,
        ordering=spec.ordering,
        refutation_ordering=spec.refutation,
        all_keys=spec.all_keys,
    )
