"""The contracts of the analytics ports (:mod:`designcore.ports.analytics`): the event store
the admin dashboard counts from, and the sink the services capture into.

Subclass :class:`AnalyticsEventStoreContract` and give it an ``events`` fixture answering a new,
empty store of your adapter. Subclass :class:`AnalyticsContract` and give it an ``analytics``
fixture answering a new sink, and a ``delivered`` fixture: a callable answering what reached the
sink's backend so far, as ``(name, distinct_id, properties)`` tuples (leave out what your
backend adds on its own, such as PostHog's ``$`` properties and its ``$set`` events).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence
from datetime import date, timedelta
from typing import Any

from designcore.domain.analytics import (
    AnalyticsEvent,
    DailyCount,
    Scalar,
    UpgradeFunnel,
    aggregate_of,
)
from designcore.ports.analytics import Analytics, AnalyticsEventStore
from designcore.testing.builders import EPOCH

__all__ = [
    "AnalyticsContract",
    "AnalyticsEventStoreContract",
    "Delivered",
    "capture_at_once",
    "event",
]

DAY = EPOCH.date()

Delivered = Callable[[], Sequence[tuple[str, str, Mapping[str, Scalar]]]]
"""What the ``delivered`` fixture answers: a callable listing the events that reached the
backend, as ``(name, distinct_id, properties)``."""


def event(name: str, who: str = "u1", days: int = 0, **properties: Any) -> AnalyticsEvent:
    """Event ``name`` of ``who``, ``days`` after ``EPOCH`` (a minute later per property)."""
    return AnalyticsEvent(
        name=name,
        distinct_id=who,
        timestamp=EPOCH + timedelta(days=days, minutes=len(properties)),
        properties=properties,
    )


def capture_at_once(analytics: Analytics, people: int) -> None:
    """``people`` threads each capture a ``template_viewed`` of ``u<n>`` at the same moment
    (of seven templates ``t0`` to ``t6``); answers when all have returned."""
    start = threading.Barrier(people)

    def capture(n: int) -> None:
        start.wait()
        analytics.capture(event("template_viewed", f"u{n}", template_id=f"t{n % 7}"))

    threads = [threading.Thread(target=capture, args=(n,)) for n in range(people)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def as_delivered(events: Sequence[AnalyticsEvent]) -> list[tuple[str, str, dict[str, Scalar]]]:
    """``events`` as the ``delivered`` fixture answers them, sorted."""
    return sorted((e.name, e.distinct_id, dict(e.properties)) for e in events)


def received(delivered: Delivered) -> list[tuple[str, str, dict[str, Scalar]]]:
    """What reached the backend, sorted (a sink need not keep the capturing order)."""
    return sorted((name, who, dict(properties)) for name, who, properties in delivered())


class _EventStore:
    def test_anonymous_counts_are_counters_only(self, events: AnalyticsEventStore) -> None:
        """An anonymous aggregate count adds to the template counts but is no stored event
        and no active person, nor a stage of the funnel."""
        person = event("template_viewed", "u1", template_id="t1")
        events.add_events(
            [
                person,
                aggregate_of(event("template_viewed", "u2", template_id="t1")),
                aggregate_of(event("upgrade_started", "u3", step="dialog_opened")),
            ]
        )
        events.add_events([aggregate_of(event("template_customised", "u2", template_id="t1"))])
        assert 1 == events.count_events()
        totals = events.totals(DAY, DAY)
        assert {"t1": 2} == dict(totals.template_views)
        assert {"t1": 1} == dict(totals.template_customisations)
        assert (DailyCount(DAY, 1),) == totals.daily_active_users
        assert UpgradeFunnel(0, 0, 0) == totals.funnel

    def test_counts_of_the_dashboard(self, events: AnalyticsEventStore) -> None:
        """Active people per day, template counts, the funnel, referrals and searches that
        last found nothing are counted over the period only."""
        events.add_events(
            [
                event("template_viewed", "u1", template_id="t1"),
                event("template_viewed", "u2", template_id="t1"),
                event("template_viewed", "u2", days=1, template_id="t2"),
                event("template_customised", "u1", days=1, template_id="t1"),
                event("upgrade_started", "u1", step="dialog_opened"),
                event("upgrade_started", "u1", days=1, step="dialog_opened"),
                event("upgrade_started", "u2", step="dialog_opened"),
                event("upgrade_started", "u1", step="payment_started"),
                event("payment_succeeded", "u1", days=1, reference="r1"),
                event("referral_completed", "u3", days=1, referrer_id="u1"),
                event("search_performed", "u4", term="ankara", results=0),
                event("search_performed", "u4", days=1, term="flyer", results=0),
                event("search_performed", "u5", days=2, term="flyer", results=3),
                event("signed_in", "u9", days=5),
                event("template_viewed", "u9", days=-1, template_id="t1"),
            ]
        )
        totals = events.totals(DAY, DAY + timedelta(days=2), ["ankara", "flyer", "choir"])
        assert (
            DailyCount(DAY, 3),
            DailyCount(DAY + timedelta(days=1), 4),
            DailyCount(DAY + timedelta(days=2), 1),
        ) == totals.daily_active_users
        assert {"t1": 2, "t2": 1} == dict(totals.template_views)
        assert {"t1": 1} == dict(totals.template_customisations)
        assert UpgradeFunnel(2, 1, 1) == totals.funnel
        assert (0, 1, 0) == tuple(c.count for c in totals.referral_completions)
        assert frozenset({"ankara"}) == totals.no_result_terms
        assert 15 == events.count_events()

    def test_a_person_is_active_once_a_day_across_batches(
        self, events: AnalyticsEventStore
    ) -> None:
        """Someone whose events of one day arrive in several batches counts once that day."""
        events.add_events([event("signed_in", "u1")])
        events.add_events([event("signed_out", "u1"), event("signed_in", "u2")])
        events.add_events([event("signed_in", "u1", days=1)])
        totals = events.totals(DAY, DAY + timedelta(days=1))
        assert [2, 1] == [c.count for c in totals.daily_active_users]

    def test_long_periods_count_whole_weeks_and_their_ends(
        self, events: AnalyticsEventStore
    ) -> None:
        """Over periods of several weeks starting and ending on any weekday, each template
        event is counted once if its day is in the period and never otherwise, across
        batches."""
        days = range(-3, 40)
        events.add_events(
            [event("template_viewed", f"u{d % 3}", d, template_id=f"t{d % 2}") for d in days]
        )
        events.add_events([event("template_customised", "u1", d, template_id="t1") for d in days])
        for first, last in [(0, 29), (1, 35), (-3, 39), (2, 8), (5, 6), (6, 20)]:
            start, end = DAY + timedelta(days=first), DAY + timedelta(days=last)
            totals = events.totals(start, end)
            inside = [d for d in days if first <= d <= last]
            views = {f"t{n}": sum(1 for d in inside if d % 2 == n) for n in (0, 1)}
            assert {k: v for k, v in views.items() if v} == dict(totals.template_views), (
                first,
                last,
            )
            assert {"t1": len(inside)} == dict(totals.template_customisations)

    def test_the_funnel_of_a_past_period(self, events: AnalyticsEventStore) -> None:
        """People who reached a stage only after the period are not counted in it; people
        seen in it and again after it are."""
        events.add_events(
            [
                event("upgrade_started", "u1", 0, step="dialog_opened"),
                event("upgrade_started", "u1", 9, step="dialog_opened"),
                event("upgrade_started", "u2", 9, step="dialog_opened"),
                event("payment_succeeded", "u3", 9, reference="r"),
            ]
        )
        past = events.totals(DAY, DAY + timedelta(days=2))
        assert UpgradeFunnel(1, 0, 0) == past.funnel
        until_now = events.totals(DAY + timedelta(days=1), DAY + timedelta(days=9))
        assert UpgradeFunnel(2, 0, 1) == until_now.funnel
        everything = events.totals(DAY - timedelta(days=5), DAY + timedelta(days=20))
        assert UpgradeFunnel(2, 0, 1) == everything.funnel

    def test_an_empty_period_has_every_day(self, events: AnalyticsEventStore) -> None:
        """With no events, every day of the period is there with zero."""
        totals = events.totals(date(2026, 1, 1), date(2026, 1, 7))
        assert [0] * 7 == [c.count for c in totals.daily_active_users]
        assert UpgradeFunnel(0, 0, 0) == totals.funnel


class _Sink:
    def test_flush_delivers_every_event_once(
        self, analytics: Analytics, delivered: Delivered
    ) -> None:
        """After a flush, each captured event has reached the backend exactly once, with its
        properties whole (Yoruba and ₦ included)."""
        events = [
            event("template_viewed", "u1", template_id="t1"),
            event("template_viewed", "u1", template_id="t1"),
            event("search_performed", "u2", term="Ẹ kú ọdún · ₦5,000", results=0),
            event("design_downloaded", "u3", format="png", watermark=True),
        ]
        for one in events:
            analytics.capture(one)
        analytics.flush()
        assert as_delivered(events) == received(delivered)

    def test_flush_with_nothing_captured(self, analytics: Analytics, delivered: Delivered) -> None:
        """Flushing before any capture returns and delivers nothing."""
        analytics.flush()
        assert [] == received(delivered)

    def test_identify_and_reset_leave_the_events_alone(
        self, analytics: Analytics, delivered: Delivered
    ) -> None:
        """identify (with or without an e-mail) and reset neither raise nor change or add
        product events."""
        analytics.identify("u1", "ada@example.com", {"plan": "premium"})
        analytics.identify("u2", None, {})
        analytics.capture(event("signed_in", "u1"))
        analytics.reset("u1")
        analytics.reset("never-identified")
        analytics.flush()
        assert as_delivered([event("signed_in", "u1")]) == received(delivered)

    def test_concurrent_captures_lose_nothing(
        self, analytics: Analytics, delivered: Delivered
    ) -> None:
        """Fifty threads capturing at once: after a flush every event is there."""
        capture_at_once(analytics, 50)
        analytics.flush()
        assert sorted(f"u{n}" for n in range(50)) == sorted(who for _, who, _ in delivered())

    def test_close_delivers_what_was_captured_then_drops(
        self, analytics: Analytics, delivered: Delivered
    ) -> None:
        """close delivers the events captured before it; later captures are dropped without
        an error, and flushing or closing again is harmless."""
        analytics.capture(event("signed_in", "u1"))
        analytics.capture(event("signed_out", "u1"))
        analytics.close()
        analytics.capture(event("signed_in", "u2"))
        analytics.flush()
        analytics.close()
        assert as_delivered([event("signed_in", "u1"), event("signed_out", "u1")]) == received(
            delivered
        )


class AnalyticsEventStoreContract(_EventStore):
    """Every rule of an analytics event store. A subclass gives it an ``events`` fixture
    answering a new, empty store."""


class AnalyticsContract(_Sink):
    """Every rule of an analytics sink. A subclass gives it an ``analytics`` fixture answering
    a new sink, and a ``delivered`` fixture (:data:`Delivered`) reading its backend."""
