"""Clocks: the system's, and a fixed one that tests move by hand."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import attrs


class SystemClock:
    """The real time in UTC."""

    def now(self) -> datetime:
        """The current time."""
        return datetime.now(UTC)


@attrs.define
class FixedClock:
    """A clock that stands still until told to move."""

    current: datetime = attrs.field(factory=lambda: datetime(2026, 1, 1, tzinfo=UTC))

    def now(self) -> datetime:
        """The time it was set to."""
        return self.current

    def advance(self, delta: timedelta) -> None:
        """Move the clock forward."""
        self.current += delta
