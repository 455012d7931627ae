"""Captured analytics events in ``analytics_events`` (migration ``0014``).

Each row keeps the event's properties as JSON and, for the dashboard's queries, three columns
drawn from them: ``day`` (its UTC day), ``subject`` (the template id of template events, the
step of ``upgrade_started``, the term of ``search_performed``) and ``result_count`` (the results
of ``search_performed``).

The dashboard reads roll-ups the same transaction keeps, so its queries do not grow with the
number of events: ``analytics_daily_counts`` (events per day, name and subject) and
``analytics_daily_people`` (who was active, or reached a stage of the upgrade funnel, on each
day; migration ``0016``), ``analytics_weekly_counts`` (template events per week) and
``analytics_last_seen`` (the last day each person reached each stage of the funnel; migration
``0018``), so a long period reads whole weeks and the funnel reads one row per person.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime, timedelta
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Mapped, mapped_column

from designcore.adapters.sqlalchemy.mapping import utc
from designcore.adapters.sqlalchemy.tables import Base, Json, SurrogateKey
from designcore.domain.analytics import (
    ANONYMOUS_ID,
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


class AnalyticsWeeklyCountRow(Base):
    """``analytics_weekly_counts``: template views and customisations of one template in one
    ISO week (``week`` is its Monday; migration ``0018``)."""

    __tablename__ = "analytics_weekly_counts"

    name: Mapped[str] = mapped_column(sa.String(40), primary_key=True)
    week: Mapped[date] = mapped_column(sa.Date, primary_key=True)
    subject: Mapped[str] = mapped_column(sa.String(SUBJECT_LENGTH), primary_key=True)
    events: Mapped[int] = mapped_column(sa.BigInteger)

    __table_args__ = {"sqlite_with_rowid": False}


class AnalyticsLastSeenRow(Base):
    """``analytics_last_seen``: the last day a person reached a stage of the upgrade funnel
    (migration ``0018``)."""

    __tablename__ = "analytics_last_seen"

    stage: Mapped[str] = mapped_column(sa.String(80), primary_key=True)
    distinct_id: Mapped[str] = mapped_column(sa.String(200), primary_key=True)
    last_day: Mapped[date] = mapped_column(sa.Date)

    __table_args__ = (
        sa.Index("ix_analytics_last_seen_stage_last_day", "stage", "last_day"),
        {"sqlite_with_rowid": False},
    )


sa.Index(
    "ix_analytics_daily_counts_name_subject_day",
    AnalyticsDailyCountRow.name,
    AnalyticsDailyCountRow.subject,
    AnalyticsDailyCountRow.day,
)

EVENTS: sa.Table = AnalyticsEventRow.__table__  # type: ignore[assignment]
WEEKLY: sa.Table = AnalyticsWeeklyCountRow.__table__  # type: ignore[assignment]
LAST_SEEN: sa.Table = AnalyticsLastSeenRow.__table__  # type: ignore[assignment]
COUNTS: sa.Table = AnalyticsDailyCountRow.__table__  # type: ignore[assignment]
PEOPLE: sa.Table = AnalyticsDailyPersonRow.__table__  # type: ignore[assignment]
_E = EVENTS.c
_C = COUNTS.c
_P = PEOPLE.c
_W = WEEKLY.c
_L = LAST_SEEN.c
WEEKLY_NAMES = ("template_viewed", "template_customised")
"""The events counted per week too: the dashboard sums them per template over the period."""
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
        # An anonymous aggregate count (no consent yet) only adds to the counters: no row of
        # its own, no person.
        kept = [row for row, event in zip(rows, events, strict=True) if not event.anonymous]
        counts: dict[tuple[date, str, str], dict[str, Any]] = {}
        weekly: dict[tuple[str, date, str], int] = {}
        people: set[tuple[str, date, str]] = set()
        last_seen: dict[tuple[str, str], date] = {}
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
            if row["name"] in WEEKLY_NAMES:
                week = (row["name"], week_of(row["day"]), row["subject"] or "")
                weekly[week] = weekly.get(week, 0) + 1
            if row["result_count"] is not None:
                field = "last_zero_at" if row["result_count"] == 0 else "last_found_at"
                if count[field] is None or count[field] < row["occurred_at"]:
                    count[field] = row["occurred_at"]
            if row["distinct_id"] == ANONYMOUS_ID:
                continue
            people.add((ACTIVE, row["day"], row["distinct_id"]))
            stage = f"{row['name']}:{row['subject'] or ''}"
            if stage in FUNNEL_STAGES:
                people.add((stage, row["day"], row["distinct_id"]))
                seen = (stage, row["distinct_id"])
                last_seen[seen] = max(last_seen.get(seen, row["day"]), row["day"])
        insert = _dialect_insert(self._engine)
        with self._engine.begin() as connection:
            if kept:
                connection.execute(sa.insert(EVENTS), kept)
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
            if weekly:
                weeks = insert(WEEKLY)
                connection.execute(
                    weeks.on_conflict_do_update(
                        index_elements=[_W.name, _W.week, _W.subject],
                        set_={"events": _W.events + weeks.excluded.events},
                    ),
                    [
                        {"name": n, "week": w, "subject": s, "events": e}
                        for (n, w, s), e in sorted(weekly.items())
                    ],
                )
            if last_seen:
                seen = insert(LAST_SEEN)
                connection.execute(
                    seen.on_conflict_do_update(
                        index_elements=[_L.stage, _L.distinct_id],
                        set_={
                            "last_day": sa.case(
                                (seen.excluded.last_day > _L.last_day, seen.excluded.last_day),
                                else_=_L.last_day,
                            )
                        },
                    ),
                    [
                        {"stage": st, "distinct_id": who, "last_day": d}
                        for (st, who), d in sorted(last_seen.items())
                    ],
                )
            added = (
                connection.execute(
                    insert(PEOPLE).on_conflict_do_nothing().returning(_P.stage, _P.day),
                    [{"stage": st, "day": d, "distinct_id": who} for st, d, who in sorted(people)],
                ).all()
                if people
                else []
            )
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
        """``count(*)`` (anonymous aggregate counts are no rows)."""
        with self._engine.connect() as connection:
            return int(connection.scalar(sa.select(sa.func.count()).select_from(EVENTS)) or 0)

    def totals(self, start: date, end: date, terms: Sequence[str] = ()) -> EventTotals:
        """Grouped reads of the roll-ups in one read transaction: their size depends on the
        days (whole weeks read as one), templates and people of the funnel, not on the number
        of events."""
        in_period = _C.day.between(start, end)
        with self._engine.connect() as connection:
            active = connection.execute(
                sa.select(_C.day, _C.events).where(_C.name == ACTIVE_COUNT, in_period)
            ).all()
            funnel = _funnel(connection, start, end)
            counted = _template_counts(connection, start, end)
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
        stages = {FUNNEL_STAGES[stage]: n for stage, n in funnel.items()}
        return EventTotals(
            daily_active_users=every_day(start, end, {_day(d): int(n) for d, n in active}),
            template_views=counted.get("template_viewed", {}),
            template_customisations=counted.get("template_customised", {}),
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


def week_of(day: date) -> date:
    """The Monday of the ISO week of ``day``."""
    return day - timedelta(days=day.weekday())


def split_weeks(start: date, end: date) -> tuple[tuple[date, date] | None, list[tuple[date, date]]]:
    """The whole ISO weeks within ``start``..``end`` (first and last Monday, or None) and the
    spans of days left at either end."""
    first = week_of(start) if start.weekday() == 0 else week_of(start) + timedelta(days=7)
    last = week_of(end) if end.weekday() == 6 else week_of(end) - timedelta(days=7)
    if first > last:
        return None, [(start, end)]
    days = [(start, first - timedelta(days=1)), (last + timedelta(days=7), end)]
    return (first, last), [(a, b) for a, b in days if a <= b]


def _template_counts(
    connection: sa.Connection, start: date, end: date
) -> dict[str, dict[str, int]]:
    """Template views and customisations per template: whole weeks from the weekly roll-up,
    the days at the ends from the daily one."""
    weeks, spans = split_weeks(start, end)
    totals: dict[str, dict[str, int]] = {}
    rows: list[Any] = []
    if weeks is not None:
        rows += connection.execute(
            sa.select(_W.name, _W.subject, sa.func.sum(_W.events))
            .where(_W.name.in_(WEEKLY_NAMES), _W.week.between(*weeks))
            .group_by(_W.name, _W.subject)
        ).all()
    if spans:
        rows += connection.execute(
            sa.select(_C.name, _C.subject, sa.func.sum(_C.events))
            .where(_C.name.in_(WEEKLY_NAMES), sa.or_(*(_C.day.between(a, b) for a, b in spans)))
            .group_by(_C.name, _C.subject)
        ).all()
    for name, subject, events in rows:
        per_subject = totals.setdefault(name, {})
        per_subject[subject] = per_subject.get(subject, 0) + int(events)
    return totals


def _funnel(connection: sa.Connection, start: date, end: date) -> dict[str, int]:
    """Distinct people at each stage of the upgrade funnel in the period: from the last day
    each was seen when nobody was seen after ``end`` (the dashboard's periods end today),
    else from the daily roll-up."""
    stages = list(FUNNEL_STAGES)
    seen = connection.execute(
        sa.select(
            _L.stage,
            sa.func.count().filter(_L.last_day >= start),
            sa.func.max(_L.last_day),
        )
        .where(_L.stage.in_(stages))
        .group_by(_L.stage)
    ).all()
    if all(latest is None or _day(latest) <= end for _, _, latest in seen):
        return {stage: int(n) for stage, n, _ in seen if n}
    daily = connection.execute(
        sa.select(_P.stage, sa.func.count(sa.distinct(_P.distinct_id)))
        .where(_P.stage.in_(stages), _P.day.between(start, end))
        .group_by(_P.stage)
    ).all()
    return {stage: int(n) for stage, n in daily}


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
