"""The expand phase told in words: which children were created, with which numbers, and why a
fresh node starts with the numbers it shows (thesis §3.3.1, Figure 3.3's leaf case).

Pure functions of the search and a step's `new_children` (no Qt). Chess children are named by
their move, tree-file children by their name.
"""

from __future__ import annotations

from collections.abc import Callable

from ...core.games.registry import kind_of
from ...core.search.contract import Stepper, initialisation
from ...core.search.defaults import UNIT
from ...core.tree import Tree
from ...core.values import INF, Reason, Value, counted, format_number
from ..focus import FIRST_LEVEL, second_level_search, tree_at

NAMED_CHILDREN = 5
"""Children named one by one; the rest are counted ("… and 31 more")."""


def _numbers(proof: int, disproof: int) -> str:
    return f"{format_number(proof)}/{format_number(disproof)}"


def _child_text(
    label: str, tree: Tree, child: int, proof: int, disproof: int, why: Callable[[Reason], str]
) -> str:
    text = f"{label} {_numbers(proof, disproof)}"
    reason = tree.reason(child)
    if reason is not Reason.NONE and reason is not Reason.TREE_VALUE:
        text += f" ({why(reason)})"
    elif tree.value(child) is not Value.UNKNOWN:
        text += f" ({tree.value(child).name.lower()} leaf)"
    return text


def _sides(search: Stepper) -> tuple[str, str] | None:
    """(attacker, defender) names for a game with moves (White and Black for chess), None for
    a tree file, whose children are the file's."""
    game = search.game
    if game.capabilities.named_nodes:
        return None
    return kind_of(game).sides(game)


def _why(search: Stepper, level: int, label: str, tree: Tree, child: int, numbers) -> str:
    """Why the unsolved child `child` starts with `numbers` = (proof, disproof), in one short
    sentence (the narration strip shares the window's height with the tree). The narration
    picks a child whose mobility is above 1 where there is one: 33/1 explains more than 1/1."""
    proof, disproof = numbers
    stepper = search if level == FIRST_LEVEL else second_level_search(search)
    if stepper is not None and initialisation(stepper) == UNIT:
        return "Unit initialisation: every new unsolved node starts at 1/1, whatever its mobility."
    sides = _sides(search)
    attacker_to_move = tree.is_or(child)
    count = disproof if attacker_to_move else proof
    if sides is None:
        has = f"{label} has {counted(count, 'child')} in the file"
        must = "all must be disproved" if attacker_to_move else "all must be proved"
    else:
        side = sides[0] if attacker_to_move else sides[1]
        noun = "move" if attacker_to_move else "reply"
        has = f"{side} has {counted(count, noun)} after {label}"
        must = "all must fail" if attacker_to_move else "all must be refuted"
    numbers_said = (
        f"disproof number {count} ({must}), proof number 1"
        if attacker_to_move
        else f"proof number {count} ({must}), disproof number 1"
    )
    return (
        f"Why {_numbers(proof, disproof)}: {has}, so {numbers_said} "
        f"(mobility initialisation, §3.3.1)."
    )


def _next_in_line(tree: Tree, new_children: list[tuple[int, int, int]]):
    """The new children in the order the search would turn to them (as the tree view shows
    them): smallest proof number first under an OR node, smallest disproof number under an AND
    node, ties in move order."""
    if not new_children:
        return []
    parent_is_or = tree.is_or(tree.parent[new_children[0][0]])
    return sorted(new_children, key=lambda entry: entry[1] if parent_is_or else entry[2])


def describe_children(
    search: Stepper, level: int, new_children: list[tuple[int, int, int]], label
) -> str:
    """The expand phase in words: the children named (up to `NAMED_CHILDREN`, the search's next
    choices first, then "…"), their initial numbers, how many are already solved, and why an
    unsolved one starts as it does. `label(level, node)` names a node."""
    tree = tree_at(search, level)
    count = len(new_children)
    text = f"Expand: {counted(count, 'child')} generated and evaluated"
    order = " (next choices first)" if count > 1 else ""
    proved = sum(1 for _, proof, _ in new_children if proof == 0)
    disproved = sum(1 for _, _, disproof in new_children if disproof == 0)
    solved = [f"{proved} proved"] * bool(proved) + [f"{disproved} disproved"] * bool(disproved)
    if solved:
        text += " (" + ", ".join(solved) + ")"
    if tree is None:
        return text + "."
    shown = _next_in_line(tree, new_children)[:NAMED_CHILDREN]
    names = {child: label(level, child) for child, _, _ in shown}
    why = kind_of(search.game).reason_text
    parts = [_child_text(names[c], tree, c, p, d, why) for c, p, d in shown]
    if count > len(shown):
        parts.append(f"… and {count - len(shown)} more")
    text += f"{order}: " + ", ".join(parts) + "."
    if level == FIRST_LEVEL and search.capabilities.two_levels:
        return text + " Their numbers are what the second-level search found for them."
    unsolved = [(c, p, d) for c, p, d in shown if p not in (0, INF) and d not in (0, INF)]
    telling = [(c, p, d) for c, p, d in unsolved if max(p, d) > 1]
    fresh = telling or unsolved
    if fresh:
        child, proof, disproof = fresh[0]
        text += " " + _why(search, level, names[child], tree, child, (proof, disproof))
    return text
