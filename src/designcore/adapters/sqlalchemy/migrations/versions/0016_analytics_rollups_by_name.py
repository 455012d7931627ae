"""Analytics roll-ups keyed for the dashboard's reads.

``analytics_daily_counts`` is keyed by name first (a count of one event reads only its rows)
and counts the distinct people active each day under the name ``$active``, so daily active
users read one row a day instead of every person of every day. On SQLite both roll-ups are
WITHOUT ROWID tables, clustered on their keys. Both are made again from the events.

Revision ID: 0016
Revises: 0015
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None

Moment = sa.DateTime(timezone=True)


def _create(key_first: str) -> None:
    keys = ("name", "day", "subject") if key_first == "name" else ("day", "name", "subject")
    op.create_table(
        "analytics_daily_counts",
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("day", sa.Date, nullable=False),
        sa.Column("subject", sa.String(200), nullable=False),
        sa.Column("events", sa.BigInteger, nullable=False),
        sa.Column("last_zero_at", Moment),
        sa.Column("last_found_at", Moment),
        sa.PrimaryKeyConstraint(*keys, name="pk_analytics_daily_counts"),
        sqlite_with_rowid=key_first != "name",
    )
    op.create_table(
        "analytics_daily_people",
        sa.Column("stage", sa.String(80), nullable=False),
        sa.Column("day", sa.Date, nullable=False),
        sa.Column("distinct_id", sa.String(200), nullable=False),
        sa.PrimaryKeyConstraint("stage", "day", "distinct_id", name="pk_analytics_daily_people"),
        sqlite_with_rowid=key_first != "name",
    )
    op.execute(
        "INSERT INTO analytics_daily_counts "
        "(name, day, subject, events, last_zero_at, last_found_at) "
        "SELECT name, day, COALESCE(subject, ''), COUNT(*), "
        "MAX(CASE WHEN result_count = 0 THEN occurred_at END), "
        "MAX(CASE WHEN result_count > 0 THEN occurred_at END) "
        "FROM analytics_events GROUP BY name, day, COALESCE(subject, '')"
    )
    op.execute(
        "INSERT INTO analytics_daily_people (stage, day, distinct_id) "
        "SELECT DISTINCT '', day, distinct_id FROM analytics_events"
    )
    op.execute(
        "INSERT INTO analytics_daily_people (stage, day, distinct_id) "
        "SELECT DISTINCT name || ':' || COALESCE(subject, ''), day, distinct_id "
        "FROM analytics_events WHERE (name = 'upgrade_started' "
        "AND subject IN ('dialog_opened', 'payment_started')) OR name = 'payment_succeeded'"
    )
    if key_first == "name":
        op.execute(
            "INSERT INTO analytics_daily_counts (name, day, subject, events) "
            "SELECT '$active', day, '', COUNT(*) FROM analytics_daily_people "
            "WHERE stage = '' GROUP BY day"
        )


def upgrade() -> None:
    op.drop_table("analytics_daily_people")
    op.drop_table("analytics_daily_counts")
    _create("name")


def downgrade() -> None:
    op.drop_table("analytics_daily_people")
    op.drop_table("analytics_daily_counts")
    _create("day")
