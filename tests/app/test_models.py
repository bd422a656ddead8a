"""The app's Qt-free parts: problem sources, search setup, focus, narration and the Pn² curves."""

import math

import chess
import pytest

from pn_explorer.app import focus
from pn_explorer.app.narration.describe import describe_step
from pn_explorer.app.problems.search_setup import PN, PN2, SearchParams, build_search, is_snapshot
from pn_explorer.app.problems.sources import (
    EPD,
    FEN,
    PGN,
    SUITE,
    TREE,
    TREE_FILES,
    Source,
    kind_of_file,
    load,
    positions_of,
)
from pn_explorer.app.progress.curves import curve_point, curve_points, short_count
from pn_explorer.app.progress.memory_gauge import FULL, OK, WARN, MemoryState, format_bytes
from pn_explorer.core.errors import (
    InvalidEpdError,
    InvalidLimitError,
    InvalidPositionError,
    PnExplorerError,
    TreeFileError,
    UnknownPositionIdError,
)
from pn_explorer.core.search.defaults import (
    DEFAULT_A,
    DFPN_THREAT_DEPTH,
    DFPN_THREAT_DIVISOR,
    LOGISTIC,
    ONE,
)
from pn_explorer.core.search.pn2 import second_level_budget, second_level_fraction
from pn_explorer.core.search.types import Phase
from pn_explorer.core.tree import BYTES_PER_NODE

WAC_001 = "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1"


# -- sources ------------------------------------------------------------------------------------


def test_fen_source_loads_and_bad_fen_raises():
    problem = load(Source(FEN, WAC_001))
    assert problem.kind.name == "chess" and problem.game.root_board.fen() == WAC_001
    with pytest.raises(InvalidPositionError):
        load(Source(FEN, "not a fen"))


def test_suite_position_by_id_and_unknown_id():
    problem = load(Source(SUITE, "wac-mates", "WAC.001"))
    assert problem.title == "WAC.001 (mate in 2)"
    assert problem.game.root_board.fen() == WAC_001
    assert len(positions_of(Source(SUITE, "wac-mates"))) == 82
    with pytest.raises(UnknownPositionIdError):
        load(Source(SUITE, "wac-mates", "WAC.999"))


def test_epd_and_pgn_files(tmp_path):
    epd = tmp_path / "two.epd"
    epd.write_text(f'{WAC_001[:-4]} id "one";\n7k/8/5K2/8/8/8/8/6Q1 w - - id "two";\n')
    assert load(Source(EPD, str(epd), "two")).game.root_board.fen().startswith("7k/8/5K2")
    pgn = tmp_path / "games.pgn"
    pgn.write_text(
        '[White "X"]\n[Black "Y"]\n\n1. e4 e5 2. Qh5 Nc6 *\n\n'
        '[White "P"]\n[Black "Q"]\n\n1. d4 d5 *\n'
    )
    second = load(Source(PGN, str(pgn), "2"))
    board = chess.Board()
    for san in ("d4", "d5"):
        board.push_san(san)
    assert second.game.root_board.fen() == board.fen()
    assert load(Source(PGN, str(pgn))).source.item == "1"
    with pytest.raises(UnknownPositionIdError):
        load(Source(PGN, str(pgn), "3"))
    bad = tmp_path / "bad.epd"
    bad.write_text("this is not epd\n")
    with pytest.raises(InvalidEpdError):
        load(Source(EPD, str(bad)))
    with pytest.raises(PnExplorerError):
        load(Source(EPD, str(tmp_path / "missing.epd")))


def test_tree_files_and_kinds(tmp_path):
    figure = load(Source(TREE, TREE_FILES["figure-3-1"]))
    assert figure.kind.name == "tree" and is_snapshot(figure.game.tree)
    assert not is_snapshot(load(Source(TREE, TREE_FILES["small-proof"])).game.tree)
    broken = tmp_path / "broken.json"
    broken.write_text("{ not json")
    with pytest.raises(TreeFileError):
        load(Source(TREE, str(broken)))
    assert [kind_of_file(name) for name in ("a.pgn", "b.JSON", "c.epd", "d.txt")] == [
        PGN,
        TREE,
        EPD,
        EPD,
    ]


# -- search setup --------------------------------------------------------------------------------


def test_params_validate_and_switch_default_caps():
    with pytest.raises(InvalidLimitError):
        SearchParams(PN, 0).validate()
    with pytest.raises(InvalidLimitError):
        SearchParams(PN2, 1000, a=-1).validate()
    with pytest.raises(InvalidLimitError, match="free memory"):
        SearchParams(PN, 10**15).validate()
    assert SearchParams().with_algo(PN2).max_nodes == 300_000
    assert SearchParams(PN, 5000).with_algo(PN2).max_nodes == 5000


def test_params_hold_any_parameter_of_the_registrys_schema():
    """A parameter the window has no field for (df-pn's threat depth) reaches the search built;
    a default given or left out is the same setting; a name outside the schema is refused."""
    game = load(Source(FEN, WAC_001)).game
    params = SearchParams("dfpn", 5000, threat_depth=2, threat_divisor=DFPN_THREAT_DIVISOR)
    assert params == SearchParams("dfpn", 5000, threat_depth=2)
    assert params.value("threat_depth") == 2 and params.value("a") == DEFAULT_A
    search = build_search(game, params)
    assert search.threat_depth == 2 and search.threat_divisor == DFPN_THREAT_DIVISOR
    assert build_search(game, SearchParams("dfpn", 5000)).threat_depth == DFPN_THREAT_DEPTH != 2
    assert params.with_algo(PN).value("threat_depth") == 2
    with pytest.raises(TypeError, match="no search parameter is named 'depthh'"):
        SearchParams(PN, depthh=3)


def test_figure_3_1_opens_as_the_figure_shows_it():
    search = build_search(load(Source(TREE, TREE_FILES["figure-3-1"])).game, SearchParams())
    level, node = focus.most_proving_node(search)
    assert (level, node) == (focus.FIRST_LEVEL, search.tree.most_proving_path()[-1])
    names = [search.game.node_name(code) for code in search.tree.moves_to(node)]
    assert names == ["C", "G", "L"]
    assert search.root_numbers == (1, 3)


def test_each_search_gets_its_own_game_cursor():
    problem = load(Source(FEN, WAC_001))
    first = build_search(problem.game, SearchParams())
    second = build_search(problem.game, SearchParams())
    assert first.game is not second.game and first.game is not problem.game


# -- focus ---------------------------------------------------------------------------------------


def test_focus_follows_the_most_proving_node_through_every_phase():
    search = build_search(load(Source(FEN, WAC_001)).game, SearchParams())
    selected = 0
    for _ in range(30):
        report = search.step_phase()
        level, node = focus.most_proving_node(search)
        assert level == focus.FIRST_LEVEL
        if search.outcome is not None:
            break
        if report.path:
            selected = report.path[-1]
            assert node == selected
        if search.next_phase is Phase.UPDATE:
            # between expand and update: the node just expanded, or (when its update will change
            # nothing) the walk goes on below it exactly as the next select will
            assert selected in search.tree.path_to(node)
            assert focus.update_pending(search, level, node) or node != selected
            assert search.update_pending and search.selected_node == selected
        else:
            assert node == search.tree.most_proving_path()[-1]
        view = focus.position_view(search, search.game, level, node, "")
        moves = search.tree.moves_to(node)
        assert view.fen == search.game.board_after(moves).fen()
        assert (view.lastmove is None) == (not moves)


def test_pn2_focus_is_in_the_second_level_while_it_runs():
    problem = load(Source(SUITE, "paper-figures", "WAC.014"))
    search = build_search(problem.game, SearchParams(PN2, 5000, a=300, b=100))
    for _ in range(24):
        search.step_iteration()
    search.step_into()  # select
    search.step_into()  # start the second level, its first select
    for _ in range(4):
        search.step_into()
    assert search.second_level is not None
    level, node = focus.most_proving_node(search)
    assert level == focus.SECOND_LEVEL
    inner = search.second_level
    assert node == inner.tree.most_proving_path()[-1]
    moves = focus.moves_to(search, level, node)
    anchor = search.second_level_root
    assert moves == search.tree.moves_to(anchor) + inner.tree.moves_to(node)
    view = focus.position_view(search, search.game, level, node, "")
    assert view.fen == search.game.board_after(moves).fen()


def test_narration_names_the_phases():
    search = build_search(load(Source(TREE, TREE_FILES["figure-3-1"])).game, SearchParams())
    text = describe_step(search, search.step_phase())
    assert text.startswith("Select") and "C → G → L" in text
    text = describe_step(search, search.step_phase())
    assert "edge of the tree file" in text


# -- curves and gauge arithmetic -----------------------------------------------------------------


def test_the_curves_are_drawn_from_the_engines_fraction_and_budget():
    a, b, cap = 200_000, 40_000, 300_000
    for kind in (LOGISTIC, ONE):
        points = curve_points(a, b, cap, kind, samples=60)
        assert [point.x for point in points] == [cap * i // 60 for i in range(61)]
        for point in points:
            assert point.fraction == second_level_fraction(point.x, a, b, kind)
            assert point.wanted == point.x * point.fraction
            assert point.used == second_level_budget(point.x, cap, a, b, kind)


def test_curve_points_by_hand():
    assert curve_point(600_000, 600_000, 80_000, 1_000_000).fraction == pytest.approx(0.5)
    assert curve_point(680_000, 600_000, 80_000, 1_000_000).fraction == pytest.approx(
        1 / (1 + math.exp(-1))
    )
    assert curve_point(0, 600_000, 1, 300_000).fraction == 0.0  # exp would overflow: f is 0 there
    assert curve_point(5, 600_000, 80_000, 300_000, ONE).fraction == 1.0
    assert curve_point(200, 200, 60, 300_000).wanted == pytest.approx(100)
    assert curve_point(225_000, 1, 1, 300_000, ONE).used == 75_000
    assert curve_point(300_000, 1, 1, 300_000, ONE).used == 1  # N − x = 0: the root alone


def test_gauge_levels_and_bytes():
    assert MemoryState(100, 0, 1000, 100).level == OK
    assert MemoryState(850, 60, 1000, 910).level == WARN
    assert MemoryState(1000, 0, 1000, 1000).level == FULL
    assert MemoryState(1_500_000, 0, None, 0).estimated_bytes == 1_500_000 * BYTES_PER_NODE
    assert format_bytes(45 * (1 << 20)) == "≈ 45 MB"
    assert short_count(300_000) == "300K" and short_count(1_500_000) == "1.5M"
    assert short_count(2_500) == "2.5K" and short_count(1_250) == "1.25K"
