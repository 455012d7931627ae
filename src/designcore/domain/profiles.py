"""Profiles (one per user), referral codes, referrals and the credits ledger."""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable
from datetime import datetime

import attrs

from designcore.domain.calendar import DEFAULT_TIME_ZONE
from designcore.domain.errors import Conflict, FieldIssue, ValidationFailed
from designcore.domain.premium import Viewer

REFERRAL_REWARD = 10
"""Credits awarded to the referrer and to the new user for one completed referral."""

REFERRAL_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Letters and digits without look-alikes (no I, O, 0, 1)."""
REFERRAL_CODE_LENGTH = 8

_CODE = re.compile(f"^[{REFERRAL_CODE_ALPHABET}]{{{REFERRAL_CODE_LENGTH}}}$")


@attrs.frozen(kw_only=True)
class Profile:
    """The app's view of a user (table ``profiles``)."""

    id: str
    """Equal to the user id."""
    email: str
    first_name: str = ""
    last_name: str = ""
    subscription_status: str | None = None
    subscription_plan: str | None = None
    user_role: str | None = None
    """``admin`` for administrators."""
    username: str | None = None
    avatar: str | None = None
    referral_code: str
    """The user's own code, given to others."""
    time_zone: str = DEFAULT_TIME_ZONE
    """The IANA zone the user's calendar is in (today, the weeks)."""
    created_at: datetime
    updated_at: datetime

    def viewer(self) -> Viewer:
        """What premium gating and role checks need of this profile."""
        return Viewer(
            user_id=self.id,
            subscription_status=self.subscription_status,
            subscription_plan=self.subscription_plan,
            user_role=self.user_role,
        )


def referral_code_from(random_bytes: bytes) -> str:
    """A referral code drawn from ``random_bytes`` (at least 8 bytes; callers pass fresh
    random bytes, so this stays pure)."""
    if len(random_bytes) < REFERRAL_CODE_LENGTH:
        raise ValueError("need at least 8 random bytes")
    size = len(REFERRAL_CODE_ALPHABET)
    return "".join(REFERRAL_CODE_ALPHABET[b % size] for b in random_bytes[:REFERRAL_CODE_LENGTH])


def normalise_referral_code(raw: object) -> str | None:
    """A well-formed code (uppercased, trimmed), or ``None`` for anything else."""
    if not isinstance(raw, str):
        return None
    code = raw.strip().upper()
    return code if _CODE.fullmatch(code) else None


class ReferralStatus(enum.Enum):
    """Where a referral stands; only completed ones count."""

    PENDING = "pending"
    COMPLETED = "completed"


@attrs.frozen(kw_only=True)
class Referral:
    """One new user brought by a referrer (table ``referrals``)."""

    id: str
    referrer_id: str
    referred_id: str
    code: str
    status: ReferralStatus
    credits_awarded: int
    created_at: datetime


def referral_allowed(*, referrer_id: str | None, new_user_id: str) -> bool:
    """A referral counts only for a known code that is not the new user's own."""
    return referrer_id is not None and referrer_id != new_user_id


class CreditReason(enum.Enum):
    """Why credits moved."""

    REFERRAL_REFERRER = "referral_referrer"
    REFERRAL_WELCOME = "referral_welcome"
    SPEND = "spend"
    ADJUSTMENT = "adjustment"


@attrs.frozen(kw_only=True)
class CreditEntry:
    """One line of the append-only credits ledger."""

    id: str
    user_id: str
    delta: int
    """Credits added (positive) or spent (negative)."""
    reason: CreditReason
    reference: str
    """What it is for (the referral id, the export id, …); unique per user and reason."""
    created_at: datetime

    def __attrs_post_init__(self) -> None:
        if self.delta == 0:
            raise ValidationFailed((FieldIssue("delta", "must not be zero"),))


@attrs.frozen
class ReferralAward:
    """A completed referral and the two ledger lines that reward it."""

    referral: Referral
    entries: tuple[CreditEntry, CreditEntry]
    """The referrer's line, then the new user's: :data:`REFERRAL_REWARD` each."""


def award_referral(
    *,
    code: str,
    referrer_id: str | None,
    referred_id: str,
    already_referred: bool,
    ids: tuple[str, str, str],
    now: datetime,
) -> ReferralAward | None:
    """What a referral code brings the user ``referred_id``: a completed referral and
    :data:`REFERRAL_REWARD` credits for each side, or nothing for an unknown code
    (``referrer_id`` ``None``), the user's own code, or a user already referred once.

    ``ids`` are fresh ids for the referral and the two ledger lines (the caller draws them,
    so this stays pure); both lines refer to the referral, which the ledger's uniqueness of
    (user, reason, reference) keeps from being paid twice."""
    if already_referred or not referral_allowed(referrer_id=referrer_id, new_user_id=referred_id):
        return None
    assert referrer_id is not None
    referral_id, referrer_line, referred_line = ids
    referral = Referral(
        id=referral_id,
        referrer_id=referrer_id,
        referred_id=referred_id,
        code=code,
        status=ReferralStatus.COMPLETED,
        credits_awarded=REFERRAL_REWARD,
        created_at=now,
    )
    lines = (
        (referrer_line, referrer_id, CreditReason.REFERRAL_REFERRER),
        (referred_line, referred_id, CreditReason.REFERRAL_WELCOME),
    )
    first, second = (
        CreditEntry(
            id=line_id,
            user_id=owner,
            delta=REFERRAL_REWARD,
            reason=reason,
            reference=referral_id,
            created_at=now,
        )
        for line_id, owner, reason in lines
    )
    return ReferralAward(referral, (first, second))


def balance(entries: Iterable[CreditEntry]) -> int:
    """The balance is the sum of the ledger, never stored on its own."""
    return sum(entry.delta for entry in entries)


class InsufficientCredits(Conflict):
    """A spend larger than the balance."""

    code = "insufficient_credits"


def check_spend(current_balance: int, amount: int) -> None:
    """Raise unless ``amount`` credits can be spent from ``current_balance``."""
    if amount <= 0:
        raise ValidationFailed((FieldIssue("amount", "must be a positive whole number"),))
    if amount > current_balance:
        raise InsufficientCredits(
            f"not enough credits: {amount} needed, {current_balance} available"
        )


__all__ = [
    "REFERRAL_CODE_ALPHABET",
    "REFERRAL_CODE_LENGTH",
    "REFERRAL_REWARD",
    "CreditEntry",
    "CreditReason",
    "InsufficientCredits",
    "Profile",
    "Referral",
    "ReferralAward",
    "ReferralStatus",
    "award_referral",
    "balance",
    "check_spend",
    "normalise_referral_code",
    "referral_allowed",
    "referral_code_from",
]
