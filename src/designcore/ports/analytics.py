"""The analytics ports: where captured events go, and where the dashboard reads them from."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date
from typing import Protocol

from designcore.domain.analytics import AnalyticsEvent, EventTotals, Scalar


class Analytics(Protocol):
    """Receives what people do. Every method returns at once: an adapter that sends or stores
    events does it in the background, so capturing never slows a request, and it never raises
    for a failure of its backend (it logs and drops, or retries, instead)."""

    def identify(
        self, distinct_id: str, email: str | None, properties: Mapping[str, Scalar]
    ) -> None:
        """Tie ``distinct_id`` (a user id) to the person's e-mail and properties."""
        ...

    def reset(self, distinct_id: str) -> None:
        """Forget the identity of ``distinct_id`` (on sign-out): later events of the same
        browser are anonymous until the next :meth:`identify`."""
        ...

    def capture(self, event: AnalyticsEvent) -> None:
        """Queue ``event`` (already checked against the catalogue when it was made)."""
        ...

    def flush(self) -> None:
        """Block until every event captured so far is stored or sent (or given up on)."""
        ...

    def close(self) -> None:
        """Flush, then stop the background worker; later captures are dropped."""
        ...


class AnalyticsEventStore(Protocol):
    """Stores captured events and counts them for the admin dashboard."""

    def add_events(self, events: Sequence[AnalyticsEvent]) -> None:
        """Store ``events`` in one transaction, all or none."""
        ...

    def count_events(self) -> int:
        """How many events are stored."""
        ...

    def totals(self, start: date, end: date, terms: Sequence[str] = ()) -> EventTotals:
        """The dashboard's counts over the UTC days ``start`` to ``end`` inclusive; of the
        search terms, only ``terms`` are looked at for ``no_result_terms``."""
        ...
