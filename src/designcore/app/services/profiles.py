"""Profiles, referrals, credits and roles: what signed-in users and operators ask of them,
and what every new account gets (a profile, and the referral award its code brings)."""

from __future__ import annotations

import secrets
import uuid
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from typing import Any

import attrs

from designcore.domain.accounts import User, normalise_email
from designcore.domain.calendar import time_zone_name
from designcore.domain.errors import NotAllowed, NotFound
from designcore.domain.premium import Viewer
from designcore.domain.profiles import (
    CreditEntry,
    CreditReason,
    Profile,
    Referral,
    ReferralAward,
    award_referral,
    check_spend,
    normalise_referral_code,
    referral_code_from,
)
from designcore.ports.accounts import AccountsUnitOfWork
from designcore.ports.clock import Clock

NAME_LENGTH = 100
"""How much of a first or last name the profile keeps."""


def create_profile(uow: AccountsUnitOfWork, user: User, metadata: Mapping[str, Any]) -> Profile:
    """Add the profile of a new account, in the caller's unit of work: names from the sign-up
    metadata and a referral code of its own that no other profile has."""
    for _ in range(10):
        code = referral_code_from(secrets.token_bytes(8))
        if uow.profiles.find_by_referral_code(code) is None:
            break
    else:  # pragma: no cover - 32**8 codes; ten clashes in a row do not happen
        raise RuntimeError("could not draw a referral code")
    profile = Profile(
        id=user.id,
        email=user.email,
        first_name=str(metadata.get("first_name") or "")[:NAME_LENGTH],
        last_name=str(metadata.get("last_name") or "")[:NAME_LENGTH],
        referral_code=code,
        created_at=user.created_at,
        updated_at=user.created_at,
    )
    uow.profiles.add(profile)
    return profile


def apply_referral(
    uow: AccountsUnitOfWork, referred_id: str, raw_code: object, now: datetime
) -> ReferralAward | None:
    """Record what a referral code brings the user ``referred_id`` (see
    :func:`designcore.domain.profiles.award_referral`), in the caller's unit of work; a
    malformed, unknown, own or second code records nothing and the caller goes on."""
    code = normalise_referral_code(raw_code)
    if code is None:
        return None
    referrer = uow.profiles.find_by_referral_code(code)
    award = award_referral(
        code=code,
        referrer_id=None if referrer is None else referrer.id,
        referred_id=referred_id,
        already_referred=uow.referrals.for_referred(referred_id) is not None,
        ids=(str(uuid.uuid4()), str(uuid.uuid4()), str(uuid.uuid4())),
        now=now,
    )
    if award is not None:
        uow.referrals.add(award.referral)
        for entry in award.entries:
            uow.credits.append(entry)
    return award


@attrs.frozen
class ProfileView:
    """A profile with its credits balance (derived from the ledger)."""

    profile: Profile
    credits: int


class ProfileService:
    """Reads and changes profiles and the credits ledger."""

    def __init__(self, accounts: Callable[[], AccountsUnitOfWork], clock: Clock) -> None:
        self._accounts = accounts
        self._clock = clock

    @staticmethod
    def _signed_in(viewer: Viewer) -> str:
        if viewer.user_id is None:
            raise NotAllowed("sign in first", code="sign_in_required")
        return viewer.user_id

    def me(self, viewer: Viewer) -> ProfileView:
        """The caller's profile and balance."""
        user_id = self._signed_in(viewer)
        with self._accounts() as uow:
            return ProfileView(uow.profiles.get(user_id), uow.credits.balance(user_id))

    def email_of(self, user_id: str) -> str | None:
        """The e-mail of a user's profile, or ``None`` for an id without one."""
        with self._accounts() as uow:
            try:
                return uow.profiles.get(user_id).email
            except NotFound:
                return None

    def referral_code(self, viewer: Viewer, user_id: str) -> str:
        """The caller's own referral code; asking for another user's is refused."""
        caller = self._signed_in(viewer)
        if user_id != caller:
            raise NotAllowed("you can only read your own referral code", code="not_your_user_id")
        with self._accounts() as uow:
            return uow.profiles.get(caller).referral_code

    def referrals(self, viewer: Viewer) -> Sequence[Referral]:
        """The caller's referrals, newest first."""
        caller = self._signed_in(viewer)
        with self._accounts() as uow:
            return uow.referrals.for_referrer(caller)

    def balance(self, user_id: str) -> int:
        """The user's credit balance."""
        with self._accounts() as uow:
            return uow.credits.balance(user_id)

    def spend(self, user_id: str, amount: int, reference: str) -> int:
        """Spend credits for something (an export, a prompt); answer the new balance.

        Spending twice for the same reference is refused (``Conflict``); a balance can never
        go below zero, whatever runs at the same time.
        """
        with self._accounts() as uow:
            uow.credits.lock(user_id)
            current = uow.credits.balance(user_id)
            check_spend(current, amount)
            uow.credits.append(
                CreditEntry(
                    id=str(uuid.uuid4()),
                    user_id=user_id,
                    delta=-amount,
                    reason=CreditReason.SPEND,
                    reference=reference,
                    created_at=self._clock.now(),
                )
            )
            uow.commit()
            return current - amount

    def set_time_zone(self, viewer: Viewer, raw: object) -> ProfileView:
        """Save the caller's calendar time zone (an IANA name, checked by
        ``designcore.domain.calendar.time_zone_name``); answers the profile. Raises
        ``NotAllowed`` signed out and ``ValidationFailed`` on ``time_zone``."""
        user_id = self._signed_in(viewer)
        name = time_zone_name(raw)
        with self._accounts() as uow:
            changed = attrs.evolve(
                uow.profiles.get(user_id), time_zone=name, updated_at=self._clock.now()
            )
            uow.profiles.update(changed)
            uow.commit()
            return ProfileView(changed, uow.credits.balance(user_id))

    def time_zone_of(self, viewer: Viewer) -> str | None:
        """The signed-in caller's saved time zone; ``None`` signed out or without a profile."""
        if viewer.user_id is None:
            return None
        with self._accounts() as uow:
            try:
                return uow.profiles.get(viewer.user_id).time_zone
            except NotFound:
                return None

    def grant_admin(self, email: str) -> Profile:
        """Give the account with this e-mail the admin role (operators, through the CLI)."""
        address = normalise_email(email)
        with self._accounts() as uow:
            profile = uow.profiles.find_by_email(address)
            if profile is None:
                raise NotFound(f"no account with e-mail {address}", code="user_not_found")
            granted = attrs.evolve(profile, user_role="admin", updated_at=self._clock.now())
            uow.profiles.update(granted)
            uow.commit()
            return granted
