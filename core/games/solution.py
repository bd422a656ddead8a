"""What a solved chess search tells the user: the verified mate, or the refutation.

Every proof passes through `core.proofs.verify.verify_mate` before a Solution exists: a proof
the replay rejects raises VerificationError, never a mate.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import chess

from ..errors import VerificationError
from ..proofs.proof import ProofNode, refutation_nodes
from ..proofs.verify import UciProof, verify_mate
from ..proofs.verify_disproof import verify_disproof
from ..tree import ROOT, Tree
from ..values import REASON_TEXT, Reason, Value
from .chess_game import ChessGame, decode_move
from .explicit_tree import AndOrTree, ExplicitTreeGame
from .kinds import Refutation


@dataclass(frozen=True, slots=True)
class MateSolution:
    """A verified forced mate: its length, main line and the size of its proof tree."""

    mate_in: int
    main_line_san: list[str]
    main_line_uci: list[str]
    proof_size: int
    proof_depth: int
    verified: bool = True

    @property
    def first_move_san(self) -> str:
        return self.main_line_san[0] if self.main_line_san else ""


def uci_proof(proof: ProofNode, converted: dict[int, UciProof] | None = None) -> UciProof:
    """The proof tree as nested dicts of UCI strings: the only form the verifier accepts. A
    subtree shared by transpositions (one ProofNode reached twice, df-pn) stays one dict."""
    converted = {} if converted is None else converted
    done = converted.get(id(proof))
    if done is None:
        done = converted[id(proof)] = {
            decode_move(code).uci(): uci_proof(child, converted)
            for code, child in proof.children.items()
        }
    return done


def mate_solution(game: ChessGame, proof: ProofNode) -> MateSolution:
    """Verify `proof` independently and describe the mate (raises VerificationError)."""
    verified = verify_mate(game.root_board, uci_proof(proof), game.attacker)
    line = proof.main_line()
    return MateSolution(
        mate_in=verified.moves,
        main_line_san=game.san_line(line),
        main_line_uci=[decode_move(code).uci() for code in line],
        proof_size=verified.nodes,
        proof_depth=verified.plies,
    )


def _unexpanded(tree: Tree, node: int) -> str:
    """Why a leaf no rule ended stands in a refutation: a Pn² second-level search disproved it
    (and threw its tree away), or the search never reached it."""
    return "refuted by a second-level search" if tree.disproof[node] == 0 else "not searched"


def refutation(game: ChessGame, tree: Tree) -> Refutation:
    """For a disproved root: each attacker move with the defender's reply that holds (or why the
    move itself fails, e.g. stalemate)."""
    lines: list[tuple[str, str]] = []
    board = game.root_board
    if not tree.is_or(ROOT):
        return _escapes(board, tree)
    for child, reply in refutation_nodes(tree):
        move = decode_move(tree.move_to(ROOT, child))
        san = board.san(move)
        reason = tree.reason(child)
        if reason is not Reason.NONE or not tree.is_expanded(child):
            lines.append((san, REASON_TEXT[reason] or _unexpanded(tree, child)))
            continue
        if reply is None:
            lines.append((san, "not refuted"))
            continue
        after = board.copy(stack=False)
        after.push(move)
        text = after.san(decode_move(tree.move_to(child, reply)))
        reply_reason = tree.reason(reply)
        if reply_reason is not Reason.NONE:
            text += f" ({REASON_TEXT[reply_reason]})"
        lines.append((san, text))
    return Refutation(lines)


def _escapes(board: chess.Board, tree: Tree) -> Refutation:
    """A disproved AND root (the side to move was to be mated): the defender's moves that hold."""
    lines = []
    for child in tree.successors(ROOT):
        if tree.disproof[child] == 0:
            reason = tree.reason(child)
            why = REASON_TEXT[reason] if reason is not Reason.NONE else "no mate after it"
            lines.append((board.san(decode_move(tree.move_to(ROOT, child))), f"holds ({why})"))
    return Refutation(lines)


def tree_refutation(game: ExplicitTreeGame, tree: Tree) -> Refutation:
    """For a disproved explicit tree: each root child with the child that refutes it (or
    "disproved": a false leaf of the file)."""
    name = game.node_name
    lines = []
    for child, reply in refutation_nodes(tree):
        text = "disproved" if reply is None else f"refuted by {name(tree.move_to(child, reply))}"
        lines.append((name(tree.move_to(ROOT, child)), text))
    return Refutation(lines)


def numbered_line(board: chess.Board, san_moves: list[str]) -> str:
    """SAN moves with move numbers as a reader expects them: `1. Qg6 Rg8 2. Qh7#` (or `1... `)."""
    number, white = board.fullmove_number, board.turn == chess.WHITE
    parts: list[str] = []
    for index, san in enumerate(san_moves):
        if white:
            parts.append(f"{number}. {san}")
        else:
            parts.append(f"{number}... {san}" if index == 0 else san)
            number += 1
        white = not white
    return " ".join(parts)


def verify_tree_proof(tree: AndOrTree, proof: ProofNode) -> int:
    """Check a proof of an explicit tree against the file's data alone; returns its size.

    Every OR node must choose one child that exists, every AND node must cover all its children,
    and every leaf must be a `true` leaf of the file.
    """
    return _check_tree_strategy(tree, proof, proving=True)


def verify_tree_disproof(tree: AndOrTree, disproof: ProofNode) -> int:
    """Check a disproof of an explicit tree against the file's data alone; returns its size.

    Every AND node must choose one child that exists, every OR node must cover all its
    children, and every leaf must be a `false` leaf of the file.
    """
    return _check_tree_strategy(tree, disproof, proving=False)


def _check_tree_strategy(tree: AndOrTree, strategy: ProofNode, proving: bool) -> int:
    """The one check of both: the side whose strategy it is chooses one child at its own nodes
    (OR nodes for a proof, AND nodes for a disproof) and covers every child at the other's; the
    node types are the file's, whatever the depth."""
    what, value = ("proof", Value.TRUE) if proving else ("disproof", Value.FALSE)
    size = 0
    stack = [(0, strategy)]
    while stack:
        index, node = stack.pop()
        size += 1
        data = tree.nodes[index]
        if not node.children:
            if data.value is not value:
                word = "true" if proving else "false"
                raise VerificationError(f"{what} leaf {data.name!r} is not a {word} leaf")
            continue
        chosen = set(node.children)
        if not chosen <= set(data.children):
            raise VerificationError(f"{what} leaves the tree below {data.name!r}")
        kind = "OR" if data.is_or else "AND"
        if data.is_or == proving and len(chosen) != 1:
            raise VerificationError(f"{kind} node {data.name!r}: one child expected")
        if data.is_or != proving and chosen != set(data.children):
            raise VerificationError(f"{kind} node {data.name!r}: not every child is covered")
        stack.extend(node.children.items())
    return size


class DisprovedSearch(Protocol):
    """What `check_disproof` reads of a search (`core.search.contract.Search` has both)."""

    max_plies: int | None

    def disproof(self) -> ProofNode: ...


def check_disproof(
    board: chess.Board, attacker: chess.Color, search: DisprovedSearch
) -> tuple[bool, str, int]:
    """Read the disproved search's disproof out of what it keeps (`Search.disproof`) and replay
    it independently, under the search's mate-length bound or, without one, as "no forced mate":
    (accepted, why not, positions replayed). Only an accepted disproof certifies anything; a
    search that cannot read one out says why, and that is the reason it is not accepted."""
    try:
        tree = search.disproof()
        verified = verify_disproof(board, uci_proof(tree), attacker, search.max_plies)
    except VerificationError as error:
        return False, str(error), 0
    return True, "", verified.nodes
