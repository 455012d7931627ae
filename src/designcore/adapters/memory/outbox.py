"""An in-memory outbox: mail is kept, not sent."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Sequence

from designcore.ports.clock import Clock
from designcore.ports.mail import MailMessage, SentMail


class InMemoryOutbox:
    """Keeps every sent message in a list, safe to share between threads."""

    def __init__(self, clock: Clock) -> None:
        self._clock = clock
        self._lock = threading.Lock()
        self._sent: list[SentMail] = []

    def send(self, message: MailMessage) -> None:
        """Keep one message."""
        sent = SentMail(id=uuid.uuid4().hex, message=message, sent_at=self._clock.now())
        with self._lock:
            self._sent.append(sent)

    def messages(self, limit: int = 50) -> Sequence[SentMail]:
        """The latest ``limit`` messages, newest first (later ``sent_at`` first; of equal times,
        the one sent last first)."""
        if limit < 0:
            raise ValueError(f"limit must not be negative, got {limit}")
        with self._lock:
            order = sorted(enumerate(self._sent), key=lambda p: (p[1].sent_at, p[0]), reverse=True)
        return tuple(sent for _, sent in order[:limit])
