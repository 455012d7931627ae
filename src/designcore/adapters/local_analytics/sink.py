"""The local analytics sink and the null adapter."""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Mapping

from designcore.domain.analytics import AnalyticsEvent, Scalar
from designcore.ports.analytics import AnalyticsEventStore

log = logging.getLogger(__name__)

BATCH_SIZE = 500
"""The most events written in one transaction."""
FLUSH_SECONDS = 1.0
"""How long the writer waits for more events before it writes what it has."""
MAX_QUEUED = 100_000
"""Events waiting beyond this are dropped (and counted) rather than held in memory."""
WRITE_ATTEMPTS = 3
"""How often a batch is tried before it is dropped."""


class _Flush:
    """A marker in the queue: the writer sets ``done`` when everything before it is written."""

    def __init__(self) -> None:
        self.done = threading.Event()


class LocalAnalytics:
    """Captures into a queue in memory; one background thread writes them to ``store`` in
    batches of up to :data:`BATCH_SIZE`, at least every :data:`FLUSH_SECONDS`.

    ``capture`` only puts the event on the queue (no I/O, no lock held by the writer), so a
    request never waits for the database. A batch the store refuses is tried
    :data:`WRITE_ATTEMPTS` times, then dropped and logged. The thread starts on the first
    capture and is a daemon; :meth:`close` (called when the app shuts down) writes what is left.
    """

    def __init__(
        self,
        store: AnalyticsEventStore,
        *,
        flush_seconds: float = FLUSH_SECONDS,
        batch_size: int = BATCH_SIZE,
        max_queued: int = MAX_QUEUED,
    ) -> None:
        self._store = store
        self._flush_seconds = flush_seconds
        self._batch_size = batch_size
        self._queue: queue.Queue[AnalyticsEvent | _Flush | None] = queue.Queue(max_queued)
        self._start_lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._closed = False
        self.dropped = 0
        """Events dropped because the queue was full or the store kept refusing them."""

    def identify(
        self, distinct_id: str, email: str | None, properties: Mapping[str, Scalar]
    ) -> None:
        """Nothing to keep: the local store counts people by their user id, and their e-mail
        is already in the accounts."""

    def reset(self, distinct_id: str) -> None:
        """Nothing to forget (see :meth:`identify`)."""

    def capture(self, event: AnalyticsEvent) -> None:
        """Queue ``event`` for the writer."""
        if self._closed:
            return
        if self._thread is None:
            self._start()
        try:
            self._queue.put_nowait(event)
        except queue.Full:
            self.dropped += 1

    def flush(self) -> None:
        """Wait until everything captured so far is written (or dropped). After :meth:`close`
        nothing is left to wait for (the writer has stopped), so it returns at once."""
        if self._thread is None or self._closed:
            return
        marker = _Flush()
        self._queue.put(marker)
        marker.done.wait()

    def close(self) -> None:
        """Write what is queued and stop the writer; closing again does nothing."""
        if self._closed:
            return
        self._closed = True
        thread = self._thread
        if thread is not None:
            self._queue.put(None)
            thread.join()

    def _start(self) -> None:
        with self._start_lock:
            if self._thread is None:
                thread = threading.Thread(
                    target=self._run, name="designcore-analytics-writer", daemon=True
                )
                thread.start()
                self._thread = thread

    def _run(self) -> None:
        batch: list[AnalyticsEvent] = []
        deadline = time.monotonic() + self._flush_seconds
        while True:
            timeout = max(0.0, deadline - time.monotonic())
            try:
                item = self._queue.get(timeout=timeout)
            except queue.Empty:
                item = _Flush()
            if isinstance(item, AnalyticsEvent):
                batch.append(item)
                if len(batch) < self._batch_size and time.monotonic() < deadline:
                    continue
            self._write(batch)
            batch = []
            deadline = time.monotonic() + self._flush_seconds
            if isinstance(item, _Flush):
                item.done.set()
            elif item is None:
                return

    def _write(self, batch: list[AnalyticsEvent]) -> None:
        if not batch:
            return
        for attempt in range(1, WRITE_ATTEMPTS + 1):
            try:
                self._store.add_events(batch)
                return
            except Exception:  # the store's failure must not stop the writer
                log.exception("analytics: writing %d events failed (try %d)", len(batch), attempt)
                time.sleep(0.05 * attempt)
        self.dropped += len(batch)


class NullAnalytics:
    """Drops every event (``DESIGNCORE_ANALYTICS_BACKEND=none``)."""

    def identify(
        self, distinct_id: str, email: str | None, properties: Mapping[str, Scalar]
    ) -> None:
        """Ignore."""

    def reset(self, distinct_id: str) -> None:
        """Ignore."""

    def capture(self, event: AnalyticsEvent) -> None:
        """Drop ``event``."""

    def flush(self) -> None:
        """Nothing waits."""

    def close(self) -> None:
        """Nothing to stop."""
