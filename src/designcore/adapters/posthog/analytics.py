"""Server-side events to PostHog through its official Python client.

The client queues each capture in memory and one consumer thread posts batches (``POST
{host}/batch/``, gzip-compressed) every :data:`FLUSH_SECONDS` or :data:`BATCH_SIZE` events,
retrying a failed batch with its own backoff :data:`MAX_RETRIES` times. This adapter adds the
spec's quota block: after PostHog answers 429 (over its quota or rate limit), events captured
during the next :data:`QUOTA_BLOCK_SECONDS` are dropped (and counted) instead of piling up.
No PostHog exception reaches the caller: the client reports errors to :meth:`_on_error`.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Mapping
from typing import Any

from posthog import Posthog

from designcore.domain.analytics import AnalyticsEvent, Scalar

log = logging.getLogger(__name__)

FLUSH_SECONDS = 3.0
"""How often queued events are sent (spec: event batch flush 3 s)."""
BATCH_SIZE = 100
"""The most events in one request."""
MAX_RETRIES = 10
"""How often a failed batch is tried again (spec: max 10 retries)."""
QUOTA_BLOCK_SECONDS = 60.0
"""How long captures are dropped after a quota answer (spec: server quota limit blocks 60 s)."""
MAX_QUEUED = 10_000
"""Events the client holds before it drops new ones."""


class PostHogAnalytics:
    """Sends events to PostHog; ``host`` is PostHog's address (or a fake's, in tests)."""

    def __init__(
        self,
        *,
        api_key: str,
        host: str,
        flush_seconds: float = FLUSH_SECONDS,
        max_retries: int = MAX_RETRIES,
        timeout: float = 10.0,
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        self._monotonic = monotonic
        self._blocked_until = 0.0
        self._lock = threading.Lock()
        self.dropped = 0
        """Events dropped during a quota block."""
        self._client = Posthog(
            api_key,
            host=host,
            gzip=True,
            flush_at=BATCH_SIZE,
            flush_interval=flush_seconds,
            max_retries=max_retries,
            max_queue_size=MAX_QUEUED,
            timeout=timeout,
            on_error=self._on_error,
            enable_local_evaluation=False,
            capture_mode="v0",
        )

    def identify(
        self, distinct_id: str, email: str | None, properties: Mapping[str, Scalar]
    ) -> None:
        """``$set`` the person's e-mail and properties (spec: identification sends the user
        id and the e-mail)."""
        values: dict[str, Any] = dict(properties)
        if email is not None:
            values["email"] = email
        if self._blocked():
            return
        self._client.set(distinct_id=distinct_id, properties=values)

    def reset(self, distinct_id: str) -> None:
        """Nothing to do on the server: PostHog's identity lives in the browser, whose
        client resets it on sign-out."""

    def capture(self, event: AnalyticsEvent) -> None:
        """Queue ``event`` for the client's consumer thread."""
        if self._blocked():
            return
        properties: dict[str, Any] = dict(event.properties)
        if event.anonymous:
            # An anonymous aggregate count (no consent yet): no person profile for it.
            properties["$process_person_profile"] = False
        self._client.capture(
            event.name,
            distinct_id=event.distinct_id,
            properties=properties,
            timestamp=event.timestamp,
        )

    def flush(self) -> None:
        """Wait until the queued events are sent (or given up)."""
        self._client.flush()

    def close(self) -> None:
        """Flush and stop the consumer thread."""
        self._client.shutdown()

    def _blocked(self) -> bool:
        with self._lock:
            if self._monotonic() < self._blocked_until:
                self.dropped += 1
                return True
            return False

    def _on_error(self, error: Exception, batch: list[dict[str, Any]]) -> None:
        status = getattr(error, "status", None)
        log.warning("PostHog refused a batch of %d events: %s", len(batch), error)
        if status == 429:
            with self._lock:
                self._blocked_until = self._monotonic() + QUOTA_BLOCK_SECONDS
