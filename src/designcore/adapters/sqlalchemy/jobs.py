"""Background jobs in ``jobs`` (migration 0022).

Concurrency: a write is one ``UPDATE jobs … WHERE id = … AND state = <expected>``
(compare-and-set). On PostgreSQL the row lock of that update makes a second writer from the
same state wait, then match no row; on SQLite the write lock serialises them. The update never
sets ``cancel_requested`` (only :meth:`SqlAlchemyJobStore.request_cancel` does, with its own
one-statement update), so a progress write cannot lose a cancel request; the row is read back
in the same transaction to answer what is stored.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, cast

import sqlalchemy as sa
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

from designcore.adapters.sqlalchemy.failures import database_unavailable
from designcore.adapters.sqlalchemy.mapping import utc, utc_or_none
from designcore.adapters.sqlalchemy.tables import Base, Json
from designcore.domain.errors import Conflict, Unavailable
from designcore.domain.jobs import Job, JobError, JobNotFound, JobResult, JobState

Moment = sa.DateTime(timezone=True)


class JobRow(Base):
    """``jobs``."""

    __tablename__ = "jobs"
    __table_args__ = (
        sa.Index("ix_jobs_owner_created", "owner_id", "created_at"),
        sa.Index("ix_jobs_state_lease", "state", "lease_until"),
        sa.Index("ix_jobs_finished", "finished_at"),
    )

    id: Mapped[str] = mapped_column(sa.String(36), primary_key=True)
    kind: Mapped[str] = mapped_column(sa.String(64))
    owner_id: Mapped[str] = mapped_column(sa.String(36))
    params: Mapped[dict[str, Any]] = mapped_column(Json)
    state: Mapped[str] = mapped_column(sa.String(16))
    progress: Mapped[int] = mapped_column(sa.Integer)
    message: Mapped[str] = mapped_column(sa.Text)
    attempts: Mapped[int] = mapped_column(sa.Integer)
    max_attempts: Mapped[int] = mapped_column(sa.Integer)
    cancel_requested: Mapped[bool] = mapped_column(sa.Boolean)
    lease_until: Mapped[datetime | None] = mapped_column(Moment)
    run_after: Mapped[datetime | None] = mapped_column(Moment)
    worker: Mapped[str] = mapped_column(sa.Text)
    result_key: Mapped[str | None] = mapped_column(sa.Text)
    result_media_type: Mapped[str | None] = mapped_column(sa.Text)
    result_filename: Mapped[str | None] = mapped_column(sa.Text)
    error_code: Mapped[str | None] = mapped_column(sa.String(64))
    error_message: Mapped[str | None] = mapped_column(sa.Text)
    created_at: Mapped[datetime] = mapped_column(Moment)
    updated_at: Mapped[datetime] = mapped_column(Moment)
    finished_at: Mapped[datetime | None] = mapped_column(Moment)


JOBS = cast(sa.Table, JobRow.__table__)
_J = JOBS.c


def from_domain(job: Job) -> dict[str, Any]:
    """The row values of ``job``."""
    return {
        "id": job.id,
        "kind": job.kind,
        "owner_id": job.owner_id,
        "params": dict(job.params),
        "state": job.state.value,
        "progress": job.progress,
        "message": job.message,
        "attempts": job.attempts,
        "max_attempts": job.max_attempts,
        "cancel_requested": job.cancel_requested,
        "lease_until": utc_or_none(job.lease_until),
        "run_after": utc_or_none(job.run_after),
        "worker": job.worker,
        "result_key": job.result.key if job.result else None,
        "result_media_type": job.result.media_type if job.result else None,
        "result_filename": job.result.filename if job.result else None,
        "error_code": job.error.code if job.error else None,
        "error_message": job.error.message if job.error else None,
        "created_at": utc(job.created_at),
        "updated_at": utc(job.updated_at),
        "finished_at": utc_or_none(job.finished_at),
    }


def to_domain(row: sa.RowMapping) -> Job:
    """The job of a ``jobs`` row."""
    result = None
    if row["result_key"] is not None:
        result = JobResult(
            key=row["result_key"],
            media_type=row["result_media_type"] or "application/octet-stream",
            filename=row["result_filename"] or "result",
        )
    error = None
    if row["error_code"] is not None:
        error = JobError(code=row["error_code"], message=row["error_message"] or "")
    return Job(
        id=row["id"],
        kind=row["kind"],
        owner_id=row["owner_id"],
        params=row["params"],
        state=JobState(row["state"]),
        progress=row["progress"],
        message=row["message"],
        attempts=row["attempts"],
        max_attempts=row["max_attempts"],
        cancel_requested=bool(row["cancel_requested"]),
        lease_until=utc_or_none(row["lease_until"]),
        run_after=utc_or_none(row["run_after"]),
        worker=row["worker"],
        result=result,
        error=error,
        created_at=utc(row["created_at"]),
        updated_at=utc(row["updated_at"]),
        finished_at=utc_or_none(row["finished_at"]),
    )


class SqlAlchemyJobStore:
    """The ``JobStore`` port over ``jobs``."""

    def __init__(self, engine: sa.Engine) -> None:
        self._engine = engine

    def add(self, job: Job) -> None:
        """Insert the job."""
        try:
            with self._engine.begin() as conn:
                conn.execute(sa.insert(JOBS).values(from_domain(job)))
        except IntegrityError:
            raise Conflict(f"a job with id {job.id} exists", code="job_exists") from None
        except DBAPIError as error:
            raise _unavailable(error) from None

    def get(self, job_id: str) -> Job:
        """The job."""
        try:
            with self._engine.connect() as conn:
                row = conn.execute(sa.select(JOBS).where(_J.id == job_id)).mappings().first()
        except DBAPIError as error:
            raise _unavailable(error) from None
        if row is None:
            raise JobNotFound(f"no job {job_id}")
        return to_domain(row)

    def replace(self, job: Job, expected: JobState) -> Job | None:
        """Compare-and-set on the state, then read the row back in the same transaction."""
        values = from_domain(job)
        for key in ("id", "kind", "owner_id", "params", "created_at", "cancel_requested"):
            del values[key]
        try:
            with self._engine.begin() as conn:
                changed = conn.execute(
                    sa.update(JOBS)
                    .where(_J.id == job.id, _J.state == expected.value)
                    .values(values)
                ).rowcount
                row = conn.execute(sa.select(JOBS).where(_J.id == job.id)).mappings().first()
        except DBAPIError as error:
            raise _unavailable(error) from None
        if row is None:
            raise JobNotFound(f"no job {job.id}")
        return to_domain(row) if changed else None

    def request_cancel(self, job_id: str, now: datetime) -> Job:
        """One update setting the flag (the moment only when it was not set)."""
        try:
            with self._engine.begin() as conn:
                conn.execute(
                    sa.update(JOBS)
                    .where(_J.id == job_id, _J.cancel_requested.is_(False))
                    .values(cancel_requested=True, updated_at=utc(now))
                )
                row = conn.execute(sa.select(JOBS).where(_J.id == job_id)).mappings().first()
        except DBAPIError as error:
            raise _unavailable(error) from None
        if row is None:
            raise JobNotFound(f"no job {job_id}")
        return to_domain(row)

    def list_by_owner(self, owner_id: str, limit: int = 50) -> list[Job]:
        """The owner's jobs, newest first."""
        statement = (
            sa.select(JOBS)
            .where(_J.owner_id == owner_id)
            .order_by(_J.created_at.desc(), _J.id.desc())
            .limit(limit)
        )
        return self._all(statement)

    def stale(self, now: datetime, limit: int = 100) -> list[Job]:
        """Running jobs whose lease ran out."""
        statement = (
            sa.select(JOBS)
            .where(_J.state == JobState.RUNNING.value, _J.lease_until < utc(now))
            .order_by(_J.lease_until, _J.id)
            .limit(limit)
        )
        return self._all(statement)

    def overdue(self, before: datetime, limit: int = 100) -> list[Job]:
        """Queued jobs due before the moment."""
        due = sa.func.coalesce(_J.run_after, _J.updated_at)
        statement = (
            sa.select(JOBS)
            .where(_J.state == JobState.QUEUED.value, due < utc(before))
            .order_by(due, _J.id)
            .limit(limit)
        )
        return self._all(statement)

    def delete_finished_before(self, moment: datetime) -> list[Job]:
        """Delete and answer the jobs finished before the moment."""
        condition = sa.and_(_J.finished_at.is_not(None), _J.finished_at < utc(moment))
        try:
            with self._engine.begin() as conn:
                rows = conn.execute(sa.select(JOBS).where(condition)).mappings().all()
                conn.execute(sa.delete(JOBS).where(_J.id.in_([row["id"] for row in rows])))
        except DBAPIError as error:
            raise _unavailable(error) from None
        return [to_domain(row) for row in rows]

    def _all(self, statement: sa.Select[Any]) -> list[Job]:
        try:
            with self._engine.connect() as conn:
                rows = conn.execute(statement).mappings().all()
        except DBAPIError as error:
            raise _unavailable(error) from None
        return [to_domain(row) for row in rows]


def _unavailable(error: DBAPIError) -> Unavailable:
    return database_unavailable("jobs", error)
