"""The search the user asked for: algorithm, node cap and the values of its parameters (any the
registry's searches declare), and building it.

No Qt. Tree files that are snapshots of a search in progress (Figure 3.1: the file gives the
figure's numbers and most-proving path) open as that search, numbers as the figure shows them
(`core.search.snapshot`); complete tree files and chess positions start a fresh search at the root.
Whether the chosen search can run on the problem is the registry's one rule
(`core.search.registry.refusal`), as on the command line: a search it refuses is refused in
words, never replaced by another.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.games.game import Game
from ...core.games.registry import kind_of
from ...core.games.tree_kind import is_snapshot as is_snapshot
from ...core.search.algorithms import AlgorithmSpec, create_stepper
from ...core.search.contract import Stepper
from ...core.search.defaults import (
    DEFAULT_ALGORITHM,
    DEFAULT_NODE_CAP,
    PN,
    PN2,
)
from ...core.search.parameters import PARAMETERS
from ...core.search.registry import check_runs_on, entries, entry
from ...core.search.snapshot import snapshot_search
from ...core.search.types import Limits, check_node_cap
from .sources import Problem, Source, load

__all__ = ["PN", "PN2", "SearchParams", "build_search", "check_problem", "offered_parameters"]


def offered_parameters() -> tuple[str, ...]:
    """The parameters (`core.search.parameters`) the set-up dialog, the settings and the window's
    command line offer: every one a search the window can step takes, in the schema's order, so
    a search registered later brings its own. `SearchParams` holds a value for any of them."""
    steppers = entries(steppable=True)
    return tuple(name for name in PARAMETERS if any(search.takes(name) for search in steppers))


@dataclass(frozen=True, slots=True, init=False)
class SearchParams:
    """Algorithm, node cap and a value for any parameter of the registry's schema
    (`core.search.parameters.PARAMETERS`, by name; the schema's default where none is given);
    validated when a search is built (InvalidLimitError). Pn² always initialises by mobility."""

    algo: str
    max_nodes: int
    chosen: tuple[tuple[str, object], ...]
    """(name, value) of each parameter given away from its default, by name: two parameter
    sets that build the same search are equal."""

    def __init__(
        self, algo: str = DEFAULT_ALGORITHM, max_nodes: int = DEFAULT_NODE_CAP, **values: object
    ) -> None:
        unknown = sorted(set(values) - set(PARAMETERS))
        if unknown:
            raise TypeError(f"no search parameter is named {unknown[0]!r}")
        chosen = tuple(
            sorted(
                (name, value) for name, value in values.items() if value != PARAMETERS[name].default
            )
        )
        object.__setattr__(self, "algo", algo)
        object.__setattr__(self, "max_nodes", max_nodes)
        object.__setattr__(self, "chosen", chosen)

    def value(self, name: str) -> object:
        """The value of parameter `name` (its schema's default where none was given)."""
        for chosen, value in self.chosen:
            if chosen == name:
                return value
        return PARAMETERS[name].default

    def number(self, name: str) -> float:
        """A number parameter's value (a, b: the curves read them)."""
        value = self.value(name)
        if not isinstance(value, int | float):
            raise TypeError(f"{name} is not a number")
        return float(value)

    def with_values(self, max_nodes: int | None = None, **values: object) -> SearchParams:
        """The same search with these values changed (the cap too, when given)."""
        cap = self.max_nodes if max_nodes is None else max_nodes
        return SearchParams(self.algo, cap, **{**dict(self.chosen), **values})

    def spec(self) -> AlgorithmSpec:
        """The search with the values given for the parameters it takes (the rest take the
        defaults for the game it is built on: `Parameter.default_for`)."""
        taken = entry(self.algo).parameters
        return AlgorithmSpec(self.algo, **{name: v for name, v in self.chosen if name in taken})

    def values(self) -> dict[str, object]:
        """The value of every parameter the chosen search takes, by name."""
        return {name: self.value(name) for name in entry(self.algo).parameters}

    def limits(self) -> Limits:
        return Limits(max_nodes=self.max_nodes)

    def validate(self) -> None:
        """Raise InvalidLimitError now, before anything the user has is replaced (a cap the
        machine's free memory cannot hold included)."""
        self.spec()
        self.limits()
        check_node_cap(self.max_nodes)

    def with_algo(self, algo: str) -> SearchParams:
        """Switch algorithm; a cap still at the old algorithm's default moves to the new one's."""
        cap = self.max_nodes
        if cap == entry(self.algo).cap:
            cap = entry(algo).cap
        return SearchParams(algo, cap, **dict(self.chosen))

    def describe(self) -> str:
        """The settings in force, as the window's title shows them (what the search itself does
        on the position, e.g. df-pn's threats, is its own `describe`)."""
        chosen = entry(self.algo)
        text = f"{chosen.title} · {chosen.cap_unit.cap_text(self.max_nodes)}"
        settings = chosen.settings(self.values())
        if settings:
            text += f" · {settings}"
        return text


def fresh_game(game: Game) -> Game:
    """A new cursor on the same problem: every search gets its own, so a proof still being read
    from an old search (in a worker thread) never shares a cursor with a new one."""
    return kind_of(game).fresh(game)


def check_problem(source: Source, params: SearchParams) -> Problem:
    """Load `source` and build its search once, so that bad input raises the core's typed error
    before any window exists: the window's start and `--screenshot` both go through here."""
    problem = load(source)
    build_search(problem.game, params)
    return problem


def build_search(game: Game, params: SearchParams) -> Stepper:
    """A new stepper for `params` on a fresh cursor of `game`; InvalidLimitError, in words, for
    a search that cannot run on it."""
    params.validate()
    game = fresh_game(game)
    figure = kind_of(game).figure(game)
    if figure is not None:
        check_runs_on(params.algo, game, params.values(), snapshot=True)
        return snapshot_search(figure, params.limits())
    return create_stepper(params.spec(), game, params.limits())
