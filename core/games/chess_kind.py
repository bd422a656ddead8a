"""Chess mate problems as a game kind: FENs, suites, EPD and PGN files; SAN lines; proofs
checked by the independent python-chess replay (`core.proofs.verify`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import chess

from ..errors import UnknownPositionIdError
from ..inputs.boards import parse_fen
from ..inputs.numbers import is_whole
from ..proofs.claims import NO_FORCED_MATE, mate_text, side_names
from ..proofs.proof import ProofNode
from ..proofs.verify import verify_mate
from ..proofs.verify_disproof import verify_disproof
from ..tree import Tree
from .chess_codes import decode_move
from .chess_game import CHESS_CAPABILITIES, ChessGame
from .kinds import GameKind, Loaded, Refutation, Source, VerifiedProof
from .move_labels import chess_move_labels
from .solution import numbered_line, refutation, uci_proof

if TYPE_CHECKING:
    from ..inputs.positions import SuitePosition

FEN, SUITE, EPD, PGN = "fen", "suite", "epd", "pgn"


def positions_of(source: Source) -> list[SuitePosition]:
    """Every position a suite, EPD or PGN source offers (to pick one from)."""
    # Loaders are imported on demand (here and in `load`): a search worker imports this module
    # through the registry and never reads a file.
    from ..inputs.positions import load_pgn_positions
    from .suites import load_suite

    if source.kind in (SUITE, EPD):
        return load_suite(source.text)
    if source.kind == PGN:
        return load_pgn_positions(source.text)
    raise ValueError(f"a {source.kind} source holds no list of positions")


def _title(position: SuitePosition) -> str:
    if position.mate_length is not None:
        return f"{position.id} ({mate_text(position.mate_length)})"
    return position.id


class ChessKind(GameKind[ChessGame]):
    """Mate search in a chess position (`core.games.chess_game.ChessGame`)."""

    name = ChessGame.kind
    title = "chess position"
    capabilities = CHESS_CAPABILITIES
    sources = (FEN, SUITE, EPD, PGN)
    suffixes = {".pgn": PGN, ".epd": EPD}
    example = Source(SUITE, "wac-mates", "WAC.001")
    disproved_example = Source(FEN, "7k/7P/6K1/8/8/8/8/8 w - - 0 1")  # stalemate at once
    proved = "mate"
    disproved = NO_FORCED_MATE

    def load(self, source: Source) -> Loaded:
        if source.kind == FEN:
            board = parse_fen(source.text)
            return Loaded(source, board.fen(), ChessGame(board))
        from .suites import find_position

        positions = positions_of(source)
        if source.kind == PGN:
            index = int(source.item) if is_whole(source.item.strip()) else 1
            if not 1 <= index <= len(positions):
                raise UnknownPositionIdError(
                    f"{Path(source.text).name} has no game {index} (it has {len(positions)})"
                )
            position = positions[index - 1]
            return Loaded(
                Source(PGN, source.text, str(index)),
                position.id,
                ChessGame(position.board),
                position.mate_length,
            )
        position = find_position(positions, source.item) if source.item else positions[0]
        game = ChessGame(position.board, attacker=position.attacker)
        found = Source(source.kind, source.text, position.id)
        return Loaded(found, _title(position), game, position.mate_length)

    def fresh(self, game: ChessGame) -> ChessGame:
        return ChessGame(game.root_board, attacker=game.attacker)

    def same_problem(self, game: ChessGame) -> str:
        return f"{game.root_board.fen()} {game.attacker}"

    def root_text(self, game: ChessGame) -> str:
        return game.root_board.fen()

    def position_text(self, game: ChessGame, moves: Sequence[int]) -> str:
        return game.board_after(moves).fen()

    def move_labels(self, game: ChessGame, moves: Sequence[int]) -> list[str]:
        return game.san_line(moves)

    def child_labels(self, game: ChessGame, line: Sequence[int], codes: Sequence[int]) -> list[str]:
        board = game.board_after(line)
        return [board.san(decode_move(code)) for code in codes]

    def labeller(self, game: ChessGame, line: Sequence[int]) -> Callable[[int], str]:
        board = game.board_after(line)
        return lambda code: board.san(decode_move(code))

    def line_text(
        self,
        game: ChessGame,
        moves: Sequence[int],
        start: int = 0,
        label: Callable[[str], str] = str,
        elide: bool = False,
    ) -> str:
        """Numbered SAN (`1. Qg6 fxg6 2. Nxg6#`), numbered from the position after
        `moves[:start]`; "(the root position)" for no moves from the root. Chess lines are never
        long enough to elide."""
        if not moves and start == 0:
            return "(the root position)"
        board = game.board_after(moves[:start])
        return numbered_line(board, game.san_line(moves)[start:])

    def join_line(
        self,
        root: str,
        labels: Sequence[str],
        label: Callable[[str], str] = str,
        elide: bool = False,
    ) -> str:
        """Numbered SAN; chess lines are never long enough to elide."""
        return numbered_line(chess.Board(root), list(labels)) if root else " ".join(labels)

    def tree_move_labels(
        self, game: ChessGame, tree: Tree, nodes: list[int]
    ) -> dict[int, tuple[str, str]]:
        return chess_move_labels(game.root_board)(tree, nodes)

    def sides(self, game: ChessGame) -> tuple[str, str]:
        return side_names(game.attacker)

    def verify(self, game: ChessGame, proof: ProofNode) -> VerifiedProof:
        verified = verify_mate(game.root_board, uci_proof(proof), game.attacker)
        return VerifiedProof(verified.nodes, verified.plies, verified.moves)

    def verify_disproof(
        self, game: ChessGame, disproof: ProofNode, max_plies: int | None = None
    ) -> VerifiedProof:
        verified = verify_disproof(game.root_board, uci_proof(disproof), game.attacker, max_plies)
        return VerifiedProof(verified.nodes, verified.plies, verified.moves)

    def refutation(self, game: ChessGame, tree: Tree) -> Refutation:
        return refutation(game, tree)


CHESS = ChessKind()
