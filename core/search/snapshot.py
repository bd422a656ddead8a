"""Load a tree file as a search already in progress (e.g. the thesis's Figure 3.1).

Every internal node of the figure is expanded exactly as the file shows it, then the proof and
disproof numbers are set bottom-up (Figure 3.3). Where the file gives the figure's numbers, the
figure is the nodes that carry them: a file may hang more below a figure's leaf (Figure 3.1,
continued), which the search reaches by stepping on, as it would a game's moves. The result is
an ordinary ProofNumberSearch: its most-proving path is the figure's, and stepping it continues
the search from the snapshot.
"""

from __future__ import annotations

from ..games.explicit_tree import AndOrTree, ExplicitTreeGame
from ..tree import ROOT
from .defaults import UNIT
from .pn import ProofNumberSearch
from .types import Limits, Outcome, Result, StopReason


def snapshot_search(
    tree: AndOrTree, limits: Limits | None = None, initialisation: str = UNIT
) -> ProofNumberSearch:
    """A search whose tree is the whole file, with numbers computed as the paper does.

    Unit initialisation by default: the figures of chapter 3 show unknown leaves as 1/1.
    """
    game = ExplicitTreeGame(tree)
    search = ProofNumberSearch(game, limits, initialisation=initialisation)
    search_tree = search.tree
    # Depth first with the game cursor following: a node's parent is always on the cursor's
    # path, so each node costs one push and at most one pop (a file 100,000 plies deep stays
    # linear; rebuilding each node's path from the root would be quadratic).
    marked = any(node.expected is not None for node in tree.nodes)
    pending = [(ROOT, 0)]
    cursor_depth = 0
    while pending:
        node, depth = pending.pop()
        file_node = 0
        if node != ROOT:
            for _ in range(cursor_depth - depth + 1):
                game.pop()
            file_node = search_tree.move[node]  # move codes are the file's node indices
            game.push(file_node)
        cursor_depth = depth
        children = tree.nodes[file_node].children
        if children and (not marked or tree.nodes[children[0]].expected is not None):
            search.expand_node(node)
            pending.extend((child, depth + 1) for child in search_tree.children(node))
    game.reset()
    for node in range(len(search_tree) - 1, -1, -1):
        if search_tree.is_expanded(node):
            search.set_proof_and_disproof_numbers(node)
    proof, disproof = search_tree.numbers(ROOT)
    if proof == 0 or disproof == 0:
        search.outcome = Outcome(
            Result.PROVED if proof == 0 else Result.DISPROVED, StopReason.SOLVED
        )
    return search
