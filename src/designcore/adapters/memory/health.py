"""The in-memory database is the process itself: it always answers."""

from __future__ import annotations


class InMemoryDatabaseHealth:
    """A :class:`~designcore.ports.health.DatabaseHealth` of the in-memory adapters."""

    def ping(self) -> None:
        """Always answers: the data lives in this process."""
