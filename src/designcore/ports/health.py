"""The readiness port: can the database answer now?"""

from __future__ import annotations

from typing import Protocol


class DatabaseHealth(Protocol):
    """Asks the database for the cheapest possible answer."""

    def ping(self) -> None:
        """Return when the database answers a trivial query. Raises
        :class:`~designcore.domain.errors.Unavailable` (code ``database_unavailable``) when it
        cannot be reached or does not answer."""
        ...
