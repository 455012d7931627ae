"""An outbox in a directory: one JSON file per message, so the development mailbox survives
restarts and every process serving the app sees the same mail."""

from __future__ import annotations

import json
import logging
import os
import tempfile
import threading
import time
import uuid
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from designcore.domain.errors import Unavailable
from designcore.ports.clock import Clock
from designcore.ports.mail import MailMessage, SentMail

logger = logging.getLogger(__name__)

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_SUFFIX = ".json"


def _to_json(sent: SentMail) -> dict[str, Any]:
    return {
        "id": sent.id,
        "sent_at": sent.sent_at.isoformat(),
        "to": sent.message.to,
        "subject": sent.message.subject,
        "text": sent.message.text,
        "html": sent.message.html,
    }


def _from_json(data: dict[str, Any]) -> SentMail:
    html = data["html"]
    return SentMail(
        id=str(data["id"]),
        sent_at=datetime.fromisoformat(data["sent_at"]),
        message=MailMessage(
            to=str(data["to"]),
            subject=str(data["subject"]),
            text=str(data["text"]),
            html=None if html is None else str(html),
        ),
    )


class DirectoryOutbox:
    """Keeps each message as ``<sent_at µs>-<sequence>-<id>.json`` under ``path``.

    Files are written to a hidden temporary name and renamed into place, so a reader never sees
    half a message. Names sort by ``sent_at`` and then by a per-instance increasing sequence
    (nanoseconds), so the newest-first order matches :class:`InMemoryOutbox` within a process
    and is time-ordered across processes.
    """

    def __init__(self, path: Path, clock: Clock) -> None:
        self._path = path
        self._clock = clock
        self._lock = threading.Lock()
        self._last_sequence = 0

    def _next_sequence(self) -> int:
        with self._lock:
            self._last_sequence = max(self._last_sequence + 1, time.time_ns())
            return self._last_sequence

    def send(self, message: MailMessage) -> None:
        """Keep one message; ``Unavailable`` if the directory cannot be written."""
        sent = SentMail(id=uuid.uuid4().hex, message=message, sent_at=self._clock.now())
        micros = max(0, (sent.sent_at - _EPOCH) // timedelta(microseconds=1))
        name = f"{micros:020d}-{self._next_sequence():020d}-{sent.id}{_SUFFIX}"
        payload = json.dumps(_to_json(sent), ensure_ascii=False, indent=2).encode("utf-8")
        try:
            self._path.mkdir(parents=True, exist_ok=True)
            fd, temporary = tempfile.mkstemp(dir=self._path, prefix=".sending-")
            try:
                with os.fdopen(fd, "wb") as handle:
                    handle.write(payload)
                os.replace(temporary, self._path / name)
            except BaseException:
                Path(temporary).unlink(missing_ok=True)
                raise
        except OSError as error:
            raise Unavailable(
                f"the mailbox directory {self._path} cannot be written: {error}",
                code="mail_unavailable",
            ) from None

    def messages(self, limit: int = 50) -> Sequence[SentMail]:
        """The latest ``limit`` messages, newest first; unreadable files are skipped."""
        if limit < 0:
            raise ValueError(f"limit must not be negative, got {limit}")
        try:
            names = sorted(
                (
                    entry.name
                    for entry in os.scandir(self._path)
                    if entry.name.endswith(_SUFFIX) and not entry.name.startswith(".")
                ),
                reverse=True,
            )
        except FileNotFoundError:
            return ()
        found: list[SentMail] = []
        for name in names:
            if len(found) >= limit:
                break
            try:
                found.append(_from_json(json.loads((self._path / name).read_text("utf-8"))))
            except FileNotFoundError:
                continue  # deleted by someone clearing the mailbox meanwhile
            except (OSError, ValueError, KeyError, TypeError):
                logger.warning("skipping unreadable mailbox file %s", self._path / name)
        return tuple(found)
