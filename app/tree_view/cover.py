"""What quiz mode keeps off the tree until the student has answered: the most-proving path, the
selection mark, and the numbers a hidden update has already changed (drawn as they were)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from app.tree_view import style
from app.tree_view.items import DisplayedNode


@dataclass(frozen=True, slots=True)
class Cover:
    """`hide_path`: draw no most-proving path and no selected mark; `numbers`: first-level
    node → (proof, disproof) to draw instead of the tree's. The empty cover changes nothing."""

    hide_path: bool = False
    numbers: dict[int, tuple[int, int]] = field(default_factory=dict)

    def apply(self, item: DisplayedNode) -> DisplayedNode:
        """The item as the student may see it."""
        if item.level != 1 or not (self.hide_path or item.node in self.numbers):
            return item
        changes: dict[str, object] = {}
        if self.hide_path:
            changes.update(highlighted=False, selected=False)
        numbers = self.numbers.get(item.node)
        if numbers is not None:
            proof, disproof = numbers
            changes.update(
                proof=proof,
                disproof=disproof,
                proof_text=style.number_text(proof),
                disproof_text=style.number_text(disproof),
                changed=False,
            )
        return replace(item, **changes)
