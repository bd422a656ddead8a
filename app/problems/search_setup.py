"""The search the user asked for: algorithm, node cap, a, b and fraction, and building it.

No Qt. Tree files that are snapshots of a search in progress (Figure 3.1: the file gives the
figure's numbers and most-proving path) open as that search, numbers as the figure shows them
(`core.search.snapshot`); complete tree files and chess positions start a fresh search at the root.
Explicit trees are searched with PN, as the command line does.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from app.problems.sources import Problem, Source, load
from core.games.chess_game import ChessGame
from core.games.explicit_tree import AndOrTree, ExplicitTreeGame
from core.search.algorithms import AlgorithmSpec, create_stepper
from core.search.contract import PathStepper, Stepper
from core.search.defaults import (
    ALGORITHM_TITLES,
    DEFAULT_A,
    DEFAULT_B,
    DEFAULT_INITIALISATION,
    DEFAULT_MAX_NODES,
    DFPN,
    LOGISTIC,
    ONE,
    PN,
    PN2,
)
from core.search.snapshot import snapshot_search
from core.search.types import Limits, check_node_cap


@dataclass(frozen=True, slots=True)
class SearchParams:
    """Algorithm and limits; validated when a search is built (InvalidLimitError)."""

    algo: str = PN
    max_nodes: int = DEFAULT_MAX_NODES[PN]
    a: float = DEFAULT_A
    b: float = DEFAULT_B
    fraction: str = LOGISTIC
    initialisation: str = DEFAULT_INITIALISATION
    """PN's leaf numbers (§3.3.1): by mobility, or 1/1. Pn² always initialises by mobility."""

    def spec(self) -> AlgorithmSpec:
        return AlgorithmSpec(
            self.algo,
            a=self.a,
            b=self.b,
            fraction=self.fraction,
            initialisation=self.initialisation,
        )

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
        if cap == DEFAULT_MAX_NODES.get(self.algo):
            cap = DEFAULT_MAX_NODES[algo]
        return replace(self, algo=algo, max_nodes=cap)

    def describe(self, search: Stepper | PathStepper | None = None) -> str:
        """The settings in force, as the window's title shows them; for df-pn, what `search`
        does about threats and the mop-up estimate (they depend on the position)."""
        name = ALGORITHM_TITLES.get(self.algo, self.algo)
        if self.algo == DFPN:
            text = f"{name} · table of {self.max_nodes:,} entries"
            if isinstance(search, PathStepper):
                if search.threats_in_use:
                    text += f" · threats ÷ {search.threat_divisor} to ply {search.threat_depth}"
                if search.mop_up_in_use:
                    text += " · mop-up estimate"
            return text
        text = f"{name} · node cap {self.max_nodes:,}"
        if self.algo == PN2:
            text += (
                " · f ≡ 1" if self.fraction == ONE else f" · a = {self.a:,.0f}, b = {self.b:,.0f}"
            )
        else:
            text += f" · init {self.initialisation}"
        return text


def is_snapshot(tree: AndOrTree) -> bool:
    """A tree file that draws a figure (it gives the figure's numbers or its most-proving path)
    shows a search in progress: it opens as that search, not as a game to search from scratch."""
    return bool(tree.nodes[0].children) and (
        bool(tree.most_proving_path) or any(node.expected is not None for node in tree.nodes)
    )


def fresh_game(game: ChessGame | ExplicitTreeGame) -> ChessGame | ExplicitTreeGame:
    """A new cursor on the same problem: every search gets its own, so a proof still being read
    from an old search (in a worker thread) never shares a cursor with a new one."""
    if isinstance(game, ChessGame):
        return ChessGame(game.root_board, attacker=game.attacker)
    return ExplicitTreeGame(game.tree)


def effective_algo(game: ChessGame | ExplicitTreeGame, params: SearchParams) -> str:
    """The algorithm that will actually run: explicit trees use PN, or df-pn when it is asked
    for and the tree is not a figure's snapshot (Pn²'s second level needs a game to grow)."""
    if isinstance(game, ChessGame):
        return params.algo
    return DFPN if params.algo == DFPN and not is_snapshot(game.tree) else PN


def check_problem(source: Source, params: SearchParams) -> Problem:
    """Load `source` and build its search once, so that bad input raises the core's typed error
    before any window exists: the window's start and `--screenshot` both go through here."""
    problem = load(source)
    build_search(problem.game, params)
    return problem


def build_search(game: ChessGame | ExplicitTreeGame, params: SearchParams) -> Stepper | PathStepper:
    """A new stepper for `params` on a fresh cursor of `game`."""
    params.validate()
    game = fresh_game(game)
    if isinstance(game, ExplicitTreeGame):
        if is_snapshot(game.tree):
            return snapshot_search(game.tree, params.limits())
        if params.algo == DFPN:
            return create_stepper(params.spec(), game, params.limits())
        return create_stepper(
            AlgorithmSpec(PN, initialisation=params.initialisation), game, params.limits()
        )
    return create_stepper(params.spec(), game, params.limits())
