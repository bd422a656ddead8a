"""One vocabulary for a problem: the window and every subcommand take the same options for a
position, a suite, an id, a tree and a game, the older spellings kept as aliases."""

from __future__ import annotations

import argparse

import pytest

from pn_explorer.app.launch import source_from_options
from pn_explorer.app.main import build_parser as build_window_parser
from pn_explorer.app.problems.sources import EPD, SUITE
from pn_explorer.core.cli.main import build_parser, main

FEN = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"
OTHER_FEN = "8/8/8/8/8/8/8/k6K w - - 0 1"


def _options(parser: argparse.ArgumentParser) -> set[str]:
    return {flag for action in parser._actions for flag in action.option_strings}


def _subparsers() -> dict[str, argparse.ArgumentParser]:
    (choices,) = (
        action
        for action in build_parser()._actions
        if isinstance(action, argparse._SubParsersAction)
    )
    return dict(choices.choices)


def test_the_window_and_solve_take_the_same_problem_options():
    problem = {"--fen", "--suite", "--epd", "--id", "--pgn", "--tree", "--game"}
    assert problem <= _options(build_window_parser())
    assert problem <= _options(_subparsers()["solve"])
    for name in ("suite", "compare"):
        assert {"--suite", "--epd", "--id", "--ids", "--game"} <= _options(_subparsers()[name])
    assert "--game" in _options(_subparsers()["bench"])


@pytest.mark.parametrize(
    "args",
    [
        ["solve", "--fen", FEN],
        ["solve", FEN],
        ["solve", FEN, "--fen", FEN],
    ],
)
def test_solve_takes_a_fen_as_option_or_positional(args):
    assert build_parser().parse_args(args).fen == FEN


@pytest.mark.parametrize("option", ["--suite", "--epd"])
def test_solve_takes_a_suite_and_an_id(option):
    args = build_parser().parse_args(["solve", option, "wac-mates", "--id", "14"])
    assert (args.suite, args.id) == ("wac-mates", "14")


@pytest.mark.parametrize("command", ["suite", "compare"])
@pytest.mark.parametrize("given", [["wac-mates"], ["--suite", "wac-mates"], ["--epd", "wac-mates"]])
@pytest.mark.parametrize("ids", ["--ids", "--id"])
def test_suite_and_compare_take_the_suite_as_option_or_positional(command, given, ids):
    args = build_parser().parse_args([command, *given, ids, "1", "14"])
    assert (args.suite, args.ids) == ("wac-mates", ["1", "14"])


def test_two_different_positions_are_refused_in_one_line(capsys):
    with pytest.raises(SystemExit) as stopped:
        main(["solve", FEN, "--fen", OTHER_FEN])
    assert stopped.value.code == 2
    error = capsys.readouterr().err
    assert "given twice" in error and len(error.strip().splitlines()) == 1


def test_solve_fen_option_solves(capsys):
    assert main(["solve", "--fen", FEN, "--quiet"]) == 0
    assert "mate in 1" in capsys.readouterr().out


def test_solve_suite_option_solves(capsys):
    assert main(["solve", "--suite", "wac-mates", "--id", "WAC.004", "--quiet"]) == 0
    assert "proved" in capsys.readouterr().out


@pytest.mark.parametrize(
    "given, kind",
    [
        (["--suite", "wac-mates"], SUITE),
        (["--epd", "wac-mates"], SUITE),
        (["--suite", "some/file.epd"], EPD),
        (["--epd", "some/file.epd"], EPD),
    ],
)
def test_the_window_takes_epd_as_the_suite_option(given, kind):
    options = build_window_parser().parse_args([*given, "--id", "3"])
    source = source_from_options(options)
    assert source is not None and (source.kind, source.text) == (kind, given[1])


def test_the_window_refuses_two_positions():
    with pytest.raises(SystemExit) as stopped:
        build_window_parser().parse_args(["--fen", FEN, "--suite", "wac-mates"])
    assert stopped.value.code == 2
