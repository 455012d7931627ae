"""The payment books: payment attempts and subscriptions.

``payments.user_id`` has no foreign key on purpose: a payment is a financial record and must
outlive the account it was made for (like the credits ledger's lines), so deleting a user
neither cascades to its payments nor is blocked by them; the row keeps the user id and the
e-mail given to the provider. A subscription is the user's current state and goes with the
user (``ON DELETE CASCADE``); the payments that paid for it stay.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

Uuid = sa.String(36)
Moment = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "payments",
        sa.Column("reference", sa.Text, nullable=False),
        sa.Column("user_id", Uuid, nullable=False),
        sa.Column("email", sa.Text, nullable=False),
        sa.Column("plan_id", sa.String(32), nullable=False),
        sa.Column("amount_minor", sa.BigInteger, nullable=False),
        sa.Column("currency", sa.CHAR(3), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("access_code", sa.Text),
        sa.Column("provider_status", sa.Text),
        sa.Column("failure", sa.Text),
        sa.Column("created_at", Moment, nullable=False),
        sa.Column("updated_at", Moment, nullable=False),
        sa.Column("paid_at", Moment),
        sa.Column("verified_at", Moment),
        sa.PrimaryKeyConstraint("reference", name="pk_payments"),
        sa.CheckConstraint("amount_minor >= 0", name="ck_payments_amount_minor_not_negative"),
    )
    op.create_index("ix_payments_status_created_at", "payments", ["status", "created_at"])
    op.create_index(
        "ix_payments_user_id_newest",
        "payments",
        ["user_id", sa.text("created_at DESC"), "reference"],
    )
    op.create_table(
        "subscriptions",
        sa.Column("user_id", Uuid, nullable=False),
        sa.Column("plan_id", sa.String(32), nullable=False),
        sa.Column("current_period_start", Moment, nullable=False),
        sa.Column("current_period_end", Moment, nullable=False),
        sa.Column("last_reference", sa.Text, nullable=False),
        sa.Column("created_at", Moment, nullable=False),
        sa.Column("updated_at", Moment, nullable=False),
        sa.Column("expired_at", Moment),
        sa.PrimaryKeyConstraint("user_id", "plan_id", name="pk_subscriptions"),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name="fk_subscriptions_user_id_users", ondelete="CASCADE"
        ),
    )
    # Both SQLite and PostgreSQL have partial indexes: only unexpired rows are indexed.
    op.create_index(
        "ix_subscriptions_unexpired_period_end",
        "subscriptions",
        ["current_period_end"],
        sqlite_where=sa.text("expired_at IS NULL"),
        postgresql_where=sa.text("expired_at IS NULL"),
    )


def downgrade() -> None:
    op.drop_index("ix_subscriptions_unexpired_period_end", table_name="subscriptions")
    op.drop_table("subscriptions")
    op.drop_index("ix_payments_user_id_newest", table_name="payments")
    op.drop_index("ix_payments_status_created_at", table_name="payments")
    op.drop_table("payments")
