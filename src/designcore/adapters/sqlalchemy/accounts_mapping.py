"""Translation between accounts rows and domain objects.

``*_to_domain`` take a row mapping (``Result.mappings()``); ``*_from_domain`` answer column
values. Datetimes go in as UTC and come out timezone-aware (SQLite hands back naive ones).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from designcore.adapters.sqlalchemy.mapping import utc, utc_or_none
from designcore.domain.accounts import (
    Aal,
    AmrEntry,
    AuthSession,
    Challenge,
    Factor,
    FactorStatus,
    Identity,
    OneTimeToken,
    OneTimeTokenKind,
    RefreshToken,
    User,
)
from designcore.domain.payments import Money, Payment, PaymentStatus, Subscription
from designcore.domain.profiles import CreditEntry, CreditReason, Profile, Referral, ReferralStatus

Row = Mapping[Any, Any]


def user_to_domain(row: Row) -> User:
    """A user from its row."""
    return User(
        id=row["id"],
        email=row["email"],
        password_hash=row["password_hash"],
        email_confirmed_at=utc_or_none(row["email_confirmed_at"]),
        phone=row["phone"],
        role=row["role"],
        aud=row["aud"],
        app_metadata=dict(row["app_metadata"] or {}),
        user_metadata=dict(row["user_metadata"] or {}),
        created_at=utc(row["created_at"]),
        updated_at=utc(row["updated_at"]),
        last_sign_in_at=utc_or_none(row["last_sign_in_at"]),
        banned_until=utc_or_none(row["banned_until"]),
        new_email=row["new_email"],
        email_change_sent_at=utc_or_none(row["email_change_sent_at"]),
    )


def user_from_domain(user: User) -> dict[str, Any]:
    """Column values of a user."""
    return {
        "id": user.id,
        "email": user.email,
        "password_hash": user.password_hash,
        "email_confirmed_at": utc_or_none(user.email_confirmed_at),
        "phone": user.phone,
        "role": user.role,
        "aud": user.aud,
        "app_metadata": dict(user.app_metadata),
        "user_metadata": dict(user.user_metadata),
        "created_at": utc(user.created_at),
        "updated_at": utc(user.updated_at),
        "last_sign_in_at": utc_or_none(user.last_sign_in_at),
        "banned_until": utc_or_none(user.banned_until),
        "new_email": user.new_email,
        "email_change_sent_at": utc_or_none(user.email_change_sent_at),
    }


def identity_to_domain(row: Row) -> Identity:
    """An identity from its row."""
    return Identity(
        id=row["id"],
        user_id=row["user_id"],
        provider=row["provider"],
        provider_id=row["provider_id"],
        identity_data=dict(row["identity_data"] or {}),
        email=row["email"],
        created_at=utc(row["created_at"]),
        updated_at=utc(row["updated_at"]),
        last_sign_in_at=utc_or_none(row["last_sign_in_at"]),
    )


def identity_from_domain(identity: Identity) -> dict[str, Any]:
    """Column values of an identity."""
    return {
        "id": identity.id,
        "user_id": identity.user_id,
        "provider": identity.provider,
        "provider_id": identity.provider_id,
        "identity_data": dict(identity.identity_data),
        "email": identity.email,
        "created_at": utc(identity.created_at),
        "updated_at": utc(identity.updated_at),
        "last_sign_in_at": utc_or_none(identity.last_sign_in_at),
    }


def session_to_domain(row: Row) -> AuthSession:
    """A session from its row; ``amr`` is a JSON list of ``{method, timestamp}``."""
    return AuthSession(
        id=row["id"],
        user_id=row["user_id"],
        created_at=utc(row["created_at"]),
        updated_at=utc(row["updated_at"]),
        aal=cast(Aal, row["aal"]),
        amr=tuple(AmrEntry(item["method"], int(item["timestamp"])) for item in row["amr"] or ()),
        factor_id=row["factor_id"],
    )


def session_from_domain(session: AuthSession) -> dict[str, Any]:
    """Column values of a session."""
    return {
        "id": session.id,
        "user_id": session.user_id,
        "created_at": utc(session.created_at),
        "updated_at": utc(session.updated_at),
        "aal": session.aal,
        "amr": [{"method": entry.method, "timestamp": entry.timestamp} for entry in session.amr],
        "factor_id": session.factor_id,
    }


def refresh_token_to_domain(row: Row) -> RefreshToken:
    """A refresh token from its row."""
    return RefreshToken(
        token_hash=row["token_hash"],
        session_id=row["session_id"],
        user_id=row["user_id"],
        parent_hash=row["parent_hash"],
        revoked=bool(row["revoked"]),
        created_at=utc(row["created_at"]),
        salt=row["salt"],
    )


def refresh_token_from_domain(token: RefreshToken) -> dict[str, Any]:
    """Column values of a refresh token."""
    return {
        "token_hash": token.token_hash,
        "session_id": token.session_id,
        "user_id": token.user_id,
        "parent_hash": token.parent_hash,
        "revoked": token.revoked,
        "created_at": utc(token.created_at),
        "salt": token.salt,
    }


def factor_to_domain(row: Row) -> Factor:
    """A factor from its row."""
    return Factor(
        id=row["id"],
        user_id=row["user_id"],
        friendly_name=row["friendly_name"],
        factor_type=row["factor_type"],
        status=FactorStatus(row["status"]),
        secret=row["secret"],
        created_at=utc(row["created_at"]),
        updated_at=utc(row["updated_at"]),
    )


def factor_from_domain(factor: Factor) -> dict[str, Any]:
    """Column values of a factor."""
    return {
        "id": factor.id,
        "user_id": factor.user_id,
        "friendly_name": factor.friendly_name,
        "factor_type": factor.factor_type,
        "status": factor.status.value,
        "secret": factor.secret,
        "created_at": utc(factor.created_at),
        "updated_at": utc(factor.updated_at),
    }


def challenge_to_domain(row: Row) -> Challenge:
    """A challenge from its row."""
    return Challenge(
        id=row["id"],
        factor_id=row["factor_id"],
        created_at=utc(row["created_at"]),
        verified_at=utc_or_none(row["verified_at"]),
        ip_address=row["ip_address"],
    )


def challenge_from_domain(challenge: Challenge) -> dict[str, Any]:
    """Column values of a challenge."""
    return {
        "id": challenge.id,
        "factor_id": challenge.factor_id,
        "created_at": utc(challenge.created_at),
        "verified_at": utc_or_none(challenge.verified_at),
        "ip_address": challenge.ip_address,
    }


def one_time_token_to_domain(row: Row) -> OneTimeToken:
    """A one-time token from its row."""
    return OneTimeToken(
        token_hash=row["token_hash"],
        user_id=row["user_id"],
        kind=OneTimeTokenKind(row["kind"]),
        relates_to=row["relates_to"],
        created_at=utc(row["created_at"]),
        code_challenge=row["code_challenge"],
        code_challenge_method=row["code_challenge_method"],
    )


def one_time_token_from_domain(token: OneTimeToken) -> dict[str, Any]:
    """Column values of a one-time token."""
    return {
        "token_hash": token.token_hash,
        "user_id": token.user_id,
        "kind": token.kind.value,
        "relates_to": token.relates_to,
        "created_at": utc(token.created_at),
        "code_challenge": token.code_challenge,
        "code_challenge_method": token.code_challenge_method,
    }


def profile_to_domain(row: Row) -> Profile:
    """A profile from its row."""
    return Profile(
        id=row["id"],
        email=row["email"],
        first_name=row["first_name"],
        last_name=row["last_name"],
        subscription_status=row["subscription_status"],
        subscription_plan=row["subscription_plan"],
        user_role=row["user_role"],
        username=row["username"],
        avatar=row["avatar"],
        referral_code=row["referral_code"],
        created_at=utc(row["created_at"]),
        updated_at=utc(row["updated_at"]),
    )


def profile_from_domain(profile: Profile) -> dict[str, Any]:
    """Column values of a profile."""
    return {
        "id": profile.id,
        "email": profile.email,
        "first_name": profile.first_name,
        "last_name": profile.last_name,
        "subscription_status": profile.subscription_status,
        "subscription_plan": profile.subscription_plan,
        "user_role": profile.user_role,
        "username": profile.username,
        "avatar": profile.avatar,
        "referral_code": profile.referral_code,
        "created_at": utc(profile.created_at),
        "updated_at": utc(profile.updated_at),
    }


def referral_to_domain(row: Row) -> Referral:
    """A referral from its row."""
    return Referral(
        id=row["id"],
        referrer_id=row["referrer_id"],
        referred_id=row["referred_id"],
        code=row["code"],
        status=ReferralStatus(row["status"]),
        credits_awarded=row["credits_awarded"],
        created_at=utc(row["created_at"]),
    )


def referral_from_domain(referral: Referral) -> dict[str, Any]:
    """Column values of a referral."""
    return {
        "id": referral.id,
        "referrer_id": referral.referrer_id,
        "referred_id": referral.referred_id,
        "code": referral.code,
        "status": referral.status.value,
        "credits_awarded": referral.credits_awarded,
        "created_at": utc(referral.created_at),
    }


def credit_entry_to_domain(row: Row) -> CreditEntry:
    """A ledger line from its row."""
    return CreditEntry(
        id=row["id"],
        user_id=row["user_id"],
        delta=row["delta"],
        reason=CreditReason(row["reason"]),
        reference=row["reference"],
        created_at=utc(row["created_at"]),
    )


def credit_entry_from_domain(entry: CreditEntry) -> dict[str, Any]:
    """Column values of a ledger line."""
    return {
        "id": entry.id,
        "user_id": entry.user_id,
        "delta": entry.delta,
        "reason": entry.reason.value,
        "reference": entry.reference,
        "created_at": utc(entry.created_at),
    }


def payment_to_domain(row: Row) -> Payment:
    """A payment attempt from its row."""
    return Payment(
        reference=row["reference"],
        user_id=row["user_id"],
        email=row["email"],
        plan_id=row["plan_id"],
        price=Money(int(row["amount_minor"]), row["currency"]),
        status=PaymentStatus(row["status"]),
        access_code=row["access_code"],
        provider_status=row["provider_status"],
        failure=row["failure"],
        created_at=utc(row["created_at"]),
        updated_at=utc(row["updated_at"]),
        paid_at=utc_or_none(row["paid_at"]),
        verified_at=utc_or_none(row["verified_at"]),
    )


def payment_from_domain(payment: Payment) -> dict[str, Any]:
    """Column values of a payment attempt."""
    return {
        "reference": payment.reference,
        "user_id": payment.user_id,
        "email": payment.email,
        "plan_id": payment.plan_id,
        "amount_minor": payment.price.minor,
        "currency": payment.price.currency,
        "status": payment.status.value,
        "access_code": payment.access_code,
        "provider_status": payment.provider_status,
        "failure": payment.failure,
        "created_at": utc(payment.created_at),
        "updated_at": utc(payment.updated_at),
        "paid_at": utc_or_none(payment.paid_at),
        "verified_at": utc_or_none(payment.verified_at),
    }


def subscription_to_domain(row: Row) -> Subscription:
    """A subscription from its row."""
    return Subscription(
        user_id=row["user_id"],
        plan_id=row["plan_id"],
        current_period_start=utc(row["current_period_start"]),
        current_period_end=utc(row["current_period_end"]),
        last_reference=row["last_reference"],
        created_at=utc(row["created_at"]),
        updated_at=utc(row["updated_at"]),
        expired_at=utc_or_none(row["expired_at"]),
    )


def subscription_from_domain(subscription: Subscription) -> dict[str, Any]:
    """Column values of a subscription."""
    return {
        "user_id": subscription.user_id,
        "plan_id": subscription.plan_id,
        "current_period_start": utc(subscription.current_period_start),
        "current_period_end": utc(subscription.current_period_end),
        "last_reference": subscription.last_reference,
        "created_at": utc(subscription.created_at),
        "updated_at": utc(subscription.updated_at),
        "expired_at": utc_or_none(subscription.expired_at),
    }
