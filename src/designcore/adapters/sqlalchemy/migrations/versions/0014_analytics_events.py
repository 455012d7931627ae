"""Analytics: the local sink's events, and search prompts by time for the dashboard.

- ``analytics_events``: every event the local analytics sink stored
  (``designcore.adapters.sqlalchemy.analytics``), with the UTC day, the subject and the result
  count drawn from its properties for the dashboard's covering indexes.
- ``ix_search_prompts_created_at_search_term``: the top search terms of a period without
  reading the rows.

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None

Json = sa.JSON().with_variant(sa.dialects.postgresql.JSONB(), "postgresql")
SurrogateKey = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "analytics_events",
        sa.Column("id", SurrogateKey, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("distinct_id", sa.String(200), nullable=False),
        sa.Column("user_id", sa.String(200)),
        sa.Column("occurred_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("day", sa.Date, nullable=False),
        sa.Column("subject", sa.String(200)),
        sa.Column("result_count", sa.Integer),
        sa.Column("properties", Json, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_analytics_events"),
    )
    op.create_index(
        "ix_analytics_events_day_distinct_id", "analytics_events", ["day", "distinct_id"]
    )
    op.create_index(
        "ix_analytics_events_name_day_subject",
        "analytics_events",
        ["name", "day", "subject", "distinct_id"],
    )
    op.create_index(
        "ix_search_prompts_created_at_search_term",
        "search_prompts",
        ["created_at", "search_term"],
    )


def downgrade() -> None:
    op.drop_index("ix_search_prompts_created_at_search_term", table_name="search_prompts")
    op.drop_table("analytics_events")
