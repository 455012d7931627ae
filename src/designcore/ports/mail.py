"""The mail port."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Protocol

import attrs


@attrs.frozen
class MailMessage:
    """One e-mail."""

    to: str
    """The recipient's address."""
    subject: str
    """The subject line."""
    text: str
    """The plain-text body."""
    html: str | None = None
    """An HTML alternative, if any."""


@attrs.frozen
class SentMail:
    """A message as an outbox keeps it."""

    id: str
    message: MailMessage
    sent_at: datetime


class Mailer(Protocol):
    """Sends e-mail."""

    def send(self, message: MailMessage) -> None:
        """Send one message. Raises ``Unavailable`` when the mail service cannot take it."""
        ...


class Outbox(Protocol):
    """A mailer whose sent messages can be read back (the local development mailbox)."""

    def send(self, message: MailMessage) -> None:
        """Keep one message."""
        ...

    def messages(self, limit: int = 50) -> Sequence[SentMail]:
        """The latest messages, newest first."""
        ...
