"""Background jobs: submit, read, cancel, fetch the result, and run one in a worker.

The rules are :mod:`designcore.domain.jobs`; the state lives in the ``JobStore`` (shared by
every process) and the ``JobQueue`` only hands ids to workers, in threads of this process or in
``designcore worker`` processes (docs/decisions.md, "Jobs on a task queue").

:meth:`JobService.run` is what a worker calls with an id. It takes the job by a compare-and-set
``queued → running`` (a duplicate delivery, or a second worker, finds it taken and does
nothing), renews the job's lease from a heartbeat thread while the handler works, stores the
handler's file in the private ``job-results`` bucket and moves the job to ``succeeded``. A
handler checks for cancellation between its steps (:meth:`JobContext.check`); a failure that
may pass is retried after a growing pause until the attempts run out, and one that never can
(bad input) fails at once. A job whose worker died keeps ``running`` only until its lease ends:
:meth:`JobService.recover` (run every few seconds by each app process) queues it again or
fails it.
"""

from __future__ import annotations

import logging
import os
import socket
import threading
import time
import uuid
from collections.abc import Callable, Mapping
from datetime import datetime, timedelta
from typing import Any

import attrs

from designcore.domain.errors import (
    Conflict,
    DesignCoreError,
    FieldIssue,
    NotAllowed,
    NotFound,
    Unavailable,
    ValidationFailed,
)
from designcore.domain.jobs import (
    DEFAULT_LEASE,
    DEFAULT_MAX_ATTEMPTS,
    RETRY_BASE_DELAY,
    Job,
    JobError,
    JobMove,
    JobNotFound,
    JobResult,
    JobState,
    after_failure,
    is_job_id,
    may_see,
    new_job,
    recover,
    start,
)
from designcore.domain.premium import Viewer
from designcore.ports.clock import Clock
from designcore.ports.jobs import JobQueue, JobStore
from designcore.ports.storage import Storage, StoredObject

log = logging.getLogger(__name__)

RESULTS_BUCKET = "job-results"
"""The private bucket of job results, each under ``{owner_id}/{job_id}/``."""

CANCEL_POLL_SECONDS = 1.0
"""A running handler's cancellation check reads the store at most this often."""


class JobCancelled(DesignCoreError):
    """Raised by :meth:`JobContext.check` once the job was asked to stop."""

    code = "job_cancelled"


class JobNotFinished(Conflict):
    """The job has no result (yet): it is queued, running, failed or cancelled."""

    code = "job_not_finished"


class JobFinished(Conflict):
    """The job finished already: there is nothing to cancel."""

    code = "job_finished"


@attrs.frozen
class JobOutput:
    """What a handler made: one file."""

    data: bytes
    media_type: str
    filename: str


class JobContext:
    """What a handler is handed besides its job: a progress reporter and a cancellation check."""

    def __init__(self, report: Callable[[int, str], None], cancelled: Callable[[], bool]) -> None:
        self._report = report
        self._cancelled = cancelled

    def progress(self, percent: int, message: str = "") -> None:
        """Tell the job's readers how far it is (0 to 100, never going back)."""
        self._report(percent, message)

    def cancelled(self) -> bool:
        """Whether the job was asked to stop."""
        return self._cancelled()

    def check(self) -> None:
        """Raise :class:`JobCancelled` once the job was asked to stop (call between steps)."""
        if self._cancelled():
            raise JobCancelled("the job was cancelled")


JobHandler = Callable[[Job, JobContext], "JobOutput | None"]
"""Does a job's work and answers its file (``None``: the work keeps its own result, as a
design's preview does); raises ``DesignCoreError`` subclasses for failures (``Unavailable`` and
unexpected exceptions are retried, the others are final)."""


def worker_name() -> str:
    """This process, as a job records who ran it: ``host:pid``."""
    return f"{socket.gethostname()}:{os.getpid()}"


class _Attempt:
    """The job as this worker last wrote it, shared by the handler's progress reports and the
    heartbeat thread (one lock, so neither writes an older copy over the other's)."""

    def __init__(self, store: JobStore, clock: Clock, job: Job, lease: timedelta) -> None:
        self._store = store
        self._clock = clock
        self._lease = lease
        self._lock = threading.Lock()
        self.job = job
        self.lost = False
        """Whether the job left ``running`` behind this worker's back (recovered as stale)."""
        self._stop = threading.Event()
        self._last_read = time.monotonic()
        self._beat = threading.Thread(target=self._heartbeat, name=f"job-lease-{job.id[:8]}")
        self._beat.daemon = True
        self._beat.start()

    def _write(self, change: Callable[[Job, datetime], Job]) -> None:
        with self._lock:
            if self.lost:
                return
            now = self._clock.now()
            written = self._store.replace(change(self.job, now), JobState.RUNNING)
            if written is None:
                self.lost = True
            else:
                self.job = written

    def report(self, percent: int, message: str) -> None:
        self._write(
            lambda job, now: attrs.evolve(
                job.with_progress(percent, message, now), lease_until=now + self._lease
            )
        )

    def cancelled(self) -> bool:
        if self.lost:
            return True
        if time.monotonic() - self._last_read >= CANCEL_POLL_SECONDS:
            self._last_read = time.monotonic()
            try:
                stored = self._store.get(self.job.id)
            except (JobNotFound, Unavailable):
                return self.job.cancel_requested
            if stored.state is not JobState.RUNNING:
                self.lost = True
                return True
            with self._lock:
                self.job = attrs.evolve(self.job, cancel_requested=stored.cancel_requested)
        return self.job.cancel_requested

    def _heartbeat(self) -> None:
        every = max(0.5, self._lease.total_seconds() / 4)
        while not self._stop.wait(every):
            try:
                self._write(
                    lambda job, now: attrs.evolve(
                        job, updated_at=now, lease_until=now + self._lease
                    )
                )
            except Exception:  # the next beat tries again; the lease has room for misses
                log.warning("job %s: the heartbeat could not be written", self.job.id)

    def finish(self, change: Callable[[Job, datetime], Job]) -> Job | None:
        """Stop the heartbeat and write the attempt's end; ``None`` when the job was lost."""
        self._stop.set()
        self._beat.join(timeout=5)
        with self._lock:
            if self.lost:
                return None
            written = self._store.replace(change(self.job, self._clock.now()), JobState.RUNNING)
            if written is None:
                self.lost = True
            return written


class JobService:
    """Submits, reads, cancels and runs background jobs."""

    def __init__(
        self,
        store: JobStore,
        queue: JobQueue,
        storage: Storage,
        clock: Clock,
        handlers: Mapping[str, Callable[[], JobHandler]],
        max_attempts: int = DEFAULT_MAX_ATTEMPTS,
        lease: timedelta = DEFAULT_LEASE,
        retention: timedelta = timedelta(hours=24),
        retry_base: timedelta = RETRY_BASE_DELAY,
    ) -> None:
        self._store = store
        self._queue = queue
        self._storage = storage
        self._clock = clock
        self._handlers = dict(handlers)
        self._max_attempts = max_attempts
        self._lease = lease
        self._retention = retention
        self._retry_base = retry_base

    @property
    def queue(self) -> JobQueue:
        """The queue jobs are handed to."""
        return self._queue

    # --- the app side ------------------------------------------------------------------------

    def submit(self, kind: str, owner_id: str, params: Mapping[str, Any]) -> Job:
        """Store a new queued job of ``kind`` for ``owner_id`` and hand it to the queue.

        Raises ``ValidationFailed`` (``kind``) for a kind no handler runs, ``Unavailable``
        when the store or the broker cannot take it (the job is then failed, not left
        queued for ever)."""
        if kind not in self._handlers:
            raise ValidationFailed([FieldIssue("kind", f"no job kind {kind!r}")])
        job = new_job(
            str(uuid.uuid4()), kind, owner_id, params, self._clock.now(), self._max_attempts
        )
        self._store.add(job)
        try:
            self._queue.enqueue(job.id, kind)
        except Unavailable as error:
            failed = job.moved(
                JobMove.FAIL, self._clock.now(), error=JobError(error.code, error.message)
            )
            self._store.replace(failed, JobState.QUEUED)
            raise
        return job

    def status(self, viewer: Viewer, job_id: str) -> Job:
        """The job, for its owner or an admin. Raises ``NotAllowed`` (``sign_in_required``)
        for a visitor and ``JobNotFound`` for an unknown id, a malformed one and someone
        else's job alike."""
        job = self._visible(viewer, job_id)
        if (
            job.state is JobState.RUNNING
            and job.lease_until
            and job.lease_until < self._clock.now()
        ):
            self._recover_one(job)
            job = self._store.get(job_id)
        return job

    def cancel(self, viewer: Viewer, job_id: str) -> Job:
        """Stop the job: a queued one is cancelled now, a running one when its handler next
        checks (within a step). Raises as :meth:`status`, and ``JobFinished`` (409) for a job
        that already finished."""
        job = self._visible(viewer, job_id)
        if job.finished:
            raise JobFinished(f"the job is {job.state.value} already: nothing to cancel")
        now = self._clock.now()
        job = self._store.request_cancel(job_id, now)
        if job.state is JobState.QUEUED:
            cancelled = self._store.replace(
                job.moved(JobMove.CANCEL, now, run_after=None), JobState.QUEUED
            )
            if cancelled is not None:
                return cancelled
        return self._store.get(job_id)

    def result(self, viewer: Viewer, job_id: str) -> tuple[Job, StoredObject]:
        """The finished job's file. Raises as :meth:`status`, ``JobNotFinished`` (409) until
        it succeeded, and ``NotFound`` (``job_result_gone``) once the file was removed."""
        job = self._visible(viewer, job_id)
        if job.state is not JobState.SUCCEEDED or job.result is None:
            raise JobNotFinished(f"the job is {job.state.value}: it has no result")
        try:
            return job, self._storage.get(RESULTS_BUCKET, job.result.key)
        except NotFound:
            raise NotFound("the job's result is no longer kept", code="job_result_gone") from None

    def list_mine(self, viewer: Viewer, limit: int = 20) -> list[Job]:
        """The caller's latest jobs, newest first."""
        if viewer.user_id is None:
            raise NotAllowed("sign in to see your jobs", code="sign_in_required")
        return self._store.list_by_owner(viewer.user_id, limit)

    def _visible(self, viewer: Viewer, job_id: str) -> Job:
        if viewer.user_id is None:
            raise NotAllowed("sign in to see your jobs", code="sign_in_required")
        if not is_job_id(job_id):
            raise JobNotFound(f"no job {job_id!r}")
        job = self._store.get(job_id)
        if not may_see(job, viewer.user_id, is_admin=viewer.is_admin):
            raise JobNotFound(f"no job {job_id!r}")
        return job

    # --- housekeeping ------------------------------------------------------------------------

    def recover(self) -> int:
        """Queue again (or fail) every running job whose worker stopped renewing its lease,
        and hand the queue again every queued job left waiting a lease past its time (its
        message was lost: an in-process queue's process stopped, or the broker refused a
        retry); answer how many were taken up. Safe in several processes at once: a job
        handed twice runs once."""
        now = self._clock.now()
        taken = 0
        for job in self._store.stale(now):
            taken += self._recover_one(job)
        for job in self._store.overdue(now - self._lease):
            touched = self._store.replace(
                attrs.evolve(job, updated_at=now, run_after=None), JobState.QUEUED
            )
            if touched is not None:
                log.warning("job %s: waited past its time; handed to the queue again", job.id)
                self._enqueue_later(touched)
                taken += 1
        return taken

    def _recover_one(self, job: Job) -> int:
        after = recover(job, self._clock.now(), base=self._retry_base)
        if self._store.replace(after, JobState.RUNNING) is None:
            return 0  # its worker finished it meanwhile, or another process recovered it
        log.warning("job %s: its worker %s stopped answering", job.id, job.worker)
        if after.state is JobState.QUEUED:
            self._enqueue_later(after)
        return 1

    def purge(self) -> int:
        """Remove jobs (and their result files) finished longer ago than the retention."""
        gone = self._store.delete_finished_before(self._clock.now() - self._retention)
        for job in gone:
            if job.result is not None:
                self._storage.delete(RESULTS_BUCKET, job.result.key)
        return len(gone)

    # --- the worker side ---------------------------------------------------------------------

    def run(self, job_id: str) -> None:
        """Run the queued job ``job_id`` once (what a worker calls for each id it is handed).
        A job that is not queued (taken by another worker, finished, unknown) is left alone."""
        try:
            job = self._store.get(job_id)
        except JobNotFound:
            log.warning("job %s: not in the store; dropped", job_id)
            return
        if job.state is not JobState.QUEUED:
            return
        now = self._clock.now()
        if job.cancel_requested:
            self._store.replace(job.moved(JobMove.CANCEL, now), JobState.QUEUED)
            return
        running = self._store.replace(start(job, now, worker_name(), self._lease), JobState.QUEUED)
        if running is None:
            return  # another worker took it
        attempt = _Attempt(self._store, self._clock, running, self._lease)
        context = JobContext(attempt.report, attempt.cancelled)
        try:
            handler = self._handlers.get(running.kind)
            if handler is None:
                raise ValidationFailed(
                    [FieldIssue("kind", f"this worker runs no job of kind {running.kind!r}")]
                )
            output = handler()(running, context)
            context.check()
        except JobCancelled:
            attempt.finish(lambda job, now: job.moved(JobMove.CANCEL, now, lease_until=None))
            return
        except DesignCoreError as error:
            # Input that can never work fails at once; a backing service may come back.
            retryable = isinstance(error, Unavailable)
            self._fail(attempt, JobError(error.code, error.message), retryable=retryable)
            return
        except Exception:
            log.exception("job %s (%s) failed", running.id, running.kind)
            self._fail(
                attempt, JobError("job_failed", "the job failed unexpectedly"), retryable=True
            )
            return
        except BaseException:
            # The worker interrupted the handler (its time limit, or the process stopping):
            # end the attempt (the heartbeat must not keep the job running) and let it go on.
            self._fail(
                attempt,
                JobError("job_interrupted", "the worker stopped the job before it finished"),
                retryable=True,
            )
            raise
        if output is None:  # the handler kept what it made itself
            attempt.finish(
                lambda job, now: job.moved(
                    JobMove.SUCCEED, now, progress=100, lease_until=None, error=None
                )
            )
            return
        key = f"{running.owner_id}/{running.id}/{output.filename}"
        try:
            self._storage.put(RESULTS_BUCKET, key, output.data, output.media_type)
        except Exception:
            log.exception("job %s: its result could not be stored", running.id)
            self._fail(
                attempt,
                JobError("result_not_stored", "the result could not be stored"),
                retryable=True,
            )
            return
        result = JobResult(key=key, media_type=output.media_type, filename=output.filename)
        done = attempt.finish(
            lambda job, now: job.moved(
                JobMove.SUCCEED, now, progress=100, lease_until=None, result=result, error=None
            )
        )
        if done is None:  # recovered as stale meanwhile: another attempt owns the job now
            self._storage.delete(RESULTS_BUCKET, key)

    def _fail(self, attempt: _Attempt, error: JobError, *, retryable: bool) -> None:
        after = attempt.finish(
            lambda job, now: after_failure(
                job, error, now, retryable=retryable, base=self._retry_base
            )
        )
        if after is not None and after.state is JobState.QUEUED:
            self._enqueue_later(after)

    def _enqueue_later(self, job: Job) -> None:
        delay = 0.0
        if job.run_after is not None:
            delay = max(0.0, (job.run_after - self._clock.now()).total_seconds())
        try:
            self._queue.enqueue(job.id, job.kind, delay)
        except Unavailable:
            log.exception("job %s: could not be queued again", job.id)
