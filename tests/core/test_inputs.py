"""The input layer (core/inputs): each bad input is a typed one-line error."""

import json
import os
import re

import chess
import pytest

from pn_explorer.core.cli.bench import measure_memory
from pn_explorer.core.cli.main import main
from pn_explorer.core.cli.output import EXIT_DISPROVED
from pn_explorer.core.errors import (
    InvalidEpdError,
    InvalidLimitError,
    InvalidPositionError,
    PnExplorerError,
    TreeFileError,
    UnknownPositionIdError,
    UnsupportedProblemError,
    VerificationError,
)
from pn_explorer.core.games.chess_game import ChessGame
from pn_explorer.core.games.explicit_tree import AndOrTree
from pn_explorer.core.games.suites import find_position
from pn_explorer.core.inputs.boards import parse_fen
from pn_explorer.core.inputs.files import read_text
from pn_explorer.core.inputs.numbers import LONGEST_MATE, parse_positive, parse_seconds, parse_whole
from pn_explorer.core.inputs.positions import load_pgn_positions, parse_epd, parse_epd_line
from pn_explorer.core.proofs.verify import verify_mate
from pn_explorer.core.runs.runner import describe_search
from pn_explorer.core.search.algorithms import AlgorithmSpec, create_search
from pn_explorer.core.search.types import Limits, Result

ATOMIC_PGN = '[Variant "Atomic"]\n[SetUp "1"]\n[FEN "6k1/5p1p/8/4Q3/8/8/8/K7 w - - 0 1"]\n\n*\n'


def _run(args, capsys):
    try:
        code = main(args)
    except SystemExit as stopped:
        code = stopped.code
    return code, capsys.readouterr().err.strip()


# --- files -------------------------------------------------------------------------------------


def test_a_file_that_is_not_utf8_is_named_once_with_the_byte(tmp_path):
    path = tmp_path / "b.epd"
    path.write_bytes(b"x\xff\n")
    with pytest.raises(InvalidEpdError) as error:
        read_text(path, InvalidEpdError)
    assert str(error.value) == "'b.epd' is not UTF-8 text (byte 0xff at offset 1)"


@pytest.mark.parametrize(
    "name, words", [("", "empty"), ("missing.epd", "no such"), (".", "folder")]
)
def test_unreadable_files(tmp_path, name, words):
    path = name if name == "" else tmp_path / name
    with pytest.raises(InvalidEpdError, match=words):
        read_text(path, InvalidEpdError)


@pytest.mark.parametrize(
    "command",
    [
        ["solve", "--epd", "{file}.epd", "--id", "1"],
        ["solve", "--pgn", "{file}.pgn"],
        ["solve", "--tree", "{file}.json"],
        ["suite", "{file}.epd"],
        ["compare", "{file}.epd"],
    ],
)
def test_every_front_end_path_reports_non_utf8_in_one_line(tmp_path, capsys, command):
    base = tmp_path / "b"
    for suffix in (".epd", ".pgn", ".json"):
        (tmp_path / f"b{suffix}").write_bytes(b"x\xff\n")
    code, err = _run([part.format(file=base) for part in command], capsys)
    assert code == 2 and "is not UTF-8 text (byte 0xff at offset 1)" in err
    assert len(err.splitlines()) == 1 and str(tmp_path) not in err


# --- numbers -----------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["1000000", "1_000_000", "1,000,000", "1e6", " 1000000 "])
def test_whole_numbers_in_every_spelling(text):
    assert parse_whole(text, "--max-nodes") == 1_000_000


@pytest.mark.parametrize("text", ["1e400", "inf", "9" * 5000, "1e20"])
def test_too_large_whole_numbers(text):
    with pytest.raises(InvalidLimitError, match="--max-nodes .* is too large"):
        parse_whole(text, "--max-nodes")


@pytest.mark.parametrize("text", ["nan", "1.5", "abc", "1,5", "", "-inf", "0", "-3"])
def test_bad_whole_numbers_name_the_option(text):
    with pytest.raises(InvalidLimitError, match="^--iterations must be"):
        parse_whole(text, "--iterations")


@pytest.mark.parametrize("text", ["-inf", "-1", "0", "nan", "inf", "1e400", "soon"])
def test_bad_seconds_and_reals(text):
    with pytest.raises(InvalidLimitError, match="^--time must be a positive number of seconds"):
        parse_seconds(text, "--time")
    with pytest.raises(InvalidLimitError, match="^--a must be a positive number"):
        parse_positive(text, "--a")


def test_seconds_message_quotes_what_was_typed():
    with pytest.raises(InvalidLimitError) as error:
        parse_seconds("-inf", "--time")
    assert str(error.value) == "--time must be a positive number of seconds, not '-inf'"


@pytest.mark.parametrize(
    "option",
    ["--max-nodes", "--iterations", "--depth"],
)
def test_cli_whole_number_options_refuse_1e400(capsys, option):
    code, err = _run(["solve", "--epd", "wac-mates", "--id", "1", option, "1e400"], capsys)
    assert code == 2 and f"{option} '1e400' is too large" in err and len(err.splitlines()) == 1


@pytest.mark.parametrize(
    "args",
    [
        ["suite", "wac-mates", "--jobs", "1e400"],
        ["compare", "wac-mates", "--jobs", "1e400"],
        ["bench", "--nodes", "1e400"],
        ["bench", "--memory-nodes", "1e400"],
    ],
)
def test_other_subcommands_refuse_1e400(capsys, args):
    code, err = _run(args, capsys)
    assert code == 2 and "is too large" in err and len(err.splitlines()) == 1


@pytest.mark.parametrize("value", ["-inf", "-1", "-1e5"])
def test_negative_option_values_get_the_real_message(capsys, value):
    code, err = _run(["solve", "--epd", "wac-mates", "--id", "1", "--time", value], capsys)
    assert code == 2 and f"--time must be a positive number of seconds, not '{value}'" in err
    assert "expected one argument" not in err


def test_app_parser_takes_negative_values_too():
    from pn_explorer.app.main import build_parser

    with pytest.raises(SystemExit):
        build_parser().parse_args(["--max-nodes", "-5"])
    assert build_parser().parse_args(["--steps", "0"]).steps == 0


@pytest.mark.parametrize(
    "args",
    [
        ["solve", ""],
        ["solve", "--epd", "", "--id", "1"],
        ["solve", "--pgn", ""],
        ["solve", "--tree", ""],
        ["suite", ""],
        ["compare", ""],
    ],
)
def test_empty_problem_values_are_errors(capsys, args):
    code, err = _run(args, capsys)
    assert code == 2 and "empty" in err and len(err.splitlines()) == 1


@pytest.mark.parametrize("option", ["--fen", "--epd", "--pgn", "--tree", "--suite", "--screenshot"])
def test_app_parser_refuses_empty_problem_values(capsys, option):
    from pn_explorer.app.main import build_parser

    with pytest.raises(SystemExit) as stopped:
        build_parser().parse_args([option, ""])
    assert stopped.value.code == 2
    assert f"{option} is empty" in capsys.readouterr().err


def test_json_to_a_full_disk_is_one_line():
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full")
    import subprocess
    import sys

    fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"
    code = f"import sys, pn_explorer.app.main as m; sys.exit(m.main(['solve', {fen!r}, '--json']))"
    with open("/dev/full", "w") as full:
        result = subprocess.run(
            [sys.executable, "-c", code],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
            cwd=os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
        )
    assert result.returncode == 2
    assert result.stderr.strip().endswith("cannot write JSON to stdout: No space left on device")


def _dying_worker(nodes, queue):
    os._exit(9)


def test_a_dead_bench_worker_is_reported_not_waited_on():
    with pytest.raises(PnExplorerError, match=r"the memory worker died \(exit 9\)"):
        measure_memory(1000, target=_dying_worker)


# --- positions ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "variant", ["Atomic", "Horde", "Crazyhouse", "King of the Hill", "Three-check", "Antichess"]
)
def test_variant_pgns_are_refused_by_name(tmp_path, variant):
    path = tmp_path / "v.pgn"
    path.write_text(ATOMIC_PGN.replace("Atomic", variant))
    with pytest.raises(UnsupportedProblemError, match=variant):
        load_pgn_positions(path)


def test_the_false_atomic_mate_is_refused_on_the_cli(tmp_path, capsys):
    path = tmp_path / "atomic.pgn"
    path.write_text(ATOMIC_PGN)
    code, err = _run(["solve", "--pgn", str(path)], capsys)
    assert code == 2 and "'Atomic'" in err and len(err.splitlines()) == 1


def test_chess960_is_taken_without_castling_rights_and_refused_with_them(tmp_path):
    path = tmp_path / "c.pgn"
    path.write_text(
        '[Variant "Chess960"]\n[SetUp "1"]\n[FEN "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"]\n\n*\n'
    )
    (position,) = load_pgn_positions(path)
    assert type(position.board) is chess.Board and not position.board.chess960
    path.write_text(
        '[Variant "Chess960"]\n[SetUp "1"]\n'
        '[FEN "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"]\n\n*\n'
    )
    with pytest.raises(UnsupportedProblemError, match="Chess960"):
        load_pgn_positions(path)


def test_pgn_errors_print_no_log_line(tmp_path, capsys):
    path = tmp_path / "bad.pgn"
    path.write_text("1. e4 e5 2. Kxe8 *\n")
    with pytest.raises(InvalidEpdError, match="game 1"):
        load_pgn_positions(path)
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("text", ["hello world\n", "*\n", "{just a comment}\n"])
def test_garbage_pgn_is_not_the_starting_position(tmp_path, text):
    path = tmp_path / "g.pgn"
    path.write_text(text)
    with pytest.raises(InvalidEpdError, match="no moves and no FEN"):
        load_pgn_positions(path)


def test_solve_pgn_solves_the_final_position(tmp_path, capsys):
    path = tmp_path / "m.pgn"
    path.write_text('[SetUp "1"]\n[FEN "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"]\n\n*\n')
    assert main(["solve", "--pgn", str(path), "--id", "1"]) == 0
    assert "mate in 1" in capsys.readouterr().out


@pytest.mark.parametrize(
    "fen, words",
    [
        ("QQQQQk2/QQQQ4/8/8/8/8/P7/K7 b - - 0 1", "promoted"),
        ("6k1/8/8/8/8/8/8/K5P1 w - - 0 1", "first or last rank"),
        ("8/8/8/8/8/8/8/K7 w - - 0 1", "Black has no king"),
    ],
)
def test_impossible_positions_are_named(fen, words):
    with pytest.raises(InvalidPositionError, match=words):
        parse_fen(fen)


def test_a_long_fen_is_cut_in_the_message():
    with pytest.raises(InvalidPositionError) as error:
        parse_fen("x" * 120_000)
    assert len(str(error.value)) < 400 and "xxxxxxxxxx" not in str(error.value)
    with pytest.raises(InvalidPositionError) as error:
        parse_fen("x" * 120_000 + "/8/8/8/8/8/8/8 w - - 0 1")
    assert len(str(error.value)) < 400 and "rank 8 holds 'x'" in str(error.value)


@pytest.mark.parametrize(
    "fen, words",
    [
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "the board field has 7 ranks"),
        ("6k1/5pp/8/8/8/8/8/R5K1 w - - 0 1", "rank 7 ('5pp') covers 7 squares instead of 8"),
        ("6k1/5ppp/8/8/8/8/8/R5K1~ w - -", "rank 1 holds '~', which is neither a piece letter"),
        ("6k1/5ppp/8/8/8/8/8/R44 w - -", "rank 1 has two digits in a row"),
        ("6k1/5ppp/8/8/8/8/8/R5K1 x - -", "the side to move is 'x'; it must be 'w'"),
        ("6k1/5ppp/8/8/8/8/8/R5K1 w Kx -", "the castling field is 'Kx'"),
        ("6k1/5ppp/8/8/8/8/8/R5K1 w - e4", "the en passant field is 'e4'"),
        ("6k1/5ppp/8/8/8/8/8/R5K1 w - - a 1", "the halfmove clock is 'a'"),
        ("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1 x", "it has 7 fields; a FEN has at most 6"),
    ],
)
def test_fen_mistakes_are_named_in_words_without_repeating_the_fen(fen, words):
    with pytest.raises(InvalidPositionError) as error:
        parse_fen(fen)
    message = str(error.value)
    assert message.startswith("malformed FEN: ")
    assert words in message
    assert fen not in message and "in fen" not in message


@pytest.mark.parametrize("dm", ["-2", "nan", "1.5", "0", "x"])
def test_bad_dm_is_blamed_on_dm(dm):
    with pytest.raises(InvalidEpdError, match="dm must be a positive whole number"):
        parse_epd_line(f'6k1/5ppp/8/8/8/8/8/R5K1 w - - dm {dm}; id "x";', 3)


@pytest.mark.parametrize(
    "operation, words",
    [
        ("bm #99999999999", "bm #N '99999999999' is too long a mate (at most 9,999 moves)"),
        ("bm #-10000", "bm #-N '10000' is too long a mate (at most 9,999 moves)"),
        ("dm " + "9" * 5_000, "is too long a mate (at most 9,999 moves)"),
    ],
)
def test_a_mate_length_beyond_the_limit_states_the_limit(operation, words):
    with pytest.raises(InvalidEpdError, match=re.escape(words)) as error:
        parse_epd_line(f'6k1/5ppp/8/8/8/8/8/R5K1 w - - {operation}; id "x";', 3)
    assert "positive whole number" not in str(error.value) and len(str(error.value)) < 200


def test_the_longest_mate_length_is_taken():
    position = parse_epd_line('6k1/5ppp/8/8/8/8/8/R5K1 w - - bm #9999; id "x";', 3)
    assert position.mate_length == LONGEST_MATE == 9_999


def test_six_field_fens_in_epd_are_accepted():
    position = parse_epd_line('6k1/5ppp/8/8/8/8/8/R5K1 w - - 7 40 bm Ra8#; id "m1";')
    assert position.best_moves == ("Ra8#",) and position.id == "m1"
    assert (position.board.halfmove_clock, position.board.fullmove_number) == (7, 40)


def test_mate_suite_conventions():
    mates = parse_epd_line('6k1/5ppp/8/8/8/8/8/R5K1 w - - bm #1; id "a";')
    assert (mates.mate_length, mates.attacker_to_move, mates.best_moves) == (1, True, ())
    mated = parse_epd_line('r5k1/8/8/8/8/8/5PPP/6K1 w - - bm #-1; id "b";')
    assert (mated.mate_length, mated.attacker_to_move) == (1, False)
    with pytest.raises(InvalidEpdError, match="disagree"):
        parse_epd_line('6k1/5ppp/8/8/8/8/8/R5K1 w - - bm #1; dm 2; id "c";')


MATED_IN_1 = "k7/2K4p/1Q6/8/8/8/8/8 b - -"
"""Black to move is mated in 1 whatever it plays (…h6 or …h5, then Qb8# or Qb7#): `bm #-1`."""


@pytest.mark.parametrize("algo", ["pn", "pn2", "ab", "dfpn"])
def test_solve_proves_the_side_to_move_being_mated_with_an_and_root(tmp_path, capsys, algo):
    path = tmp_path / "mated.epd"
    path.write_text(f'{MATED_IN_1} bm #-1; id "b";\n')
    code = main(["solve", "--epd", str(path), "--id", "b", "--algo", algo, "--json"])
    record = json.loads(capsys.readouterr().out)
    assert code == 0 and record["result"] == "proved" and record["verified"] is True
    assert record["mate_in"] == 1 and record["proof_depth"] == 2
    assert record["main_line"][0] in {"h6", "h5"} and record["main_line"][1].endswith("#")


def test_attacker_option_overrides_the_suite_and_applies_to_a_fen(capsys):
    assert main(["solve", f"{MATED_IN_1} 0 1", "--attacker", "other", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["mate_in"] == 1
    assert main(["solve", f"{MATED_IN_1} 0 1", "--json", "--max-nodes", "2000"]) == EXIT_DISPROVED
    assert json.loads(capsys.readouterr().out)["result"] == "disproved"


def test_an_and_root_that_escapes_names_the_defenders_move():
    board = chess.Board("6k1/8/8/8/8/8/r7/1K6 w - - 0 1")
    game = ChessGame(board, attacker=chess.BLACK)
    search = create_search(AlgorithmSpec("pn"), game, Limits(max_nodes=50_000))
    search.run()
    assert search.outcome.result is Result.DISPROVED
    record = describe_search(game, search, "pn")
    assert [move for move, _ in record.refutation] == ["Kxa2"]
    assert record.refutation[0][1].startswith("holds (")


def test_suite_solves_mated_positions_and_no_bm_shows_no_verdict(tmp_path, capsys):
    path = tmp_path / "two.epd"
    path.write_text(f'{MATED_IN_1} bm #-1; id "b";\n6k1/5ppp/8/8/8/8/8/R5K1 w - - id "a";\n')
    assert main(["suite", str(path)]) == 0
    out, err = capsys.readouterr()
    assert "skipped" not in err and "2 of 2 solved" in out
    assert "≠bm" not in out and "no bm moves given" in out
    assert "mate at the known shortest length  1 of 1" in out


def test_duplicate_epd_ids_name_both_lines():
    text = '6k1/5ppp/8/8/8/8/8/R5K1 w - - id "x";\n\n6k1/5ppp/8/8/8/8/8/R5K1 w - - id "x";\n'
    with pytest.raises(InvalidEpdError, match=r"id 'x' is used twice \(lines 1 and 3\)"):
        parse_epd(text)


def test_an_ambiguous_number_names_every_match():
    positions = parse_epd(
        '6k1/5ppp/8/8/8/8/8/R5K1 w - - id "A.1";\n6k1/5ppp/8/8/8/8/8/R5K1 w - - id "B.01";\n'
    )
    with pytest.raises(UnknownPositionIdError, match="'A.1', 'B.01'"):
        find_position(positions, "1")


# --- the verifier ------------------------------------------------------------------------------


def test_the_verifier_plays_standard_chess_even_on_a_variant_board():
    import chess.variant

    atomic = chess.variant.AtomicBoard("6k1/5p1p/8/4Q3/8/8/8/K7 w - - 0 1")
    with pytest.raises(VerificationError):
        verify_mate(atomic, {"e5h8": {}})


def test_the_verifier_refuses_an_illegal_root():
    with pytest.raises(VerificationError, match="not legal in standard chess"):
        verify_mate("6k1/8/8/8/8/8/8/K5P1 w - - 0 1", {"g1g2": {}})


# --- tree files --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, words",
    [
        ("[" * 100_000, "nested deeper than 200"),
        ('{"graph": "x", "nodes": [], "edges": []}', "'graph' must be an object"),
        (
            '{"graph": {"most_proving_path": 5}, "nodes": [{"id": 1}], "edges": []}',
            "most_proving_path' must be a list",
        ),
        ('{"nodes": [1, 2, 3], "edges": []}', "nodes entry 1 must be an object"),
        ('{"nodes": [{"id": {}}], "edges": []}', "id must be a string or a number"),
        ('{"nodes": [{"id": "a"}, {"id": "a"}], "edges": []}', r"declared twice \(nodes 1 and 2\)"),
        (
            '{"nodes": [{"id": "a"}], "edges": [{"source": "a", "target": "z"}]}',
            "target 'z' is not a declared node",
        ),
        (
            '{"graph": {"most_proving_path": ["a", "q"]}, "nodes": [{"id": "a"}], "edges": []}',
            "names 'q', which is not a declared node",
        ),
        (
            '{"nodes": [{"id": "a", "label": "' + "x" * 1_000_000 + '"}], "edges": []}',
            "at most 200",
        ),
        ("null", "must be a JSON object, not null$"),
        ("[]", "must be a JSON object, not a list$"),
        ('{"nodes": [{"id": null}], "edges": []}', "must be a string or a number, not null$"),
        ('{"nodes": null, "edges": []}', "'nodes' must be a list, not null$"),
        ('{"graph": 3, "nodes": [], "edges": []}', "'graph' must be an object, not a number$"),
        (
            '{"nodes": [{"id": ' + "7" * 5_000 + '}], "edges": []}',
            r"a number of 5,000 digits \(line 1\); at most 4,300 digits are read",
        ),
        (
            '{"nodes": [\n{"id": "a",\n "expected_proof": ' + "7" * 4_301 + '}],\n"edges": []}',
            r"a number of 4,301 digits \(line 3\)",
        ),
        ('{"nodes": [{"id": ' + "7" * 300 + '}], "edges": []}', "the id is 300 characters long"),
    ],
)
def test_tree_file_shapes(text, words):
    with pytest.raises(TreeFileError, match=words) as error:
        AndOrTree.from_json_text(text, source="t.json")
    assert str(error.value).startswith("t.json: ") and len(str(error.value)) < 300


@pytest.mark.parametrize("option", ["--json", "--csv"])
def test_a_suite_file_to_a_full_disk_names_the_file(option, capsys):
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full")
    args = ["suite", "wac-mates", "--ids", "1", "--max-nodes", "1000", option, "/dev/full"]
    assert main(args) == 2
    err = capsys.readouterr().err.strip()
    assert err == "pn-explorer suite: error: cannot write /dev/full: No space left on device"
