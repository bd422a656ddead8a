"""The declared contract of a search: what front ends may read and call, instead of probing.

Two protocols, because the αβ baseline has no search tree and no steps:

* `Search` is what `create_search` returns and what the command line, batch runs and the
  comparison use: PN, Pn², αβ, DAG PN and df-pn all satisfy it. It runs to an outcome, counts its
  work, can be cancelled and hands back its proof, or its disproof for the independent replay
  (`disproof`, under its mate-length bound `max_plies` where it has one). `tree` is the search
  tree, or None for αβ (which holds only its current path) and df-pn (everything lives in its
  table); `second_level_searches` is Pn²'s count of second-level searches, None for the
  one-level searches. Callers test these for None rather than probing for attributes.
* `Stepper` is a `Search` the app steps and draws, one contract for every steppable search: PN
  and Pn² (`core.search.pn.TreeSearch`), DAG PN (`core.search.dag_pn`) and df-pn
  (`core.search.dfpn_steps`). It declares its `step_units` (the app's step buttons are built
  from them: phase and iteration; into and over for two levels; df-pn's event and expansion),
  its `capabilities`, its `memory` use and what to draw (`drawn_tree`: the search tree, or
  df-pn's picture of its recursion path), and describes its own settings. A step returns a
  `StepReport` whose search-specific news are typed events (`core.search.events`). Replay goes
  through `checkpoint` and `restore`, so it works for every stepper.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Protocol, cast, runtime_checkable

from ..games.game import Game
from ..proofs.proof import ProofNode
from ..tree import Tree
from .types import (
    Checkpoints,
    Limits,
    MemoryUse,
    Outcome,
    StepReport,
    StepUnit,
)

if TYPE_CHECKING:
    from .capabilities import Capabilities


@runtime_checkable
class Search(Protocol):
    """Any search `create_search` builds: run it, read its counts and its proof."""

    algorithm: str
    game: Game
    limits: Limits
    outcome: Outcome | None
    """How the search ended; None while it can still go on."""
    elapsed: float
    """Seconds spent searching (steps and runs)."""
    max_plies: int | None
    """The mate-length bound a disproof holds under (df-pn's "a mate within this many plies?"),
    None for a search of mates at any length."""

    @property
    def tree(self) -> Tree | None:
        """The search tree; None for a search that keeps no tree (αβ, df-pn)."""

    @property
    def second_level_searches(self) -> int | None:
        """Pn²'s number of second-level searches; None for one-level searches."""

    @property
    def transpositions(self) -> int | None:
        """Positions reached by another path and merged: DAG PN's links to existing nodes; None
        for the tree searches (PN, Pn², αβ), which merge nothing, and for df-pn, whose table
        cannot tell another path from a parent re-expanded (see `table_hits`)."""

    @property
    def table_hits(self) -> int | None:
        """Children found in a transposition table when generated (df-pn), re-expansions of the
        same parent included; None for the searches without a table."""

    @property
    def nodes_created(self) -> int: ...

    @property
    def nodes_in_memory(self) -> int: ...

    @property
    def peak_nodes_in_memory(self) -> int: ...

    @property
    def iterations(self) -> int: ...

    def run(
        self, max_iterations: int | None = None, max_seconds: float | None = None
    ) -> Outcome | None:
        """Search to the end, or for a slice (then None: call again to resume)."""

    def cancel(self) -> None:
        """Ask a running search to stop at its next check."""

    def proof(self) -> ProofNode:
        """The proof tree of a proved root."""

    def disproof(self) -> ProofNode:
        """The disproof tree of a disproved root, read out of what the search keeps: every move
        at attacker (OR) nodes, one reply that holds at defender (AND) nodes, down to the leaves a
        rule of the game ends (or the bound `max_plies`). It is the search's word until
        `core.proofs.verify_disproof` has replayed it; raises VerificationError, saying why,
        where the search cannot read one out (αβ, which keeps only its current line)."""


@runtime_checkable
class Stepper(Search, Protocol):
    """A search the app steps, draws and replays (PN, Pn², DAG PN, df-pn)."""

    step_units: tuple[StepUnit, ...]
    """The steps it offers, smallest first (`core.search.types.PHASE` … `OVER`)."""

    @property
    def capabilities(self) -> Capabilities:
        """What it offers beyond stepping (two levels, replay, quiz, transpositions, a recursion
        path), as its registry entry declares it (`core.search.capabilities.Capabilities`)."""

    @property
    def drawn_tree(self) -> Tree:
        """What the tree view draws: the search tree, or (df-pn, which keeps none) a tree of its
        recursion path and each path node's children whose most-proving path is that path."""

    @property
    def root_numbers(self) -> tuple[int, int]: ...

    @property
    def update_pending(self) -> bool:
        """True between an expansion and its update: `selected_node`'s numbers are stale."""

    @property
    def selected_node(self) -> int:
        """The node of `drawn_tree` the search stands at: the last selection (the node just
        expanded while an update is pending), or df-pn's deepest frame."""

    @property
    def next_step(self) -> str:
        """What the next smallest step will do, in a few words (the status line)."""

    @property
    def at_boundary(self) -> bool:
        """Between two iterations (no iteration and no second-level search half done): where
        `checkpoint` may be called."""

    def memory(self) -> MemoryUse:
        """What it holds now against its limit (nodes, or table entries)."""

    def describe(self) -> str:
        """What it does on this problem beyond its parameters, in a few words for the window's
        title (df-pn: its threats and the mop-up estimate, which depend on the position); ""
        when its parameters say it all (the registry words those)."""

    def step(self, unit: str) -> StepReport:
        """One whole step of a unit it offers (its name in `step_units`), reports merged."""

    def smallest_step(self) -> StepReport:
        """The smallest step it has: a phase (Pn²: of either level), or df-pn's event."""

    def step_done(self, unit: str) -> Callable[[StepReport], bool]:
        """Whether a smallest step's report completes a step of `unit` begun now: a caller
        that takes smallest steps in slices (the app's driver) stops when this says so."""

    def step_iteration(self) -> StepReport:
        """To the end of the current iteration (df-pn: through its next expansion)."""

    def checkpoint(self) -> Checkpoints:
        """Record its state after the iteration just completed (at a boundary; the start is
        iteration 0) and return every checkpoint recorded so far. A search rebuilt by `restore`
        that has stepped on to the last one recorded carries the record on."""

    def restore(self, checkpoints: Checkpoints, iteration: int) -> Iterator[None]:
        """Bring this search, fresh from its factory, to the state after `iteration`: a
        generator that yields between small pieces of work, so a caller on the GUI thread never
        blocks (a re-run from the start is such a restore)."""


class TwoLevels(Protocol):
    """What a search of two levels adds (`Capabilities.two_levels`: Pn²): its live second-level
    search and the first-level node that search evaluates."""

    @property
    def second_level(self) -> Stepper | None:
        """The live second-level search; None when none runs."""

    @property
    def second_level_root(self) -> int | None:
        """The first-level node the live second-level search evaluates, or None."""


class LeafInitialised(Protocol):
    """A search whose new leaves start from numbers it was told how to set (PN, Pn², DAG PN)."""

    initialisation: str
    """How a new leaf's numbers start (§3.3.1): `MOBILITY` or `UNIT` (`core.search.defaults`)."""


@runtime_checkable
class WatchedRoot(Search, Protocol):
    """A search that keeps no tree and is watched from inside for its root's numbers (df-pn):
    `root_now` is what a stop would leave the root with, `watch_root` is told them as it runs
    (see `core.search.dfpn.DfpnSearch.watch_root`); `root_numbers` are its last run's."""

    @property
    def root_numbers(self) -> tuple[int, int]: ...

    def root_now(self) -> tuple[int, int]: ...

    def watch_root(self, watch: Callable[[int, int, int], int] | None) -> None: ...


@runtime_checkable
class WorkBudgeted(Protocol):
    """A search that a budget of nodes created stops, its memory being a table that replaces
    entries rather than fills up (df-pn): `work_budget` None is no budget."""

    work_budget: int | None


def second_level(search: Stepper) -> Stepper | None:
    """The live second-level search of a search of two levels; None for any other."""
    return cast(TwoLevels, search).second_level if search.capabilities.two_levels else None


def second_level_root(search: Stepper) -> int | None:
    """The first-level node a live second-level search evaluates; None for any other search."""
    return cast(TwoLevels, search).second_level_root if search.capabilities.two_levels else None


def initialisation(search: Stepper) -> str | None:
    """How the search's new leaves start (`MOBILITY`, `UNIT`); None for a search not told."""
    if search.capabilities.leaf_initialisation:
        return cast(LeafInitialised, search).initialisation
    return None


def kept_tree(search: Search) -> Tree:
    """The search tree of a search that keeps one (`Capabilities.keeps_tree`: PN, Pn², DAG PN);
    asking it of one that keeps none (αβ, df-pn) is a caller's mistake."""
    tree = search.tree
    if tree is None:
        raise TypeError(f"{type(search).__name__} keeps no search tree")
    return tree
