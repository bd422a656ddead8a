"""What every registered search must do on every game it supports, as checks a test can call.

`tests/core/test_conformance.py` runs `check_search` for every search of the registry on every
game kind of the game registry (each declares a proved and a disproved example) and a few more
positions; a search or a game registered at test time (a probe) calls it too. The checks: a proof,
found and accepted by the independent verifier; a disproof (or no mate claimed, for a search that
cannot disprove); stepping to the end reaches the run's outcome with the run's node count; the
proof is explained (`core.explain`) by every search whose registry entry explains it (from its
tree, or df-pn's from its table), and refused in words by one that has no explanation (αβ); and
a search the registry refuses on a game is refused by `create_search` with the registry's own
sentence.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

from pn_explorer.core.errors import InvalidLimitError
from pn_explorer.core.explain.explain import explain
from pn_explorer.core.explain.trace import RootTrace, run_traced
from pn_explorer.core.games.game import Game
from pn_explorer.core.games.game_specs import parse_game_spec
from pn_explorer.core.games.kinds import GameKind, Source
from pn_explorer.core.games.registry import GAME_KINDS, kind_of, load_problem
from pn_explorer.core.proofs.proof import ProofNode
from pn_explorer.core.search.algorithms import AlgorithmSpec, create_search, create_stepper
from pn_explorer.core.search.defaults import SQUARE
from pn_explorer.core.search.registry import SearchEntry, game_traits, refusal
from pn_explorer.core.search.types import Limits, Result, StopReason

LIMITS = Limits(max_nodes=200_000)
CAPPED = 12
"""A node cap that, with a single iteration, stops every search short of either game's proof,
for the advice (df-pn's table would prove a mate in two within the budget it buys)."""


def _board_game(spec: str) -> Callable[[], Game]:
    return lambda: parse_game_spec(spec).game()


def _opened(source: Source) -> Callable[[], Game]:
    """A fresh cursor on the problem `source` names, opened by the kind that reads it."""
    return lambda: load_problem(source).game


def _verified_by_its_kind(game: Game, proof: ProofNode) -> int:
    """A proof replayed by the game kind's own independent check (python-chess for a mate, the
    tree file's data, the m,n,k rules written a second time, OpenSpiel's implementation)."""
    return kind_of(game).verify(game, proof).size


def _values(kind: GameKind[Any]) -> dict[str, Any]:
    """The values a game without pieces of different power needs: αβ orders moves as a tree's."""
    return {} if kind.capabilities.has_pieces else {"ordering": SQUARE}


@dataclass(frozen=True)
class GameCase:
    """A game to conform on: a problem with a proof, one without, the independent verifier of a
    proof, and parameter values the game needs (a tree has no pieces to order moves by)."""

    proved: Callable[[], Game]
    disproved: Callable[[], Game]
    verify: Callable[[Game, ProofNode], int]
    values: dict[str, Any] = field(default_factory=dict)


def kind_case(kind: GameKind[Any]) -> GameCase:
    """The case a game kind declares: its example (proved) and its disproved example."""
    return GameCase(
        _opened(kind.example),
        _opened(kind.disproved_example),
        _verified_by_its_kind,
        _values(kind),
    )


MORE_GAMES = {
    "connect-four": GameCase(
        _board_game("connect-four(columns=4,rows=4,goal=draw,moves=b1.c1.b2.c2)"),
        _board_game("connect-four(columns=4,rows=4,moves=b1.c1.b2.c2)"),
        _verified_by_its_kind,
        {"ordering": SQUARE},
    ),
    "hex": GameCase(
        _board_game("openspiel:hex(board_size=3,moves=b2)"),
        _board_game("openspiel:tic_tac_toe(moves=4)"),
        _verified_by_its_kind,
        {"ordering": SQUARE},
    ),
}
"""Cases beside the kinds' own: Connect-Four 4×4 after four stones (gravity; X at least draws,
cannot win) and OpenSpiel's Hex 3×3 after the centre, won."""

GAMES = {name: kind_case(kind) for name, kind in GAME_KINDS.items()} | MORE_GAMES
"""The games every search is checked on: every registered game kind's own two examples (a new
kind is checked the day it is registered), and `MORE_GAMES`."""


def check_search(search: SearchEntry, case: GameCase) -> None:
    """Every check of the module docstring, for `search` on `case`; a search that needs a trait
    the game lacks (the native df-pn: chess) is refused in words, and one this install lacks
    (the native df-pn where it was not built) is skipped."""
    if search.unavailable is not None and search.unavailable() is not None:
        pytest.skip(search.unavailable())
    spec = AlgorithmSpec(search.name, **_taken(search, case.values))
    if search.needs - game_traits(case.proved()):
        why = refusal(search.name, case.proved(), spec.values)
        assert why is not None and "needs" in why
        with pytest.raises(InvalidLimitError) as error:
            create_search(spec, case.proved(), LIMITS)
        assert str(error.value) == why
        return
    _check_refusal_with_defaults(search, case)
    game = case.proved()
    assert refusal(search.name, game, spec.values) is None
    ran = create_search(spec, game, LIMITS)
    outcome = ran.run()
    assert outcome.result is Result.PROVED, f"{search.name}: {outcome}"
    _check_stepping(search, spec, case.proved, ran)
    assert case.verify(game, ran.proof()) >= 1
    _check_explain(search, spec, case.proved)
    game = case.disproved()
    other = create_search(spec, game, LIMITS)
    result = other.run().result
    if search.capabilities.disproves:
        assert result is Result.DISPROVED, f"{search.name}: {result}"
    else:
        assert result is not Result.PROVED
    _check_stepping(search, spec, case.disproved, other)


def _taken(search: SearchEntry, values: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in values.items() if search.takes(key)}


def _check_refusal_with_defaults(search: SearchEntry, case: GameCase) -> None:
    """A search the game needs other values for is refused by the registry's one rule, and
    `create_search` says the same sentence."""
    game = case.proved()
    why = refusal(search.name, game)
    if why is None:
        return
    assert _taken(search, case.values), f"{search.name} refused with no way out: {why}"
    with pytest.raises(InvalidLimitError) as error:
        create_search(AlgorithmSpec(search.name), game, LIMITS)
    assert str(error.value) == why


def _check_stepping(
    search: SearchEntry, spec: AlgorithmSpec, make: Callable[[], Game], ran: Any
) -> None:
    """A steppable search stepped to its end ends as its run did, with as many nodes (counted
    before the run's proof is read: df-pn searches again for it); one that is not steppable is
    refused in words."""
    if not search.steppable:
        with pytest.raises(InvalidLimitError, match="cannot be stepped"):
            create_stepper(spec, make(), LIMITS)
        return
    stepper = create_stepper(spec, make(), LIMITS)
    steps = 0
    while stepper.outcome is None:
        stepper.step_iteration()
        steps += 1
        assert steps <= LIMITS.max_nodes, f"{search.name} never ends"
    assert stepper.outcome.result is ran.outcome.result
    assert stepper.nodes_created == ran.nodes_created


def _check_explain(search: SearchEntry, spec: AlgorithmSpec, make: Callable[[], Game]) -> None:
    """A search that explains itself explains a proof (nothing to try) and a run its cap
    stopped (a bigger cap first); one that does not is refused in words."""
    traced = create_search(spec, make(), LIMITS)
    if not search.explains:
        with pytest.raises(InvalidLimitError, match="has no explanation: explained are"):
            explain(traced)
        return
    trace = _run_traced(traced)
    explanation = explain(traced, trace)
    assert explanation.algorithm == traced.algorithm and explanation.effort
    assert explanation.suggestions == []  # solved: nothing to try
    capped = create_search(spec, make(), Limits(max_nodes=CAPPED, max_iterations=1))
    trace = _run_traced(capped)
    assert capped.outcome.reason in (StopReason.MEMORY, StopReason.ITERATIONS)
    kinds = [suggestion.kind for suggestion in explain(capped, trace).suggestions]
    assert kinds and kinds[0] == "cap"  # unsolved: a bigger cap first, then other searches


def _run_traced(search: Any) -> RootTrace:
    """Run `search` to its end as `solve --explain` does: recording its root's numbers (a tree
    search in slices, df-pn from inside its run)."""
    trace = RootTrace()
    run_traced(search, trace)
    return trace
