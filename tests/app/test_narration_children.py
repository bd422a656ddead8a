"""The expand phase in the narration, on screen (on a stage with the session's driver): it names
the engine's own new children with their numbers and says why a fresh node starts as it does;
unit initialisation chosen in the set-up dialog reaches the engine and the words."""

from stage import Stage

from pn_explorer.app.menus.setup_dialog import SetupDialog
from pn_explorer.app.narration.view import NarrationView
from pn_explorer.app.problems.search_setup import PN2, SearchParams
from pn_explorer.app.problems.sources import SUITE, TREE, TREE_FILES, Source
from pn_explorer.core.games.chess_game import decode_move
from pn_explorer.core.search.defaults import UNIT
from pn_explorer.core.search.types import ITERATION, PHASE
from pn_explorer.core.values import format_number

WAC_001 = Source(SUITE, "wac-mates", "WAC.001")


def make_stage(qtbot, source=WAC_001, params=None):
    """`source` open on a stage whose centre is the narration (`stage.narration`)."""
    stage = Stage()
    qtbot.addWidget(stage)
    stage.narration = NarrationView(stage.session.driver)
    stage.setCentralWidget(stage.narration)
    stage.open(source, params or SearchParams())
    stage.resize(900, 300)
    stage.show()
    qtbot.waitExposed(stage)
    return stage


def expand_report(qtbot, stage):
    """Step select, then expand; the expand step's report as the driver emitted it."""
    reports = []
    driver = stage.session.driver
    driver.stepped.connect(reports.append)
    driver.step(PHASE)
    qtbot.waitUntil(lambda: len(reports) == 1)
    driver.step(PHASE)
    qtbot.waitUntil(lambda: len(reports) == 2)
    return reports[-1]


def san(search, node: int) -> str:
    board = search.game.root_board.copy()
    moves = search.tree.moves_to(node)
    for code in moves[:-1]:
        board.push(decode_move(code))
    return board.san(decode_move(moves[-1]))


def test_the_narration_names_the_new_children_with_their_numbers(qtbot):
    stage = make_stage(qtbot)
    report = expand_report(qtbot, stage)
    search = stage.session.search
    text = stage.narration.text()
    assert stage.narration.isVisible()
    assert len(report.new_children) == 59 and "59 children generated" in text
    # The root is an OR node: the search turns next to the smallest proof numbers (ties in move
    # order), and the narration names them in that order, as the tree view shows them.
    by_proof = sorted(report.new_children, key=lambda entry: (entry[1], entry[0]))
    named = by_proof[:5]
    for child, proof, disproof in named:
        assert search.tree.numbers(child) == (proof, disproof)
        assert f"{san(search, child)} {format_number(proof)}/{format_number(disproof)}" in text
    listed = text.split("… and 54 more")[0]
    positions = [listed.index(san(search, child) + " ") for child, _, _ in named]
    assert positions == sorted(positions)
    assert san(search, by_proof[5][0]) + " " not in listed
    first, proof, disproof = next(entry for entry in named if entry[1] > 1)
    after = search.game.root_board.copy()
    after.push(decode_move(search.tree.move[first]))
    replies = after.legal_moves.count()
    assert (proof, disproof) == (replies, 1)
    assert (
        f"Why {replies}/1: Black has {replies} replies after {san(search, first)}, so proof "
        f"number {replies} (all must be refuted), disproof number 1 (mobility initialisation, "
        "§3.3.1)." in text
    )


def test_unit_initialisation_chosen_in_the_setup_dialog_reaches_the_engine(qtbot, dialogs):
    stage = make_stage(qtbot)
    session = stage.session
    dialog = SetupDialog(session.problem.source, session.params, session.open_source, stage)
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.init_combo.isEnabled()
    dialog.init_combo.setCurrentIndex(dialog.init_combo.findData(UNIT))
    dialog.accept()
    assert not dialogs and not stage.errors
    assert session.search.initialisation == UNIT and session.params.value("initialisation") == UNIT
    assert "init unit" in session.params.describe()
    report = expand_report(qtbot, stage)
    assert {(p, d) for _, p, d in report.new_children} == {(1, 1)}
    assert (
        "Unit initialisation: every new unsolved node starts at 1/1, whatever its mobility"
        in stage.narration.text()
    )
    dialog.algo_radios[PN2].setChecked(True)
    assert not dialog.init_combo.isEnabled()


def test_tree_file_children_are_named_with_their_values(qtbot):
    stage = make_stage(qtbot, Source(TREE, TREE_FILES["small-proof"]))
    report = expand_report(qtbot, stage)
    search = stage.session.search
    text = stage.narration.text()
    names = [search.game.node_name(search.tree.move[child]) for child, _, _ in report.new_children]
    for name, (_, proof, disproof) in zip(names, report.new_children, strict=True):
        assert f"{name} {format_number(proof)}/{format_number(disproof)}" in text
    assert "children in the file, so proof number 2 (all must be proved)" in text


def test_pn2_first_level_children_say_where_their_numbers_come_from(qtbot):
    stage = make_stage(qtbot, params=SearchParams(PN2, 5_000, a=300.0, b=100.0))
    driver = stage.session.driver
    driver.step(ITERATION)
    qtbot.waitUntil(lambda: not driver.busy)
    assert driver.search.iterations == 1
    assert "Their numbers are what the second-level search found" in stage.narration.text()
