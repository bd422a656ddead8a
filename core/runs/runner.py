"""From a finished search to a verified record, and running many searches in worker processes:
the one path every front end (solve, suite, compare, the window's result and comparison panels)
takes.

`describe_search` is the only place a search's proof becomes a mate: the proof is replayed under
the game's own rules by its kind's verifier (`GameKind.verify`: the independent python-chess
replay of `core.proofs.verify` for chess, the file's own data for explicit trees) first, and a
proof it rejects is recorded as unverified, with the verifier's reason, never as a mate.
`run_each` runs many of them, in worker processes with `--jobs` (`core.runs.workers`, the one
process loop, which the app's background jobs poll too).
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from contextlib import closing
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from ..errors import InvalidLimitError, PnExplorerError, VerificationError
from ..games.chess_game import ChessGame
from ..games.game import Game
from ..games.kinds import Source
from ..games.registry import kind_named, kind_of, load_problem
from ..inputs.boards import parse_fen
from ..inputs.positions import SuitePosition
from ..proofs.claims import NO_FORCED_MATE, checked_disproof_text, uncertified_text, verdict
from ..proofs.proof import ProofNode
from ..search.completion import completed
from ..search.contract import Search
from ..search.types import Limits, Result
from .memory import measured_peak

if TYPE_CHECKING:  # the worker processes are imported where a run needs them
    from .cluster import ClusterWorkers
    from .workers import Workers


class Journal(Protocol):
    """Where a run of many searches keeps each finished record (`core.runs.journal.Journal`)."""

    done: dict[str, RunRecord]
    """The records written before, by `item_key`: handed back without running them again."""

    def open(self) -> None: ...

    def add(self, item: WorkItem, record: RunRecord) -> None: ...

    def close(self) -> None: ...


ERROR = "error"
"""The verdict of a run whose claimed proof the verifier rejected (a bug, never a mate)."""

REJECTED = "proof rejected by the verifier: "

UNCERTIFIED = "uncertified"
"""The verdict of a disproof that the independent replay did not accept: no claim."""

CLAIMED = "claimed"
"""The verdict of an outside engine's mate (`uci:` in a comparison): it has no proof tree, so its
mate is its claim, never counted as a verified, solved mate."""

Factory = Callable[[Game, Limits], Search]
"""Builds a search on a game with limits (`functools.partial(create_search, spec)`)."""


@dataclass(slots=True)
class RunRecord:
    """One search on one problem: its verdict, its cost and, once verified, its proof (a mate).

    `result` is "proved" only for a proof the verifier accepted: a proof it rejected is `ERROR`,
    so no row, file or sentence built from a record can call an unverified claim a mate.
    Flat enough for CSV and JSON (`to_dict`). `game` names the game kind and `position` is the
    root as the kind describes it (a FEN, a tree's root node); `fen` repeats it for a chess
    position (else ""), as chess output has always had it. `main_line` is the kind's move labels
    (SAN for chess, node names for an explicit tree); `line_moves` are the same moves as game move
    codes (to play them through).
    """

    id: str
    fen: str
    algorithm: str
    result: str
    reason: str
    nodes_created: int
    nodes_in_memory: int
    peak_nodes_in_memory: int
    iterations: int
    seconds: float
    mate_in: int | None = None
    main_line: list[str] = field(default_factory=list)
    first_move: str = ""
    verified: bool | None = None
    verification_error: str = ""
    proof_size: int | None = None
    proof_depth: int | None = None
    best_moves: list[str] = field(default_factory=list)
    agrees_with_bm: bool | None = None
    known_mate_length: int | None = None
    second_level_searches: int | None = None
    transpositions: int | None = None
    table_hits: int | None = None
    refutation: list[list[str]] = field(default_factory=list)
    line_moves: list[int] = field(default_factory=list)
    game: str = ChessGame.kind
    position: str = ""
    shortest_mate_in: int | None = None
    """With `compare --shortest`: the shortest verified mate the bounded df-pn found from here
    (`core.search.dfpn_shortest`), and whether it is certified (none shorter: disproved)."""
    shortest_certified: bool | None = None
    claim: str = ""
    """What the verified result establishes, in words (`core.proofs.claims.verdict`: "mate in
    2", "no forced mate", "X can at least draw"): the one sentence every front end prints for a
    solved root; '' for an unsolved search, a rejected proof or an uncertified disproof."""
    disproof_certified: bool | None = None
    """For a disproved chess root (`certify_disproof`): whether the independent replay of the
    search's disproof accepted it; None where no such replay applies (not chess)."""
    disproof_positions: int | None = None
    """The positions that replay went through, where it accepted the disproof."""
    disproof_error: str = ""
    """Why that replay did not accept the disproof."""
    peak_memory: int | None = None
    """Bytes the process's resident memory grew by at its peak while the search was built and
    ran (`core.runs.memory`: the kernel's peak, reset before the run); None where not measured."""

    def __post_init__(self) -> None:
        if self.result == Result.PROVED.value and self.verified is False:
            self.result = ERROR
        if not self.position:
            self.position = self.fen

    @property
    def nodes_per_second(self) -> float:
        return self.nodes_created / self.seconds if self.seconds > 0 else 0.0

    @property
    def rejected(self) -> bool:
        """The search claimed a proof and the verifier rejected it."""
        return self.result == ERROR

    @property
    def verdict(self) -> str:
        """proved / disproved / unknown, `error` for a rejected proof or `uncertified` for a
        disproof the replay did not accept (the comparison's word)."""
        return UNCERTIFIED if self.uncertified else self.result

    @property
    def verdict_reason(self) -> str:
        if self.rejected:
            return REJECTED + self.verification_error
        return self.disproof_text if self.uncertified else self.reason

    @property
    def solved(self) -> bool:
        """Proved and verified, or disproved (and certified, where a chess root's disproof was
        replayed): what the suite and the comparison count as solved."""
        return (self.result == Result.PROVED.value and bool(self.verified)) or (
            self.result == Result.DISPROVED.value and not self.uncertified
        )

    @property
    def uncertified(self) -> bool:
        """A disproof the search found and the independent replay did not accept: it claims
        nothing."""
        return self.disproof_certified is False

    @property
    def disproof_text(self) -> str:
        """What the replay of the search's disproof said, in words; '' where there was none."""
        if self.disproof_certified is None:
            return ""
        if self.disproof_certified:
            said = self.claim or NO_FORCED_MATE
            return checked_disproof_text(said, self.nodes_created, self.disproof_positions or 0)
        return uncertified_text(self.disproof_error)

    def to_dict(self) -> dict:
        """The JSON row of `solve --json` and `suite --json`."""
        data = asdict(self)
        del data["line_moves"]
        data["nodes_per_second"] = round(self.nodes_per_second, 1)
        return data


def describe_search(
    game: Game,
    search: Search,
    algorithm: str,
    position_id: str = "",
    best_moves: Sequence[str] = (),
    known_mate_length: int | None = None,
) -> RunRecord:
    """The record of a finished search: a proof is verified before it is described as a mate."""
    outcome = search.outcome
    if outcome is None:
        raise ValueError("only a finished search has a record")
    kind = kind_of(game)
    position = kind.root_text(game)
    record = RunRecord(
        id=position_id,
        fen=position if game.capabilities.standard_chess else "",
        algorithm=algorithm,
        result=outcome.result.value,
        reason=str(outcome),
        nodes_created=search.nodes_created,
        nodes_in_memory=search.nodes_in_memory,
        peak_nodes_in_memory=search.peak_nodes_in_memory,
        iterations=search.iterations,
        seconds=search.elapsed,
        best_moves=list(best_moves),
        known_mate_length=known_mate_length,
        second_level_searches=search.second_level_searches,
        transpositions=search.transpositions,
        table_hits=search.table_hits,
        game=kind.name,
        position=position,
    )
    tree = search.tree
    if outcome.result is Result.PROVED:
        try:
            _record_proof(record, game, search.proof())
        except VerificationError as error:
            record.result = ERROR
            record.verified = False
            record.verification_error = str(error)
    elif outcome.result is Result.DISPROVED and tree is not None:
        found = kind.refutation(game, tree)
        record.refutation = [list(line) for line in found.lines]
    if record.solved:
        proved = record.result == Result.PROVED.value
        said = kind.verdict_text(game, proved)
        record.claim = verdict(proved, bool(record.verified), record.mate_in, said)
    certify_disproof(record, game, search)
    return record


def solution_record(search: Search) -> RunRecord:
    """The verified record of an ended search (reading and verifying a proof may take a while:
    the window calls it on a worker thread). A game whose positions have names (an explicit
    tree) names the record after its root."""
    game = search.game
    root = kind_of(game).root_text(game) if game.capabilities.named_nodes else ""
    return describe_search(game, search, search.algorithm, root)


def certify_disproof(record: RunRecord, game: Game, search: Search) -> None:
    """Replay the disproof of a root independently and say in `record` whether it was accepted:
    read out of what the search keeps (`Search.disproof`), then replayed as the defender's
    strategy under the game's own rules by its kind (`GameKind.verify_disproof`: python-chess for
    chess, the game's referee for a board game, the file's data for a tree). Its claim ("no
    forced mate", "X cannot force a win") stands only once accepted: otherwise (a disproof the
    replay rejects, or one the search cannot read out) the claim is withdrawn and
    `disproof_error` says why. Every front end (solve, suite, compare, the app) gets its record
    from `describe_search`, so all of them go through this one check (the app's recorded search,
    a `Replay`, through the search it shows); it can take a while, as verifying a proof can."""
    if record.result != Result.DISPROVED.value:
        return
    try:
        verified = kind_of(game).verify_disproof(
            game, read_disproof(game, search), search.max_plies
        )
    except VerificationError as error:
        record.disproof_certified = False
        record.disproof_error = str(error)
        record.claim = ""
        return
    record.disproof_certified = True
    record.disproof_positions = verified.size


def read_disproof(game: Game, search: Search) -> ProofNode:
    """The disproof a disproved search reads out (`Search.disproof`), with the leaves where the
    game goes on played out to its end (`core.search.completion`): the tree the game's replay
    checks, and the one an export writes. Raises VerificationError where there is none."""
    kind = kind_of(game)
    return completed(kind.fresh(game), search.disproof(), False, search.max_plies)


def _record_proof(record: RunRecord, game: Game, proof: ProofNode) -> None:
    """Verify `proof` under the game's rules (raises VerificationError) and write the proof (a
    mate, for chess) into `record`."""
    kind = kind_named(record.game)
    verified = kind.verify(game, proof)
    record.verified = True
    record.line_moves = proof.main_line()
    record.main_line = kind.move_labels(game, record.line_moves)
    record.mate_in = verified.mate_in
    record.proof_size = verified.size
    record.proof_depth = verified.depth
    record.first_move = record.main_line[0] if record.main_line else ""
    if record.best_moves:
        record.agrees_with_bm = record.first_move in record.best_moves


# -- running searches ------------------------------------------------------------------------------


@runtime_checkable
class Recorder(Protocol):
    """Answers a work item without a search of ours (a UCI engine's claim, `core.runs.
    engine_column`): its record never holds a verified proof."""

    def record(self, item: WorkItem) -> RunRecord: ...


@dataclass(frozen=True, slots=True)
class GameProblem:
    """A problem of a suite or a comparison that is not a chess position (a board game named by
    its spec): opened from `source` by its game kind in the process that searches it. `goal`
    says what is asked ("X at least draws"); what a proof or a disproof establishes is the
    record's `claim`."""

    id: str
    source: Source
    goal: str = ""


Problem = SuitePosition | GameProblem
"""What a suite or a comparison runs searches on."""


@dataclass(frozen=True, slots=True)
class WorkItem:
    """A picklable unit of work: run `factory` on the position `fen` (or, where `source` is
    given, on the problem it opens) within `limits`.

    `factory` must then be picklable too: a module-level function or a `functools.partial` of one.
    """

    position_id: str
    fen: str
    algorithm: str
    factory: Factory | Recorder
    limits: Limits
    best_moves: tuple[str, ...] = ()
    known_mate_length: int | None = None
    attacker_to_move: bool = True
    source: Source | None = None
    shortest: Limits | None = None
    """Where given, a verified mate's length is then certified within these limits."""


def work_item(
    problem: Problem,
    algorithm: str,
    factory: Factory | Recorder,
    limits: Limits,
    shortest: Limits | None = None,
) -> WorkItem:
    """The work item running `algorithm` on a suite's chess position (its bm and dm carried for
    the record, and with `shortest` its mate's length to certify) or on a game problem."""
    if isinstance(problem, GameProblem):
        return WorkItem(problem.id, "", algorithm, factory, limits, source=problem.source)
    return WorkItem(
        problem.id,
        problem.fen,
        algorithm,
        factory,
        limits,
        problem.best_moves,
        problem.mate_length,
        problem.attacker_to_move,
        shortest=shortest,
    )


def run_item(item: WorkItem) -> RunRecord:
    """Run one search to its end and record it (verified), or ask the item's Recorder; with
    `shortest`, certify the length of the mate it proved."""
    if isinstance(item.factory, Recorder):
        return item.factory.record(item)
    game: Game
    if item.source is not None:
        game = load_problem(item.source).game
    else:
        board = parse_fen(item.fen)
        game = ChessGame(board, attacker=board.turn if item.attacker_to_move else not board.turn)
    factory, limits = item.factory, item.limits

    def search_it() -> Search:
        search = factory(game, limits)
        search.run()
        return search

    search, peak = measured_peak(search_it)
    record = describe_search(
        game, search, item.algorithm, item.position_id, item.best_moves, item.known_mate_length
    )
    record.peak_memory = peak
    mate_in = record.mate_in if record.verified else None
    if item.shortest is not None and game.capabilities.standard_chess and mate_in:
        from ..search.dfpn_shortest import bounded_engine, certify_shortest

        root = parse_fen(record.fen)
        attacker = root.turn if kind_of(game).fresh(game).is_or() else not root.turn
        engine = bounded_engine(item.algorithm)  # the df-pn engine that found the mate
        found = certify_shortest(root, attacker, mate_in, item.shortest, engine)
        record.shortest_mate_in, record.shortest_certified = found.mate_in, found.certified
    return record


def run_each(
    items: Sequence[WorkItem],
    jobs: int = 1,
    cluster: str | None = None,
    journal: Journal | None = None,
) -> Generator[tuple[int, RunRecord]]:
    """Run every item, yielding (index, record) as each finishes: in order in this process, in
    `jobs` spawned worker processes (nothing of the caller is shared), or as tasks on the Dask
    scheduler at `cluster` (`core.runs.cluster`), in the order they end. Closing the iterator
    early (an error, Ctrl+C) ends the worker processes, or cancels the cluster's tasks, at once.

    With a `journal` (`core.runs.journal`) the items it already holds are yielded first, not run
    again, and every record is written to it as it finishes.

    On a cluster an item whose worker died twice is recorded unknown, with the reason, and the
    run goes on: on thousands of positions one lost machine must not cost the rest."""
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise InvalidLimitError(f"jobs must be a positive whole number, not {jobs!r}")
    todo = list(range(len(items)))
    if journal is not None:
        kept = {index: journal.done.get(item_key(item)) for index, item in enumerate(items)}
        todo = [index for index, record in kept.items() if record is None]
        yield from ((index, record) for index, record in kept.items() if record is not None)
        journal.open()
    try:
        for index, record in _run_indices(items, todo, jobs, cluster):
            if journal is not None:
                journal.add(items[index], record)
            yield index, record
    finally:
        if journal is not None:
            journal.close()


def _run_indices(
    items: Sequence[WorkItem], todo: list[int], jobs: int, cluster: str | None
) -> Generator[tuple[int, RunRecord]]:
    if cluster is None and (jobs == 1 or len(todo) <= 1):
        for index in todo:
            yield index, run_item(items[index])
        return
    from .cluster import ClusterWorkers
    from .workers import Failed, Finished, Workers

    chosen = [items[index] for index in todo]
    workers: Workers | ClusterWorkers = (
        Workers(run_item, chosen, min(jobs, len(chosen)))
        if cluster is None
        else ClusterWorkers(run_item, chosen, cluster)
    )
    try:
        while workers.busy:
            for event in workers.poll(timeout=None):
                index = todo[event.index]
                if isinstance(event, Finished):
                    yield index, event.value
                elif isinstance(event, Failed):
                    if event.error is not None:
                        raise event.error
                    if cluster is not None:
                        yield index, lost_record(items[index], event.message)
                        continue
                    raise PnExplorerError(
                        "a worker process died (killed by the system, perhaps out of memory): "
                        "try fewer --jobs or a lower --max-nodes"
                    )
    finally:
        workers.cancel()


def item_key(item: WorkItem) -> str:
    """What names one run in a journal: the problem and the search."""
    return f"{item.position_id}\t{item.algorithm}"


def lost_record(item: WorkItem, why: str) -> RunRecord:
    """The record of an item that has no result because the machine running it was lost."""
    return RunRecord(
        id=item.position_id,
        fen=item.fen,
        algorithm=item.algorithm,
        result=Result.UNKNOWN.value,
        reason=f"no result: {why}",
        nodes_created=0,
        nodes_in_memory=0,
        peak_nodes_in_memory=0,
        iterations=0,
        seconds=0.0,
        best_moves=list(item.best_moves),
        known_mate_length=item.known_mate_length,
    )


class Interrupted(KeyboardInterrupt):
    """Ctrl+C stopped a run of many items after the workers were ended: `partial` is what had
    finished, in the shape the interrupted call returns (`run_items`: each item's record, None
    for those that had not finished), so a front end can still print and save it."""

    def __init__(self, partial: Any) -> None:
        super().__init__()
        self.partial = partial


def run_items(
    items: Sequence[WorkItem],
    jobs: int = 1,
    progress: Callable[[WorkItem, RunRecord], None] | None = None,
    cluster: str | None = None,
    journal: Journal | None = None,
) -> list[RunRecord]:
    """Every item's record, in item order; `progress` hears of each as it finishes. Ctrl+C ends
    the workers and raises `Interrupted` with the records that had finished."""
    records: list[RunRecord | None] = [None] * len(items)
    try:
        with closing(run_each(items, jobs, cluster, journal)) as finishing:
            for index, record in finishing:
                records[index] = record
                if progress is not None:
                    progress(items[index], record)
    except KeyboardInterrupt:
        raise Interrupted(records) from None
    return [record for record in records if record is not None]
