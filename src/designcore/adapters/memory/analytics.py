"""An in-memory analytics event store."""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Sequence
from datetime import date, datetime

from designcore.domain.analytics import (
    AnalyticsEvent,
    EventTotals,
    UpgradeFunnel,
    every_day,
)


class InMemoryAnalyticsEventStore:
    """Keeps events in a list and counts them as the SQL store does."""

    def __init__(self) -> None:
        self._events: list[AnalyticsEvent] = []
        self._anonymous: list[AnalyticsEvent] = []
        """Anonymous aggregate counts: day, name and required properties, nothing more."""
        self._lock = threading.Lock()

    def add_events(self, events: Sequence[AnalyticsEvent]) -> None:
        """Append ``events`` at once; anonymous aggregate counts only add to the counts."""
        with self._lock:
            self._events.extend(e for e in events if not e.anonymous)
            self._anonymous.extend(e for e in events if e.anonymous)

    def all_events(self) -> list[AnalyticsEvent]:
        """Every kept event, oldest first (for tests; not part of the port)."""
        with self._lock:
            return list(self._events)

    def count_events(self) -> int:
        """How many events are kept."""
        return len(self._events)

    def totals(self, start: date, end: date, terms: Sequence[str] = ()) -> EventTotals:
        """The dashboard's counts over ``start`` to ``end``."""
        with self._lock:
            events = [e for e in self._events + self._anonymous if start <= e.day <= end]
        active: dict[date, set[str]] = {}
        views: Counter[str] = Counter()
        uses: Counter[str] = Counter()
        stages: dict[str, set[str]] = {"dialog_opened": set(), "payment_started": set(), "": set()}
        referrals: Counter[date] = Counter()
        last_search: dict[str, tuple[datetime, bool]] = {}
        for event in events:
            if not event.anonymous:
                active.setdefault(event.day, set()).add(event.distinct_id)
            properties = event.properties
            if event.name == "template_viewed":
                views[str(properties["template_id"])] += 1
            elif event.name == "template_customised":
                uses[str(properties["template_id"])] += 1
            elif event.name == "upgrade_started" and not event.anonymous:
                stages[str(properties["step"])].add(event.distinct_id)
            elif event.name == "payment_succeeded" and not event.anonymous:
                stages[""].add(event.distinct_id)
            elif event.name == "referral_completed":
                referrals[event.day] += 1
            elif (
                event.name == "search_performed"
                and properties.get("results") is not None
                and str(properties["term"]) in terms
            ):
                term = str(properties["term"])
                found = properties["results"] != 0
                if term not in last_search or last_search[term][0] <= event.timestamp:
                    last_search[term] = (event.timestamp, found)
        return EventTotals(
            daily_active_users=every_day(
                start, end, {day: len(ids) for day, ids in active.items()}
            ),
            template_views=dict(views),
            template_customisations=dict(uses),
            funnel=UpgradeFunnel(
                dialog_opened=len(stages["dialog_opened"]),
                payment_started=len(stages["payment_started"]),
                payment_succeeded=len(stages[""]),
            ),
            referral_completions=every_day(start, end, referrals),
            no_result_terms=frozenset(t for t, (_, found) in last_search.items() if not found),
        )
