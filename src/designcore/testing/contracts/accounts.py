"""The contract of the accounts unit of work (:class:`~designcore.ports.accounts.AccountsUnitOfWork`):
users, identities, sessions, refresh tokens, factors, challenges, one-time tokens, profiles,
referrals and credits.

Subclass :class:`AccountsContract` and give it a ``uow_factory`` fixture: a callable answering
a new unit of work over your adapter's accounts, empty at the start of each test (an
``InMemoryAccountsStore().unit_of_work``, say).
"""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import attrs

from designcore.domain.accounts import (
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
from designcore.domain.errors import Conflict, NotFound
from designcore.domain.profiles import (
    CreditEntry,
    CreditReason,
    InsufficientCredits,
    Profile,
    Referral,
    ReferralStatus,
    check_spend,
    referral_code_from,
)
from designcore.ports.accounts import AccountsUnitOfWork
from designcore.testing._requires import missing

try:
    import pytest
except ModuleNotFoundError as error:  # pragma: no cover - depends on the installation
    raise missing("pytest", __name__, error) from error

__all__ = ["AccountsContract"]


EPOCH = datetime(2026, 11, 1, 9, 0, tzinfo=UTC)
LAGOS = timezone(timedelta(hours=1))

Factory = Callable[[], AccountsUnitOfWork]
"""What the ``uow_factory`` fixture answers: a callable making a new unit of work."""


def at(seconds: float) -> datetime:
    return EPOCH + timedelta(seconds=seconds)


def new_id() -> str:
    return str(uuid.uuid4())


def make_user(**overrides: Any) -> User:
    user_id = overrides.pop("id", new_id())
    fields: dict[str, Any] = {
        "id": user_id,
        "email": f"{user_id[:8]}@example.com",
        "created_at": EPOCH,
        "updated_at": EPOCH,
    }
    fields.update(overrides)
    return User(**fields)


def make_identity(user: User, **overrides: Any) -> Identity:
    fields: dict[str, Any] = {
        "id": new_id(),
        "user_id": user.id,
        "provider": "email",
        "provider_id": user.id,
        "identity_data": {"sub": user.id, "email": user.email},
        "email": user.email,
        "created_at": EPOCH,
        "updated_at": EPOCH,
    }
    fields.update(overrides)
    return Identity(**fields)


def make_session(user: User, **overrides: Any) -> AuthSession:
    fields: dict[str, Any] = {
        "id": new_id(),
        "user_id": user.id,
        "created_at": EPOCH,
        "updated_at": EPOCH,
    }
    fields.update(overrides)
    return AuthSession(**fields)


def make_token(session: AuthSession, **overrides: Any) -> RefreshToken:
    fields: dict[str, Any] = {
        "token_hash": uuid.uuid4().hex,
        "session_id": session.id,
        "user_id": session.user_id,
        "parent_hash": None,
        "created_at": EPOCH,
    }
    fields.update(overrides)
    return RefreshToken(**fields)


def make_factor(user: User, **overrides: Any) -> Factor:
    fields: dict[str, Any] = {
        "id": new_id(),
        "user_id": user.id,
        "friendly_name": "phone",
        "secret": "JBSWY3DPEHPK3PXP",
        "created_at": EPOCH,
        "updated_at": EPOCH,
    }
    fields.update(overrides)
    return Factor(**fields)


def make_challenge(factor: Factor, **overrides: Any) -> Challenge:
    fields: dict[str, Any] = {"id": new_id(), "factor_id": factor.id, "created_at": EPOCH}
    fields.update(overrides)
    return Challenge(**fields)


def make_one_time_token(user: User, **overrides: Any) -> OneTimeToken:
    fields: dict[str, Any] = {
        "token_hash": uuid.uuid4().hex,
        "user_id": user.id,
        "kind": OneTimeTokenKind.RECOVERY,
        "relates_to": user.email,
        "created_at": EPOCH,
    }
    fields.update(overrides)
    return OneTimeToken(**fields)


def make_profile(user: User, **overrides: Any) -> Profile:
    fields: dict[str, Any] = {
        "id": user.id,
        "email": user.email,
        "referral_code": referral_code_from(uuid.uuid4().bytes),
        "created_at": EPOCH,
        "updated_at": EPOCH,
    }
    fields.update(overrides)
    return Profile(**fields)


def make_referral(referrer_id: str, referred_id: str, **overrides: Any) -> Referral:
    fields: dict[str, Any] = {
        "id": new_id(),
        "referrer_id": referrer_id,
        "referred_id": referred_id,
        "code": "ABCDEFGH",
        "status": ReferralStatus.COMPLETED,
        "credits_awarded": 10,
        "created_at": EPOCH,
    }
    fields.update(overrides)
    return Referral(**fields)


def make_entry(user_id: str, delta: int, **overrides: Any) -> CreditEntry:
    fields: dict[str, Any] = {
        "id": new_id(),
        "user_id": user_id,
        "delta": delta,
        "reason": CreditReason.ADJUSTMENT,
        "reference": new_id(),
        "created_at": EPOCH,
    }
    fields.update(overrides)
    return CreditEntry(**fields)


def store(uow_factory: Factory, repository: str, *values: Any, method: str = "add") -> None:
    """Commit ``values`` in one unit of work through ``uow.<repository>.<method>``
    (``store(uow_factory, "sessions", session)``)."""
    with uow_factory() as uow:
        for value in values:
            getattr(getattr(uow, repository), method)(value)
        uow.commit()


def store_users(uow_factory: Factory, *users: User) -> None:
    """Commit ``users``."""
    store(uow_factory, "users", *users)


class _UnitOfWork:
    def test_leaving_without_commit_keeps_nothing(self, uow_factory: Factory) -> None:
        """Writes of a unit of work that was not committed are gone afterwards."""
        user = make_user()
        with uow_factory() as uow:
            uow.users.add(user)
        with uow_factory() as uow:
            assert None is uow.users.find_by_email(user.email)
            with pytest.raises(NotFound):
                uow.users.get(user.id)

    def test_an_exception_rolls_back(self, uow_factory: Factory) -> None:
        """An exception leaving the block discards the unit of work's writes."""
        user = make_user()

        def fail_midway() -> None:
            with uow_factory() as uow:
                uow.users.add(user)
                raise RuntimeError("boom")

        with pytest.raises(RuntimeError):
            fail_midway()
        with uow_factory() as uow:
            assert None is uow.users.find_by_email(user.email)

    def test_commit_makes_writes_visible_to_the_next(self, uow_factory: Factory) -> None:
        """After commit a new unit of work sees the writes."""
        user = make_user()
        store_users(uow_factory, user)
        with uow_factory() as uow:
            assert user == uow.users.get(user.id)

    def test_a_unit_of_work_sees_its_own_writes(self, uow_factory: Factory) -> None:
        """Reads inside a unit of work see its uncommitted writes."""
        user = make_user()
        with uow_factory() as uow:
            uow.users.add(user)
            assert user == uow.users.get(user.id)

    def test_writes_after_a_commit_need_another(self, uow_factory: Factory) -> None:
        """Only what was committed survives; later writes of the same unit of work roll back."""
        first, second = make_user(), make_user()
        with uow_factory() as uow:
            uow.users.add(first)
            uow.commit()
            uow.users.add(second)
            assert second == uow.users.get(second.id)
        with uow_factory() as uow:
            assert first == uow.users.get(first.id)
            assert None is uow.users.find_by_email(second.email)

    def test_a_conflict_leaves_the_unit_of_work_usable(self, uow_factory: Factory) -> None:
        """After a refused write the same unit of work can go on and commit."""
        first = make_user()
        later = make_user()
        with uow_factory() as uow:
            uow.users.add(first)
            with pytest.raises(Conflict):
                uow.users.add(make_user(email=first.email))
            uow.users.add(later)
            uow.commit()
        with uow_factory() as uow:
            assert [first, later] == [uow.users.get(first.id), uow.users.get(later.id)]


class _Users:
    def test_round_trip(self, uow_factory: Factory) -> None:
        """Every field of a user comes back equal, datetimes timezone-aware."""
        user = make_user(
            password_hash="$argon2id$v=19$m=65536,t=3,p=4$c2FsdA$aGFzaA",
            email_confirmed_at=datetime(2026, 11, 1, 10, 30, 0, 123456, tzinfo=LAGOS),
            phone="+2348000000000",
            app_metadata={"provider": "email", "providers": ["email", "google"]},
            user_metadata={"first_name": "Ada", "nested": {"n": 1, "flag": True}},
            last_sign_in_at=at(60),
            banned_until=at(3600),
        )
        store_users(uow_factory, user)
        with uow_factory() as uow:
            found = uow.users.get(user.id)
            assert user == found
            assert user == uow.users.find_by_email(user.email)
        assert found.email_confirmed_at is not None
        assert None is not found.email_confirmed_at.utcoffset()
        assert None is not found.created_at.utcoffset()

    def test_defaults_round_trip(self, uow_factory: Factory) -> None:
        """A provider-only user without password, confirmation or metadata comes back equal."""
        user = make_user()
        store_users(uow_factory, user)
        with uow_factory() as uow:
            assert user == uow.users.get(user.id)

    def test_unknown_user(self, uow_factory: Factory) -> None:
        """get of an unknown id is NotFound user_not_found; find_by_email answers None."""
        with uow_factory() as uow:
            with pytest.raises(NotFound) as raised:
                uow.users.get(new_id())
            assert "user_not_found" == raised.value.code
            assert None is uow.users.find_by_email("nobody@example.com")

    def test_taken_email_conflicts(self, uow_factory: Factory, user: User) -> None:
        """A second user with the same e-mail is Conflict email_exists."""
        with uow_factory() as uow, pytest.raises(Conflict) as raised:
            uow.users.add(make_user(email=user.email))
        assert "email_exists" == raised.value.code

    def test_taken_id_conflicts(self, uow_factory: Factory, user: User) -> None:
        """A second user with the same id is a Conflict and the first stays."""
        with uow_factory() as uow:
            with pytest.raises(Conflict):
                uow.users.add(make_user(id=user.id))
            assert user == uow.users.get(user.id)

    def test_update_overwrites(self, uow_factory: Factory, user: User) -> None:
        """update replaces every field, including the e-mail."""
        changed = make_user(
            id=user.id,
            email="new@example.com",
            user_metadata={"first_name": "Ada"},
            updated_at=at(5),
        )
        with uow_factory() as uow:
            uow.users.update(changed)
            uow.commit()
        with uow_factory() as uow:
            assert changed == uow.users.get(user.id)
            assert changed == uow.users.find_by_email("new@example.com")
            assert None is uow.users.find_by_email(user.email)

    def test_update_of_an_unknown_user(self, uow_factory: Factory) -> None:
        """update of an unknown id is NotFound."""
        with uow_factory() as uow, pytest.raises(NotFound):
            uow.users.update(make_user())

    def test_update_to_another_users_email(self, uow_factory: Factory, user: User) -> None:
        """Changing the e-mail to another user's is Conflict email_exists."""
        other = make_user()
        store_users(uow_factory, other)
        with uow_factory() as uow:
            with pytest.raises(Conflict) as raised:
                uow.users.update(make_user(id=other.id, email=user.email))
            assert "email_exists" == raised.value.code
            assert other == uow.users.get(other.id)


class _Identities:
    def test_round_trip_oldest_first(self, uow_factory: Factory, user: User) -> None:
        """A user's identities come back equal, oldest first; find looks up a provider account."""
        google = make_identity(
            user,
            provider="google",
            provider_id="1089",
            identity_data={"sub": "1089", "name": "Ada"},
            created_at=at(10),
            last_sign_in_at=at(20),
        )
        email = make_identity(user)
        with uow_factory() as uow:
            uow.identities.add(google)
            uow.identities.add(email)
            uow.commit()
        with uow_factory() as uow:
            assert [email, google] == list(uow.identities.for_user(user.id))
            assert google == uow.identities.find("google", "1089")
            assert None is uow.identities.find("google", "other")

    def test_linked_provider_account_conflicts(self, uow_factory: Factory, user: User) -> None:
        """Linking a provider account twice is Conflict identity_already_exists."""
        other = make_user()
        store_users(uow_factory, other)
        with uow_factory() as uow:
            uow.identities.add(make_identity(user, provider="google", provider_id="7"))
            with pytest.raises(Conflict) as raised:
                uow.identities.add(make_identity(other, provider="google", provider_id="7"))
            assert "identity_already_exists" == raised.value.code

    def test_update_keeps_who_and_changes_what_the_provider_said(
        self, uow_factory: Factory, user: User
    ) -> None:
        """update writes identity data, e-mail and times; user, provider and provider id stay;
        an unknown identity is NotFound identity_not_found."""
        identity = make_identity(user, provider="google", provider_id="55")
        later = identity.created_at + timedelta(days=3)
        changed = attrs.evolve(
            identity,
            identity_data={"sub": "55", "full_name": "Bola Adeyemi"},
            email="bola@example.com",
            updated_at=later,
            last_sign_in_at=later,
        )
        with uow_factory() as uow:
            uow.identities.add(identity)
            uow.identities.update(attrs.evolve(changed, user_id="someone-else", provider_id="99"))
            uow.commit()
        with uow_factory() as uow:
            assert changed == uow.identities.find("google", "55")
            with pytest.raises(NotFound) as raised:
                uow.identities.update(attrs.evolve(identity, id="unknown"))
            assert "identity_not_found" == raised.value.code

    def test_delete(self, uow_factory: Factory, user: User) -> None:
        """delete removes an identity; an unknown one is NotFound identity_not_found."""
        identity = make_identity(user)
        with uow_factory() as uow:
            uow.identities.add(identity)
            uow.identities.delete(identity.id)
            assert [] == list(uow.identities.for_user(user.id))
            with pytest.raises(NotFound) as raised:
                uow.identities.delete(identity.id)
            assert "identity_not_found" == raised.value.code


class _Sessions:
    def test_sessions_round_trip(self, uow_factory: Factory, user: User) -> None:
        """A session with its methods, level and factor comes back equal."""
        session = make_session(
            user,
            aal="aal2",
            amr=(AmrEntry("password", 1793523600), AmrEntry("totp", 1793523660)),
            factor_id=new_id(),
        )
        with uow_factory() as uow:
            uow.sessions.add(session)
            uow.commit()
        with uow_factory() as uow:
            assert session == uow.sessions.get(session.id)
            assert None is uow.sessions.get(new_id())

    def test_update(self, uow_factory: Factory, session: AuthSession, user: User) -> None:
        """update overwrites a session; an unknown one is NotFound."""
        changed = make_session(
            user, id=session.id, aal="aal2", amr=(AmrEntry("totp", 5),), updated_at=at(9)
        )
        with uow_factory() as uow:
            uow.sessions.update(changed)
            with pytest.raises(NotFound):
                uow.sessions.update(make_session(user))
            uow.commit()
        with uow_factory() as uow:
            assert changed == uow.sessions.get(session.id)

    def test_delete_removes_its_refresh_tokens(
        self, uow_factory: Factory, session: AuthSession
    ) -> None:
        """Ending a session takes its refresh tokens with it; ending it again is harmless."""
        token = make_token(session)
        with uow_factory() as uow:
            uow.refresh_tokens.add(token)
            uow.commit()
        with uow_factory() as uow:
            uow.sessions.delete(session.id)
            uow.sessions.delete(session.id)
            uow.commit()
        with uow_factory() as uow:
            assert None is uow.sessions.get(session.id)
            assert None is uow.refresh_tokens.find(token.token_hash)
            assert None is uow.refresh_tokens.latest(session.id)

    def test_delete_for_user_keeps_one(self, uow_factory: Factory, user: User) -> None:
        """delete_for_user ends every other session of the user and counts them."""
        other_user = make_user()
        store_users(uow_factory, other_user)
        kept, *ended = [make_session(user) for _ in range(3)]
        foreign = make_session(other_user)
        tokens = [make_token(s) for s in (kept, *ended, foreign)]
        with uow_factory() as uow:
            for session in (kept, *ended, foreign):
                uow.sessions.add(session)
            for token in tokens:
                uow.refresh_tokens.add(token)
            uow.commit()
        with uow_factory() as uow:
            assert 2 == uow.sessions.delete_for_user(user.id, keep=kept.id)
            uow.commit()
        with uow_factory() as uow:
            assert 1 == uow.sessions.count_for_user(user.id)
            assert kept == uow.sessions.get(kept.id)
            assert 1 == uow.sessions.count_for_user(other_user.id)
            found = [uow.refresh_tokens.find(t.token_hash) for t in tokens]
            assert [tokens[0], None, None, tokens[3]] == found

    def test_delete_for_user_without_keep(self, uow_factory: Factory, user: User) -> None:
        """Without keep every session of the user ends."""
        with uow_factory() as uow:
            for _ in range(2):
                uow.sessions.add(make_session(user))
            assert 2 == uow.sessions.count_for_user(user.id)
            assert 2 == uow.sessions.delete_for_user(user.id)
            assert 0 == uow.sessions.count_for_user(user.id)
            assert 0 == uow.sessions.delete_for_user(user.id)


class _RefreshTokens:
    def test_clean_up_deletes_tokens_replaced_before_a_moment(
        self, uow_factory: Factory, session: AuthSession
    ) -> None:
        """Used tokens whose successor is older than the moment go; the last token, a used
        token replaced later, and unused tokens stay."""
        chain = [make_token(session, created_at=at(0), revoked=True)]
        for n in (100, 200, 300):
            chain.append(
                make_token(
                    session,
                    parent_hash=chain[-1].token_hash,
                    created_at=at(n),
                    revoked=n != 300,
                )
            )
        with uow_factory() as uow:
            for token in chain:
                uow.refresh_tokens.add(token)
            uow.commit()
        with uow_factory() as uow:
            assert 2 == uow.refresh_tokens.delete_replaced_before(at(250))
            uow.commit()
        with uow_factory() as uow:
            assert [None, None, chain[2], chain[3]] == [
                uow.refresh_tokens.find(t.token_hash) for t in chain
            ]
            assert 0 == uow.refresh_tokens.delete_replaced_before(at(250))

    def test_refresh_tokens_round_trip(self, uow_factory: Factory, session: AuthSession) -> None:
        """A token comes back equal by its hash (its salt too); an unknown hash is None."""
        first = make_token(session)
        second = make_token(
            session, parent_hash=first.token_hash, revoked=True, created_at=at(1), salt="s4lt"
        )
        with uow_factory() as uow:
            uow.refresh_tokens.add(first)
            uow.refresh_tokens.add(second)
            uow.commit()
        with uow_factory() as uow:
            assert first == uow.refresh_tokens.find(first.token_hash)
            assert second == uow.refresh_tokens.find(second.token_hash)
            assert None is uow.refresh_tokens.find("unknown")

    def test_latest_is_the_newest(self, uow_factory: Factory, session: AuthSession) -> None:
        """latest answers the session's newest token, and None for a session without tokens."""
        chain = [make_token(session, created_at=at(n)) for n in (0, 30, 10)]
        with uow_factory() as uow:
            for token in chain:
                uow.refresh_tokens.add(token)
            assert chain[1] == uow.refresh_tokens.latest(session.id)
            assert None is uow.refresh_tokens.latest(new_id())

    def test_latest_prefers_the_unrevoked_of_equal_times(
        self, uow_factory: Factory, session: AuthSession
    ) -> None:
        """A successor created at the same moment as its used parent is the latest."""
        for _ in range(3):
            with uow_factory() as uow:
                parent = make_token(session)
                uow.refresh_tokens.add(parent)
                assert uow.refresh_tokens.mark_used(parent.token_hash)
                child = make_token(session, parent_hash=parent.token_hash)
                uow.refresh_tokens.add(child)
                assert child == uow.refresh_tokens.latest(session.id)

    def test_mark_used_once(self, uow_factory: Factory, session: AuthSession) -> None:
        """mark_used revokes a token the first time only; an unknown hash answers False."""
        token = make_token(session)
        with uow_factory() as uow:
            uow.refresh_tokens.add(token)
            assert uow.refresh_tokens.mark_used(token.token_hash)
            assert not uow.refresh_tokens.mark_used(token.token_hash)
            assert not uow.refresh_tokens.mark_used("unknown")
            uow.commit()
        with uow_factory() as uow:
            found = uow.refresh_tokens.find(token.token_hash)
            assert found is not None
            assert found.revoked
            assert not uow.refresh_tokens.mark_used(token.token_hash)


class _Factors:
    def test_factors_round_trip_oldest_first(self, uow_factory: Factory, user: User) -> None:
        """Factors come back equal, a user's oldest first; an unknown id is None."""
        newer = make_factor(user, friendly_name=None, created_at=at(5))
        older = make_factor(user, status=FactorStatus.VERIFIED)
        with uow_factory() as uow:
            uow.factors.add(newer)
            uow.factors.add(older)
            uow.commit()
        with uow_factory() as uow:
            assert newer == uow.factors.get(newer.id)
            assert [older, newer] == list(uow.factors.for_user(user.id))
            assert None is uow.factors.get(new_id())

    def test_factors_update(self, uow_factory: Factory, factor: Factor, user: User) -> None:
        """update overwrites a factor; an unknown one is NotFound."""
        verified = make_factor(
            user, id=factor.id, status=FactorStatus.VERIFIED, friendly_name="work", updated_at=at(3)
        )
        with uow_factory() as uow:
            uow.factors.update(verified)
            with pytest.raises(NotFound):
                uow.factors.update(make_factor(user))
            uow.commit()
        with uow_factory() as uow:
            assert verified == uow.factors.get(factor.id)

    def test_use_totp_step_takes_only_a_later_step(
        self, uow_factory: Factory, factor: Factor
    ) -> None:
        """A TOTP step is recorded once and only if later than the last: the same or an
        earlier step (a replayed code) is refused, as is an unknown factor."""
        with uow_factory() as uow:
            assert uow.factors.use_totp_step(factor.id, 100)
            assert not uow.factors.use_totp_step(factor.id, 100)
            assert not uow.factors.use_totp_step(factor.id, 99)
            assert uow.factors.use_totp_step(factor.id, 101)
            assert not uow.factors.use_totp_step(new_id(), 500)
            uow.commit()
        with uow_factory() as uow:
            found = uow.factors.get(factor.id)
            assert found is not None
            assert 101 == found.last_totp_step

    def test_delete_removes_its_challenges(self, uow_factory: Factory, factor: Factor) -> None:
        """Deleting a factor deletes its challenges; deleting it again is harmless."""
        challenge = make_challenge(factor)
        with uow_factory() as uow:
            uow.challenges.add(challenge)
            uow.commit()
        with uow_factory() as uow:
            uow.factors.delete(factor.id)
            uow.factors.delete(factor.id)
            uow.commit()
        with uow_factory() as uow:
            assert None is uow.factors.get(factor.id)
            assert None is uow.challenges.get(challenge.id)


class _Challenges:
    def test_challenges_round_trip(self, uow_factory: Factory, factor: Factor) -> None:
        """A challenge comes back equal; an unknown id is None."""
        challenge = make_challenge(factor, ip_address="192.0.2.7")
        with uow_factory() as uow:
            uow.challenges.add(challenge)
            uow.commit()
        with uow_factory() as uow:
            assert challenge == uow.challenges.get(challenge.id)
            assert None is uow.challenges.get(new_id())

    def test_mark_verified_once(self, uow_factory: Factory, factor: Factor) -> None:
        """mark_verified succeeds the first time only and records the moment."""
        challenge = make_challenge(factor)
        with uow_factory() as uow:
            uow.challenges.add(challenge)
            assert uow.challenges.mark_verified(challenge.id, at(30))
            assert not uow.challenges.mark_verified(challenge.id, at(40))
            assert not uow.challenges.mark_verified(new_id(), at(40))
            uow.commit()
        with uow_factory() as uow:
            found = uow.challenges.get(challenge.id)
            assert found is not None
            assert at(30) == found.verified_at


class _OneTimeTokens:
    def test_clean_up_deletes_tokens_created_before_a_moment(
        self, uow_factory: Factory, user: User
    ) -> None:
        """Expired mailed tokens go, younger ones stay usable."""
        old = make_one_time_token(user, kind=OneTimeTokenKind.RECOVERY, created_at=at(0))
        young = make_one_time_token(user, kind=OneTimeTokenKind.SIGNUP, created_at=at(60))
        with uow_factory() as uow:
            uow.one_time_tokens.put(old)
            uow.one_time_tokens.put(young)
            assert 1 == uow.one_time_tokens.delete_created_before(at(30))
            assert None is uow.one_time_tokens.take(old.token_hash, OneTimeTokenKind.RECOVERY)
            assert young == uow.one_time_tokens.take(young.token_hash, OneTimeTokenKind.SIGNUP)

    def test_take_is_single_use(self, uow_factory: Factory, user: User) -> None:
        """A token can be taken once, and only with its own kind."""
        token = make_one_time_token(user, kind=OneTimeTokenKind.SIGNUP)
        with uow_factory() as uow:
            uow.one_time_tokens.put(token)
            uow.commit()
        with uow_factory() as uow:
            assert None is uow.one_time_tokens.take(token.token_hash, OneTimeTokenKind.RECOVERY)
            assert token == uow.one_time_tokens.take(token.token_hash, OneTimeTokenKind.SIGNUP)
            assert None is uow.one_time_tokens.take(token.token_hash, OneTimeTokenKind.SIGNUP)
            uow.commit()
        with uow_factory() as uow:
            assert None is uow.one_time_tokens.take(token.token_hash, OneTimeTokenKind.SIGNUP)

    def test_put_replaces_the_same_kind_only(self, uow_factory: Factory, user: User) -> None:
        """A new token replaces the user's earlier one of its kind and leaves other kinds."""
        earlier = make_one_time_token(user)
        other_kind = make_one_time_token(user, kind=OneTimeTokenKind.EMAIL_CHANGE)
        later = make_one_time_token(user, created_at=at(60))
        with uow_factory() as uow:
            for token in (earlier, other_kind, later):
                uow.one_time_tokens.put(token)
            uow.commit()
        with uow_factory() as uow:
            take = uow.one_time_tokens.take
            assert None is take(earlier.token_hash, OneTimeTokenKind.RECOVERY)
            assert later == take(later.token_hash, OneTimeTokenKind.RECOVERY)
            assert other_kind == take(other_kind.token_hash, OneTimeTokenKind.EMAIL_CHANGE)

    def test_tokens_of_different_users_coexist(self, uow_factory: Factory, user: User) -> None:
        """Replacement is per user: another user's token of the same kind stays."""
        other = make_user()
        store_users(uow_factory, other)
        mine, theirs = make_one_time_token(user), make_one_time_token(other)
        with uow_factory() as uow:
            uow.one_time_tokens.put(mine)
            uow.one_time_tokens.put(theirs)
            assert mine == uow.one_time_tokens.take(mine.token_hash, OneTimeTokenKind.RECOVERY)
            assert theirs == uow.one_time_tokens.take(theirs.token_hash, OneTimeTokenKind.RECOVERY)


class _Profiles:
    def test_profiles_round_trip(self, uow_factory: Factory, user: User) -> None:
        """Every field of a profile comes back equal, by id, referral code and e-mail."""
        profile = make_profile(
            user,
            first_name="Ada",
            last_name="Obi",
            subscription_status="active",
            subscription_plan="monthly",
            user_role="admin",
            username="ada",
            avatar="/storage/v1/object/public/avatars/ada.png",
            time_zone="America/New_York",
            updated_at=at(1),
        )
        with uow_factory() as uow:
            uow.profiles.add(profile)
            uow.commit()
        with uow_factory() as uow:
            assert profile == uow.profiles.get(user.id)
            assert profile == uow.profiles.find_by_referral_code(profile.referral_code)
            assert profile == uow.profiles.find_by_email(user.email)
            assert None is uow.profiles.find_by_referral_code("ZZZZZZZZ")
            assert None is uow.profiles.find_by_email("nobody@example.com")

    def test_unknown_profile(self, uow_factory: Factory) -> None:
        """get of an unknown id is NotFound profile_not_found."""
        with uow_factory() as uow, pytest.raises(NotFound) as raised:
            uow.profiles.get(new_id())
        assert "profile_not_found" == raised.value.code

    def test_taken_id_or_code_conflicts(self, uow_factory: Factory, user: User) -> None:
        """A second profile for the user, or another with the same referral code, is Conflict."""
        other = make_user()
        store_users(uow_factory, other)
        profile = make_profile(user)
        with uow_factory() as uow:
            uow.profiles.add(profile)
            with pytest.raises(Conflict):
                uow.profiles.add(make_profile(user))
            with pytest.raises(Conflict):
                uow.profiles.add(make_profile(other, referral_code=profile.referral_code))
            assert profile == uow.profiles.get(user.id)
            assert None is uow.profiles.find_by_email(other.email)

    def test_usernames_are_unique_but_optional(self, uow_factory: Factory, user: User) -> None:
        """Many profiles may have no username; a taken one is a Conflict."""
        others = [make_user() for _ in range(2)]
        store_users(uow_factory, *others)
        with uow_factory() as uow:
            uow.profiles.add(make_profile(user, username="ada"))
            uow.profiles.add(make_profile(others[0]))
            with pytest.raises(Conflict):
                uow.profiles.add(make_profile(others[1], username="ada"))
            uow.profiles.add(make_profile(others[1]))

    def test_profiles_update(self, uow_factory: Factory, user: User) -> None:
        """update overwrites a profile; an unknown one is NotFound profile_not_found."""
        profile = make_profile(user)
        changed = make_profile(
            user, referral_code=profile.referral_code, subscription_status="active", username="a"
        )
        with uow_factory() as uow:
            uow.profiles.add(profile)
            uow.profiles.update(changed)
            with pytest.raises(NotFound) as raised:
                uow.profiles.update(make_profile(make_user()))
            assert "profile_not_found" == raised.value.code
            uow.commit()
        with uow_factory() as uow:
            assert changed == uow.profiles.get(user.id)


class _Referrals:
    def test_newest_first(self, uow_factory: Factory) -> None:
        """A referrer's referrals come newest first; for_referred finds the one of a user."""
        referrer = new_id()
        referrals = [make_referral(referrer, new_id(), created_at=at(n)) for n in (5, 20, 10)]
        with uow_factory() as uow:
            for referral in referrals:
                uow.referrals.add(referral)
            uow.referrals.add(make_referral(new_id(), new_id()))
            uow.commit()
        with uow_factory() as uow:
            newest_first = [referrals[1], referrals[2], referrals[0]]
            assert newest_first == list(uow.referrals.for_referrer(referrer))
            assert referrals[0] == uow.referrals.for_referred(referrals[0].referred_id)
            assert None is uow.referrals.for_referred(new_id())
            assert [] == list(uow.referrals.for_referrer(new_id()))

    def test_completed_per_day(self, uow_factory: Factory) -> None:
        """Completed referrals only, per UTC day of ``created_at``, within the half-open span."""
        base = at(500 * 86_400).replace(hour=0, minute=0, second=0)  # a span of its own
        day = timedelta(days=1)
        with uow_factory() as uow:
            for moment in (base, base + timedelta(hours=23), base + day, base + 2 * day):
                uow.referrals.add(make_referral(new_id(), new_id(), created_at=moment))
            uow.referrals.add(
                make_referral(new_id(), new_id(), created_at=base, status=ReferralStatus.PENDING)
            )
            uow.commit()
        with uow_factory() as uow:
            assert {base.date(): 2, (base + day).date(): 1} == dict(
                uow.referrals.completed_per_day(base, base + 2 * day)
            )
            assert {} == dict(uow.referrals.completed_per_day(base - 3 * day, base))

    def test_a_user_is_referred_once(self, uow_factory: Factory) -> None:
        """A second referral of the same user is Conflict already_referred."""
        referred = new_id()
        first = make_referral(new_id(), referred, status=ReferralStatus.PENDING, credits_awarded=0)
        with uow_factory() as uow:
            uow.referrals.add(first)
            with pytest.raises(Conflict) as raised:
                uow.referrals.add(make_referral(new_id(), referred))
            assert "already_referred" == raised.value.code
            assert first == uow.referrals.for_referred(referred)


class _Credits:
    def test_balance_is_the_sum(self, uow_factory: Factory) -> None:
        """The balance is the sum of the lines, listed oldest first; no lines is zero."""
        user_id = new_id()
        entries = [
            make_entry(user_id, 10, reason=CreditReason.REFERRAL_WELCOME, created_at=at(0)),
            make_entry(user_id, -3, reason=CreditReason.SPEND, created_at=at(20)),
            make_entry(user_id, 7, created_at=at(10)),
        ]
        with uow_factory() as uow:
            for entry in entries:
                uow.credits.append(entry)
            uow.credits.append(make_entry(new_id(), 100))
            uow.commit()
        with uow_factory() as uow:
            assert 14 == uow.credits.balance(user_id)
            assert [entries[0], entries[2], entries[1]] == list(uow.credits.entries(user_id))
            assert 0 == uow.credits.balance(new_id())
            assert [] == list(uow.credits.entries(new_id()))

    def test_duplicate_reason_and_reference_is_refused(self, uow_factory: Factory) -> None:
        """A second line with the same reason and reference is Conflict duplicate_credit."""
        user_id = new_id()
        line = make_entry(user_id, 10, reason=CreditReason.REFERRAL_REFERRER, reference="r1")
        with uow_factory() as uow:
            uow.credits.append(line)
            with pytest.raises(Conflict) as raised:
                uow.credits.append(
                    make_entry(user_id, 10, reason=CreditReason.REFERRAL_REFERRER, reference="r1")
                )
            assert "duplicate_credit" == raised.value.code
            uow.credits.append(make_entry(user_id, 5, reason=CreditReason.SPEND, reference="r1"))
            uow.credits.append(make_entry(new_id(), 5, reason=line.reason, reference="r1"))
            uow.commit()
        with uow_factory() as uow:
            assert 15 == uow.credits.balance(user_id)


class _References:
    def test_records_of_unknown_owners_are_refused(self, uow_factory: Factory) -> None:
        """Identities, sessions, factors, tokens and profiles of unknown parents are Conflicts."""
        ghost = make_user()
        session, factor = make_session(ghost), make_factor(ghost)
        with uow_factory() as uow:
            with pytest.raises(Conflict):
                uow.identities.add(make_identity(ghost))
            with pytest.raises(Conflict):
                uow.sessions.add(session)
            with pytest.raises(Conflict):
                uow.refresh_tokens.add(make_token(session))
            with pytest.raises(Conflict):
                uow.factors.add(factor)
            with pytest.raises(Conflict):
                uow.challenges.add(make_challenge(factor))
            with pytest.raises(Conflict):
                uow.one_time_tokens.put(make_one_time_token(ghost))
            with pytest.raises(Conflict):
                uow.profiles.add(make_profile(ghost))

    def test_taken_keys_are_refused(self, uow_factory: Factory, session: AuthSession) -> None:
        """Adding a session, token, factor or challenge under a taken key is a Conflict."""
        user = make_user(id=session.user_id)
        token, factor = make_token(session), make_factor(user)
        challenge = make_challenge(factor)
        with uow_factory() as uow:
            uow.refresh_tokens.add(token)
            uow.factors.add(factor)
            uow.challenges.add(challenge)
            with pytest.raises(Conflict):
                uow.sessions.add(make_session(user, id=session.id))
            with pytest.raises(Conflict):
                uow.refresh_tokens.add(make_token(session, token_hash=token.token_hash))
            with pytest.raises(Conflict):
                uow.factors.add(make_factor(user, id=factor.id))
            with pytest.raises(Conflict):
                uow.challenges.add(make_challenge(factor, id=challenge.id))
            assert token == uow.refresh_tokens.find(token.token_hash)


def spend(uow_factory: Factory, user_id: str, amount: int) -> bool:
    """Spend ``amount`` credits the way the service must: lock, read the balance, append."""
    with uow_factory() as uow:
        uow.credits.lock(user_id)
        try:
            check_spend(uow.credits.balance(user_id), amount)
        except InsufficientCredits:
            return False
        uow.credits.append(
            make_entry(
                user_id,
                -amount,
                reason=CreditReason.SPEND,
                created_at=datetime.now(UTC),
            )
        )
        uow.commit()
        return True


class _Concurrency:
    def test_mark_used_succeeds_once_across_threads(
        self, uow_factory: Factory, session: AuthSession
    ) -> None:
        """Eight units of work marking the same token used at once: exactly one succeeds."""
        token = make_token(session)
        with uow_factory() as uow:
            uow.refresh_tokens.add(token)
            uow.commit()
        start = threading.Barrier(8)

        def use(_: int) -> bool:
            start.wait()
            with uow_factory() as uow:
                done = uow.refresh_tokens.mark_used(token.token_hash)
                uow.commit()
                return done

        with ThreadPoolExecutor(8) as pool:
            outcomes = list(pool.map(use, range(8)))
        assert 1 == outcomes.count(True)

    def test_one_totp_step_is_used_once_across_threads(
        self, uow_factory: Factory, factor: Factor
    ) -> None:
        """Eight units of work using the same TOTP step at once: exactly one succeeds."""
        start = threading.Barrier(8)

        def use(_: int) -> bool:
            start.wait()
            with uow_factory() as uow:
                done = uow.factors.use_totp_step(factor.id, 7)
                uow.commit()
                return done

        with ThreadPoolExecutor(8) as pool:
            outcomes = list(pool.map(use, range(8)))
        assert 1 == outcomes.count(True)

    def test_locked_spends_never_overdraw(self, uow_factory: Factory, user: User) -> None:
        """Twenty concurrent spends of 3 from 30 credits: ten succeed and the balance ends at 0."""
        with uow_factory() as uow:
            uow.profiles.add(make_profile(user))
            uow.credits.append(make_entry(user.id, 30))
            uow.commit()

        with ThreadPoolExecutor(8) as pool:
            outcomes = list(pool.map(lambda _: spend(uow_factory, user.id, 3), range(20)))

        assert 10 == outcomes.count(True)
        with uow_factory() as uow:
            assert 0 == uow.credits.balance(user.id)
            assert 11 == len(uow.credits.entries(user.id))


class AccountsContract(
    _UnitOfWork,
    _Users,
    _Identities,
    _Sessions,
    _RefreshTokens,
    _Factors,
    _Challenges,
    _OneTimeTokens,
    _Profiles,
    _Referrals,
    _Credits,
    _References,
    _Concurrency,
):
    """Every rule of the accounts unit of work. A subclass gives it a ``uow_factory`` fixture
    answering new units of work over empty accounts."""

    @pytest.fixture(name="user")
    def fixture_user(self, uow_factory: Factory) -> User:
        """A committed user."""
        user = make_user()
        store_users(uow_factory, user)
        return user

    @pytest.fixture(name="session")
    def fixture_session(self, uow_factory: Factory, user: User) -> AuthSession:
        """A committed session of ``user``."""
        session = make_session(user)
        store(uow_factory, "sessions", session)
        return session

    @pytest.fixture(name="factor")
    def fixture_factor(self, uow_factory: Factory, user: User) -> Factor:
        """A committed factor of ``user``."""
        factor = make_factor(user)
        store(uow_factory, "factors", factor)
        return factor
