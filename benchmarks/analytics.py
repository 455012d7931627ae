"""Analytics: what capturing costs a request, and the dashboard's summary at 1 million events.

    python benchmarks/analytics.py [--events 1000000] [--postgres URL]

1. ``capture``: the time ``EventRecorder.capture`` takes in the calling thread (building and
   checking the event, queueing it) with the local sink writing into SQLite meanwhile, and with
   the PostHog adapter sending to its fake (tests/fakes/posthog_api.py), p50/p95/p99 over
   5,000 captures (within the PostHog client's queue of 10,000).
2. ``summary``: ``AnalyticsEventStore.totals`` over 7, 30 and 90 days with ``--events`` events
   spread over 90 days (5,000 people, the catalogue's mix of events), on SQLite and, with
   ``--postgres``, PostgreSQL; the median of 5 runs.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import sqlalchemy as sa

from designcore.adapters.local_analytics import LocalAnalytics
from designcore.adapters.memory import SystemClock
from designcore.adapters.sqlalchemy import create_database_engine, migrate
from designcore.adapters.sqlalchemy.analytics import SqlAlchemyAnalyticsEventStore
from designcore.app.services.analytics import EventRecorder
from designcore.domain.analytics import AnalyticsEvent
from designcore.ports.analytics import Analytics

NOW = datetime.now(UTC)
MIX = [
    ("template_viewed", 50),
    ("template_customised", 10),
    ("search_performed", 20),
    ("design_saved", 8),
    ("signed_in", 6),
    ("upgrade_started", 4),
    ("payment_succeeded", 1),
    ("referral_completed", 1),
]


ANALYTICS_TABLES = (
    "analytics_events",
    "analytics_daily_counts",
    "analytics_daily_people",
    "analytics_weekly_counts",
    "analytics_last_seen",
)
TERMS = [f"term {n}" for n in range(20)]
"""The dashboard's top search terms (looked up for searches that found nothing)."""


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def make_event(rng: random.Random, name: str) -> AnalyticsEvent:
    properties: dict[str, str | int | bool | None] = {}
    if name.startswith("template_"):
        properties["template_id"] = f"t{rng.randrange(500)}"
    elif name == "search_performed":
        properties |= {"term": f"term {rng.randrange(2000)}", "results": rng.randrange(5)}
    elif name == "upgrade_started":
        properties["step"] = rng.choice(["dialog_opened", "payment_started"])
    return AnalyticsEvent(
        name=name,
        distinct_id=f"u{rng.randrange(5000)}",
        timestamp=NOW - timedelta(seconds=rng.randrange(90 * 86400)),
        properties=properties,
    )


def bench_capture(engine: sa.Engine) -> None:
    measure_capture("local sink on SQLite", LocalAnalytics(SqlAlchemyAnalyticsEventStore(engine)))
    sys.path.insert(0, str(Path(__file__).parents[1] / "tests"))
    from designcore.adapters.posthog import PostHogAnalytics
    from fakes.posthog_api import API_KEY, posthog_server

    with posthog_server() as fake:
        measure_capture(
            "PostHog adapter against its fake", PostHogAnalytics(api_key=API_KEY, host=fake.host)
        )


def measure_capture(label: str, sink: Analytics, count: int = 5_000) -> None:
    recorder = EventRecorder(sink, SystemClock())
    times = []
    for n in range(count):
        started = time.perf_counter()
        recorder.capture("template_viewed", f"u{n % 100}", template_id=f"t{n % 50}")
        times.append((time.perf_counter() - started) * 1000)
    sink.close()
    print(
        f"capture ({label}): p50 {percentile(times, 0.5):.4f} ms, "
        f"p95 {percentile(times, 0.95):.4f} ms, p99 {percentile(times, 0.99):.4f} ms"
    )


def fill(engine: sa.Engine, count: int) -> None:
    store = SqlAlchemyAnalyticsEventStore(engine)
    rng = random.Random(7)
    names = [name for name, weight in MIX for _ in range(weight)]
    batch = []
    for _ in range(count):
        batch.append(make_event(rng, rng.choice(names)))
        if len(batch) == 10_000:
            store.add_events(batch)
            batch = []
    store.add_events(batch)
    if engine.dialect.name == "postgresql":
        # What autovacuum does after this many inserts: statistics for the planner, and the
        # visibility map that lets index-only scans skip the table.
        with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
            for table in ANALYTICS_TABLES:
                connection.execute(sa.text(f"VACUUM ANALYZE {table}"))
    else:
        with engine.begin() as connection:
            connection.execute(sa.text("ANALYZE"))


def bench_summary(label: str, engine: sa.Engine, count: int) -> None:
    started = time.perf_counter()
    fill(engine, count)
    print(f"{label}: {count:,} events stored in {time.perf_counter() - started:.0f} s")
    store = SqlAlchemyAnalyticsEventStore(engine)
    today = NOW.date()
    for days in (7, 30, 90):
        runs = []
        for _ in range(5):
            started = time.perf_counter()
            store.totals(today - timedelta(days=days - 1), today, TERMS)
            runs.append((time.perf_counter() - started) * 1000)
        print(f"{label}: summary over {days} days: median {statistics.median(runs):.0f} ms")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--events", type=int, default=1_000_000)
    parser.add_argument("--postgres", default="")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        engine = create_database_engine(f"sqlite:///{Path(directory) / 'bench.db'}")
        migrate(engine)
        bench_capture(engine)
        with engine.begin() as connection:
            connection.execute(sa.text("DELETE FROM analytics_events"))
        bench_summary("SQLite", engine, options.events)
    if options.postgres:
        schema = f"bench_analytics_{int(time.time())}"
        admin = sa.create_engine(options.postgres)
        with admin.begin() as connection:
            connection.execute(sa.text(f"CREATE SCHEMA {schema}"))
        try:
            engine = create_database_engine(options.postgres, schema=schema)
            migrate(engine)
            bench_summary("PostgreSQL", engine, options.events)
            engine.dispose()
        finally:
            with admin.begin() as connection:
                connection.execute(sa.text(f"DROP SCHEMA {schema} CASCADE"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
