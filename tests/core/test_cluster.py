"""The Dask backend against a two-worker cluster that the test starts on this machine: the same
records as local processes, a dead worker's item retried once and then reported, the rest done."""

from __future__ import annotations

import subprocess
import sys
from functools import partial

import pytest

from pn_explorer.core.errors import PnExplorerError
from pn_explorer.core.games.suites import load_suite
from pn_explorer.core.runs.cluster import (
    INSTALL_HINT,
    ClusterError,
    ClusterWorkers,
    check_installed,
)
from pn_explorer.core.runs.runner import WorkItem, run_each
from pn_explorer.core.runs.workers import Failed, Finished, Started
from pn_explorer.core.search.algorithms import AlgorithmSpec, create_search
from pn_explorer.core.search.types import Limits
from tests import job_work


def _events(workers: ClusterWorkers) -> list:
    events = []
    while workers.busy:
        events += workers.poll(timeout=None)
    return events


def test_every_item_is_started_and_finished_on_the_cluster(dask_address):
    events = _events(ClusterWorkers(job_work.square, [1, 2, 3, 4], dask_address))
    assert sorted(e.index for e in events if isinstance(e, Started)) == [0, 1, 2, 3]
    assert {e.index: e.value for e in events if isinstance(e, Finished)} == {
        0: 1,
        1: 4,
        2: 9,
        3: 16,
    }


def test_an_error_fails_its_own_item_in_one_line(dask_address):
    events = _events(ClusterWorkers(job_work.fail_on_two, [1, 2, 3], dask_address))
    (failed,) = [e for e in events if isinstance(e, Failed)]
    assert failed.index == 1 and failed.message == "ValueError: two is not allowed"
    assert sorted(e.value for e in events if isinstance(e, Finished)) == [1, 9]


def test_a_worker_that_dies_is_retried_once_on_a_fresh_one(dask_address, tmp_path):
    marker = str(tmp_path / "died-once")
    items = [(number, marker) for number in (1, 2, 3)]
    events = _events(ClusterWorkers(job_work.die_once_on_two, items, dask_address))
    assert sorted(e.value for e in events if isinstance(e, Finished)) == [1, 4, 9]


def test_an_item_that_kills_its_worker_twice_is_reported_and_the_rest_finish(dask_address):
    events = _events(ClusterWorkers(job_work.die_on_two, [1, 2, 3], dask_address))
    (failed,) = [e for e in events if isinstance(e, Failed)]
    assert failed.index == 1 and failed.error is None
    assert "worker died 2 times" in failed.message
    assert sorted(e.value for e in events if isinstance(e, Finished)) == [1, 9]


def _items() -> list[WorkItem]:
    factory = partial(create_search, AlgorithmSpec("pn"))
    return [
        WorkItem(p.id, p.fen, "pn", factory, Limits(max_nodes=3000), tuple(p.best_moves))
        for p in load_suite("wac-mates")[:4]
    ]


def test_run_each_on_the_cluster_gives_the_records_of_local_runs(dask_address):
    items = _items()
    local = dict(run_each(items, jobs=1))
    remote = dict(run_each(items, cluster=dask_address))
    assert set(remote) == set(local) == set(range(len(items)))
    for index, record in local.items():
        there = remote[index]
        assert (there.id, there.result, there.nodes_created, there.main_line) == (
            record.id,
            record.result,
            record.nodes_created,
            record.main_line,
        )
        assert there.verified == record.verified


def test_an_unreachable_scheduler_is_one_line():
    with pytest.raises(
        ClusterError, match="cannot reach the Dask scheduler at 'tcp://127.0.0.1:9'"
    ):
        ClusterWorkers(job_work.square, [1], "tcp://127.0.0.1:9")


def test_without_the_extra_the_cluster_says_what_to_install():
    code = (
        "import sys; sys.modules['distributed'] = None\n"
        "from pn_explorer.core.runs.cluster import check_installed\n"
        "check_installed()\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode != 0 and INSTALL_HINT in result.stderr
    assert issubclass(ClusterError, PnExplorerError)
    check_installed()
