"""`pn-explorer solve --tree` with a generated tree and a lesson tree; bad specs exit 2."""

import json

from deep_trees import chain, write

from pn_explorer.core.cli.main import main
from pn_explorer.core.cli.output import EXIT_UNKNOWN, EXIT_USER_ERROR, outcome_status
from pn_explorer.core.games.tree_catalog import tree_points

SPEC = "random:depth=5,branching=2-4,true=0.3,seed=7"


def test_solve_a_generated_tree_twice_gives_the_same_search(capsys):
    runs = []
    for _ in range(2):
        status = main(["solve", "--tree", SPEC, "--json"])
        data = json.loads(capsys.readouterr().out)
        assert status == outcome_status(data["result"])
        runs.append((data["tree"], data["result"], data["nodes_created"], data["iterations"]))
    assert runs[0] == runs[1]
    assert runs[0][0] == "random:depth=5,branching=2-4,true=0.3,false=0.7,root=or,seed=7"
    assert runs[0][1] in ("proved", "disproved")


def test_solve_a_lesson_tree(capsys):
    assert main(["solve", "--tree", "lesson-deep-narrow"]) == 0
    out = capsys.readouterr().out
    assert "A → N1 → N2 → N3 → N4 → N5 → N6" in out
    assert "deep narrow" in tree_points()["lesson-deep-narrow"]


def test_a_bad_spec_is_one_line_and_exit_2(capsys):
    assert main(["solve", "--tree", "random:depth=3,shape=round"]) == EXIT_USER_ERROR
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0
    assert "unknown key 'shape'" in err


def test_a_number_python_cannot_read_is_one_line_and_exit_2(tmp_path, capsys):
    path = tmp_path / "huge.json"
    path.write_text('{"nodes": [{"id": ' + "7" * 5_000 + '}], "edges": []}', encoding="utf-8")
    assert main(["solve", "--tree", str(path)]) == EXIT_USER_ERROR
    err = capsys.readouterr().err.strip()
    assert err == (
        "pn-explorer solve: error: huge.json: a number of 5,000 digits (line 1); at most 4,300 "
        "digits are read"
    )


def test_a_deep_main_line_is_elided_in_text_and_whole_in_json(tmp_path, capsys):
    path = write(chain(5_000), tmp_path / "deep.json")
    assert main(["solve", "--tree", str(path)]) == 0
    out = capsys.readouterr().out
    proof = next(line for line in out.splitlines() if line.startswith("Proof"))
    assert "main line n0 → n1 → " in proof and "n11 → … 4,977 more … → n4989 → " in proof
    assert proof.endswith("n4999 → n5000") and len(proof) < 300
    assert main(["solve", "--tree", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["main_line"] == [f"n{i}" for i in range(1, 5_001)]


def test_the_explanation_of_a_deep_tree_elides_its_long_lines_in_text_only(tmp_path, capsys):
    path = write(chain(5_000, snapshot=True), tmp_path / "deep.json")
    assert main(["solve", "--tree", str(path), "--explain"]) == EXIT_UNKNOWN
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) < 40 and max(len(line) for line in lines) <= 100
    assert any("lines left out (--json has the text whole)" in line for line in lines)
    assert main(["solve", "--tree", str(path), "--explain", "--json"]) == EXIT_UNKNOWN
    deepest = json.loads(capsys.readouterr().out)["explain"]["effort"][0]["deepest_line"]
    assert deepest == " → ".join(f"n{i}" for i in range(5_001))
