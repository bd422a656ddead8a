"""What the board panel shows for one node (`PositionView`): made by `app.focus`, drawn by the
game kind's picture (`app.board.pictures`)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class PositionView:
    """Everything the board panel shows for one node. `position`, `lastmove` and `check` are
    what the game kind's picture draws (chess: the FEN, the move into it in UCI, the square of a
    king in check); a game without a picture has `position` None and shows its line alone."""

    level: int
    node: int
    heading: str
    position: str | None
    lastmove: str | None
    line: str
    details: str
    check: int | None = None
    kind: str = ""
    moves: tuple[int, ...] = ()
    """The moves from the root to the position shown (game move codes)."""

    @property
    def fen(self) -> str | None:
        """The position drawn, as a chess picture reads it (a FEN)."""
        return self.position
