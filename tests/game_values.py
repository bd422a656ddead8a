"""Game values computed independently of every search: an exhaustive AND/OR evaluation over
OpenSpiel's own states (its rules, not our cursor's), remembered by the state's text, the player
to move and the moves played (a game with a length limit values a board by the moves left). The
player to move is read from each state, so games where one player moves twice running
(Dots-and-Boxes: a completed box keeps the turn) are valued as they are played."""

from __future__ import annotations

from functools import cache
from typing import Any

import pyspiel

from pn_explorer.core.games.openspiel_game import goal_holds


def openspiel_value(spec: str, attacker: int, goal: str, start: tuple[int, ...] = ()) -> bool:
    """Whether `attacker` (0 or 1) can force `goal` (win, or draw: at least a draw) in the
    OpenSpiel game `spec` after the actions `start`."""
    game = pyspiel.load_game(spec)
    state = game.new_initial_state()
    for action in start:
        state.apply_action(action)
    seen: dict[tuple[str, int], bool] = {}

    def value(state: Any) -> bool:
        if state.is_terminal():
            return goal_holds(state, attacker, goal)
        key = (str(state), state.current_player(), state.move_number())
        known = seen.get(key)
        if known is not None:
            return known
        children = []
        for action in state.legal_actions():
            child = state.clone()
            child.apply_action(action)
            children.append(child)
        attacking = state.current_player() == attacker
        found = any(map(value, children)) if attacking else all(map(value, children))
        seen[key] = found
        return found

    return value(state)


@cache
def alpha_beta_value(spec: str) -> float:
    """OpenSpiel's own alpha-beta value of the start for the first player (a second reference,
    for games small enough to search without a table)."""
    from open_spiel.python.algorithms import minimax

    value, _ = minimax.alpha_beta_search(pyspiel.load_game(spec), maximizing_player_id=0)
    return float(value)
