"""Captured analytics events in ``analytics_events`` (migration ``0014``).

Each row keeps the event's properties as JSON and, for the dashboard's queries, three columns
drawn from them: ``day`` (its UTC day), ``subject`` (the template id of template events, the
step of ``upgrade_started``, the term of ``search_performed``) and ``result_count`` (the results
of ``search_performed``).

The dashboard reads two roll-ups the same transaction keeps (migration ``0016``), so its
queries do not grow with the number of events: ``analytics_daily_counts`` (events per day,
name and subject) and ``analytics_daily_people`` (who was active, or reached a stage of the
upgrade funnel, on each day).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite
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


class AnalyticsDailyCountRow(Base):
    """``analytics_daily_counts``: events of one name and subject on one day (migration
    ``0016``), with the latest moments a search of the term found nothing and found
    something; name ``$active`` counts the distinct people active that day. Keyed by name
    first, so a count of one event reads only its rows (clustered on SQLite)."""

    __tablename__ = "analytics_daily_counts"

    name: Mapped[str] = mapped_column(sa.String(40), primary_key=True)
    day: Mapped[date] = mapped_column(sa.Date, primary_key=True)
    subject: Mapped[str] = mapped_column(sa.String(SUBJECT_LENGTH), primary_key=True)
    events: Mapped[int] = mapped_column(sa.BigInteger)
    last_zero_at: Mapped[datetime | None] = mapped_column(sa.DateTime(timezone=True))
    last_found_at: Mapped[datetime | None] = mapped_column(sa.DateTime(timezone=True))

    __table_args__ = {"sqlite_with_rowid": False}


class AnalyticsDailyPersonRow(Base):
    """``analytics_daily_people``: who was active on a day (``stage`` empty) and who reached
    a stage of the upgrade funnel (``upgrade_started:dialog_opened``, …)."""

    __tablename__ = "analytics_daily_people"

    stage: Mapped[str] = mapped_column(sa.String(80), primary_key=True)
    day: Mapped[date] = mapped_column(sa.Date, primary_key=True)
    distinct_id: Mapped[str] = mapped_column(sa.String(200), primary_key=True)

    __table_args__ = {"sqlite_with_rowid": False}


EVENTS: sa.Table = AnalyticsEventRow.__table__  # type: ignore[assignment]
COUNTS: sa.Table = AnalyticsDailyCountRow.__table__  # type: ignore[assignment]
PEOPLE: sa.Table = AnalyticsDailyPersonRow.__table__  # type: ignore[assignment]
_E = EVENTS.c
_C = COUNTS.c
_P = PEOPLE.c
ACTIVE = ""
"""The stage of ``analytics_daily_people`` that lists active people."""
ACTIVE_COUNT = "$active"
"""The name of ``analytics_daily_counts`` that counts them per day."""
FUNNEL_STAGES = {
    "upgrade_started:dialog_opened": "dialog_opened",
    "upgrade_started:payment_started": "payment_started",
    "payment_succeeded:": "payment_succeeded",
}


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
        rows = [_row(e) for e in events]
        counts: dict[tuple[date, str, str], dict[str, Any]] = {}
        people: set[tuple[str, date, str]] = set()
        for row in rows:
            key = (row["day"], row["name"], row["subject"] or "")
            count = counts.setdefault(
                key,
                {
                    "day": key[0],
                    "name": key[1],
                    "subject": key[2],
                    "events": 0,
                    "last_zero_at": None,
                    "last_found_at": None,
                },
            )
            count["events"] += 1
            if row["result_count"] is not None:
                field = "last_zero_at" if row["result_count"] == 0 else "last_found_at"
                if count[field] is None or count[field] < row["occurred_at"]:
                    count[field] = row["occurred_at"]
            people.add((ACTIVE, row["day"], row["distinct_id"]))
            stage = f"{row['name']}:{row['subject'] or ''}"
            if stage in FUNNEL_STAGES:
                people.add((stage, row["day"], row["distinct_id"]))
        insert = _dialect_insert(self._engine)
        with self._engine.begin() as connection:
            connection.execute(sa.insert(EVENTS), rows)
            counting = insert(COUNTS)
            excluded = counting.excluded
            connection.execute(
                counting.on_conflict_do_update(
                    index_elements=[_C.name, _C.day, _C.subject],
                    set_={
                        "events": _C.events + excluded.events,
                        "last_zero_at": _later(_C.last_zero_at, excluded.last_zero_at),
                        "last_found_at": _later(_C.last_found_at, excluded.last_found_at),
                    },
                ),
                list(counts.values()),
            )
            added = connection.execute(
                insert(PEOPLE).on_conflict_do_nothing().returning(_P.stage, _P.day),
                [{"stage": st, "day": d, "distinct_id": who} for st, d, who in sorted(people)],
            ).all()
            # Only the people this transaction added count as newly active (RETURNING of
            # ON CONFLICT DO NOTHING answers inserted rows only), so concurrent writers never
            # count one person twice.
            active: dict[date, int] = {}
            for stage, day in added:
                if stage == ACTIVE:
                    active[_day(day)] = active.get(_day(day), 0) + 1
            if active:
                bump = insert(COUNTS)
                connection.execute(
                    bump.on_conflict_do_update(
                        index_elements=[_C.name, _C.day, _C.subject],
                        set_={"events": _C.events + bump.excluded.events},
                    ),
                    [
                        {"name": ACTIVE_COUNT, "day": d, "subject": "", "events": n}
                        for d, n in sorted(active.items())
                    ],
                )

    def count_events(self) -> int:
        """``count(*)``."""
        with self._engine.connect() as connection:
            return int(connection.scalar(sa.select(sa.func.count()).select_from(EVENTS)) or 0)

    def totals(self, start: date, end: date, terms: Sequence[str] = ()) -> EventTotals:
        """Grouped reads of the daily roll-ups in one read transaction: their size depends on
        the days, templates and people of the funnel, not on the number of events."""
        in_period = _C.day.between(start, end)
        with self._engine.connect() as connection:
            active = connection.execute(
                sa.select(_C.day, _C.events).where(_C.name == ACTIVE_COUNT, in_period)
            ).all()
            funnel = connection.execute(
                sa.select(_P.stage, sa.func.count(sa.distinct(_P.distinct_id)))
                .where(_P.stage.in_(list(FUNNEL_STAGES)), _P.day.between(start, end))
                .group_by(_P.stage)
            ).all()
            counted = connection.execute(
                sa.select(_C.name, _C.subject, sa.func.sum(_C.events))
                .where(_C.name.in_(("template_viewed", "template_customised")), in_period)
                .group_by(_C.name, _C.subject)
            ).all()
            referrals = connection.execute(
                sa.select(_C.day, sa.func.sum(_C.events))
                .where(_C.name == "referral_completed", in_period)
                .group_by(_C.day)
            ).all()
            searches = connection.execute(
                sa.select(_C.subject, sa.func.max(_C.last_zero_at), sa.func.max(_C.last_found_at))
                .where(
                    _C.name == "search_performed",
                    in_period,
                    _C.subject.in_([t[:SUBJECT_LENGTH] for t in terms]),
                )
                .group_by(_C.subject)
            ).all()
        stages = {FUNNEL_STAGES[stage]: int(n) for stage, n in funnel}
        return EventTotals(
            daily_active_users=every_day(start, end, {_day(d): int(n) for d, n in active}),
            template_views={s: int(n) for name, s, n in counted if name == "template_viewed"},
            template_customisations={
                s: int(n) for name, s, n in counted if name == "template_customised"
            },
            funnel=UpgradeFunnel(
                dialog_opened=stages.get("dialog_opened", 0),
                payment_started=stages.get("payment_started", 0),
                payment_succeeded=stages.get("payment_succeeded", 0),
            ),
            referral_completions=every_day(start, end, {_day(d): int(n) for d, n in referrals}),
            no_result_terms=frozenset(
                term
                for term, last_zero, last_found in searches
                if last_zero is not None
                and (last_found is None or _moment(last_zero) > _moment(last_found))
            ),
        )


def _moment(value: datetime | str) -> datetime:
    # SQLite hands back an aggregate of a DateTime column as the stored text (naive UTC).
    return utc(datetime.fromisoformat(value) if isinstance(value, str) else value)


def _later(stored: Any, incoming: Any) -> Any:
    """The later of two moments either of which may be missing (``max`` of SQLite and
    ``greatest`` of PostgreSQL disagree about NULL)."""
    return sa.case(
        (incoming.is_(None), stored),
        (sa.or_(stored.is_(None), incoming > stored), incoming),
        else_=stored,
    )


def _dialect_insert(engine: sa.Engine) -> Any:
    """The dialect's INSERT with ON CONFLICT."""
    if engine.dialect.name == "postgresql":
        return postgresql.insert
    return sqlite.insert
