"""The server-side answer cache: search results and home rows within their time limit."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

from litestar.testing import TestClient

from designcore.adapters.memory import FixedClock
from designcore.app import Container
from designcore.app.http import create_app
from designcore.app.services.cache import TtlCache
from support import make_template

MakeContainer = Callable[..., Container]


class TestTtlCache:
    def test_serves_until_expiry(self) -> None:
        """An answer is reused until its time is up, then computed again."""
        clock = FixedClock()
        cache: TtlCache[int] = TtlCache(clock, timedelta(seconds=60))
        calls: list[int] = []

        def compute() -> int:
            calls.append(1)
            return len(calls)

        assert [1, 1] == [cache.get_or_compute("k", compute) for _ in range(2)]
        clock.advance(timedelta(seconds=61))
        assert 2 == cache.get_or_compute("k", compute)

    def test_evicts_least_recently_used(self) -> None:
        """Past max_entries the least recently used answer goes."""
        cache: TtlCache[str] = TtlCache(FixedClock(), timedelta(seconds=60), max_entries=2)
        cache.get_or_compute("a", lambda: "A")
        cache.get_or_compute("b", lambda: "B")
        cache.get_or_compute("a", lambda: "stale")
        cache.get_or_compute("c", lambda: "C")
        assert ("A", "B2") == (
            cache.get_or_compute("a", lambda: "A2"),
            cache.get_or_compute("b", lambda: "B2"),
        )

    def test_zero_ttl_never_caches(self) -> None:
        """A zero time limit computes every time."""
        cache: TtlCache[int] = TtlCache(FixedClock(), timedelta(0))
        values = iter(range(10))
        assert [0, 1] == [cache.get_or_compute("k", lambda: next(values)) for _ in range(2)]


class TestAnswerCache:
    def test_search_and_home_rows_follow_the_time_limit(
        self, make_memory_container: MakeContainer, clock: FixedClock
    ) -> None:
        """A new template shows in search and home rows once the kept answers expire;
        listings are never kept."""
        container = make_memory_container(DESIGNCORE_CACHE_SECONDS="30")
        container.catalogue().add(make_template(name="Harvest Praise"))
        with TestClient(app=create_app(container=container)) as client:

            def counts() -> tuple[int, int, int]:
                search = client.get("/api/v1/templates/search", params={"q": "harvest"})
                again = client.get("/api/v1/templates/search", params={"q": " Harvest "})
                home = client.get("/api/v1/templates/home")
                listing = client.get("/api/v1/templates")
                assert search.json() == again.json()
                return (
                    search.json()["totalCount"],
                    len(home.json()["rows"][0]["templates"]),
                    listing.json()["totalCount"],
                )

            assert (1, 1, 1) == counts()
            container.catalogue().add(make_template(name="Harvest Night"))
            assert (1, 1, 2) == counts()
            clock.advance(timedelta(seconds=31))
            assert (2, 2, 2) == counts()

    def test_refused_requests_are_not_kept(self, make_memory_container: MakeContainer) -> None:
        """A blank search and an out-of-range limit keep answering 400."""
        container = make_memory_container(DESIGNCORE_CACHE_SECONDS="30")
        with TestClient(app=create_app(container=container)) as client:
            for _ in range(2):
                assert 400 == client.get("/api/v1/templates/search", params={"q": " "}).status_code
                assert 400 == client.get("/api/v1/templates/home?limit=0").status_code
