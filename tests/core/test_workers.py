"""The worker processes under `run_each` and the app's jobs: results, failures of one item,
deadlines, and stopping them all at once."""

import multiprocessing
import time

import pytest
from job_work import die_on_two, fail_on_two, sleep, square

from pn_explorer.core.errors import PnExplorerError
from pn_explorer.core.runs import runner
from pn_explorer.core.runs.workers import Failed, Finished, Started, Workers


def drain(workers: Workers, limit: float = 60.0) -> list:
    events, ends = [], time.monotonic() + limit
    while workers.busy and time.monotonic() < ends:
        events += workers.poll(timeout=0.2)
    return events


def test_every_item_is_started_and_finished_in_at_most_jobs_processes():
    workers = Workers(square, [1, 2, 3, 4, 5], jobs=2)
    first = workers.poll()
    assert [event.index for event in first] == [0, 1] and len(workers.processes()) == 2
    events = first + drain(workers)
    assert sorted(e.index for e in events if isinstance(e, Started)) == [0, 1, 2, 3, 4]
    assert {e.index: e.value for e in events if isinstance(e, Finished)} == {
        0: 1,
        1: 4,
        2: 9,
        3: 16,
        4: 25,
    }
    assert workers.processes() == []


def test_an_error_fails_its_own_item_in_one_line_and_the_rest_go_on():
    events = drain(Workers(fail_on_two, [1, 2, 3], jobs=1))
    failed = [e for e in events if isinstance(e, Failed)]
    assert [(e.index, e.message) for e in failed] == [(1, "ValueError: two is not allowed")]
    assert isinstance(failed[0].error, ValueError)
    assert {e.index: e.value for e in events if isinstance(e, Finished)} == {0: 1, 2: 9}


def test_a_dead_process_fails_its_own_item_and_a_fresh_one_takes_the_rest():
    events = drain(Workers(die_on_two, [1, 2, 3], jobs=1))
    (failed,) = [e for e in events if isinstance(e, Failed)]
    assert failed.index == 1 and failed.error is None
    assert "ended without a result" in failed.message and "exit code 9" in failed.message
    assert {e.index: e.value for e in events if isinstance(e, Finished)} == {0: 1, 2: 9}


def test_an_item_over_its_deadline_is_ended():
    workers = Workers(sleep, [60.0, 0.0], jobs=1, deadline=1.0)
    workers.poll()
    (process,) = workers.processes()
    events = drain(workers, limit=30)
    (failed,) = [e for e in events if isinstance(e, Failed)]
    assert failed.index == 0 and failed.message.startswith("stopped after 1 s")
    assert not process.is_alive()
    assert [e.value for e in events if isinstance(e, Finished)] == [0.0]


def test_cancel_kills_every_process_within_a_second():
    workers = Workers(sleep, [60.0, 60.0, 60.0], jobs=2)
    workers.poll()
    processes = workers.processes()
    assert len(processes) == 2
    time.sleep(0.5)
    started = time.monotonic()
    workers.cancel()
    assert time.monotonic() - started < 1.0
    assert not any(process.is_alive() for process in processes)
    assert not workers.busy and workers.poll() == []


def test_run_each_raises_a_workers_error_and_names_a_dead_worker(monkeypatch):
    monkeypatch.setattr(runner, "run_item", fail_on_two)
    with pytest.raises(ValueError, match="two is\nnot allowed"):
        list(runner.run_each([1, 2, 3], jobs=2))
    monkeypatch.setattr(runner, "run_item", die_on_two)
    with pytest.raises(PnExplorerError, match="^a worker process died"):
        list(runner.run_each([1, 2, 3], jobs=2))


def test_closing_run_each_early_ends_its_processes(monkeypatch):
    monkeypatch.setattr(runner, "run_item", sleep)
    each = runner.run_each([0.0, 60.0, 60.0], jobs=2)
    assert next(each) == (0, 0.0)
    processes = multiprocessing.active_children()
    assert processes
    each.close()
    assert not any(process.is_alive() for process in processes)
