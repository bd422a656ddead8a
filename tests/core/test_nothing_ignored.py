"""Input that is accepted is honoured, and input that cannot be is refused in one line: exports
written for every game, options that do not apply refused, a setting given twice refused, and
one rule for the digits of every number read."""

from __future__ import annotations

import json

import pytest

from pn_explorer.core.cli.main import main
from pn_explorer.core.cli.output import EXIT_DISPROVED, EXIT_PROVED, EXIT_USER_ERROR
from pn_explorer.core.games.explicit_tree import AndOrTree
from pn_explorer.core.inputs.numbers import DIGITS, is_whole


@pytest.mark.parametrize(
    ("args", "status"),
    [
        (["--game", "tic-tac-toe(goal=draw)"], EXIT_PROVED),
        (["--game", "openspiel:tic_tac_toe(moves=4)"], EXIT_DISPROVED),
        (["--tree", "small-proof"], EXIT_PROVED),
    ],
)
def test_export_tree_is_written_for_every_game(capsys, tmp_path, args, status):
    """`--export-tree` on a board game or a tree file writes the tree, which opens again as a
    tree file with the search's numbers; it used to print the result and write nothing."""
    path = tmp_path / "tree.json"
    assert main(["solve", *args, "--quiet", "--export-tree", str(path)]) == status
    assert "Exported" in capsys.readouterr().err
    tree = AndOrTree.from_file(path)
    assert len(tree.nodes) > 1 and tree.nodes[0].expected is not None
    data = json.loads(path.read_text(encoding="utf-8"))
    assert all(node.get("label") for node in data["nodes"])


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--game", "tic-tac-toe", "--attacker", "other"], "player"),
        (["--tree", "small-proof", "--attacker", "other"], "root's type"),
        (["--game", "mnk(m=3,m=4)"], "m is given twice"),
        (["--game", "openspiel:hex(board_size=3,board_size=4)"], "board_size is given twice"),
        (["--game", "mnk(m=٣,n=3,k=3)"], "digits 0-9"),
        (["--game", "mnk(m=３)"], "digits 0-9"),
        (["--game", "tic-tac-toe", "--time", "٣"], DIGITS),
        (["--game", "tic-tac-toe", "--max-nodes", "３"], DIGITS),
    ],
)
def test_what_cannot_be_honoured_is_refused_in_one_line(capsys, args, words):
    try:
        status = main(["solve", *args, "--quiet"])
    except SystemExit as error:  # argparse's own exit, for an option's value
        status = error.code
    assert status == EXIT_USER_ERROR
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and words in err[0], err


def test_one_rule_for_digits():
    assert is_whole("12") and not is_whole("٣") and not is_whole("３") and not is_whole("-1")


def test_a_folder_is_not_an_epd_file(capsys, tmp_path):
    assert main(["solve", "--epd", str(tmp_path), "--id", "1", "--quiet"]) == EXIT_USER_ERROR
    assert "it is a folder, not an EPD file" in capsys.readouterr().err


def test_move_names_with_commas_are_given_as_written(capsys):
    """OpenSpiel names some moves with commas (`x(1,1)`, `P1(h,0,0)`): a comma inside brackets
    belongs to the name, so `moves=` takes them as written."""
    spec = "openspiel:dots_and_boxes(num_rows=1,num_cols=2,moves=P1(h,0,0).P2(h,0,1))"
    assert main(["solve", "--game", spec, "--quiet"]) == EXIT_DISPROVED
    assert main(["solve", "--game", "openspiel:tic_tac_toe(moves=x(1,1))", "--quiet"]) == (
        EXIT_DISPROVED
    )


@pytest.mark.parametrize(
    "spec",
    [
        "openspiel:" + "a" * 900,
        "openspiel:tic_tac_toe(" + ",".join(f"x{i}=1" for i in range(150)) + ")",
        "mnk(" + "m" * 900 + ")",
    ],
)
def test_a_message_quotes_at_most_the_part_that_is_wrong(capsys, spec):
    assert main(["solve", "--game", spec, "--quiet"]) == EXIT_USER_ERROR
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and len(err[0]) <= 240, err


def test_every_search_says_a_finished_board_in_the_games_words():
    """A root the rules already decided is said in the game's words by every search: a line made
    on an m,n,k board, never chess's "checkmate"."""
    from pn_explorer.core.games.game_specs import parse_game_spec
    from pn_explorer.core.search import registry
    from pn_explorer.core.search.types import Limits

    for name in registry.names():
        game = parse_game_spec("tic-tac-toe(moves=a1.b1.a2.b2.a3)").game()
        if registry.refusal(name, game) is not None:
            continue  # a chess-only search
        outcome = registry.build(name, game, Limits(max_nodes=1_000), {}).run()
        assert outcome.detail == "a line of k stones", (name, outcome)
