"""Jobs in this process: the behavioural fake of ``JobStore`` (``memory://`` and the unit
tests) and ``InProcessJobQueue``, the embedded default queue (a few threads of the app process,
so ``./dev serve`` needs no broker)."""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable
from datetime import datetime

import attrs

from designcore.domain.errors import Conflict
from designcore.domain.jobs import Job, JobNotFound, JobState

log = logging.getLogger(__name__)


class InMemoryJobStore:
    """Jobs by id, one lock around every step (so compare-and-set is one step)."""

    def __init__(self) -> None:
        self._jobs: dict[str, Job] = {}
        self._lock = threading.Lock()

    def add(self, job: Job) -> None:
        """Store a new job."""
        with self._lock:
            if job.id in self._jobs:
                raise Conflict(f"a job with id {job.id} exists", code="job_exists")
            self._jobs[job.id] = job

    def get(self, job_id: str) -> Job:
        """The job."""
        with self._lock:
            return self._find(job_id)

    def _find(self, job_id: str) -> Job:
        job = self._jobs.get(job_id)
        if job is None:
            raise JobNotFound(f"no job {job_id}")
        return job

    def replace(self, job: Job, expected: JobState) -> Job | None:
        """Write if the stored state is still ``expected``, keeping the cancel request."""
        with self._lock:
            stored = self._find(job.id)
            if stored.state is not expected:
                return None
            written = attrs.evolve(job, cancel_requested=stored.cancel_requested)
            self._jobs[job.id] = written
            return written

    def request_cancel(self, job_id: str, now: datetime) -> Job:
        """Set the cancel request."""
        with self._lock:
            stored = self._find(job_id)
            if not stored.cancel_requested:
                stored = attrs.evolve(stored, cancel_requested=True, updated_at=now)
                self._jobs[job_id] = stored
            return stored

    def list_by_owner(self, owner_id: str, limit: int = 50) -> list[Job]:
        """The owner's jobs, newest first."""
        with self._lock:
            mine = [job for job in self._jobs.values() if job.owner_id == owner_id]
        mine.sort(key=lambda job: (job.created_at, job.id), reverse=True)
        return mine[:limit]

    def stale(self, now: datetime, limit: int = 100) -> list[Job]:
        """Running jobs whose lease ran out."""
        with self._lock:
            found = [
                job
                for job in self._jobs.values()
                if job.state is JobState.RUNNING
                and job.lease_until is not None
                and job.lease_until < now
            ]
        found.sort(key=lambda job: (job.lease_until, job.id))
        return found[:limit]

    def overdue(self, before: datetime, limit: int = 100) -> list[Job]:
        """Queued jobs due before the moment."""
        with self._lock:
            found = [
                job
                for job in self._jobs.values()
                if job.state is JobState.QUEUED and (job.run_after or job.updated_at) < before
            ]
        found.sort(key=lambda job: (job.run_after or job.updated_at, job.id))
        return found[:limit]

    def delete_finished_before(self, moment: datetime) -> list[Job]:
        """Remove jobs finished before the moment."""
        with self._lock:
            gone = [
                job
                for job in self._jobs.values()
                if job.finished_at is not None and job.finished_at < moment
            ]
            for job in gone:
                del self._jobs[job.id]
        return gone


_STOP = ""


class InProcessJobQueue:
    """Runs jobs in ``threads`` daemon threads of this process; a delayed job waits on a timer.

    Jobs queued when the process stops are not lost for good: they stay ``queued`` in the store
    and a running one's lease runs out, so the next process's recovery takes them up
    (``JobService.recover``)."""

    in_process = True

    def __init__(self, threads: int = 2) -> None:
        if threads < 1:
            raise ValueError(f"threads must be at least 1, got {threads!r}")
        self._count = threads
        self._ids: queue.Queue[str] = queue.Queue()
        self._runner: Callable[[str], None] | None = None
        self._threads: list[threading.Thread] = []
        self._timers: set[threading.Timer] = set()
        self._lock = threading.Lock()
        self._closed = False

    def serve(self, runner: Callable[[str], None]) -> None:
        """Start the threads, each calling ``runner`` for the ids handed to them."""
        with self._lock:
            self._runner = runner
            if self._threads:
                return
            for number in range(self._count):
                thread = threading.Thread(
                    target=self._work, name=f"designcore-job-{number}", daemon=True
                )
                thread.start()
                self._threads.append(thread)

    def enqueue(self, job_id: str, kind: str, delay_seconds: float = 0.0) -> None:
        """Hand the id to a thread now, or after ``delay_seconds``."""
        if delay_seconds <= 0:
            self._ids.put(job_id)
            return
        timer = threading.Timer(delay_seconds, self._due, args=(job_id,))
        timer.daemon = True
        with self._lock:
            if self._closed:
                return
            self._timers.add(timer)
        timer.start()

    def _due(self, job_id: str) -> None:
        with self._lock:
            self._timers = {timer for timer in self._timers if timer.is_alive()}
            if self._closed:
                return
        self._ids.put(job_id)

    def _work(self) -> None:
        while True:
            job_id = self._ids.get()
            if job_id == _STOP:
                return
            runner = self._runner
            if runner is None:  # pragma: no cover - serve() sets it before any thread runs
                continue
            try:
                runner(job_id)
            except Exception:  # a runner failure must not end the thread
                log.exception("job %s: the runner failed", job_id)

    def close(self) -> None:
        """Stop the timers and the threads (after the jobs they are running)."""
        with self._lock:
            self._closed = True
            timers, self._timers = self._timers, set()
            threads, self._threads = self._threads, []
        for timer in timers:
            timer.cancel()
        for _ in threads:
            self._ids.put(_STOP)
        for thread in threads:
            thread.join(timeout=5)
