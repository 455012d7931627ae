"""Profiles keep the user's calendar time zone (an IANA name; existing users get Africa/Lagos,
the default).

Revision ID: 0019
Revises: 0018
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0019"
down_revision = "0018"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "profiles",
        sa.Column("time_zone", sa.Text, nullable=False, server_default="Africa/Lagos"),
    )


def downgrade() -> None:
    with op.batch_alter_table("profiles") as batch:
        batch.drop_column("time_zone")
