//! PN Explorer's native core, `pn_explorer._native`: the df-pn of `core/search/dfpn.py`,
//! compiled, on shakmaty's chess rules. The binding is thin: positions come in as FEN, moves
//! go out as the game's move codes, proofs as nested move codes for the Python verifier.

mod dfpn;
mod numbers;
mod rules;
mod table;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use pyo3::exceptions::{PyKeyboardInterrupt, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color, Position};

use dfpn::{Live, Options, ProofArena, Search, Stop, Verdict, Watch};

/// The crate's version.
#[pyfunction]
fn version() -> &'static str {
    env!("CARGO_PKG_VERSION")
}

fn parse(fen: &str) -> PyResult<Chess> {
    let setup = Fen::from_ascii(fen.as_bytes())
        .map_err(|error| PyValueError::new_err(format!("{fen}: {error}")))?;
    // Castling rights or an en passant square python-chess would tidy away are dropped.
    let error = match setup.into_position::<Chess>(CastlingMode::Standard) {
        Ok(position) => return Ok(position),
        Err(error) => error,
    };
    let error = match error.ignore_invalid_castling_rights() {
        Ok(position) => return Ok(position),
        Err(error) => error,
    };
    error
        .ignore_invalid_ep_square()
        .map_err(|error| PyValueError::new_err(format!("{fen}: {error}")))
}

/// The legal moves of a position in the game's order: (move code, child's Polyglot hash,
/// child's halfmove clock) each.
#[pyfunction]
fn children(fen: &str) -> PyResult<Vec<(u16, u64, u32)>> {
    let position = parse(fen)?;
    Ok(rules::ordered_moves(&position)
        .into_iter()
        .map(|(code, m)| {
            let mut child = position.clone();
            child.play_unchecked(m);
            (code, rules::hash(&child), child.halfmoves())
        })
        .collect())
}

/// The Polyglot Zobrist hash of a position.
#[pyfunction]
fn position_hash(fen: &str) -> PyResult<u64> {
    Ok(rules::hash(&parse(fen)?))
}

/// (mates in one, threatens mate, mop-up estimate for `attacker_white`) of a position.
#[pyfunction]
fn knowledge(fen: &str, attacker_white: bool) -> PyResult<(bool, bool, u64)> {
    let position = parse(fen)?;
    let attacker = Color::from_white(attacker_white);
    Ok((
        rules::mates_in_one(&position),
        rules::threatens_mate(&position),
        rules::mop_up_distance(&position, attacker),
    ))
}

/// A flag a Python thread sets to stop a native search at its next check (`cancel`).
#[pyclass(frozen)]
struct StopFlag {
    flag: Arc<AtomicBool>,
}

#[pymethods]
impl StopFlag {
    #[new]
    fn new() -> StopFlag {
        StopFlag {
            flag: Arc::new(AtomicBool::new(false)),
        }
    }

    fn set(&self) {
        self.flag.store(true, Ordering::Relaxed);
    }

    fn clear(&self) {
        self.flag.store(false, Ordering::Relaxed);
    }

    fn is_set(&self) -> bool {
        self.flag.load(Ordering::Relaxed)
    }
}

fn interrupted() -> bool {
    Python::attach(|py| py.check_signals().is_err())
}

fn stop_name(stop: Stop) -> &'static str {
    match stop {
        Stop::Cancelled => "cancelled",
        Stop::Iterations => "iterations",
        Stop::Time => "time",
        Stop::Budget => "node budget",
        Stop::Interrupted => "interrupted",
        Stop::SliceDone => "slice done",
    }
}

type Tree = (usize, Vec<(bool, Vec<(u16, usize)>)>);

fn tree((arena, root): (ProofArena, usize)) -> Tree {
    (root, arena.nodes)
}

/// The native df-pn (`core.search.dfpn_native` wraps it in the `Search` contract). Its counts
/// can be read from another thread while it runs (a progress display); anything else waits
/// for the run to end.
#[pyclass(frozen)]
struct NativeDfpn {
    search: Mutex<Search>,
    live: Arc<Live>,
    /// What the watch raised, if it did: raised again when the run returns.
    watch_failed: Arc<Mutex<Option<PyErr>>>,
}

impl NativeDfpn {
    fn lock(&self) -> PyResult<MutexGuard<'_, Search>> {
        self.search
            .try_lock()
            .map_err(|_| PyRuntimeError::new_err("the native df-pn is running"))
    }
}

#[pymethods]
impl NativeDfpn {
    #[new]
    #[pyo3(signature = (fen, attacker_white, capacity, epsilon, mop_up_weight, mates_in_one,
        threat_divisor, threats_in_use, threat_depth, max_plies, ply_keys, max_iterations,
        max_seconds, work_budget, stop_flag, weak_delta=false))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        fen: &str,
        attacker_white: bool,
        capacity: usize,
        epsilon: f64,
        mop_up_weight: u64,
        mates_in_one: bool,
        threat_divisor: u64,
        threats_in_use: bool,
        threat_depth: usize,
        max_plies: Option<usize>,
        ply_keys: Vec<u64>,
        max_iterations: Option<u64>,
        max_seconds: Option<f64>,
        work_budget: Option<u64>,
        stop_flag: &StopFlag,
        weak_delta: bool,
    ) -> PyResult<NativeDfpn> {
        if max_plies.is_some_and(|plies| ply_keys.len() != plies + 1) {
            return Err(PyValueError::new_err(
                "one ply key per number of plies left",
            ));
        }
        if threat_divisor < 1 {
            return Err(PyValueError::new_err("threat_divisor must be at least 1"));
        }
        let root = parse(fen)?;
        let options = Options {
            epsilon,
            weak_delta,
            mop_up_weight,
            mates_in_one,
            threat_divisor,
            threats_in_use,
            threat_depth,
            max_plies,
            ply_keys,
            capacity,
            max_iterations,
            max_seconds,
            work_budget,
        };
        let attacker = Color::from_white(attacker_white);
        let mut search = Search::new(root, attacker, options, stop_flag.flag.clone());
        search.set_signals(interrupted);
        let live = search.live.clone();
        Ok(NativeDfpn {
            search: Mutex::new(search),
            live,
            watch_failed: Arc::new(Mutex::new(None)),
        })
    }

    /// Search until solved or stopped (("proved" | "disproved" | "unknown", stop)), or for a
    /// slice (None). The GIL is released while it runs; Ctrl+C raises KeyboardInterrupt.
    #[pyo3(signature = (max_iterations=None, max_seconds=None))]
    fn run(
        &self,
        py: Python<'_>,
        max_iterations: Option<u64>,
        max_seconds: Option<f64>,
    ) -> PyResult<Option<(&'static str, &'static str)>> {
        let mut guard = self.lock()?;
        let search: &mut Search = &mut guard;
        let verdict = py.detach(|| search.run(max_iterations, max_seconds));
        if let Some(error) = self.watch_failed.lock().ok().and_then(|mut e| e.take()) {
            return Err(error);
        }
        Ok(match verdict {
            None => None,
            Some(Verdict::Proved) => Some(("proved", "solved")),
            Some(Verdict::Disproved) => Some(("disproved", "solved")),
            Some(Verdict::Unknown(Stop::Interrupted)) => {
                search.verdict = None;
                return Err(PyKeyboardInterrupt::new_err("native df-pn interrupted"));
            }
            Some(Verdict::Unknown(stop)) => Some(("unknown", stop_name(stop))),
        })
    }

    /// Tell `watch(nodes created, pn, dn)` the root's numbers as the search runs, from the next
    /// expansion on and then whenever the nodes created reach what it returns (`watch_root`);
    /// None stops it. It is called with the GIL held; what it raises stops the run and is
    /// raised from `run`.
    #[pyo3(signature = (watch))]
    fn watch_root(&self, watch: Option<Py<PyAny>>) -> PyResult<()> {
        let failed = self.watch_failed.clone();
        let told = watch.map(|watch| -> Watch {
            Box::new(move |nodes, proof, disproof| {
                Python::attach(|py| {
                    let next = watch
                        .call1(py, (nodes, proof, disproof))
                        .and_then(|next| next.bind(py).extract::<u64>());
                    match next {
                        Ok(next) => Some(next),
                        Err(error) => {
                            if let Ok(mut slot) = failed.lock() {
                                *slot = Some(error);
                            }
                            None
                        }
                    }
                })
            })
        });
        self.lock()?.watch_root(told);
        Ok(())
    }

    /// The proof read out when the root was proved: (root index, [(is_or, [(code, child)])]).
    fn proof(&self) -> PyResult<Option<Tree>> {
        Ok(self
            .lock()?
            .proof
            .as_ref()
            .map(|(arena, root)| (*root, arena.nodes.clone())))
    }

    /// The disproof of a disproved root read out of the table, and where none could be read,
    /// the stop that prevented it: (tree or None, stop or None).
    fn disproof(&self, py: Python<'_>) -> PyResult<(Option<Tree>, Option<&'static str>)> {
        let mut guard = self.lock()?;
        let search: &mut Search = &mut guard;
        Ok(match py.detach(|| search.disproof()) {
            Ok(read) => (Some(tree(read)), None),
            Err(stop) => (None, stop.map(stop_name)),
        })
    }

    /// Search the position after `codes` to the end with the table as it is: (pn, dn).
    fn search_at(&self, py: Python<'_>, codes: Vec<u16>) -> PyResult<(u64, u64)> {
        let mut guard = self.lock()?;
        let search: &mut Search = &mut guard;
        py.detach(|| search.search_at(&codes))
            .map_err(PyValueError::new_err)
    }

    /// The table's entry for `key` usable at `clock`: (proof, disproof, work, distance), or
    /// None.
    fn probe(&self, key: u64, clock: u32) -> PyResult<Option<(u64, u64, u64, u64)>> {
        let mut search = self.lock()?;
        let slot = search.table.probe(key, clock);
        if slot < 0 {
            return Ok(None);
        }
        let entry = search.table.entry(slot);
        Ok(Some((
            entry.proof,
            entry.disproof,
            entry.work as u64,
            entry.distance as u64,
        )))
    }

    /// The children of the position after `codes` from the root as MID would see them, read
    /// without storing or counting anything: (codes, keys, clocks, proof numbers, disproof
    /// numbers).
    #[allow(clippy::type_complexity)]
    fn read_children(
        &self,
        codes: Vec<u16>,
    ) -> PyResult<(Vec<u16>, Vec<u64>, Vec<u32>, Vec<u64>, Vec<u64>)> {
        self.lock()?
            .read_children(&codes)
            .map_err(PyValueError::new_err)
    }

    /// The table's slot for `key`: usable at `clock` (`probe`: -1 absent, -2 a proof that does
    /// not hold at that clock), or at any clock where `clock` is None (`find`).
    #[pyo3(signature = (key, clock=None))]
    fn slot(&self, key: u64, clock: Option<u32>) -> PyResult<i64> {
        let mut search = self.lock()?;
        Ok(match clock {
            Some(clock) => search.table.probe(key, clock),
            None => search.table.find(key),
        })
    }

    /// The work recorded in table slot `slot` (nodes created below its position).
    fn work_at(&self, slot: i64) -> PyResult<u64> {
        let search = self.lock()?;
        if slot < 0 || slot as usize >= search.table.slots.len() {
            return Err(PyValueError::new_err("no such table slot"));
        }
        Ok(search.table.entry(slot).work as u64)
    }

    /// (capacity, entries, peak entries) of the table.
    #[getter]
    fn table_sizes(&self) -> PyResult<(usize, usize, usize)> {
        let search = self.lock()?;
        let table = &search.table;
        Ok((table.capacity, table.entries, table.peak))
    }

    #[getter]
    fn nodes_created(&self) -> u64 {
        self.live.nodes_created.load(Ordering::Relaxed)
    }
    #[getter]
    fn iterations(&self) -> u64 {
        self.live.iterations.load(Ordering::Relaxed)
    }
    #[getter]
    fn table_hits(&self) -> PyResult<u64> {
        let search = self.lock()?;
        Ok(search.table_hits)
    }
    #[getter]
    fn nodes_in_memory(&self) -> u64 {
        self.live.entries.load(Ordering::Relaxed)
    }
    #[getter]
    fn peak_nodes_in_memory(&self) -> PyResult<usize> {
        let search = self.lock()?;
        Ok(search.table.peak.max(1))
    }
    #[getter]
    fn read_out_nodes(&self) -> PyResult<u64> {
        let search = self.lock()?;
        Ok(search.read_out_nodes)
    }
    #[getter]
    fn read_outs_failed(&self) -> PyResult<u64> {
        let search = self.lock()?;
        Ok(search.read_outs_failed)
    }
    #[getter]
    fn deepest_expansion(&self) -> PyResult<usize> {
        let search = self.lock()?;
        Ok(search.deepest_expansion)
    }
    #[getter]
    fn root_numbers(&self) -> PyResult<(u64, u64)> {
        let search = self.lock()?;
        Ok(search.root_numbers)
    }
    #[getter]
    fn elapsed(&self) -> PyResult<f64> {
        let search = self.lock()?;
        Ok(search.elapsed)
    }
    #[getter]
    fn root_key(&self) -> PyResult<u64> {
        let search = self.lock()?;
        Ok(search.root_key())
    }
    #[getter]
    fn root_move_work(&self) -> PyResult<std::collections::HashMap<u64, u64>> {
        let search = self.lock()?;
        Ok(search.root_move_work.clone())
    }
    /// (probes, hits, stores, replacements, refused) of the table.
    #[getter]
    fn table_counts(&self) -> PyResult<(u64, u64, u64, u64, u64)> {
        let search = self.lock()?;
        let table = &search.table;
        Ok((
            table.probes,
            table.hits,
            table.stores,
            table.replacements,
            table.refused,
        ))
    }
    /// The table's bytes: slots × bytes per slot.
    #[getter]
    fn table_bytes(&self) -> PyResult<usize> {
        let search = self.lock()?;
        Ok(search.table.slots.len() * table::BYTES_PER_ENTRY)
    }
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(version, m)?)?;
    m.add_function(wrap_pyfunction!(children, m)?)?;
    m.add_function(wrap_pyfunction!(position_hash, m)?)?;
    m.add_function(wrap_pyfunction!(knowledge, m)?)?;
    m.add("BYTES_PER_ENTRY", table::BYTES_PER_ENTRY)?;
    m.add_class::<StopFlag>()?;
    m.add_class::<NativeDfpn>()?;
    Ok(())
}
