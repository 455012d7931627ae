"""The JobStore contract: memory, SQLite and PostgreSQL behave the same."""

from __future__ import annotations

import threading
import uuid
from datetime import UTC, datetime, timedelta

import attrs
import pytest
import sqlalchemy as sa

from designcore.adapters.memory.jobs import InMemoryJobStore
from designcore.adapters.sqlalchemy.jobs import SqlAlchemyJobStore
from designcore.domain.errors import Conflict
from designcore.domain.jobs import (
    Job,
    JobError,
    JobMove,
    JobNotFound,
    JobResult,
    JobState,
    new_job,
    start,
)
from designcore.ports.jobs import JobStore

IMPLEMENTATIONS = ["memory", "sqlite", pytest.param("postgresql", marks=pytest.mark.postgresql)]
EPOCH = datetime(2026, 11, 29, 6, 0, tzinfo=UTC)


@pytest.fixture(name="store", params=IMPLEMENTATIONS)
def fixture_store(request: pytest.FixtureRequest) -> JobStore:
    """Every implementation of the port, empty."""
    if request.param == "memory":
        return InMemoryJobStore()
    engine: sa.Engine = request.getfixturevalue(f"{request.param}_engine")
    return SqlAlchemyJobStore(engine)


def queued(owner: str = "u1", at: datetime = EPOCH) -> Job:
    return new_job(str(uuid.uuid4()), "export", owner, {"format": "pdf", "pages": [0, 1]}, at)


class TestJobStore:
    def test_a_stored_job_reads_back_equal(self, store: JobStore) -> None:
        """get answers the job as added, params and moments included."""
        job = queued()
        store.add(job)
        assert job == store.get(job.id)

    def test_a_second_add_of_one_id_conflicts(self, store: JobStore) -> None:
        """Adding an id twice raises Conflict and keeps the first."""
        job = queued()
        store.add(job)
        with pytest.raises(Conflict):
            store.add(new_job(job.id, "other", "u2", {}, EPOCH))
        assert "u1" == store.get(job.id).owner_id

    def test_an_unknown_id_is_not_found(self, store: JobStore) -> None:
        """get, replace and request_cancel of an unknown id raise JobNotFound."""
        job = queued()
        with pytest.raises(JobNotFound):
            store.get(job.id)
        with pytest.raises(JobNotFound):
            store.replace(job, JobState.QUEUED)
        with pytest.raises(JobNotFound):
            store.request_cancel(job.id, EPOCH)

    def test_replace_writes_every_field_when_the_state_matches(self, store: JobStore) -> None:
        """A compare-and-set from the stored state writes the job (result and error too)."""
        job = queued()
        store.add(job)
        running = start(job, EPOCH + timedelta(seconds=1), "host:42")
        assert running == store.replace(running, JobState.QUEUED)
        done = running.moved(
            JobMove.SUCCEED,
            EPOCH + timedelta(seconds=5),
            progress=100,
            lease_until=None,
            result=JobResult("u1/x.pdf", "application/pdf", "designcore-x.pdf"),
            error=JobError("earlier", "a kept note"),
        )
        assert done == store.replace(done, JobState.RUNNING)
        assert done == store.get(job.id)

    def test_replace_from_a_state_that_moved_on_writes_nothing(self, store: JobStore) -> None:
        """A compare-and-set from a stale state answers None and changes nothing."""
        job = queued()
        store.add(job)
        running = start(job, EPOCH, "w1")
        store.replace(running, JobState.QUEUED)
        assert store.replace(start(job, EPOCH, "w2"), JobState.QUEUED) is None
        assert "w1" == store.get(job.id).worker

    def test_of_two_racing_starts_exactly_one_wins(self, store: JobStore) -> None:
        """Eight threads taking one queued job: one write succeeds."""
        job = queued()
        store.add(job)
        wins: list[Job | None] = []
        barrier = threading.Barrier(8)

        def take(number: int) -> None:
            barrier.wait()
            wins.append(store.replace(start(job, EPOCH, f"w{number}"), JobState.QUEUED))

        threads = [threading.Thread(target=take, args=(n,)) for n in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert 1 == sum(win is not None for win in wins)

    def test_a_cancel_request_survives_a_later_progress_write(self, store: JobStore) -> None:
        """replace keeps the stored cancel request and answers it."""
        job = queued()
        store.add(job)
        running = store.replace(start(job, EPOCH, "w1"), JobState.QUEUED)
        assert running is not None
        assert store.request_cancel(job.id, EPOCH).cancel_requested
        written = store.replace(running.with_progress(50, "half", EPOCH), JobState.RUNNING)
        assert written is not None
        assert (True, 50) == (written.cancel_requested, written.progress)
        assert store.get(job.id).cancel_requested

    def test_jobs_are_listed_by_owner_newest_first(self, store: JobStore) -> None:
        """list_by_owner answers only the owner's jobs, newest first, at most the limit."""
        older, newer = queued(at=EPOCH), queued(at=EPOCH + timedelta(minutes=1))
        for job in (older, newer, queued(owner="u2")):
            store.add(job)
        assert [newer.id, older.id] == [job.id for job in store.list_by_owner("u1")]
        assert [newer.id] == [job.id for job in store.list_by_owner("u1", limit=1)]

    def test_stale_answers_running_jobs_past_their_lease(self, store: JobStore) -> None:
        """Only running jobs whose lease ended before now are stale."""
        lost, alive, waiting = queued(), queued(), queued()
        for job in (lost, alive, waiting):
            store.add(job)
        store.replace(start(lost, EPOCH, "w1", lease=timedelta(seconds=10)), JobState.QUEUED)
        store.replace(start(alive, EPOCH, "w2", lease=timedelta(minutes=10)), JobState.QUEUED)
        assert [lost.id] == [job.id for job in store.stale(EPOCH + timedelta(minutes=1))]

    def test_finished_jobs_older_than_a_moment_are_deleted(self, store: JobStore) -> None:
        """delete_finished_before removes and answers finished jobs only."""
        old, live = queued(), queued()
        store.add(old)
        store.add(live)
        store.replace(old.moved(JobMove.CANCEL, EPOCH), JobState.QUEUED)
        gone = store.delete_finished_before(EPOCH + timedelta(days=1))
        assert [old.id] == [job.id for job in gone]
        assert JobState.QUEUED == store.get(live.id).state
        with pytest.raises(JobNotFound):
            store.get(old.id)

    def test_overdue_answers_queued_jobs_past_their_time(self, store: JobStore) -> None:
        """A queued job is overdue once its retry time (or its last change) is before the
        moment; running and finished jobs never are."""
        first, retry, running = queued(), queued(), queued()
        for job in (first, retry, running):
            store.add(job)
        later = EPOCH + timedelta(minutes=10)
        store.replace(attrs.evolve(retry, run_after=later, updated_at=EPOCH), JobState.QUEUED)
        store.replace(start(running, EPOCH, "w1"), JobState.QUEUED)
        assert [first.id] == [job.id for job in store.overdue(EPOCH + timedelta(minutes=5))]
        assert [first.id, retry.id] == [
            job.id for job in store.overdue(EPOCH + timedelta(minutes=11))
        ]
