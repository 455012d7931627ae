"""In-memory accounts repositories and unit of work: the behavioural fake of the accounts port.

An :class:`InMemoryAccountsStore` holds the committed state. Each unit of work takes the
store's lock at ``__enter__`` and holds it until ``__exit__`` (so units of work run one at a
time, as writers do on a database), works on a copy of the state, and swaps its copy in on
``commit()``; leaving without a commit throws the copy away. It enforces what the tables
enforce: unique keys, and that rows refer to existing users, sessions and factors (payments
do not: like the credits ledger they are financial records and keep a user id of their own).
Because the store is held for the whole unit of work, ``payments.get_for_update`` needs no
lock of its own.
"""

from __future__ import annotations

import copy
import threading
from collections.abc import Mapping, Sequence
from datetime import UTC, date, datetime
from types import TracebackType
from typing import Any, Self

import attrs

from designcore.domain.accounts import (
    AuthSession,
    Challenge,
    Factor,
    Identity,
    OneTimeToken,
    OneTimeTokenKind,
    RefreshToken,
    User,
    fresh_totp_step,
)
from designcore.domain.errors import Conflict, NotFound
from designcore.domain.payments import Payment, PaymentStatus, Subscription
from designcore.domain.profiles import CreditEntry, Profile, Referral, ReferralStatus
from designcore.ports.accounts import (
    AccountsUnitOfWork,
    ChallengeRepository,
    CreditLedger,
    FactorRepository,
    IdentityRepository,
    OneTimeTokenRepository,
    ProfileRepository,
    ReferralRepository,
    RefreshTokenRepository,
    SessionRepository,
    UserRepository,
)
from designcore.ports.payments import PaymentRepository, SubscriptionRepository


@attrs.define
class _State:
    """Every accounts record, by key."""

    users: dict[str, User] = attrs.Factory(dict)
    identities: dict[str, Identity] = attrs.Factory(dict)
    sessions: dict[str, AuthSession] = attrs.Factory(dict)
    refresh_tokens: dict[str, RefreshToken] = attrs.Factory(dict)
    factors: dict[str, Factor] = attrs.Factory(dict)
    challenges: dict[str, Challenge] = attrs.Factory(dict)
    one_time_tokens: dict[str, OneTimeToken] = attrs.Factory(dict)
    profiles: dict[str, Profile] = attrs.Factory(dict)
    referrals: dict[str, Referral] = attrs.Factory(dict)
    credits: dict[str, CreditEntry] = attrs.Factory(dict)
    payments: dict[str, Payment] = attrs.Factory(dict)
    subscriptions: dict[tuple[str, str], Subscription] = attrs.Factory(dict)

    def copy(self) -> _State:
        """A copy whose dicts can change without touching this one (records are frozen)."""
        tables: dict[str, Any] = attrs.asdict(self, recurse=False)
        return _State(**{name: dict(rows) for name, rows in tables.items()})


def _detached_user(user: User) -> User:
    """The user with metadata of its own, as if it had gone through the database."""
    return attrs.evolve(
        user,
        app_metadata=copy.deepcopy(dict(user.app_metadata)),
        user_metadata=copy.deepcopy(dict(user.user_metadata)),
    )


def _detached_identity(identity: Identity) -> Identity:
    return attrs.evolve(identity, identity_data=copy.deepcopy(dict(identity.identity_data)))


def _unknown_user(user_id: str) -> Conflict:
    return Conflict(f"no user {user_id} to attach this to", code="unknown_user")


def _email_exists(email: str) -> Conflict:
    return Conflict(f"a user with e-mail {email} exists", code="email_exists")


class _Repository:
    def __init__(self, state: _State) -> None:
        self._s = state


class InMemoryUserRepository(_Repository):
    """Users by id."""

    def add(self, user: User) -> None:
        """Store a new user."""
        if any(u.email == user.email for u in self._s.users.values()):
            raise _email_exists(user.email)
        if user.id in self._s.users:
            raise Conflict(f"a user with id {user.id} exists", code="user_exists")
        self._s.users[user.id] = _detached_user(user)

    def get(self, user_id: str) -> User:
        """A user."""
        try:
            return _detached_user(self._s.users[user_id])
        except KeyError:
            raise NotFound(f"no user {user_id}", code="user_not_found") from None

    def find_by_email(self, email: str) -> User | None:
        """The user with this normalised e-mail, if any."""
        found = next((u for u in self._s.users.values() if u.email == email), None)
        return None if found is None else _detached_user(found)

    def update(self, user: User) -> None:
        """Overwrite a user."""
        if user.id not in self._s.users:
            raise NotFound(f"no user {user.id}", code="user_not_found")
        if any(u.email == user.email and u.id != user.id for u in self._s.users.values()):
            raise _email_exists(user.email)
        self._s.users[user.id] = _detached_user(user)


class InMemoryIdentityRepository(_Repository):
    """Identities by id."""

    def add(self, identity: Identity) -> None:
        """Store an identity."""
        if self.find(identity.provider, identity.provider_id) is not None:
            raise Conflict(
                f"this {identity.provider} account is linked already",
                code="identity_already_exists",
            )
        if identity.id in self._s.identities:
            raise Conflict(f"an identity with id {identity.id} exists", code="identity_exists")
        if identity.user_id not in self._s.users:
            raise _unknown_user(identity.user_id)
        self._s.identities[identity.id] = _detached_identity(identity)

    def for_user(self, user_id: str) -> Sequence[Identity]:
        """A user's identities, oldest first."""
        mine = [i for i in self._s.identities.values() if i.user_id == user_id]
        return [_detached_identity(i) for i in sorted(mine, key=lambda i: (i.created_at, i.id))]

    def find(self, provider: str, provider_id: str) -> Identity | None:
        """The identity of a provider account, if linked."""
        for identity in self._s.identities.values():
            if identity.provider == provider and identity.provider_id == provider_id:
                return _detached_identity(identity)
        return None

    def update(self, identity: Identity) -> None:
        """Overwrite an identity's data, e-mail and times."""
        stored = self._s.identities.get(identity.id)
        if stored is None:
            raise NotFound(f"no identity {identity.id}", code="identity_not_found")
        self._s.identities[identity.id] = _detached_identity(
            attrs.evolve(
                stored,
                identity_data=identity.identity_data,
                email=identity.email,
                updated_at=identity.updated_at,
                last_sign_in_at=identity.last_sign_in_at,
            )
        )

    def delete(self, identity_id: str) -> None:
        """Remove an identity."""
        if self._s.identities.pop(identity_id, None) is None:
            raise NotFound(f"no identity {identity_id}", code="identity_not_found")


class InMemorySessionRepository(_Repository):
    """Sessions by id; ending one deletes its refresh tokens."""

    def add(self, session: AuthSession) -> None:
        """Store a new session."""
        if session.id in self._s.sessions:
            raise Conflict(f"a session with id {session.id} exists", code="session_exists")
        if session.user_id not in self._s.users:
            raise _unknown_user(session.user_id)
        self._s.sessions[session.id] = session

    def get(self, session_id: str) -> AuthSession | None:
        """A session, if it still exists."""
        return self._s.sessions.get(session_id)

    def update(self, session: AuthSession) -> None:
        """Overwrite a session."""
        if session.id not in self._s.sessions:
            raise NotFound(f"no session {session.id}", code="session_not_found")
        if session.user_id not in self._s.users:
            raise _unknown_user(session.user_id)
        self._s.sessions[session.id] = session

    def delete(self, session_id: str) -> None:
        """End a session and delete its refresh tokens."""
        self._end({session_id})

    def delete_for_user(self, user_id: str, *, keep: str | None = None) -> int:
        """End every session of a user except ``keep``; answer how many ended."""
        return self._end(
            {s.id for s in self._s.sessions.values() if s.user_id == user_id and s.id != keep}
        )

    def count_for_user(self, user_id: str) -> int:
        """How many sessions a user has."""
        return sum(1 for s in self._s.sessions.values() if s.user_id == user_id)

    def _end(self, session_ids: set[str]) -> int:
        tokens = self._s.refresh_tokens
        for token_hash in [h for h, t in tokens.items() if t.session_id in session_ids]:
            del tokens[token_hash]
        return sum(self._s.sessions.pop(sid, None) is not None for sid in session_ids)


class InMemoryRefreshTokenRepository(_Repository):
    """Refresh tokens by hash."""

    def add(self, token: RefreshToken) -> None:
        """Store a new token."""
        if token.token_hash in self._s.refresh_tokens:
            raise Conflict("this refresh token exists", code="refresh_token_exists")
        if token.session_id not in self._s.sessions:
            raise Conflict(f"no session {token.session_id} for this token", code="unknown_session")
        self._s.refresh_tokens[token.token_hash] = token

    def find(self, token_hash: str) -> RefreshToken | None:
        """A token by its hash, if known."""
        return self._s.refresh_tokens.get(token_hash)

    def latest(self, session_id: str) -> RefreshToken | None:
        """The newest token of a session; of tokens created at the same moment, an unrevoked
        one first, then the smallest hash."""
        tokens = sorted(
            (t for t in self._s.refresh_tokens.values() if t.session_id == session_id),
            key=lambda t: t.token_hash,
        )
        tokens.sort(key=lambda t: t.revoked)
        tokens.sort(key=lambda t: t.created_at, reverse=True)
        return tokens[0] if tokens else None

    def mark_used(self, token_hash: str) -> bool:
        """Revoke a token if it is not revoked yet; answer whether this call did it."""
        token = self._s.refresh_tokens.get(token_hash)
        if token is None or token.revoked:
            return False
        self._s.refresh_tokens[token_hash] = attrs.evolve(token, revoked=True)
        return True

    def delete_replaced_before(self, moment: datetime) -> int:
        """Delete used tokens whose successor was created before ``moment``."""
        tokens = self._s.refresh_tokens
        replaced = {
            t.parent_hash for t in tokens.values() if t.parent_hash and t.created_at < moment
        }
        gone = [h for h in replaced if h in tokens and tokens[h].revoked]
        for token_hash in gone:
            del tokens[token_hash]
        return len(gone)


class InMemoryFactorRepository(_Repository):
    """MFA factors by id; deleting one deletes its challenges."""

    def add(self, factor: Factor) -> None:
        """Store a new factor."""
        if factor.id in self._s.factors:
            raise Conflict(f"a factor with id {factor.id} exists", code="factor_exists")
        if factor.user_id not in self._s.users:
            raise _unknown_user(factor.user_id)
        self._s.factors[factor.id] = factor

    def get(self, factor_id: str) -> Factor | None:
        """A factor, if it exists."""
        return self._s.factors.get(factor_id)

    def for_user(self, user_id: str) -> Sequence[Factor]:
        """A user's factors, oldest first."""
        mine = [f for f in self._s.factors.values() if f.user_id == user_id]
        return sorted(mine, key=lambda f: (f.created_at, f.id))

    def update(self, factor: Factor) -> None:
        """Overwrite a factor."""
        if factor.id not in self._s.factors:
            raise NotFound(f"no factor {factor.id}", code="factor_not_found")
        if factor.user_id not in self._s.users:
            raise _unknown_user(factor.user_id)
        self._s.factors[factor.id] = factor

    def use_totp_step(self, factor_id: str, step: int) -> bool:
        """Record a later TOTP step; answer whether this call did it."""
        factor = self._s.factors.get(factor_id)
        if factor is None or not fresh_totp_step(factor, step):
            return False
        self._s.factors[factor_id] = attrs.evolve(factor, last_totp_step=step)
        return True

    def delete(self, factor_id: str) -> None:
        """Remove a factor and its challenges."""
        challenges = self._s.challenges
        for challenge_id in [c.id for c in challenges.values() if c.factor_id == factor_id]:
            del challenges[challenge_id]
        self._s.factors.pop(factor_id, None)


class InMemoryChallengeRepository(_Repository):
    """MFA challenges by id."""

    def add(self, challenge: Challenge) -> None:
        """Store a new challenge."""
        if challenge.id in self._s.challenges:
            raise Conflict(f"a challenge with id {challenge.id} exists", code="challenge_exists")
        if challenge.factor_id not in self._s.factors:
            raise Conflict(f"no factor {challenge.factor_id} to challenge", code="unknown_factor")
        self._s.challenges[challenge.id] = challenge

    def get(self, challenge_id: str) -> Challenge | None:
        """A challenge, if it exists."""
        return self._s.challenges.get(challenge_id)

    def mark_verified(self, challenge_id: str, at: datetime) -> bool:
        """Mark a challenge verified if it was not; answer whether this call did it."""
        challenge = self._s.challenges.get(challenge_id)
        if challenge is None or challenge.verified_at is not None:
            return False
        self._s.challenges[challenge_id] = attrs.evolve(challenge, verified_at=at)
        return True


class InMemoryOneTimeTokenRepository(_Repository):
    """Mailed tokens by hash, one per user and kind."""

    def put(self, token: OneTimeToken) -> None:
        """Store a token, replacing the user's previous token of the same kind."""
        tokens = self._s.one_time_tokens
        for token_hash in [
            h for h, t in tokens.items() if t.user_id == token.user_id and t.kind is token.kind
        ]:
            del tokens[token_hash]
        if token.token_hash in tokens:
            raise Conflict("this one-time token exists", code="one_time_token_exists")
        if token.user_id not in self._s.users:
            raise _unknown_user(token.user_id)
        tokens[token.token_hash] = token

    def take(self, token_hash: str, kind: OneTimeTokenKind) -> OneTimeToken | None:
        """Remove and answer the token with this hash and kind, if any."""
        token = self._s.one_time_tokens.get(token_hash)
        if token is None or token.kind is not kind:
            return None
        del self._s.one_time_tokens[token_hash]
        return token

    def delete_created_before(self, moment: datetime) -> int:
        """Delete tokens created before ``moment``."""
        tokens = self._s.one_time_tokens
        gone = [h for h, t in tokens.items() if t.created_at < moment]
        for token_hash in gone:
            del tokens[token_hash]
        return len(gone)


class InMemoryProfileRepository(_Repository):
    """Profiles by user id."""

    def add(self, profile: Profile) -> None:
        """Store a new profile."""
        if profile.id in self._s.profiles:
            raise Conflict(f"user {profile.id} has a profile", code="profile_exists")
        self._check_unique(profile)
        if profile.id not in self._s.users:
            raise _unknown_user(profile.id)
        self._s.profiles[profile.id] = profile

    def get(self, user_id: str) -> Profile:
        """A profile."""
        try:
            return self._s.profiles[user_id]
        except KeyError:
            raise NotFound(f"no profile for user {user_id}", code="profile_not_found") from None

    def find_by_referral_code(self, code: str) -> Profile | None:
        """The profile whose own referral code this is."""
        return next((p for p in self._s.profiles.values() if p.referral_code == code), None)

    def update(self, profile: Profile) -> None:
        """Overwrite a profile."""
        if profile.id not in self._s.profiles:
            raise NotFound(f"no profile for user {profile.id}", code="profile_not_found")
        self._check_unique(profile)
        self._s.profiles[profile.id] = profile

    def find_by_email(self, email: str) -> Profile | None:
        """The profile of an e-mail address (the oldest, should several share it)."""
        matching = [p for p in self._s.profiles.values() if p.email == email]
        return min(matching, key=lambda p: (p.created_at, p.id), default=None)

    def _check_unique(self, profile: Profile) -> None:
        others = [p for p in self._s.profiles.values() if p.id != profile.id]
        if any(p.referral_code == profile.referral_code for p in others):
            raise Conflict(
                f"referral code {profile.referral_code} is taken", code="referral_code_taken"
            )
        if profile.username is not None and any(p.username == profile.username for p in others):
            raise Conflict(f"username {profile.username} is taken", code="username_taken")


class InMemoryReferralRepository(_Repository):
    """Referrals by id."""

    def add(self, referral: Referral) -> None:
        """Store a referral."""
        if self.for_referred(referral.referred_id) is not None:
            raise Conflict(
                f"user {referral.referred_id} was referred already", code="already_referred"
            )
        if referral.id in self._s.referrals:
            raise Conflict(f"a referral with id {referral.id} exists", code="referral_exists")
        self._s.referrals[referral.id] = referral

    def for_referrer(self, referrer_id: str) -> Sequence[Referral]:
        """A referrer's referrals, newest first (ties by id)."""
        mine = sorted(
            (r for r in self._s.referrals.values() if r.referrer_id == referrer_id),
            key=lambda r: r.id,
        )
        mine.sort(key=lambda r: r.created_at, reverse=True)
        return mine

    def for_referred(self, referred_id: str) -> Referral | None:
        """The referral that brought a user, if any."""
        return next((r for r in self._s.referrals.values() if r.referred_id == referred_id), None)

    def completed_per_day(self, since: datetime, until: datetime) -> Mapping[date, int]:
        """Completed referrals per UTC day of ``created_at`` in ``[since, until)``."""
        days: dict[date, int] = {}
        for referral in self._s.referrals.values():
            if referral.status is ReferralStatus.COMPLETED and since <= referral.created_at < until:
                day = referral.created_at.astimezone(UTC).date()
                days[day] = days.get(day, 0) + 1
        return days


class InMemoryCreditLedger(_Repository):
    """The credits ledger by line id."""

    def lock(self, user_id: str) -> None:
        """Nothing to do: the unit of work holds the whole store already."""

    def append(self, entry: CreditEntry) -> None:
        """Add a line."""
        if any(
            (e.user_id, e.reason, e.reference) == (entry.user_id, entry.reason, entry.reference)
            for e in self._s.credits.values()
        ):
            raise Conflict(
                f"user {entry.user_id} has a {entry.reason.value} line for "
                f"{entry.reference} already",
                code="duplicate_credit",
            )
        if entry.id in self._s.credits:
            raise Conflict(f"a ledger line with id {entry.id} exists", code="credit_entry_exists")
        self._s.credits[entry.id] = entry

    def entries(self, user_id: str) -> Sequence[CreditEntry]:
        """A user's lines, oldest first (ties by id)."""
        mine = [e for e in self._s.credits.values() if e.user_id == user_id]
        return sorted(mine, key=lambda e: (e.created_at, e.id))

    def balance(self, user_id: str) -> int:
        """The sum of a user's lines."""
        return sum(e.delta for e in self._s.credits.values() if e.user_id == user_id)


def _check_limit(limit: int) -> None:
    if limit < 0:
        raise ValueError(f"limit must not be negative, not {limit}")


class InMemoryPaymentRepository(_Repository):
    """Payment attempts by reference."""

    def add(self, payment: Payment) -> None:
        """Store a new attempt."""
        if payment.reference in self._s.payments:
            raise Conflict(
                f"a payment with reference {payment.reference} exists", code="duplicate_reference"
            )
        self._s.payments[payment.reference] = payment

    def get(self, reference: str) -> Payment | None:
        """An attempt by reference."""
        return self._s.payments.get(reference)

    def get_for_update(self, reference: str) -> Payment | None:
        """An attempt by reference (the unit of work holds the whole store already)."""
        return self._s.payments.get(reference)

    def update(self, payment: Payment) -> None:
        """Overwrite an attempt."""
        if payment.reference not in self._s.payments:
            raise NotFound(f"no payment {payment.reference}", code="payment_not_found")
        self._s.payments[payment.reference] = payment

    def pending_before(self, moment: datetime, limit: int) -> Sequence[Payment]:
        """Pending attempts created before ``moment``, oldest first (ties by reference)."""
        _check_limit(limit)
        pending = [
            p
            for p in self._s.payments.values()
            if p.status is PaymentStatus.PENDING and p.created_at < moment
        ]
        return sorted(pending, key=lambda p: (p.created_at, p.reference))[:limit]

    def for_user(self, user_id: str, limit: int, offset: int = 0) -> Sequence[Payment]:
        """A user's attempts, newest first (ties by reference)."""
        _check_limit(limit)
        _check_limit(offset)
        mine = sorted(
            (p for p in self._s.payments.values() if p.user_id == user_id),
            key=lambda p: p.reference,
        )
        mine.sort(key=lambda p: p.created_at, reverse=True)
        return mine[offset : offset + limit]

    def count_for_user(self, user_id: str) -> int:
        """How many attempts a user has."""
        return sum(1 for p in self._s.payments.values() if p.user_id == user_id)

    def payers_between(self, since: datetime, until: datetime) -> tuple[int, int]:
        """Distinct users who started a payment, and whose payment succeeded, in the span."""
        payments = self._s.payments.values()
        started = {p.user_id for p in payments if since <= p.created_at < until}
        succeeded = {
            p.user_id
            for p in payments
            if p.status is PaymentStatus.SUCCEEDED
            and p.paid_at is not None
            and since <= p.paid_at < until
        }
        return len(started), len(succeeded)


class InMemorySubscriptionRepository(_Repository):
    """Subscriptions by user and plan."""

    def get(self, user_id: str, plan_id: str) -> Subscription | None:
        """A user's subscription to a plan."""
        return self._s.subscriptions.get((user_id, plan_id))

    def put(self, subscription: Subscription) -> None:
        """Store or overwrite a subscription."""
        if subscription.user_id not in self._s.users:
            raise _unknown_user(subscription.user_id)
        self._s.subscriptions[(subscription.user_id, subscription.plan_id)] = subscription

    def ended_before(self, moment: datetime, limit: int) -> Sequence[Subscription]:
        """Unexpired subscriptions whose period ended before ``moment``, oldest end first
        (ties by user and plan)."""
        _check_limit(limit)
        ended = [
            s
            for s in self._s.subscriptions.values()
            if s.expired_at is None and s.current_period_end < moment
        ]
        return sorted(ended, key=lambda s: (s.current_period_end, s.user_id, s.plan_id))[:limit]


class InMemoryAccountsStore:
    """The committed accounts state, shared by every unit of work made from it."""

    def __init__(self) -> None:
        self._state = _State()
        self._lock = threading.Lock()
        self._holder: int | None = None

    def unit_of_work(self) -> AccountsUnitOfWork:
        """A new unit of work (enter it with ``with``); this method is the factory services
        take."""
        return InMemoryAccountsUnitOfWork(self)

    def _open(self) -> _State:
        if self._holder == threading.get_ident():
            raise RuntimeError(
                "this thread has an accounts unit of work open already; "
                "a nested one would wait for itself"
            )
        self._lock.acquire()
        self._holder = threading.get_ident()
        return self._state.copy()

    def _publish(self, state: _State) -> None:
        self._state = state.copy()

    def _close(self) -> None:
        self._holder = None
        self._lock.release()


class InMemoryAccountsUnitOfWork:
    """A unit of work over an :class:`InMemoryAccountsStore`.

    Use it once, in a ``with`` block; it rolls back on exit unless ``commit()`` was called.
    """

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

    def __init__(self, store: InMemoryAccountsStore) -> None:
        self._store = store
        self._state: _State | None = None
        self._entered = False

    def __enter__(self) -> Self:
        """Wait for the store, then work on a copy of its state."""
        if self._entered:
            raise RuntimeError("this unit of work is in use; make a new one")
        state = self._store._open()
        self._entered = True
        self._state = state
        self.users = InMemoryUserRepository(state)
        self.identities = InMemoryIdentityRepository(state)
        self.sessions = InMemorySessionRepository(state)
        self.refresh_tokens = InMemoryRefreshTokenRepository(state)
        self.factors = InMemoryFactorRepository(state)
        self.challenges = InMemoryChallengeRepository(state)
        self.one_time_tokens = InMemoryOneTimeTokenRepository(state)
        self.profiles = InMemoryProfileRepository(state)
        self.referrals = InMemoryReferralRepository(state)
        self.credits = InMemoryCreditLedger(state)
        self.payments = InMemoryPaymentRepository(state)
        self.subscriptions = InMemorySubscriptionRepository(state)
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        """Throw away whatever was not committed and release the store."""
        if self._state is not None:
            self._state = None
            self._store._close()

    def commit(self) -> None:
        """Make every change since the start (or the last commit) visible."""
        if self._state is None:
            raise RuntimeError("commit() outside the with block")
        self._store._publish(self._state)
