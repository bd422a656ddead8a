"""Every count option of every command line has an upper bound, stated in its help and checked
where it is parsed: the bound itself is taken, one more is refused in one line with exit status 2,
so no count a user types (`bench --replay --rewinds 1e9`) runs for ever."""

import argparse

import pytest
from command_lines import SUBCOMMAND_ARGS, count_options, every_parser, subparsers

import pn_explorer.app.main
import pn_explorer.core.cli.main
from pn_explorer.core.errors import InvalidLimitError
from pn_explorer.core.inputs.numbers import LARGEST_WHOLE

COUNTS = count_options()


def test_every_subcommand_is_walked_and_no_count_is_a_bare_int():
    assert set(SUBCOMMAND_ARGS) == set(subparsers(pn_explorer.core.cli.main.build_parser()))
    for name, parser, _ in every_parser():
        for action in parser._actions:
            assert action.type is not int, f"{name} {action.dest}: a bare int has no bound"
    assert len(COUNTS) >= 25


@pytest.mark.parametrize(
    "name, parser, needed, action",
    COUNTS,
    ids=[f"{name} {action.dest}" for name, _, _, action in COUNTS],
)
def test_a_count_option_has_a_bound_stated_in_its_help_and_checked_as_parsed(
    name, parser, needed, action, capsys
):
    read = action.type
    assert read.maximum < LARGEST_WHOLE, f"{name} {read.option} has no bound of its own"
    if action.help != argparse.SUPPRESS:
        assert f"{read.minimum:,} to {read.maximum:,}" in action.help
    assert read(str(read.maximum)) == read.maximum
    assert read(f"{read.minimum:,}") == read.minimum
    for beyond in (str(read.maximum + 1), "1e400"):
        with pytest.raises(InvalidLimitError, match=f"at most {read.maximum:,}"):
            read(beyond)
    if not action.option_strings:
        return
    with pytest.raises(SystemExit) as stopped:
        parser.parse_args([*needed, action.option_strings[0], str(read.maximum + 1)])
    assert stopped.value.code == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and f"(at most {read.maximum:,})" in err


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--rewinds", "1e9"], "--rewinds '1e9' is too large (at most 1,000)"),
        (["--replay-iterations", "1e15"], "--replay-iterations '1e15' is too large"),
    ],
)
def test_the_replay_bench_refuses_counts_it_would_run_for_ever_on(argv, message, capsys):
    with pytest.raises(SystemExit) as stopped:
        pn_explorer.core.cli.main.build_parser().parse_args(["bench", "--replay", *argv])
    assert stopped.value.code == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize("value", ["x", "0", "1e400", "-5"])
def test_a_bad_gui_bench_value_is_one_line_not_the_usage_block(value, capsys):
    with pytest.raises(SystemExit) as stopped:
        pn_explorer.app.main.main(["bench", "--gui", "--rounds", value])
    assert stopped.value.code == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "usage:" not in err and "--rounds" in err
