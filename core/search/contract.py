"""The declared contract of a search: what front ends may read and call, instead of probing.

Two protocols, because the αβ baseline has no search tree:

* `Search` is what `create_search` returns and what the command line, batch runs and the
  comparison use: PN, Pn² and αβ all satisfy it. It runs to an outcome, counts its work, can be
  cancelled and hands back its proof. `tree` is the search tree, or None for αβ (which holds only
  its current path) and df-pn (everything lives in its table); `second_level_searches` is Pn²'s
  count of second-level searches, None for the one-level searches (PN, αβ). Callers test these
  for None rather than probing for attributes.
* `Stepper` is a `Search` with a tree that the app steps phase by phase and draws: PN and Pn²
  (every `core.search.pn.TreeSearch`) and DAG PN (`core.search.dag_pn`, whose tree is the
  spanning tree of its graph, `core.search.dag_tree.DagTree`). αβ is not a `Stepper`: it has no
  phases and no tree to draw, and the app does not offer it. Pn²'s second level is part of the
  contract for all: PN and DAG PN answer
  `two_levels` False and `second_level` / `second_level_root` None; `step_into` is one phase and
  `step_over` one iteration for PN, which has no second level to enter or step over.
* `PathStepper` is df-pn as the app steps it (`core.search.dfpn_steps`): no phases and no search
  tree (everything lives in the transposition table), but a recursion path of frames with
  thresholds. A step is one event of that recursion (`step_event`: an expansion or a back-up);
  `step_iteration` runs up to the next expansion. Its `tree` is None, as `Search` says (features
  that read a search tree check for it and say why they are not offered); the view draws
  `display_tree`, the path and each path node's children (`drawn_tree`).
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from core.games.game import Game
from core.proofs.proof import ProofNode
from core.search.transposition import TranspositionTable
from core.search.types import Limits, Outcome, Phase, StepReport
from core.tree import Tree


@runtime_checkable
class Search(Protocol):
    """Any search `create_search` builds (PN, Pn², αβ): run it, read its counts and its proof."""

    algorithm: str
    game: Game
    limits: Limits
    outcome: Outcome | None
    """How the search ended; None while it can still go on."""
    elapsed: float
    """Seconds spent searching (steps and runs)."""

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


@runtime_checkable
class Stepper(Search, Protocol):
    """A tree search the app steps and draws (PN and Pn²): phases, the tree, the second level."""

    next_phase: Phase
    two_levels: bool
    """True for Pn²: an expansion is evaluated by a second-level search."""

    @property
    def tree(self) -> Tree:
        """The (first-level) search tree."""

    @property
    def second_level(self) -> Stepper | None:
        """Pn²'s live second-level search; None when none runs (always, for PN)."""

    @property
    def second_level_root(self) -> int | None:
        """The first-level node the live second-level search evaluates, or None."""

    @property
    def root_numbers(self) -> tuple[int, int]: ...

    @property
    def update_pending(self) -> bool:
        """True between an EXPAND phase and its UPDATE: `selected_node`'s numbers are stale."""

    @property
    def selected_node(self) -> int:
        """The node the last SELECT phase chose (the node just expanded while an update is
        pending)."""

    def step_phase(self) -> StepReport: ...

    def step_iteration(self) -> StepReport: ...

    def step_into(self) -> StepReport:
        """One phase, inside Pn²'s second-level search when one is due (PN: one phase)."""

    def step_over(self) -> StepReport:
        """Pn²: through the next (or current) second-level search; PN: one iteration."""


@runtime_checkable
class PathStepper(Search, Protocol):
    """A depth-first search the app steps event by event (df-pn): a path of frames, no phases."""

    two_levels: bool
    """Always False: no second-level search."""

    table: TranspositionTable
    """Where the search keeps its positions (the memory gauge shows its fill)."""

    mop_up_in_use: bool
    """df-pn+: new nodes' proof numbers include the mop-up estimate (`core.games.mop_up`)."""
    mop_up_weight: int
    """What one step of that estimate adds to a new node's proof number."""
    threat_divisor: int
    """What a new node's proof number is divided by where its quiet move threatens mate."""
    threat_depth: int
    """The deepest position (plies from the root) whose quiet moves are tested for threats."""
    threats_in_use: bool
    """Whether this search tests threats at all (chess, and not where the mop-up estimate
    guides)."""

    @property
    def tree(self) -> None:
        """None: the search keeps no tree (see `display_tree`)."""

    @property
    def display_tree(self) -> Tree:
        """What the tree view draws: the recursion path and each path node's children, as a
        `Tree` whose most-proving path is the path (not the search's tree: it has none)."""

    @property
    def second_level(self) -> None:
        """Always None (one level)."""

    @property
    def root_numbers(self) -> tuple[int, int]: ...

    @property
    def table_hits(self) -> int:
        """Children found in the transposition table when generated."""

    def step_event(self) -> StepReport:
        """One event: a node expanded, or a node backing up to its parent."""

    def step_iteration(self) -> StepReport:
        """Events up to and including the next expansion."""


def drawn_tree(search: Stepper | PathStepper) -> Tree:
    """The tree the app draws for a search: its search tree, or a path stepper's display tree
    (df-pn keeps no search tree). Features that need the search tree itself read `tree`."""
    tree = search.tree
    return tree if tree is not None else search.display_tree
