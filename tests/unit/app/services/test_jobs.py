"""The job use cases over the in-memory store and storage: submit, run, retry, cancel, read."""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Callable
from datetime import timedelta

import pytest

from designcore.adapters.memory import FixedClock, InMemoryStorage
from designcore.adapters.memory.jobs import InMemoryJobStore, InProcessJobQueue
from designcore.app.services.jobs import (
    RESULTS_BUCKET,
    JobContext,
    JobFinished,
    JobNotFinished,
    JobOutput,
    JobService,
    worker_name,
)
from designcore.domain.errors import NotAllowed, Unavailable, ValidationFailed
from designcore.domain.jobs import WORKER_LOST, Job, JobNotFound, JobState, start
from designcore.domain.premium import Viewer

OWNER = Viewer(user_id="u1")
OTHER = Viewer(user_id="u2")
ADMIN = Viewer(user_id="boss", user_role="admin")


class RecordingQueue:
    """A queue that only records what it was handed (the tests run the jobs by hand)."""

    in_process = False

    def __init__(self) -> None:
        self.sent: list[tuple[str, float]] = []
        self.refuse = False

    def enqueue(self, job_id: str, kind: str, delay_seconds: float = 0.0) -> None:
        if self.refuse:
            raise Unavailable("the broker is down", code="job_queue_unavailable")
        self.sent.append((job_id, delay_seconds))

    def serve(self, runner: Callable[[str], None]) -> None:
        pass

    def close(self) -> None:
        pass


def write_file(job: Job, context: JobContext) -> JobOutput:
    context.progress(50, "half way")
    return JobOutput(b"%PDF-1.7 made", "application/pdf", f"designcore-{job.params['name']}.pdf")


class Harness:
    def __init__(self, handler: Callable[[Job, JobContext], JobOutput] = write_file) -> None:
        self.clock = FixedClock()
        self.store = InMemoryJobStore()
        self.queue = RecordingQueue()
        self.storage = InMemoryStorage()
        self.handler = handler
        self.service = JobService(
            store=self.store,
            queue=self.queue,
            storage=self.storage,
            clock=self.clock,
            handlers={"export": lambda: self.handler},
            max_attempts=3,
            lease=timedelta(seconds=30),
        )

    def submit(self) -> Job:
        return self.service.submit("export", "u1", {"name": "flyer"})


@pytest.fixture(name="harness")
def fixture_harness() -> Harness:
    """A job service over in-memory adapters, a recording queue and a fixed clock."""
    return Harness()


class TestSubmitAndRun:
    def test_a_submitted_job_is_queued_and_handed_to_the_queue(self, harness: Harness) -> None:
        """submit stores a queued job and sends its id without delay."""
        job = harness.submit()
        assert JobState.QUEUED == harness.service.status(OWNER, job.id).state
        assert [(job.id, 0.0)] == harness.queue.sent

    def test_a_run_job_succeeds_with_its_file_in_storage(self, harness: Harness) -> None:
        """run makes the file, keeps it in the results bucket and names the worker."""
        job = harness.submit()
        harness.service.run(job.id)
        done = harness.service.status(OWNER, job.id)
        assert (JobState.SUCCEEDED, 100, 1) == (done.state, done.progress, done.attempts)
        assert worker_name() == done.worker
        finished, stored = harness.service.result(OWNER, job.id)
        assert b"%PDF-1.7 made" == stored.data
        assert "designcore-flyer.pdf" == (finished.result and finished.result.filename)
        assert harness.storage.exists(RESULTS_BUCKET, f"u1/{job.id}/designcore-flyer.pdf")

    def test_a_second_delivery_does_not_run_the_job_again(self, harness: Harness) -> None:
        """run of a job that is no longer queued does nothing."""
        calls: list[str] = []

        def counting(job: Job, context: JobContext) -> JobOutput:
            calls.append(job.id)
            return write_file(job, context)

        harness.handler = counting
        job = harness.submit()
        harness.service.run(job.id)
        harness.service.run(job.id)
        assert [job.id] == calls

    def test_an_unknown_kind_is_refused(self, harness: Harness) -> None:
        """submit of a kind no handler runs raises ValidationFailed naming the kind."""
        with pytest.raises(ValidationFailed, match="kind"):
            harness.service.submit("mine-bitcoin", "u1", {})

    def test_a_broker_that_refuses_fails_the_job(self, harness: Harness) -> None:
        """When the queue cannot take the job, submit raises Unavailable and the job is failed,
        not left queued."""
        harness.queue.refuse = True
        with pytest.raises(Unavailable):
            harness.submit()
        (job,) = harness.store.list_by_owner("u1")
        assert JobState.FAILED == job.state


class TestRetries:
    def test_a_failure_that_may_pass_is_retried_until_the_limit(self, harness: Harness) -> None:
        """Unavailable is retried with a doubling pause; the third failure fails the job."""

        def down(job: Job, context: JobContext) -> JobOutput:
            raise Unavailable("the renderer is away", code="renderer_busy")

        harness.handler = down
        job = harness.submit()
        for _ in range(3):
            harness.service.run(job.id)
        failed = harness.service.status(OWNER, job.id)
        assert (JobState.FAILED, 3) == (failed.state, failed.attempts)
        assert "renderer_busy" == (failed.error and failed.error.code)
        assert [0.0, 2.0, 4.0] == [delay for _, delay in harness.queue.sent]

    def test_an_unexpected_error_is_retried_with_a_plain_message(self, harness: Harness) -> None:
        """A crash of the handler is retried and reported without its internals."""
        outcomes = [RuntimeError("secret internals"), None]

        def flaky(job: Job, context: JobContext) -> JobOutput:
            error = outcomes.pop(0)
            if error is not None:
                raise error
            return write_file(job, context)

        harness.handler = flaky
        job = harness.submit()
        harness.service.run(job.id)
        retried = harness.service.status(OWNER, job.id)
        assert JobState.QUEUED == retried.state
        assert "secret" not in (retried.error.message if retried.error else "")
        harness.service.run(job.id)
        assert JobState.SUCCEEDED == harness.service.status(OWNER, job.id).state

    def test_bad_input_fails_at_once(self, harness: Harness) -> None:
        """A ValidationFailed of the handler is final after one attempt."""

        def bad(job: Job, context: JobContext) -> JobOutput:
            raise ValidationFailed([], "the document has no pages")

        harness.handler = bad
        job = harness.submit()
        harness.service.run(job.id)
        failed = harness.service.status(OWNER, job.id)
        assert (JobState.FAILED, 1) == (failed.state, failed.attempts)
        assert "the document has no pages" == (failed.error and failed.error.message)


class TestCancel:
    def test_a_queued_job_is_cancelled_at_once_and_never_runs(self, harness: Harness) -> None:
        """cancel of a queued job answers it cancelled; a later delivery runs nothing."""
        job = harness.submit()
        assert JobState.CANCELLED == harness.service.cancel(OWNER, job.id).state
        harness.service.run(job.id)
        assert 0 == harness.service.status(OWNER, job.id).attempts

    def test_a_running_job_stops_at_its_next_check(self, harness: Harness) -> None:
        """A handler looping over steps stops once cancel is asked; the job is cancelled."""
        started = threading.Event()
        steps: list[int] = []

        def slow(job: Job, context: JobContext) -> JobOutput:
            started.set()
            for step in range(200):
                context.check()
                steps.append(step)
                time.sleep(0.02)
            return write_file(job, context)

        harness.handler = slow
        job = harness.submit()
        runner = threading.Thread(target=harness.service.run, args=(job.id,))
        runner.start()
        assert started.wait(5)
        asked = harness.service.cancel(OWNER, job.id)
        assert asked.cancel_requested
        runner.join(10)
        assert JobState.CANCELLED == harness.service.status(OWNER, job.id).state
        assert len(steps) < 200
        assert not harness.storage.list(RESULTS_BUCKET)

    def test_a_finished_job_cannot_be_cancelled(self, harness: Harness) -> None:
        """cancel of a succeeded job raises JobFinished."""
        job = harness.submit()
        harness.service.run(job.id)
        with pytest.raises(JobFinished):
            harness.service.cancel(OWNER, job.id)


class TestWhoSees:
    def test_someone_else_unknown_and_malformed_ids_are_not_found(self, harness: Harness) -> None:
        """Another user's job answers as an unknown or malformed id does: JobNotFound."""
        job = harness.submit()
        for viewer, job_id in (
            (OTHER, job.id),
            (OWNER, str(uuid.uuid4())),
            (OWNER, "../../etc/passwd"),
        ):
            with pytest.raises(JobNotFound):
                harness.service.status(viewer, job_id)
            with pytest.raises(JobNotFound):
                harness.service.cancel(viewer, job_id)
            with pytest.raises(JobNotFound):
                harness.service.result(viewer, job_id)
        assert JobState.QUEUED == harness.service.status(OWNER, job.id).state

    def test_admins_see_every_job_and_visitors_must_sign_in(self, harness: Harness) -> None:
        """An admin reads anyone's job; a visitor is asked to sign in."""
        job = harness.submit()
        assert job.id == harness.service.status(ADMIN, job.id).id
        with pytest.raises(NotAllowed):
            harness.service.status(Viewer(), job.id)

    def test_the_result_waits_for_success(self, harness: Harness) -> None:
        """result of a queued job raises JobNotFinished."""
        job = harness.submit()
        with pytest.raises(JobNotFinished):
            harness.service.result(OWNER, job.id)


class TestLostWorkers:
    def test_a_job_whose_worker_died_is_queued_again(self, harness: Harness) -> None:
        """A running job past its lease is recovered: queued again and handed to the queue."""
        job = harness.submit()
        harness.store.replace(
            start(job, harness.clock.now(), "gone:1", timedelta(seconds=30)), JobState.QUEUED
        )
        harness.clock.advance(timedelta(minutes=1))
        assert 1 == harness.service.recover()
        again = harness.store.get(job.id)
        assert (JobState.QUEUED, WORKER_LOST) == (again.state, again.error and again.error.code)
        assert job.id == harness.queue.sent[-1][0]
        harness.service.run(job.id)
        assert JobState.SUCCEEDED == harness.service.status(OWNER, job.id).state

    def test_purge_removes_old_jobs_and_their_files(self, harness: Harness) -> None:
        """Finished jobs past the retention go, with their result files."""
        job = harness.submit()
        harness.service.run(job.id)
        harness.clock.advance(timedelta(hours=25))
        assert 1 == harness.service.purge()
        assert not harness.storage.list(RESULTS_BUCKET)
        with pytest.raises(JobNotFound):
            harness.store.get(job.id)


class TestInProcessQueue:
    def test_threads_of_the_process_run_submitted_jobs(self) -> None:
        """With the in-process queue a submitted job is done without any other process."""
        queue = InProcessJobQueue(threads=2)
        harness = Harness()
        service = JobService(
            store=harness.store,
            queue=queue,
            storage=harness.storage,
            clock=harness.clock,
            handlers={"export": lambda: write_file},
        )
        queue.serve(service.run)
        try:
            job = service.submit("export", "u1", {"name": "x"})
            for _ in range(200):
                if service.status(OWNER, job.id).finished:
                    break
                time.sleep(0.01)
            assert JobState.SUCCEEDED == service.status(OWNER, job.id).state
        finally:
            queue.close()


class TestLostMessages:
    def test_a_queued_job_whose_message_was_lost_is_handed_again_once(
        self, harness: Harness
    ) -> None:
        """A job still queued a lease after it was due (its process stopped) is sent to the
        queue again by recover, once per lease, and then runs."""
        job = harness.submit()
        harness.queue.sent.clear()  # the message is lost with its process
        assert 0 == harness.service.recover()
        harness.clock.advance(timedelta(seconds=31))
        assert 1 == harness.service.recover()
        assert 0 == harness.service.recover()
        assert [job.id] == [job_id for job_id, _ in harness.queue.sent]
        harness.service.run(job.id)
        assert JobState.SUCCEEDED == harness.service.status(OWNER, job.id).state


class Interrupted(BaseException):
    """What a worker raises in a handler's thread to stop it (a time limit, a shutdown)."""


class TestInterruptions:
    def test_an_interrupted_attempt_ends_and_the_job_is_retried(self, harness: Harness) -> None:
        """A handler interrupted by its worker does not stay running: the attempt ends as a
        retry and the interruption goes on to the worker."""

        def stopped(job: Job, context: JobContext) -> JobOutput:
            raise Interrupted

        harness.handler = stopped
        job = harness.submit()
        with pytest.raises(Interrupted):
            harness.service.run(job.id)
        after = harness.service.status(OWNER, job.id)
        assert (JobState.QUEUED, "job_interrupted") == (
            after.state,
            after.error and after.error.code,
        )
        assert None is after.lease_until
        assert [t.name for t in threading.enumerate() if t.name.startswith("job-lease-")] == []
