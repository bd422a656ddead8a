"""Classroom positions: built-in positions and board games, each paired with the preset that shows
its point within a minute, and that point in one line (File → Classroom positions).

The node counts in the lines are the engine's own (deterministic; measured with `pn-explorer
solve` and checked by tests/app/test_classroom.py): the mobility-initialised PN (§3.3.1), the
classroom Pn² preset whose second level grows within the first few hundred nodes, and the paper's
Pn² preset (§4.4), which proves a mate PN cannot within the same node cap. The board games are
Allis's: tic-tac-toe, whose answer every student knows, and a Connect-Four board small enough to
read, where DAG PN's merging of transpositions shows.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.search.defaults import DAGPN, DEFAULT_PN2_CAP, PN, PN2
from .search_setup import SearchParams
from .sources import GAME, SUITE, Source

CLASSROOM_PN2 = SearchParams(PN2, 5_000, a=30.0, b=10.0)
"""Small N, a and b: from the second iteration on, each second-level search gets about as many
nodes as the first level holds (f(x) ≈ 1 past x ≈ 60), so its tree grows several levels deep
inside its band, small enough to step through with F11. (With a = 300, b = 100 the first
second-level searches only expand their root: there is nothing to see.)"""
PAPER_PN2 = SearchParams(PN2)
"""Breuker's best setting (§4.4): N = 300K, a = 600K, b = 80K."""
PN_DEFAULT = SearchParams(PN)
"""PN with mobility initialisation and the thesis's 1,000,000-node budget (Table 3.1)."""
DAG_PN = SearchParams(DAGPN)
"""PN on a graph: a position reached by different move orders is one node."""

PRESET_NAMES = {
    PN_DEFAULT: "PN",
    CLASSROOM_PN2: "Pn² classroom",
    PAPER_PN2: "Pn² paper",
    DAG_PN: "DAG PN",
}


@dataclass(frozen=True, slots=True)
class Lesson:
    """A position, the preset to run it with, and what it shows, in one line."""

    source: Source
    params: SearchParams
    point: str
    name: str = ""
    """What the menu calls the problem, where its source has no position id (a board game)."""

    @property
    def title(self) -> str:
        return f"{PRESET_NAMES[self.params]} · {self.name or self.source.item}"


def _wac(position: str) -> Source:
    return Source(SUITE, "wac-mates", position)


LESSONS = (
    Lesson(
        _wac("WAC.001"),
        PN_DEFAULT,
        "mate in 2 in 4,275 nodes: mobility (§3.3.1) makes PN look first at the moves that "
        "leave Black the fewest replies, such as the checks",
    ),
    Lesson(
        _wac("WAC.014"),
        PN_DEFAULT,
        "Figure 3.9: the quiet 2.Qf6 leaves Black many replies, so PN needs 335,936 nodes "
        "for this mate in 4",
    ),
    Lesson(
        _wac("WAC.001"),
        CLASSROOM_PN2,
        "from iteration 2 each second-level search grows several levels deep (F11 steps into "
        "it); 47 are grown and thrown away: 7,686 nodes created, never more than 1,239 in memory",
    ),
    Lesson(
        _wac("WAC.055"),
        CLASSROOM_PN2,
        "a mate in 4 in 82,169 nodes created under a 5,000-node cap (peak 4,397), the second "
        "level visible from iteration 2: time traded for memory",
    ),
    Lesson(
        _wac("WAC.014"),
        PAPER_PN2,
        f"PN capped at {DEFAULT_PN2_CAP:,} nodes runs out here; Pn² with the same N proves "
        "the mate in 4 holding at most 139,130 nodes (592,736 created)",
    ),
    Lesson(
        Source(GAME, "tic-tac-toe(goal=draw)"),
        PN_DEFAULT,
        "X can at least draw, as every student knows: PN proves it in 1,773 nodes, and the "
        "proof, which answers every reply of O, keeps 194 of them",
        "tic-tac-toe, X at least draws",
    ),
    Lesson(
        Source(GAME, "tic-tac-toe"),
        PN_DEFAULT,
        "X cannot force a win: the goal is disproved in 6,620 nodes, for every first move "
        "of X a defence of O that holds the draw",
        "tic-tac-toe, X wins",
    ),
    Lesson(
        Source(GAME, "connect-four(columns=4,rows=4,goal=draw)"),
        DAG_PN,
        "X can at least draw on a 4×4 Connect-Four board: DAG PN proves it in 12,015 nodes "
        "by searching once a position that several move orders reach (PN needs 41,953)",
        "Connect-Four 4×4, X at least draws",
    ),
)
"""Two per preset where one is not enough to show it, and the board games; each ends within a
minute on a laptop."""
