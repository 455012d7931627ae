"""The contract of :class:`~designcore.ports.mail.Outbox` (a mailer that keeps what it sends).

Subclass :class:`OutboxContract` and give it an ``outbox`` fixture: a new, empty outbox of
your adapter stamping messages with the suite's ``clock`` fixture (a
:class:`~designcore.testing.fakes.FixedClock` at :data:`SENT_AT`, which the tests move).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from designcore.adapters.memory import FixedClock
from designcore.ports.mail import MailMessage, Outbox
from designcore.testing._requires import missing

try:
    import pytest
except ModuleNotFoundError as error:  # pragma: no cover - depends on the installation
    raise missing("pytest", __name__, error) from error

__all__ = ["SENT_AT", "OutboxContract", "message"]

SENT_AT = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
"""Where the suite's clock starts."""


def message(n: int = 1, *, html: str | None = "<p>Hello</p>") -> MailMessage:
    """Message ``n``: to ``user{n}@example.com``, subject ``Message {n}``."""
    return MailMessage(
        to=f"user{n}@example.com", subject=f"Message {n}", text=f"Hello {n}", html=html
    )


class _Outbox:
    def test_empty(self, outbox: Outbox) -> None:
        """A new outbox holds nothing."""
        assert () == tuple(outbox.messages())

    def test_round_trip(self, outbox: Outbox) -> None:
        """A sent message comes back whole, stamped with the clock's time and an id."""
        sent = message(html="<p>Ẹ kú àárọ̀ — 你好</p>")
        outbox.send(sent)
        (kept,) = outbox.messages()
        assert (sent, SENT_AT) == (kept.message, kept.sent_at)
        assert kept.id

    def test_text_only_message(self, outbox: Outbox) -> None:
        """A message without HTML keeps html as None."""
        outbox.send(message(html=None))
        assert None is outbox.messages()[0].message.html

    def test_newest_first(self, outbox: Outbox, clock: FixedClock) -> None:
        """Later messages come first."""
        for n in range(3):
            outbox.send(message(n))
            clock.advance(timedelta(seconds=1))
        assert ["Message 2", "Message 1", "Message 0"] == [
            m.message.subject for m in outbox.messages()
        ]

    def test_same_time_keeps_sending_order(self, outbox: Outbox) -> None:
        """Messages sent at the same instant come back last-sent first."""
        for n in range(3):
            outbox.send(message(n))
        assert ["Message 2", "Message 1", "Message 0"] == [
            m.message.subject for m in outbox.messages()
        ]

    def test_limit(self, outbox: Outbox, clock: FixedClock) -> None:
        """At most `limit` messages come back (50 by default), the newest ones."""
        for n in range(55):
            outbox.send(message(n))
            clock.advance(timedelta(milliseconds=1))
        assert 50 == len(outbox.messages())
        assert ["Message 54", "Message 53"] == [m.message.subject for m in outbox.messages(2)]
        assert () == tuple(outbox.messages(0))

    def test_ids_are_unique(self, outbox: Outbox) -> None:
        """Every message gets its own id."""
        for n in range(20):
            outbox.send(message(n))
        assert 20 == len({m.id for m in outbox.messages()})

    def test_negative_limit(self, outbox: Outbox) -> None:
        """A negative limit is a programming error."""
        with pytest.raises(ValueError):
            outbox.messages(-1)


class OutboxContract(_Outbox):
    """Every rule of an outbox. A subclass gives it an ``outbox`` fixture reading the
    ``clock`` fixture."""

    @pytest.fixture(name="clock")
    def fixture_clock(self) -> FixedClock:
        """The clock the outbox under test stamps messages with, at :data:`SENT_AT`."""
        return FixedClock(SENT_AT)
