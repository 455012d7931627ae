"""The payment sandbox's transactions, and payments failed by a 404 given another look.

``sandbox_transactions`` keeps the embedded Paystack emulator's transactions in the database,
so the server's workers, a restart and ``designcore payments reconcile`` see the same sandbox
(they were in the server's memory, and the command line or a restart found none of them).

Until now the reconciler failed a pending payment for good (``failed`` /
``payment_not_found``) on any 404 from the provider, a proxy's page or a wrong base URL
included, or when the sandbox had forgotten its transactions; one of those payments had been
paid. Such rows go back to ``pending`` so the reconciler asks the provider again under the new
rule (only the provider's own "Transaction reference not found" fails a payment; a payment the
customer paid activates). A payment the reconciler fails for that reason from now on carries a
``verified_at``, which these rows lack, so this touches only rows failed the old way.

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None

Moment = sa.DateTime(timezone=True)
Json = sa.JSON().with_variant(sa.dialects.postgresql.JSONB(), "postgresql")


def upgrade() -> None:
    op.create_table(
        "sandbox_transactions",
        sa.Column("id", sa.BigInteger, nullable=False, autoincrement=False),
        sa.Column("reference", sa.String(100), nullable=False),
        sa.Column("access_code", sa.String(64), nullable=False),
        sa.Column("amount", sa.BigInteger, nullable=False),
        sa.Column("currency", sa.String(3), nullable=False),
        sa.Column("email", sa.Text, nullable=False),
        sa.Column("metadata", Json),
        sa.Column("channels", Json, nullable=False),
        sa.Column("callback_url", sa.Text),
        sa.Column("label", sa.Text),
        sa.Column("created_at", Moment, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("gateway_response", sa.Text, nullable=False),
        sa.Column("channel", sa.String(32)),
        sa.Column("card", Json),
        sa.Column("paid_at", Moment),
        sa.Column("ip_address", sa.Text),
        sa.Column("log", Json),
        sa.Column("otp_attempts_left", sa.Integer, nullable=False),
        sa.Column("transfer_account", sa.Text),
        sa.Column("version", sa.Integer, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_sandbox_transactions"),
        sa.UniqueConstraint("reference", name="uq_sandbox_transactions_reference"),
        sa.UniqueConstraint("access_code", name="uq_sandbox_transactions_access_code"),
    )
    payments = sa.table(
        "payments",
        sa.column("status", sa.String),
        sa.column("failure", sa.Text),
        sa.column("verified_at", Moment),
    )
    op.execute(
        payments.update()
        .where(
            payments.c.status == "failed",
            payments.c.failure == "payment_not_found",
            payments.c.verified_at.is_(None),
        )
        .values(status="pending", failure=None)
    )


def downgrade() -> None:
    op.drop_table("sandbox_transactions")
