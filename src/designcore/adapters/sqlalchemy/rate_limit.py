"""The ``RateLimiter`` port over the database (``quota_counters``, migration 0023): counts that
every process on one database shares, for quotas that are rules rather than abuse limits
(design prompting's daily allowances) when rate limits are otherwise counted per process.

Concurrency: a hit is one ``INSERT … ON CONFLICT (key) DO UPDATE … WHERE <room left>
RETURNING count``: the row lock (PostgreSQL) or the write lock (SQLite) serialises racing hits,
so a window never counts more than its limit. Windows are epoch-aligned as in the in-memory
limiter; finished windows are swept now and then.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Mapped, mapped_column

from designcore.adapters.sqlalchemy.failures import database_unavailable
from designcore.adapters.sqlalchemy.tables import Base
from designcore.ports.clock import Clock
from designcore.ports.rate_limit import RateDecision

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_MICROSECOND = timedelta(microseconds=1)
_SWEEP_EVERY = 256


class QuotaCounterRow(Base):
    """``quota_counters``."""

    __tablename__ = "quota_counters"
    __table_args__ = (sa.Index("ix_quota_counters_window_end", "window_end"),)

    key: Mapped[str] = mapped_column(sa.String(300), primary_key=True)
    window_tag: Mapped[str] = mapped_column(sa.String(40))
    count: Mapped[int] = mapped_column(sa.Integer)
    window_end: Mapped[int] = mapped_column(sa.BigInteger)


class SqlAlchemyRateLimiter:
    """Counts attempts per key in fixed, epoch-aligned windows, in the database."""

    def __init__(self, engine: sa.Engine, clock: Clock) -> None:
        self._engine = engine
        self._clock = clock
        self._hits = 0
        table = QuotaCounterRow.__table__
        assert isinstance(table, sa.Table)
        self._table = table

    def hit(self, key: str, *, limit: int, window_seconds: int) -> RateDecision:
        """See ``RateLimiter.hit``. Raises ``Unavailable`` when the database cannot answer."""
        if limit < 0:
            raise ValueError(f"limit must not be negative, got {limit}")
        if window_seconds < 1:
            raise ValueError(f"window_seconds must be at least 1, got {window_seconds}")
        micros = (self._clock.now() - _EPOCH) // _MICROSECOND
        length = window_seconds * 1_000_000
        number = micros // length
        end = (number + 1) * length
        seconds_left = -(-(end - micros) // 1_000_000)
        if limit == 0:
            return RateDecision(allowed=False, retry_after=seconds_left)
        tag = f"{window_seconds}:{number}"
        table = self._table
        try:
            with self._engine.begin() as connection:
                insert = (
                    postgresql.insert(table)
                    if connection.dialect.name == "postgresql"
                    else sqlite.insert(table)
                )
                values = insert.values(key=key, window_tag=tag, count=1, window_end=end)
                statement = values.on_conflict_do_update(
                    index_elements=[table.c.key],
                    set_={
                        "window_tag": tag,
                        "window_end": end,
                        "count": sa.case((table.c.window_tag == tag, table.c.count + 1), else_=1),
                    },
                    where=sa.or_(table.c.window_tag != tag, table.c.count < limit),
                ).returning(table.c.count)
                counted = connection.execute(statement).first()
                self._hits += 1
                if self._hits % _SWEEP_EVERY == 0:
                    connection.execute(sa.delete(table).where(table.c.window_end < micros))
        except SQLAlchemyError as error:
            raise database_unavailable("quota counters", error) from error
        if counted is None:
            return RateDecision(allowed=False, retry_after=seconds_left)
        return RateDecision(allowed=True, retry_after=0)

    def reset(self, key: str) -> None:
        """See ``RateLimiter.reset``."""
        try:
            with self._engine.begin() as connection:
                connection.execute(sa.delete(self._table).where(self._table.c.key == key))
        except SQLAlchemyError as error:
            raise database_unavailable("quota counters", error) from error
