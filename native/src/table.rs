//! The transposition table of `core/search/transposition.py`, slot for slot.
//!
//! Set-associative: a key lives in one bucket of `BUCKET` slots (`key % buckets`); a new key
//! takes a free slot, else the bucket's entry with the least work (Nagai's replacement by
//! subtree size); leaves (work 0) never evict an entry with work. The Python table's columns
//! take 36 bytes a slot; here a slot is one 32-byte record (work is kept in 32 bits, saturating:
//! a subtree of more than 4 billion nodes never occurs within df-pn's work budget).

use crate::numbers::INF;

/// Slots per bucket.
pub const BUCKET: usize = 4;
/// The halfmove clock at which a position is a draw.
pub const FIFTY_MOVE_PLIES: u32 = 100;
/// `probe`: the table has no entry for the key.
pub const ABSENT: i64 = -1;
/// `probe`: the key's entry is a proof that does not hold at the asked clock.
pub const UNUSABLE: i64 = -2;
const USED: u8 = 1;
const MAX_DISTANCE: u64 = 0xFFFF;

/// One slot: 8 + 8 + 8 + 4 + 2 + 1 + 1 = 32 bytes.
#[derive(Clone, Copy, Default)]
#[repr(C)]
pub struct Entry {
    pub key: u64,
    pub proof: u64,
    pub disproof: u64,
    pub work: u32,
    pub distance: u16,
    pub clock: u8,
    pub flags: u8,
}

pub const BYTES_PER_ENTRY: usize = std::mem::size_of::<Entry>();

/// Whether a result found at `depth` resting on path plies from `rests_on` on is the same on
/// every path to it.
pub fn is_path_independent(rests_on: u64, depth: usize) -> bool {
    rests_on >= depth as u64
}

pub struct Table {
    pub capacity: usize,
    buckets: u64,
    pub slots: Vec<Entry>,
    pub entries: usize,
    pub peak: usize,
    pub probes: u64,
    pub hits: u64,
    pub stores: u64,
    pub replacements: u64,
    pub refused: u64,
}

fn saturate_work(work: u64) -> u32 {
    work.min(u32::MAX as u64) as u32
}

impl Table {
    pub fn new(capacity: usize) -> Table {
        let capacity = capacity.max(1);
        let buckets = (capacity / BUCKET).max(1);
        let capacity = if capacity >= BUCKET {
            buckets * BUCKET
        } else {
            capacity
        };
        Table {
            capacity,
            buckets: buckets as u64,
            slots: vec![Entry::default(); buckets * BUCKET],
            entries: 0,
            peak: 0,
            probes: 0,
            hits: 0,
            stores: 0,
            replacements: 0,
            refused: 0,
        }
    }

    fn bucket(&self, key: u64) -> std::ops::Range<usize> {
        let base = (key % self.buckets) as usize * BUCKET;
        base..(base + BUCKET).min(self.capacity)
    }

    /// The slot holding `key`, or -1.
    pub fn find(&mut self, key: u64) -> i64 {
        self.probes += 1;
        for slot in self.bucket(key) {
            let entry = &self.slots[slot];
            if entry.key == key && entry.flags != 0 {
                self.hits += 1;
                return slot as i64;
            }
        }
        -1
    }

    /// The slot of `key` if its entry may be used at halfmove clock `clock`, `ABSENT` or
    /// `UNUSABLE` (a proof that does not hold at that clock).
    pub fn probe(&mut self, key: u64, clock: u32) -> i64 {
        self.probes += 1;
        let base = (key % self.buckets) as usize * BUCKET;
        let Some(slot) = (base..base + BUCKET).find(|&slot| self.slots[slot].key == key) else {
            return ABSENT;
        };
        let entry = &self.slots[slot];
        if entry.flags == 0 {
            return ABSENT;
        }
        self.hits += 1;
        if entry.proof != 0
            || clock <= entry.clock as u32
            || clock + (entry.distance as u32) < FIFTY_MOVE_PLIES
        {
            return slot as i64;
        }
        UNUSABLE
    }

    pub fn entry(&self, slot: i64) -> &Entry {
        &self.slots[slot as usize]
    }

    /// `key`'s entry if it may be used at halfmove clock `clock` (`probe`), else None.
    pub fn usable(&mut self, key: u64, clock: u32) -> Option<Entry> {
        let slot = self.probe(key, clock);
        (slot >= 0).then(|| *self.entry(slot))
    }

    /// Write an entry (replacing `key`'s own, else a free slot, else the bucket's least-work
    /// entry); returns its slot.
    pub fn store(
        &mut self,
        key: u64,
        proof: u64,
        disproof: u64,
        work: u64,
        distance: u64,
        clock: u32,
    ) -> usize {
        let bucket = self.bucket(key);
        let mut target = bucket
            .clone()
            .find(|&slot| self.slots[slot].flags != 0 && self.slots[slot].key == key);
        if target.is_none() {
            target = bucket.clone().find(|&slot| self.slots[slot].flags == 0);
            if target.is_some() {
                self.entries += 1;
                self.peak = self.peak.max(self.entries);
            }
        }
        let target = match target {
            Some(slot) => slot,
            None => {
                self.replacements += 1;
                // The first slot of least work, as Python's `min(bucket, key=...)`.
                let mut best = bucket.start;
                for slot in bucket {
                    if self.slots[slot].work < self.slots[best].work {
                        best = slot;
                    }
                }
                best
            }
        };
        self.stores += 1;
        self.slots[target] = Entry {
            key,
            proof,
            disproof,
            work: saturate_work(work),
            distance: distance.min(MAX_DISTANCE) as u16,
            clock: clock.min(255) as u8,
            flags: USED,
        };
        target
    }

    /// Record a just-generated child's initial numbers (work 0) if its bucket has a free slot
    /// or another leaf; returns whether it was stored.
    pub fn store_leaf(&mut self, key: u64, proof: u64, disproof: u64) -> bool {
        let mut target: Option<usize> = None;
        let mut fresh = false;
        for slot in self.bucket(key) {
            if self.slots[slot].flags == 0 {
                target = Some(slot);
                fresh = true;
                break;
            }
            if target.is_none() && self.slots[slot].work == 0 {
                target = Some(slot);
            }
        }
        let Some(target) = target else {
            return false;
        };
        if fresh {
            self.entries += 1;
            self.peak = self.peak.max(self.entries);
        } else {
            self.replacements += 1;
        }
        self.stores += 1;
        self.slots[target] = Entry {
            key,
            proof,
            disproof,
            work: 0,
            distance: 0,
            clock: 0,
            flags: USED,
        };
        true
    }

    /// Take back what `key`'s entry says is solved: unsolved, work 0, numbers (1, 1).
    pub fn forget(&mut self, key: u64) -> bool {
        let slot = self.find(key);
        if slot < 0 {
            return false;
        }
        let entry = &mut self.slots[slot as usize];
        entry.proof = 1;
        entry.disproof = 1;
        entry.work = 0;
        entry.distance = 0;
        entry.clock = 0;
        true
    }

    /// Store a disproof found at `depth` if it is path-independent; else refuse and count it.
    pub fn store_disproof(&mut self, key: u64, work: u64, rests_on: u64, depth: usize) -> bool {
        if !is_path_independent(rests_on, depth) {
            self.refused += 1;
            return false;
        }
        self.store(key, INF, 0, work, 0, 0);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_is_32_bytes() {
        assert_eq!(BYTES_PER_ENTRY, 32);
    }

    #[test]
    fn a_full_bucket_replaces_its_least_work_and_leaves_never_evict_work() {
        let mut table = Table::new(4);
        for key in 0u64..4 {
            table.store(key, 1, 1, 10 + key, 0, 0);
        }
        assert_eq!(table.entries, 4);
        assert!(!table.store_leaf(100, 1, 1));
        let slot = table.store(100, 2, 2, 50, 0, 0);
        assert_eq!(slot, 0); // work 10, the least
        assert_eq!(table.probe(0, 0), ABSENT);
        assert_eq!(table.probe(100, 0), 0);
    }

    #[test]
    fn a_proof_found_at_a_lower_clock_holds_only_before_the_fifty_move_rule() {
        let mut table = Table::new(8);
        table.store(7, 0, INF, 1, 10, 20);
        assert!(table.probe(7, 20) >= 0);
        assert!(table.probe(7, 89) >= 0);
        assert_eq!(table.probe(7, 90), UNUSABLE);
    }
}
