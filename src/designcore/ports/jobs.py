"""Background jobs: where their state is kept, and the queue that hands their ids to workers."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Protocol

from designcore.domain.jobs import Job, JobState


class JobStore(Protocol):
    """Keeps jobs, shared by every app and worker process (docs/decisions.md, "Jobs on a
    task queue").

    Writes are compare-and-set on the state, so two workers (or a worker and a cancel) racing
    for one job cannot both move it: exactly one write wins.
    """

    def add(self, job: Job) -> None:
        """Store a new job. Raises ``Conflict`` (``job_exists``) for an id already stored,
        ``Unavailable`` when the store cannot answer."""
        ...

    def get(self, job_id: str) -> Job:
        """The job. Raises ``JobNotFound``."""
        ...

    def replace(self, job: Job, expected: JobState) -> Job | None:
        """Write ``job`` over the stored one if the stored state is still ``expected``, and
        answer the job as now stored; ``None`` (nothing written) when the state moved on.

        The stored ``cancel_requested`` is kept (only :meth:`request_cancel` sets it), so a
        progress write never loses a cancel request; the answer carries it. Raises
        ``JobNotFound``."""
        ...

    def request_cancel(self, job_id: str, now: datetime) -> Job:
        """Mark the job as asked to stop (harmless twice, and on a finished job) and answer it.
        Raises ``JobNotFound``."""
        ...

    def list_by_owner(self, owner_id: str, limit: int = 50) -> list[Job]:
        """The owner's jobs, newest first, at most ``limit``."""
        ...

    def stale(self, now: datetime, limit: int = 100) -> list[Job]:
        """Running jobs whose lease ran out before ``now``, oldest lease first."""
        ...

    def overdue(self, before: datetime, limit: int = 100) -> list[Job]:
        """Queued jobs that should have started before ``before``: their retry time (or, for
        a first attempt, their last change) is earlier. Oldest first."""
        ...

    def delete_finished_before(self, moment: datetime) -> list[Job]:
        """Remove jobs that finished before ``moment`` and answer them (so their results can be
        removed from storage)."""
        ...


class JobQueue(Protocol):
    """Hands job ids to workers: threads of this process, or worker processes via a broker."""

    def enqueue(self, job_id: str, kind: str, delay_seconds: float = 0.0) -> None:
        """Have a worker call the runner with ``job_id`` after ``delay_seconds`` (at least
        once; the runner ignores a job that is not queued). Raises ``Unavailable`` when the
        broker cannot take it."""
        ...

    def serve(self, runner: Callable[[str], None]) -> None:
        """Name what a worker of this process calls for each job id it is handed. A queue whose
        workers are other processes only records it, for ``designcore worker``."""
        ...

    @property
    def in_process(self) -> bool:
        """Whether this process runs the jobs itself (no worker process is needed)."""
        ...

    def close(self) -> None:
        """Stop taking jobs: let running ones finish, drop the broker connection."""
        ...
