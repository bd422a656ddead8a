"""Hand-made games on directed graphs with cycles, for graph-history interaction (GHI) tests.

A position is a graph node (its own hash); reaching a node already on the path is a draw by
repetition, as in chess. `first_repetition_value` solves such a game by brute force along every
path, `check_cycle_free_proof` checks a proof against the graph and `check_defender_strategy` a
disproof: what df-pn must agree with.
"""

from __future__ import annotations

import random

from pn_explorer.core.games.game import Capabilities, Evaluation, Expansion, RulesOnlyGame
from pn_explorer.core.proofs.proof import ProofNode
from pn_explorer.core.search.dfpn import DfpnSearch
from pn_explorer.core.search.types import Limits, Result
from pn_explorer.core.values import Reason, Value


class GraphGame(RulesOnlyGame):
    """A game on a directed graph with cycles: positions are nodes (their own hash), and reaching
    a node already on the path is a draw by repetition, as in chess. `wins` are the attacker's
    won leaves, `losses` lost leaves (a node with no edges must be one of the two)."""

    kind = "graph"
    capabilities = Capabilities(repetitions=True)

    def __init__(
        self,
        edges: dict[str, list[str]],
        or_nodes: set[str],
        wins: set[str],
        losses: set[str] = frozenset(),
    ) -> None:
        named = {*edges, *(c for children in edges.values() for c in children), *wins, *losses}
        self.names = sorted(named)
        self.index = {name: i for i, name in enumerate(self.names)}
        self.edges = {self.index[p]: [self.index[c] for c in cs] for p, cs in edges.items()}
        self.or_nodes = {self.index[name] for name in or_nodes}
        self.wins = {self.index[name] for name in wins}
        self.losses = {self.index[name] for name in losses}
        self.path = [self.index["R"]]
        self.visits: dict[str, int] = {}

    def reset(self) -> None:
        self.path = [self.index["R"]]

    def push(self, move: int) -> None:
        self.path.append(move)

    def pop(self) -> None:
        self.path.pop()

    def is_or(self) -> bool:
        return self.path[-1] in self.or_nodes

    def _evaluate(self, node: int, earlier: list[int]) -> Evaluation:
        if node in self.wins:
            return Evaluation(Value.TRUE, 0, Reason.TREE_VALUE)
        if node in self.losses:
            return Evaluation(Value.FALSE, 0, Reason.TREE_VALUE)
        if node in earlier:
            return Evaluation(Value.FALSE, 0, Reason.REPETITION)
        return Evaluation(Value.UNKNOWN, len(self.edges.get(node, [])))

    def evaluate(self) -> Evaluation:
        return self._evaluate(self.path[-1], self.path[:-1])

    def ordered_moves(self) -> list[int]:
        return list(self.edges.get(self.path[-1], []))

    power_ordered_moves = ordered_moves

    def expand(
        self, room: int, known: object = None, mates_in_one: bool = False, threats: bool = False
    ) -> Expansion | None:
        name = self.names[self.path[-1]]
        self.visits[name] = self.visits.get(name, 0) + 1
        moves = self.ordered_moves()
        evaluations = [self._evaluate(move, self.path) for move in moves]
        return Expansion(
            moves,
            [e.value for e in evaluations],
            [e.mobility for e in evaluations],
            [e.reason for e in evaluations],
            [move in self.or_nodes for move in moves],
        )

    def position_hash(self) -> int:
        return self.path[-1]

    def move_label(self, move: int) -> str:
        return self.names[move]

    def position_label(self) -> str:
        return self.names[self.path[-1]]


def random_cyclic_graph(rng: random.Random, size: int, alternate: bool = True) -> GraphGame:
    """`size` inner nodes named R, N1, N2, … , OR or AND at random, each with one to three edges
    to inner nodes of the other type (the players alternate; with `alternate` False to inner
    nodes of either type, a player moving twice running; cycles everywhere) or to the won leaf W
    or the lost leaf L."""
    inner = ["R", *(f"N{i}" for i in range(1, size))]
    or_nodes = {name for name in inner if rng.random() < 0.5}
    edges = {}
    for name in inner:
        other = [n for n in inner if not alternate or (n in or_nodes) != (name in or_nodes)]
        targets = [*other, "W", "L"]
        edges[name] = rng.sample(targets, rng.randint(1, min(3, len(targets))))
    return GraphGame(edges, or_nodes, wins={"W"}, losses={"L"})


def first_repetition_value(game: GraphGame) -> bool:
    """Whether the attacker wins from R when reaching a node of the path draws: brute force over
    every path (the graphs are small)."""

    def wins(node: int, path: frozenset[int]) -> bool:
        if node in game.wins:
            return True
        if node in game.losses or node in path:
            return False
        below = path | {node}
        children = (wins(child, below) for child in game.edges.get(node, []))
        return any(children) if node in game.or_nodes else all(children)

    return wins(game.index["R"], frozenset())


def check_cycle_free_proof(game: GraphGame, proof: ProofNode) -> None:
    """Assert that `proof` wins from R on the graph with no position repeated along any line:
    one edge at an attacker node, every edge at a defender node, a won leaf at every end."""

    def check(node: int, sub: ProofNode, path: frozenset[int]) -> None:
        assert node not in path, f"{game.names[node]} repeats on its line"
        if node in game.wins:
            return
        assert node not in game.losses, f"{game.names[node]} is lost"
        edges = game.edges.get(node, [])
        if node in game.or_nodes:
            assert len(sub.children) == 1 and set(sub.children) <= set(edges)
        else:
            assert set(sub.children) == set(edges), f"{game.names[node]}: a reply is missing"
        for move, child in sub.children.items():
            check(move, child, path | {node})

    check(game.index["R"], proof, frozenset())


def check_defender_strategy(game: GraphGame, disproof: ProofNode) -> int:
    """Assert that `disproof` keeps the attacker from winning from R: every edge at an attacker
    node, one at a defender node, and every line ending at a lost leaf or at a node already on
    that line (found from the line itself, never from the tree). Returns the repetition leaves."""

    def check(node: int, sub: ProofNode, path: tuple[int, ...]) -> int:
        if node in path:
            return 1
        assert node not in game.wins, f"{game.names[node]} is won"
        if node in game.losses:
            return 0
        edges = game.edges.get(node, [])
        assert sub.children, f"{game.names[node]}: the line ends, but neither lost nor repeated"
        if node in game.or_nodes:
            assert set(sub.children) == set(edges), f"{game.names[node]}: a move is missing"
        else:
            assert len(sub.children) == 1 and set(sub.children) <= set(edges)
        return sum(check(move, child, (*path, node)) for move, child in sub.children.items())

    return check(game.index["R"], disproof, ())


def search_random_graphs(
    seeds: int, capacities: tuple[int, ...], **options: bool
) -> tuple[int, int, int]:
    """df-pn on `seeds` random cyclic graphs at each table capacity (with `options`), checking
    every result against brute force under the first-repetition rule and every proof for
    cycles: (runs solved, runs, runs whose root proof could not be read out at first)."""
    solved = runs = failed_read_outs = 0
    for seed in range(seeds):
        size = random.Random(seed).randint(6, 16)
        for capacity in capacities:
            game = random_cyclic_graph(random.Random(seed), size)
            truth = first_repetition_value(game)
            search = DfpnSearch(game, Limits(max_nodes=capacity), **options)
            outcome = search.run()
            runs += 1
            failed_read_outs += search.read_outs_failed
            if outcome.result is Result.PROVED:
                assert truth, (seed, capacity)
                check_cycle_free_proof(game, search.proof())
                solved += 1
            elif outcome.result is Result.DISPROVED:
                assert not truth, (seed, capacity)
                solved += 1
    return solved, runs, failed_read_outs
