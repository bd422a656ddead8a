"""`python -m pn_explorer.core.cli.bench_dag`: PN against DAG PN at one cap, and PN's repeated
positions."""

from pn_explorer.core.cli.bench_dag import main


def test_pn_and_dag_pn_side_by_side_with_the_tree_s_repeats(capsys):
    assert main(["wac-mates", "1", "--max-nodes", "10000"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "WAC.001, node cap 10,000 (nodes in memory)"
    assert lines[2].split()[:3] == ["pn", "4,275", "133"]
    assert lines[3].split()[:3] == ["dagpn", "4,040", "126"]
    assert "mate in 2 (verified)" in lines[2] and "mate in 2 (verified)" in lines[3]
    assert lines[4].startswith("PN's tree: 4,275 nodes, 4,150 distinct by position, 125 repeat")
    assert "distinct by position and clock" in lines[5]
    assert lines[6].startswith("DAG PN: 32 links to existing nodes")


def test_bad_input_is_one_line_and_status_2(capsys):
    assert main(["paper-figures", "WAC.999"]) == 2
    assert main(["no-such-suite"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2 and all(line.startswith("pn-explorer: ") for line in err)
