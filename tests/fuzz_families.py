"""The campaign's calls read off the registries: every registered search on every game family, every
subcommand, the window's screenshot start with odd options and the window itself on a settings
file. A search or a family registered later joins the draw without a change here.

Each call knows what it asks for, so the harness can hold the answer against its own computation
(`fuzz_claims.Known`): an OpenSpiel game's verdict against an exhaustive value over OpenSpiel's own
states (`game_values`), a comparison's every row, a screenshot's size against `--size`, and a file
an option asked for against the files the call left.
"""

from __future__ import annotations

import random
from functools import cache

from fuzz_claims import BAD_SPECS, TIC_TAC_TOE_CELLS, Known

from pn_explorer.core.games.registry import spec_kinds
from pn_explorer.core.search.registry import names

SEARCHES = names()
"""Every registered search, the native df-pn and αβ with a table among them."""
STEPPABLE = names(steppable=True)
"""The searches the window steps."""
FAMILIES = tuple(family.name for family in spec_kinds())
"""Every board-game family the registry knows (m,n,k and OpenSpiel)."""
OPENSPIEL_GAMES = (
    "tic_tac_toe",
    "hex(board_size=2)",
    "hex(board_size=3)",
    "dots_and_boxes(num_rows=1,num_cols=1)",
    "dots_and_boxes(num_rows=1,num_cols=2)",
)
"""OpenSpiel games small enough for the harness's exhaustive value in a second."""
SIZES = ["800x560", "1024x768", "1400x900", "1920x1080"]
ODD_SIZES = ["1x1", "199x200", "-5x10", "800x600", "1024x768", "640x480", "201x333", "8001x600"]
ODD_SIZES += ["axb", "640x", "٣x3"]
BAD_OPTIONS = [
    ["--algo", "no-such-search"],
    ["--max-nodes", "0"],
    ["--time", "nan"],
    ["--steps", "-1"],
    ["--fen", "8/8/8/8/8/8/8/8 w - - 0 1"],
    ["--tree", "no-such-tree"],
    ["--game", "tic-tac-toe(m=3,m=4)"],
    ["--suite", "wac-mates", "--id", "WAC.999"],
    ["--phases", "1e400"],
    ["--init", "nothing"],
]
SETTINGS = """[problem]
kind={kind}
text={text}
item={item}

[search]
algo={algo}
max_nodes={cap}

[view]
speed=3
follow=true
"""
SETTINGS_PROBLEMS = [
    ("suite", "wac-mates", "WAC.001"),
    ("suite", "wac-mates", "WAC.213"),
    ("game", "tic-tac-toe(goal=draw)", ""),
    ("game", "mnk(m=1000)", ""),
    ("game", "openspiel:kuhn_poker", ""),
    ("tree", "figure-3-1", ""),
    ("tree", "random:depth=4,seed=3", ""),
    ("fen", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", ""),
    ("fen", "not a fen", ""),
    ("nothing", "", ""),
]


@cache
def _legal_starts(game: str) -> tuple[tuple[int, ...], ...]:
    """Short openings of `game` (action ids), the empty one first: positions to search from."""
    import pyspiel

    starts: list[tuple[int, ...]] = [()]
    state = pyspiel.load_game(game).new_initial_state()
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        starts.append((action,))
        for reply in child.legal_actions()[:3]:
            starts.append((action, reply))
    return tuple(starts)


def _with(game: str, extra: list[str]) -> str:
    """`openspiel:game` with our settings added to the game's own."""
    if not extra:
        return f"openspiel:{game}"
    if game.endswith(")"):
        return f"openspiel:{game[:-1]},{','.join(extra)})"
    return f"openspiel:{game}({','.join(extra)})"


def openspiel_case(rng: random.Random) -> tuple[list[str], Known]:
    """Any search on a small OpenSpiel game, for either player and goal, from a short opening."""
    game = rng.choice(OPENSPIEL_GAMES)
    start = rng.choice(_legal_starts(game))
    player, goal = rng.randrange(2), rng.choice(["win", "draw"])
    extra = [f"goal={goal}"] if goal != "win" or rng.random() < 0.5 else []
    if player or rng.random() < 0.5:
        extra.append(f"player={player}")
    if start:
        extra.append("moves=" + ".".join(map(str, start)))
    args = ["solve", "--game", _with(game, extra), "--algo", rng.choice(SEARCHES)]
    args += ["--max-nodes", str(rng.choice([50, 5000, 100000])), "--time", "8"]
    if rng.random() < 0.5:
        args.append("--json")
    return args, Known(openspiel=(game, player, goal, start))


def _mnk_spec(rng: random.Random) -> tuple[str, Known]:
    player, goal = rng.randrange(2), rng.choice(["win", "draw"])
    cells = rng.sample(TIC_TAC_TOE_CELLS, rng.randint(0, 3))
    start = [("abc".index(cell[0]), int(cell[1]) - 1) for cell in cells]
    options = [f"goal={goal}", f"player={'xo'[player]}"]
    if cells:
        options.append(f"moves={'.'.join(cells)}")
    spec = f"tic-tac-toe({','.join(options)})"
    return spec, Known(board_game=(3, 3, 3, False, player, goal, start))


def compare_case(rng: random.Random) -> tuple[list[str], Known]:
    """`compare` on a board game with two to four searches: every row's claim is checked."""
    if rng.random() < 0.5:
        spec, known = _mnk_spec(rng)
    else:
        args, known = openspiel_case(rng)
        spec = args[2]
    algos = rng.sample(SEARCHES, rng.randint(2, 4))
    args = ["compare", "--game", spec, "--algos", ",".join(algos), "--time", "5"]
    args += ["--max-nodes", str(rng.choice([200, 20000])), "--jobs", "1", "--json", "rows.json"]
    known.files.append("rows.json")
    return args, known


def bench_case(rng: random.Random) -> tuple[list[str], Known]:
    """`bench --game` on a board game of either family (every row's verdict checked), or `bench`
    with an odd value (refused or measured)."""
    choice = rng.randrange(5)
    if choice <= 2:
        spec, known = _mnk_spec(rng)
    elif choice == 3:
        args, known = openspiel_case(rng)
        spec = args[2]
    else:
        odd = rng.choice(
            [
                ["--nodes", rng.choice(["0", "-1", "1e400", "½", "٣"])],
                ["--memory-nodes", "1000"],
                ["--algo", rng.choice(["abtt", "x"])],
                ["--game", rng.choice(BAD_SPECS)],
            ]
        )
        return ["bench", *odd, "--nodes", "800"], Known()
    known.bench = True
    return ["bench", "--game", spec, "--nodes", "3000", "--time", "3", "--json"], known


def window_case(rng: random.Random) -> tuple[list[str], Known]:
    """The window's offscreen start on any family with any steppable search and an odd size, or
    with a bad option: a screenshot is written at the size asked, or the call is refused."""
    if rng.random() < 0.25:
        return [*rng.choice(BAD_OPTIONS), "--screenshot", "out.png"], Known()
    family = rng.choice(["chess", "tree", *FAMILIES])
    if family == "chess":
        problem = ["--suite", "mate-in-2", "--id", str(rng.randint(1, 5))]
    elif family == "tree":
        problem = ["--tree", rng.choice(["figure-3-1", "small-proof", "random:depth=5,seed=2"])]
    elif family == "openspiel":
        problem = ["--game", _with(rng.choice(OPENSPIEL_GAMES), [])]
    else:
        problem = ["--game", _mnk_spec(rng)[0]]
    size = rng.choice(ODD_SIZES if rng.random() < 0.3 else SIZES)
    args = [*problem, "--algo", rng.choice(STEPPABLE), "--max-nodes", "3000"]
    args += ["--steps", str(rng.choice([0, 1, 5, 40])), "--size", size, "--screenshot", "out.png"]
    known = Known(files=["out.png"])
    width, _, height = size.partition("x")
    if width.isascii() and width.isdigit() and height.isascii() and height.isdigit():
        known.size = (int(width), int(height))
    return args, known


def settings_case(rng: random.Random, mutate) -> tuple[list[str], Known, bytes]:
    """The window itself, opened on a settings file (mutated or not) and closed after a second."""
    kind, text, item = rng.choice(SETTINGS_PROBLEMS)
    ini = SETTINGS.format(
        kind=kind,
        text=text,
        item=item,
        algo=rng.choice([*STEPPABLE, "x"]),
        cap=rng.choice(["5000", "0", "-3", "1e400", "٣"]),
    ).encode()
    if rng.random() < 0.5:
        ini = mutate(ini, rng)
    return ["{window}"], Known(settings=True), ini


def family_case(rng: random.Random, mutate) -> tuple[list[str], Known, bytes]:
    """One call of the registries' draw: a game family's search, a comparison, a benchmark, a
    screenshot or the window on a settings file."""
    kind = rng.randrange(6)
    if kind <= 1:
        return (*openspiel_case(rng), b"")
    if kind == 2:
        return (*compare_case(rng), b"")
    if kind == 3:
        return (*bench_case(rng), b"")
    if kind == 4:
        return (*window_case(rng), b"")
    return settings_case(rng, mutate)
