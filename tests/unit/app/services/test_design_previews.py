"""The preview queue: previews are drawn off the request path, once per burst of saves."""

from __future__ import annotations

import threading
import time

from designcore.app.services.designs import PreviewQueue


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
