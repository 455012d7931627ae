"""The job rules: the state machine, retries, leases and who may see a job."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from designcore.domain.errors import IllegalTransition, ValidationFailed
from designcore.domain.jobs import (
    FINISHED,
    MAX_MESSAGE_LENGTH,
    RETRY_BASE_DELAY,
    RETRY_MAX_DELAY,
    TRANSITIONS,
    WORKER_LOST,
    Job,
    JobError,
    JobMove,
    JobState,
    after_failure,
    decide_retry,
    is_job_id,
    is_stale,
    legal_moves,
    may_see,
    new_job,
    recover,
    start,
    transition,
)

EPOCH = datetime(2026, 11, 29, 6, 0, tzinfo=UTC)


def make_job(**changes: object) -> Job:
    job = new_job(str(uuid.uuid4()), "export", "u1", {"format": "pdf"}, EPOCH)
    return attrs.evolve(job, **changes)


class TestTransitions:
    def test_every_pair_of_the_table_moves_to_its_state(self) -> None:
        """transition() answers exactly what the table says for each legal pair."""
        for (state, move), after in TRANSITIONS.items():
            assert after == transition(state, move)

    @given(st.sampled_from(list(JobState)), st.sampled_from(list(JobMove)))
    def test_a_pair_outside_the_table_is_illegal(self, state: JobState, move: JobMove) -> None:
        """Any move the table lacks raises IllegalTransition naming what is allowed."""
        if (state, move) in TRANSITIONS:
            return
        with pytest.raises(IllegalTransition, match="not allowed while the job is"):
            transition(state, move)

    def test_finished_states_have_no_moves(self) -> None:
        """Succeeded, failed and cancelled are final."""
        for state in FINISHED:
            assert frozenset() == legal_moves(state)
            assert state.finished

    def test_cancel_is_allowed_from_queued_and_running_only(self) -> None:
        """A job is cancelled while it waits or runs, never after it finished."""
        assert {JobState.QUEUED, JobState.RUNNING} == {
            state for (state, move) in TRANSITIONS if move is JobMove.CANCEL
        }


class TestJob:
    def test_a_bad_id_kind_or_owner_is_refused_naming_each(self) -> None:
        """A job with a malformed id, kind and owner names all three fields."""
        with pytest.raises(ValidationFailed) as caught:
            Job(
                id="../x",
                kind="Bad Kind",
                owner_id="",
                params={},
                created_at=EPOCH,
                updated_at=EPOCH,
            )
        assert ["id", "kind", "owner_id"] == [issue.path for issue in caught.value.issues]

    def test_progress_outside_0_to_100_is_refused(self) -> None:
        """Progress is a percentage."""
        with pytest.raises(ValidationFailed, match="progress"):
            make_job(progress=101)

    def test_progress_never_goes_back_and_is_clamped(self) -> None:
        """with_progress keeps the highest value reached, within 0 to 100."""
        job = start(make_job(), EPOCH, "w1").with_progress(40, "page 2", EPOCH)
        assert 40 == job.with_progress(10, "late", EPOCH).progress
        assert 100 == job.with_progress(250, "done", EPOCH).progress

    def test_long_messages_are_cut(self) -> None:
        """A progress or error message keeps at most MAX_MESSAGE_LENGTH characters."""
        assert MAX_MESSAGE_LENGTH == len(JobError("x", "y" * 5000).message)

    def test_job_ids_are_lowercase_uuids(self) -> None:
        """is_job_id accepts a UUID and refuses anything else."""
        assert is_job_id(str(uuid.uuid4()))
        assert not is_job_id("not-a-uuid")
        assert not is_job_id(str(uuid.uuid4()).upper())


class TestRetries:
    @given(st.integers(min_value=1, max_value=20), st.integers(min_value=1, max_value=20))
    def test_retries_stop_at_the_limit(self, attempts: int, limit: int) -> None:
        """Another attempt is made exactly while attempts are below the limit."""
        assert (attempts < limit) == decide_retry(attempts, limit).retry

    @given(st.integers(min_value=1, max_value=40))
    def test_the_pause_doubles_up_to_the_cap(self, attempts: int) -> None:
        """The pause is the base doubled per earlier attempt, never above the cap."""
        delay = decide_retry(attempts, 100).delay
        assert min(RETRY_BASE_DELAY * 2 ** (attempts - 1), RETRY_MAX_DELAY) == delay

    def test_a_failure_that_cannot_pass_is_not_retried(self) -> None:
        """retryable=False fails the job at once."""
        job = start(make_job(), EPOCH, "w1")
        failed = after_failure(job, JobError("bad", "never works"), EPOCH, retryable=False)
        assert JobState.FAILED == failed.state
        assert EPOCH == failed.finished_at

    def test_a_retry_waits_before_the_next_attempt(self) -> None:
        """A failed first attempt is queued again, to run after the pause."""
        job = start(make_job(), EPOCH, "w1")
        again = after_failure(job, JobError("boom", "it broke"), EPOCH)
        assert (JobState.QUEUED, EPOCH + RETRY_BASE_DELAY) == (again.state, again.run_after)
        assert "boom" == (again.error.code if again.error else None)


class TestLeases:
    def test_a_running_job_past_its_lease_is_stale(self) -> None:
        """The lease's end makes a running job stale, not before."""
        job = start(make_job(), EPOCH, "w1", lease=timedelta(seconds=30))
        assert not is_stale(job, EPOCH + timedelta(seconds=30))
        assert is_stale(job, EPOCH + timedelta(seconds=31))

    def test_a_stale_job_with_no_attempt_left_fails_as_worker_lost(self) -> None:
        """Recovery fails a lost job that used its last attempt."""
        job = start(make_job(max_attempts=1), EPOCH, "w1")
        lost = recover(job, EPOCH + timedelta(minutes=5))
        assert (JobState.FAILED, WORKER_LOST) == (lost.state, lost.error and lost.error.code)


class TestWhoMaySee:
    def test_owner_and_admins_only(self) -> None:
        """The owner and admins see a job; another user and a visitor do not."""
        job = make_job()
        assert may_see(job, "u1", is_admin=False)
        assert may_see(job, "someone", is_admin=True)
        assert not may_see(job, "u2", is_admin=False)
        assert not may_see(job, None, is_admin=False)


class JobMachine(RuleBasedStateMachine):
    """A job driven by the rules a worker and its owner use, with a clock that only advances."""

    def __init__(self) -> None:
        super().__init__()
        self.now = EPOCH
        self.job = make_job(max_attempts=3)

    def tick(self) -> None:
        self.now += timedelta(seconds=1)

    @precondition(lambda self: self.job.state is JobState.QUEUED)
    @rule()
    def take(self) -> None:
        self.tick()
        self.job = start(self.job, self.now, "w1")

    @precondition(lambda self: self.job.state is JobState.RUNNING)
    @rule(progress=st.integers(min_value=0, max_value=100))
    def report(self, progress: int) -> None:
        self.tick()
        self.job = self.job.with_progress(progress, "working", self.now)

    @precondition(lambda self: self.job.state is JobState.RUNNING)
    @rule()
    def succeed(self) -> None:
        self.tick()
        self.job = self.job.moved(JobMove.SUCCEED, self.now, progress=100, lease_until=None)

    @precondition(lambda self: self.job.state is JobState.RUNNING)
    @rule()
    def fail_once(self) -> None:
        self.tick()
        self.job = after_failure(self.job, JobError("boom", "it broke"), self.now)

    @precondition(lambda self: self.job.state is JobState.RUNNING)
    @rule()
    def lose_worker(self) -> None:
        self.now += timedelta(minutes=5)
        assert is_stale(self.job, self.now)
        self.job = recover(self.job, self.now)

    @precondition(lambda self: not self.job.finished)
    @rule()
    def cancel(self) -> None:
        self.tick()
        self.job = self.job.moved(JobMove.CANCEL, self.now, lease_until=None)

    @rule(move=st.sampled_from(list(JobMove)))
    def try_any(self, move: JobMove) -> None:
        if move in legal_moves(self.job.state):
            return
        with pytest.raises(IllegalTransition):
            self.job.moved(move, self.now)

    @invariant()
    def attempts_within_the_limit(self) -> None:
        assert 0 <= self.job.attempts <= self.job.max_attempts

    @invariant()
    def finished_exactly_when_final(self) -> None:
        assert (self.job.finished_at is not None) == self.job.finished

    @invariant()
    def leased_exactly_while_running(self) -> None:
        assert (self.job.lease_until is not None) == (self.job.state is JobState.RUNNING)


TestJobMachine = JobMachine.TestCase
