"""Why an answer is right, in words built from the tree's own proof and disproof numbers.

The children are every child the search reaches (`Tree.successors`: on DAG PN's graph a shared
child counts under each of its parents, as the search's own sums and minima count it). The
selection is Figure 3.4 (thesis §3.2): at an OR node the walk follows the first child, in
move order, whose proof number is the parent's (the smallest), at an AND node the first whose
disproof number is. The numbers are Figure 3.3: an OR node takes the smallest proof number of
its children and the sum of their disproof numbers, an AND node the other way round.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..games.registry import kind_of
from ..search.contract import Stepper, kept_tree
from ..search.numbers import saturated_sum
from ..tree import ROOT, Tree
from ..values import format_number

Labeller = Callable[[int], str]
"""A first-level node's name in sentences: the move into it (SAN) or the tree file's name."""

WALK_SENTENCES = 5
"""A deeper walk is told from the root's side in one clause, then its last steps in full."""

SHOWN_TERMS = 8
"""A sum or minimum over more children shows this many terms, then '…'."""


def search_labeller(search: Stepper) -> Labeller:
    """Names of the search's first-level nodes: the move into the node (SAN) for chess, the
    node's name for a tree file; the root is "the root", or its name where nodes have names."""
    game = search.game
    kind = kind_of(game)

    def label(node: int) -> str:
        moves = kept_tree(search).moves_to(node)
        if moves:
            return kind.move_labels(game, moves)[-1]
        return kind.root_text(game) if game.capabilities.named_nodes else "the root"

    return label


def kind(tree: Tree, node: int) -> str:
    return "OR" if tree.is_or(node) else "AND"


def _deciding(tree: Tree, node: int) -> tuple[Sequence[int], str]:
    """The column Figure 3.4 compares at `node` (proof numbers at OR, disproof at AND)."""
    if tree.is_or(node):
        return tree.proof, "proof number"
    return tree.disproof, "disproof number"


def walk_step(tree: Tree, parent: int, child: int, label: Labeller) -> str:
    """One step of the selection: why the walk goes from `parent` to `child`."""
    numbers, noun = _deciding(tree, parent)
    value = numbers[child]
    children = tree.successors(parent)
    tied = [other for other in children if numbers[other] == value]
    if len(children) == 1:
        return (
            f"At {kind(tree, parent)} node {label(parent)} the walk goes to its only child, "
            f"{label(child)}."
        )
    text = (
        f"At {kind(tree, parent)} node {label(parent)} the smallest {noun} among its "
        f"{len(children)} children is {format_number(value)} ({label(child)})"
    )
    if len(tied) > 1:
        text += f"; {len(tied)} children have it and the first in move order is taken"
    return text + f", so {label(child)}'s branch is followed."


def selection_why(tree: Tree, path: list[int], label: Labeller) -> str:
    """Why the last node of `path` (root to leaf, as the engine walked it) is most-proving."""
    leaf = path[-1]
    steps = [
        walk_step(tree, parent, child, label)
        for parent, child in zip(path[:-1], path[1:], strict=True)
    ]
    if len(steps) > WALK_SENTENCES:
        skipped = len(steps) - WALK_SENTENCES + 1
        steps = [
            f"From the root the walk goes down {skipped} levels to {label(path[skipped])}.",
            *steps[skipped:],
        ]
    end = (
        f"{label(leaf)} is not expanded yet: it is the most-proving node."
        if leaf != ROOT
        else "The root is not expanded yet: it is the most-proving node."
    )
    return " ".join([*steps, end])


def mistake(tree: Tree, path: list[int], chosen: int, label: Labeller) -> str:
    """Where the node the student chose leaves the engine's walk, and why the walk does not go
    there (`path` as in `selection_why`)."""
    chosen_path = tree.path_to(chosen)
    if chosen in path:
        return (
            f"{label(chosen)} is on the most-proving path, but it is expanded: the walk goes "
            f"on below it."
        )
    depth = 0
    while depth < len(path) and depth < len(chosen_path) and path[depth] == chosen_path[depth]:
        depth += 1
    if depth == len(path):
        return (
            f"{label(chosen)} lies below {label(path[-1])}, which was still a leaf when the "
            f"walk chose it: the walk stops at the first leaf it reaches."
        )
    parent, right, wrong = path[depth - 1], path[depth], chosen_path[depth]
    numbers, noun = _deciding(tree, parent)
    if numbers[wrong] == numbers[right]:
        reason = (
            f"{label(wrong)} has the same {noun}, {format_number(numbers[right])}, but "
            f"{label(right)} comes first in move order"
        )
    else:
        reason = (
            f"{label(right)} has {noun} {format_number(numbers[right])}, "
            f"{label(wrong)} {format_number(numbers[wrong])}"
        )
    lead = f"At {kind(tree, parent)} node {label(parent)} the walk goes to {label(right)}"
    if wrong != chosen:
        lead += f", not towards {label(chosen)}"
    return f"{lead}: {reason}."


def _terms(values: list[int], joiner: str, keep: int = -1) -> str:
    """The first `SHOWN_TERMS` values, "…" for the rest; a value at index `keep` past them
    (the smallest, which a min names) is shown in its place among them."""
    if len(values) <= SHOWN_TERMS:
        return joiner.join(format_number(value) for value in values)
    indexes = list(range(SHOWN_TERMS))
    if keep >= SHOWN_TERMS:
        indexes[-1] = keep
    shown: list[str] = []
    for position, index in enumerate(indexes):
        if position and index != indexes[position - 1] + 1:
            shown.append("…")
        shown.append(format_number(values[index]))
    if indexes[-1] < len(values) - 1:
        shown.append("…")
    return joiner.join(shown)


def _sum_text(values: list[int]) -> str:
    total = saturated_sum(values)
    if len(values) == 1:
        return format_number(total)
    return f"{_terms(values, ' + ')} = {format_number(total)}"


def _min_text(tree: Tree, values: list[int], children: Sequence[int], label: Labeller) -> str:
    smallest = min(values)
    first = children[values.index(smallest)]
    if len(values) == 1:
        return f"{format_number(smallest)} ({label(first)})"
    terms = _terms(values, ", ", values.index(smallest))
    return f"min({terms}) = {format_number(smallest)} ({label(first)})"


def numbers_why(tree: Tree, node: int, label: Labeller) -> str:
    """How Figure 3.3 gives `node` its numbers from its children's (as they stand now)."""
    proof, disproof = tree.numbers(node)
    if not tree.is_expanded(node):
        verdict = "proved" if proof == 0 else "disproved" if disproof == 0 else "evaluated"
        return (
            f"{label(node)} was evaluated by a second-level search that {verdict} it, so it "
            f"takes that search's root numbers {format_number(proof)}/{format_number(disproof)}."
        )
    children = tree.successors(node)
    proofs = [tree.proof[child] for child in children]
    disproofs = [tree.disproof[child] for child in children]
    count = f"{len(children)} children" if len(children) != 1 else "1 child"
    if tree.is_or(node):
        return (
            f"{label(node)} is an OR node ({count}): its proof number is the smallest of its "
            f"children's, {_min_text(tree, proofs, children, label)}, and its disproof number "
            f"their sum, {_sum_text(disproofs)}."
        )
    return (
        f"{label(node)} is an AND node ({count}): its proof number is the sum of its "
        f"children's, {_sum_text(proofs)}, and its disproof number the smallest of theirs, "
        f"{_min_text(tree, disproofs, children, label)}."
    )
