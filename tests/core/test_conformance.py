"""Every registered search on every game it supports: a proof the verifier accepts, a disproof,
stepping to the end, explaining, and the registry's refusals (`tests/conformance.py`)."""

import pytest
from conformance import GAMES, check_search

from pn_explorer.core.games.registry import GAME_KINDS
from pn_explorer.core.search.registry import entries


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("search", entries(), ids=lambda search: search.name)
def test_a_registered_search_conforms_on_every_game(search, game):
    check_search(search, GAMES[game])


def test_every_registered_game_kind_declares_a_proved_and_a_disproved_example():
    """So the test above checks a new game kind the day it is registered."""
    for name, kind in GAME_KINDS.items():
        assert kind.example.text and kind.disproved_example.text, name
        assert name in GAMES
