"""The fuzz harness's claim checks: every statement of fact a call printed or wrote, held against
a computation that shares no code with the tool.

* chess: a printed or JSON "mate in N" is a forced mate of N attacker moves by brute force (N ≤ 3);
  "no mate in N or fewer" has no forced mate of N or fewer (N ≤ 3); a certified shortest mate
  (`--shortest`) both; a JSON "proved" row is verified and its line replays to mate; a PGN's
  Result tag names the side that mates at the end of its moves, which replay on a standard
  board; a suite's summary counts are its rows';
* board games: the verdict ("X can at least draw") is the value of the game by exhaustive
  negamax over the m,n,k rules written here a third time;
* tree files: proved / disproved is the file's AND/OR value, evaluated here.

`claim_cases` draws the calls that make such statements (short mates for either attacker, each
search and output form, board games and their bad specs, small random trees); `false_claim` says
which statement of a call's output is false, and how many it checked.
"""

from __future__ import annotations

import functools
import io
import json
import random
import re
from dataclasses import dataclass, field
from pathlib import Path

import chess
import chess.pgn

from pn_explorer.core.search.registry import names

ROOT = Path(__file__).resolve().parents[1]
CHECKED_LENGTH = 3
"""Brute force confirms mate lengths up to this many attacker moves (longer ones are left)."""
SHORT_MATES = [
    "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
    "k7/8/1K6/8/8/8/8/7R b - - 0 1",
    "7r/8/8/8/8/1k6/8/K7 w - - 0 1",
    "8/8/8/8/8/5k2/8/5K1q b - - 0 1",
    "7k/8/6KQ/8/8/8/8/8 w - - 0 1",
    "8/8/8/8/8/8/6k1/4K2R w K - 0 1",
]
"""Mates in one or two for either side, some with the side not to move mating, beside the
built-in mate-in-2 suite's positions."""
ALGORITHMS = list(names())
"""Every registered search (the native df-pn and αβ with a table among them)."""
TIC_TAC_TOE_CELLS = [f"{column}{row}" for column in "abc" for row in "123"]
BAD_SPECS = [
    "tic-tac-toe(goal=lose)",
    "connect-four(columns=0)",
    "mnk(m=4,n=4,k=9)",
    "tic-tac-toe(moves=b2.b2)",
    "tic-tac-toe(player=z)",
    "connect-four(columns=4,rows=4",
    "chess",
    "tic-tac-toe(moves=d9)",
    "openspiel:no_such_game",
    "mnk(m=1e400)",
]
VERDICT = re.compile(
    r"\b(X|O) (can force a win|cannot force a win|can at least draw|cannot avoid losing)\b"
)
PROVED_VERDICTS = ("can force a win", "can at least draw")


@dataclass
class Known:
    """What the harness knows of a call's problem, independently of the tool: a chess position
    and its attacker, a board game's rules, or a tree file's data."""

    fen: str = ""
    other: bool | None = None
    """The side not to move attacks (`--attacker other`); None: not known (a suite's bm #-N)."""
    board_game: tuple | None = None
    """(columns, rows, k, gravity, attacker player, goal, start cells)."""
    tree: dict | None = None
    openspiel: tuple | None = None
    """(OpenSpiel game, attacker player 0 or 1, goal, start actions)."""
    files: list[str] = field(default_factory=list)
    """Output files the call asked for (read while its scratch folder still exists): each must
    be there when the call ran, or the option was accepted and then ignored."""
    size: tuple[int, int] | None = None
    """The screenshot's size the call asked for (`--size`)."""
    bench: bool = False
    """The call is `bench --game --json`: each row's verdict is the game's value."""
    settings: bool = False
    """The call is the window on a settings file: the problem it names opens, or the window
    says why not."""


# -- chess ----------------------------------------------------------------------------------------


class _BruteForce:
    """Forced mate within N attacker moves, by trying every line (checks first; the attacker's
    last move must give check), memoised per position."""

    def __init__(self, attacker: chess.Color) -> None:
        self.attacker = attacker
        self.memo: dict[tuple, bool] = {}

    def within(self, board: chess.Board, moves: int) -> bool:
        if board.is_checkmate():
            return board.turn != self.attacker
        if moves == 0 or board.is_game_over(claim_draw=False):
            return False
        key = (board._transposition_key(), moves)
        if key in self.memo:
            return self.memo[key]
        attacking = board.turn == self.attacker
        legal = list(board.legal_moves)
        if attacking:
            checks = [m for m in legal if board.gives_check(m)]
            legal = checks if moves == 1 else checks + [m for m in legal if m not in checks]
        found = not attacking
        for move in legal:
            board.push(move)
            result = self.within(board, moves - 1 if attacking else moves)
            board.pop()
            if result == attacking:
                found = attacking
                break
        self.memo[key] = found
        return found


def forced_mate_within(fen: str, attacker: chess.Color, moves: int) -> bool:
    return _BruteForce(attacker).within(chess.Board(fen), moves)


def _mating_side(fen: str, line: list[str]) -> chess.Color | None:
    """The side that mates at the end of `line` (SAN from `fen`), or None if it does not end in
    mate or does not replay."""
    try:
        board = chess.Board(fen)
        for san in line:
            board.push_san(san)
    except ValueError:
        return None
    return (not board.turn) if board.is_checkmate() else None


def _mate_claim(fen: str, attacker: chess.Color | None, line: list[str], mate_in) -> str:
    """Why "mate in `mate_in`" with main line `line` is false, or ''."""
    mating = _mating_side(fen, line)
    if mating is None:
        return f"the line {' '.join(line)} does not replay to mate from {fen}"
    if attacker is not None and mating != attacker:
        return f"the line ends in mate by {chess.COLOR_NAMES[mating]}, not the attacker"
    short = isinstance(mate_in, int) and mate_in <= CHECKED_LENGTH
    if short and not forced_mate_within(fen, mating, mate_in):
        return f"no forced mate in {mate_in} by {chess.COLOR_NAMES[mating]} in {fen}"
    return ""


def _no_mate_claims(fen: str, attacker: chess.Color, text: str) -> tuple[str, int]:
    """Check every "no mate in N or fewer" of `text`; returns (why one is false, how many)."""
    numbers = {int(n) for n in re.findall(r"no mate in (\d+) or fewer", text)}
    checked = 0
    for n in sorted(numbers):
        if n > CHECKED_LENGTH:
            continue
        checked += 1
        if forced_mate_within(fen, attacker, n):
            return f"'no mate in {n} or fewer' but {chess.COLOR_NAMES[attacker]} mates", checked
    return "", checked


def _shortest_claims(fen: str, attacker: chess.Color, text: str) -> tuple[str, int]:
    """Check every shortest length `text` states (a certified one of `--shortest`): a forced mate
    of that length and none shorter."""
    checked = 0
    for n in map(int, re.findall(r"mate in (\d+) is the shortest", text)):
        if n > CHECKED_LENGTH:
            continue
        checked += 1
        if not forced_mate_within(fen, attacker, n) or (
            n > 1 and forced_mate_within(fen, attacker, n - 1)
        ):
            return f"'mate in {n} is the shortest' is false", checked
    return "", checked


def _pgn_claim(text: str) -> str:
    """Why a PGN's Result tag or its moves are false, or ''."""
    game = chess.pgn.read_game(io.StringIO(text))
    if game is None:
        return "the PGN has no game"
    if game.errors:
        return f"the PGN's moves do not replay: {game.errors[0]}"
    tag = game.headers.get("Result", "?")
    end = game.end().board()
    if end.is_checkmate():
        played = "0-1" if end.turn == chess.WHITE else "1-0"
        return "" if tag == played else f"Result {tag}, but the main line ends in {played}"
    if tag == "*" or (tag == "1/2-1/2" and end.is_game_over(claim_draw=False)):
        return ""
    return f"Result {tag} without a mate at the main line's end"


def _record_claim(row: dict, attacker: chess.Color | None) -> str:
    """A JSON row (`solve --json`, a suite's row): "proved" only verified, and a real mate."""
    if row.get("result") != "proved":
        return ""
    if row.get("verified") is not True:
        return "a 'proved' row that is not verified"
    fen = row.get("fen") or ""
    if not fen or row.get("game", "chess") != "chess":
        return ""
    return _mate_claim(fen, attacker, list(row.get("main_line") or []), row.get("mate_in"))


def _suite_claim(data: dict) -> str:
    """A suite file's summary counts are its rows', and every row's claim holds."""
    rows, summary = data.get("rows", []), data.get("summary", {})
    proved = sum(r["result"] == "proved" and r["verified"] is True for r in rows)
    # A disproof the replay did not certify claims nothing (the row says so, as a proof that
    # failed verification does): the summary does not count it.
    disproved = sum(
        r["result"] == "disproved" and r.get("disproof_certified") is not False for r in rows
    )
    counted = (summary.get("positions"), summary.get("proved"), summary.get("disproved"))
    if counted != (len(rows), proved, disproved) or summary.get("solved") != proved + disproved:
        return f"summary {summary} does not count its {len(rows)} rows"
    for row in rows:
        why = _record_claim(row, None)
        if why:
            return f"{row.get('id')}: {why}"
    return ""


def _attacker(fen: str, other: bool | None) -> chess.Color | None:
    if other is None:
        return None
    turn = chess.Board(fen).turn
    return (not turn) if other else turn


def _chess_claims(known: Known, stdout: str) -> tuple[str, int]:
    checked = 0
    try:
        data = json.loads(stdout)
    except ValueError:
        data = None
    fen = known.fen
    if isinstance(data, dict) and "result" in data:
        fen = data.get("fen") or fen
        if not fen:
            return "", checked
        checked += 1
        why = _record_claim(data, _attacker(fen, known.other))
        if why:
            return why, checked
        shortest = data.get("shortest")
        text = json.dumps(data, ensure_ascii=False)
        if isinstance(shortest, dict) and shortest.get("certified"):
            text += f" mate in {shortest['mate_in']} is the shortest"
    else:
        if not fen:
            return "", checked
        text = stdout
        for n in re.findall(r"^Result     proved: mate in (\d+)", stdout, re.MULTILINE):
            checked += 1
            line = re.search(r"^Main line  (.*)$", stdout, re.MULTILINE)
            sans = [t for t in (line.group(1).split() if line else []) if not t[0].isdigit()]
            why = _mate_claim(fen, _attacker(fen, known.other), sans, int(n))
            if why:
                return why, checked
    attacker = _attacker(fen, known.other)
    if attacker is None:
        return "", checked
    for check in (_no_mate_claims, _shortest_claims):
        why, count = check(fen, attacker, text)
        checked += count
        if why:
            return why, checked
    return "", checked


# -- board games and trees ------------------------------------------------------------------------


@functools.lru_cache(maxsize=64)
def board_game_value(columns: int, rows: int, k: int, gravity: bool, start: tuple) -> int:
    """The value of an m,n,k game (with gravity: Connect-Four) for the player to move after
    `start` (cells as (column, row) from the bottom left): 1 win, 0 draw, -1 loss, by negamax."""
    lines = []
    for x in range(columns):
        for y in range(rows):
            for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
                cells = [(x + i * dx, y + i * dy) for i in range(k)]
                if all(0 <= a < columns and 0 <= b < rows for a, b in cells):
                    lines.append([a * rows + b for a, b in cells])
    through = [[line for line in lines if cell in line] for cell in range(columns * rows)]
    board = ["."] * (columns * rows)
    for i, (column, row) in enumerate(start):
        board[column * rows + row] = "XO"[i % 2]

    @functools.cache
    def value(state: str, mark: str) -> int:
        best, other = -2, "O" if mark == "X" else "X"
        for cell in range(len(state)):
            if state[cell] != "." or (gravity and cell % rows and state[cell - 1] == "."):
                continue
            after = state[:cell] + mark + state[cell + 1 :]
            if any(all(after[i] == mark for i in line) for line in through[cell]):
                return 1
            best = max(best, -value(after, other))
            if best == 1:
                return 1
        return 0 if best == -2 else best

    return value("".join(board), "XO"[len(start) % 2])


def _board_game_claim(known: Known, stdout: str) -> tuple[str, int]:
    columns, rows, k, gravity, attacker, goal, start = known.board_game or ()
    said = VERDICT.findall(stdout)
    if not said:
        return "", 0
    who, verdict = said[0]
    if who != "XO"[attacker]:
        return f"the verdict names {who}, but {'XO'[attacker]} attacks", 1
    to_move = board_game_value(columns, rows, k, gravity, tuple(start))
    value = to_move if len(start) % 2 == attacker else -to_move
    holds = value == 1 if goal == "win" else value >= 0
    if (verdict in PROVED_VERDICTS) != holds:
        return f"'{who} {verdict}' but the game's value for {who} is {value}", 1
    return "", 1


def tree_value(data: dict) -> bool | None:
    """A node-link AND/OR tree's root value (True, False, None for unknown), evaluated here."""
    nodes = {node["id"]: node for node in data["nodes"]}
    children: dict = {name: [] for name in nodes}
    for edge in data["edges"]:
        children[edge["source"]].append(edge["target"])

    def value(name) -> bool | None:
        node = nodes[name]
        if not children[name]:
            return {"true": True, "false": False}.get(node.get("value"))
        values = [value(child) for child in children[name]]
        decisive = node["type"] != "AND"
        if decisive in values:
            return decisive
        return None if None in values else not decisive

    return value(data["nodes"][0]["id"])


def _tree_claim(known: Known, stdout: str) -> tuple[str, int]:
    try:
        said = json.loads(stdout).get("result")
    except (ValueError, AttributeError):
        found = re.search(r"^Result     (proved|disproved)\b", stdout, re.MULTILINE)
        said = found.group(1) if found else None
    if said not in ("proved", "disproved"):
        return "", 0
    truth = tree_value(known.tree or {})
    if truth is None or (said == "proved") != truth:
        return f"the tool says {said}, the file's value is {truth}", 1
    return "", 1


OPENSPIEL_VERDICT = re.compile(
    r"\bplayer (1|2) (can force a win|cannot force a win|can at least draw|cannot avoid losing)\b"
)


def _openspiel_claim(known: Known, text: str) -> tuple[str, int]:
    """Every OpenSpiel verdict of `text` against the exhaustive value over OpenSpiel's states."""
    from game_values import openspiel_value

    game, attacker, goal, start = known.openspiel or ()
    checked = 0
    for who, verdict in OPENSPIEL_VERDICT.findall(text):
        checked += 1
        if int(who) != attacker + 1:
            return f"the verdict names player {who}, but player {attacker + 1} attacks", checked
        holds = openspiel_value(game, attacker, goal, tuple(start))
        if (verdict in PROVED_VERDICTS) != holds:
            return f"'player {who} {verdict}' but the exhaustive value says {holds}", checked
    return "", checked


def _compare_claim(known: Known, data: dict) -> tuple[str, int]:
    """A comparison's every run on a board game: its claim is the game's value."""
    checks = 0
    for row in data.get("rows", []):
        for name, run in row.get("runs", {}).items():
            claim = run.get("claim") or ""
            if not claim:
                continue
            if known.openspiel is not None:
                why, count = _openspiel_claim(known, claim)
            elif known.board_game is not None:
                why, count = _board_game_claim(known, claim)
            else:
                continue
            checks += count
            if why:
                return f"{name}: {why}", checks
    return "", checks


def _goal_holds(known: Known) -> bool:
    """Whether the attacker of `known`'s board game can force its goal (the harness's own
    exhaustive value: negamax for m,n,k, OpenSpiel's states for an OpenSpiel game)."""
    if known.openspiel is not None:
        from game_values import openspiel_value

        game, attacker, goal, start = known.openspiel
        return openspiel_value(game, attacker, goal, tuple(start))
    columns, rows, k, gravity, attacker, goal, start = known.board_game or ()
    to_move = board_game_value(columns, rows, k, gravity, tuple(start))
    value = to_move if len(start) % 2 == attacker else -to_move
    return value == 1 if goal == "win" else value >= 0


def _bench_claim(known: Known, stdout: str) -> tuple[str, int]:
    """`bench --game --json`: every row proved or disproved says the game's value."""
    try:
        rows = json.loads(stdout)["rows"]
    except (ValueError, KeyError, TypeError):
        return "", 0
    checked = 0
    for row in rows:
        if row.get("result") not in ("proved", "disproved"):
            continue
        checked += 1
        if (row["result"] == "proved") != _goal_holds(known):
            return f"{row.get('algorithm')}: {row['result']}, against the game's value", checked
    return "", checked


def _png_size(path: Path) -> tuple[int, int] | None:
    head = path.read_bytes()[:24]
    if head[:8] != b"\x89PNG\r\n\x1a\n":
        return None
    return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")


def _settings_claim(stdout: str) -> tuple[str, int]:
    """The window on a settings file opened the problem the file named, or said why not."""
    try:
        shown = json.loads(stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        return "the window said nothing of what it opened", 1
    if shown["opened"] == shown["stored"] or shown["banner"] or shown["status"] or shown["dialogs"]:
        return "", 1
    return f"the settings named {shown['stored']}, the window opened {shown['opened']}", 1


def ignored_option(known: Known, folder: Path) -> str:
    """An output the call asked for and did not give, on a call that ran: accepted, then
    ignored."""
    for name in known.files:
        path = folder / name
        if not path.exists():
            return f"{name} was asked for and not written"
        if known.size is not None and name.endswith(".png"):
            size = _png_size(path)
            if size != known.size:
                return f"{name} is {size}, --size asked for {known.size}"
    return ""


def false_claim(known: Known, stdout: str, folder: Path) -> tuple[str, int]:
    """Why one statement of a call's output (stdout and the files it wrote) is false, or '';
    and how many statements were checked."""
    checks: list[tuple[str, int]] = []
    if known.bench:
        checks.append(_bench_claim(known, stdout))
    elif known.board_game is not None:
        checks.append(_board_game_claim(known, stdout))
    elif known.openspiel is not None:
        checks.append(_openspiel_claim(known, stdout))
    elif known.settings:
        checks.append(_settings_claim(stdout))
    elif known.tree is not None:
        checks.append(_tree_claim(known, stdout))
    elif known.fen or known.other is not None:
        checks.append(_chess_claims(known, stdout))
    for name in known.files:
        path = folder / name
        if not path.exists():
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        if name.endswith(".pgn"):
            checks.append((_pgn_claim(text), 1))
        elif name.endswith(".json"):
            data = json.loads(text)
            if "algorithms" in data:
                checks.append(_compare_claim(known, data))
            else:
                checks.append((_suite_claim(data), 1))
    why = next((why for why, _ in checks if why), "")
    return why, sum(count for _, count in checks)


# -- the calls ------------------------------------------------------------------------------------


def attacker_options(rng: random.Random) -> tuple[list[str], bool]:
    """Either attacker: by default (the side to move), named, or the other side; and whether it
    is the other."""
    choice = rng.randrange(3)
    if choice == 2:
        return ["--attacker", "other"], True
    return (["--attacker", "side-to-move"] if choice else []), False


def _chess_case(rng: random.Random, mate_in_two: list[str]) -> tuple[list[str], Known]:
    fen = rng.choice(SHORT_MATES + mate_in_two)
    side, other = attacker_options(rng)
    algo = rng.choice(ALGORITHMS)
    cap = str(rng.choice([1, 2, 5, 30, 200, 2000, 20000]))
    args = ["solve", fen, *side, "--algo", algo, "--time", "5"]
    args += ["--depth", str(rng.randint(1, 3))] if algo == "ab" else ["--max-nodes", cap]
    known = Known(fen=fen, other=other)
    form = rng.randrange(5)
    if form == 0:
        args.append("--json")
    elif form == 1:
        args += ["--export-pgn", "out.pgn"]
        known.files.append("out.pgn")
    elif form == 2:
        args += ["--explain"] + (["--json"] if rng.random() < 0.5 else [])
    elif form == 3 and algo != "ab":
        args += ["--shortest"] + (["--json"] if rng.random() < 0.5 else [])
    return args, known


def _suite_case(rng: random.Random, mate_in_two: list[str]) -> tuple[list[str], Known, bytes]:
    fens = rng.sample(SHORT_MATES + mate_in_two, 3)
    lines = []
    for i, fen in enumerate(fens):
        opcode = rng.choice(["", " bm #1;", " bm #2;", " bm #-1;", " dm 2;"])
        lines.append(f'{" ".join(fen.split()[:4])}{opcode} id "p{i}";')
    algo = rng.choice(ALGORITHMS)
    args = ["suite", "{f}", "--algo", algo, "--max-nodes", str(rng.choice([50, 3000]))]
    return [*args, "--json", "rows.json"], Known(files=["rows.json"]), "\n".join(lines).encode()


def _board_game_case(rng: random.Random) -> tuple[list[str], Known]:
    if rng.random() < 0.15:
        return ["solve", "--game", rng.choice(BAD_SPECS)], Known()
    player, goal = rng.randrange(2), rng.choice(["win", "draw"])
    options = [f"goal={goal}", f"player={'xo'[player]}"]
    if rng.random() < 0.6:
        spec, shape = "tic-tac-toe", (3, 3, 3, False)
        cells = rng.sample(TIC_TAC_TOE_CELLS, rng.randint(0, 3))
        start = [("abc".index(cell[0]), int(cell[1]) - 1) for cell in cells]
        if cells:
            options.append(f"moves={'.'.join(cells)}")
    else:
        spec, shape, start = "connect-four", (4, 4, 4, True), []
        options = ["columns=4", "rows=4", *options]
    args = ["solve", "--game", f"{spec}({','.join(options)})"]
    args += ["--algo", rng.choice(ALGORITHMS), "--max-nodes", "100000", "--time", "8"]
    if rng.random() < 0.5:
        args.append("--json")
    return args, Known(board_game=(*shape, player, goal, start))


def random_tree(rng: random.Random) -> dict:
    """A small AND/OR tree with true, false and (rarely) unknown leaves."""
    nodes = [{"id": "r", "type": "OR" if rng.random() < 0.7 else "AND"}]
    edges = []
    frontier = [(nodes[0], 0)]
    while frontier:
        node, depth = frontier.pop()
        if depth >= 4 or (depth and rng.random() < 0.3):
            del node["type"]
            node["value"] = rng.choice(["true", "false", "true", "false", "unknown"])
            continue
        for _ in range(rng.randint(1, 3)):
            child = {"id": f"n{len(nodes)}", "type": "AND" if node["type"] == "OR" else "OR"}
            nodes.append(child)
            edges.append({"source": node["id"], "target": child["id"]})
            frontier.append((child, depth + 1))
    return {"directed": True, "multigraph": False, "graph": {}, "nodes": nodes, "edges": edges}


def _tree_case(rng: random.Random) -> tuple[list[str], Known, bytes]:
    data = random_tree(rng)
    algo = rng.choice(ALGORITHMS)
    args = ["solve", "--tree", "{f}", "--algo", algo, "--max-nodes", "5000"]
    if rng.random() < 0.5:
        args.append("--json")
    return args, Known(tree=data), json.dumps(data).encode()


def claim_case(rng: random.Random, mate_in_two: list[str]) -> tuple[list[str], Known, bytes]:
    """One call that states facts the checks above can hold against their own computation."""
    kind = rng.randrange(5)
    if kind <= 1:
        return (*_chess_case(rng, mate_in_two), b"")
    if kind == 2:
        return _suite_case(rng, mate_in_two)
    if kind == 3:
        return (*_board_game_case(rng), b"")
    return _tree_case(rng)


def mate_in_two_fens() -> list[str]:
    """The built-in mate-in-2 suite's first positions, as FENs."""
    fens = []
    for line in (ROOT / "resources" / "suites" / "mate-in-2.epd").read_text().splitlines()[:30]:
        if line.strip() and not line.startswith("#"):
            fens.append(chess.Board(" ".join(line.split()[:4]) + " 0 1").fen())
    return fens
