"""The auth service and the credits ledger under concurrent use, on SQLite and PostgreSQL.

Each test drives the services from a thread pool against a real database (a temporary SQLite
file, or a PostgreSQL schema of its own that is dropped afterwards) and checks what must hold
whatever the interleaving: no lost or doubled sessions, one rotation per refresh token, and a
balance that never goes below zero.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import pytest
import sqlalchemy as sa

from designcore.adapters.argon2 import Argon2PasswordHasher
from designcore.app import Container, build_container, load_settings
from designcore.app.seeding import migrate_database
from designcore.app.services.auth import IssuedSession, hash_token
from designcore.domain.errors import DesignCoreError
from support import postgres_schema_settings

PASSWORD = "kolanut-42-Lagos"
T = TypeVar("T")


@pytest.fixture(
    name="container",
    params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgresql)],
)
def fixture_container(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Container]:
    """A migrated container on the database named by the parameter, with fast Argon2."""
    if request.param == "sqlite":
        database: Iterator[dict[str, str]] = iter(
            [{"DESIGNCORE_DATABASE_URL": f"sqlite:///{tmp_path / 'auth.db'}"}]
        )
    else:
        database = postgres_schema_settings()
    variables = next(database)
    container = build_container(
        load_settings(
            {
                **variables,
                "DESIGNCORE_DATA_DIR": str(tmp_path),
                "DESIGNCORE_STORAGE_BACKEND": "memory",
                "DESIGNCORE_WEB_DIST": "/nonexistent",
                "DESIGNCORE_LOG_LEVEL": "WARNING",
            }
        )
    )
    container.password_hasher.override(Argon2PasswordHasher.for_tests())
    migrate_database(container)
    try:
        yield container
    finally:
        container.engine().dispose()
        next(database, None)


def run_together(count: int, threads: int, task: Callable[[int], T]) -> list[T | Exception]:
    """Run ``task(0..count-1)`` on a pool, started together; answers or the errors raised."""
    barrier = threading.Barrier(min(count, threads))

    def one(i: int) -> T | Exception:
        if i < threads:
            barrier.wait(timeout=30)
        try:
            return task(i)
        except Exception as error:
            return error

    with ThreadPoolExecutor(max_workers=threads) as pool:
        return list(pool.map(one, range(count)))


def sign_up(container: Container, email: str, **data: Any) -> IssuedSession:
    issued = container.auth().signups.sign_up(email=email, password=PASSWORD, data=data)
    assert isinstance(issued, IssuedSession)
    return issued


class TestConcurrentSignIns:
    def test_a_thousand_sign_ins_make_a_thousand_sessions(self, container: Container) -> None:
        """1,000 password sign-ins over 100 accounts from 12 threads all succeed, each makes
        exactly one session (the per-user counts add up to 1,000) and no two answers carry
        the same refresh token."""
        auth = container.auth()
        users = []
        for n in range(100):
            issued = sign_up(container, f"user{n}@example.com")
            auth.sessions.sign_out(auth.sessions.authenticate(issued.access_token), "global")
            users.append(issued.user)

        answers = run_together(
            1000,
            12,
            lambda i: auth.sessions.sign_in_with_password(
                email=f"user{i % 100}@example.com", password=PASSWORD
            ),
        )

        errors = [a for a in answers if isinstance(a, Exception)]
        assert [] == [repr(e) for e in errors]
        issued_all = [a for a in answers if isinstance(a, IssuedSession)]
        assert 1000 == len({a.refresh_token for a in issued_all})
        assert 1000 == len({a.session.id for a in issued_all})
        with container.accounts()() as uow:
            counts = {u.id: uow.sessions.count_for_user(u.id) for u in users}
        assert 1000 == sum(counts.values())
        assert {10} == set(counts.values())


class TestConcurrentRefresh:
    def present_eight_times(self, container: Container) -> tuple[IssuedSession, list[Any]]:
        first = sign_up(container, "ada@example.com")
        auth = container.auth()
        return first, run_together(8, 8, lambda _: auth.sessions.refresh(first.refresh_token))

    def test_one_refresh_token_presented_eight_times_at_once(self, container: Container) -> None:
        """Eight threads presenting the same refresh token at once: it is marked used exactly
        once and gets exactly one successor; every presentation is answered with that one
        successor (the parent-of-active rule), so one chain stays live, and the session
        lives."""
        first, answers = self.present_eight_times(container)

        successes = [a for a in answers if isinstance(a, IssuedSession)]
        assert [] == [repr(a) for a in answers if isinstance(a, Exception)]
        assert first.refresh_token not in {s.refresh_token for s in successes}
        assert {first.session.id} == {s.session.id for s in successes}
        with container.engine().connect() as conn:
            children = conn.execute(
                sa.text("SELECT token_hash FROM refresh_tokens WHERE parent_hash = :h"),
                {"h": hash_token(first.refresh_token)},
            ).scalars()
            child_hashes = list(children)
        with container.accounts()() as uow:
            session_alive = uow.sessions.get(first.session.id) is not None
            latest = uow.refresh_tokens.latest(first.session.id)
        answered = {s.refresh_token for s in successes}
        assert (8, 1, 1, True) == (len(successes), len(answered), len(child_hashes), session_alive)
        assert latest is not None
        assert [hash_token(answered.pop())] == child_hashes == [latest.token_hash]

    def test_the_one_successor_rotates_on(self, container: Container) -> None:
        """After the race, the successor every thread received rotates once more and the
        presented token is then a replay."""
        first, answers = self.present_eight_times(container)
        successor = next(a for a in answers if isinstance(a, IssuedSession))
        auth = container.auth()
        after = auth.sessions.refresh(successor.refresh_token)
        assert after.refresh_token != successor.refresh_token
        with pytest.raises(DesignCoreError) as replay:
            auth.sessions.refresh(first.refresh_token)
        assert "refresh_token_already_used" == replay.value.code


class TestConcurrentSpending:
    def test_twenty_spends_from_thirty_credits(self, container: Container) -> None:
        """From a balance of 30 (three referrals), 20 concurrent spends of 3 credits: exactly
        10 succeed, the other 10 are refused as insufficient, and the balance ends at 0."""
        referrer = sign_up(container, "referrer@example.com")
        with container.accounts()() as uow:
            code = uow.profiles.get(referrer.user.id).referral_code
        for n in range(3):
            sign_up(container, f"friend{n}@example.com", referral_code=code)
        with container.accounts()() as uow:
            assert 30 == uow.credits.balance(referrer.user.id)

        profiles = container.profiles()
        answers = run_together(
            20, 20, lambda i: profiles.spend(referrer.user.id, 3, reference=f"r{i}")
        )

        balances = sorted(a for a in answers if isinstance(a, int))
        refusals = Counter(
            a.code if isinstance(a, DesignCoreError) else repr(a)
            for a in answers
            if isinstance(a, Exception)
        )
        assert list(range(0, 30, 3)) == balances
        assert 10 == sum(refusals.values())
        assert {"insufficient_credits"} == set(refusals), refusals
        with container.accounts()() as uow:
            assert 0 == uow.credits.balance(referrer.user.id)
