"""Which tree node a clicked refutation line stands for (no Qt): the result panel lists the root's
moves in the order of `core.proofs.proof.refutation_nodes`, each with the reply that holds."""

from __future__ import annotations

from ..core.proofs.proof import refutation_nodes
from ..core.search.contract import Stepper


def refutation_target(search: Stepper | None, index: int) -> int | None:
    """The node the board should show for line `index`: the refuting reply, or the root move
    itself when it fails on its own (stalemate, a false leaf). None if there is no such line."""
    if search is None or search.tree is None or search.tree.disproof[0] != 0:
        return None
    lines = refutation_nodes(search.tree)
    if not 0 <= index < len(lines):
        return None
    child, reply = lines[index]
    return child if reply is None else reply
