"""The server-side answer cache: search results and home rows within their time limit."""

from __future__ import annotations

from datetime import timedelta

from designcore.adapters.memory import FixedClock
from designcore.app import build_container, load_settings
from designcore.app.services.cache import TtlCache
from designcore.domain.pagination import PageRequest
from support import make_template


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


class TestCatalogueCaching:
    def test_search_and_home_rows_follow_the_time_limit(self) -> None:
        """A new template shows in search and home rows once the cached answers expire."""
        clock = FixedClock()
        container = build_container(
            load_settings(
                {
                    "DESIGNCORE_DATABASE_URL": "memory://",
                    "DESIGNCORE_STORAGE_BACKEND": "memory",
                    "DESIGNCORE_CACHE_SECONDS": "30",
                }
            )
        )
        container.clock.override(clock)
        service = container.catalogue_service()
        container.catalogue().add(make_template(name="Harvest Praise"))
        assert 1 == service.search("harvest", PageRequest()).total_count
        assert 1 == len(service.home_rows()[0].templates)
        container.catalogue().add(make_template(name="Harvest Night"))
        assert 1 == service.search(" Harvest ", PageRequest()).total_count
        assert 1 == len(service.home_rows()[0].templates)
        clock.advance(timedelta(seconds=31))
        assert 2 == service.search("harvest", PageRequest()).total_count
        assert 2 == len(service.home_rows()[0].templates)
