"""The window's one background-job runner: results, progress, one-line failures, cancel that
really stops processes and threads, and stale results dropped."""

import os
import threading
import time
from pathlib import Path

import pytest
from job_work import fail_on_two, sleep, square

from pn_explorer.app.jobs import Jobs


class Heard:
    """Every signal a runner sends, in order."""

    def __init__(self, jobs: Jobs) -> None:
        self.events: list[tuple] = []
        jobs.started.connect(lambda index: self.events.append(("started", index)))
        jobs.progress.connect(lambda share: self.events.append(("progress", share)))
        jobs.result.connect(lambda index, value: self.events.append(("result", index, value)))
        jobs.failed.connect(lambda index, text: self.events.append(("failed", index, text)))
        jobs.done.connect(lambda: self.events.append(("done",)))
        jobs.cancelled.connect(lambda: self.events.append(("cancelled",)))

    def of(self, kind: str) -> list[tuple]:
        return [event for event in self.events if event[0] == kind]


@pytest.fixture
def jobs(qtbot):
    runner = Jobs()
    yield runner
    runner.cancel()
    runner.wait(10_000)


def test_process_work_reports_each_result_its_progress_and_done(qtbot, jobs):
    heard = Heard(jobs)
    jobs.run_processes(square, [1, 2, 3], parallel=2)
    assert jobs.busy and heard.of("started") == [("started", 0), ("started", 1)]
    qtbot.waitUntil(lambda: not jobs.busy, timeout=30_000)
    assert sorted(heard.of("result")) == [("result", 0, 1), ("result", 1, 4), ("result", 2, 9)]
    shares = [event[1] for event in heard.of("progress")]
    assert shares == pytest.approx([1 / 3, 2 / 3, 1.0])
    assert heard.events[-1] == ("done",) and heard.of("cancelled") == []
    assert jobs.processes() == []


def test_a_failure_in_a_worker_is_one_line_and_the_rest_still_report(qtbot, jobs):
    heard = Heard(jobs)
    jobs.run_processes(fail_on_two, [1, 2, 3], parallel=1)
    qtbot.waitUntil(lambda: not jobs.busy, timeout=30_000)
    assert heard.of("failed") == [("failed", 1, "ValueError: two is not allowed")]
    assert sorted(heard.of("result")) == [("result", 0, 1), ("result", 2, 9)]
    assert heard.events[-1] == ("done",)


def test_cancel_kills_running_processes_within_a_second(qtbot, jobs):
    heard = Heard(jobs)
    jobs.run_processes(sleep, [60.0, 60.0, 60.0], parallel=2)
    processes = jobs.processes()
    assert len(processes) == 2
    qtbot.wait(500)
    assert all(process.is_alive() for process in processes)
    started = time.monotonic()
    jobs.cancel()
    assert time.monotonic() - started < 1.0
    assert not any(process.is_alive() for process in processes)
    assert not jobs.busy and jobs.processes() == []
    qtbot.wait(300)
    assert heard.of("result") == heard.of("failed") == heard.of("done") == []
    assert heard.of("cancelled") == [("cancelled",)]


def test_an_item_far_over_its_deadline_fails_in_one_line(qtbot, jobs):
    heard = Heard(jobs)
    jobs.run_processes(sleep, [60.0], deadline=1.0)
    qtbot.waitUntil(lambda: not jobs.busy, timeout=30_000)
    (failed,) = heard.of("failed")
    assert failed[1] == 0 and failed[2].startswith("stopped after 1 s: far over its time limit")


def test_thread_work_reports_its_result_or_its_failure_in_one_line(qtbot, jobs):
    heard = Heard(jobs)
    jobs.run_thread(lambda: 6 * 7)
    qtbot.waitUntil(lambda: not jobs.busy, timeout=10_000)
    jobs.run_thread(lambda: fail_on_two(2))
    qtbot.waitUntil(lambda: not jobs.busy, timeout=10_000)
    assert heard.events == [
        ("result", 0, 42),
        ("done",),
        ("failed", 0, "ValueError: two is not allowed"),
        ("done",),
    ]


def test_cancel_stops_thread_work_through_its_stop_and_drops_its_answer(qtbot, jobs):
    heard = Heard(jobs)
    stop = threading.Event()
    jobs.run_thread(lambda: "stopped" if stop.wait(30) else "timed out", stop=stop.set)
    assert jobs.busy and jobs.running_threads == 1
    jobs.cancel()
    assert stop.is_set() and not jobs.busy
    qtbot.waitUntil(lambda: jobs.running_threads == 0, timeout=5_000)
    qtbot.wait(100)
    assert heard.events == [("cancelled",)]


def test_a_stale_threads_result_is_dropped(qtbot, jobs):
    """The first request answers after the second was made: only the second's answer comes."""
    heard = Heard(jobs)
    release = threading.Event()
    jobs.run_thread(lambda: "old" if release.wait(30) else "timed out")
    jobs.run_thread(lambda: "new")
    release.set()
    qtbot.waitUntil(lambda: jobs.running_threads == 0, timeout=10_000)
    qtbot.wait(100)
    assert heard.events == [("cancelled",), ("result", 0, "new"), ("done",)]


def test_a_new_process_request_ends_the_old_ones_processes(qtbot, jobs):
    heard = Heard(jobs)
    jobs.run_processes(sleep, [60.0])
    old = jobs.processes()
    jobs.run_processes(square, [5])
    assert not any(process.is_alive() for process in old)
    qtbot.waitUntil(lambda: not jobs.busy, timeout=30_000)
    assert heard.of("result") == [("result", 0, 25)]


def _counting(steps: int, closed: list[bool]):
    try:
        for step in range(steps):
            time.sleep(0.001)
            yield (step + 1) / steps
        return "counted"
    finally:
        closed.append(True)


def test_steps_run_in_short_slices_report_progress_and_return_their_result(qtbot, jobs):
    heard = Heard(jobs)
    closed: list[bool] = []
    jobs.run_steps(_counting(200, closed))
    assert jobs.busy and heard.events == []
    qtbot.waitUntil(lambda: not jobs.busy, timeout=10_000)
    shares = [event[1] for event in heard.of("progress")]
    assert len(shares) > 2 and shares == sorted(shares) and 0 < shares[0] < 1
    assert heard.events[-2:] == [("result", 0, "counted"), ("done",)]
    assert jobs.longest_slice < 0.25 and closed == [True]


def test_cancelled_steps_are_closed_and_never_answer(qtbot, jobs):
    heard = Heard(jobs)
    closed: list[bool] = []
    jobs.run_steps(_counting(10_000, closed))
    qtbot.waitUntil(lambda: bool(heard.of("progress")), timeout=5_000)
    jobs.cancel()
    assert closed == [True] and not jobs.busy
    qtbot.wait(100)
    assert heard.of("result") == [] and heard.events[-1] == ("cancelled",)


def defunct_children() -> list[int]:
    """This process's children left defunct (zombies), read from /proc."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if fields[0] == "Z" and int(fields[1]) == os.getpid():
            found.append(int(stat.parent.name))
    return found


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_no_worker_is_left_defunct_after_the_work_ends(qtbot, jobs):
    jobs.run_processes(square, [1, 2, 3], parallel=2)
    qtbot.waitUntil(lambda: not jobs.busy, timeout=30_000)
    qtbot.wait(500)  # the workers exit once their pipes close
    qtbot.waitUntil(lambda: not defunct_children(), timeout=3_000)
