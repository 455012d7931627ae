"""Row classes of the accounts tables (the adapter's own view; domain classes are never mapped).

They share :class:`~designcore.adapters.sqlalchemy.tables.Base`, so one metadata describes the
whole database. Migration ``0003`` creates them (``0007`` adds columns, ``0008`` the payment
books); keep both in step.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from designcore.adapters.sqlalchemy.tables import Base, Json
from designcore.domain.calendar import DEFAULT_TIME_ZONE

Uuid = sa.String(36)
"""Ids are UUID strings."""
Moment = sa.DateTime(timezone=True)
"""Every timestamp is stored in UTC (SQLite keeps no offset; the mapping normalises)."""


def _user_fk() -> sa.ForeignKey:
    return sa.ForeignKey("users.id", ondelete="CASCADE")


class UserRow(Base):
    """``users``: accounts."""

    __tablename__ = "users"

    id: Mapped[str] = mapped_column(Uuid, primary_key=True)
    email: Mapped[str] = mapped_column(sa.Text, unique=True)
    password_hash: Mapped[str | None] = mapped_column(sa.Text)
    email_confirmed_at: Mapped[datetime | None] = mapped_column(Moment)
    phone: Mapped[str] = mapped_column(sa.Text, default="")
    role: Mapped[str] = mapped_column(sa.Text)
    aud: Mapped[str] = mapped_column(sa.Text)
    app_metadata: Mapped[dict[str, Any]] = mapped_column(Json)
    user_metadata: Mapped[dict[str, Any]] = mapped_column(Json)
    created_at: Mapped[datetime] = mapped_column(Moment)
    updated_at: Mapped[datetime] = mapped_column(Moment)
    last_sign_in_at: Mapped[datetime | None] = mapped_column(Moment)
    banned_until: Mapped[datetime | None] = mapped_column(Moment)
    new_email: Mapped[str | None] = mapped_column(sa.Text)
    email_change_sent_at: Mapped[datetime | None] = mapped_column(Moment)


class IdentityRow(Base):
    """``identities``: ways to sign in; one provider account links to one user."""

    __tablename__ = "identities"

    id: Mapped[str] = mapped_column(Uuid, primary_key=True)
    user_id: Mapped[str] = mapped_column(Uuid, _user_fk(), index=True)
    provider: Mapped[str] = mapped_column(sa.Text)
    provider_id: Mapped[str] = mapped_column(sa.Text)
    identity_data: Mapped[dict[str, Any]] = mapped_column(Json)
    email: Mapped[str | None] = mapped_column(sa.Text)
    created_at: Mapped[datetime] = mapped_column(Moment)
    updated_at: Mapped[datetime] = mapped_column(Moment)
    last_sign_in_at: Mapped[datetime | None] = mapped_column(Moment)

    __table_args__ = (sa.UniqueConstraint("provider", "provider_id"),)


class SessionRow(Base):
    """``auth_sessions``: signed-in sessions (looked up by id on every authenticated call)."""

    __tablename__ = "auth_sessions"

    id: Mapped[str] = mapped_column(Uuid, primary_key=True)
    user_id: Mapped[str] = mapped_column(Uuid, _user_fk(), index=True)
    created_at: Mapped[datetime] = mapped_column(Moment)
    updated_at: Mapped[datetime] = mapped_column(Moment)
    aal: Mapped[str] = mapped_column(sa.String(8))
    amr: Mapped[list[dict[str, Any]]] = mapped_column(Json)
    factor_id: Mapped[str | None] = mapped_column(Uuid)


class RefreshTokenRow(Base):
    """``refresh_tokens``: hashed refresh tokens; ``(session_id, created_at)`` finds the latest."""

    __tablename__ = "refresh_tokens"

    token_hash: Mapped[str] = mapped_column(sa.Text, primary_key=True)
    session_id: Mapped[str] = mapped_column(
        Uuid, sa.ForeignKey("auth_sessions.id", ondelete="CASCADE")
    )
    user_id: Mapped[str] = mapped_column(Uuid)
    parent_hash: Mapped[str | None] = mapped_column(sa.Text)
    revoked: Mapped[bool] = mapped_column(sa.Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(Moment)
    salt: Mapped[str | None] = mapped_column(sa.Text)

    __table_args__ = (
        sa.Index("ix_refresh_tokens_session_id_created_at", "session_id", "created_at"),
    )


class FactorRow(Base):
    """``mfa_factors``: second factors."""

    __tablename__ = "mfa_factors"

    id: Mapped[str] = mapped_column(Uuid, primary_key=True)
    user_id: Mapped[str] = mapped_column(Uuid, _user_fk(), index=True)
    friendly_name: Mapped[str | None] = mapped_column(sa.Text)
    factor_type: Mapped[str] = mapped_column(sa.String(16))
    status: Mapped[str] = mapped_column(sa.String(16))
    secret: Mapped[str] = mapped_column(sa.Text)
    created_at: Mapped[datetime] = mapped_column(Moment)
    updated_at: Mapped[datetime] = mapped_column(Moment)
    last_totp_step: Mapped[int | None] = mapped_column(sa.BigInteger)


class ChallengeRow(Base):
    """``mfa_challenges``: challenges waiting for a code; they go with their factor."""

    __tablename__ = "mfa_challenges"

    id: Mapped[str] = mapped_column(Uuid, primary_key=True)
    factor_id: Mapped[str] = mapped_column(
        Uuid, sa.ForeignKey("mfa_factors.id", ondelete="CASCADE"), index=True
    )
    created_at: Mapped[datetime] = mapped_column(Moment)
    verified_at: Mapped[datetime | None] = mapped_column(Moment)
    ip_address: Mapped[str] = mapped_column(sa.Text, default="")


class OneTimeTokenRow(Base):
    """``one_time_tokens``: hashed mailed tokens, at most one per user and kind."""

    __tablename__ = "one_time_tokens"

    token_hash: Mapped[str] = mapped_column(sa.Text, primary_key=True)
    user_id: Mapped[str] = mapped_column(Uuid, _user_fk())
    kind: Mapped[str] = mapped_column(sa.String(32))
    relates_to: Mapped[str] = mapped_column(sa.Text)
    created_at: Mapped[datetime] = mapped_column(Moment)
    code_challenge: Mapped[str | None] = mapped_column(sa.Text)
    code_challenge_method: Mapped[str | None] = mapped_column(sa.String(8))

    __table_args__ = (sa.UniqueConstraint("user_id", "kind"),)


class ProfileRow(Base):
    """``profiles``: the app's view of a user, keyed by the user id."""

    __tablename__ = "profiles"

    id: Mapped[str] = mapped_column(Uuid, _user_fk(), primary_key=True)
    email: Mapped[str] = mapped_column(sa.Text, index=True)
    first_name: Mapped[str] = mapped_column(sa.Text, default="")
    last_name: Mapped[str] = mapped_column(sa.Text, default="")
    subscription_status: Mapped[str | None] = mapped_column(sa.Text)
    subscription_plan: Mapped[str | None] = mapped_column(sa.Text)
    user_role: Mapped[str | None] = mapped_column(sa.Text)
    username: Mapped[str | None] = mapped_column(sa.Text, unique=True)
    avatar: Mapped[str | None] = mapped_column(sa.Text)
    referral_code: Mapped[str] = mapped_column(sa.Text, unique=True)
    time_zone: Mapped[str] = mapped_column(
        sa.Text, default=DEFAULT_TIME_ZONE, server_default=DEFAULT_TIME_ZONE
    )
    created_at: Mapped[datetime] = mapped_column(Moment)
    updated_at: Mapped[datetime] = mapped_column(Moment)


class ReferralRow(Base):
    """``referrals``: one per referred user; listed per referrer, newest first."""

    __tablename__ = "referrals"

    id: Mapped[str] = mapped_column(Uuid, primary_key=True)
    referrer_id: Mapped[str] = mapped_column(Uuid)
    referred_id: Mapped[str] = mapped_column(Uuid, unique=True)
    code: Mapped[str] = mapped_column(sa.Text)
    status: Mapped[str] = mapped_column(sa.String(16))
    credits_awarded: Mapped[int] = mapped_column(sa.Integer)
    created_at: Mapped[datetime] = mapped_column(Moment)

    __table_args__ = (
        sa.Index(
            "ix_referrals_referrer_id_newest", "referrer_id", sa.text("created_at DESC"), "id"
        ),
    )


class CreditEntryRow(Base):
    """``credit_entries``: the append-only ledger; (user, reason, reference) is unique."""

    __tablename__ = "credit_entries"

    id: Mapped[str] = mapped_column(Uuid, primary_key=True)
    user_id: Mapped[str] = mapped_column(Uuid)
    delta: Mapped[int] = mapped_column(sa.Integer)
    reason: Mapped[str] = mapped_column(sa.String(32))
    reference: Mapped[str] = mapped_column(sa.Text)
    created_at: Mapped[datetime] = mapped_column(Moment)

    # The unique index leads with user_id, so it also serves balance and entries.
    __table_args__ = (sa.UniqueConstraint("user_id", "reason", "reference"),)


class PaymentRow(Base):
    """``payments``: every payment attempt, stored before the customer pays.

    ``user_id`` has no foreign key on purpose: a payment is a financial record and must
    outlive the account it was made for (as the credits ledger's lines do), so deleting a
    user neither cascades to nor is blocked by it; the row keeps the id and e-mail as they
    were when the customer paid.
    """

    __tablename__ = "payments"

    reference: Mapped[str] = mapped_column(sa.Text, primary_key=True)
    user_id: Mapped[str] = mapped_column(Uuid)
    email: Mapped[str] = mapped_column(sa.Text)
    plan_id: Mapped[str] = mapped_column(sa.String(32))
    amount_minor: Mapped[int] = mapped_column(sa.BigInteger)
    currency: Mapped[str] = mapped_column(sa.CHAR(3))
    status: Mapped[str] = mapped_column(sa.String(16))
    access_code: Mapped[str | None] = mapped_column(sa.Text)
    provider_status: Mapped[str | None] = mapped_column(sa.Text)
    failure: Mapped[str | None] = mapped_column(sa.Text)
    created_at: Mapped[datetime] = mapped_column(Moment)
    updated_at: Mapped[datetime] = mapped_column(Moment)
    paid_at: Mapped[datetime | None] = mapped_column(Moment)
    verified_at: Mapped[datetime | None] = mapped_column(Moment)

    __table_args__ = (
        sa.CheckConstraint("amount_minor >= 0", name="ck_payments_amount_minor_not_negative"),
        # The reconciler: pending attempts, oldest first.
        sa.Index("ix_payments_status_created_at", "status", "created_at"),
        # A user's attempts, newest first.
        sa.Index("ix_payments_user_id_newest", "user_id", sa.text("created_at DESC"), "reference"),
    )


class SubscriptionRow(Base):
    """``subscriptions``: one per user and plan; it goes with its user (the payments that
    paid for it stay)."""

    __tablename__ = "subscriptions"

    user_id: Mapped[str] = mapped_column(Uuid, _user_fk(), primary_key=True)
    plan_id: Mapped[str] = mapped_column(sa.String(32), primary_key=True)
    current_period_start: Mapped[datetime] = mapped_column(Moment)
    current_period_end: Mapped[datetime] = mapped_column(Moment)
    last_reference: Mapped[str] = mapped_column(sa.Text)
    created_at: Mapped[datetime] = mapped_column(Moment)
    updated_at: Mapped[datetime] = mapped_column(Moment)
    expired_at: Mapped[datetime | None] = mapped_column(Moment)

    __table_args__ = (
        # The expiry job: unexpired subscriptions by period end (a partial index on both
        # SQLite and PostgreSQL).
        sa.Index(
            "ix_subscriptions_unexpired_period_end",
            "current_period_end",
            sqlite_where=sa.text("expired_at IS NULL"),
            postgresql_where=sa.text("expired_at IS NULL"),
        ),
    )


def _table(row: type[Base]) -> sa.Table:
    table = row.__table__
    assert isinstance(table, sa.Table)
    return table


USERS = _table(UserRow)
IDENTITIES = _table(IdentityRow)
SESSIONS = _table(SessionRow)
REFRESH_TOKENS = _table(RefreshTokenRow)
FACTORS = _table(FactorRow)
CHALLENGES = _table(ChallengeRow)
ONE_TIME_TOKENS = _table(OneTimeTokenRow)
PROFILES = _table(ProfileRow)
REFERRALS = _table(ReferralRow)
CREDIT_ENTRIES = _table(CreditEntryRow)
PAYMENTS = _table(PaymentRow)
SUBSCRIPTIONS = _table(SubscriptionRow)
