"""The analytics contracts: the event store in memory, on SQLite and on PostgreSQL; the local
sink writing into the store and PostHog's adapter sending to a local fake of PostHog; and the
local sink writing into each store."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

import pytest
import sqlalchemy as sa

from designcore.adapters.local_analytics import LocalAnalytics
from designcore.adapters.memory.analytics import InMemoryAnalyticsEventStore
from designcore.adapters.posthog import PostHogAnalytics
from designcore.adapters.sqlalchemy.analytics import SqlAlchemyAnalyticsEventStore
from designcore.domain.analytics import Scalar
from designcore.ports.analytics import Analytics, AnalyticsEventStore
from designcore.testing.contracts import AnalyticsContract, AnalyticsEventStoreContract
from designcore.testing.contracts.analytics import DAY, Delivered, capture_at_once
from fakes.posthog_api import API_KEY, FakePostHog, posthog_server

IMPLEMENTATIONS = ["memory", "sqlite", pytest.param("postgresql", marks=pytest.mark.postgresql)]


@pytest.fixture(name="events", params=IMPLEMENTATIONS)
def fixture_events(request: pytest.FixtureRequest) -> AnalyticsEventStore:
    """Every implementation of the analytics event store, empty."""
    if request.param == "memory":
        return InMemoryAnalyticsEventStore()
    engine: sa.Engine = request.getfixturevalue(f"{request.param}_engine")
    return SqlAlchemyAnalyticsEventStore(engine)


class TestAnalyticsEventStore(AnalyticsEventStoreContract):
    """The suite of designcore.testing.contracts on each implementation of the store."""


Sink = tuple[Analytics, Delivered]


def posthog_events(fake: FakePostHog) -> Sequence[tuple[str, str, Mapping[str, Scalar]]]:
    """The product's events the fake accepted, less PostHog's own properties and events."""
    return [
        (
            e["event"],
            e["distinct_id"],
            {k: v for k, v in e["properties"].items() if not k.startswith("$")},
        )
        for e in fake.events
        if not e["event"].startswith("$")
    ]


@pytest.fixture(name="sink", params=["local", "posthog"])
def fixture_sink(request: pytest.FixtureRequest) -> Iterator[Sink]:
    """Every sink that delivers somewhere, with what reached its backend."""
    if request.param == "local":
        store = InMemoryAnalyticsEventStore()
        local = LocalAnalytics(store, flush_seconds=0.05, batch_size=7)
        yield local, lambda: [(e.name, e.distinct_id, e.properties) for e in store.all_events()]
        local.close()
        return
    with posthog_server() as fake:
        posthog = PostHogAnalytics(api_key=API_KEY, host=fake.host, flush_seconds=0.05)
        yield posthog, lambda: posthog_events(fake)
        posthog.close()


@pytest.fixture(name="analytics")
def fixture_analytics(sink: Sink) -> Analytics:
    """The sink under test."""
    return sink[0]


@pytest.fixture(name="delivered")
def fixture_delivered(sink: Sink) -> Delivered:
    """What reached the sink's backend."""
    return sink[1]


class TestAnalytics(AnalyticsContract):
    """The suite of designcore.testing.contracts on each sink."""


class TestLocalSinkOnEveryStore:
    def test_200_concurrent_captures_lose_nothing(self, events: AnalyticsEventStore) -> None:
        """200 threads capturing at once: after a flush, every event is stored."""
        sink = LocalAnalytics(events, flush_seconds=0.05, batch_size=37)
        capture_at_once(sink, 200)
        sink.flush()
        assert 200 == events.count_events()
        assert 200 == sum(events.totals(DAY, DAY).template_views.values())
        sink.close()
        assert 0 == sink.dropped
