"""NUL characters (U+0000) are refused at the edge, on SQLite and on PostgreSQL alike.

PostgreSQL cannot store U+0000 in text: before the edge refused it, ``GET
/api/v1/templates/a%00b`` and its kin answered 500 there and the designs and auth routes a 503
naming the driver's ``DataError``, while SQLite answered 200/400/404. Every route of the app's
own route table is sent a NUL in each path parameter, query parameter, header and JSON body
field (and nested deep in a body), and must answer 400 ``nul_character`` in its router's error
shape, with no row stored or changed.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from litestar import Litestar
from litestar.testing import TestClient

from designcore.adapters.argon2 import Argon2PasswordHasher
from designcore.adapters.sqlalchemy import create_database_engine, migrate
from designcore.adapters.sqlalchemy.designs import SqlAlchemyDesignRepository
from designcore.app import Container, build_container, load_settings
from designcore.app.http import create_app
from designcore.app.http.nul_characters import nul_in_body, nul_in_query
from designcore.app.http.request_media import FORM, JSON
from designcore.app.seeding import migrate_database
from designcore.domain.errors import Unavailable
from route_table import AllowEverything, Endpoint, endpoints, snapshot
from support import make_template, postgres_schema_settings

Client = TestClient  # type: ignore[type-arg]
V2024 = {"X-Supabase-Api-Version": "2024-01-01"}
NUL_TEXT = "a\x00b"
SANDBOX = ("/sandbox/paystack/", "/sandbox/checkout/")
"""Routes that answer in Paystack's error shape."""
DRIVER_WORDS = ("DataError", "IntegrityError", "OperationalError", "ProgrammingError", "psycopg")
"""Words of a driver's error that must never reach an answer."""


@dataclass
class Site:
    """The app on one database, with a signed-in visitor."""

    backend: str
    api: Client
    app: Litestar
    container: Container
    token: str

    def rows(self) -> dict[str, int]:
        """Row counts of every table, once captured analytics events are written."""
        self.container.analytics().flush()
        return snapshot(self.container.engine())

    def send(self, method: str, url: str, **options: Any) -> Any:
        """One request as the signed-in visitor (auth routes with GoTrue's version header)."""
        headers = {"Authorization": f"Bearer {self.token}", **options.pop("headers", {})}
        if url.startswith("/auth/v1"):
            headers.update(V2024)
        return self.api.request(method, url, headers=headers, follow_redirects=False, **options)


def refusal_problem(url: str, answer: Any) -> str | None:
    """Why ``answer`` is not the 400 ``nul_character`` refusal in its router's shape."""
    if answer.status_code != 400:
        return f"answered {answer.status_code}: {answer.text[:160]!r}"
    body = answer.json()
    if any(word in answer.text for word in DRIVER_WORDS):
        return f"names a driver error: {answer.text[:160]!r}"
    if url.startswith(SANDBOX):
        wanted: dict[str, Any] = {"status": False, "code": "nul_character"}
    elif url.startswith("/auth/v1"):
        wanted = {"code": "nul_character"}
    else:
        wanted = {"status": 400, "code": "nul_character"}
    if {k: body.get(k) for k in wanted} != wanted or not body.get("message"):
        return f"not the refusal: {body!r}"
    return None


@pytest.fixture(
    name="site",
    scope="module",
    params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgresql)],
)
def fixture_site(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Site]:
    """The app on a migrated SQLite file or a PostgreSQL schema of its own, with a template, a
    stored object and the signed-in visitor ``ada``; rate limits off."""
    folder = tmp_path_factory.mktemp(request.param)
    database: Iterator[dict[str, str]] = iter([{}])
    environment = {"DESIGNCORE_DATABASE_URL": f"sqlite:///{folder / 'x.db'}"}
    if request.param == "postgresql":
        database = postgres_schema_settings()  # skips when PostgreSQL is not reachable
        environment = next(database)
    container: Container = build_container(
        load_settings(
            {
                **environment,
                "DESIGNCORE_DATA_DIR": str(folder),
                "DESIGNCORE_STORAGE_BACKEND": "local",
                "DESIGNCORE_STORAGE_ROOT": str(folder / "storage"),
                "DESIGNCORE_WEB_DIST": "/nonexistent",
                "DESIGNCORE_LOG_LEVEL": "WARNING",
            }
        )
    )
    container.password_hasher.override(Argon2PasswordHasher.for_tests())
    container.rate_limiter.override(AllowEverything())
    migrate_database(container)
    container.site_settings().ensure_defaults()
    container.catalogue().add(make_template(name="Grace flyer"))
    container.storage().put("template-previews", "known.png", b"\x89PNG", "image/png")
    app = create_app(container=container)
    try:
        with TestClient(app=app) as api:
            signed_up = api.post(
                "/auth/v1/signup",
                json={"email": "ada@example.com", "password": "kolanut-42-Lagos"},
                headers=V2024,
            )
            assert 200 == signed_up.status_code, signed_up.text
            yield Site(request.param, api, app, container, signed_up.json()["access_token"])
    finally:
        container.engine().dispose()
        for _ in database:  # drops the PostgreSQL schema
            pass


NESTED = {"outer": [{"inner": {"deep": NUL_TEXT}}]}
"""A body whose only NUL is three levels down."""

LISTED: list[tuple[str, str, dict[str, Any]]] = [
    ("GET", "/api/v1/templates/a%00b", {}),
    ("GET", "/api/v1/templates", {"params": {"search": NUL_TEXT}}),
    ("GET", "/api/v1/templates/search", {"params": {"q": NUL_TEXT}}),
    ("GET", "/api/v1/templates/a%00b/related", {}),
    ("GET", "/api/v1/templates/match", {"params": {"category": NUL_TEXT}}),
    ("GET", "/api/v1/creators/a%00b", {}),
    ("GET", "/api/v1/creators/a%00b/templates", {}),
    ("POST", "/api/v1/rpc/increment_template_views", {"json": {"template_id": NUL_TEXT}}),
    ("POST", "/api/v1/rpc/get_user_referral_code", {"json": {"user_id_param": NUL_TEXT}}),
    ("POST", "/api/v1/search-prompts", {"json": {"search_term": NUL_TEXT}}),
    ("POST", "/api/v1/prompts", {"json": {"prompt": NUL_TEXT, "category": "flyers"}}),
    ("GET", "/api/v1/designs/a%00b", {}),
    ("GET", "/api/v1/designs", {"params": {"search": NUL_TEXT}}),
    ("POST", "/api/v1/designs", {"json": {"name": "Flyer", "document": NESTED}}),
    ("PUT", "/api/v1/creators/me", {"json": {"username": "ada", "bio": NUL_TEXT}}),
    ("POST", "/api/v1/events", {"json": {"batch": [{"event": "x", "properties": NESTED}]}}),
    ("POST", "/auth/v1/signup", {"json": {"email": NUL_TEXT, "password": "kolanut-42-Lagos"}}),
    (
        "POST",
        "/auth/v1/token?grant_type=password",
        {"json": {"email": "ada@example.com", "password": NUL_TEXT}},
    ),
    ("POST", "/auth/v1/recover", {"json": {"email": "ada@example.com", NUL_TEXT: "key"}}),
    ("PUT", "/auth/v1/user", {"json": {"data": NESTED}}),
    ("GET", "/auth/v1/user", {"headers": {"X-Client-Info": NUL_TEXT}}),
    ("DELETE", "/auth/v1/factors/a%00b", {}),
    ("GET", "/auth/v1/verify", {"params": {"token": NUL_TEXT, "type": "recovery"}}),
    ("POST", "/functions/v1/verify-premium-payment", {"json": {"reference": NUL_TEXT}}),
    ("GET", "/storage/v1/object/public/template-previews/a%00b.png", {}),
    ("GET", "/sandbox/paystack/transaction/verify/a%00b", {}),
]
"""The routes the report named (templates, search, related, match, creators, rpc, search and
prompt records, designs, auth), and the other families: events, functions, storage, sandbox."""


class TestListedRoutes:
    @pytest.mark.parametrize(("method", "url", "options"), LISTED)
    def test_nul_is_refused_and_nothing_is_stored(
        self, site: Site, method: str, url: str, options: dict[str, Any]
    ) -> None:
        """A NUL in a path, query, header or JSON body (at any depth, or in a key) answers 400
        ``nul_character`` in the route's error shape, and no table changes."""
        before = site.rows()
        answer = site.send(method, url, **options)
        assert None is refusal_problem(url, answer)
        assert before == site.rows()


def nul_requests(endpoint: Endpoint) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """What an endpoint is sent: a NUL in each text path parameter, each query parameter, a
    header, and (for a method with a body) each body field and a nested value."""
    for name in endpoint.path_params:
        if f"{{{name}:int}}" not in endpoint.path:
            yield f"path {name}", endpoint.url({name: NUL_TEXT}), {}
    for name in endpoint.query:
        yield f"query {name}", endpoint.url(), {"params": {name: NUL_TEXT}}
    yield "header", endpoint.url(), {"headers": {"X-Client-Info": NUL_TEXT}}
    if endpoint.method not in {"POST", "PUT", "PATCH", "DELETE"} or endpoint.path.startswith(
        "/storage/v1/object/"
    ):
        return
    for name, kind in (endpoint.body_fields or {}).items():
        value = {"k": NUL_TEXT} if kind is dict else NUL_TEXT
        yield f"body {name}", endpoint.url(), {"json": {name: value}}
    yield "nested body", endpoint.url(), {"json": NESTED}


class TestEveryRoute:
    def test_every_route_refuses_nul_anywhere(self, site: Site) -> None:
        """Every method of every route in the app's route table answers 400 ``nul_character``
        to a NUL in any path parameter, query parameter, header or body field, and stores
        nothing."""
        before = site.rows()
        problems = []
        sent = 0
        for endpoint in endpoints(site.app):
            for what, url, options in nul_requests(endpoint):
                answer = site.send(endpoint.method, url, **options)
                sent += 1
                problem = refusal_problem(endpoint.path, answer)
                if problem:
                    problems.append(f"{endpoint.method} {endpoint.path} [{what}]: {problem}")
        assert [] == problems, "\n".join(problems)
        assert sent > 300
        assert before == site.rows()

    def test_an_upload_body_may_hold_nul_bytes(self, site: Site) -> None:
        """An upload's body is the file's own bytes, NULs and all: it is stored, not refused."""
        answer = site.send(
            "POST",
            "/storage/v1/object/designs/mine/blob.png",
            content=b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR",
            headers={"Content-Type": "image/png"},
        )
        assert "nul_character" not in answer.text

    def test_text_that_only_looks_like_nul_is_taken(self, site: Site) -> None:
        """An escaped backslash before ``u0000`` (the six characters ``\\u0000``) and a
        percent-encoded ``%00`` as text are not NULs: they are stored as written."""
        answer = site.send("POST", "/api/v1/search-prompts", json={"search_term": "\\u0000 %00"})
        assert 201 == answer.status_code, answer.text
        assert "\\u0000 %00" == answer.json()["search_term"]


class TestScanners:
    @pytest.mark.parametrize(
        ("body", "kind", "expected"),
        [
            (b'{"a": "x\\u0000"}', JSON, True),
            (b'{"a\\u0000": 1}', JSON, True),
            (b'{"a": "\\\\\\u0000"}', JSON, True),
            (b'{"a": "\\\\u0000"}', JSON, False),
            (b'{"a": "\\\\\\\\u0000"}', JSON, False),
            (b'{"a": "u0000 \\u00001"}', JSON, True),
            (b'{"a": "x"}\x00', JSON, True),
            (b'{"a": "x\\u0001"}', JSON, False),
            (b"a=x%00", FORM, True),
            (b"a=x%2500", FORM, False),
            (b"a=x\x00", FORM, True),
            (b"\x00\x01", None, True),
        ],
    )
    def test_body(self, body: bytes, kind: str | None, expected: bool) -> None:
        """A body holds a NUL when it has a raw NUL byte, an unescaped ``\\u0000`` in JSON, or
        ``%00`` in a form; an escaped backslash or ``%25`` before the digits is plain text."""
        assert expected is nul_in_body(body, kind)

    @pytest.mark.parametrize(
        ("query", "expected"),
        [
            (b"search=a%00b", "query.search"),
            (b"page=1&q=%00", "query.q"),
            (b"a%00b=1", "query.ab"),
            (b"%00", "query"),
            (b"search=a%2500b", None),
            (b"search=a+b", None),
            (b"", None),
        ],
    )
    def test_query(self, query: bytes, expected: str | None) -> None:
        """The refusal names the query parameter that decodes to text holding a NUL."""
        assert expected == nul_in_query(query)


@pytest.fixture(
    name="broken_engine",
    params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgresql)],
)
def fixture_broken_engine(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[sa.Engine]:
    """A migrated database whose ``designs`` table has been dropped, so every read fails in
    the driver."""
    database: Iterator[dict[str, str]] = iter([{}])
    url, schema = f"sqlite:///{tmp_path / 'broken.db'}", None
    if request.param == "postgresql":
        database = postgres_schema_settings()
        settings = next(database)
        url, schema = settings["DESIGNCORE_DATABASE_URL"], settings["DESIGNCORE_DATABASE_SCHEMA"]
    engine = create_database_engine(url, schema=schema)
    migrate(engine)
    with engine.begin() as conn:
        conn.execute(sa.text("DROP TABLE design_versions"))
        conn.execute(sa.text("DROP TABLE designs"))
    try:
        yield engine
    finally:
        engine.dispose()
        for _ in database:
            pass


class TestDatabaseFailures:
    def test_the_message_names_no_driver_error(
        self, broken_engine: sa.Engine, caplog: pytest.LogCaptureFixture
    ) -> None:
        """A driver failure becomes ``Unavailable`` with a generic message; the driver's error
        goes to the log only."""
        designs = SqlAlchemyDesignRepository(broken_engine)
        now = datetime(2026, 11, 28, tzinfo=UTC)
        with caplog.at_level(logging.ERROR), pytest.raises(Unavailable) as caught:
            designs.count_owned("u-1", now=now)
        assert "the designs database could not answer; try again in a moment" == str(caught.value)
        assert any(r.exc_info for r in caplog.records if "designs database" in r.getMessage())

    @pytest.mark.postgresql
    def test_nul_reaching_postgresql_is_not_named(
        self, postgresql_engine: sa.Engine, caplog: pytest.LogCaptureFixture
    ) -> None:
        """Even a NUL that got past the edge (a library caller) yields the generic message,
        and the log keeps psycopg's ``DataError``."""
        designs = SqlAlchemyDesignRepository(postgresql_engine)
        now = datetime(2026, 11, 28, tzinfo=UTC)
        with caplog.at_level(logging.ERROR), pytest.raises(Unavailable) as caught:
            designs.count_owned(NUL_TEXT, now=now)
        assert not any(word in str(caught.value) for word in DRIVER_WORDS)
        assert "DataError" in caplog.text
