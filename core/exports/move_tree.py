"""A solved search's solution as a move tree in plain JSON or indented text, in the game's own
notation (SAN for chess, cells for the m,n,k games, OpenSpiel's action strings, a tree file's move
labels): the game-neutral counterpart of the PGN export, for every game.

The tree is the proof (the attacker's one move at each of its turns, every defender reply) or a
disproved root's refutation tree (every attacker try, the reply that holds); each move is named
by the game's cursor walking the tree, so a label is the one the game writes in that position.
A subtree shared by transpositions is written once per line reaching it, so large ones are
refused, as the PGN export refuses them.
"""

from __future__ import annotations

from typing import Any

from ..errors import ExportError
from ..games.game import Game
from ..games.registry import kind_of
from ..proofs.proof import ProofNode

MAX_MOVE_TREE_MOVES = 200_000
"""Moves written at most: beyond, the file is refused rather than written too large to read."""

FORMAT = "pn-explorer move tree 1"
"""The JSON's `format` value, so a reader can tell the file and its version."""

ATTACKER, DEFENDER = "attacker", "defender"

_Pending = tuple[int, ProofNode, bool, list[dict[str, Any]]]
"""A move still to write: its code, the subtree after it, whether the attacker plays it, and the
list its entry goes into; None on the walk's stack takes the move back."""


def move_tree(game: Game, solution: ProofNode, about: dict[str, Any]) -> dict[str, Any]:
    """The solution from `game`'s root as plain data: `about` (what was solved, how, with what
    result) and the game's description of the root, then `moves`, each move a dict with its
    `move` label, the `side` that plays it and, below it, the moves that follow (`then`)."""
    cursor = kind_of(game).fresh(game)
    moves: list[dict[str, Any]] = []
    written = 0
    stack: list[_Pending | None] = [
        (code, child, solution.is_or, moves)
        for code, child in reversed(list(solution.children.items()))
    ]
    while stack:
        item = stack.pop()
        if item is None:
            cursor.pop()
            continue
        code, node, by_attacker, out = item
        written += 1
        if written > MAX_MOVE_TREE_MOVES:
            raise ExportError(
                f"the solution has more than {MAX_MOVE_TREE_MOVES:,} moves written out "
                "(transpositions repeat shared lines): no move tree is written"
            )
        entry: dict[str, Any] = {
            "move": cursor.move_label(code),
            "side": ATTACKER if by_attacker else DEFENDER,
        }
        out.append(entry)
        cursor.push(code)
        stack.append(None)
        if node.children:
            following: list[dict[str, Any]] = []
            entry["then"] = following
            stack.extend(
                (child_code, child, node.is_or, following)
                for child_code, child in reversed(list(node.children.items()))
            )
    return {
        "format": FORMAT,
        **about,
        "game": game.kind,
        "start": kind_of(game).root_text(game),
        "to_move": ATTACKER if solution.is_or else DEFENDER,
        "moves_written": written,
        "moves": moves,
    }


def move_tree_text(data: dict[str, Any]) -> str:
    """`move_tree`'s data as indented text: a few `#` lines saying what it is, then one move a
    line, indented two spaces a ply, each move's followers below it; a move by the side that
    made the move above it (a player who moves twice running) is marked."""
    lines = [
        f"# {data.get('problem') or data['start']}: {data['result']} ({data['meaning']})",
        f"# start: {data['start']}",
        f"# {data['how']}",
        f"# the {data['to_move']} moves first; the sides alternate with each indent, but for a "
        "move marked (again): the side that just moved moves again",
    ]
    stack = [(entry, 0, "") for entry in reversed(data["moves"])]
    while stack:
        entry, depth, before = stack.pop()
        again = " (again)" if entry["side"] == before else ""
        lines.append(f"{'  ' * depth}{entry['move']}{again}")
        stack.extend((child, depth + 1, entry["side"]) for child in reversed(entry.get("then", [])))
    return "\n".join(lines) + "\n"
