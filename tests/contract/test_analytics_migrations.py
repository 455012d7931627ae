"""Migrations 0015, 0016 and 0018 on SQLite and PostgreSQL: events stored before the roll-ups existed are
counted by the dashboard afterwards, as the ones stored after."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import sqlalchemy as sa

from designcore.adapters.sqlalchemy import create_database_engine, migrate
from designcore.adapters.sqlalchemy.analytics import SqlAlchemyAnalyticsEventStore
from designcore.domain.analytics import AnalyticsEvent, UpgradeFunnel
from support import postgres_schema_settings

MOMENT = datetime(2026, 11, 20, 9, 0, tzinfo=UTC)


@pytest.fixture(
    name="engine_at_0014",
    params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgresql)],
)
def fixture_engine_at_0014(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[sa.Engine]:
    """A database migrated to 0014 (events, no roll-ups)."""
    if request.param == "sqlite":
        engine = create_database_engine(f"sqlite:///{tmp_path / 'old.db'}")
        migrate(engine, "0014")
        yield engine
        engine.dispose()
        return
    schema_settings = postgres_schema_settings()
    database = next(schema_settings)
    engine = create_database_engine(
        database["DESIGNCORE_DATABASE_URL"], schema=database["DESIGNCORE_DATABASE_SCHEMA"]
    )
    try:
        migrate(engine, "0014")
        yield engine
    finally:
        engine.dispose()
        schema_settings.close()


def old_event(
    name: str, who: str, subject: str | None, results: int | None = None
) -> dict[str, object]:
    return {
        "name": name,
        "distinct_id": who,
        "user_id": who,
        "occurred_at": MOMENT,
        "day": MOMENT.date(),
        "subject": subject,
        "result_count": results,
        "properties": {},
    }


class TestRollUpMigration:
    def test_old_events_are_counted(self, engine_at_0014: sa.Engine) -> None:
        """Views, active people, the funnel and searches that found nothing, from the events
        stored under 0014."""
        events = sa.table(
            "analytics_events",
            *(
                sa.column(c)
                for c in (
                    "name",
                    "distinct_id",
                    "user_id",
                    "occurred_at",
                    "day",
                    "subject",
                    "result_count",
                    "properties",
                )
            ),
        )
        rows = [
            old_event("template_viewed", "u1", "t1"),
            old_event("template_viewed", "u2", "t1"),
            old_event("upgrade_started", "u1", "dialog_opened"),
            old_event("payment_succeeded", "u1", None),
            old_event("search_performed", "u3", "ankara", 0),
        ]
        with engine_at_0014.begin() as connection:
            connection.execute(
                sa.insert(events).values(properties=sa.bindparam("properties", type_=sa.JSON)),
                rows,
            )
        migrate(engine_at_0014)
        store = SqlAlchemyAnalyticsEventStore(engine_at_0014)
        totals = store.totals(MOMENT.date() - timedelta(days=1), MOMENT.date(), ["ankara"])
        assert {"t1": 2} == dict(totals.template_views)
        assert [0, 3] == [c.count for c in totals.daily_active_users]
        assert UpgradeFunnel(1, 0, 1) == totals.funnel
        assert frozenset({"ankara"}) == totals.no_result_terms
        # A period with the events' whole week in it reads the weekly roll-up (0018), and
        # the funnel of a period up to now the last days seen.
        around = MOMENT.date()
        weeks = store.totals(around - timedelta(days=10), around + timedelta(days=10))
        assert {"t1": 2} == dict(weeks.template_views)
        assert UpgradeFunnel(1, 0, 1) == weeks.funnel
        # New events add to what the migration rolled up.
        store.add_events(
            [
                AnalyticsEvent("template_viewed", "u4", MOMENT, {"template_id": "t1"}),
                AnalyticsEvent("upgrade_started", "u1", MOMENT, {"step": "dialog_opened"}),
                AnalyticsEvent("upgrade_started", "u5", MOMENT, {"step": "dialog_opened"}),
            ]
        )
        weeks = store.totals(around - timedelta(days=10), around + timedelta(days=10))
        assert {"t1": 3} == dict(weeks.template_views)
        assert UpgradeFunnel(2, 0, 1) == weeks.funnel
