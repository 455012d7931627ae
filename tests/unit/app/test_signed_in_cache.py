"""The signed-in cache: GET /user and session checks without a database read between writes,
never stale within a process, and stale across processes for at most its time to live."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from dependency_injector import providers
from litestar.testing import TestClient

from designcore.adapters.memory import FixedClock
from designcore.adapters.sqlalchemy import migrate
from designcore.app import Container
from designcore.app.http import create_app
from designcore.app.services.auth import UserView
from designcore.app.services.signed_in import SignedInCache
from designcore.domain.accounts import User
from support import EPOCH

Client = TestClient  # type: ignore[type-arg]
V2024 = {"X-Supabase-Api-Version": "2024-01-01"}
TTL = timedelta(seconds=5)


def a_view(email: str = "ada@example.com") -> UserView:
    user = User(id="u1", email=email, created_at=EPOCH, updated_at=EPOCH)
    return UserView(user, (), ())


class TestCache:
    def test_keeps_a_view_until_its_time_passes(self) -> None:
        """A view put at the current generation is found until the time to live passes."""
        clock = FixedClock()
        cache = SignedInCache(clock, TTL)
        cache.put("u1", "s1", a_view(), cache.generation())
        assert a_view() == cache.get("u1", "s1")
        assert cache.get("u1", "s2") is None
        clock.advance(TTL)
        assert cache.get("u1", "s1") is None

    def test_a_write_drops_everything_and_reads_that_raced_it(self) -> None:
        """After a write nothing is found, and a view read before the write is not kept."""
        cache = SignedInCache(FixedClock(), TTL)
        cache.put("u1", "s1", a_view(), cache.generation())
        before = cache.generation()
        with cache.writing():
            cache.put("u1", "s1", a_view("during@example.com"), before)
        cache.put("u1", "s1", a_view("stale@example.com"), before)
        assert cache.get("u1", "s1") is None

    def test_off_at_zero_and_bounded_in_size(self) -> None:
        """A zero time to live keeps nothing; past the size the least recently used go."""
        off = SignedInCache(FixedClock(), timedelta(0))
        off.put("u1", "s1", a_view(), off.generation())
        assert off.get("u1", "s1") is None
        small = SignedInCache(FixedClock(), TTL, max_entries=2)
        for session in ("s1", "s2", "s3"):
            small.put("u1", session, a_view(), small.generation())
        assert [None, a_view(), a_view()] == [small.get("u1", s) for s in ("s1", "s2", "s3")]


def server(make: Callable[..., Container], database: str) -> tuple[Container, list[int]]:
    """A server process's container on a shared database, counting reader transactions."""
    container = make(
        DESIGNCORE_DATABASE_URL=database,
        DESIGNCORE_SEED_ON_START="false",
        DESIGNCORE_AUTH_CACHE_SECONDS=str(int(TTL.total_seconds())),
    )
    migrate(container.engine())
    reads: list[int] = []
    real: Callable[[], Any] = container.accounts_reader()

    def counting() -> Any:
        reads.append(1)
        return real()

    container.accounts_reader.override(providers.Object(counting))
    return container, reads


@pytest.fixture(name="two_servers")
def fixture_two_servers(
    make_memory_container: Callable[..., Container], tmp_path: Path
) -> Iterator[tuple[Client, list[int], Client, list[int]]]:
    """Two server processes on one SQLite database, with one clock (the ``clock``
    fixture)."""
    database = f"sqlite:///{tmp_path / 'shared.db'}"
    first, first_reads = server(make_memory_container, database)
    second, second_reads = server(make_memory_container, database)
    with (
        TestClient(app=create_app(container=first)) as one,
        TestClient(app=create_app(container=second)) as two,
    ):
        yield one, first_reads, two, second_reads


def signed_up(api: Client) -> dict[str, Any]:
    response = api.post(
        "/auth/v1/signup",
        json={"email": "ada@example.com", "password": "kolanut-42-Lagos", "data": {}},
        headers=V2024,
    )
    assert 200 == response.status_code, response.text
    return response.json()  # type: ignore[no-any-return]


def bearer(session: dict[str, Any]) -> dict[str, str]:
    return {"Authorization": f"Bearer {session['access_token']}", **V2024}


class TestAcrossTheApi:
    def test_repeated_get_user_reads_the_database_once(
        self, two_servers: tuple[Client, list[int], Client, list[int]]
    ) -> None:
        """The first GET /user reads the session and user; the next ones do not."""
        one, reads, _, _ = two_servers
        session = signed_up(one)
        before = len(reads)
        for _ in range(5):
            assert 200 == one.get("/auth/v1/user", headers=bearer(session)).status_code
        assert 1 == len(reads) - before

    def test_writes_in_the_same_process_show_at_once(
        self, two_servers: tuple[Client, list[int], Client, list[int]]
    ) -> None:
        """An update is seen by the next GET /user, a sign-out ends the session at once."""
        one, _, _, _ = two_servers
        session = signed_up(one)
        one.get("/auth/v1/user", headers=bearer(session))
        changed = one.put(
            "/auth/v1/user", json={"data": {"city": "Ibadan"}}, headers=bearer(session)
        )
        assert 200 == changed.status_code
        user = one.get("/auth/v1/user", headers=bearer(session)).json()
        assert "Ibadan" == user["user_metadata"]["city"]
        assert 204 == one.post("/auth/v1/logout", headers=bearer(session)).status_code
        gone = one.get("/auth/v1/user", headers=bearer(session))
        assert (403, "session_not_found") == (gone.status_code, gone.json()["code"])

    def test_another_process_sees_a_sign_out_within_the_time_to_live(
        self, two_servers: tuple[Client, list[int], Client, list[int]], clock: FixedClock
    ) -> None:
        """A sign-out through one process reaches another once its entry's time passed."""
        one, _, two, _ = two_servers
        session = signed_up(one)
        assert 200 == two.get("/auth/v1/user", headers=bearer(session)).status_code
        assert 204 == one.post("/auth/v1/logout", headers=bearer(session)).status_code
        assert 200 == two.get("/auth/v1/user", headers=bearer(session)).status_code
        clock.advance(TTL)
        gone = two.get("/auth/v1/user", headers=bearer(session))
        assert (403, "session_not_found") == (gone.status_code, gone.json()["code"])
