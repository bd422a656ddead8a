"""What a kind of game offers beyond the search's cursor: loading a problem, words for its moves
and lines, checking a proof under its own rules, and a record of what it can do.

The searches need only the cursor (`core.games.game.Game`); everything around them (the runner,
the explanations, the window) reaches a game through its `GameKind`, found by the cursor's `kind`
name in `core.games.registry`, and asks the cursor's `Capabilities` what it offers, never which
concrete game it holds. A new kind subclasses `GameKind`, giving at least `load`, `fresh`,
`verify` and `verify_disproof` (without it every disproof of its games is reported "not
certified"); the rest has defaults that work from the cursor alone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar, Generic, TypeVar

from ..errors import VerificationError
from ..proofs.proof import ProofNode, refutation_nodes
from ..tree import ROOT, Tree
from ..values import REASON_TEXT, Reason, Value, elided_line
from .game import Capabilities

if TYPE_CHECKING:
    from .explicit_tree import AndOrTree
    from .game import Game

__all__ = ["Capabilities", "GameKind", "Loaded", "Refutation", "Source", "VerifiedProof"]

G = TypeVar("G", bound="Game")


@dataclass(frozen=True, slots=True)
class Source:
    """What to open: `kind` (a source kind a game kind declares: fen/suite/epd/pgn/tree…), `text`
    (the FEN, suite name or file path) and `item` (the position id in a suite or EPD file, the
    game number in a PGN file)."""

    kind: str
    text: str
    item: str = ""


@dataclass(slots=True)
class Loaded:
    """A loaded problem: the cursor the search runs on, a title, the source as found (a suite's
    position id filled in) and the source's stated mate length, if any."""

    source: Source
    title: str
    game: Game
    mate_length: int | None = None


@dataclass(frozen=True, slots=True)
class VerifiedProof:
    """What a replay of a proof under the game's rules established: the proof tree's size, its
    depth in plies where the game measures it, and the mate's length in moves for chess."""

    size: int
    depth: int | None = None
    mate_in: int | None = None


@dataclass(frozen=True, slots=True)
class Refutation:
    """Why the attacker cannot win: for each attacker move at the root, the reply that holds."""

    lines: list[tuple[str, str]] = field(default_factory=list)


class GameKind(Generic[G]):
    """One kind of game, registered by `name` in `core.games.registry`. Its capability record
    travels with its cursors (`Game.capabilities`): some of it depends on the problem (chess's
    mop-up estimate applies to some endings only)."""

    name = ""
    title = ""
    """The kind in words ("chess position", "explicit AND/OR tree")."""
    sources: tuple[str, ...] = ()
    """The `Source.kind`s it opens."""
    suffixes: ClassVar[dict[str, str]] = {}
    """File name endings it reads (lower case, with the dot), each with the source kind a file
    so named opens as."""
    example = Source("", "")
    """A small problem it opens whose root is proved, for tests and first looks."""
    disproved_example = Source("", "")
    """A small problem it opens whose root is disproved. With `example`, every registered
    search is run on it by the conformance test (tests/conformance.py)."""
    move_noun = "move"
    """What an edge of its tree stands for, in the singular ("move", "child")."""
    proved = "the root is true"
    """What a verified proof establishes, in a headline."""
    disproved = "the root is false"
    """What a disproof establishes, in a headline."""
    reason_texts: ClassVar[dict[Reason, str]] = REASON_TEXT
    """Why a position is over, in the game's own words (a line made, a full board), by the codes
    a tree node's flags hold (`core.values.Reason`, chess's by default)."""
    capabilities = Capabilities()
    """What its games offer (`Game.capabilities`), as the kind declares it before a problem is
    open; a cursor's own record may offer less where the problem decides (chess's mop-up)."""

    # -- problems ----------------------------------------------------------------------------------

    def load(self, source: Source) -> Loaded:
        """Open a problem (raises a PnExplorerError subclass for bad input)."""
        raise NotImplementedError

    def fresh(self, game: G) -> G:
        """A new cursor on the same problem, at its root: every search gets its own."""
        raise NotImplementedError

    def figure(self, game: G) -> AndOrTree | None:
        """The search in progress the problem draws, where it is a figure's snapshot (a tree
        file giving a figure's numbers), else None: such a problem opens as that search."""
        return None

    def same_problem(self, game: G) -> str:
        """A key that is equal for two cursors on the same problem (its root's description)."""
        return self.root_text(game)

    # -- words -------------------------------------------------------------------------------------

    def root_text(self, game: G) -> str:
        """The root's description (FEN for chess, node name for a tree)."""
        cursor = self.fresh(game)
        return cursor.position_label()

    def position_text(self, game: G, moves: Sequence[int]) -> str:
        """The description of the position after `moves` from the root, as `root_text` gives
        the root's."""
        cursor = self.fresh(game)
        for code in moves:
            cursor.push(code)
        return cursor.position_label()

    def move_labels(self, game: G, moves: Sequence[int]) -> list[str]:
        """Each move of a line from the root, as lines name them (SAN for chess)."""
        cursor = self.fresh(game)
        labels = []
        for code in moves:
            labels.append(cursor.move_label(code))
            cursor.push(code)
        return labels

    def child_labels(self, game: G, line: Sequence[int], codes: Sequence[int]) -> list[str]:
        """The labels of the moves `codes` from the position after `line`, as `move_labels`
        names them."""
        cursor = self.fresh(game)
        for code in line:
            cursor.push(code)
        return [cursor.move_label(code) for code in codes]

    def labeller(self, game: G, line: Sequence[int]) -> Callable[[int], str]:
        """Labels the moves from the position after `line` as the cursor writes them on an edge
        (`Game.move_label`: SAN, a tree file's move label); keep it to label many of them."""
        cursor = self.fresh(game)
        for code in line:
            cursor.push(code)
        return cursor.move_label

    def fixed_labeller(self, game: G) -> Callable[[int], str] | None:
        """The edge labeller of a game whose move labels do not depend on the position (a tree
        file's moves, a board's cells), so a view labels a deep tree without replaying a line
        per parent (that would cost the square of the depth); None where the position matters
        (SAN)."""
        return None

    def position_names(self, game: G) -> list[str] | None:
        """Every position's name where the game names them all up front (a tree file's nodes,
        `Capabilities.named_nodes`), else None."""
        return None

    def line_text(
        self,
        game: G,
        moves: Sequence[int],
        start: int = 0,
        label: Callable[[str], str] = str,
        elide: bool = False,
    ) -> str:
        """`moves[start:]` as a reader writes them after `moves[:start]` are played: from the root,
        the root's description first and the moves after it by arrows (`A → C → G`), each name
        passed through `label` (a view shortens long names); `elide`: a long line's middle left
        out, as a view shows it (a label wrapped by Qt costs the square of its length)."""
        labels = self.move_labels(game, moves)[start:]
        return self.join_line(self.root_text(game) if start == 0 else "", labels, label, elide)

    def join_line(
        self,
        root: str,
        labels: Sequence[str],
        label: Callable[[str], str] = str,
        elide: bool = False,
    ) -> str:
        """A line from the root's description and the moves' labels ("" root: a line that starts
        below the root), as `line_text` writes it: a record's line is rebuilt with it."""
        parts = [label(part) for part in ([root, *labels] if root else labels)]
        return elided_line(parts) if elide else " → ".join(parts)

    def tree_move_labels(self, game: G, tree: Tree, nodes: list[int]) -> dict[int, tuple[str, str]]:
        """The label of the move into each of `nodes` (a set connected under the root) with its
        interchange notation ("" where the game has none), walking them with one cursor: the
        GraphML export's labels (`core.games.move_labels.MoveLabels`)."""
        cursor = self.fresh(game)
        chosen = set(nodes)
        found = {ROOT: ("", "")}
        stack: list[tuple[int, bool]] = [(ROOT, False)]
        while stack:
            node, leaving = stack.pop()
            if leaving:
                cursor.pop()
                continue
            if node != ROOT:
                found[node] = (cursor.move_label(tree.move[node]), "")
                cursor.push(tree.move[node])
                stack.append((node, True))
            stack.extend((child, False) for child in tree.children(node) if child in chosen)
        return found

    def verdict_text(self, game: G, proved: bool) -> str:
        """What a solved root establishes about this problem, in words (a board game names its
        player and goal: "X can at least draw")."""
        return self.proved if proved else self.disproved

    def verdict(self, game: G, proved: bool) -> str:
        """A solved problem's headline, as the result panel shows it ("Proved: mate")."""
        words = self.verdict_text(game, proved)
        return f"Proved: {words}" if proved else f"Disproved: {words}"

    def reason_text(self, reason: Reason) -> str:
        """Why a position is solved, in the game's words ("checkmate", "a line of k stones")."""
        return self.reason_texts.get(reason, REASON_TEXT[reason])

    def sides(self, game: G) -> tuple[str, str]:
        """The attacker's and the defender's names in sentences."""
        return "the attacker", "the defender"

    # -- proofs ------------------------------------------------------------------------------------

    def verify(self, game: G, proof: ProofNode) -> VerifiedProof:
        """Replay `proof` under the game's own rules (raises VerificationError where it breaks)."""
        raise NotImplementedError

    def verify_disproof(
        self, game: G, disproof: ProofNode, max_plies: int | None = None
    ) -> VerifiedProof:
        """Replay `disproof` under the game's own rules as the defender's strategy: every
        attacker move answered, one defender reply, every line ending where the goal fails
        (within `max_plies` plies where the search was bounded). Raises VerificationError where
        it breaks, and where the kind has no independent check: a disproof is claimed only once
        replayed."""
        raise VerificationError(f"{self.title}: no independent check of a disproof")

    def refutation(self, game: G, tree: Tree) -> Refutation:
        """For a disproved root: each root move with the reply that refutes it, or why it fails."""
        lines = []
        for child, reply in refutation_nodes(tree):
            line = tree.moves_to(child)
            reason = tree.reason(child)
            if reply is None:
                text = self.reason_text(reason) if reason is not Reason.NONE else "disproved"
            else:
                moves = [*line, tree.move_to(child, reply)]
                text = f"refuted by {self.move_labels(game, moves)[-1]}"
            lines.append((self.move_labels(game, line)[-1], text))
        return Refutation(lines)


def replay_check(cursor: Game, proof: ProofNode, proving: bool = True) -> VerifiedProof:
    """A proof (or with `proving` False a disproof) replayed on a fresh cursor of the game's own
    rules: the side whose strategy it is plays one of its moves where it is to move, the other
    side's every move is answered, and every leaf is won for that side. Whose move it is comes
    from the cursor at every node (a player may move twice running). For a game whose rules are
    its cursor (a small board game); chess has an independent verifier."""
    cursor.reset()
    size = 0
    deepest = 0
    what = "proof" if proving else "disproof"
    wins = Value.TRUE if proving else Value.FALSE

    def walk(node: ProofNode, ply: int) -> None:
        nonlocal size, deepest
        size += 1
        deepest = max(deepest, ply)
        if not node.children:
            if cursor.evaluate().value is not wins:
                raise VerificationError(f"a {what} leaf {ply} plies deep is not won")
            return
        legal = set(cursor.ordered_moves())
        chosen = set(node.children)
        if not chosen <= legal:
            raise VerificationError(f"a move {ply} plies deep is not legal")
        chooses = cursor.is_or() == proving
        if chooses and len(chosen) != 1:
            raise VerificationError(f"a {what} gives {len(chosen)} moves {ply} plies deep")
        if not chooses and chosen != legal:
            raise VerificationError(f"a {what} does not answer every move {ply} plies deep")
        for code, child in node.children.items():
            cursor.push(code)
            walk(child, ply + 1)
            cursor.pop()

    walk(proof, 0)
    return VerifiedProof(size, deepest)
