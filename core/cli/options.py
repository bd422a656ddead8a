"""The search options both parsers offer, written once from `core.search.defaults`.

`pn-explorer solve|suite` and the window's own parser add them here, with the AlgorithmSpec and
Limits the headless options ask for; values are read by `core.inputs.numbers`.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from core.inputs.numbers import positive_option, seconds_option, whole_option
from core.search.algorithms import AlgorithmSpec
from core.search.defaults import (
    AB,
    ALL_ALGORITHMS,
    DAGPN,
    DEFAULT_A,
    DEFAULT_B,
    DEFAULT_DEPTH,
    DEFAULT_INITIALISATION,
    DEFAULT_MAX_NODES,
    DFPN,
    FRACTIONS,
    INITIALISATIONS,
    LOGISTIC,
    ORDERINGS,
    PN,
    PN2,
    POWER,
)
from core.search.types import Limits, check_node_cap

ALGORITHM_HELP = {
    PN: "pn (default)",
    PN2: "pn2 (two-level, thesis ch. 4)",
    AB: "ab (αβ mate-in-n)",
    DFPN: "dfpn (df-pn with a transposition table; --max-nodes: table entries)",
    DAGPN: "dagpn (PN with transpositions merged into a DAG)",
}


def _spoken_list(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} or {items[-1]}"


def add_search_options(
    group: argparse._ActionsContainer,
    algorithms: Sequence[str] = ALL_ALGORITHMS,
    with_defaults: bool = True,
) -> None:
    """--algo and Pn²'s --a, --b, --fraction. Without defaults an option left out is None (the
    window then keeps the user's last setting), and the help names no default."""
    names = [ALGORITHM_HELP[name] for name in algorithms]
    if not with_defaults:
        names = [name.removesuffix(" (default)") for name in names]
    group.add_argument(
        "--algo",
        choices=tuple(algorithms),
        default=PN if with_defaults else None,
        help=_spoken_list(names),
    )
    group.add_argument(
        "--a",
        type=positive_option("--a"),
        default=DEFAULT_A if with_defaults else None,
        help="Pn²: transition point of f(x) in nodes"
        + (f" (default {DEFAULT_A})" if with_defaults else ""),
    )
    group.add_argument(
        "--b",
        type=positive_option("--b"),
        default=DEFAULT_B if with_defaults else None,
        help="Pn²: stretch of f(x) in nodes" + (f" (default {DEFAULT_B})" if with_defaults else ""),
    )
    group.add_argument(
        "--fraction",
        choices=FRACTIONS,
        default=LOGISTIC if with_defaults else None,
        help="Pn²: f(x) logistic (Breuker) or one (Allis's f ≡ 1)",
    )


def add_node_cap_option(
    group: argparse._ActionsContainer,
    algorithms: Sequence[str] = ALL_ALGORITHMS,
    with_defaults: bool = True,
) -> None:
    """--max-nodes; left out it is None, and the algorithm's default cap applies."""
    default_cap = (
        f" (default: {DEFAULT_MAX_NODES[PN]:,}; Pn²: N = {DEFAULT_MAX_NODES[PN2]:,})"
        if with_defaults
        else ""
    )
    for_ab = "; for αβ, which keeps only its path, nodes created" if AB in algorithms else ""
    group.add_argument(
        "--max-nodes",
        type=whole_option("--max-nodes"),
        default=None,
        help=f"node cap: nodes in memory{default_cap}{for_ab}",
    )


def add_headless_options(parser: argparse.ArgumentParser) -> None:
    """Everything `solve` and `suite` take: the search options, αβ's and PN's, and the limits."""
    group = parser.add_argument_group("algorithm")
    add_search_options(group)
    group.add_argument(
        "--depth",
        type=whole_option("--depth"),
        default=DEFAULT_DEPTH,
        help=f"αβ: the largest n of mate-in-n tried (default {DEFAULT_DEPTH})",
    )
    group.add_argument(
        "--ordering",
        choices=ORDERINGS,
        default=POWER,
        help="αβ static move order: pieces by power (Proskurowski, default) or "
        "the PN chapter's square order",
    )
    group.add_argument(
        "--no-refutation",
        dest="refutation",
        action="store_false",
        help="αβ: switch off Proskurowski's refutation ordering",
    )
    group.add_argument(
        "--init",
        dest="initialisation",
        choices=INITIALISATIONS,
        default=DEFAULT_INITIALISATION,
        help="PN leaf initialisation: mobility (§3.3.1, default) or unit (1/1)",
    )
    limits = parser.add_argument_group("limits")
    add_node_cap_option(limits)
    limits.add_argument(
        "--time", type=seconds_option("--time"), default=None, help="search time limit, seconds"
    )
    limits.add_argument(
        "--iterations",
        type=whole_option("--iterations"),
        default=None,
        help="iteration limit",
    )


def spec_and_limits(args: argparse.Namespace) -> tuple[AlgorithmSpec, Limits]:
    """The search `add_headless_options`' arguments ask for (the algorithm's default cap)."""
    spec = AlgorithmSpec(
        args.algo,
        a=args.a,
        b=args.b,
        fraction=args.fraction,
        depth=args.depth,
        initialisation=args.initialisation,
        ordering=args.ordering,
        refutation=args.refutation,
    )
    max_nodes = args.max_nodes if args.max_nodes is not None else DEFAULT_MAX_NODES[args.algo]
    check_node_cap(max_nodes)
    limits = Limits(max_nodes=max_nodes, max_iterations=args.iterations, max_seconds=args.time)
    return spec, limits
