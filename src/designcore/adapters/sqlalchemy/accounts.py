"""SQLAlchemy accounts repositories and their unit of work (SQLite and PostgreSQL).

One unit of work is one connection and one transaction; it rolls back unless ``commit()`` was
called. Repositories speak Core through that connection and translate rows with
:mod:`designcore.adapters.sqlalchemy.accounts_mapping`.

Concurrency:

- ``RefreshTokenRepository.mark_used`` and ``ChallengeRepository.mark_verified`` are
  compare-and-set updates (``… WHERE revoked = false``) judged by their row count.
- ``CreditLedger.lock`` serialises spends. PostgreSQL: ``SELECT … FROM profiles … FOR UPDATE``
  (an advisory transaction lock when the user has no profile). SQLite: every transaction of
  an accounts unit of work starts with ``BEGIN IMMEDIATE``, so it holds the database's write
  lock from its first statement and a balance read can never be overtaken by another writer
  (pysqlite would otherwise begin lazily at the first write, and the upgrade from reader to
  writer fails in WAL mode instead of waiting). Only these connections do this; the engine's
  other users keep pysqlite's default behaviour.
- ``PaymentRepository.get_for_update`` locks the payment's row: PostgreSQL ``SELECT … FOR
  UPDATE`` (a second verification of the same reference waits for the first to commit and
  then reads what it wrote); SQLite needs nothing more than the ``BEGIN IMMEDIATE`` above.
  A read-only unit of work refuses it.
- ``SubscriptionRepository.put`` is one ``INSERT … ON CONFLICT DO UPDATE`` (both dialects).

Vendor exceptions stay inside: constraint violations become ``Conflict`` with the port's code
(the failed write runs in a savepoint, so the unit of work stays usable), other database
errors become ``Unavailable``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, date, datetime
from types import TracebackType
from typing import Any, Self

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import DBAPIError, IntegrityError

from designcore.adapters.sqlalchemy.accounts_mapping import (
    challenge_from_domain,
    challenge_to_domain,
    credit_entry_from_domain,
    credit_entry_to_domain,
    factor_from_domain,
    factor_to_domain,
    identity_from_domain,
    identity_to_domain,
    one_time_token_from_domain,
    one_time_token_to_domain,
    payment_from_domain,
    payment_to_domain,
    profile_from_domain,
    profile_to_domain,
    referral_from_domain,
    referral_to_domain,
    refresh_token_from_domain,
    refresh_token_to_domain,
    session_from_domain,
    session_to_domain,
    subscription_from_domain,
    subscription_to_domain,
    user_from_domain,
    user_to_domain,
)
from designcore.adapters.sqlalchemy.accounts_tables import (
    CHALLENGES,
    CREDIT_ENTRIES,
    FACTORS,
    IDENTITIES,
    ONE_TIME_TOKENS,
    PAYMENTS,
    PROFILES,
    REFERRALS,
    REFRESH_TOKENS,
    SESSIONS,
    SUBSCRIPTIONS,
    USERS,
)
from designcore.adapters.sqlalchemy.failures import database_unavailable
from designcore.adapters.sqlalchemy.mapping import utc
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
from designcore.domain.errors import Conflict, NotFound, Unavailable
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

_U, _I, _S, _R = USERS.c, IDENTITIES.c, SESSIONS.c, REFRESH_TOKENS.c
_F, _CH, _O, _P = FACTORS.c, CHALLENGES.c, ONE_TIME_TOKENS.c, PROFILES.c
_RF, _CE, _PM, _SB = REFERRALS.c, CREDIT_ENTRIES.c, PAYMENTS.c, SUBSCRIPTIONS.c

Check = tuple[sa.Select[Any], Conflict]
"""A query that finds a row when a write broke one rule, and the conflict to raise then."""


def _unavailable(error: DBAPIError) -> Unavailable:
    return database_unavailable("accounts", error)


def _exists(table: sa.Table, *conditions: sa.ColumnElement[bool]) -> sa.Select[Any]:
    return sa.select(sa.literal(1)).select_from(table).where(*conditions).limit(1)


class _Transaction:
    """The unit of work's connection: begins transactions and keeps vendor errors inside."""

    def __init__(self, connection: sa.Connection, *, read_only: bool = False) -> None:
        self.connection = connection
        self.read_only = read_only
        self._immediate = connection.dialect.name == "sqlite" and not read_only

    def begin(self) -> None:
        """Start a transaction unless one is open (on SQLite, with the write lock taken)."""
        if self.connection.in_transaction():
            return
        try:
            self.connection.begin()
            if self._immediate:
                self.connection.exec_driver_sql("BEGIN IMMEDIATE")
        except DBAPIError as error:
            self.connection.rollback()
            raise _unavailable(error) from error

    def execute(self, statement: sa.Executable) -> sa.CursorResult[Any]:
        """Run one statement; a constraint violation here is a bare ``Conflict``."""
        if self.read_only and isinstance(statement, sa.Insert | sa.Update | sa.Delete):
            raise RuntimeError("a read-only unit of work cannot write")
        self.begin()
        try:
            return self.connection.execute(statement)
        except IntegrityError as error:
            raise Conflict("the change clashes with stored accounts data") from error
        except DBAPIError as error:
            raise _unavailable(error) from error

    def write(
        self, statement: sa.Executable, checks: Sequence[Check], fallback: Conflict
    ) -> sa.CursorResult[Any]:
        """Run a write in a savepoint; when it breaks a constraint, roll back to the savepoint
        and raise the conflict of the first check that finds a row, else ``fallback``."""
        if self.read_only:
            raise RuntimeError("a read-only unit of work cannot write")
        self.begin()
        try:
            with self.connection.begin_nested():
                return self.connection.execute(statement)
        except IntegrityError as error:
            for query, conflict in checks:
                if self.execute(query).first() is not None:
                    raise conflict from error
            raise fallback from error
        except DBAPIError as error:
            raise _unavailable(error) from error

    def one(self, statement: sa.Select[Any]) -> sa.RowMapping | None:
        """The first row of a query, as a mapping."""
        return self.execute(statement).mappings().first()

    def all(self, statement: sa.Select[Any]) -> Sequence[sa.RowMapping]:
        """Every row of a query, as mappings."""
        return self.execute(statement).mappings().all()


class _Repository:
    def __init__(self, transaction: _Transaction) -> None:
        self._tx = transaction


class SqlAlchemyUserRepository(_Repository):
    """Users in ``users``."""

    def add(self, user: User) -> None:
        """Store a new user."""
        taken = Conflict(f"a user with id {user.id} exists", code="user_exists")
        self._tx.write(
            sa.insert(USERS).values(user_from_domain(user)),
            [
                (_exists(USERS, _U.email == user.email), _email_exists(user.email)),
                (_exists(USERS, _U.id == user.id), taken),
            ],
            taken,
        )

    def get(self, user_id: str) -> User:
        """A user."""
        row = self._tx.one(sa.select(USERS).where(_U.id == user_id))
        if row is None:
            raise NotFound(f"no user {user_id}", code="user_not_found")
        return user_to_domain(row)

    def find_by_email(self, email: str) -> User | None:
        """The user with this normalised e-mail, if any."""
        row = self._tx.one(sa.select(USERS).where(_U.email == email))
        return None if row is None else user_to_domain(row)

    def update(self, user: User) -> None:
        """Overwrite a user."""
        values = user_from_domain(user)
        del values["id"]
        result = self._tx.write(
            sa.update(USERS).where(_U.id == user.id).values(values),
            [(_exists(USERS, _U.email == user.email, _U.id != user.id), _email_exists(user.email))],
            Conflict(f"user {user.id} clashes with stored data"),
        )
        if result.rowcount == 0:
            raise NotFound(f"no user {user.id}", code="user_not_found")


def _email_exists(email: str) -> Conflict:
    return Conflict(f"a user with e-mail {email} exists", code="email_exists")


class SqlAlchemyIdentityRepository(_Repository):
    """Sign-in identities in ``identities``."""

    def add(self, identity: Identity) -> None:
        """Store an identity."""
        self._tx.write(
            sa.insert(IDENTITIES).values(identity_from_domain(identity)),
            [
                (
                    _exists(
                        IDENTITIES,
                        _I.provider == identity.provider,
                        _I.provider_id == identity.provider_id,
                    ),
                    Conflict(
                        f"this {identity.provider} account is linked already",
                        code="identity_already_exists",
                    ),
                ),
                (
                    _exists(IDENTITIES, _I.id == identity.id),
                    Conflict(f"an identity with id {identity.id} exists", code="identity_exists"),
                ),
            ],
            _unknown_user(identity.user_id),
        )

    def for_user(self, user_id: str) -> Sequence[Identity]:
        """A user's identities, oldest first."""
        query = sa.select(IDENTITIES).where(_I.user_id == user_id).order_by(_I.created_at, _I.id)
        return [identity_to_domain(row) for row in self._tx.all(query)]

    def find(self, provider: str, provider_id: str) -> Identity | None:
        """The identity of a provider account, if linked."""
        row = self._tx.one(
            sa.select(IDENTITIES).where(_I.provider == provider, _I.provider_id == provider_id)
        )
        return None if row is None else identity_to_domain(row)

    def update(self, identity: Identity) -> None:
        """Overwrite an identity's data, e-mail and times."""
        values = identity_from_domain(identity)
        changed = {
            key: values[key] for key in ("identity_data", "email", "updated_at", "last_sign_in_at")
        }
        result = self._tx.execute(sa.update(IDENTITIES).where(_I.id == identity.id).values(changed))
        if result.rowcount == 0:
            raise NotFound(f"no identity {identity.id}", code="identity_not_found")

    def delete(self, identity_id: str) -> None:
        """Remove an identity."""
        result = self._tx.execute(sa.delete(IDENTITIES).where(_I.id == identity_id))
        if result.rowcount == 0:
            raise NotFound(f"no identity {identity_id}", code="identity_not_found")


def _unknown_user(user_id: str) -> Conflict:
    return Conflict(f"no user {user_id} to attach this to", code="unknown_user")


class SqlAlchemySessionRepository(_Repository):
    """Sessions in ``auth_sessions``; ending one deletes its refresh tokens."""

    def add(self, session: AuthSession) -> None:
        """Store a new session."""
        self._tx.write(
            sa.insert(SESSIONS).values(session_from_domain(session)),
            [
                (
                    _exists(SESSIONS, _S.id == session.id),
                    Conflict(f"a session with id {session.id} exists", code="session_exists"),
                )
            ],
            _unknown_user(session.user_id),
        )

    def get(self, session_id: str) -> AuthSession | None:
        """A session, if it still exists."""
        row = self._tx.one(sa.select(SESSIONS).where(_S.id == session_id))
        return None if row is None else session_to_domain(row)

    def update(self, session: AuthSession) -> None:
        """Overwrite a session."""
        values = session_from_domain(session)
        del values["id"]
        result = self._tx.write(
            sa.update(SESSIONS).where(_S.id == session.id).values(values),
            [],
            _unknown_user(session.user_id),
        )
        if result.rowcount == 0:
            raise NotFound(f"no session {session.id}", code="session_not_found")

    def delete(self, session_id: str) -> None:
        """End a session and delete its refresh tokens."""
        self._tx.execute(sa.delete(REFRESH_TOKENS).where(_R.session_id == session_id))
        self._tx.execute(sa.delete(SESSIONS).where(_S.id == session_id))

    def delete_for_user(self, user_id: str, *, keep: str | None = None) -> int:
        """End every session of a user except ``keep``; answer how many ended."""
        conditions = [_S.user_id == user_id]
        if keep is not None:
            conditions.append(_S.id != keep)
        ending = sa.select(_S.id).where(*conditions).scalar_subquery()
        self._tx.execute(sa.delete(REFRESH_TOKENS).where(_R.session_id.in_(ending)))
        return int(self._tx.execute(sa.delete(SESSIONS).where(*conditions)).rowcount)

    def count_for_user(self, user_id: str) -> int:
        """How many sessions a user has."""
        query = sa.select(sa.func.count()).select_from(SESSIONS).where(_S.user_id == user_id)
        return int(self._tx.execute(query).scalar_one())


class SqlAlchemyRefreshTokenRepository(_Repository):
    """Refresh tokens in ``refresh_tokens``."""

    def add(self, token: RefreshToken) -> None:
        """Store a new token."""
        self._tx.write(
            sa.insert(REFRESH_TOKENS).values(refresh_token_from_domain(token)),
            [
                (
                    _exists(REFRESH_TOKENS, _R.token_hash == token.token_hash),
                    Conflict("this refresh token exists", code="refresh_token_exists"),
                )
            ],
            Conflict(f"no session {token.session_id} for this token", code="unknown_session"),
        )

    def find(self, token_hash: str) -> RefreshToken | None:
        """A token by its hash, if known."""
        row = self._tx.one(sa.select(REFRESH_TOKENS).where(_R.token_hash == token_hash))
        return None if row is None else refresh_token_to_domain(row)

    def latest(self, session_id: str) -> RefreshToken | None:
        """The newest token of a session; of tokens created at the same moment, an unrevoked
        one (the successor of a token is added after the token was marked used)."""
        row = self._tx.one(
            sa.select(REFRESH_TOKENS)
            .where(_R.session_id == session_id)
            .order_by(_R.created_at.desc(), _R.revoked, _R.token_hash)
            .limit(1)
        )
        return None if row is None else refresh_token_to_domain(row)

    def mark_used(self, token_hash: str) -> bool:
        """Revoke a token if it is not revoked yet (compare-and-set); answer whether this call
        did it."""
        result = self._tx.execute(
            sa.update(REFRESH_TOKENS)
            .where(_R.token_hash == token_hash, _R.revoked.is_(False))
            .values(revoked=True)
        )
        return result.rowcount == 1

    def delete_replaced_before(self, moment: datetime) -> int:
        """Delete used tokens whose successor was created before ``moment``."""
        child = REFRESH_TOKENS.alias("child")
        replaced = sa.select(child.c.parent_hash).where(
            child.c.parent_hash.is_not(None), child.c.created_at < utc(moment)
        )
        result = self._tx.execute(
            sa.delete(REFRESH_TOKENS).where(_R.revoked.is_(True), _R.token_hash.in_(replaced))
        )
        return int(result.rowcount)


class SqlAlchemyFactorRepository(_Repository):
    """MFA factors in ``mfa_factors``; deleting one deletes its challenges."""

    def add(self, factor: Factor) -> None:
        """Store a new factor."""
        self._tx.write(
            sa.insert(FACTORS).values(factor_from_domain(factor)),
            [
                (
                    _exists(FACTORS, _F.id == factor.id),
                    Conflict(f"a factor with id {factor.id} exists", code="factor_exists"),
                )
            ],
            _unknown_user(factor.user_id),
        )

    def get(self, factor_id: str) -> Factor | None:
        """A factor, if it exists."""
        row = self._tx.one(sa.select(FACTORS).where(_F.id == factor_id))
        return None if row is None else factor_to_domain(row)

    def for_user(self, user_id: str) -> Sequence[Factor]:
        """A user's factors, oldest first."""
        query = sa.select(FACTORS).where(_F.user_id == user_id).order_by(_F.created_at, _F.id)
        return [factor_to_domain(row) for row in self._tx.all(query)]

    def update(self, factor: Factor) -> None:
        """Overwrite a factor."""
        values = factor_from_domain(factor)
        del values["id"]
        result = self._tx.write(
            sa.update(FACTORS).where(_F.id == factor.id).values(values),
            [],
            _unknown_user(factor.user_id),
        )
        if result.rowcount == 0:
            raise NotFound(f"no factor {factor.id}", code="factor_not_found")

    def use_totp_step(self, factor_id: str, step: int) -> bool:
        """Record a later TOTP step in one conditional UPDATE: a racing transaction waits on
        the row lock and then finds the condition false."""
        result = self._tx.execute(
            sa.update(FACTORS)
            .where(
                _F.id == factor_id,
                sa.or_(_F.last_totp_step.is_(None), _F.last_totp_step < step),
            )
            .values(last_totp_step=step)
        )
        return result.rowcount == 1

    def delete(self, factor_id: str) -> None:
        """Remove a factor and its challenges."""
        self._tx.execute(sa.delete(CHALLENGES).where(_CH.factor_id == factor_id))
        self._tx.execute(sa.delete(FACTORS).where(_F.id == factor_id))


class SqlAlchemyChallengeRepository(_Repository):
    """MFA challenges in ``mfa_challenges``."""

    def add(self, challenge: Challenge) -> None:
        """Store a new challenge."""
        self._tx.write(
            sa.insert(CHALLENGES).values(challenge_from_domain(challenge)),
            [
                (
                    _exists(CHALLENGES, _CH.id == challenge.id),
                    Conflict(f"a challenge with id {challenge.id} exists", code="challenge_exists"),
                )
            ],
            Conflict(f"no factor {challenge.factor_id} to challenge", code="unknown_factor"),
        )

    def get(self, challenge_id: str) -> Challenge | None:
        """A challenge, if it exists."""
        row = self._tx.one(sa.select(CHALLENGES).where(_CH.id == challenge_id))
        return None if row is None else challenge_to_domain(row)

    def mark_verified(self, challenge_id: str, at: datetime) -> bool:
        """Mark a challenge verified if it was not (compare-and-set); answer whether this call
        did it."""
        result = self._tx.execute(
            sa.update(CHALLENGES)
            .where(_CH.id == challenge_id, _CH.verified_at.is_(None))
            .values(verified_at=utc(at))
        )
        return result.rowcount == 1


class SqlAlchemyOneTimeTokenRepository(_Repository):
    """Mailed tokens in ``one_time_tokens``, one per user and kind."""

    def put(self, token: OneTimeToken) -> None:
        """Store a token, replacing the user's previous token of the same kind."""
        self._tx.execute(
            sa.delete(ONE_TIME_TOKENS).where(
                _O.user_id == token.user_id, _O.kind == token.kind.value
            )
        )
        self._tx.write(
            sa.insert(ONE_TIME_TOKENS).values(one_time_token_from_domain(token)),
            [
                (
                    _exists(ONE_TIME_TOKENS, _O.token_hash == token.token_hash),
                    Conflict("this one-time token exists", code="one_time_token_exists"),
                )
            ],
            _unknown_user(token.user_id),
        )

    def take(self, token_hash: str, kind: OneTimeTokenKind) -> OneTimeToken | None:
        """Remove and answer the token with this hash and kind, if any (one ``DELETE …
        RETURNING``, so two concurrent takes cannot both get it)."""
        row = (
            self._tx.execute(
                sa.delete(ONE_TIME_TOKENS)
                .where(_O.token_hash == token_hash, _O.kind == kind.value)
                .returning(*ONE_TIME_TOKENS.c)
            )
            .mappings()
            .first()
        )
        return None if row is None else one_time_token_to_domain(row)

    def delete_created_before(self, moment: datetime) -> int:
        """Delete tokens created before ``moment``."""
        result = self._tx.execute(sa.delete(ONE_TIME_TOKENS).where(_O.created_at < utc(moment)))
        return int(result.rowcount)


class SqlAlchemyProfileRepository(_Repository):
    """Profiles in ``profiles``."""

    def add(self, profile: Profile) -> None:
        """Store a new profile."""
        self._tx.write(
            sa.insert(PROFILES).values(profile_from_domain(profile)),
            [
                (
                    _exists(PROFILES, _P.id == profile.id),
                    Conflict(f"user {profile.id} has a profile", code="profile_exists"),
                ),
                *self._unique_checks(profile),
            ],
            _unknown_user(profile.id),
        )

    def get(self, user_id: str) -> Profile:
        """A profile."""
        row = self._tx.one(sa.select(PROFILES).where(_P.id == user_id))
        if row is None:
            raise NotFound(f"no profile for user {user_id}", code="profile_not_found")
        return profile_to_domain(row)

    def find_by_referral_code(self, code: str) -> Profile | None:
        """The profile whose own referral code this is."""
        row = self._tx.one(sa.select(PROFILES).where(_P.referral_code == code))
        return None if row is None else profile_to_domain(row)

    def update(self, profile: Profile) -> None:
        """Overwrite a profile."""
        values = profile_from_domain(profile)
        del values["id"]
        result = self._tx.write(
            sa.update(PROFILES).where(_P.id == profile.id).values(values),
            self._unique_checks(profile),
            Conflict(f"profile {profile.id} clashes with stored data"),
        )
        if result.rowcount == 0:
            raise NotFound(f"no profile for user {profile.id}", code="profile_not_found")

    def find_by_email(self, email: str) -> Profile | None:
        """The profile of an e-mail address (the oldest, should several share it)."""
        row = self._tx.one(
            sa.select(PROFILES).where(_P.email == email).order_by(_P.created_at, _P.id).limit(1)
        )
        return None if row is None else profile_to_domain(row)

    @staticmethod
    def _unique_checks(profile: Profile) -> list[Check]:
        checks: list[Check] = [
            (
                _exists(PROFILES, _P.referral_code == profile.referral_code, _P.id != profile.id),
                Conflict(
                    f"referral code {profile.referral_code} is taken", code="referral_code_taken"
                ),
            )
        ]
        if profile.username is not None:
            checks.append(
                (
                    _exists(PROFILES, _P.username == profile.username, _P.id != profile.id),
                    Conflict(f"username {profile.username} is taken", code="username_taken"),
                )
            )
        return checks


class SqlAlchemyReferralRepository(_Repository):
    """Referrals in ``referrals``."""

    def add(self, referral: Referral) -> None:
        """Store a referral."""
        self._tx.write(
            sa.insert(REFERRALS).values(referral_from_domain(referral)),
            [
                (
                    _exists(REFERRALS, _RF.referred_id == referral.referred_id),
                    Conflict(
                        f"user {referral.referred_id} was referred already", code="already_referred"
                    ),
                ),
                (
                    _exists(REFERRALS, _RF.id == referral.id),
                    Conflict(f"a referral with id {referral.id} exists", code="referral_exists"),
                ),
            ],
            Conflict(f"referral {referral.id} clashes with stored data"),
        )

    def for_referrer(self, referrer_id: str) -> Sequence[Referral]:
        """A referrer's referrals, newest first (ties by id)."""
        query = (
            sa.select(REFERRALS)
            .where(_RF.referrer_id == referrer_id)
            .order_by(_RF.created_at.desc(), _RF.id)
        )
        return [referral_to_domain(row) for row in self._tx.all(query)]

    def for_referred(self, referred_id: str) -> Referral | None:
        """The referral that brought a user, if any."""
        row = self._tx.one(sa.select(REFERRALS).where(_RF.referred_id == referred_id))
        return None if row is None else referral_to_domain(row)

    def completed_per_day(self, since: datetime, until: datetime) -> Mapping[date, int]:
        """Completed referrals per UTC day of ``created_at`` in ``[since, until)``: the
        moments are read and grouped here, as SQLite and PostgreSQL cut days differently."""
        query = sa.select(_RF.created_at).where(
            _RF.status == ReferralStatus.COMPLETED.value,
            _RF.created_at >= utc(since),
            _RF.created_at < utc(until),
        )
        days: dict[date, int] = {}
        for (moment,) in self._tx.execute(query).all():
            day = utc(moment).astimezone(UTC).date()
            days[day] = days.get(day, 0) + 1
        return days


def _lock_profile_row(connection: sa.Connection, user_id: str) -> None:
    """PostgreSQL: lock the user's profile row until the transaction ends; a user without a
    profile gets a transaction-scoped advisory lock on the id instead."""
    locked = connection.execute(sa.select(_P.id).where(_P.id == user_id).with_for_update()).first()
    if locked is None:
        key = sa.func.hashtextextended(sa.cast(user_id, sa.Text), 0)
        connection.execute(sa.select(sa.func.pg_advisory_xact_lock(key)))


def _write_lock_held(connection: sa.Connection, user_id: str) -> None:
    """SQLite: nothing to do, the transaction began with ``BEGIN IMMEDIATE``."""


def _ledger_lock_for(dialect_name: str) -> Callable[[sa.Connection, str], None]:
    return _lock_profile_row if dialect_name == "postgresql" else _write_lock_held


class SqlAlchemyCreditLedger(_Repository):
    """The credits ledger in ``credit_entries``."""

    def __init__(self, transaction: _Transaction) -> None:
        super().__init__(transaction)
        self._lock = _ledger_lock_for(transaction.connection.dialect.name)

    def lock(self, user_id: str) -> None:
        """Hold the user's ledger until the unit of work ends."""
        self._tx.begin()
        try:
            self._lock(self._tx.connection, user_id)
        except DBAPIError as error:
            raise _unavailable(error) from error

    def append(self, entry: CreditEntry) -> None:
        """Add a line."""
        self._tx.write(
            sa.insert(CREDIT_ENTRIES).values(credit_entry_from_domain(entry)),
            [
                (
                    _exists(
                        CREDIT_ENTRIES,
                        _CE.user_id == entry.user_id,
                        _CE.reason == entry.reason.value,
                        _CE.reference == entry.reference,
                    ),
                    Conflict(
                        f"user {entry.user_id} has a {entry.reason.value} line for "
                        f"{entry.reference} already",
                        code="duplicate_credit",
                    ),
                ),
                (
                    _exists(CREDIT_ENTRIES, _CE.id == entry.id),
                    Conflict(
                        f"a ledger line with id {entry.id} exists", code="credit_entry_exists"
                    ),
                ),
            ],
            Conflict(f"ledger line {entry.id} clashes with stored data"),
        )

    def entries(self, user_id: str) -> Sequence[CreditEntry]:
        """A user's lines, oldest first (ties by id)."""
        query = (
            sa.select(CREDIT_ENTRIES).where(_CE.user_id == user_id).order_by(_CE.created_at, _CE.id)
        )
        return [credit_entry_to_domain(row) for row in self._tx.all(query)]

    def balance(self, user_id: str) -> int:
        """The sum of a user's lines."""
        query = sa.select(sa.func.coalesce(sa.func.sum(_CE.delta), 0)).where(_CE.user_id == user_id)
        return int(self._tx.execute(query).scalar_one())


def _check_limit(limit: int) -> None:
    if limit < 0:
        raise ValueError(f"limit must not be negative, not {limit}")


class SqlAlchemyPaymentRepository(_Repository):
    """Payment attempts in ``payments``."""

    def add(self, payment: Payment) -> None:
        """Store a new attempt."""
        duplicate = Conflict(
            f"a payment with reference {payment.reference} exists", code="duplicate_reference"
        )
        self._tx.write(
            sa.insert(PAYMENTS).values(payment_from_domain(payment)),
            [(_exists(PAYMENTS, _PM.reference == payment.reference), duplicate)],
            Conflict(f"payment {payment.reference} clashes with stored data"),
        )

    def get(self, reference: str) -> Payment | None:
        """An attempt by reference."""
        row = self._tx.one(sa.select(PAYMENTS).where(_PM.reference == reference))
        return None if row is None else payment_to_domain(row)

    def get_for_update(self, reference: str) -> Payment | None:
        """An attempt by reference, its row locked until the unit of work ends (``FOR
        UPDATE``, which SQLite leaves out: its transaction holds the write lock already)."""
        if self._tx.read_only:
            raise RuntimeError("a read-only unit of work cannot lock rows for update")
        row = self._tx.one(sa.select(PAYMENTS).where(_PM.reference == reference).with_for_update())
        return None if row is None else payment_to_domain(row)

    def update(self, payment: Payment) -> None:
        """Overwrite an attempt."""
        values = payment_from_domain(payment)
        del values["reference"]
        result = self._tx.write(
            sa.update(PAYMENTS).where(_PM.reference == payment.reference).values(values),
            [],
            Conflict(f"payment {payment.reference} clashes with stored data"),
        )
        if result.rowcount == 0:
            raise NotFound(f"no payment {payment.reference}", code="payment_not_found")

    def pending_before(self, moment: datetime, limit: int) -> Sequence[Payment]:
        """Pending attempts created before ``moment``, oldest first (ties by reference)."""
        _check_limit(limit)
        query = (
            sa.select(PAYMENTS)
            .where(_PM.status == PaymentStatus.PENDING.value, _PM.created_at < utc(moment))
            .order_by(_PM.created_at, _PM.reference)
            .limit(limit)
        )
        return [payment_to_domain(row) for row in self._tx.all(query)]

    def for_user(self, user_id: str, limit: int, offset: int = 0) -> Sequence[Payment]:
        """A user's attempts, newest first (ties by reference)."""
        _check_limit(limit)
        _check_limit(offset)
        query = (
            sa.select(PAYMENTS)
            .where(_PM.user_id == user_id)
            .order_by(_PM.created_at.desc(), _PM.reference)
            .limit(limit)
            .offset(offset)
        )
        return [payment_to_domain(row) for row in self._tx.all(query)]

    def count_for_user(self, user_id: str) -> int:
        """How many attempts a user has."""
        query = sa.select(sa.func.count()).select_from(PAYMENTS).where(_PM.user_id == user_id)
        return int(self._tx.execute(query).scalar_one())

    def payers_between(self, since: datetime, until: datetime) -> tuple[int, int]:
        """Two ``count(DISTINCT user_id)`` in one statement."""
        started = (
            sa.select(sa.func.count(sa.distinct(_PM.user_id)))
            .where(_PM.created_at >= utc(since), _PM.created_at < utc(until))
            .scalar_subquery()
        )
        succeeded = (
            sa.select(sa.func.count(sa.distinct(_PM.user_id)))
            .where(
                _PM.status == PaymentStatus.SUCCEEDED.value,
                _PM.paid_at >= utc(since),
                _PM.paid_at < utc(until),
            )
            .scalar_subquery()
        )
        row: Any = self._tx.execute(sa.select(started, succeeded)).one()
        return int(row[0]), int(row[1])


def _subscription_upsert(dialect_name: str, values: dict[str, Any]) -> sa.Insert:
    """``INSERT … ON CONFLICT (user_id, plan_id) DO UPDATE`` in the engine's dialect."""
    insert = postgresql.insert if dialect_name == "postgresql" else sqlite.insert
    statement = insert(SUBSCRIPTIONS).values(values)
    changed = {key: statement.excluded[key] for key in values if key not in ("user_id", "plan_id")}
    return statement.on_conflict_do_update(index_elements=["user_id", "plan_id"], set_=changed)


class SqlAlchemySubscriptionRepository(_Repository):
    """Subscriptions in ``subscriptions``."""

    def get(self, user_id: str, plan_id: str) -> Subscription | None:
        """A user's subscription to a plan."""
        row = self._tx.one(
            sa.select(SUBSCRIPTIONS).where(_SB.user_id == user_id, _SB.plan_id == plan_id)
        )
        return None if row is None else subscription_to_domain(row)

    def put(self, subscription: Subscription) -> None:
        """Store or overwrite a subscription."""
        self._tx.write(
            _subscription_upsert(
                self._tx.connection.dialect.name, subscription_from_domain(subscription)
            ),
            [],
            _unknown_user(subscription.user_id),
        )

    def ended_before(self, moment: datetime, limit: int) -> Sequence[Subscription]:
        """Unexpired subscriptions whose period ended before ``moment``, oldest end first
        (ties by user and plan)."""
        _check_limit(limit)
        query = (
            sa.select(SUBSCRIPTIONS)
            .where(_SB.expired_at.is_(None), _SB.current_period_end < utc(moment))
            .order_by(_SB.current_period_end, _SB.user_id, _SB.plan_id)
            .limit(limit)
        )
        return [subscription_to_domain(row) for row in self._tx.all(query)]


class SqlAlchemyAccountsUnitOfWork:
    """One connection and one transaction over every accounts repository.

    Use it once, in a ``with`` block; it rolls back on exit unless ``commit()`` was called.
    After a commit the next statement starts a new transaction in the same way.
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

    def __init__(self, engine: sa.Engine, *, read_only: bool = False) -> None:
        self._engine = engine
        self._read_only = read_only
        self._tx: _Transaction | None = None

    def __enter__(self) -> Self:
        """Connect and begin (on SQLite, waiting for the write lock unless read-only: readers
        then run beside a writer, each seeing the last committed state)."""
        if self._tx is not None:
            raise RuntimeError("this unit of work is in use; make a new one")
        try:
            connection = self._engine.connect()
        except DBAPIError as error:
            raise _unavailable(error) from error
        tx = _Transaction(connection, read_only=self._read_only)
        try:
            tx.begin()
        except BaseException:
            connection.close()
            raise
        self._tx = tx
        self.users = SqlAlchemyUserRepository(tx)
        self.identities = SqlAlchemyIdentityRepository(tx)
        self.sessions = SqlAlchemySessionRepository(tx)
        self.refresh_tokens = SqlAlchemyRefreshTokenRepository(tx)
        self.factors = SqlAlchemyFactorRepository(tx)
        self.challenges = SqlAlchemyChallengeRepository(tx)
        self.one_time_tokens = SqlAlchemyOneTimeTokenRepository(tx)
        self.profiles = SqlAlchemyProfileRepository(tx)
        self.referrals = SqlAlchemyReferralRepository(tx)
        self.credits = SqlAlchemyCreditLedger(tx)
        self.payments = SqlAlchemyPaymentRepository(tx)
        self.subscriptions = SqlAlchemySubscriptionRepository(tx)
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        """Roll back whatever was not committed and give the connection back."""
        if self._tx is None:
            return
        connection = self._tx.connection
        try:
            connection.rollback()
        except DBAPIError as error:
            if exc is None:
                raise _unavailable(error) from error
        finally:
            connection.close()

    def commit(self) -> None:
        """Make every change since the start (or the last commit) visible."""
        if self._tx is None:
            raise RuntimeError("commit() outside the with block")
        try:
            self._tx.connection.commit()
        except IntegrityError as error:
            raise Conflict("the changes clash with stored accounts data") from error
        except DBAPIError as error:
            raise _unavailable(error) from error


class SqlAlchemyAccountsStore:
    """The accounts tables of one database; :meth:`unit_of_work` is the factory services take."""

    def __init__(self, engine: sa.Engine) -> None:
        self._engine = engine

    def unit_of_work(self) -> AccountsUnitOfWork:
        """A new unit of work (enter it with ``with``)."""
        return SqlAlchemyAccountsUnitOfWork(self._engine)


__all__ = [
    "SqlAlchemyAccountsStore",
    "SqlAlchemyAccountsUnitOfWork",
    "SqlAlchemyChallengeRepository",
    "SqlAlchemyCreditLedger",
    "SqlAlchemyFactorRepository",
    "SqlAlchemyIdentityRepository",
    "SqlAlchemyOneTimeTokenRepository",
    "SqlAlchemyPaymentRepository",
    "SqlAlchemyProfileRepository",
    "SqlAlchemyReferralRepository",
    "SqlAlchemyRefreshTokenRepository",
    "SqlAlchemySessionRepository",
    "SqlAlchemySubscriptionRepository",
    "SqlAlchemyUserRepository",
]
