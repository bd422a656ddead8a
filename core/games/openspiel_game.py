"""Any two-player, deterministic, sequential, perfect-information OpenSpiel game as a game for
proof-number search (Lanctot et al., "OpenSpiel: A Framework for Reinforcement Learning in
Games", 2019), through `pyspiel`, an optional extra (`pn-explorer[openspiel]`).

The game is named in OpenSpiel's own syntax (`connect_four(rows=5,columns=4)`, `hex(board_size=4)`,
`breakthrough(rows=4,columns=4)`) and refused in words unless its declared `GameType` says it is
a two-player, sequential, deterministic game of perfect information: the capability check is
made once, at the door, as OpenSpiel's own algorithms do. The goal is binary, as for the built-in
games: the attacker (the first or second player) wins, or at least draws, judged from the
terminal state's returns.

A cursor keeps a stack of states (`clone` before each move): not every OpenSpiel game can undo
a move. Positions hash by their text (`str(state)`) and the player to move, a stable 64-bit
BLAKE2 digest, for the transposition searches.
"""

from __future__ import annotations

import difflib
import hashlib
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from ..errors import GameSpecError, InvalidPositionError
from ..inputs.text import shown
from ..values import Reason, Value, counted
from .game import Capabilities, Evaluation, RulesOnlyGame

WIN, DRAW = "win", "draw"

GAME_OVER = Reason.CHECKMATE
"""A terminal state, in the code a tree node's flags hold for a game's end."""

REASON_TEXTS = {Reason.NONE: "", GAME_OVER: "the game is over"}

INSTALL_HINT = "install pn-explorer[openspiel] (pip install open-spiel)"


def load_pyspiel() -> Any:
    """The `pyspiel` module, or a one-line error saying how to install it."""
    try:
        import pyspiel
    except ImportError:
        raise GameSpecError(
            f"OpenSpiel games need the open-spiel package: {INSTALL_HINT}"
        ) from None
    return pyspiel


@contextmanager
def _silenced() -> Iterator[None]:
    """Keep OpenSpiel's C++ layer, which prints its errors and its whole list of games on the
    process's own output, from writing over the one-line message that reports them."""
    sys.stdout.flush()
    sys.stderr.flush()
    saved = [os.dup(1), os.dup(2)]
    with open(os.devnull, "w") as sink:
        os.dup2(sink.fileno(), 1)
        os.dup2(sink.fileno(), 2)
        try:
            yield
        finally:
            os.dup2(saved[0], 1)
            os.dup2(saved[1], 2)
            for fd in saved:
                os.close(fd)


def load_openspiel_game(spec: str) -> Any:
    """OpenSpiel's game for `spec`, checked to be one proof-number search can solve."""
    pyspiel = load_pyspiel()
    name = spec.split("(", 1)[0].strip()
    known = pyspiel.registered_names()
    if name not in known:
        close = difflib.get_close_matches(name, known, n=3)
        hint = f" (did you mean {', '.join(close)}?)" if close else ""
        raise GameSpecError(f"unknown OpenSpiel game {shown(name)}{hint}")
    try:
        with _silenced():
            game = pyspiel.load_game(spec)
    except (pyspiel.SpielError, RuntimeError, ValueError) as error:
        text = str(error).strip().splitlines()
        first = text[0].split(". Available", 1)[0] if text else "not a game specification"
        raise GameSpecError(f"OpenSpiel cannot load {shown(spec)}: {first}") from None
    _check_sizes(pyspiel, name, game)
    kind = game.get_type()
    refusals = []
    if game.num_players() != 2:
        refusals.append(f"it has {counted(game.num_players(), 'player')}, not two")
    if kind.dynamics != pyspiel.GameType.Dynamics.SEQUENTIAL:
        refusals.append("its players move simultaneously")
    if kind.chance_mode != pyspiel.GameType.ChanceMode.DETERMINISTIC:
        refusals.append("it has chance moves")
    if kind.information != pyspiel.GameType.Information.PERFECT_INFORMATION:
        refusals.append("it hides information from a player")
    if refusals:
        raise GameSpecError(
            f"{shown(spec)} cannot be searched: proof-number search needs a two-player, "
            f"sequential, deterministic game of perfect information, and {'; '.join(refusals)}"
        )
    return game


def _check_sizes(pyspiel: Any, name: str, game: Any) -> None:
    """Refuse a negative whole-number setting: OpenSpiel loads `hex(board_size=-3)`, whose
    positions then run out of moves without ending, which the search would call a frontier, not
    a bad setting. (A setting of 0 that leaves a position without moves is caught when the
    position is evaluated.)"""
    defaults = pyspiel.load_game(name).get_parameters()
    for key, value in game.get_parameters().items():
        default = defaults.get(key)
        if isinstance(value, bool) or not isinstance(value, int) or not isinstance(default, int):
            continue
        if value < 0:
            raise GameSpecError(
                f"OpenSpiel's {name}: {key} must be 0 or more, not {value} "
                f"(its default is {default})"
            )


def openspiel_actions(spec: str, names: list[str]) -> tuple[int, ...]:
    """A start position's moves as action ids: each an id, or the move's name as the game writes
    it in that position (`action_to_string`: `b2` in Hex, `x3` in Connect-Four); a move that is
    neither, or not legal there, is an InvalidPositionError naming a few legal ones."""
    if not names:
        return ()
    state = load_openspiel_game(spec).new_initial_state()
    actions = []
    for name in names:
        legal = [] if state.is_terminal() else list(state.legal_actions())
        labels = {
            state.action_to_string(state.current_player(), action): action for action in legal
        }
        numbered = name.isascii() and name.isdigit() and len(name) <= 6
        action = int(name) if numbered else labels.get(name)
        if action is None or action not in legal:
            some = ", ".join(list(labels)[:6]) + (", …" if len(labels) > 6 else "")
            where = f"legal moves: {some}" if labels else "the game is over"
            raise InvalidPositionError(
                f"{shown(name)} is not legal here in {shown(spec)} ({where})"
            )
        state.apply_action(action)
        actions.append(action)
    return tuple(actions)


def goal_holds(state: Any, attacker: int, goal: str) -> bool:
    """Whether a terminal state reaches the attacker's goal, read off its returns: more than the
    opponent's to win, at least as much to draw."""
    returns: list[float] = state.returns()
    mine, theirs = returns[attacker], returns[1 - attacker]
    return mine > theirs if goal == WIN else mine >= theirs


class OpenSpielGame(RulesOnlyGame):
    """A cursor on an OpenSpiel game tree (`core.games.game.Game`). Move codes are OpenSpiel's
    action ids; `attacker` is 0 (the first player) or 1, `goal` win or draw (at least a draw)."""

    kind = "openspiel"
    capabilities = Capabilities(has_board=True)

    def __init__(
        self, spec: str, attacker: int = 0, goal: str = WIN, start: tuple[int, ...] = ()
    ) -> None:
        if attacker not in (0, 1):
            raise GameSpecError(f"the attacker must be player 0 or 1, not {attacker!r}")
        if goal not in (WIN, DRAW):
            raise GameSpecError(f"the goal must be 'win' or 'draw', not {goal!r}")
        self.spec = spec
        self.game = load_openspiel_game(spec)
        self.attacker = attacker
        self.goal = goal
        state = self.game.new_initial_state()
        for action in start:
            if state.is_terminal() or action not in state.legal_actions():
                raise InvalidPositionError(f"action {action} is not legal here in {shown(spec)}")
            state.apply_action(action)
        if not state.is_terminal() and not state.legal_actions():
            raise GameSpecError(f"{shown(spec)} has no moves at its start and is not over")
        self.start = tuple(start)
        self._states = [state]

    @property
    def state(self) -> Any:
        """The OpenSpiel state the cursor stands on."""
        return self._states[-1]

    def reset(self) -> None:
        del self._states[1:]

    def push(self, move: int) -> None:
        child = self._states[-1].clone()
        child.apply_action(move)
        self._states.append(child)

    def pop(self) -> None:
        self._states.pop()

    def is_or(self) -> bool:
        player: int = self.state.current_player()
        return player == self.attacker

    def _evaluate(self, state: Any) -> Evaluation:
        if state.is_terminal():
            reached = goal_holds(state, self.attacker, self.goal)
            return Evaluation(Value.TRUE if reached else Value.FALSE, 0, GAME_OVER)
        moves = len(state.legal_actions())
        if not moves:
            raise GameSpecError(
                f"OpenSpiel's {self.spec} reached a position that is not over and has no move: "
                "its settings are outside what the game supports"
            )
        return Evaluation(Value.UNKNOWN, moves)

    def evaluate(self) -> Evaluation:
        return self._evaluate(self.state)

    def ordered_moves(self) -> list[int]:
        """OpenSpiel's own order of the legal actions."""
        state = self.state
        return [] if state.is_terminal() else list(state.legal_actions())

    def position_hash(self) -> int:
        return _hash(self.state)

    def move_label(self, move: int) -> str:
        state = self.state
        label: str = state.action_to_string(state.current_player(), move)
        return label

    def position_label(self) -> str:
        """OpenSpiel's own text of the state, on one line."""
        return " / ".join(line for line in str(self.state).splitlines() if line.strip())


def _hash(state: Any) -> int:
    """A stable 64-bit identity of a state: its text, the player to move and the moves played. A
    state's text need not say how many moves were made, and a game with a length limit
    (quoridor: a draw after 36 moves on 3×3) values the same board differently with fewer moves
    left, so two such states are not one position (where the board tells the count, as in hex,
    nothing is lost)."""
    text = f"{state.current_player()}\n{state.move_number()}\n{state}".encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "little")


class OpenSpielReferee:
    """OpenSpiel's own implementation of a game as the referee of a proof
    (`core.proofs.referee.Referee`): a fresh state of a freshly loaded game, so nothing of the
    searched cursor is reused."""

    def __init__(
        self, spec: str, attacker: int = 0, goal: str = WIN, start: tuple[int, ...] = ()
    ) -> None:
        self.attacker = attacker
        self.goal = goal
        state = load_openspiel_game(spec).new_initial_state()
        for action in start:
            state.apply_action(action)
        self._states = [state]

    def attacker_to_move(self) -> bool:
        player: int = self._states[-1].current_player()
        return player == self.attacker

    def legal(self) -> list[int]:
        state = self._states[-1]
        return [] if state.is_terminal() else list(state.legal_actions())

    def play(self, move: int) -> None:
        child = self._states[-1].clone()
        child.apply_action(move)
        self._states.append(child)

    def undo(self) -> None:
        self._states.pop()

    def goal_reached(self) -> bool | None:
        state = self._states[-1]
        if not state.is_terminal():
            return None
        return goal_holds(state, self.attacker, self.goal)

    def describe(self, move: int) -> str:
        state = self._states[-1]
        text: str = state.action_to_string(state.current_player(), move)
        return text
