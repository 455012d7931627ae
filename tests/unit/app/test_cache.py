"""The server-side answer cache: search results and home rows within their time limit."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path

import anyio
import attrs
import pytest
import sqlalchemy as sa
from litestar.testing import TestClient

from designcore.adapters.memory import FixedClock, InMemoryTemplateCatalogue
from designcore.adapters.sqlalchemy import SqlAlchemyTemplateCatalogue
from designcore.app import Container
from designcore.app.http import create_app
from designcore.app.http.answers import AnswerCache, EncodedAnswer
from designcore.app.http.schemas import HomeOut, PageOut, TemplateJson
from designcore.app.seeding import migrate_database
from designcore.app.services.cache import TtlCache
from designcore.domain.pagination import PageRequest
from designcore.domain.templates import HOME_CATEGORIES, HomeRow
from support import KEY_ENCRYPTION_KEY, make_template

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

    def test_a_read_at_once_skips_the_worker_thread(self) -> None:
        """``at_once``'s answer is encoded where the request runs, with no worker thread and
        no call of ``compute``; when it declines (``None``) ``compute`` runs in a thread."""
        answers = AnswerCache(FixedClock(), timedelta(0))
        threads: list[int] = []

        def compute() -> dict[str, str]:
            threads.append(threading.get_ident())
            return {"from": "thread"}

        async def ask(at_once: Callable[[], object | None]) -> tuple[bytes, int]:
            answer = await answers.answer(("home", 12), compute, at_once)
            return answer.body, threading.get_ident()

        assert (b'{"from":"loop"}', []) == (anyio.run(ask, lambda: {"from": "loop"})[0], threads)
        body, loop = anyio.run(ask, lambda: None)
        assert b'{"from":"thread"}' == body
        assert 1 == len(threads)
        assert loop != threads[0]

    def test_home_rows_on_sqlite_are_fresh_without_the_cache(
        self, make_memory_container: MakeContainer, tmp_path: Path
    ) -> None:
        """On a SQLite file with the answer cache off, the home rows (read on the event
        loop's own connection) show a new template on the next request and equal what the
        service reads in a worker thread."""
        container = make_memory_container(
            DESIGNCORE_DATABASE_URL=f"sqlite:///{tmp_path / 'home.db'}",
            DESIGNCORE_DATA_DIR=str(tmp_path),
            DESIGNCORE_SEED_ON_START="false",
        )
        migrate_database(container)
        container.catalogue().add(make_template(name="Harvest Praise"))
        with TestClient(app=create_app(container=container)) as client:
            first = client.get("/api/v1/templates/home")
            container.catalogue().add(make_template(name="Harvest Night"))
            second = client.get("/api/v1/templates/home")
        assert [1, 2] == [len(r.json()["rows"][0]["templates"]) for r in (first, second)]
        expected = EncodedAnswer.of(HomeOut.of(container.catalogue_service().home_rows())).body
        assert expected == second.content

    @pytest.mark.postgresql
    def test_reads_on_postgresql_are_fresh_without_the_cache(
        self, make_memory_container: MakeContainer, postgresql_engine: sa.Engine
    ) -> None:
        """On PostgreSQL with the answer cache off, home rows and search answered from what
        the process keeps show a template renamed by another connection on the next
        request, and equal what the service reads in a worker thread."""
        container = make_memory_container(
            DESIGNCORE_DATABASE_URL=postgresql_engine.url.render_as_string(hide_password=False),
            DESIGNCORE_DATABASE_SCHEMA="designcore_test",
            DESIGNCORE_KEY_ENCRYPTION_KEY=KEY_ENCRYPTION_KEY,
            DESIGNCORE_SEED_ON_START="false",
        )
        container.catalogue().add(template := make_template(name="Harvest Praise"))
        with TestClient(app=create_app(container=container)) as client:
            for _ in range(3):  # read, then kept and confirmed
                client.get("/api/v1/templates/home").raise_for_status()
                client.get("/api/v1/templates/search", params={"q": "harvest"})
            time.sleep(0.5)  # the search index, built in the background on the first search
            client.get("/api/v1/templates/search", params={"q": "harvest"}).raise_for_status()
            with postgresql_engine.begin() as conn:
                conn.execute(
                    sa.text("UPDATE design_templates SET name = 'Harvest Night' WHERE id = :id"),
                    {"id": template.id},
                )
            home = client.get("/api/v1/templates/home")
            found = client.get("/api/v1/templates/search", params={"q": "harvest"})
        service = container.catalogue_service()
        assert EncodedAnswer.of(HomeOut.of(service.home_rows())).body == home.content
        assert ["Harvest Night"] == [t["name"] for t in found.json()["templates"]]
        assert EncodedAnswer.of(PageOut.of(service.search("harvest", PageRequest()))).body == (
            found.content
        )


class TestTemplateJson:
    @staticmethod
    def encoded(value: object) -> bytes:
        return EncodedAnswer.of(value).body

    def test_home_rows_encode_as_the_response_structs_do(self, sqlite_engine: sa.Engine) -> None:
        """The kept templates' JSON gives the bytes HomeOut gives, read after read, and a
        replaced template's new values at once; also past the size, and for summaries made
        afresh each read (the in-memory catalogue)."""
        catalogue = SqlAlchemyTemplateCatalogue(sqlite_engine)
        memory = InMemoryTemplateCatalogue()
        church = [make_template(template_type=("premium", "free")[n % 2]) for n in range(4)]
        for template in (*church, make_template(category="Logos")):
            catalogue.add(template)
            memory.add(template)

        def home(source: SqlAlchemyTemplateCatalogue | InMemoryTemplateCatalogue) -> list[HomeRow]:
            rows = source.newest_in_categories(HOME_CATEGORIES, 12)
            return [HomeRow(category, tuple(rows[category])) for category in HOME_CATEGORIES]

        for kept in (TemplateJson(), TemplateJson(size=2)):
            for source in (catalogue, memory):
                for _ in range(3):
                    rows = home(source)
                    assert self.encoded(HomeOut.of(rows)) == self.encoded(kept.home(rows))
            catalogue.replace(attrs.evolve(church[0], name="Renamed", tags=("new",)))
            rows = home(catalogue)
            body = self.encoded(kept.home(rows))
            assert b'"name":"Renamed"' in body
            assert self.encoded(HomeOut.of(rows)) == body
            catalogue.replace(church[0])

    def test_search_pages_encode_as_the_response_structs_do(self, sqlite_engine: sa.Engine) -> None:
        """A search page built from the kept templates' JSON gives the bytes PageOut gives,
        on every page (the last one short, one past the end empty), and a renamed template's
        new name at once."""
        catalogue = SqlAlchemyTemplateCatalogue(sqlite_engine, search_index="inline")
        templates = [make_template(name=f"Harvest {n}") for n in range(7)]
        catalogue.add_many(templates)
        kept = TemplateJson()
        for page in (1, 2, 3, 4):
            found = catalogue.search("harvest", PageRequest(page, 3))
            assert self.encoded(PageOut.of(found)) == self.encoded(kept.page(found))
        catalogue.replace(attrs.evolve(templates[0], name="Harvest Renamed"))
        found = catalogue.search("harvest", PageRequest(1, 3))
        body = self.encoded(kept.page(found))
        assert b'"name":"Harvest Renamed"' in body
        assert self.encoded(PageOut.of(found)) == body
