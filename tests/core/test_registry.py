"""The algorithm registry and the parameter declarations: one rule for which search runs on which
game (the command line and the window give the same sentence), one check per parameter, and the
command line's options made from the declarations."""

import pickle
from dataclasses import replace

import pytest

from pn_explorer.app.problems.search_setup import SearchParams, build_search
from pn_explorer.app.problems.sources import TREE, TREE_FILES, Source, load
from pn_explorer.core.cli.main import build_parser, main
from pn_explorer.core.errors import InvalidLimitError
from pn_explorer.core.games.explicit_tree import ExplicitTreeGame
from pn_explorer.core.games.tree_catalog import load_tree
from pn_explorer.core.search.algorithms import AlgorithmSpec, create_search, create_stepper
from pn_explorer.core.search.capabilities import Capabilities
from pn_explorer.core.search.defaults import (
    AB,
    ABTT,
    DAGPN,
    DFPN,
    DFPN_NATIVE,
    PN,
    PN2,
    POWER,
    SQUARE,
)
from pn_explorer.core.search.parameters import PARAMETERS, Kind
from pn_explorer.core.search.registry import (
    build,
    entries,
    entry,
    memory_alternative,
    names,
    refusal,
    register,
    unregister,
)
from pn_explorer.core.search.types import Limits


def test_every_entry_declares_its_parameters_and_a_cap_and_the_names_are_unique():
    """The built-in searches are registered (others may be beside them: no list is pinned)."""
    assert {PN, PN2, AB, DAGPN, DFPN, DFPN_NATIVE, ABTT} <= set(names())
    assert len(set(names())) == len(names())
    for search in entries():
        assert search.cap > 0 and search.title and search.short_title
        assert all(name in PARAMETERS for name in search.parameters)
        with pytest.raises(ValueError, match="registered already"):
            register(search)
    assert names(steppable=True) == tuple(e.name for e in entries() if e.step is not None)
    assert {PN, PN2, DAGPN, DFPN} <= set(names(steppable=True))
    assert {PN, PN2, AB} <= set(names(thesis=True))


def test_a_search_is_named_after_the_entry_that_built_it():
    """A factory may build another entry's class: the search carries its own entry's name, and
    with it that entry's capabilities, not those of the class's usual entry."""
    probe = replace(entry(PN), name="pn-probe", capabilities=Capabilities(thesis=False))
    register(probe)
    try:
        game = ExplicitTreeGame(load_tree("small-proof"))
        for stepped in (False, True):
            search = build("pn-probe", game, Limits(max_nodes=1_000), {}, stepped=stepped)
            assert search.algorithm == "pn-probe"
            assert search.capabilities == probe.capabilities
            assert not search.capabilities.thesis and entry(PN).capabilities.thesis
    finally:
        unregister("pn-probe")


@pytest.mark.parametrize(
    "values, message",
    [
        ({"a": 0}, "a must be a positive number, not 0"),
        ({"b": float("inf")}, "b must be a positive number, not inf"),
        ({"a": True}, "a must be a number, not 'True'"),
        ({"fraction": "two"}, "fraction must be 'logistic' or 'one', not 'two'"),
        ({"initialisation": "zero"}, "initialisation must be 'mobility' or 'unit', not 'zero'"),
        ({"depth": 0}, "depth must be a positive whole number, not 0"),
        ({"threat_depth": -1}, "threat_depth must be a whole number of at least 0, not -1"),
        ({"refutation": "yes"}, "refutation must be true or false, not 'yes'"),
        ({"colour": "red"}, "unknown search parameter 'colour'"),
    ],
)
def test_a_value_is_checked_by_its_declaration_wherever_it_is_given(values, message):
    with pytest.raises(InvalidLimitError, match=message):
        AlgorithmSpec(PN2, **values)


def test_a_spec_takes_defaults_pickles_and_gives_a_search_only_its_own_parameters():
    spec = AlgorithmSpec(PN2, a=300, b=100, depth=5)
    assert (spec.a, spec.b, spec.fraction, spec.depth) == (300, 100, "logistic", 5)
    assert spec.values == {"a": 300, "b": 100, "fraction": "logistic"}
    assert pickle.loads(pickle.dumps(spec)) == spec
    assert AlgorithmSpec(PN, a=5) == AlgorithmSpec(PN)
    with pytest.raises(InvalidLimitError, match="unknown algorithm 'pn3'"):
        AlgorithmSpec("pn3")
    with pytest.raises(InvalidLimitError, match="αβ mate search cannot be stepped"):
        create_stepper(AlgorithmSpec(AB), ExplicitTreeGame(load_tree("small-proof")), Limits())


def test_one_rule_refuses_a_search_on_a_game_in_the_same_words_everywhere(capsys):
    tree = ExplicitTreeGame(load_tree("small-proof"))
    why = refusal(AB, tree, {"ordering": POWER})
    assert why == (
        "αβ mate search's ordering 'power' needs a game with pieces of different power "
        "(a chess position): choose another ordering"
    )
    assert refusal(AB, tree) is None  # left at its default, the order is the square one here
    assert refusal(AB, tree, {"ordering": SQUARE}) is None
    assert all(refusal(name, tree) is None for name in names(steppable=True))
    with pytest.raises(InvalidLimitError, match="choose another ordering"):
        create_search(AlgorithmSpec(AB, ordering=POWER), tree, Limits())
    assert main(["solve", "--tree", "small-proof", "--algo", AB, "--ordering", POWER]) == 2
    assert why in capsys.readouterr().err
    figure = load(Source(TREE, TREE_FILES["figure-3-1"])).game
    snapshot = refusal(PN2, figure, snapshot=True)
    assert snapshot == (
        "this tree file draws a search in progress, which opens as PN search, not as Pn² search"
    )
    with pytest.raises(InvalidLimitError) as error:
        build_search(figure, SearchParams(PN2))
    assert str(error.value) == snapshot
    assert build_search(figure, SearchParams(PN)).algorithm == PN


@pytest.mark.parametrize("name", names(steppable=True))
def test_every_steppable_search_runs_on_a_tree_file_in_the_window_as_asked(name):
    small = load(Source(TREE, TREE_FILES["small-proof"])).game
    search = build_search(small, SearchParams(name))
    assert search.algorithm == name
    search.run()
    assert search.outcome.result.value == "proved"


def test_the_command_line_has_an_option_for_every_declared_parameter_a_search_takes():
    solve = next(a for a in build_parser()._actions if a.dest == "command").choices["solve"]
    options = {action.dest: action for action in solve._actions}
    for search in entries():
        for name in search.parameters:
            parameter = PARAMETERS[name]
            action = options[parameter.dest]
            assert parameter.flag in action.option_strings
            # A choice that needs a game trait has its default chosen per game (None here).
            by_game = parameter.kind is Kind.CHOICE and bool(parameter.needs)
            assert action.default == (None if by_game else parameter.default)
            assert search.short_title in action.help
            if parameter.kind is Kind.CHOICE:
                assert tuple(action.choices) == parameter.choices


def test_only_a_one_level_tree_search_without_transpositions_is_pointed_to_pn2():
    assert memory_alternative(PN) is entry(PN2)
    assert [memory_alternative(name) for name in (PN2, AB, DAGPN, DFPN)] == [None] * 4
