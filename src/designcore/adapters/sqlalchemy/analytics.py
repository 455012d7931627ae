"""Captured analytics events in ``analytics_events`` (migration ``0014``).

Each row keeps the event's properties as JSON and, for the dashboard's queries, three columns
drawn from them: ``day`` (its UTC day), ``subject`` (the template id of template events, the
step of ``upgrade_started``, the term of ``search_performed``) and ``result_count`` (the results
of ``search_performed``). Two covering indexes answer every count of the dashboard without
reading the rows: ``(day, distinct_id)`` for active people, ``(name, day, subject,
distinct_id)`` for the rest.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from designcore.adapters.sqlalchemy.mapping import utc
from designcore.adapters.sqlalchemy.tables import Base, Json, SurrogateKey
from designcore.domain.analytics import (
    AnalyticsEvent,
    EventTotals,
    UpgradeFunnel,
    every_day,
)

SUBJECT_LENGTH = 200
"""The longest subject kept in its column (the full value stays in ``properties``)."""

_SUBJECT_OF = {
    "template_viewed": "template_id",
    "template_customised": "template_id",
    "upgrade_started": "step",
    "search_performed": "term",
}


class AnalyticsEventRow(Base):
    """``analytics_events``: every event the local sink stored."""

    __tablename__ = "analytics_events"

    id: Mapped[int] = mapped_column(SurrogateKey, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(sa.String(40))
    distinct_id: Mapped[str] = mapped_column(sa.String(200))
    user_id: Mapped[str | None] = mapped_column(sa.String(200))
    occurred_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True))
    day: Mapped[date] = mapped_column(sa.Date)
    subject: Mapped[str | None] = mapped_column(sa.String(SUBJECT_LENGTH))
    result_count: Mapped[int | None] = mapped_column(sa.Integer)
    properties: Mapped[Any] = mapped_column(Json)

    __table_args__ = (
        sa.Index("ix_analytics_events_day_distinct_id", "day", "distinct_id"),
        sa.Index("ix_analytics_events_name_day_subject", "name", "day", "subject", "distinct_id"),
    )


EVENTS: sa.Table = AnalyticsEventRow.__table__  # type: ignore[assignment]
_E = EVENTS.c


def _row(event: AnalyticsEvent) -> dict[str, Any]:
    key = _SUBJECT_OF.get(event.name)
    subject = None if key is None else event.properties.get(key)
    results = event.properties.get("results") if event.name == "search_performed" else None
    return {
        "name": event.name,
        "distinct_id": event.distinct_id,
        "user_id": event.user_id,
        "occurred_at": utc(event.timestamp),
        "day": event.day,
        "subject": None if subject is None else str(subject)[:SUBJECT_LENGTH],
        "result_count": None if results is None else int(results),
        "properties": dict(event.properties),
    }


def _day(value: date | str) -> date:
    # SQLite hands back a count of a grouped Date column as the stored text.
    return date.fromisoformat(value) if isinstance(value, str) else value


class SqlAlchemyAnalyticsEventStore:
    """Each call is its own transaction."""

    def __init__(self, engine: sa.Engine) -> None:
        self._engine = engine

    def add_events(self, events: Sequence[AnalyticsEvent]) -> None:
        """One multi-row insert."""
        if not events:
            return
        with self._engine.begin() as connection:
            connection.execute(sa.insert(EVENTS), [_row(e) for e in events])

    def count_events(self) -> int:
        """``count(*)``."""
        with self._engine.connect() as connection:
            return int(connection.scalar(sa.select(sa.func.count()).select_from(EVENTS)) or 0)

    def totals(self, start: date, end: date) -> EventTotals:
        """Five grouped queries in one read transaction."""
        in_period = _E.day.between(start, end)
        with self._engine.connect() as connection:
            active = connection.execute(
                sa.select(_E.day, sa.func.count(sa.distinct(_E.distinct_id)))
                .where(in_period)
                .group_by(_E.day)
            ).all()
            templates = connection.execute(
                sa.select(_E.name, _E.subject, sa.func.count())
                .where(_E.name.in_(("template_viewed", "template_customised")), in_period)
                .group_by(_E.name, _E.subject)
            ).all()
            funnel = connection.execute(
                sa.select(_E.name, _E.subject, sa.func.count(sa.distinct(_E.distinct_id)))
                .where(_E.name.in_(("upgrade_started", "payment_succeeded")), in_period)
                .group_by(_E.name, _E.subject)
            ).all()
            referrals = connection.execute(
                sa.select(_E.day, sa.func.count())
                .where(_E.name == "referral_completed", in_period)
                .group_by(_E.day)
            ).all()
            zero = sa.case((_E.result_count == 0, _E.occurred_at))
            found = sa.case((_E.result_count > 0, _E.occurred_at))
            searches = connection.execute(
                sa.select(_E.subject, sa.func.max(zero), sa.func.max(found))
                .where(_E.name == "search_performed", in_period)
                .group_by(_E.subject)
            ).all()
        stages = {(name, subject): count for name, subject, count in funnel}
        return EventTotals(
            daily_active_users=every_day(start, end, {_day(d): n for d, n in active}),
            template_views={s: n for name, s, n in templates if name == "template_viewed"},
            template_customisations={
                s: n for name, s, n in templates if name == "template_customised"
            },
            funnel=UpgradeFunnel(
                dialog_opened=stages.get(("upgrade_started", "dialog_opened"), 0),
                payment_started=stages.get(("upgrade_started", "payment_started"), 0),
                payment_succeeded=sum(
                    n for (name, _), n in stages.items() if name == "payment_succeeded"
                ),
            ),
            referral_completions=every_day(start, end, {_day(d): n for d, n in referrals}),
            no_result_terms=frozenset(
                term
                for term, last_zero, last_found in searches
                if last_zero is not None and (last_found is None or last_zero > last_found)
            ),
        )
