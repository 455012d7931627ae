"""Accounts: users, identities, sessions, refresh tokens, MFA, one-time tokens, profiles,
referrals and the credits ledger.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

Json = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")
Uuid = sa.String(36)
Moment = sa.DateTime(timezone=True)


def _user_fk(table: str, column: str = "user_id") -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(
        [column], ["users.id"], name=f"fk_{table}_{column}_users", ondelete="CASCADE"
    )


def upgrade() -> None:
    op.create_table(
        "users",
        sa.Column("id", Uuid, nullable=False),
        sa.Column("email", sa.Text, nullable=False),
        sa.Column("password_hash", sa.Text),
        sa.Column("email_confirmed_at", Moment),
        sa.Column("phone", sa.Text, nullable=False),
        sa.Column("role", sa.Text, nullable=False),
        sa.Column("aud", sa.Text, nullable=False),
        sa.Column("app_metadata", Json, nullable=False),
        sa.Column("user_metadata", Json, nullable=False),
        sa.Column("created_at", Moment, nullable=False),
        sa.Column("updated_at", Moment, nullable=False),
        sa.Column("last_sign_in_at", Moment),
        sa.Column("banned_until", Moment),
        sa.PrimaryKeyConstraint("id", name="pk_users"),
        sa.UniqueConstraint("email", name="uq_users_email"),
    )
    op.create_table(
        "identities",
        sa.Column("id", Uuid, nullable=False),
        sa.Column("user_id", Uuid, nullable=False),
        sa.Column("provider", sa.Text, nullable=False),
        sa.Column("provider_id", sa.Text, nullable=False),
        sa.Column("identity_data", Json, nullable=False),
        sa.Column("email", sa.Text),
        sa.Column("created_at", Moment, nullable=False),
        sa.Column("updated_at", Moment, nullable=False),
        sa.Column("last_sign_in_at", Moment),
        sa.PrimaryKeyConstraint("id", name="pk_identities"),
        _user_fk("identities"),
        sa.UniqueConstraint("provider", "provider_id", name="uq_identities_provider_provider_id"),
    )
    op.create_index("ix_identities_user_id", "identities", ["user_id"])
    op.create_table(
        "auth_sessions",
        sa.Column("id", Uuid, nullable=False),
        sa.Column("user_id", Uuid, nullable=False),
        sa.Column("created_at", Moment, nullable=False),
        sa.Column("updated_at", Moment, nullable=False),
        sa.Column("aal", sa.String(8), nullable=False),
        sa.Column("amr", Json, nullable=False),
        sa.Column("factor_id", Uuid),
        sa.PrimaryKeyConstraint("id", name="pk_auth_sessions"),
        _user_fk("auth_sessions"),
    )
    op.create_index("ix_auth_sessions_user_id", "auth_sessions", ["user_id"])
    op.create_table(
        "refresh_tokens",
        sa.Column("token_hash", sa.Text, nullable=False),
        sa.Column("session_id", Uuid, nullable=False),
        sa.Column("user_id", Uuid, nullable=False),
        sa.Column("parent_hash", sa.Text),
        sa.Column("revoked", sa.Boolean, nullable=False),
        sa.Column("created_at", Moment, nullable=False),
        sa.PrimaryKeyConstraint("token_hash", name="pk_refresh_tokens"),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["auth_sessions.id"],
            name="fk_refresh_tokens_session_id_auth_sessions",
            ondelete="CASCADE",
        ),
    )
    op.create_index(
        "ix_refresh_tokens_session_id_created_at", "refresh_tokens", ["session_id", "created_at"]
    )
    op.create_table(
        "mfa_factors",
        sa.Column("id", Uuid, nullable=False),
        sa.Column("user_id", Uuid, nullable=False),
        sa.Column("friendly_name", sa.Text),
        sa.Column("factor_type", sa.String(16), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("secret", sa.Text, nullable=False),
        sa.Column("created_at", Moment, nullable=False),
        sa.Column("updated_at", Moment, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_mfa_factors"),
        _user_fk("mfa_factors"),
    )
    op.create_index("ix_mfa_factors_user_id", "mfa_factors", ["user_id"])
    op.create_table(
        "mfa_challenges",
        sa.Column("id", Uuid, nullable=False),
        sa.Column("factor_id", Uuid, nullable=False),
        sa.Column("created_at", Moment, nullable=False),
        sa.Column("verified_at", Moment),
        sa.Column("ip_address", sa.Text, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_mfa_challenges"),
        sa.ForeignKeyConstraint(
            ["factor_id"],
            ["mfa_factors.id"],
            name="fk_mfa_challenges_factor_id_mfa_factors",
            ondelete="CASCADE",
        ),
    )
    op.create_index("ix_mfa_challenges_factor_id", "mfa_challenges", ["factor_id"])
    op.create_table(
        "one_time_tokens",
        sa.Column("token_hash", sa.Text, nullable=False),
        sa.Column("user_id", Uuid, nullable=False),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("relates_to", sa.Text, nullable=False),
        sa.Column("created_at", Moment, nullable=False),
        sa.PrimaryKeyConstraint("token_hash", name="pk_one_time_tokens"),
        _user_fk("one_time_tokens"),
        sa.UniqueConstraint("user_id", "kind", name="uq_one_time_tokens_user_id_kind"),
    )
    op.create_table(
        "profiles",
        sa.Column("id", Uuid, nullable=False),
        sa.Column("email", sa.Text, nullable=False),
        sa.Column("first_name", sa.Text, nullable=False),
        sa.Column("last_name", sa.Text, nullable=False),
        sa.Column("subscription_status", sa.Text),
        sa.Column("subscription_plan", sa.Text),
        sa.Column("user_role", sa.Text),
        sa.Column("username", sa.Text),
        sa.Column("avatar", sa.Text),
        sa.Column("referral_code", sa.Text, nullable=False),
        sa.Column("created_at", Moment, nullable=False),
        sa.Column("updated_at", Moment, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_profiles"),
        _user_fk("profiles", "id"),
        sa.UniqueConstraint("username", name="uq_profiles_username"),
        sa.UniqueConstraint("referral_code", name="uq_profiles_referral_code"),
    )
    op.create_index("ix_profiles_email", "profiles", ["email"])
    op.create_table(
        "referrals",
        sa.Column("id", Uuid, nullable=False),
        sa.Column("referrer_id", Uuid, nullable=False),
        sa.Column("referred_id", Uuid, nullable=False),
        sa.Column("code", sa.Text, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("credits_awarded", sa.Integer, nullable=False),
        sa.Column("created_at", Moment, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_referrals"),
        sa.UniqueConstraint("referred_id", name="uq_referrals_referred_id"),
    )
    op.create_index(
        "ix_referrals_referrer_id_newest",
        "referrals",
        ["referrer_id", sa.text("created_at DESC"), "id"],
    )
    op.create_table(
        "credit_entries",
        sa.Column("id", Uuid, nullable=False),
        sa.Column("user_id", Uuid, nullable=False),
        sa.Column("delta", sa.Integer, nullable=False),
        sa.Column("reason", sa.String(32), nullable=False),
        sa.Column("reference", sa.Text, nullable=False),
        sa.Column("created_at", Moment, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_credit_entries"),
        sa.UniqueConstraint(
            "user_id", "reason", "reference", name="uq_credit_entries_user_id_reason_reference"
        ),
    )


def downgrade() -> None:
    for table in (
        "credit_entries",
        "referrals",
        "profiles",
        "one_time_tokens",
        "mfa_challenges",
        "mfa_factors",
        "refresh_tokens",
        "auth_sessions",
        "identities",
        "users",
    ):
        op.drop_table(table)
