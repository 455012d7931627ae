"""Access-token signing keys, shared by every server process.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-22
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

Json = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")


def upgrade() -> None:
    op.create_table(
        "signing_keys",
        sa.Column("kid", sa.String(64), nullable=False),
        sa.Column("algorithm", sa.String(16), nullable=False),
        sa.Column("private_pem", sa.Text, nullable=False),
        sa.Column("public_jwk", Json, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("activates_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("retires_at", sa.DateTime(timezone=True)),
        sa.PrimaryKeyConstraint("kid", name="pk_signing_keys"),
    )


def downgrade() -> None:
    op.drop_table("signing_keys")
