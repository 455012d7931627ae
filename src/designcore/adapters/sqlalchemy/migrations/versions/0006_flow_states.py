"""Provider sign-ins in progress (OAuth flow states), shared by every server process.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-22
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

_MOMENT = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "flow_states",
        sa.Column("id", sa.String(36), nullable=False),
        sa.Column("provider", sa.Text, nullable=False),
        sa.Column("state_hash", sa.String(64), nullable=False),
        sa.Column("provider_verifier", sa.Text, nullable=False),
        sa.Column("redirect_to", sa.Text, nullable=False),
        sa.Column("code_challenge", sa.Text),
        sa.Column("code_challenge_method", sa.String(8)),
        sa.Column("linking_user_id", sa.String(36)),
        sa.Column("created_at", _MOMENT, nullable=False),
        sa.Column("auth_code_hash", sa.String(64)),
        sa.Column("user_id", sa.String(36)),
        sa.Column("authentication_method", sa.String(16), nullable=False),
        sa.Column("provider_access_token", sa.Text),
        sa.Column("provider_refresh_token", sa.Text),
        sa.PrimaryKeyConstraint("id", name="pk_flow_states"),
    )
    op.create_index("ix_flow_states_state_hash", "flow_states", ["state_hash"])
    op.create_index("ix_flow_states_auth_code_hash", "flow_states", ["auth_code_hash"], unique=True)
    op.create_index("ix_flow_states_created_at", "flow_states", ["created_at"])


def downgrade() -> None:
    op.drop_table("flow_states")
