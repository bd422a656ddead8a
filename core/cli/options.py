"""The search options both parsers offer, derived from the algorithm registry.

`pn-explorer solve|suite` and the window's own parser add them here, with the AlgorithmSpec and
Limits the headless options ask for; `compare`, which runs several searches, adds every
registered search's parameters and hands each search its own (`parameter_values`). Values are
read by `core.inputs.numbers`.
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Sequence
from typing import Any

from ..inputs.numbers import (
    MOST_NODES,
    positive_option,
    seconds_option,
    whole_option,
)
from ..search.algorithms import AlgorithmSpec
from ..search.defaults import DEFAULT_ALGORITHM, DEFAULT_GAME_SECONDS
from ..search.parameters import PARAMETERS, Kind, Parameter
from ..search.registry import CapUnit, SearchEntry, entries, entry
from ..search.types import Limits, check_node_cap
from ..values import either


def add_count_option(
    group: argparse._ActionsContainer,
    option: str,
    about: str,
    most: int,
    least: int = 1,
    default: int | None = None,
    default_note: str | None = None,
    **extra: Any,
) -> None:
    """A whole-number option read within `least`…`most` as it is parsed (beyond them: one line
    and exit 2) and stating both in its help: every count a user types has a bound, so none
    runs for ever. `default_note` replaces the help's "default N" where the default needs words.
    """
    if default_note is None and default is not None:
        default_note = f"default {default:,}"
    note = f"; {default_note}" if default_note else ""
    group.add_argument(
        option,
        type=whole_option(option, least, most),
        default=default,
        help=f"{about} ({least:,} to {most:,}{note})",
        **extra,
    )


def _entries(algorithms: Sequence[str] | None) -> tuple[SearchEntry, ...]:
    return entries() if algorithms is None else tuple(entry(name) for name in algorithms)


def algorithm_help(searches: Sequence[SearchEntry], with_defaults: bool = True) -> str:
    """--algo's help: each search's name and its line of help."""
    described = []
    for search in searches:
        notes = [search.help] if search.help else []
        if with_defaults and search.name == DEFAULT_ALGORITHM:
            notes.append("default")
        if search.cap_unit is CapUnit.TABLE_ENTRIES:
            notes.append("--max-nodes: table entries")
        described.append(f"{search.name} ({'; '.join(notes)})" if notes else search.name)
    return either(described)


def add_parameter_option(
    group: argparse._ActionsContainer,
    parameter: Parameter,
    searches: Sequence[SearchEntry],
    with_defaults: bool = True,
) -> None:
    """The option of one parameter, its help naming the searches that take it. Without
    defaults an option left out is None (the window then keeps the user's last setting)."""
    users = ", ".join(search.short_title for search in searches if search.takes(parameter.name))
    help_text = f"{users}: {parameter.help}"
    options: dict[str, Any] = {"dest": parameter.dest}
    if parameter.kind is Kind.SWITCH:
        options["action"] = "store_false" if parameter.default else "store_true"
    elif parameter.kind is Kind.CHOICE:
        options["choices"] = parameter.choices
    elif parameter.kind is Kind.POSITIVE:
        options["type"] = positive_option(parameter.flag)
    else:
        options["type"] = whole_option(parameter.flag, parameter.minimum, parameter.maximum)
    if parameter.kind is Kind.WHOLE:
        default = f"; default {parameter.default:,}" if with_defaults else ""
        help_text += f" ({parameter.minimum:,} to {parameter.maximum:,}{default})"
    elif parameter.kind is Kind.POSITIVE and with_defaults:
        help_text += f" (default {parameter.default:g})"
    by_game = parameter.kind is Kind.CHOICE and bool(parameter.needs)
    if by_game and with_defaults:
        others = [choice for choice in parameter.choices if choice not in parameter.needs]
        help_text += f" (default {parameter.default} where the game has it, else {others[0]})"
    group.add_argument(
        parameter.flag,
        default=parameter.default if with_defaults and not by_game else None,
        help=help_text,
        **options,
    )


def add_search_options(
    group: argparse._ActionsContainer,
    algorithms: Sequence[str] | None = None,
    with_defaults: bool = True,
    parameters: Sequence[str] | None = None,
) -> None:
    """--algo (every registered search, or `algorithms`) and an option for each parameter they
    take (or only `parameters`). Without defaults an option left out is None and the help names
    no default."""
    searches = _entries(algorithms)
    group.add_argument(
        "--algo",
        choices=tuple(search.name for search in searches),
        default=DEFAULT_ALGORITHM if with_defaults else None,
        help=algorithm_help(searches, with_defaults),
    )
    add_parameter_options(group, searches, with_defaults, parameters)


def add_parameter_options(
    group: argparse._ActionsContainer,
    searches: Sequence[SearchEntry],
    with_defaults: bool = True,
    parameters: Sequence[str] | None = None,
) -> None:
    """An option for each parameter `searches` take (or only `parameters`), in the registry's
    order: a parameter a search gains is an option of every command that runs it."""
    for parameter in PARAMETERS.values():
        taken = any(search.takes(parameter.name) for search in searches)
        if taken and (parameters is None or parameter.name in parameters):
            add_parameter_option(group, parameter, searches, with_defaults)


def parameter_values(args: argparse.Namespace, name: str) -> dict[str, Any]:
    """The values `args` give the parameters search `name` takes (those left out: none)."""
    return {
        key: getattr(args, key)
        for key in entry(name).parameters
        if getattr(args, key, None) is not None
    }


def add_node_cap_option(
    group: argparse._ActionsContainer,
    algorithms: Sequence[str] | None = None,
    with_defaults: bool = True,
) -> None:
    """--max-nodes; left out it is None, and the algorithm's default cap applies."""
    searches = _entries(algorithms)
    usual = Counter(search.cap for search in searches).most_common(1)[0][0]
    others = "".join(
        f"; {search.short_title}: {'N = ' if search.capabilities.tuned_cap else ''}{search.cap:,}"
        for search in searches
        if search.cap != usual
    )
    default_cap = f"default: {usual:,}{others}" if with_defaults else ""
    units = "".join(
        f"; {search.short_title}: {search.cap_unit.value}"
        for search in searches
        if search.cap_unit is not CapUnit.NODES_IN_MEMORY
    )
    add_count_option(
        group,
        "--max-nodes",
        f"node cap: nodes in memory{units}",
        MOST_NODES,
        default_note=default_cap,
    )


def add_headless_options(parser: argparse.ArgumentParser) -> None:
    """Everything `solve` and `suite` take: the search options, αβ's and PN's, and the limits."""
    group = parser.add_argument_group("algorithm")
    add_search_options(group)
    limits = parser.add_argument_group("limits")
    add_node_cap_option(limits)
    limits.add_argument(
        "--time",
        type=seconds_option("--time"),
        default=None,
        help=f"search time limit, seconds (default for a --game: {DEFAULT_GAME_SECONDS:g})",
    )
    add_count_option(limits, "--iterations", "iteration limit", MOST_NODES)


def spec_and_limits(args: argparse.Namespace) -> tuple[AlgorithmSpec, Limits]:
    """The search `add_headless_options`' arguments ask for (the algorithm's default cap)."""
    values = {
        name: getattr(args, name) for name in PARAMETERS if getattr(args, name, None) is not None
    }
    spec = AlgorithmSpec(args.algo, **values)
    max_nodes = args.max_nodes if args.max_nodes is not None else entry(args.algo).cap
    check_node_cap(max_nodes)
    limits = Limits(max_nodes=max_nodes, max_iterations=args.iterations, max_seconds=seconds(args))
    return spec, limits


def seconds(args: argparse.Namespace) -> float | None:
    """The time limit of each search: `--time` where given, else `DEFAULT_GAME_SECONDS` on board
    games (`--game`), else None (the node cap bounds the search)."""
    if args.time is not None:
        return float(args.time)
    return DEFAULT_GAME_SECONDS if getattr(args, "game", None) else None
