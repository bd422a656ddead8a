"""`solve --explain`: the explanation of a search as a readable block (`core.explain`)."""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING

from ..errors import InvalidLimitError
from ..search.contract import Search
from ..search.registry import entry, names
from ..values import INF, counted, either

if TYPE_CHECKING:  # the explanations are imported when --explain asks for one
    from ..explain.explain import Explanation
    from ..explain.trace import RootTrace

WIDTH = 100
SHOWN_MOVES = 10
"""Root moves listed; the rest are summed on one line."""


def _number(value: int) -> str:
    return "∞" if value >= INF else f"{value:,}"


LONGEST_WRAP = 8
"""A text that wraps to more lines than this (a line thousands of plies long, or a sentence naming
one) keeps its first and last KEPT_ENDS lines and says how many it leaves out; --json keeps all."""
KEPT_ENDS = 3


def _wrapped(text: str, first: str, indent: str = "           ") -> list[str]:
    lines = textwrap.wrap(text, WIDTH, initial_indent=first, subsequent_indent=indent)
    if len(lines) <= LONGEST_WRAP:
        return lines
    left_out = len(lines) - 2 * KEPT_ENDS
    note = f"{indent}… {counted(left_out, 'line')} left out (--json has the text whole) …"
    return [*lines[:KEPT_ENDS], note, *lines[-KEPT_ENDS:]]


def explanation_lines(explanation: Explanation) -> list[str]:
    """The block printed after the usual result."""
    out = _wrapped(explanation.sentence, "In short   ", "           ")
    out.append(
        f"Effort     {counted(explanation.nodes, 'node')}, "
        f"{counted(explanation.max_ply, 'ply')} deep, by root move:"
    )
    width = max([4, *(len(row.move) for row in explanation.effort[:SHOWN_MOVES])])
    out.append(
        f"           {'move':<{width}}  {'nodes':>10}  share  {'pn':>6}  {'dn':>6}  "
        f"{explanation.line_title}"
    )
    for row in explanation.effort[:SHOWN_MOVES]:
        line = f"{counted(row.deepest_ply, 'ply')}:" if row.deepest_line else ""
        out.append(
            f"           {row.move:<{width}}  {row.nodes:>10,} {100 * row.share:5.1f} %  "
            f"{_number(row.proof):>6}  {_number(row.disproof):>6}  {line}".rstrip()
        )
        if row.deepest_line:
            out.extend(_wrapped(row.deepest_line, "             ", "             "))
    rest = explanation.effort[SHOWN_MOVES:]
    if rest:
        nodes = sum(row.nodes for row in rest)
        out.append(f"           {counted(len(rest), 'more move')}: {counted(nodes, 'node')}")
    held = explanation.hold_up
    if held is not None:
        out.extend(_wrapped(held.summary, "Held up    "))
        for defence in held.defences:
            out.extend(_wrapped(defence.sentence, "         · ", "           "))
        for narrow in held.narrow:
            out.extend(_wrapped(narrow.sentence, "         · ", "           "))
    table = explanation.table
    if table is not None:
        out.extend(_wrapped(table.stopped, "Stopped    "))
        out.extend(_wrapped(table.summary, "Table line "))
        for sentence in table.step_sentences:
            out.extend(_wrapped(sentence, "         · ", "           "))
    if explanation.suggestions:
        for index, suggestion in enumerate(explanation.suggestions):
            head = "Try        " if index == 0 else "           "
            text = suggestion.text
            if suggestion.options:
                text += f" [{suggestion.options}]"
            out.extend(_wrapped(text, head + "· ", "             "))
    return out


def print_explanation(explanation: Explanation) -> None:
    """Print the block."""
    print("\n".join(explanation_lines(explanation)))


def tree_searches() -> str:
    """The searches that keep their tree, to export: "pn, pn2 or dagpn"."""
    return either(names(keeps_tree=True))


def run_search(search: Search, explaining: bool) -> RootTrace | None:
    """Run the search to its end; with --explain it records the root's numbers as it goes
    (`run_traced`: a search that keeps its tree in slices, df-pn watched from inside its run),
    creating the same nodes either way."""
    if not explaining:
        search.run()
        return None
    from ..explain.explain import explaining_searches
    from ..explain.trace import RootTrace, run_traced

    if not entry(search.algorithm).explains:
        raise InvalidLimitError(
            f"--explain needs a search that explains itself ({explaining_searches()})"
        )
    trace = RootTrace()
    run_traced(search, trace)
    return trace


def explanation_of(
    search: Search, trace: RootTrace | None, known_mate_length: int | None = None
) -> Explanation | None:
    """The explanation when --explain asked for one (a trace was recorded), else None."""
    if trace is None:
        return None
    from ..explain.explain import explain

    return explain(search, trace, known_mate_length)
