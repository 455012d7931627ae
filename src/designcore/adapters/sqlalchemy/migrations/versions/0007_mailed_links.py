"""Mailed links for PKCE clients, and e-mail changes confirmed by mail.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-22
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("one_time_tokens") as table:
        table.add_column(sa.Column("code_challenge", sa.Text))
        table.add_column(sa.Column("code_challenge_method", sa.String(8)))
    with op.batch_alter_table("users") as table:
        table.add_column(sa.Column("new_email", sa.Text))
        table.add_column(sa.Column("email_change_sent_at", sa.DateTime(timezone=True)))


def downgrade() -> None:
    with op.batch_alter_table("users") as table:
        table.drop_column("email_change_sent_at")
        table.drop_column("new_email")
    with op.batch_alter_table("one_time_tokens") as table:
        table.drop_column("code_challenge_method")
        table.drop_column("code_challenge")
