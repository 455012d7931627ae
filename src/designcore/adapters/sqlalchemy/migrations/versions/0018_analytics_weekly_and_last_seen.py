"""Analytics roll-ups for long periods, so the dashboard reads even less as days go by.

- ``analytics_weekly_counts``: template views and customisations per ISO week (starting on
  Monday), name and template. A period reads the whole weeks it covers here and only the days
  at its two ends from ``analytics_daily_counts``.
- ``analytics_last_seen``: the last day each person reached each stage of the upgrade funnel.
  The funnel of a period that ends on or after every stored day (the dashboard's: up to
  today) counts the people last seen at or after its start.
- ``ix_analytics_daily_counts_name_subject_day``: the top search terms read their own rows
  instead of every search of the period.

All are filled from the roll-ups already stored.

Revision ID: 0018
Revises: 0017
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None

FUNNEL_STAGES = (
    "'upgrade_started:dialog_opened', 'upgrade_started:payment_started', 'payment_succeeded:'"
)


def upgrade() -> None:
    op.create_table(
        "analytics_weekly_counts",
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("week", sa.Date, nullable=False),
        sa.Column("subject", sa.String(200), nullable=False),
        sa.Column("events", sa.BigInteger, nullable=False),
        sa.PrimaryKeyConstraint("name", "week", "subject", name="pk_analytics_weekly_counts"),
        sqlite_with_rowid=False,
    )
    op.create_table(
        "analytics_last_seen",
        sa.Column("stage", sa.String(80), nullable=False),
        sa.Column("distinct_id", sa.String(200), nullable=False),
        sa.Column("last_day", sa.Date, nullable=False),
        sa.PrimaryKeyConstraint("stage", "distinct_id", name="pk_analytics_last_seen"),
        sqlite_with_rowid=False,
    )
    op.create_index(
        "ix_analytics_last_seen_stage_last_day", "analytics_last_seen", ["stage", "last_day"]
    )
    op.create_index(
        "ix_analytics_daily_counts_name_subject_day",
        "analytics_daily_counts",
        ["name", "subject", "day"],
    )
    if op.get_bind().dialect.name == "postgresql":
        week = "CAST(date_trunc('week', day) AS date)"
    else:
        # The Sunday on or after the day, less six days: the Monday of its ISO week.
        week = "date(day, 'weekday 0', '-6 days')"
    op.execute(
        "INSERT INTO analytics_weekly_counts (name, week, subject, events) "
        f"SELECT name, {week}, subject, SUM(events) FROM analytics_daily_counts "
        "WHERE name IN ('template_viewed', 'template_customised') "
        f"GROUP BY name, {week}, subject"
    )
    op.execute(
        "INSERT INTO analytics_last_seen (stage, distinct_id, last_day) "
        "SELECT stage, distinct_id, MAX(day) FROM analytics_daily_people "
        f"WHERE stage IN ({FUNNEL_STAGES}) GROUP BY stage, distinct_id"
    )


def downgrade() -> None:
    op.drop_index("ix_analytics_daily_counts_name_subject_day", table_name="analytics_daily_counts")
    op.drop_index("ix_analytics_last_seen_stage_last_day", table_name="analytics_last_seen")
    op.drop_table("analytics_last_seen")
    op.drop_table("analytics_weekly_counts")
