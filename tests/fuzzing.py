"""Seeded mutation fuzzing of the real `pn-explorer` command (headless subcommands and the window's
offscreen `--screenshot` start): bad files and odd option values.

Every call must end in exit 0 (with any mate it claims confirmed by python-chess's standard
board) or exit 2 with exactly one line on stderr: never a traceback, never a hang, never another
status. The test suite runs a few hundred cases; a deeper run is
`python tests/fuzzing.py --cases 2000 --seed 1` (prints the count per outcome).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import chess

ROOT = Path(__file__).resolve().parents[1]
SUITES = sorted((ROOT / "resources" / "suites").glob("*.epd"))
TREES = sorted((ROOT / "resources" / "trees").glob("*.json"))
BOUNDS = ["--max-nodes", "3000", "--time", "2"]
CALL_SECONDS = 40

PGN_STANDARD = """[Event "Back rank"]
[SetUp "1"]
[FEN "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"]

*
"""
PGN_VARIANTS = [
    '[Variant "Atomic"]\n[SetUp "1"]\n[FEN "6k1/5p1p/8/4Q3/8/8/8/K7 w - - 0 1"]\n\n*\n',
    '[Variant "Horde"]\n\n1. e4 *\n',
    '[Variant "Crazyhouse"]\n[SetUp "1"]\n[FEN "6k1/5ppp/8/8/8/8/8/R5K1[Q] w - - 0 1"]\n\n*\n',
    '[Variant "Chess960"]\n[SetUp "1"]\n[FEN "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"]\n\n*\n',
]
ODD_NUMBERS = [
    "0",
    "-1",
    "1e400",
    "1e999",
    "-1e400",
    "nan",
    "inf",
    "-inf",
    "1.5",
    "",
    " ",
    "0x10",
    "1_000",
    "1,000",
    "99999999999999999999999",
    "1e-400",
    "٣",
    "½",
    "NaN",
    "+5",
    "1e12",
]
WHOLE_OPTIONS = ["--max-nodes", "--iterations", "--depth"]
FLOAT_OPTIONS = ["--time", "--a", "--b"]


@dataclass
class Case:
    """One call: the arguments and the files it needs written first."""

    args: list[str]
    files: dict[str, bytes]


def hand_made_cases() -> list[Case]:
    """The reported defects, each once: they must stay fixed whatever the random draw is."""
    one = ["--epd", "wac-mates", "--id", "1", "--json"]
    cases = [
        Case(["solve", "--epd", "{f}", "--id", "1"], {"f": b"x\xff\n"}),
        Case(["suite", "{f}"], {"f": b'6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8#; c0 "\xe9t\xe9";\n'}),
        Case(["solve", "--tree", "{f}"], {"f": b"[" * 100_000 + b"]" * 100_000}),
        Case(["solve", "--tree", "{f}"], {"f": b'{"graph": "x", "nodes": [], "edges": []}'}),
        Case(["solve", "--tree", "{f}"], {"f": b'{"nodes": [1, 2, 3], "edges": []}'}),
        Case(
            ["solve", "--tree", "{f}"], {"f": b'{"graph": {"most_proving_path": 5}, "nodes": []}'}
        ),
        Case(
            ["solve", "--epd", "{f}", "--id", "1"], {"f": b"6k1/5ppp/8/8/8/8/8/R5K1 w - - dm -2;"}
        ),
        Case(
            ["solve", "--epd", "{f}", "--id", "1"], {"f": b"6k1/5ppp/8/8/8/8/8/R5K1 w - - dm nan;"}
        ),
        Case(["solve", "QQQQQQQQ/QP6/8/8/8/8/8/K6k w - - 0 1"], {}),
        Case(["solve", ""], {}),
        Case(["solve", "--time", "-inf", *one], {}),
        Case(["suite", "paper-figures", "--jobs", "1e400"], {}),
        Case(["bench", "--nodes", "1e400"], {}),
        Case(["bench", "--nodes", "1000", "--memory-nodes", "1e12"], {}),
    ]
    for option in WHOLE_OPTIONS:
        cases.append(Case(["solve", *one, option, "1e400"], {}))
    for text in PGN_VARIANTS:
        cases.append(Case(["solve", "--pgn", "{f}", "--json", *BOUNDS], {"f": text.encode()}))
    return cases


def mutate(data: bytes, rng: random.Random) -> bytes:
    """One to four byte-level edits: flips, inserts, deletions, duplicated or cut lines."""
    data = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        kind = rng.randrange(7)
        at = rng.randrange(len(data) + 1)
        if kind == 0 and data:
            data[min(at, len(data) - 1)] = rng.randrange(256)
        elif kind == 1:
            data[at:at] = bytes([rng.choice([0xFF, 0xE9, 0x00, 0x80, 0x22, 0x7B, 0x5B])])
        elif kind == 2:
            del data[at : at + rng.randint(1, 40)]
        elif kind == 3:
            data[at:at] = rng.choice(ODD_NUMBERS).encode()
        elif kind == 4:
            lines = bytes(data).split(b"\n")
            i = rng.randrange(len(lines))
            lines.insert(i, lines[i])
            data = bytearray(b"\n".join(lines))
        elif kind == 5:
            del data[at:]
        else:
            data[at:at] = rng.choice([b" 0 1", b" bm #3;", b" dm -2;", b' id "x";', b"\\u0000"])
    return bytes(data)


def random_case(rng: random.Random) -> Case:
    """A call drawn from the shapes a user (or a broken file) can produce."""
    kind = rng.randrange(9)
    if kind == 8:
        option, base = rng.choice(
            [("--epd", rng.choice(SUITES)), ("--tree", rng.choice(TREES)), ("--pgn", None)]
        )
        data = mutate(base.read_bytes() if base else PGN_STANDARD.encode(), rng)
        shot = ["--steps", "3", "--screenshot", "out.png"]
        return Case([option, "{f}", *shot, "--max-nodes", "2000"], {"f": data})
    if kind <= 1:
        suite = rng.choice(SUITES)
        data = mutate(suite.read_bytes(), rng)
        wanted = rng.choice(["1", "14", "WAC.001", "WAC.213", "#1", "2"])
        return Case(["solve", "--epd", "{f}", "--id", wanted, "--json", *BOUNDS], {"f": data})
    if kind == 2:
        suite = rng.choice(SUITES)
        lines = mutate(suite.read_bytes(), rng).split(b"\n")[:3]
        return Case(
            ["suite", "{f}", "--max-nodes", "2000", "--time", "1"], {"f": b"\n".join(lines)}
        )
    if kind == 3:
        tree = rng.choice(TREES)
        return Case(
            ["solve", "--tree", "{f}", "--json", *BOUNDS], {"f": mutate(tree.read_bytes(), rng)}
        )
    if kind == 4:
        text = rng.choice([PGN_STANDARD, *PGN_VARIANTS]).encode()
        data = mutate(text, rng) if rng.random() < 0.7 else text
        return Case(["solve", "--pgn", "{f}", "--json", *BOUNDS], {"f": data})
    if kind == 5:
        option = rng.choice(WHOLE_OPTIONS + FLOAT_OPTIONS)
        value = rng.choice(ODD_NUMBERS)
        return Case(["solve", "--epd", "wac-mates", "--id", "1", "--json", f"{option}={value}"], {})
    if kind == 6:
        option = rng.choice(["--jobs", "--max-nodes", "--time"])
        value = rng.choice(ODD_NUMBERS)
        return Case(["suite", "paper-figures", "--max-nodes", "1000", f"{option}={value}"], {})
    fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"
    text = mutate(fen.encode(), rng).decode("utf-8", "replace").replace("\x00", "")
    return Case(["solve", text, "--json", *BOUNDS], {})


@dataclass
class Outcome:
    """What one call did, classified."""

    kind: str
    case: Case
    detail: str = ""


def false_mate(stdout: str) -> str:
    """Why a claimed mate is not one under standard chess rules, or ''."""
    try:
        data = json.loads(stdout)
    except ValueError:
        return ""
    if not isinstance(data, dict) or data.get("result") != "proved" or "fen" not in data:
        return ""
    if not data.get("main_line"):
        return ""
    try:
        board = chess.Board(data["fen"])
        for san in data["main_line"]:
            board.push_san(san)
    except ValueError as error:
        return f"line does not replay on a standard board: {error}"
    return "" if board.is_checkmate() else "final position of the line is not checkmate"


def run_case(case: Case, pn_explorer: str) -> Outcome:
    """Run one call in a scratch folder and classify its ending."""
    with tempfile.TemporaryDirectory() as folder:
        names = {}
        for key, data in case.files.items():
            path = Path(folder) / f"{key}.in"
            path.write_bytes(data)
            names[key] = str(path)
        args = [arg.format(**names) if "{" in arg and names else arg for arg in case.args]
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
        try:
            done = subprocess.run(
                [pn_explorer, *args],
                capture_output=True,
                cwd=folder,
                env=env,
                timeout=CALL_SECONDS,
                stdin=subprocess.DEVNULL,
            )
        except subprocess.TimeoutExpired:
            return Outcome("hang", case)
    stderr = done.stderr.decode("utf-8", "replace")
    stdout = done.stdout.decode("utf-8", "replace")
    if "Traceback" in stderr:
        return Outcome("traceback", case, stderr.strip().splitlines()[-1])
    if done.returncode == 0:
        why = false_mate(stdout)
        return Outcome("false mate", case, why) if why else Outcome("ok", case)
    lines = [line for line in stderr.splitlines() if line.strip()]
    if done.returncode == 2 and len(lines) == 1:
        return Outcome("clean error", case, lines[0])
    return Outcome(f"exit {done.returncode}, {len(lines)} stderr lines", case, stderr[-300:])


def fuzz(cases: int, seed: int, pn_explorer: str, workers: int = 2) -> list[Outcome]:
    """Run the hand-made cases and `cases` seeded random calls, two at a time."""
    rng = random.Random(seed)
    drawn = hand_made_cases() + [random_case(rng) for _ in range(cases)]
    with ThreadPoolExecutor(workers) as pool:
        return list(pool.map(lambda case: run_case(case, pn_explorer), drawn))


def find_command() -> str:
    """The installed `pn-explorer` beside this Python, else the one on PATH."""
    beside = Path(sys.executable).parent / "pn-explorer"
    return str(beside) if beside.exists() else (shutil.which("pn-explorer") or "pn-explorer")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    outcomes = fuzz(args.cases, args.seed, find_command())
    counts = Counter(outcome.kind for outcome in outcomes)
    for kind, count in counts.most_common():
        print(f"{count:6d}  {kind}")
    for outcome in outcomes:
        if outcome.kind not in ("ok", "clean error"):
            print(f"{outcome.kind}: {outcome.case.args} -> {outcome.detail[:200]}")


if __name__ == "__main__":
    main()
