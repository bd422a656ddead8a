"""Property-based tests of the input layer: every input loads or raises PnExplorerError, and every
mate a search claims on a loaded position is one under python-chess's standard rules."""

import contextlib
import json

import chess
from hypothesis import assume, given
from hypothesis import strategies as st

from pn_explorer.core.errors import PnExplorerError
from pn_explorer.core.games.chess_game import ChessGame
from pn_explorer.core.games.explicit_tree import AndOrTree
from pn_explorer.core.games.suites import BUILTIN_SUITES, BUILTIN_TREES, load_suite
from pn_explorer.core.inputs.boards import parse_fen
from pn_explorer.core.inputs.numbers import parse_positive, parse_seconds, parse_whole
from pn_explorer.core.inputs.positions import parse_epd, parse_epd_line
from pn_explorer.core.runs.runner import describe_search
from pn_explorer.core.search.pn import ProofNumberSearch
from pn_explorer.core.search.types import Limits, Result

SUITE = load_suite("wac-mates")
FENS = [position.board.fen() for position in SUITE] + ["6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"]
EPD_LINES = [
    line
    for line in BUILTIN_SUITES["wac-mates"].read_text(encoding="utf-8").splitlines()
    if line.strip() and not line.startswith("#")
]
TREES = [path.read_text(encoding="utf-8") for path in BUILTIN_TREES.values()]
FEN_ALPHABET = "pnbrqkPNBRQK12345678/ -wbKQkqa-h0123456789"


def _loads_or_typed_error(load, value) -> None:
    with contextlib.suppress(PnExplorerError):
        load(value)


@st.composite
def mutated(draw, originals: list[str], alphabet: str) -> str:
    """A valid text with a few characters replaced, inserted or deleted."""
    text = list(draw(st.sampled_from(originals)))
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, max(0, len(text) - 1)))
        action = draw(st.sampled_from(("replace", "insert", "delete")))
        char = draw(st.sampled_from(alphabet))
        if action == "replace" and text:
            text[at] = char
        elif action == "insert":
            text.insert(at, char)
        elif text:
            del text[at]
    return "".join(text)


@given(st.one_of(mutated(FENS, FEN_ALPHABET), st.text(max_size=120)))
def test_any_fen_loads_or_raises_a_typed_error(fen):
    _loads_or_typed_error(parse_fen, fen)


@given(st.one_of(mutated(EPD_LINES, FEN_ALPHABET + ';"#dmbid.+x '), st.text(max_size=160)))
def test_any_epd_line_loads_or_raises_a_typed_error(line):
    _loads_or_typed_error(parse_epd_line, line)
    _loads_or_typed_error(parse_epd, line + "\n" + line)


JSON_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 5),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=8),
    st.sampled_from(["OR", "AND", "true", "false", "unknown", "inf", "A", "B"]),
)
JSON_VALUES = st.recursive(
    JSON_SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(
            st.sampled_from(
                ["nodes", "edges", "links", "graph", "id", "source", "target", "type", "value"]
                + ["label", "move", "most_proving_path", "directed", "multigraph", "x"]
            ),
            inner,
            max_size=5,
        ),
    ),
    max_leaves=30,
)


@given(st.one_of(JSON_VALUES.map(json.dumps), mutated(TREES, '{}[]",:0123456789ABORtruefals ')))
def test_any_tree_file_loads_or_raises_a_typed_error(text):
    _loads_or_typed_error(lambda t: AndOrTree.from_json_text(t, source="t.json"), text)


@given(
    st.one_of(
        st.text(max_size=30),
        st.sampled_from(["1e400", "-inf", "nan", "1,000", "1_0", "9" * 5000, "-0", "0x10"]),
    )
)
def test_any_option_value_parses_or_raises_a_typed_error(text):
    for parse in (parse_whole, parse_seconds, parse_positive):
        _loads_or_typed_error(lambda value, parse=parse: parse(value, "--option"), text)


@st.composite
def small_positions(draw) -> str:
    """Positions near the suite's and tiny endgames: a king each plus up to four pieces."""
    if draw(st.booleans()):
        return draw(mutated(FENS, FEN_ALPHABET))
    squares = draw(st.lists(st.integers(0, 63), min_size=6, max_size=6, unique=True))
    board = chess.Board(None)
    board.set_piece_at(squares[0], chess.Piece(chess.KING, chess.WHITE))
    board.set_piece_at(squares[1], chess.Piece(chess.KING, chess.BLACK))
    for square in squares[2 : 2 + draw(st.integers(0, 4))]:
        kind = draw(st.sampled_from([chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT]))
        board.set_piece_at(square, chess.Piece(kind, draw(st.booleans())))
    board.turn = draw(st.booleans())
    return board.fen()


@given(small_positions())
def test_every_claimed_mate_is_checkmate_on_a_standard_board(fen):
    try:
        board = parse_fen(fen)
    except PnExplorerError:
        assume(False)
    game = ChessGame(board)
    search = ProofNumberSearch(game, Limits(max_nodes=3_000))
    search.run()
    if search.outcome.result is not Result.PROVED:
        return
    record = describe_search(game, search, "pn", "")
    assert record.verified, record.verification_error
    replay = chess.Board(board.fen())
    for san in record.main_line:
        replay.push_san(san)
    assert replay.is_checkmate()
