"""The accounts ports: repositories of the auth service and the unit of work that groups them.

Every write of the auth service happens inside one :class:`AccountsUnitOfWork`: nothing is
visible to others until ``commit()``, and leaving the ``with`` block without committing rolls
everything back.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date, datetime
from types import TracebackType
from typing import Protocol

from designcore.domain.accounts import (
    AuthSession,
    Challenge,
    Factor,
    Identity,
    OneTimeToken,
    OneTimeTokenKind,
    RefreshToken,
    User,
)
from designcore.domain.profiles import CreditEntry, Profile, Referral
from designcore.ports.payments import PaymentRepository, SubscriptionRepository


class UserRepository(Protocol):
    """Users by id and by e-mail."""

    def add(self, user: User) -> None:
        """Store a new user. Raises ``Conflict`` (code ``email_exists``) when the e-mail is
        taken, ``Conflict`` for a taken id."""
        ...

    def get(self, user_id: str) -> User:
        """A user. Raises ``NotFound`` (code ``user_not_found``)."""
        ...

    def find_by_email(self, email: str) -> User | None:
        """The user with this normalised e-mail, if any."""
        ...

    def update(self, user: User) -> None:
        """Overwrite a user. Raises ``NotFound``; ``Conflict`` (``email_exists``) when the
        new e-mail is another user's."""
        ...


class IdentityRepository(Protocol):
    """Sign-in identities."""

    def add(self, identity: Identity) -> None:
        """Store an identity. Raises ``Conflict`` (code ``identity_already_exists``) when the
        provider account is linked already."""
        ...

    def for_user(self, user_id: str) -> Sequence[Identity]:
        """A user's identities, oldest first."""
        ...

    def find(self, provider: str, provider_id: str) -> Identity | None:
        """The identity of a provider account, if linked."""
        ...

    def update(self, identity: Identity) -> None:
        """Overwrite an identity's data, e-mail and times (what the provider said at the
        latest sign-in); its user, provider and provider id never change. Raises ``NotFound``
        (code ``identity_not_found``)."""
        ...

    def delete(self, identity_id: str) -> None:
        """Remove an identity. Raises ``NotFound`` (code ``identity_not_found``)."""
        ...


class SessionRepository(Protocol):
    """Signed-in sessions."""

    def add(self, session: AuthSession) -> None:
        """Store a new session."""
        ...

    def get(self, session_id: str) -> AuthSession | None:
        """A session, if it still exists."""
        ...

    def update(self, session: AuthSession) -> None:
        """Overwrite a session (aal, amr, updated_at). Raises ``NotFound``."""
        ...

    def delete(self, session_id: str) -> None:
        """End a session and revoke its refresh tokens (no error if it is gone)."""
        ...

    def delete_for_user(self, user_id: str, *, keep: str | None = None) -> int:
        """End every session of a user except ``keep``; answer how many ended."""
        ...

    def count_for_user(self, user_id: str) -> int:
        """How many sessions a user has."""
        ...


class RefreshTokenRepository(Protocol):
    """Refresh-token chains, by hash."""

    def add(self, token: RefreshToken) -> None:
        """Store a new token."""
        ...

    def find(self, token_hash: str) -> RefreshToken | None:
        """A token by its hash, if known."""
        ...

    def latest(self, session_id: str) -> RefreshToken | None:
        """The newest token of a session."""
        ...

    def mark_used(self, token_hash: str) -> bool:
        """Revoke a token if it is not revoked yet; answer whether this call did it (so two
        concurrent refreshes with the same token cannot both rotate)."""
        ...

    def delete_replaced_before(self, moment: datetime) -> int:
        """Delete used tokens whose successor was created before ``moment`` (they can no
        longer recover a lost answer); answer how many went. A later replay of one answers
        ``refresh_token_not_found`` instead of revoking the session."""
        ...


class FactorRepository(Protocol):
    """MFA factors."""

    def add(self, factor: Factor) -> None:
        """Store a new factor."""
        ...

    def get(self, factor_id: str) -> Factor | None:
        """A factor, if it exists."""
        ...

    def for_user(self, user_id: str) -> Sequence[Factor]:
        """A user's factors, oldest first."""
        ...

    def update(self, factor: Factor) -> None:
        """Overwrite a factor. Raises ``NotFound``."""
        ...

    def use_totp_step(self, factor_id: str, step: int) -> bool:
        """Record ``step`` as the factor's last used TOTP time step if it is later than the
        recorded one (compare-and-set: of two verifications racing with one code, one wins);
        answer whether this call did it."""
        ...

    def delete(self, factor_id: str) -> None:
        """Remove a factor and its challenges (no error if it is gone)."""
        ...


class ChallengeRepository(Protocol):
    """MFA challenges."""

    def add(self, challenge: Challenge) -> None:
        """Store a new challenge."""
        ...

    def get(self, challenge_id: str) -> Challenge | None:
        """A challenge, if it exists."""
        ...

    def mark_verified(self, challenge_id: str, at: datetime) -> bool:
        """Mark a challenge verified if it was not; answer whether this call did it."""
        ...


class OneTimeTokenRepository(Protocol):
    """Mailed single-use tokens."""

    def put(self, token: OneTimeToken) -> None:
        """Store a token, replacing the user's previous token of the same kind."""
        ...

    def take(self, token_hash: str, kind: OneTimeTokenKind) -> OneTimeToken | None:
        """Remove and answer the token with this hash and kind, if any (single use)."""
        ...

    def delete_created_before(self, moment: datetime) -> int:
        """Delete tokens created before ``moment`` (expired); answer how many went."""
        ...


class ProfileRepository(Protocol):
    """Profiles, one per user."""

    def add(self, profile: Profile) -> None:
        """Store a new profile. Raises ``Conflict`` when the id or referral code is taken."""
        ...

    def get(self, user_id: str) -> Profile:
        """A profile. Raises ``NotFound`` (code ``profile_not_found``)."""
        ...

    def find_by_referral_code(self, code: str) -> Profile | None:
        """The profile whose own referral code this is."""
        ...

    def update(self, profile: Profile) -> None:
        """Overwrite a profile. Raises ``NotFound``."""
        ...

    def find_by_email(self, email: str) -> Profile | None:
        """The profile of an e-mail address."""
        ...


class ReferralRepository(Protocol):
    """Referrals."""

    def add(self, referral: Referral) -> None:
        """Store a referral. Raises ``Conflict`` (code ``already_referred``) when the
        referred user has one already."""
        ...

    def for_referrer(self, referrer_id: str) -> Sequence[Referral]:
        """A referrer's referrals, newest first."""
        ...

    def for_referred(self, referred_id: str) -> Referral | None:
        """The referral that brought a user, if any."""
        ...

    def completed_per_day(self, since: datetime, until: datetime) -> Mapping[date, int]:
        """Completed referrals made from ``since`` (inclusive) to ``until`` (exclusive), per
        UTC day of ``created_at``; days without any are left out."""
        ...


class CreditLedger(Protocol):
    """The append-only credits ledger."""

    def lock(self, user_id: str) -> None:
        """Hold the user's ledger until the unit of work ends, so a balance read and a spend
        cannot interleave with another spend."""
        ...

    def append(self, entry: CreditEntry) -> None:
        """Add a line. Raises ``Conflict`` (code ``duplicate_credit``) when the user already
        has a line with this reason and reference."""
        ...

    def entries(self, user_id: str) -> Sequence[CreditEntry]:
        """A user's lines, oldest first."""
        ...

    def balance(self, user_id: str) -> int:
        """The sum of a user's lines."""
        ...


class AccountsUnitOfWork(Protocol):
    """One transaction over every accounts repository, the payment books included: a
    payment's success, the subscription's renewal and the profile's premium status change
    together or not at all."""

    users: UserRepository
    identities: IdentityRepository
    sessions: SessionRepository
    refresh_tokens: RefreshTokenRepository
    factors: FactorRepository
    challenges: ChallengeRepository
    one_time_tokens: OneTimeTokenRepository
    profiles: ProfileRepository
    referrals: ReferralRepository
    credits: CreditLedger
    payments: PaymentRepository
    subscriptions: SubscriptionRepository

    def __enter__(self) -> AccountsUnitOfWork:
        """Begin the transaction."""
        ...

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        """Roll back whatever was not committed."""
        ...

    def commit(self) -> None:
        """Make every change since the start visible."""
        ...


class AccountsStore(Protocol):
    """Where the accounts live: the factory of their units of work. An adapter of one's own
    chosen by ``DESIGNCORE_ACCOUNTS_BACKEND`` is one of these (docs/library.md)."""

    def unit_of_work(self) -> AccountsUnitOfWork:
        """A new unit of work over the accounts, not yet entered; each call answers a new one
        (the services open one per use case, from several threads at once)."""
        ...
