"""The fuzz harness's claim checks (`tests/fuzz_claims.py`) catch false statements: each is fed
a true output and the same output made false, so "0 false claims" from a campaign means the
checks looked and found none."""

from __future__ import annotations

import json

from fuzz_claims import Known, false_claim, tree_value

BACK_RANK = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"
OTHER_MATES = "k7/8/1K6/8/8/8/8/7R b - - 0 1"
"""Black to move; White (the side not to move) mates in 1: 1... Kb8 2. Rh8#."""


def _row(**changes) -> str:
    row = {
        "fen": OTHER_MATES,
        "result": "proved",
        "verified": True,
        "mate_in": 1,
        "main_line": ["Kb8", "Rh8#"],
        "game": "chess",
    }
    return json.dumps({**row, **changes})


def test_a_json_mate_is_checked_for_replay_side_and_length(tmp_path):
    known = Known(other=True)
    assert false_claim(known, _row(), tmp_path) == ("", 1)
    assert "not verified" in false_claim(known, _row(verified=False), tmp_path)[0]
    assert "does not replay" in false_claim(known, _row(main_line=["Kb8"]), tmp_path)[0]
    assert "not the attacker" in false_claim(Known(other=False), _row(), tmp_path)[0]
    mate_in_one = _row(fen=BACK_RANK, main_line=["Ra8#"], mate_in=1)
    assert false_claim(Known(other=False), mate_in_one, tmp_path)[0] == ""
    longer = _row(fen="7k/8/6K1/8/8/8/8/1R6 w - - 0 1", main_line=["Rb8#"], mate_in=1)
    assert false_claim(Known(other=False), longer, tmp_path)[0] == ""


def test_a_text_mate_and_no_mate_are_brute_forced(tmp_path):
    known = Known(fen=OTHER_MATES, other=True)
    text = "Result     proved: mate in 1 (verified)\nMain line  1... Kb8 2. Rh8#\n"
    assert false_claim(known, text, tmp_path) == ("", 1)
    assert false_claim(known, "Unknown: no mate in 1 or fewer", tmp_path)[0]
    assert false_claim(Known(fen=OTHER_MATES, other=False), "no mate in 1 or fewer", tmp_path) == (
        "",
        1,
    )
    assert false_claim(known, "mate in 1 is the shortest (nothing is shorter)", tmp_path) == (
        "",
        1,
    )
    assert false_claim(Known(fen=BACK_RANK, other=True), "mate in 1 is the shortest", tmp_path)[0]


def test_a_pgn_result_tag_must_name_the_mating_side(tmp_path):
    pgn = '[FEN "{fen}"]\n[SetUp "1"]\n[Result "{tag}"]\n\n1... Kb8 2. Rh8# {tag}\n'
    known = Known(fen=OTHER_MATES, other=True, files=["out.pgn"])
    (tmp_path / "out.pgn").write_text(pgn.format(fen=OTHER_MATES, tag="1-0"))
    assert false_claim(known, "", tmp_path)[0] == ""
    (tmp_path / "out.pgn").write_text(pgn.format(fen=OTHER_MATES, tag="0-1"))
    assert "Result 0-1" in false_claim(known, "", tmp_path)[0]


def test_a_suites_counts_must_be_its_rows(tmp_path):
    rows = [json.loads(_row(id="a")), {"id": "b", "result": "disproved", "verified": None}]
    summary = {"positions": 2, "solved": 2, "proved": 1, "disproved": 1}
    known = Known(files=["rows.json"])
    (tmp_path / "rows.json").write_text(json.dumps({"summary": summary, "rows": rows}))
    assert false_claim(known, "", tmp_path) == ("", 1)
    summary["proved"] = 2
    (tmp_path / "rows.json").write_text(json.dumps({"summary": summary, "rows": rows}))
    assert "does not count" in false_claim(known, "", tmp_path)[0]


def test_a_board_game_verdict_is_held_against_negamax(tmp_path):
    empty = Known(board_game=(3, 3, 3, False, 0, "draw", []))
    assert false_claim(empty, '{"verdict": "X can at least draw"}', tmp_path) == ("", 1)
    assert false_claim(empty, '{"verdict": "X cannot avoid losing"}', tmp_path)[0]
    assert (
        "O attacks"
        in false_claim(
            Known(board_game=(3, 3, 3, False, 1, "win", [])), "X can force a win", tmp_path
        )[0]
    )
    corner = Known(board_game=(3, 3, 3, False, 0, "win", [(1, 1), (0, 1)]))
    assert false_claim(corner, "Result     proved: X can force a win", tmp_path) == ("", 1)


def test_a_tree_verdict_is_the_files_value(tmp_path):
    data = {
        "nodes": [{"id": "r", "type": "AND"}, {"id": "a", "value": "true"}, {"id": "b"}],
        "edges": [{"source": "r", "target": "a"}, {"source": "r", "target": "b"}],
    }
    data["nodes"][2]["value"] = "false"
    assert tree_value(data) is False
    known = Known(tree=data)
    assert false_claim(known, '{"result": "disproved"}', tmp_path) == ("", 1)
    assert false_claim(known, "Result     proved\n", tmp_path)[0]
