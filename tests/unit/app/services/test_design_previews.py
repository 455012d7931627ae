"""The preview queue: previews are drawn off the request path, once per burst of saves."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from dependency_injector import providers

from designcore.app import Container
from designcore.app.services.auth import IssuedSession
from designcore.app.services.designs import (
    DESIGN_PREVIEW_JOB,
    Blank,
    DesignService,
    PreviewQueue,
)
from designcore.domain.jobs import JobState
from designcore.domain.premium import Viewer


class TestPreviewQueue:
    def test_a_burst_of_saves_is_drawn_once_after_the_pause(self) -> None:
        """Five submits of one design and one of another draw each design once, and nothing is
        drawn before the delay has passed since the latest submit."""
        drawn: list[tuple[str, str]] = []
        lock = threading.Lock()

        def draw(owner: str, design: str) -> None:
            with lock:
                drawn.append((owner, design))

        queue = PreviewQueue(draw, delay=0.3)
        for _ in range(5):
            queue.submit("u1", "d1")
        queue.submit("u1", "d2")
        time.sleep(0.1)
        with lock:
            assert [] == drawn
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            with lock:
                if len(drawn) == 2:
                    break
            time.sleep(0.05)
        assert [("u1", "d1"), ("u1", "d2")] == sorted(drawn)

    def test_drain_draws_at_once(self) -> None:
        """drain draws what waits without waiting for the delay."""
        drawn: list[str] = []
        queue = PreviewQueue(lambda owner, design: drawn.append(design), delay=60)
        queue.submit("u1", "d1")
        started = time.monotonic()
        assert queue.drain(10)
        assert ["d1"] == drawn
        assert time.monotonic() - started < 10

    def test_a_failing_draw_does_not_stop_the_worker(self) -> None:
        """An error drawing one preview is logged; the next one is still drawn."""
        drawn: list[str] = []

        def draw(owner: str, design: str) -> None:
            if design == "bad":
                raise ValueError("cannot draw")
            drawn.append(design)

        queue = PreviewQueue(draw, delay=0)
        queue.submit("u1", "bad")
        assert queue.drain(10)
        queue.submit("u1", "good")
        assert queue.drain(10)
        assert ["good"] == drawn


class BrokerQueue:
    """A queue standing for a broker: jobs wait for a worker (the test runs them)."""

    in_process = False

    def __init__(self) -> None:
        self.sent: list[str] = []

    def enqueue(self, job_id: str, kind: str, delay_seconds: float = 0.0) -> None:
        self.sent.append(job_id)

    def serve(self, runner: Callable[[str], None]) -> None:
        pass

    def close(self) -> None:
        pass


class TestPreviewsAsJobs:
    def test_with_a_broker_a_paused_design_is_drawn_by_a_worker_job(
        self, memory_container: Container, ada: IssuedSession
    ) -> None:
        """When jobs run in worker processes, the app only submits a design_preview job once
        the saves pause; running the job (as a worker does) draws and records the preview."""
        queue = BrokerQueue()
        memory_container.job_queue.override(providers.Object(queue))
        designs: DesignService = memory_container.designs()
        owner = Viewer(user_id=ada.user.id)
        design = designs.create(owner, blank=Blank(width=400, height=500))
        assert designs.previews.drain(30)
        assert None is designs.get(owner, design.id).preview_key
        (job_id,) = queue.sent
        jobs = memory_container.jobs()
        assert (DESIGN_PREVIEW_JOB, JobState.QUEUED) == (
            jobs.status(owner, job_id).kind,
            jobs.status(owner, job_id).state,
        )
        jobs.run(job_id)
        assert JobState.SUCCEEDED == jobs.status(owner, job_id).state
        assert designs.get(owner, design.id).preview_key is not None
        assert designs.preview(owner, design.id).data.startswith(b"\x89PNG")

    def test_in_process_the_preview_is_drawn_as_before(
        self, memory_container: Container, ada: IssuedSession
    ) -> None:
        """With the embedded default no job is made: the preview queue draws it itself."""
        designs: DesignService = memory_container.designs()
        owner = Viewer(user_id=ada.user.id)
        design = designs.create(owner, blank=Blank(width=400, height=500))
        assert designs.previews.drain(30)
        assert designs.get(owner, design.id).preview_key is not None
        assert [] == memory_container.job_store().list_by_owner(owner.user_id or "")
