"""Built-in suites, EPD and PGN loading."""

import pytest

from pn_explorer.core.errors import InvalidEpdError, UnknownPositionIdError, UnknownSuiteError
from pn_explorer.core.games.suites import find_position, load_suite
from pn_explorer.core.inputs.positions import load_pgn_positions


def test_the_82_wac_mates_ship_with_key_moves_and_mate_lengths():
    positions = load_suite("wac-mates")
    assert len(positions) == 82
    assert all(p.best_moves and p.mate_length for p in positions)
    assert find_position(positions, "r14").id == "WAC.014"
    assert find_position(positions, "wac.014").best_moves == ("Qxh7+",)


def test_paper_figures_suite():
    ids = [p.id for p in load_suite("paper-figures")]
    assert ids == ["WAC.014", "WAC.213"]


def test_unknown_names_and_ids():
    with pytest.raises(UnknownSuiteError):
        load_suite("no-such-suite")
    with pytest.raises(UnknownPositionIdError):
        find_position(load_suite("paper-figures"), "WAC.001")


def test_bad_epd_names_the_line(tmp_path):
    path = tmp_path / "bad.epd"
    path.write_text('# comment\n6k1/8/8/8/8/8/8/K7 w - - id "ok";\nnonsense here\n')
    with pytest.raises(InvalidEpdError, match="line 3"):
        load_suite(path)


def test_pgn_gives_the_final_positions(tmp_path):
    path = tmp_path / "games.pgn"
    path.write_text(
        '[White "A"]\n[Black "B"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 *\n\n'
        '[Event "Second"]\n\n1. d4 *\n'
    )
    positions = load_pgn_positions(path)
    assert [p.id for p in positions] == ["A – B", "Second"]
    assert positions[0].board.fen().startswith("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3")


def test_bad_pgn(tmp_path):
    path = tmp_path / "bad.pgn"
    path.write_text("1. e4 e5 2. Kxe8 *\n")
    with pytest.raises(InvalidEpdError):
        load_pgn_positions(path)
