//! Nagai's df-pn with the 1+ε trick, the same algorithm as `core/search/dfpn.py`, node for node
//! with its default options: the children in the game's order with the mobility initialisation,
//! the mop-up estimate, mates in one and threats; the mate-length bound; repetitions and the
//! fifty-move rule as disproofs that rest on the path (GHI); the table's replacement; and the
//! proof read out of the table before the root counts as proved. The Python module's docstring
//! is this module's: names here are its names.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

use shakmaty::{Chess, Color, Move, Position};

use crate::numbers::{
    child_delta_threshold, child_phi_threshold_of, min, node_numbers, summed,
    weak_child_phi_threshold, INF, NO_DEPENDENCE,
};
use crate::rules;
use crate::table::{Table, ABSENT};

/// Why a search stopped before it solved its root (`StopReason`), or a slice's end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    Cancelled,
    Iterations,
    Time,
    Budget,
    Interrupted,
    SliceDone,
}

/// How the root ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Proved,
    Disproved,
    Unknown(Stop),
}

/// What ended a child's game (`Reason`), where df-pn needs to know.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Reason {
    Other,
    Repetition,
    FiftyMoves,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Value {
    Unknown,
    True,
    False,
}

/// The options of `DfpnSearch` the native search takes (its defaults are the Python ones).
pub struct Options {
    pub epsilon: f64,
    /// Weak proof-number search's δ (`weak_delta`; Ueda et al. 2008) in place of the sum.
    pub weak_delta: bool,
    /// Added to a new node's proof number per step of the mop-up estimate (0 where the
    /// root is not an ending it is meant for).
    pub mop_up_weight: u64,
    pub mates_in_one: bool,
    pub threat_divisor: u64,
    /// Whether quiet attacker moves are tested for threats at all (`threats_in_use`).
    pub threats_in_use: bool,
    pub threat_depth: usize,
    pub max_plies: Option<usize>,
    /// One key per number of plies left under `max_plies` (`_ply_keys`, from Python).
    pub ply_keys: Vec<u64>,
    pub capacity: usize,
    pub max_iterations: Option<u64>,
    pub max_seconds: Option<f64>,
    pub work_budget: Option<u64>,
}

/// A child as the game's expansion evaluated it, before its numbers are read or initialised:
/// its table slot (`probe`), value and what ended it, its move count (None: the table knew it,
/// so it was not counted), the mop-up estimate's part of its proof number, whether the
/// attacker mates in one there, whether the move to it threatens mate, and its type.
#[derive(Clone, Copy)]
struct Evaluated {
    slot: i64,
    value: Value,
    reason: Reason,
    mobility: Option<u64>,
    mop_up: u64,
    mates: bool,
    threat: bool,
    child_is_or: bool,
}

/// What MID hands back to its parent (`_Result`).
#[derive(Clone, Copy)]
struct Outcome {
    proof: u64,
    disproof: u64,
    rests_on: u64,
    distance: u64,
}

/// The children of a position as MID sees them (`Children`), as parallel vectors.
#[derive(Default)]
struct Children {
    moves: Vec<Move>,
    codes: Vec<u16>,
    keys: Vec<u64>,
    hashes: Vec<u64>,
    clocks: Vec<u32>,
    proof: Vec<u64>,
    disproof: Vec<u64>,
    rests_on: Vec<u64>,
    distance: Vec<u64>,
    fixed: Vec<bool>,
    terminal: Vec<bool>,
}

/// A proof or disproof tree read out of the table: nodes in an arena, a transposed
/// position's subtree shared (`ProofNode`).
#[derive(Default)]
pub struct ProofArena {
    pub nodes: Vec<(bool, Vec<(u16, usize)>)>,
}

impl ProofArena {
    fn leaf(&mut self, is_or: bool) -> usize {
        self.nodes.push((is_or, Vec::new()));
        self.nodes.len() - 1
    }
}

/// The counts another thread may read while the search runs (`publish`).
#[derive(Default)]
pub struct Live {
    pub nodes_created: AtomicU64,
    pub iterations: AtomicU64,
    pub entries: AtomicU64,
}

/// Told the root's numbers as the search runs (`RootWatch`): (nodes created, pn, dn) → the
/// nodes created at which it is told next, or None where it failed (the search then stops).
pub type Watch = Box<dyn FnMut(u64, u64, u64) -> Option<u64> + Send>;

pub struct Search {
    pub live: Arc<Live>,
    attacker: Color,
    options: Options,
    pub table: Table,
    root_key: u64,
    pub root_is_or: bool,
    positions: Vec<Chess>,
    hashes: Vec<u64>,
    path_keys: Vec<u64>,
    pub nodes_created: u64,
    pub iterations: u64,
    pub table_hits: u64,
    pub deepest_expansion: usize,
    pub read_out_nodes: u64,
    pub read_outs_failed: u64,
    pub root_move_work: HashMap<u64, u64>,
    pub root_numbers: (u64, u64),
    pub elapsed: f64,
    pub verdict: Option<Verdict>,
    pub proof: Option<(ProofArena, usize)>,
    stop: Option<Stop>,
    reading_out: bool,
    search_on: bool,
    run_started: Instant,
    slice_end: Option<Instant>,
    slice_iterations: Option<u64>,
    cancel: Arc<AtomicBool>,
    signals: fn() -> bool,
    signals_checked: Instant,
    /// Told the root's numbers every so often (`watch_root`); None: nothing is watched.
    watch: Option<Watch>,
    /// The nodes created at which the watch is told next.
    watch_at: u64,
    /// The children lists of the watched path above the node expanding, root first: MID's own,
    /// moved here while the child below is searched, so `root_now` reads them as they are.
    watched: Vec<(Children, bool)>,
}

fn no_signals() -> bool {
    false
}

impl Search {
    /// df-pn on `root` with `attacker` the side that mates (the root's numbers and a root the
    /// rules decide are the caller's: `DfpnSearch.__init__`).
    pub fn new(root: Chess, attacker: Color, options: Options, cancel: Arc<AtomicBool>) -> Search {
        let table = Table::new(options.capacity);
        let root_hash = rules::hash(&root);
        let root_is_or = root.turn() == attacker;
        let mut search = Search {
            live: Arc::new(Live::default()),
            attacker,
            table,
            root_key: 0,
            root_is_or,
            positions: vec![root],
            hashes: vec![root_hash],
            path_keys: Vec::new(),
            nodes_created: 1,
            iterations: 0,
            table_hits: 0,
            deepest_expansion: 0,
            read_out_nodes: 0,
            read_outs_failed: 0,
            root_move_work: HashMap::new(),
            root_numbers: (1, 1),
            elapsed: 0.0,
            verdict: None,
            proof: None,
            stop: None,
            reading_out: false,
            search_on: false,
            run_started: Instant::now(),
            slice_end: None,
            slice_iterations: None,
            cancel,
            signals: no_signals,
            signals_checked: Instant::now(),
            watch: None,
            watch_at: 0,
            watched: Vec::new(),
            options,
        };
        search.root_key = root_hash ^ search.ply_key(0);
        search.path_keys.push(search.root_key);
        search.publish();
        search
    }

    /// Make the counts readable by other threads (a progress display) while the search runs.
    pub fn publish(&self) {
        let live = &self.live;
        live.nodes_created
            .store(self.nodes_created, Ordering::Relaxed);
        live.iterations.store(self.iterations, Ordering::Relaxed);
        live.entries
            .store(self.table.entries as u64, Ordering::Relaxed);
    }

    /// A check for interrupts (Ctrl+C) to call every so often while searching.
    pub fn set_signals(&mut self, signals: fn() -> bool) {
        self.signals = signals;
    }

    fn ply_key(&self, ply: usize) -> u64 {
        match self.options.max_plies {
            Some(max_plies) => self.options.ply_keys[max_plies - ply],
            None => 0,
        }
    }

    pub fn root_key(&self) -> u64 {
        self.root_key
    }

    /// The table's key of the position with `hash` at `ply`.
    pub fn table_key(&self, hash: u64, ply: usize) -> u64 {
        hash ^ self.ply_key(ply)
    }

    fn reset(&mut self) {
        self.positions.truncate(1);
        self.hashes.truncate(1);
        self.path_keys.clear();
        self.path_keys.push(self.root_key);
    }

    fn push(&mut self, m: Move, hash: u64, key: u64) {
        let mut position = self.positions.last().expect("a path").clone();
        position.play_unchecked(m);
        self.positions.push(position);
        self.hashes.push(hash);
        self.path_keys.push(key);
    }

    fn pop(&mut self) {
        self.positions.pop();
        self.hashes.pop();
        self.path_keys.pop();
    }

    fn is_or(&self) -> bool {
        self.positions.last().expect("a path").turn() == self.attacker
    }

    fn clock(&self) -> u32 {
        self.positions.last().expect("a path").halfmoves()
    }

    /// Play `codes` from the root (a position to search from, `search_at`; the read-outs).
    pub fn play_codes(&mut self, codes: &[u16]) -> Result<(), String> {
        self.reset();
        for &code in codes {
            let position = self.positions.last().expect("a path");
            let Some((_, m)) = rules::ordered_moves(position)
                .into_iter()
                .find(|(c, _)| *c == code)
            else {
                return Err(format!("move code {code} is not legal here"));
            };
            let mut after = position.clone();
            after.play_unchecked(m);
            let hash = rules::hash(&after);
            let key = self.table_key(hash, self.path_keys.len());
            self.push(m, hash, key);
        }
        Ok(())
    }

    // -- limits ---------------------------------------------------------------------------------

    fn limit_reached(&mut self) -> Option<Stop> {
        if self.cancel.load(Ordering::Relaxed) {
            return Some(Stop::Cancelled);
        }
        if let Some(most) = self.options.max_iterations {
            if self.iterations >= most {
                return Some(Stop::Iterations);
            }
        }
        let now = Instant::now();
        if let Some(seconds) = self.options.max_seconds {
            let elapsed = self.elapsed + now.duration_since(self.run_started).as_secs_f64();
            if elapsed >= seconds {
                return Some(Stop::Time);
            }
        }
        if now.duration_since(self.signals_checked).as_millis() >= 50 {
            self.signals_checked = now;
            if (self.signals)() {
                return Some(Stop::Interrupted);
            }
        }
        if let Some(budget) = self.options.work_budget {
            if self.nodes_created >= budget {
                return Some(Stop::Budget);
            }
        }
        if self.reading_out {
            return None;
        }
        if self.slice_end.is_some_and(|end| now >= end) {
            return Some(Stop::SliceDone);
        }
        if self
            .slice_iterations
            .is_some_and(|most| self.iterations >= most)
        {
            return Some(Stop::SliceDone);
        }
        None
    }

    // -- the search -----------------------------------------------------------------------------

    /// The rules that depend on the path, for a child `ply` plies deep (`path_rules`): the
    /// fifty-move rule, then a repetition on the path.
    fn path_rules(&self, hash: u64, clock: u32, ply: usize) -> (Value, Reason) {
        if clock >= 100 {
            return (Value::False, Reason::FiftyMoves);
        }
        if clock >= 4 && ply >= 4 {
            let low = ply.saturating_sub(clock as usize);
            let mut index = ply - 2;
            loop {
                if self.hashes[index] == hash {
                    return (Value::False, Reason::Repetition);
                }
                if index < low + 2 {
                    break;
                }
                index -= 2;
            }
        }
        (Value::Unknown, Reason::Other)
    }

    /// The ply of the path where the position `hash` occurred (`_repetition_ply`), 0 if none.
    fn repetition_ply(&self, hash: u64) -> u64 {
        for (ply, &key) in self.path_keys.iter().enumerate() {
            if key ^ self.ply_key(ply) == hash {
                return ply as u64;
            }
        }
        0
    }

    /// Expand the cursor's position (`generate_children`): every child evaluated, hashed and
    /// given its numbers from the table or, when the table has none, by mobility with the
    /// knowledge df-pn adds, stored as a leaf. First every child is probed and evaluated (the
    /// game's expansion), then their numbers are read and stored, as in Python. With
    /// `searching` false nothing is stored or counted (`read_children`): one function for both,
    /// so what a reader of the table sees is what MID does (`DfpnSearch._children`).
    fn generate_children(&mut self, searching: bool) -> Children {
        let child_ply = self.path_keys.len();
        let mix = self.ply_key(child_ply);
        let parent = self.positions.last().expect("a path").clone();
        let ordered = rules::ordered_moves(&parent);
        let count = ordered.len();
        if searching {
            self.nodes_created += count as u64;
        }
        let test_threats = self.options.threats_in_use
            && child_ply - 1 <= self.options.threat_depth
            && parent.turn() == self.attacker;
        let test_one_move = self.options.mates_in_one && parent.turn() != self.attacker;
        let men_before = rules::men(&parent);
        let mut children = Children {
            moves: Vec::with_capacity(count),
            codes: Vec::with_capacity(count),
            keys: Vec::with_capacity(count),
            hashes: Vec::with_capacity(count),
            clocks: Vec::with_capacity(count),
            proof: vec![0; count],
            disproof: vec![0; count],
            rests_on: vec![NO_DEPENDENCE; count],
            distance: vec![0; count],
            fixed: vec![false; count],
            terminal: vec![false; count],
        };
        let mut evaluated: Vec<Evaluated> = Vec::with_capacity(count);
        for (code, m) in ordered {
            let mut child = parent.clone();
            child.play_unchecked(m);
            let hash = rules::hash(&child);
            let clock = child.halfmoves();
            let key = hash ^ mix;
            let child_is_or = child.turn() == self.attacker;
            let slot = self.table.probe(key, clock);
            children.moves.push(m);
            children.codes.push(code);
            children.keys.push(key);
            children.hashes.push(hash);
            children.clocks.push(clock);
            if slot >= 0 {
                // Searched or generated before, so it has moves: only the path rules end it.
                let (value, reason) = self.path_rules(hash, clock, child_ply);
                evaluated.push(Evaluated {
                    slot,
                    value,
                    reason,
                    mobility: None,
                    mop_up: 0,
                    mates: false,
                    threat: false,
                    child_is_or,
                });
                continue;
            }
            let moves = child.legal_moves().len() as u64;
            let check = child.is_check();
            let material_changed = rules::men(&child) != men_before;
            let (mut value, mut reason) = if moves == 0 {
                if check {
                    let value = if child_is_or {
                        Value::False
                    } else {
                        Value::True
                    };
                    (value, Reason::Other)
                } else {
                    (Value::False, Reason::Other)
                }
            } else {
                (Value::Unknown, Reason::Other)
            };
            if value == Value::Unknown {
                (value, reason) = self.path_rules(hash, clock, child_ply);
                if value == Value::Unknown
                    && material_changed
                    && child.has_insufficient_material(self.attacker)
                {
                    (value, reason) = (Value::False, Reason::Other);
                }
            }
            let quiet = !(check || material_changed || rules::is_promotion(&m));
            let threat =
                test_threats && value == Value::Unknown && quiet && rules::threatens_mate(&child);
            let mates = test_one_move && value == Value::Unknown && rules::mates_in_one(&child);
            let mobility = if value == Value::Unknown { moves } else { 0 };
            let mop_up = if self.options.mop_up_weight > 0 && value == Value::Unknown {
                self.options.mop_up_weight * rules::mop_up_distance(&child, self.attacker)
            } else {
                0
            };
            evaluated.push(Evaluated {
                slot,
                value,
                reason,
                mobility: Some(mobility),
                mop_up,
                mates,
                threat,
                child_is_or,
            });
        }
        let bound_reached = self
            .options
            .max_plies
            .is_some_and(|max_plies| child_ply >= max_plies);
        let mut hits = 0;
        for (index, child) in evaluated.iter().enumerate() {
            let Evaluated {
                slot,
                value,
                reason,
                mobility,
                mop_up,
                mates,
                threat,
                child_is_or,
            } = *child;
            let key = children.keys[index];
            children.terminal[index] = value != Value::Unknown;
            children.fixed[index] = children.terminal[index];
            if bound_reached && value != Value::True {
                children.fixed[index] = true;
                children.terminal[index] = true;
                children.proof[index] = INF;
            } else if mates {
                children.fixed[index] = true;
                children.proof[index] = 0;
                children.disproof[index] = INF;
                children.distance[index] = 1;
                if searching {
                    self.table.store(key, 0, INF, 1, 1, children.clocks[index]);
                }
            } else if value != Value::Unknown {
                if value == Value::True {
                    children.disproof[index] = INF;
                    continue;
                }
                children.proof[index] = INF;
                match reason {
                    Reason::Repetition => {
                        children.rests_on[index] = self.repetition_ply(children.hashes[index])
                    }
                    Reason::FiftyMoves => children.rests_on[index] = 0,
                    Reason::Other => {}
                }
            } else if slot >= 0 || mobility.is_none() {
                hits += 1;
                let entry = *self.table.entry(slot);
                children.proof[index] = entry.proof;
                children.disproof[index] = entry.disproof;
                children.fixed[index] = entry.proof == 0 || entry.disproof == 0;
                children.distance[index] = entry.distance as u64;
            } else {
                let mobility = mobility.expect("counted");
                let (mut proof, disproof) = if child_is_or {
                    (1, mobility)
                } else {
                    (mobility, 1)
                };
                proof += mop_up;
                if threat {
                    proof = (proof / self.options.threat_divisor).max(1);
                }
                children.proof[index] = proof;
                children.disproof[index] = disproof;
                if slot == ABSENT && searching {
                    self.table.store_leaf(key, proof, disproof);
                }
            }
        }
        if searching {
            self.table_hits += hits;
        }
        children
    }

    /// Re-read the unsolved children from the table (`_refresh`).
    fn refresh(&mut self, children: &mut Children) {
        for index in 0..children.keys.len() {
            if children.fixed[index] {
                continue;
            }
            let Some(entry) = self
                .table
                .usable(children.keys[index], children.clocks[index])
            else {
                continue;
            };
            children.proof[index] = entry.proof;
            children.disproof[index] = entry.disproof;
            if entry.proof == 0 {
                children.distance[index] = entry.distance as u64;
                children.fixed[index] = true;
            } else if entry.disproof == 0 {
                children.rests_on[index] = NO_DEPENDENCE;
                children.fixed[index] = true;
            }
        }
    }

    /// Nagai's MID at the cursor's position (`multiple_iterative_deepening`).
    fn mid(&mut self, phi_threshold: u64, delta_threshold: u64, is_or: bool) -> Outcome {
        let depth = self.path_keys.len() - 1;
        let key = self.path_keys[depth];
        if let Some(stop) = self.limit_reached() {
            self.stop = Some(stop);
            let slot = self.table.probe(key, self.clock());
            if slot >= 0 {
                let entry = *self.table.entry(slot);
                return Outcome {
                    proof: entry.proof,
                    disproof: entry.disproof,
                    rests_on: 0,
                    distance: entry.distance as u64,
                };
            }
            return Outcome {
                proof: 1,
                disproof: 1,
                rests_on: 0,
                distance: 0,
            };
        }
        self.iterations += 1;
        self.deepest_expansion = self.deepest_expansion.max(depth);
        let created_before = self.nodes_created;
        let mut children = self.generate_children(true);
        if !self.reading_out {
            self.publish();
        }
        if children.moves.is_empty() {
            // A position the rules did not end always has moves: never reached in chess.
            self.stop = Some(Stop::Cancelled);
            return Outcome {
                proof: 1,
                disproof: 1,
                rests_on: 0,
                distance: 0,
            };
        }
        // On a path from the root's MID call (not one `search_at` began below it).
        let on_path = self.watch.is_some() && !self.reading_out && self.watched.len() == depth;
        if on_path && self.nodes_created >= self.watch_at {
            self.tell_watch(&children, is_or);
        }
        loop {
            // The children's φ and δ (they are of the other type).
            let (phis, deltas) = if is_or {
                (&children.disproof, &children.proof)
            } else {
                (&children.proof, &children.disproof)
            };
            let phi = min(deltas);
            let delta = summed(phis, self.options.weak_delta);
            if phi >= phi_threshold || delta >= delta_threshold || self.stop.is_some() {
                break;
            }
            let (mut best, mut best_delta, mut second_delta) = (0, INF, INF);
            for (index, &child_delta) in deltas.iter().enumerate() {
                if child_delta < best_delta {
                    second_delta = best_delta;
                    best = index;
                    best_delta = child_delta;
                } else if child_delta < second_delta {
                    second_delta = child_delta;
                }
            }
            let mut child_phi = if self.options.weak_delta {
                let open = phis.iter().filter(|&&phi| phi != 0).count() as u64;
                weak_child_phi_threshold(delta_threshold, open)
            } else {
                child_phi_threshold_of(delta_threshold, delta, phis[best])
            };
            let mut child_delta =
                child_delta_threshold(phi_threshold, second_delta, self.options.epsilon);
            self.push(
                children.moves[best],
                children.hashes[best],
                children.keys[best],
            );
            // The child's type comes from its position: where the same player moves again,
            // the thresholds are seen from that player, so they swap.
            let child_is_or = self.is_or();
            if child_is_or == is_or {
                std::mem::swap(&mut child_phi, &mut child_delta);
            }
            if on_path {
                self.watched.push((std::mem::take(&mut children), is_or));
            }
            let result = self.mid(child_phi, child_delta, child_is_or);
            if on_path {
                children = self.watched.pop().expect("the watched path").0;
            }
            self.pop();
            children.proof[best] = result.proof;
            children.disproof[best] = result.disproof;
            if result.proof == 0 {
                children.distance[best] = result.distance;
                children.fixed[best] = true;
            } else if result.disproof == 0 {
                children.rests_on[best] = result.rests_on;
                children.fixed[best] = true;
            }
            self.refresh(&mut children);
        }
        let work = self.nodes_created - created_before;
        self.conclude(key, depth, is_or, &children, work)
    }

    /// Tell the watch the root's numbers now (`_watch_path`), at the node whose children
    /// `current` are.
    fn tell_watch(&mut self, current: &Children, is_or: bool) {
        let (proof, disproof) = self.root_now(current, is_or);
        let nodes = self.nodes_created;
        let watch = self.watch.as_mut().expect("a watch");
        match watch(nodes, proof, disproof) {
            Some(next) => self.watch_at = next,
            None => {
                self.watch = None;
                self.stop = Some(Stop::Cancelled);
            }
        }
    }

    /// The root's (pn, dn) as the MID calls on the path would hand them up if the search
    /// stopped now (`root_now`): each path node's numbers from its children, the unsolved ones
    /// re-read from the table, the child on the path taking the numbers read below it. Only
    /// read: the table's tally of probes and hits is put back.
    fn root_now(&mut self, current: &Children, current_is_or: bool) -> (u64, u64) {
        let levels = self.watched.len() + 1;
        let tally = (self.table.probes, self.table.hits);
        let mut below = self.root_numbers;
        for depth in (0..levels).rev() {
            let (children, is_or) = if depth + 1 == levels {
                (current, current_is_or)
            } else {
                let (children, is_or) = &self.watched[depth];
                (children, *is_or)
            };
            let mut proof = children.proof.clone();
            let mut disproof = children.disproof.clone();
            for index in 0..children.keys.len() {
                if children.fixed[index] {
                    continue;
                }
                if let Some(entry) = self
                    .table
                    .usable(children.keys[index], children.clocks[index])
                {
                    (proof[index], disproof[index]) = (entry.proof, entry.disproof);
                }
            }
            if depth + 1 < levels {
                let below_key = self.path_keys[depth + 1];
                let chosen = children
                    .keys
                    .iter()
                    .position(|&key| key == below_key)
                    .expect("the path's child");
                (proof[chosen], disproof[chosen]) = below;
            }
            below = node_numbers(&proof, &disproof, is_or, self.options.weak_delta);
        }
        (self.table.probes, self.table.hits) = tally;
        below
    }

    /// Tell `watch` the root's numbers as the search goes (`watch_root`): from the next
    /// expansion on, then whenever the nodes created reach what it returned; None stops it.
    /// The search does what it would do unwatched.
    pub fn watch_root(&mut self, watch: Option<Watch>) {
        self.watch = watch;
        self.watch_at = self.nodes_created;
        self.watched.clear();
    }

    /// The node's numbers from its children, stored as the GHI rule allows (`_conclude`).
    fn conclude(
        &mut self,
        key: u64,
        depth: usize,
        is_or: bool,
        children: &Children,
        work: u64,
    ) -> Outcome {
        let (proof, disproof) = node_numbers(
            &children.proof,
            &children.disproof,
            is_or,
            self.options.weak_delta,
        );
        if depth == 1 && !self.reading_out {
            *self.root_move_work.entry(key).or_insert(0) += work;
        }
        let slot = self.table.find(key);
        let work = work
            + if slot >= 0 {
                self.table.entry(slot).work as u64
            } else {
                0
            };
        if proof == 0 {
            let proved = children
                .proof
                .iter()
                .zip(&children.distance)
                .filter(|(p, _)| **p == 0)
                .map(|(_, d)| *d);
            let distance = 1 + if is_or {
                proved.min().unwrap_or(0)
            } else {
                proved.max().unwrap_or(0)
            };
            let clock = self.clock();
            self.table.store(key, 0, INF, work, distance, clock);
            return Outcome {
                proof: 0,
                disproof: INF,
                rests_on: NO_DEPENDENCE,
                distance,
            };
        }
        if disproof == 0 {
            let used = children
                .disproof
                .iter()
                .zip(&children.rests_on)
                .filter(|(d, _)| **d == 0)
                .map(|(_, r)| *r);
            let rests_on = if is_or { used.min() } else { used.max() }
                .unwrap_or(NO_DEPENDENCE)
                .min(NO_DEPENDENCE);
            self.table.store_disproof(key, work, rests_on, depth);
            return Outcome {
                proof: INF,
                disproof: 0,
                rests_on,
                distance: 0,
            };
        }
        self.table.store(key, proof, disproof, work, 0, 0);
        Outcome {
            proof,
            disproof,
            rests_on: NO_DEPENDENCE,
            distance: 0,
        }
    }

    // -- running --------------------------------------------------------------------------------

    /// Search from the root until it is solved or a limit stops it; with `max_iterations` /
    /// `max_seconds` only for a slice (then None: call again).
    pub fn run(
        &mut self,
        max_iterations: Option<u64>,
        max_seconds: Option<f64>,
    ) -> Option<Verdict> {
        if self.verdict.is_some() {
            return self.verdict;
        }
        let started = Instant::now();
        self.run_started = started;
        self.signals_checked = started;
        self.slice_end = max_seconds.map(|s| started + std::time::Duration::from_secs_f64(s));
        self.slice_iterations = max_iterations.map(|most| self.iterations + most);
        self.stop = None;
        loop {
            self.reset();
            let is_or = self.root_is_or;
            let result = self.mid(INF, INF, is_or);
            self.elapsed += self.run_started.elapsed().as_secs_f64();
            let settling = Instant::now();
            let settled = self.settle(result).is_some() || !self.search_on;
            // A read-out is the search's time too.
            self.elapsed += settling.elapsed().as_secs_f64();
            self.publish();
            if settled {
                return self.verdict;
            }
            self.run_started = Instant::now();
        }
    }

    fn settle(&mut self, result: Outcome) -> Option<Verdict> {
        self.root_numbers = (result.proof, result.disproof);
        self.search_on = false;
        if result.proof == 0 {
            let stop = self.stop.take();
            if self.read_out() {
                self.verdict = Some(Verdict::Proved);
                return self.verdict;
            }
            self.root_numbers = (1, 1);
            self.stop = self.stop.or(stop);
            self.search_on = self.stop.is_none();
        }
        if result.disproof == 0 {
            self.verdict = Some(Verdict::Disproved);
        } else if let Some(stop) = self.stop {
            if stop != Stop::SliceDone {
                self.verdict = Some(Verdict::Unknown(stop));
            }
        }
        self.verdict
    }

    /// Search the position after `codes` from the root with the table as it is (`search_at`).
    pub fn search_at(&mut self, codes: &[u16]) -> Result<(u64, u64), String> {
        self.play_codes(codes)?;
        self.stop = None;
        self.run_started = Instant::now();
        let is_or = self.is_or();
        let result = self.mid(INF, INF, is_or);
        self.reset();
        self.publish();
        Ok((result.proof, result.disproof))
    }

    /// The children of the position after `codes` from the root, with the numbers MID would
    /// give them there, read without storing or counting anything (`read_children`): (codes,
    /// keys, clocks, proof numbers, disproof numbers).
    #[allow(clippy::type_complexity)]
    pub fn read_children(
        &mut self,
        codes: &[u16],
    ) -> Result<(Vec<u16>, Vec<u64>, Vec<u32>, Vec<u64>, Vec<u64>), String> {
        self.play_codes(codes)?;
        let children = self.generate_children(false);
        self.reset();
        Ok((
            children.codes,
            children.keys,
            children.clocks,
            children.proof,
            children.disproof,
        ))
    }

    fn begin_read_out(&mut self) -> (u64, u64) {
        self.reading_out = true;
        self.run_started = Instant::now();
        self.reset();
        (self.nodes_created, self.iterations)
    }

    fn end_read_out(&mut self, saved: (u64, u64)) {
        self.reading_out = false;
        self.reset();
        self.read_out_nodes += self.nodes_created - saved.0;
        (self.nodes_created, self.iterations) = saved;
        self.publish();
    }

    /// Read the proved root's proof out of the table (`_read_out`); forget what failed.
    fn read_out(&mut self) -> bool {
        let saved = self.begin_read_out();
        let mut extraction = Extraction::default();
        let is_or = self.root_is_or;
        let root = extraction.node(self, is_or);
        self.end_read_out(saved);
        if let Some(root) = root {
            self.proof = Some((extraction.arena, root));
            return true;
        }
        self.read_outs_failed += 1;
        let mut failed: Vec<u64> = extraction.failed.into_iter().collect();
        failed.sort_unstable();
        for key in failed.into_iter().chain([self.root_key]) {
            self.table.forget(key);
        }
        false
    }

    /// The disproof tree of a disproved root (`disproof`), or why none could be read.
    pub fn disproof(&mut self) -> Result<(ProofArena, usize), Option<Stop>> {
        self.stop = None;
        let saved = self.begin_read_out();
        let mut extraction = DisproofExtraction::default();
        let is_or = self.root_is_or;
        let read = extraction.node(self, is_or);
        self.end_read_out(saved);
        match read {
            Some((root, _)) => Ok((extraction.arena, root)),
            None => Err(self.stop.take()),
        }
    }
}

/// Reads a proof out of the table along the cursor (`_Extraction`).
#[derive(Default)]
struct Extraction {
    arena: ProofArena,
    done: HashMap<u64, usize>,
    failed: std::collections::HashSet<u64>,
}

impl Extraction {
    fn node(&mut self, search: &mut Search, is_or: bool) -> Option<usize> {
        let key = *search.path_keys.last().expect("a path");
        if let Some(&known) = self.done.get(&key) {
            return Some(known);
        }
        for attempt in 0..2 {
            if search.stop.is_some() {
                return None;
            }
            let mut children = search.generate_children(true);
            if let Some(proof) = self.read_children(search, is_or, &mut children) {
                self.done.insert(key, proof);
                return Some(proof);
            }
            let lost = is_or && children.proof.iter().all(|&p| p != 0);
            if attempt == 0 && !lost {
                break;
            }
            if attempt == 0 {
                let result = search.mid(INF, INF, is_or);
                if result.proof != 0 {
                    break;
                }
            }
        }
        self.failed.insert(key);
        None
    }

    fn read_children(
        &mut self,
        search: &mut Search,
        is_or: bool,
        children: &mut Children,
    ) -> Option<usize> {
        let on_path: std::collections::HashSet<u64> = search.path_keys.iter().copied().collect();
        let count = children.moves.len();
        let mut proved: Vec<usize> = (0..count)
            .filter(|&i| children.proof[i] == 0 && !on_path.contains(&children.keys[i]))
            .collect();
        let chosen: Vec<usize> = if is_or {
            proved.sort_by_key(|&i| (children.distance[i], i));
            proved
        } else {
            if proved.len() != count {
                let missing: Vec<usize> = (0..count).filter(|i| !proved.contains(i)).collect();
                if missing
                    .iter()
                    .any(|&i| on_path.contains(&children.keys[i]) || children.disproof[i] == 0)
                {
                    return None;
                }
                for &i in &missing {
                    if !self.prove_child(search, children, i) {
                        return None;
                    }
                }
            }
            (0..count).collect()
        };
        let mut out: Vec<(u16, usize)> = Vec::new();
        for i in chosen {
            search.push(children.moves[i], children.hashes[i], children.keys[i]);
            let child_is_or = search.is_or();
            let sub = if children.terminal[i] {
                Some(self.arena.leaf(child_is_or))
            } else {
                self.node(search, child_is_or)
            };
            search.pop();
            match sub {
                None if is_or => continue,
                None => return None,
                Some(sub) => {
                    out.push((children.codes[i], sub));
                    if is_or {
                        break;
                    }
                }
            }
        }
        if is_or && out.is_empty() {
            return None;
        }
        self.arena.nodes.push((is_or, out));
        Some(self.arena.nodes.len() - 1)
    }

    fn prove_child(&mut self, search: &mut Search, children: &mut Children, i: usize) -> bool {
        search.push(children.moves[i], children.hashes[i], children.keys[i]);
        let child_is_or = search.is_or();
        let result = search.mid(INF, INF, child_is_or);
        search.pop();
        if result.proof != 0 {
            return false;
        }
        children.proof[i] = 0;
        children.distance[i] = result.distance;
        true
    }
}

/// Reads a disproof out of the table along the cursor (`_DisproofExtraction`).
#[derive(Default)]
struct DisproofExtraction {
    arena: ProofArena,
    done: HashMap<(u64, u32), usize>,
}

impl DisproofExtraction {
    fn node(&mut self, search: &mut Search, is_or: bool) -> Option<(usize, u64)> {
        let shared = (*search.path_keys.last().expect("a path"), search.clock());
        if let Some(&known) = self.done.get(&shared) {
            return Some((known, NO_DEPENDENCE));
        }
        if search.stop.is_some() {
            return None;
        }
        let children = search.generate_children(true);
        let read = if is_or {
            self.every_child(search, &children)
        } else {
            self.one_child(search, &children)
        };
        if let Some((node, rests_on)) = read {
            if rests_on >= (search.path_keys.len() - 1) as u64 {
                self.done.insert(shared, node);
            }
        }
        read
    }

    fn every_child(&mut self, search: &mut Search, children: &Children) -> Option<(usize, u64)> {
        let mut out = Vec::new();
        let mut rests_on = NO_DEPENDENCE;
        for index in 0..children.moves.len() {
            let (node, rests) = self.child(search, children, index)?;
            out.push((children.codes[index], node));
            rests_on = rests_on.min(rests);
        }
        self.arena.nodes.push((true, out));
        Some((self.arena.nodes.len() - 1, rests_on))
    }

    fn one_child(&mut self, search: &mut Search, children: &Children) -> Option<(usize, u64)> {
        let mut order: Vec<usize> = (0..children.moves.len())
            .filter(|&i| children.proof[i] != 0)
            .collect();
        order.sort_by_key(|&i| {
            (
                children.disproof[i] != 0,
                !children.terminal[i],
                children.disproof[i],
                i,
            )
        });
        for index in order {
            if let Some((node, rests)) = self.child(search, children, index) {
                self.arena
                    .nodes
                    .push((false, vec![(children.codes[index], node)]));
                return Some((self.arena.nodes.len() - 1, rests));
            }
        }
        None
    }

    fn child(
        &mut self,
        search: &mut Search,
        children: &Children,
        index: usize,
    ) -> Option<(usize, u64)> {
        if children.proof[index] == 0 {
            return None;
        }
        search.push(
            children.moves[index],
            children.hashes[index],
            children.keys[index],
        );
        let child_is_or = search.is_or();
        let read = if children.terminal[index] {
            Some((self.arena.leaf(child_is_or), children.rests_on[index]))
        } else if children.disproof[index] != 0 && search.mid(INF, INF, child_is_or).disproof != 0 {
            None
        } else {
            self.node(search, child_is_or)
        };
        search.pop();
        read
    }
}
