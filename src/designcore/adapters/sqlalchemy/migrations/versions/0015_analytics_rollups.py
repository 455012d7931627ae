"""Analytics: daily roll-ups the dashboard reads, so its queries do not grow with the events.

- ``analytics_daily_counts``: events per UTC day, name and subject (template id, upgrade
  step, search term), with the latest moments a search of the term found nothing and found
  something.
- ``analytics_daily_people``: who was active on a day (stage ``''``) and who reached a stage
  of the upgrade funnel (``upgrade_started:dialog_opened``, ``upgrade_started:payment_started``,
  ``payment_succeeded:``).

Both are filled from the events already stored. The two indexes of ``analytics_events`` that
served the dashboard's direct counts go.

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None

Moment = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "analytics_daily_counts",
        sa.Column("day", sa.Date, nullable=False),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("subject", sa.String(200), nullable=False),
        sa.Column("events", sa.BigInteger, nullable=False),
        sa.Column("last_zero_at", Moment),
        sa.Column("last_found_at", Moment),
        sa.PrimaryKeyConstraint("day", "name", "subject", name="pk_analytics_daily_counts"),
    )
    op.create_table(
        "analytics_daily_people",
        sa.Column("stage", sa.String(80), nullable=False),
        sa.Column("day", sa.Date, nullable=False),
        sa.Column("distinct_id", sa.String(200), nullable=False),
        sa.PrimaryKeyConstraint("stage", "day", "distinct_id", name="pk_analytics_daily_people"),
    )
    op.execute(
        "INSERT INTO analytics_daily_counts "
        "(day, name, subject, events, last_zero_at, last_found_at) "
        "SELECT day, name, COALESCE(subject, ''), COUNT(*), "
        "MAX(CASE WHEN result_count = 0 THEN occurred_at END), "
        "MAX(CASE WHEN result_count > 0 THEN occurred_at END) "
        "FROM analytics_events GROUP BY day, name, COALESCE(subject, '')"
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
    op.drop_index("ix_analytics_events_day_distinct_id", table_name="analytics_events")
    op.drop_index("ix_analytics_events_name_day_subject", table_name="analytics_events")


def downgrade() -> None:
    op.create_index(
        "ix_analytics_events_name_day_subject",
        "analytics_events",
        ["name", "day", "subject", "distinct_id"],
    )
    op.create_index(
        "ix_analytics_events_day_distinct_id", "analytics_events", ["day", "distinct_id"]
    )
    op.drop_table("analytics_daily_people")
    op.drop_table("analytics_daily_counts")
