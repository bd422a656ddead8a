"""Every registered game kind does what the world around the searches asks of it: open its
example, expand the root, label a move, describe the root, write a line, and verify a proof a
search found under its own rules (and reject one that breaks them)."""

from __future__ import annotations

import pytest

from pn_explorer.core.errors import PnExplorerError, VerificationError
from pn_explorer.core.games.registry import (
    GAME_KINDS,
    kind_named,
    kind_of,
    load_problem,
    register,
    source_kind_owner,
    spec_kinds,
)
from pn_explorer.core.proofs.proof import ProofNode
from pn_explorer.core.runs.runner import describe_search
from pn_explorer.core.search.algorithms import AlgorithmSpec, create_search
from pn_explorer.core.search.types import Limits, Result

OPENED = [name for name, kind in GAME_KINDS.items() if kind.sources]
"""The kinds that open sources (every board-game family opens a `game` specification)."""


@pytest.fixture(params=OPENED)
def kind(request):
    return GAME_KINDS[request.param]


def test_every_kind_opens_its_example_and_its_cursor_names_the_kind(kind):
    loaded = load_problem(kind.example)
    game = loaded.game
    assert kind_of(game) is kind and game.kind == kind.name
    assert kind.example.kind in kind.sources
    assert source_kind_owner(kind.example.kind).sources == kind.sources  # shared by the families
    assert loaded.title
    fresh = kind.fresh(game)
    assert fresh is not game and kind.root_text(fresh) == kind.root_text(game)
    assert kind.same_problem(fresh) == kind.same_problem(game)


def test_every_kind_expands_its_root_and_labels_the_moves(kind):
    game = load_problem(kind.example).game
    expansion = game.expand(room=1_000)
    assert expansion is not None and expansion.moves == game.ordered_moves()
    first = expansion.moves[0]
    labels = kind.move_labels(game, [first])
    assert len(labels) == 1 and labels[0]
    assert kind.child_labels(game, [], expansion.moves)[0] == labels[0]
    assert kind.labeller(game, [])(first) == game.move_label(first)
    line = kind.line_text(game, [first])
    assert labels[0] in line
    assert kind.position_text(game, []) == kind.root_text(game) == game.position_label()
    attacker, defender = kind.sides(game)
    assert attacker != defender


def test_every_kind_verifies_a_proof_its_search_found_and_rejects_a_broken_one(kind):
    game = load_problem(kind.example).game
    search = create_search(AlgorithmSpec("pn"), kind.fresh(game), Limits(max_nodes=100_000))
    search.run()
    assert search.outcome.result is Result.PROVED
    proof = search.proof()
    verified = kind.verify(game, proof)
    assert verified.size >= 2
    record = describe_search(game, search, "pn")
    assert record.verified and record.game == kind.name
    assert record.position == kind.root_text(game)
    assert record.main_line == kind.move_labels(game, record.line_moves)
    assert kind.join_line(record.position, record.main_line) == kind.line_text(
        game, record.line_moves
    )
    with pytest.raises(VerificationError):
        kind.verify(game, ProofNode(True))  # the root alone: no win for the attacker there


def test_an_unknown_kind_or_source_is_a_one_line_error():
    with pytest.raises(PnExplorerError, match="no game kind 'go'"):
        kind_named("go")
    with pytest.raises(PnExplorerError, match="no game opens"):
        source_kind_owner("sgf")


def test_the_chess_record_keeps_its_fen_and_a_tree_record_has_none():
    for kind in map(GAME_KINDS.get, OPENED):
        game = load_problem(kind.example).game
        search = create_search(AlgorithmSpec("pn"), kind.fresh(game), Limits(max_nodes=100_000))
        search.run()
        record = describe_search(game, search, "pn")
        expected = record.position if game.capabilities.standard_chess else ""
        assert record.fen == expected and record.to_dict()["fen"] == expected


def test_a_kind_registered_twice_is_refused():
    """A second kind under a taken name raises, as a second search does: none replaces another."""
    for kind in list(GAME_KINDS.values()):
        with pytest.raises(ValueError, match="registered already"):
            register(kind)
    assert list(GAME_KINDS.values()) == [GAME_KINDS[name] for name in GAME_KINDS]
    assert len(spec_kinds()) == len(set(map(id, spec_kinds())))
