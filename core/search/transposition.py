"""A bounded transposition table for the searches that give positions identity (df-pn).

Entries are keyed by the game's `position_hash()` (chess: the Polyglot Zobrist hash, kept move by
move by the cursor) and hold a position's proof and disproof numbers, the work spent on it (nodes
created below it: its subtree's size), the proven distance of a solved position (plies to mate
of a proof, used to extract a proof without cycles) and the halfmove clock a proof was found at.
The table is column-wise, like `core.tree.Tree`: seven `array` columns of fixed size, no Python
object per entry (`BYTES_PER_ENTRY` = 36 bytes). It is set-associative: a key may live in one
bucket of `BUCKET` slots; when its bucket is full a new entry replaces the one with the least
work, so the table keeps the entries with the largest subtrees (Nagai's replacement by subtree
size) and never holds more than `capacity` entries.

Graph-history interaction (GHI). A position's value can depend on how it was reached, because a
repetition of a position on the path and the fifty-move rule end the game as a draw (a disproof:
`core.games.chess_game`). The rule here:

* A disproof carries the *depth it rests on*: the shallowest path position whose repetition it
  uses (a repetition leaf rests on the ply of the earlier occurrence; a fifty-move leaf rests on
  the root's clock, ply 0), combined upward (the shallowest over the children the disproof uses).
  A disproof found at depth d is path-independent only if it rests on nothing above d (a cycle
  wholly inside its own subtree draws whatever the path to it). Only path-independent disproofs
  are stored as disproofs (`store_disproof` refuses the others, see `is_path_independent`); a
  path-dependent one is handed back to the caller on the current path alone and never reaches
  the table, so another path to the same position searches it afresh.
* A proof never rests on a repetition (a repetition is a draw, never a mate), and a forced mate
  is a mate whatever the history, so it is stored path-independently. This is more generous than
  the game's rule that a first repetition draws: on another path the defender might return to a
  position of that path. df-pn therefore proves the root only once a proof that repeats no
  position has been read out of the table, and forgets the entries whose proofs could not be
  read on the path they were needed from (`forget`; `core.search.dfpn` says how).
  A proof rests on the clock through the fifty-move rule: one found with halfmove clock c
  stays valid at clocks ≤ c, so it is stored with c; and a proof whose tree is
  d plies deep (its proven distance) holds at any clock c' with c' + d < 100, where no position
  of the tree can reach the rule's 100 plies. A lookup anywhere else treats it as unknown
  (`holds_at`). Without the second rule a mate found at ply 6 of a pawnless endgame (clock 6)
  could never be reused at ply 8, where every transposition arrives with a larger clock.
* Unsolved numbers are heuristics: stored whatever their history.
"""

from __future__ import annotations

from array import array

from ..values import INF

BUCKET = 4
"""Slots per bucket: a key's entry lives in one of the 4 slots of its bucket."""

BYTES_PER_ENTRY = 8 + 8 + 8 + 8 + 2 + 1 + 1
"""The columns' bytes per slot: key, proof, disproof, work (8 each), distance (2), clock and
flags (1 each): 36, no Python object per entry. `tests/core/test_transposition.py` measures it."""

FIFTY_MOVE_PLIES = 100
"""The halfmove clock at which a position is a draw (`core.games.chess_game`)."""
USED = 0x01
MAX_DISTANCE = 0xFFFF
ABSENT = -1
"""`probe`: the table has no entry for the key."""
UNUSABLE = -2
"""`probe`: the key's entry is a proof that does not hold at the asked clock."""
NO_DEPENDENCE = INF
"""`rests_on` of a result that uses no repetition and no clock."""


def is_path_independent(rests_on: int, depth: int) -> bool:
    """A result found at `depth` that rests on the path positions from ply `rests_on` on is the
    same on every path to it when it uses nothing above its own depth."""
    return rests_on >= depth


class TranspositionTable:
    """A fixed-size table of (proof, disproof, work, distance, clock) by position hash.

    Counts: `entries` (slots in use, never more than `capacity`), `peak`, `probes`, `hits`,
    `stores`, `replacements` (an entry evicted for a new key), `refused` (path-dependent
    disproofs not stored).
    """

    __slots__ = (
        "capacity",
        "buckets",
        "keys",
        "proof",
        "disproof",
        "work",
        "distance",
        "clock",
        "flags",
        "entries",
        "peak",
        "probes",
        "hits",
        "stores",
        "replacements",
        "refused",
    )

    def __init__(self, capacity: int) -> None:
        if capacity < 1:
            raise ValueError(f"capacity must be positive, not {capacity}")
        self.buckets = max(1, capacity // BUCKET)
        self.capacity = self.buckets * BUCKET if capacity >= BUCKET else capacity
        slots = self.buckets * BUCKET  # a table of fewer slots than a bucket still has a bucket
        self.keys = array("Q", bytes(8 * slots))
        self.proof = array("q", bytes(8 * slots))
        self.disproof = array("q", bytes(8 * slots))
        self.work = array("Q", bytes(8 * slots))
        self.distance = array("H", bytes(2 * slots))
        self.clock = array("B", bytes(slots))
        self.flags = array("B", bytes(slots))
        self.entries = 0
        self.peak = 0
        self.probes = 0
        self.hits = 0
        self.stores = 0
        self.replacements = 0
        self.refused = 0

    def __len__(self) -> int:
        return self.entries

    def nbytes(self) -> int:
        """Bytes held by the columns."""
        columns = (
            self.keys,
            self.proof,
            self.disproof,
            self.work,
            self.distance,
            self.clock,
            self.flags,
        )
        return sum(column.itemsize * len(column) for column in columns)

    def _bucket(self, key: int) -> range:
        base = (key % self.buckets) * BUCKET
        return range(base, min(base + BUCKET, self.capacity))

    def find(self, key: int) -> int:
        """The slot holding `key`, or -1."""
        self.probes += 1
        keys, flags = self.keys, self.flags
        base = (key % self.buckets) * BUCKET  # `_bucket`, inlined: this is the hottest lookup
        for slot in range(base, min(base + BUCKET, self.capacity)):
            if keys[slot] == key and flags[slot]:
                self.hits += 1
                return slot
        return -1

    def probe(self, key: int, clock: int) -> int:
        """`find` and `holds_at` in one: the slot of `key` if its entry may be used at halfmove
        clock `clock`, `ABSENT` if the table has no entry for it, `UNUSABLE` if it has one that
        does not hold at that clock. df-pn asks this for every child it generates, so the bucket
        is read slot by slot without a loop."""
        self.probes += 1
        keys = self.keys
        slot = (key % self.buckets) * BUCKET
        if keys[slot] != key:
            slot += 1
            if keys[slot] != key:
                slot += 1
                if keys[slot] != key:
                    slot += 1
                    if keys[slot] != key:
                        return ABSENT
        if not self.flags[slot]:
            return ABSENT
        self.hits += 1
        if (
            self.proof[slot] != 0
            or clock <= self.clock[slot]
            or clock + self.distance[slot] < FIFTY_MOVE_PLIES
        ):
            return slot
        return UNUSABLE

    def holds_at(self, slot: int, clock: int) -> bool:
        """Whether the entry at `slot` may be used at halfmove clock `clock`: a proof found at a
        lower clock holds only if its tree ends before the fifty-move rule could (see the
        module's GHI rule); anything else holds."""
        return (
            self.proof[slot] != 0
            or clock <= self.clock[slot]
            or clock + self.distance[slot] < FIFTY_MOVE_PLIES
        )

    def lookup(self, key: int, clock: int = 0) -> tuple[int, int, int] | None:
        """(proof, disproof, work) of `key` usable at halfmove clock `clock`, or None."""
        slot = self.find(key)
        if slot < 0 or not self.holds_at(slot, clock):
            return None
        return self.proof[slot], self.disproof[slot], self.work[slot]

    def store(
        self,
        key: int,
        proof: int,
        disproof: int,
        work: int,
        distance: int = 0,
        clock: int = 0,
    ) -> int:
        """Write an entry (replacing `key`'s own, else a free slot, else the bucket's least-work
        entry); returns its slot. Disproofs go through `store_disproof` (GHI)."""
        keys, flags, works = self.keys, self.flags, self.work
        bucket = self._bucket(key)
        target = -1
        for slot in bucket:
            if flags[slot] and keys[slot] == key:
                target = slot
                break
        if target < 0:
            for slot in bucket:
                if not flags[slot]:
                    target = slot
                    self.entries += 1
                    if self.entries > self.peak:
                        self.peak = self.entries
                    break
        if target < 0:
            target = min(bucket, key=works.__getitem__)
            self.replacements += 1
        self.stores += 1
        keys[target] = key
        flags[target] = USED
        self.proof[target] = proof
        self.disproof[target] = disproof
        works[target] = work
        self.distance[target] = min(distance, MAX_DISTANCE)
        self.clock[target] = min(clock, 255)
        return target

    def store_leaf(self, key: int, proof: int, disproof: int) -> bool:
        """Record a just-generated child's initial numbers (work 0) if its bucket has room: a free
        slot or another leaf. It never evicts an entry with work, so leaves cost the table
        nothing it searched; a later re-expansion of the parent finds the child here and need not
        count its moves. Returns whether it was stored."""
        flags, works = self.flags, self.work
        target = -1
        for slot in self._bucket(key):
            if not flags[slot]:
                target = slot
                self.entries += 1
                if self.entries > self.peak:
                    self.peak = self.entries
                break
            if target < 0 and works[slot] == 0:
                target = slot
        if target < 0:
            return False
        if flags[target]:
            self.replacements += 1
        self.stores += 1
        self.keys[target] = key
        flags[target] = USED
        self.proof[target] = proof
        self.disproof[target] = disproof
        works[target] = 0
        self.distance[target] = 0
        self.clock[target] = 0
        return True

    def forget(self, key: int) -> bool:
        """Take back what `key`'s entry says is solved (df-pn's read-out found its proof does not
        hold on a path): it becomes an unsolved entry of work 0 with numbers (1, 1), so the
        position is searched again where it is next reached and any new entry may replace it.
        Returns whether the table held the key."""
        slot = self.find(key)
        if slot < 0:
            return False
        self.proof[slot] = 1
        self.disproof[slot] = 1
        self.work[slot] = 0
        self.distance[slot] = 0
        self.clock[slot] = 0
        return True

    def store_disproof(self, key: int, work: int, rests_on: int, depth: int) -> bool:
        """Store a disproof found at `depth` if it is path-independent (see the module's GHI
        rule); a path-dependent one is refused and counted. Returns whether it was stored."""
        if not is_path_independent(rests_on, depth):
            self.refused += 1
            return False
        self.store(key, INF, 0, work)
        return True
