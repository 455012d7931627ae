"""Signed webhook events, delivered from a background thread like Paystack delivers them.

The body is the event's JSON; ``x-paystack-signature`` is the hex HMAC-SHA512 of exactly those
bytes with the secret key. Delivery never blocks the request that caused the event: events go
into a queue that one daemon thread drains, each POST with a short timeout, retried a few times
on a network error or an answer other than 2xx.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import queue
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs
import httpx

log = logging.getLogger(__name__)

SIGNATURE_HEADER = "x-paystack-signature"
"""The header carrying the signature."""


def sign(body: bytes, secret_key: str) -> str:
    """The hex HMAC-SHA512 of ``body`` with ``secret_key`` (Paystack's webhook signature)."""
    return hmac.new(secret_key.encode(), body, hashlib.sha512).hexdigest()


def signature_matches(body: bytes, signature: str | None, secret_key: str) -> bool:
    """Whether ``signature`` is the signature of ``body``, compared in constant time."""
    if not isinstance(signature, str) or not signature.strip():
        return False
    given = signature.strip().lower().encode("utf-8", "backslashreplace")
    return hmac.compare_digest(sign(body, secret_key).encode("ascii"), given)


@attrs.frozen
class SignedEvent:
    """One webhook event as it is (or would be) sent."""

    event: str
    """``charge.success`` or ``charge.failed``."""
    body: bytes
    """The exact JSON bytes that were signed."""
    signature: str

    @property
    def payload(self) -> Mapping[str, Any]:
        """The body, parsed."""
        parsed: Mapping[str, Any] = json.loads(self.body)
        return parsed


def signed_event(event: str, data: Mapping[str, Any], secret_key: str) -> SignedEvent:
    """The event ``{event, data}`` as JSON bytes and their signature."""
    body = json.dumps({"event": event, "data": data}, separators=(",", ":")).encode()
    return SignedEvent(event, body, sign(body, secret_key))


@attrs.frozen
class Delivery:
    """How the delivery of one event ended."""

    event: SignedEvent
    url: str
    attempts: int
    status_code: int | None
    """The last answer's status, ``None`` when no answer came."""
    error: str | None = None

    @property
    def delivered(self) -> bool:
        """Whether the receiver answered 2xx."""
        return self.status_code is not None and 200 <= self.status_code < 300


class WebhookDispatcher:
    """Posts signed events to one URL from a daemon thread, with retries.

    ``client_factory`` builds the ``httpx.Client`` the thread uses (tests may hand in one with
    a ``MockTransport``); ``delays`` are the waits before the second, third… attempt, so there
    are ``len(delays) + 1`` attempts at most.
    """

    def __init__(
        self,
        url: str,
        *,
        timeout: float = 3.0,
        delays: Sequence[float] = (0.5, 2.0),
        client_factory: Callable[[], httpx.Client] | None = None,
        sleep: Callable[[float], None] = time.sleep,
        keep: int = 200,
    ) -> None:
        self.url = url
        self._timeout = timeout
        self._delays = tuple(delays)
        self._client_factory = client_factory or (
            lambda: httpx.Client(timeout=timeout, follow_redirects=False, trust_env=False)
        )
        self._sleep = sleep
        self._keep = keep
        self._queue: queue.Queue[SignedEvent | None] = queue.Queue()
        self._lock = threading.Condition()
        self._unfinished = 0
        self._deliveries: list[Delivery] = []
        self._thread: threading.Thread | None = None
        self._closed = False

    def submit(self, event: SignedEvent) -> None:
        """Queue an event for delivery and return at once."""
        with self._lock:
            if self._closed:
                raise RuntimeError("the webhook dispatcher is closed")
            self._unfinished += 1
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._run, name="paystack-sandbox-webhooks", daemon=True
                )
                self._thread.start()
        self._queue.put(event)

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every queued event is delivered or given up; ``False`` on timeout."""
        deadline = time.monotonic() + timeout
        with self._lock:
            while self._unfinished:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._lock.wait(left)
        return True

    def deliveries(self) -> list[Delivery]:
        """The latest finished deliveries, oldest first."""
        with self._lock:
            return list(self._deliveries)

    def close(self, timeout: float = 5.0) -> None:
        """Stop the thread once the queue is drained (events already queued still go)."""
        with self._lock:
            self._closed = True
            thread = self._thread
        if thread is not None:
            self._queue.put(None)
            thread.join(timeout)

    def _run(self) -> None:
        with self._client_factory() as client:
            while True:
                event = self._queue.get()
                if event is None:
                    return
                try:
                    delivery = self._deliver(client, event)
                except Exception as error:  # never let one event kill the thread
                    log.exception("webhook delivery crashed")
                    delivery = Delivery(event, self.url, 0, None, repr(error))
                with self._lock:
                    self._deliveries.append(delivery)
                    del self._deliveries[: -self._keep]
                    self._unfinished -= 1
                    self._lock.notify_all()

    def _deliver(self, client: httpx.Client, event: SignedEvent) -> Delivery:
        headers = {"content-type": "application/json", SIGNATURE_HEADER: event.signature}
        status: int | None = None
        error: str | None = None
        attempts = 0
        for attempt, delay in enumerate((0.0, *self._delays), start=1):
            if delay:
                self._sleep(delay)
            attempts = attempt
            try:
                answer = client.post(
                    self.url, content=event.body, headers=headers, timeout=self._timeout
                )
            except httpx.HTTPError as failure:
                status, error = None, f"{type(failure).__name__}: {failure}"
            else:
                status, error = answer.status_code, None
                if 200 <= answer.status_code < 300:
                    break
            log.warning(
                "webhook %s to %s: attempt %d failed (%s)",
                event.event,
                self.url,
                attempt,
                error or status,
            )
        return Delivery(event, self.url, attempts, status, error)
