"""Counters of fixed-window quotas shared by every app process on one database (design
prompting's daily allowances on the embedded default, where rate limits are per process).

Revision ID: 0023
Revises: 0022
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0023"
down_revision = "0022"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "quota_counters",
        sa.Column("key", sa.String(300), nullable=False),
        sa.Column("window_tag", sa.String(40), nullable=False),
        sa.Column("count", sa.Integer, nullable=False),
        sa.Column("window_end", sa.BigInteger, nullable=False),
        sa.PrimaryKeyConstraint("key", name="pk_quota_counters"),
    )
    op.create_index("ix_quota_counters_window_end", "quota_counters", ["window_end"])


def downgrade() -> None:
    op.drop_index("ix_quota_counters_window_end", table_name="quota_counters")
    op.drop_table("quota_counters")
