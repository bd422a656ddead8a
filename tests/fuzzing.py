"""Seeded mutation fuzzing of the real `pn-explorer` command (headless subcommands and the window's
offscreen `--screenshot` start): bad files and odd option values.

Every call must end in an outcome's exit status (`core.cli.output`: proved, or `solve`'s disproved
and unknown; any mate it claims confirmed by python-chess's standard board) or exit 2 with exactly
one line on stderr besides the progress lines: never a traceback, never a hang, never another
status but exit 3 for a verdict the call says it could not certify. Every statement of fact a call
prints or writes is held against a computation of the harness's own (`fuzz_claims`): a "mate in N"
or "no mate in N or fewer" (N ≤ 3) by brute force, a PGN's Result tag by its moves, a JSON "proved"
row by its verification and line, a suite's counts by its rows, a board game's verdict by negamax,
a tree's by the file;
the side attacking is drawn too (`--attacker`), and board games (`--game`, bad specs among them)
join the draw. The registries' draw (`fuzz_families`) adds every registered search on every game
family (an OpenSpiel verdict held against an exhaustive value over OpenSpiel's own states),
`compare` (every row's claim), `bench`, the window's screenshot start with odd sizes and options,
and the window itself on a settings file (`window_once.py`). A call that ran but did not give
what an option asked for (a file not written, a screenshot not of the size asked) is counted as
`ignored`: accepted, then not honoured.

Besides the random draw, every run makes a fixed set of calls: the reported defects, trees
10,000 plies deep and tens of thousands of children wide (each within the same time bound, their
text output in short lines), and every count option at its limits (the bound itself taken, one
past it refused naming the option). The test suite runs a few hundred cases; a deeper run is
`python tests/fuzzing.py --cases 3000 --seed 20261202 --call-seconds 120 --log run.jsonl`
(prints the count per outcome, of the claims checked and of the calls per command, search and
family; `--report run.jsonl` reports on a run stopped part way; the latest figures are in
docs/benchmarks.md, "Fuzzing").
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

import chess

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from command_lines import count_options  # noqa: E402
from deep_trees import chain, fan  # noqa: E402
from fuzz_claims import (  # noqa: E402
    Known,
    attacker_options,
    claim_case,
    false_claim,
    ignored_option,
)
from fuzz_claims import mate_in_two_fens as _mate_in_two_fens  # noqa: E402
from fuzz_families import FAMILIES, SEARCHES, family_case  # noqa: E402

from pn_explorer.core.cli.output import (  # noqa: E402
    EXIT_DISPROVED,
    EXIT_PROVED,
    EXIT_UNKNOWN,
    EXIT_USER_ERROR,
    EXIT_VERIFICATION_FAILED,
    outcome_status,
)

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
MATE_IN_ONE = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"
DEEP = 10_000
WIDE = 30_000
LONGEST_OUTPUT_LINE = 1_000
"""Text output keeps lines short: a main line thousands of plies long is elided (JSON keeps it)."""
UNKNOWN_OPTION = "--no-such-option"
OUTCOMES = (EXIT_PROVED, EXIT_DISPROVED, EXIT_UNKNOWN)
"""The statuses of a call that ran: proved (or a suite run to its end), disproved, unknown."""
PROGRESS = re.compile(
    r"^pn-explorer \w+: (checking the result: )?[\d,/]+ (nodes|positions|runs)( read out)? · "
)
"""A progress line on stderr (`core.cli.progress`), which a long search writes before its end
(and `solve` while it reads out and replays a long result)."""
"""Put after counts at their limits: the parser reads every value first, so refusing this and
nothing else shows that each limit was taken, without running the work it asks for."""
COMMANDS = {"pn-explorer": [], "bench --gui": ["bench", "--gui"]}
"""How the fuzzed command reaches each parser of `command_lines` that is not a subcommand."""
SUBCOMMANDS = ("solve", "suite", "bench", "compare")
WINDOW = "{window}"
"""A case whose command is the window itself on a settings file (`tests/window_once.py`)."""
SETTINGS_FILE = Path("config") / "pn-explorer" / "PN Explorer.ini"
"""Where a call's settings file goes in its scratch folder (XDG_CONFIG_HOME is the folder's
`config`: no call reads or writes the user's own settings)."""
FLOAT_OPTIONS = ["--time", "--a", "--b"]


@dataclass
class Case:
    """One call: the arguments, the files it needs written first, and what a limit or a deep
    tree case checks besides: `refused OPTION`, `accepted` (only UNKNOWN_OPTION refused) or
    `short lines`."""

    args: list[str]
    files: dict[str, bytes]
    expect: str = ""
    known: Known | None = None
    """What the harness knows of the problem, to hold the call's claims against."""


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


def _tree_bytes(data: dict) -> bytes:
    return json.dumps(data).encode()


def deep_and_wide_cases() -> list[Case]:
    """Trees 10,000 plies deep and 30,000 children wide, solved, explained and drawn: each within
    the harness's time bound, text output in short lines; a node too wide is refused."""
    deep, snapshot = _tree_bytes(chain(DEEP)), _tree_bytes(chain(DEEP, snapshot=True))
    wide = _tree_bytes(fan(WIDE))
    shot = ["--steps", "5", "--screenshot", "out.png"]
    return [
        Case(["solve", "--tree", "{f}"], {"f": deep}, "short lines"),
        Case(["solve", "--tree", "{f}", "--json"], {"f": deep}),
        Case(["solve", "--tree", "{f}", "--explain"], {"f": snapshot}, "short lines"),
        Case(["--tree", "{f}", *shot], {"f": deep}),
        Case(["--tree", "{f}", *shot], {"f": snapshot}),
        Case(["solve", "--tree", "{f}"], {"f": wide}, "short lines"),
        Case(["--tree", "{f}", *shot], {"f": wide}),
        Case(["solve", "--tree", "{f}"], {"f": _tree_bytes(fan(2**16))}, "refused children"),
    ]


def limit_cases() -> list[Case]:
    """Every count option `pn-explorer` takes, at and beyond its bounds (read off the parsers, so
    a new option is covered as it is added); the counts a mate in one ends early under also run
    for real at their largest."""
    cases: list[Case] = []
    at_most: dict[tuple[str, ...], list[str]] = {}
    at_least: dict[tuple[str, ...], list[str]] = {}
    for name, _parser, needed, action in count_options():
        if name in COMMANDS:
            prefix = [*COMMANDS[name], *needed]
        elif name in SUBCOMMANDS:
            prefix = [name, *needed]
        else:
            continue  # the `python -m` bench tools: `test_count_options.py` walks those
        option, read = action.option_strings[0], action.type
        for beyond in (read.maximum + 1, read.minimum - 1):
            cases.append(Case([*prefix, option, str(beyond)], {}, f"refused {option}"))
        at_most.setdefault(tuple(prefix), []).extend([option, str(read.maximum)])
        at_least.setdefault(tuple(prefix), []).extend([option, str(read.minimum)])
    for counts in (at_most, at_least):
        for prefix, options in counts.items():
            cases.append(Case([*prefix, *options, UNKNOWN_OPTION], {}, "accepted"))
    most = {
        (name, action.option_strings[0]): str(action.type.maximum)
        for name, _, _, action in count_options()
        if action.option_strings
    }

    def largest(name: str, *options: str) -> list[str]:
        return [text for option in options for text in (option, most[(name, option)])]

    # A cap of a billion nodes is more than this machine's memory holds (its own clean error),
    # so the runs take the counts a mate in one ends early under at their largest.
    solve = ["solve", MATE_IN_ONE, "--json"]
    one = {"f": f"{MATE_IN_ONE} bm Ra8#;\n".encode()}
    shot = ["--screenshot", "out.png"]
    cases += [
        Case([*solve, *largest("solve", "--iterations", "--export-max-nodes")], {}),
        Case([*solve, "--algo", "ab", *largest("solve", "--depth")], {}),
        Case(["suite", "{f}", *largest("suite", "--iterations", "--depth")], one),
        Case(["--fen", MATE_IN_ONE, *largest("pn-explorer", "--steps", "--phases"), *shot], {}),
    ]
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


MATE_IN_TWO = _mate_in_two_fens()


def random_case(rng: random.Random) -> Case:
    """A call drawn from the shapes a user (or a broken file) can produce, or one that states
    facts the claim checks hold against their own computation (`fuzz_claims`)."""
    kind = rng.randrange(18)
    if kind >= 13:
        args, known, data = family_case(rng, mutate)
        return Case(args, {"settings": data} if data else {}, known=known)
    if kind >= 9:
        args, known, data = claim_case(rng, MATE_IN_TWO)
        return Case(args, {"f": data} if data else {}, known=known)
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
        side, other = attacker_options(rng)
        args = ["solve", "--epd", "{f}", "--id", wanted, *side, "--json", *BOUNDS]
        return Case(args, {"f": data}, known=Known(other=other if side else None))
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
        side, other = attacker_options(rng)
        args = ["solve", "--pgn", "{f}", *side, "--json", *BOUNDS]
        return Case(args, {"f": data}, known=Known(other=other))
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
    side, other = attacker_options(rng)
    return Case(["solve", text, *side, "--json", *BOUNDS], {}, known=Known(other=other))


@dataclass
class Outcome:
    """What one call did, classified."""

    kind: str
    case: Case
    detail: str = ""
    claims: int = 0
    """How many of its statements of fact were held against an independent computation."""


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


def false_status(case: Case, status: int, stdout: str) -> str:
    """Why `solve --json`'s exit status does not say the result it printed, or ''."""
    if not case.args or case.args[0] != "solve":
        return ""
    try:
        data = json.loads(stdout)
    except ValueError:
        return ""
    if not isinstance(data, dict) or not isinstance(data.get("result"), str):
        return ""
    wanted = outcome_status(data["result"])
    return "" if status == wanted else f"exit {status} for a {data['result']} result"


def run_case(case: Case, pn_explorer: str, seconds: float = CALL_SECONDS) -> Outcome:
    """Run one call in a scratch folder and classify its ending (a hang: still running after
    `seconds`)."""
    with tempfile.TemporaryDirectory() as folder:
        names = {}
        for key, data in case.files.items():
            path = Path(folder) / (SETTINGS_FILE if key == "settings" else f"{key}.in")
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            names[key] = str(path)
        if case.args[:1] == [WINDOW]:
            command = [sys.executable, str(ROOT / "tests" / "window_once.py"), *case.args[1:]]
        else:
            command = [pn_explorer, *case.args]
        args = [arg.format(**names) if "{" in arg and names else arg for arg in command]
        env = dict(
            os.environ, QT_QPA_PLATFORM="offscreen", XDG_CONFIG_HOME=str(Path(folder) / "config")
        )
        try:
            done = subprocess.run(
                args,
                capture_output=True,
                cwd=folder,
                env=env,
                timeout=seconds,
                stdin=subprocess.DEVNULL,
            )
        except subprocess.TimeoutExpired:
            return Outcome("hang", case)
        stderr = done.stderr.decode("utf-8", "replace")
        stdout = done.stdout.decode("utf-8", "replace")
        outcome = checked(case, classified(case, done.returncode, stdout, stderr), stdout)
        if outcome.kind != "ok" or case.known is None:
            return outcome
        why = ignored_option(case.known, Path(folder))
        if why:
            return Outcome("ignored", case, why)
        why, claims = false_claim(case.known, stdout, Path(folder))
    return Outcome("false claim", case, why, claims) if why else Outcome("ok", case, "", claims)


def classified(case: Case, status: int, stdout: str, stderr: str) -> Outcome:
    """What every call must do: an outcome's status without a false mate, or exit 2 with one
    line (progress lines aside)."""
    if "Traceback" in stderr:
        return Outcome("traceback", case, stderr.strip().splitlines()[-1])
    if status in OUTCOMES:
        why = false_mate(stdout)
        if why:
            return Outcome("false mate", case, why)
        why = false_status(case, status, stdout)
        return Outcome("false claim", case, why) if why else Outcome("ok", case)
    if status == EXIT_VERIFICATION_FAILED and "not certified" in stdout:
        return Outcome("not certified", case)  # a verdict it could not certify, and says so
    lines = [line for line in stderr.splitlines() if line.strip() and not PROGRESS.match(line)]
    if status == EXIT_USER_ERROR and len(lines) == 1:
        return Outcome("clean error", case, lines[0])
    return Outcome(f"exit {status}, {len(lines)} stderr lines", case, stderr[-300:])


def checked(case: Case, outcome: Outcome, stdout: str) -> Outcome:
    """A limit or deep-tree case's own check, on a call that ended acceptably."""
    want, _, subject = case.expect.partition(" ")
    if not want or outcome.kind not in ("ok", "clean error"):
        return outcome
    if want == "refused" and not (outcome.kind == "clean error" and subject in outcome.detail):
        return Outcome("bound not checked", case, outcome.detail or outcome.kind)
    if want == "accepted" and UNKNOWN_OPTION not in outcome.detail:
        return Outcome("limit refused", case, outcome.detail or outcome.kind)
    if want == "short lines":
        if outcome.kind != "ok":
            return Outcome("deep tree refused", case, outcome.detail)
        longest = max((len(line) for line in stdout.splitlines()), default=0)
        if longest > LONGEST_OUTPUT_LINE:
            return Outcome("long line", case, f"a stdout line of {longest:,} characters")
    return outcome


def fixed_cases() -> list[Case]:
    """The calls every run makes: the reported defects, deep and wide trees, count limits."""
    return hand_made_cases() + deep_and_wide_cases() + limit_cases()


def run_cases(
    drawn: list[Case],
    pn_explorer: str,
    workers: int = 2,
    progress: bool = False,
    seconds: float = CALL_SECONDS,
    log: TextIO | None = None,
) -> list[Outcome]:
    """Run `drawn`, `workers` calls at a time (`progress`: the counts so far every 100 calls and
    each bad ending as it comes, and `log` each outcome, so a run stopped early still says what
    ran)."""
    with ThreadPoolExecutor(workers) as pool:
        outcomes = []
        for outcome in pool.map(lambda case: run_case(case, pn_explorer, seconds), drawn):
            outcomes.append(outcome)
            if log is not None:
                print(logged(outcome), file=log, flush=True)
            if not progress:
                continue
            if outcome.kind not in ("ok", "clean error"):
                print(f"{outcome.kind}: {outcome.case.args} -> {outcome.detail[:300]}", flush=True)
            if len(outcomes) % 100 == 0:
                counts = dict(Counter(o.kind for o in outcomes).most_common())
                claims = sum(o.claims for o in outcomes)
                print(
                    f"{len(outcomes):,} of {len(drawn):,} calls: {counts}, {claims} claims",
                    file=sys.stderr,
                    flush=True,
                )
        return outcomes


def command_of(case: Case) -> str:
    """Which command a call reaches: a subcommand, the window's screenshot start or the window."""
    if case.args[:1] == [WINDOW]:
        return "window (settings file)"
    subcommand = case.args[0] if case.args else ""
    return subcommand if subcommand in SUBCOMMANDS else "window (screenshot)"


def searches_of(case: Case) -> list[str]:
    """The registered searches a call names (`--algo`, `--algos`)."""
    found = []
    for option, value in zip(case.args, case.args[1:], strict=False):
        if option in ("--algo", "--algos"):
            found += [name for name in value.split(",") if name in SEARCHES]
        elif option.startswith("--algo="):
            found += [name for name in option.split("=", 1)[1].split(",") if name in SEARCHES]
    return found


def family_of(case: Case) -> str:
    """The game family a call is on: chess, a tree, or a registered board-game family."""
    if case.known is not None and case.known.openspiel is not None:
        return "openspiel"
    for option, value in zip(case.args, case.args[1:], strict=False):
        if option == "--game":
            return "openspiel" if value.startswith("openspiel:") else "mnk"
        if option == "--tree":
            return "tree"
    return "chess"


def coverage(outcomes: list[Outcome]) -> dict[str, Counter]:
    """How many calls reached each command, search and family, and how many of those ran (an
    outcome's status rather than a refusal)."""
    table: dict[str, Counter] = {"command": Counter(), "search": Counter(), "family": Counter()}
    ran: dict[str, Counter] = {"command": Counter(), "search": Counter(), "family": Counter()}
    for outcome in outcomes:
        keys = {
            "command": [command_of(outcome.case)],
            "search": searches_of(outcome.case),
            "family": [family_of(outcome.case)],
        }
        for axis, values in keys.items():
            for value in values:
                table[axis][value] += 1
                ran[axis][value] += outcome.kind == "ok"
    return {f"{axis} (calls)": table[axis] for axis in table} | {
        f"{axis} (ran)": ran[axis] for axis in ran
    }


def find_command() -> str:
    """The installed `pn-explorer` beside this Python, else the one on PATH."""
    beside = Path(sys.executable).parent / "pn-explorer"
    return str(beside) if beside.exists() else (shutil.which("pn-explorer") or "pn-explorer")


def report(outcomes: list[Outcome]) -> None:
    """The counts per outcome, of the claims checked and of the calls per command, search and
    family (called and run), and any search or family that never ran."""
    counts = Counter(outcome.kind for outcome in outcomes)
    for kind, count in counts.most_common():
        print(f"{count:6d}  {kind}")
    print(f"{sum(o.claims for o in outcomes):6d}  claims checked independently")
    covered = coverage(outcomes)
    for axis, counted in covered.items():
        print(f"{axis}: " + ", ".join(f"{name} {n}" for name, n in sorted(counted.items())))
    missing = [name for name in SEARCHES if not covered["search (ran)"][name]]
    missing += [name for name in FAMILIES if not covered["family (ran)"][name]]
    if missing:
        print(f"never ran: {', '.join(missing)}")


def logged(outcome: Outcome) -> str:
    """One outcome as a JSON line (`--log`), enough to report on a run stopped part way."""
    known = outcome.case.known
    return json.dumps(
        {
            "kind": outcome.kind,
            "args": outcome.case.args,
            "detail": outcome.detail[:300],
            "claims": outcome.claims,
            "openspiel": known is not None and known.openspiel is not None,
        }
    )


def from_log(line: str) -> Outcome:
    data = json.loads(line)
    known = Known(openspiel=("",) if data["openspiel"] else None)
    case = Case(data["args"], {}, known=known)
    return Outcome(data["kind"], case, data["detail"], data["claims"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--call-seconds", type=float, default=CALL_SECONDS, help="a call still running is a hang"
    )
    parser.add_argument("--skip", type=int, default=0, help="leave out the first N calls")
    parser.add_argument("--log", type=Path, help="append each outcome as a JSON line")
    parser.add_argument("--report", type=Path, nargs="+", help="only report on these logs")
    args = parser.parse_args()
    if args.report:
        lines = [line for log in args.report for line in log.read_text().splitlines()]
        report([from_log(line) for line in lines if line.strip()])
        return
    rng = random.Random(args.seed)
    drawn = fixed_cases() + [random_case(rng) for _ in range(args.cases)]
    log = args.log.open("a", encoding="utf-8") if args.log else None
    outcomes = run_cases(
        drawn[args.skip :], find_command(), args.workers, True, args.call_seconds, log
    )
    report(outcomes)


if __name__ == "__main__":
    main()
