"""MFA factors keep the time step of the last code they accepted, so a code cannot be used
twice (existing factors start with none).

Revision ID: 0020
Revises: 0019
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0020"
down_revision = "0019"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("mfa_factors", sa.Column("last_totp_step", sa.BigInteger, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("mfa_factors") as batch:
        batch.drop_column("last_totp_step")
