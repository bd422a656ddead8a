"""What quiz mode keeps off the tree until the student has answered: the most-proving path (its
highlight, and the nodes the layout would open along it: the next question's answer), the selection
mark, and the numbers a hidden update has already changed (drawn as they were)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from . import style
from .items import DisplayedNode
from .level import TreeLevel


@dataclass(frozen=True, slots=True)
class Cover:
    """`hide_path`: draw no most-proving path and no selected mark; `shown_path_only`: the
    layout opens the last selection the student was shown, not the path the numbers point to
    now (in a big tree only the forced-open path is unfolded, so it would show the answer);
    `numbers`: first-level node → (proof, disproof) to draw instead of the tree's; `in_view`: a
    first-level node kept on screen (the one a question asks the student to click), moved just
    inside the edge, never centred on. The empty cover changes nothing."""

    hide_path: bool = False
    shown_path_only: bool = False
    numbers: dict[int, tuple[int, int]] = field(default_factory=dict)
    in_view: int = -1

    def layout_path(self, level: TreeLevel) -> list[int]:
        """The path the layout keeps open (and follow keeps in view) on the first level."""
        return list(level.selected_path) if self.shown_path_only else level.path

    def apply(self, item: DisplayedNode) -> DisplayedNode:
        """The item as the student may see it."""
        if item.level != 1 or not (self.hide_path or item.node in self.numbers):
            return item
        if self.hide_path:
            item = replace(item, highlighted=False, selected=False)
        numbers = self.numbers.get(item.node)
        if numbers is not None:
            proof, disproof = numbers
            item = replace(
                item,
                proof=proof,
                disproof=disproof,
                proof_text=style.number_text(proof),
                disproof_text=style.number_text(disproof),
                changed=False,
            )
        return item
