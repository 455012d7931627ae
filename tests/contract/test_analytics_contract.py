"""Contract of AnalyticsEventStore (memory, SQLite and PostgreSQL alike), and the local sink
writing into each of them."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from datetime import date, timedelta
from typing import Any

import pytest
import sqlalchemy as sa

from designcore.adapters.local_analytics import LocalAnalytics
from designcore.adapters.memory.analytics import InMemoryAnalyticsEventStore
from designcore.adapters.sqlalchemy.analytics import SqlAlchemyAnalyticsEventStore
from designcore.domain.analytics import AnalyticsEvent, DailyCount, UpgradeFunnel
from designcore.ports.analytics import AnalyticsEventStore
from support import EPOCH

IMPLEMENTATIONS = ["memory", "sqlite", pytest.param("postgresql", marks=pytest.mark.postgresql)]
DAY = EPOCH.date()


@pytest.fixture(name="events", params=IMPLEMENTATIONS)
def fixture_events(request: pytest.FixtureRequest) -> Iterator[AnalyticsEventStore]:
    """Every implementation of the analytics event store."""
    if request.param == "memory":
        yield InMemoryAnalyticsEventStore()
        return
    engine: sa.Engine = request.getfixturevalue(f"{request.param}_engine")
    yield SqlAlchemyAnalyticsEventStore(engine)


def event(name: str, who: str = "u1", days: int = 0, **properties: Any) -> AnalyticsEvent:
    return AnalyticsEvent(
        name=name,
        distinct_id=who,
        timestamp=EPOCH + timedelta(days=days, minutes=len(properties)),
        properties=properties,
    )


class TestAnalyticsEventStore:
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


class TestLocalSink:
    def test_200_concurrent_captures_lose_nothing(self, events: AnalyticsEventStore) -> None:
        """200 threads capturing at once: after a flush, every event is stored."""
        sink = LocalAnalytics(events, flush_seconds=0.05, batch_size=37)
        start = threading.Barrier(200)

        def capture(n: int) -> None:
            start.wait()
            sink.capture(event("template_viewed", f"u{n}", template_id=f"t{n % 7}"))

        threads = [threading.Thread(target=capture, args=(n,)) for n in range(200)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        sink.flush()
        assert 200 == events.count_events()
        assert 200 == sum(events.totals(DAY, DAY).template_views.values())
        sink.close()
        assert 0 == sink.dropped
