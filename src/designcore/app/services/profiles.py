"""Profiles, referrals, credits and roles: what signed-in users and operators ask of them."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence

import attrs

from designcore.domain.accounts import normalise_email
from designcore.domain.errors import NotAllowed, NotFound
from designcore.domain.premium import Viewer
from designcore.domain.profiles import (
    CreditEntry,
    CreditReason,
    Profile,
    Referral,
    check_spend,
)
from designcore.ports.accounts import AccountsUnitOfWork
from designcore.ports.clock import Clock


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
