"""The algorithm registry: one entry per search, and everything around a search derived from it.

An entry says what a search is called (name, title, short title, a line of help), its default
cap and what the cap counts, which parameters it takes (declared in `core.search.parameters`),
how to build it for a run and, if it can be stepped, for the window, what it can do
(`Capabilities`) and which game traits it needs. The command line's options and help, the
window's set-up dialog, the comparison's rows and budgets, the advice and the settings read the
registry; none of them names a search. Whether a search may run on a game is decided by one
function, `refusal`, on the command line and in the window alike.

A search registered later (a test's probe, say) appears everywhere at once:

    register(SearchEntry("pn-probe", "PN probe", "probe", "PN, unit initialisation", …))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any, Literal, overload

from ..errors import InvalidLimitError
from ..games.game import Game
from .capabilities import Capabilities, declare, forget
from .contract import Search, Stepper
from .defaults import (
    AB,
    ABTT,
    DAGPN,
    DEFAULT_NODE_CAP,
    DEFAULT_PN2_CAP,
    DFPN,
    DFPN_NATIVE,
    ONE,
    PN,
    PN2,
)
from .parameters import PARAMETERS, PIECES
from .types import Limits


class CapUnit(Enum):
    """What a search's cap counts."""

    NODES_IN_MEMORY = "nodes in memory"
    NODES_CREATED = "nodes created"
    TABLE_ENTRIES = "table entries"

    def cap_text(self, cap: int) -> str:
        """The cap in a title: "node cap 1,000,000", "table of 1,000,000 entries"."""
        if self is CapUnit.TABLE_ENTRIES:
            return f"table of {cap:,} entries"
        if self is CapUnit.NODES_CREATED:
            return f"node cap {cap:,} (nodes created)"
        return f"node cap {cap:,}"

    def budget_text(self, cap: int) -> str:
        """The cap as a budget: "1,000,000 nodes in memory", "a table of 1,000,000 entries"."""
        if self is CapUnit.TABLE_ENTRIES:
            return f"a table of {cap:,} entries"
        return f"{cap:,} {self.value}"


Factory = Callable[..., Any]
"""`factory(game, limits, **values)`: values for the entry's parameters, by name."""

TREE_EXPLAINER = "tree"
"""The explanation of a search that keeps its tree: effort per root move, read from the tree."""

TABLE_EXPLAINER = "table"
"""The explanation of df-pn: its transposition table's most-proving line and its own counts."""


@dataclass(frozen=True, slots=True)
class SearchEntry:
    """One search (see the module docstring). `settings(values)`: its parameters in a few words
    for a title ("init mobility", "a = 600,000, b = 80,000"); `choice`: its label in the set-up
    dialog; `needs`: game traits it cannot run without; `explainer`: the name of the explanation
    that says why it has not solved a root ("Why not found?": `TABLE_EXPLAINER`, read from a
    transposition table; `core.explain.explain.EXPLAINERS` holds them by name); None: a search
    that keeps its tree is explained from it (`TREE_EXPLAINER`), any other has no explanation.
    `unavailable()`: why it cannot run on this install (a part that was not built), or None."""

    name: str
    title: str
    short_title: str
    help: str
    cap: int
    cap_unit: CapUnit
    parameters: tuple[str, ...]
    run: Factory
    step: Factory | None
    capabilities: Capabilities
    settings: Callable[[Mapping[str, Any]], str]
    choice: str = ""
    needs: frozenset[str] = frozenset()
    explainer: str | None = None
    unavailable: Callable[[], str | None] | None = None
    """Why it cannot run on this install at all, in one sentence (the native df-pn where its
    module was not built), or None when it can; None: always available."""

    @property
    def steppable(self) -> bool:
        return self.step is not None

    @property
    def explains_with(self) -> str | None:
        """Its explanation's name, the tree's where it keeps one and names none (None: no
        explanation)."""
        if self.explainer is not None:
            return self.explainer
        return TREE_EXPLAINER if self.capabilities.keeps_tree else None

    @property
    def explains(self) -> bool:
        return self.explains_with is not None

    def takes(self, parameter: str) -> bool:
        return parameter in self.parameters

    def defaults(self) -> dict[str, Any]:
        """Its parameters' default values."""
        return {name: PARAMETERS[name].default for name in self.parameters}


_ENTRIES: dict[str, SearchEntry] = {}


def register(search: SearchEntry) -> SearchEntry:
    """Add a search; its parameters must be declared in `core.search.parameters`."""
    if search.name in _ENTRIES:
        raise ValueError(f"a search named {search.name!r} is registered already")
    unknown = [name for name in search.parameters if name not in PARAMETERS]
    if unknown:
        raise ValueError(f"{search.name}: undeclared parameters {', '.join(unknown)}")
    _ENTRIES[search.name] = search
    declare(search.name, search.capabilities)
    return search


def unregister(name: str) -> None:
    """Remove a search registered for a while (a test's probe)."""
    del _ENTRIES[name]
    forget(name)


def entries(**capabilities: bool) -> tuple[SearchEntry, ...]:
    """The registered searches in registration order, those with the given capabilities
    (`steppable` and `explains` included) only."""
    return tuple(
        entry
        for entry in _ENTRIES.values()
        if all(
            (
                getattr(entry, key)
                if key in ("steppable", "explains")
                else getattr(entry.capabilities, key)
            )
            == wanted
            for key, wanted in capabilities.items()
        )
    )


def names(**capabilities: bool) -> tuple[str, ...]:
    """The names of `entries(**capabilities)`."""
    return tuple(entry.name for entry in entries(**capabilities))


def entry(name: str) -> SearchEntry:
    """The search called `name`; InvalidLimitError naming the choices if there is none."""
    found = _ENTRIES.get(name)
    if found is None:
        raise InvalidLimitError(f"unknown algorithm {name!r}: choose one of {', '.join(_ENTRIES)}")
    return found


def title_of(name: str) -> str:
    """The title of search `name`, or the name itself for a column that is not a search (a UCI
    engine's)."""
    found = _ENTRIES.get(name)
    return found.title if found is not None else name


def memory_alternative(name: str) -> SearchEntry | None:
    """The two-level search to try when search `name` fills its memory: for one that keeps its
    whole tree on one level and stores every transposition apart (PN); None for the others."""
    found = entry(name).capabilities
    if found.two_levels or found.transpositions or not found.keeps_tree:
        return None
    return next(iter(entries(two_levels=True)), None)


def game_traits(game: Game) -> frozenset[str]:
    """The traits a game declares that a search may need."""
    return frozenset({PIECES} if game.capabilities.has_pieces else ())


TRAIT_WORDS = {PIECES: "a game with pieces of different power (a chess position)"}


def refusal(
    name: str, game: Game, values: Mapping[str, Any] | None = None, snapshot: bool = False
) -> str | None:
    """Why search `name` with `values` cannot run on `game`, in one sentence; None if it can.
    `snapshot`: the game is a tree file drawing a search in progress, which opens as that
    search. The one rule for the command line and the window."""
    found = entry(name)
    missing_part = found.unavailable() if found.unavailable is not None else None
    if missing_part is not None:
        return missing_part
    if snapshot and not found.capabilities.opens_snapshots:
        openers = " or ".join(e.title for e in entries(opens_snapshots=True))
        return (
            f"this tree file draws a search in progress, which opens as {openers}, "
            f"not as {found.title}"
        )
    traits = game_traits(game)
    missing = sorted(found.needs - traits)
    if missing:
        return f"{found.title} needs {TRAIT_WORDS.get(missing[0], missing[0])}"
    values = values or {}
    for parameter in found.parameters:
        value = values.get(parameter, PARAMETERS[parameter].default_for(traits))
        trait = PARAMETERS[parameter].needs.get(value)
        if trait is not None and trait not in traits:
            return (
                f"{found.title}'s {parameter} {value!r} needs {TRAIT_WORDS.get(trait, trait)}: "
                f"choose another {parameter}"
            )
    return None


def check_runs_on(
    name: str, game: Game, values: Mapping[str, Any] | None = None, snapshot: bool = False
) -> SearchEntry:
    """The entry for `name`, or InvalidLimitError saying why it cannot run on `game`."""
    why = refusal(name, game, values, snapshot)
    if why is not None:
        raise InvalidLimitError(why)
    return entry(name)


@overload
def build(
    name: str,
    game: Game,
    limits: Limits,
    values: Mapping[str, Any],
    stepped: Literal[False] = False,
) -> Search: ...


@overload
def build(
    name: str, game: Game, limits: Limits, values: Mapping[str, Any], stepped: Literal[True]
) -> Stepper: ...


def build(
    name: str, game: Game, limits: Limits, values: Mapping[str, Any], stepped: bool = False
) -> Search | Stepper:
    """Search `name` on `game` with its parameters taken from `values` (defaults for the rest),
    for a run or (`stepped`) for the window to step. The search is named after its entry
    (`algorithm`), whatever class the factory made, so it reads that entry's capabilities."""
    found = entry(name)
    factory = found.step if stepped else found.run
    if factory is None:
        steppers = ", ".join(names(steppable=True))
        raise InvalidLimitError(f"{found.title} cannot be stepped: choose {steppers}")
    check_runs_on(name, game, values)
    traits = game_traits(game)
    chosen = {key: values.get(key, PARAMETERS[key].default_for(traits)) for key in found.parameters}
    search: Search | Stepper = factory(game, limits, **chosen)
    search.algorithm = found.name
    return search


# -- the built-in searches ---------------------------------------------------------------------


def pn_search(game: Game, limits: Limits, initialisation: str) -> Stepper:
    from .pn import ProofNumberSearch

    return ProofNumberSearch(game, limits, initialisation=initialisation)


def pn2_search(game: Game, limits: Limits, a: float, b: float, fraction: str) -> Stepper:
    from .pn2 import Pn2Search

    return Pn2Search(game, limits, a=a, b=b, fraction=fraction)


def alphabeta_search(
    game: Game, limits: Limits, depth: int | None, ordering: str, refutation: bool, all_keys: bool
) -> Search:
    from .alphabeta import AlphaBetaMateSearch

    return AlphaBetaMateSearch(
        game,
        limits,
        max_depth=depth,
        ordering=ordering,
        refutation_ordering=refutation,
        all_keys=all_keys,
    )


def dag_pn_search(game: Game, limits: Limits, initialisation: str) -> Stepper:
    from .dag_pn import DagProofNumberSearch

    return DagProofNumberSearch(game, limits, initialisation=initialisation)


def dfpn_search(game: Game, limits: Limits, **values: Any) -> Search:
    from .dfpn import DfpnSearch

    return DfpnSearch(game, limits, **values)


def dfpn_stepper(game: Game, limits: Limits, **values: Any) -> Stepper:
    from .dfpn_steps import DfpnStepper

    return DfpnStepper(game, limits, **values)


def dfpn_native_search(game: Game, limits: Limits, **values: Any) -> Search:
    from .dfpn_native import NativeDfpnSearch

    return NativeDfpnSearch(game, limits, **values)


def dfpn_native_missing() -> str | None:
    """Why the native df-pn cannot run here (its module was not built), or None."""
    from . import native_engine
    from .dfpn_native import NOT_BUILT

    return None if native_engine.native_available() else NOT_BUILT


def abtt_search(game: Game, limits: Limits) -> Search:
    from .abtt import AlphaBetaTableSearch

    return AlphaBetaTableSearch(game, limits)


def initialisation_text(values: Mapping[str, Any]) -> str:
    """PN's and DAG PN's settings: the leaf initialisation."""
    return f"init {values['initialisation']}"


def pn2_text(values: Mapping[str, Any]) -> str:
    """Pn²'s settings: the fraction's shape."""
    if values["fraction"] == ONE:
        return "f ≡ 1"
    return f"a = {values['a']:,.0f}, b = {values['b']:,.0f}"


def depth_text(values: Mapping[str, Any]) -> str:
    """αβ's settings: its deepest mate-in-n."""
    return "no depth limit" if values["depth"] is None else f"depth ≤ {values['depth']}"


def no_text(values: Mapping[str, Any]) -> str:
    """A search whose settings the title does not repeat (df-pn: its stepper says them)."""
    return ""


for _entry in (
    SearchEntry(
        PN,
        "PN search",
        "PN",
        "thesis ch. 3",
        DEFAULT_NODE_CAP,
        CapUnit.NODES_IN_MEMORY,
        ("initialisation",),
        pn_search,
        pn_search,
        Capabilities(
            thesis=True,
            replayable=True,
            quizzable=True,
            keeps_tree=True,
            opens_snapshots=True,
            leaf_initialisation=True,
        ),
        initialisation_text,
        "PN search (thesis ch. 3)",
    ),
    SearchEntry(
        PN2,
        "Pn² search",
        "Pn²",
        "two-level, thesis ch. 4",
        DEFAULT_PN2_CAP,
        CapUnit.NODES_IN_MEMORY,
        ("a", "b", "fraction"),
        pn2_search,
        pn2_search,
        Capabilities(
            thesis=True,
            two_levels=True,
            replayable=True,
            quizzable=True,
            keeps_tree=True,
            tuned_cap=True,
        ),
        pn2_text,
        "Pn² search (ch. 4)",
    ),
    SearchEntry(
        AB,
        "αβ mate search",
        "αβ",
        "αβ mate-in-n",
        DEFAULT_NODE_CAP,
        CapUnit.NODES_CREATED,
        ("depth", "ordering", "refutation", "all_keys"),
        alphabeta_search,
        None,
        Capabilities(thesis=True, disproves=False),
        depth_text,
    ),
    SearchEntry(
        DAGPN,
        "DAG PN search",
        "DAG PN",
        "PN with transpositions merged into a DAG",
        DEFAULT_NODE_CAP,
        CapUnit.NODES_IN_MEMORY,
        ("initialisation",),
        dag_pn_search,
        dag_pn_search,
        Capabilities(
            replayable=True,
            quizzable=True,
            transpositions=True,
            keeps_tree=True,
            leaf_initialisation=True,
        ),
        initialisation_text,
        "DAG PN (transpositions merged)",
    ),
    SearchEntry(
        DFPN,
        "df-pn search",
        "df-pn",
        "df-pn with a transposition table",
        DEFAULT_NODE_CAP,
        CapUnit.TABLE_ENTRIES,
        (
            "threat_divisor",
            "threat_depth",
            "mop_up_weight",
            "mates_in_one",
            "weak_delta",
            "deep_depth",
            "flight_weight",
            "tca",
            "snda",
        ),
        dfpn_search,
        dfpn_stepper,
        Capabilities(event_steps=True, replayable=True, transpositions=True),
        no_text,
        "df-pn (Nagai; transposition table)",
        explainer=TABLE_EXPLAINER,
    ),
    SearchEntry(
        DFPN_NATIVE,
        "df-pn search (native)",
        "df-pn native",
        "df-pn compiled: the same search, node for node, at native speed (chess)",
        DEFAULT_NODE_CAP,
        CapUnit.TABLE_ENTRIES,
        ("threat_divisor", "threat_depth", "mop_up_weight", "mates_in_one", "weak_delta"),
        dfpn_native_search,
        None,
        Capabilities(compared=False, transpositions=True),
        no_text,
        "df-pn, native (runs, does not step)",
        needs=frozenset({PIECES}),
        explainer=TABLE_EXPLAINER,
        unavailable=dfpn_native_missing,
    ),
    SearchEntry(
        ABTT,
        "αβ with a table",
        "αβ+TT",
        "boolean αβ with a transposition table, any game",
        DEFAULT_NODE_CAP,
        CapUnit.TABLE_ENTRIES,
        (),
        abtt_search,
        None,
        Capabilities(transpositions=True),
        no_text,
    ),
):
    register(_entry)
