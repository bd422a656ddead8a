"""Fixtures of the headless tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest


@pytest.fixture(scope="module")
def dask_address() -> Iterator[str]:
    """A Dask scheduler and two single-threaded worker processes on the loopback interface,
    started by the tests themselves (the cluster backend's tests skip without `distributed`).
    One per test module, closed after it: its processes must not outlive the module into tests
    that count this process's children."""
    distributed = pytest.importorskip("distributed")
    cluster = distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=None,
        silence_logs=50,
    )
    try:
        yield cluster.scheduler_address
    finally:
        cluster.close()
