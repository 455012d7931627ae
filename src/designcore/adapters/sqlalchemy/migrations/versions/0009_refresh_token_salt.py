"""Refresh tokens that follow from their parent: the salt of the derivation.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("refresh_tokens") as table:
        table.add_column(sa.Column("salt", sa.Text))


def downgrade() -> None:
    with op.batch_alter_table("refresh_tokens") as table:
        table.drop_column("salt")
