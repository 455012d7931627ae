"""Hostile input against every endpoint of the app, over a real SQLite file.

The endpoints are enumerated from ``app.routes``, so a new handler is attacked without this
module changing: SQL injection in every path parameter, query parameter and JSON string field,
bodies over the size limits, malformed JSON and wrong JSON types. Every answer must be a
client error in the right JSON shape (or, where the hostile string is a legitimate value such
as a search term, a success that found nothing), never a 5xx; and nothing already stored may
change.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from litestar import Litestar
from litestar.testing import TestClient

from designcore.adapters.argon2 import Argon2PasswordHasher
from designcore.app import Container, build_container, load_settings
from designcore.app.http import create_app
from designcore.app.seeding import migrate_database
from image_samples import raster
from route_table import (
    FALLBACK_FIELDS,
    AllowEverything,
    Endpoint,
    endpoints,
    snapshot,
    with_field,
)
from support import make_template

Client = TestClient  # type: ignore[type-arg]
V2024 = {"X-Supabase-Api-Version": "2024-01-01"}
MAX_BODY = 256 * 1024
"""``DESIGNCORE_MAX_BODY_BYTES`` of the app under test (above the auth router's 64 KiB)."""
AUTH_MAX_BODY = 64 * 1024
ADA = ("ada@example.com", "kolanut-42-Lagos")
MALLORY = ("mallory@example.com", "suya-and-zobo-77")

INJECTIONS = (
    "' OR 1=1 --",
    "'; DROP TABLE users; --",
    '"; DROP TABLE users; --',
    "%' UNION SELECT id, email, password_hash FROM users --",
    "admin'--@example.com",
    "x' OR '1'='1",
    "1; DELETE FROM design_templates WHERE '1'='1",
    "../../../../etc/passwd",
)
"""SQL injection (and one path traversal) strings; one is shaped like an e-mail address so it
gets past address validation and reaches the lookups."""

WRONG_TYPES: tuple[Any, ...] = (5, 1.5, True, [], ["a"], {"a": 1})

BASE_BODIES: dict[str, dict[str, Any]] = {
    # Valid except for the injected field, so the injection reaches the database lookups.
    "/auth/v1/signup": {"email": ADA[0], "password": ADA[1], "data": {"first_name": "Ada"}},
    "/auth/v1/token": {"email": ADA[0], "password": ADA[1]},
    "/auth/v1/recover": {"email": ADA[0]},
    "/auth/v1/resend": {"email": ADA[0], "type": "signup"},
    "/auth/v1/verify": {"token": "x" * 32, "type": "recovery"},
    "/auth/v1/factors": {"factor_type": "totp"},
    "/auth/v1/factors/{factor_id:str}/verify": {"challenge_id": "c", "code": "123456"},
    "/functions/v1/create-premium-upgrade": {"amount": 150000, "currency": "NGN"},
    "/functions/v1/verify-premium-payment": {"reference": "txn_1763700000000_abcdefghi"},
}
BASE_QUERY: dict[str, str] = {
    "q": "flyer",
    "grant_type": "password",
    "token": "x" * 32,
    "type": "recovery",
}
FIELD_QUERY: dict[tuple[str, str], dict[str, str]] = {
    ("/auth/v1/token", "refresh_token"): {"grant_type": "refresh_token"},
}
"""Query parameters without which a body field is not read at all."""
KNOWN_WRONG_TYPE_BUGS: set[tuple[str, str]] = set()
"""Fields known to take a wrong JSON type, until fixed."""

# Tables whose row counts may grow through what the signed-in attacker may legitimately do
# with hostile strings as plain data (record a search, enrol a factor, refresh a session…).
MAY_GROW = {
    "search_prompts",
    "prompts",
    "auth_sessions",
    "refresh_tokens",
    "mfa_factors",
    "mfa_challenges",
    "one_time_tokens",
    # What the product does is captured as analytics events (signed_in, search_performed, …),
    # and their daily roll-ups.
    "analytics_events",
    "analytics_daily_counts",
    "analytics_daily_people",
    # Design prompting counts each prompt against the caller's daily allowance.
    "quota_counters",
}


def error_shape_problem(endpoint: Endpoint, response: Any) -> str | None:
    """Why an error answer is not in the shape its API promises (``None`` when it is).

    Only ``/api``, ``/auth/v1`` and ``/storage`` promise a JSON error shape (the OpenAPI
    pages are Litestar's own). A 404 under ``/auth/v1`` for a path that matches no route
    (an encoded ``/`` in a parameter) comes from the app, not the auth router: see
    ``TestKnownBugs.test_unrouted_auth_paths_answer_gotrue_errors``.
    """
    if not endpoint.path.startswith(("/api/", "/auth/v1", "/storage/")):
        return None
    try:
        body = response.json()
    except ValueError:
        return f"not JSON: {response.text[:80]!r}"
    if not isinstance(body, dict):
        return f"not an object: {body!r}"
    unrouted = response.status_code == 404 and body.get("code") == "not_found"
    if endpoint.auth and not (unrouted and "status" in body):
        if response.headers.get("x-supabase-api-version") != "2024-01-01":
            return "no X-Supabase-Api-Version: 2024-01-01 header"
        if not (isinstance(body.get("code"), str) and isinstance(body.get("message"), str)):
            return f"not GoTrue {{code, message}}: {body!r}"
        return None
    if body.get("status") != response.status_code:
        return f"status {body.get('status')!r} in the body, {response.status_code} answered"
    if not (isinstance(body.get("code"), str) and isinstance(body.get("message"), str)):
        return f"not {{status, code, message}}: {body!r}"
    return None


@dataclass
class Attack:
    """The app under attack and what the attacks answered."""

    container: Container
    api: Client
    engine: sa.Engine
    app: Litestar
    mallory: dict[str, Any]
    problems: list[str] = field(default_factory=list)
    answered: int = 0
    successes: Counter[tuple[str, str]] = field(default_factory=Counter)

    def headers(self, endpoint: Endpoint, token: str | None = None) -> dict[str, str]:
        """Headers of an attacking request: the attacker's token unless another is given."""
        headers = {"Authorization": f"Bearer {token or self.mallory['access_token']}"}
        return {**V2024, **headers} if endpoint.auth else headers

    def send(
        self,
        endpoint: Endpoint,
        what: str,
        *,
        url: str | None = None,
        query: dict[str, Any] | None = None,
        body: Any = None,
        content: bytes | None = None,
        token: str | None = None,
        must_fail: bool = False,
        filtered: bool = False,
    ) -> Any:
        """Send one request and note every way its answer breaks the rules: a 5xx, an error
        body in the wrong shape, a success where a refusal is due (``must_fail``), or a
        non-empty result for a listing filtered by a hostile string (``filtered``)."""
        headers = self.headers(endpoint, token)
        if content is not None or body is not None:
            headers["Content-Type"] = "application/json"
            content = content if content is not None else json.dumps(body).encode()
        response = self.api.request(
            endpoint.method,
            url or endpoint.url(),
            params=query,
            content=content,
            headers=headers,
            follow_redirects=False,
        )
        self.answered += 1
        if response.status_code < 300:
            self.successes[(endpoint.method, endpoint.path)] += 1
        label = f"{endpoint.method} {endpoint.path} [{what}] -> {response.status_code}"
        status = response.status_code
        if status >= 500:
            self.problems.append(f"{label}: server error {response.text[:160]!r}")
        elif status >= 400:
            problem = error_shape_problem(endpoint, response)
            if problem:
                self.problems.append(f"{label}: {problem}")
        elif must_fail:
            self.problems.append(f"{label}: hostile input was accepted")
        elif filtered and status == 200 and "json" in response.headers.get("content-type", ""):
            found = response.json()
            if isinstance(found, dict) and found.get("totalCount"):
                self.problems.append(f"{label}: an injected filter matched {found['totalCount']}")
            if isinstance(found, list) and found:
                self.problems.append(f"{label}: an injected filter matched {len(found)} items")
        return response


def templates_rows(engine: sa.Engine) -> list[tuple[Any, ...]]:
    """Every stored template, as rows."""
    with engine.connect() as conn:
        return [
            tuple(r) for r in conn.execute(sa.text("SELECT * FROM design_templates ORDER BY id"))
        ]


def sign_up(api: Client, email: str, password: str) -> dict[str, Any]:
    answer = api.post("/auth/v1/signup", json={"email": email, "password": password}, headers=V2024)
    assert 200 == answer.status_code, answer.text
    return answer.json()  # type: ignore[no-any-return]


@pytest.fixture(name="attack")
def fixture_attack(tmp_path: Path) -> Iterator[Attack]:
    """The app on a migrated SQLite file with five templates, a stored object, the known
    account ``ada`` and the signed-in attacker ``mallory``; rate limits off."""
    container = build_container(
        load_settings(
            {
                "DESIGNCORE_DATABASE_URL": f"sqlite:///{tmp_path / 'x.db'}",
                "DESIGNCORE_DATA_DIR": str(tmp_path),
                "DESIGNCORE_STORAGE_BACKEND": "local",
                "DESIGNCORE_STORAGE_ROOT": str(tmp_path / "storage"),
                "DESIGNCORE_WEB_DIST": "/nonexistent",
                "DESIGNCORE_MAX_BODY_BYTES": str(MAX_BODY),
                "DESIGNCORE_LOG_LEVEL": "WARNING",
            }
        )
    )
    container.password_hasher.override(Argon2PasswordHasher.for_tests())
    container.rate_limiter.override(AllowEverything())
    migrate_database(container)
    container.site_settings().ensure_defaults()
    for n in range(5):
        container.catalogue().add(make_template(name=f"Grace flyer {n}"))
    container.storage().put("template-previews", "known.png", b"\x89PNG", "image/png")
    app = create_app(container=container)
    with TestClient(app=app) as api:
        sign_up(api, *ADA)
        mallory = sign_up(api, *MALLORY)
        yield Attack(container, api, container.engine(), app, mallory)
    container.engine().dispose()


class TestEnumeration:
    def test_every_route_is_attacked(self, attack: Attack) -> None:
        """The route table yields the API, auth and storage endpoints with their inputs."""
        found = {(e.method, e.path): e for e in endpoints(attack.app)}
        assert {"template_id"} == set(
            found[("GET", "/api/v1/templates/{template_id:str}")].path_params
        )
        assert {"page", "size", "category", "sub_category", "search"} == set(
            found[("GET", "/api/v1/templates")].query
        )
        assert {"search_term", "user_id"} == set(
            found[("POST", "/api/v1/search-prompts")].body_fields or {}
        )
        assert {"email", "password", "refresh_token", "auth_code", "code_verifier"} == set(
            found[("POST", "/auth/v1/token")].body_fields or {}
        )
        assert {"grant_type"} == set(found[("POST", "/auth/v1/token")].query)
        assert {"scope"} == set(found[("POST", "/auth/v1/logout")].query)
        assert dict is (found[("POST", "/auth/v1/signup")].body_fields or {})["data"]
        assert ("bucket", "path") == found[
            ("GET", "/storage/v1/object/public/{bucket:str}/{path:path}")
        ].path_params
        raw = {e.path for e in found.values() if e.body_fields is FALLBACK_FIELDS}
        assert set() == raw, "add these raw-body handlers to RAW_BODY_FIELDS"


class TestInjection:
    def test_injection_anywhere_is_refused_or_matches_nothing(self, attack: Attack) -> None:
        """SQL injection in every path parameter, query parameter, JSON string field and the
        bearer token answers 4xx in the API's error shape (or, for free text such as a search
        term, a success that matches nothing); no table is dropped, emptied or altered, and
        the known account still signs in while the injected password does not."""
        before = snapshot(attack.engine)
        templates_before = templates_rows(attack.engine)
        ada_before = attack.container.auth().sessions.sign_in_with_password(
            email=ADA[0], password=ADA[1]
        )
        for endpoint in endpoints(attack.app):
            base_query = {n: BASE_QUERY[n] for n in endpoint.query if n in BASE_QUERY}
            base_body = BASE_BODIES.get(endpoint.path, {})
            for payload in INJECTIONS:
                for name in endpoint.path_params:
                    attack.send(
                        endpoint,
                        f"path {name}",
                        url=endpoint.url({name: payload}),
                        query=base_query,
                        body=base_body if endpoint.body_fields is not None else None,
                        must_fail=True,
                    )
                for name in endpoint.query:
                    attack.send(
                        endpoint,
                        f"query {name}",
                        query={**base_query, name: payload},
                        filtered=endpoint.method == "GET",
                    )
                for name, kind in (endpoint.body_fields or {}).items():
                    if kind is dict:
                        continue
                    attack.send(
                        endpoint,
                        f"body {name}",
                        query={**base_query, **FIELD_QUERY.get((endpoint.path, name), {})},
                        body=with_field(base_body, name, payload),
                    )
                attack.send(
                    endpoint,
                    "bearer token",
                    query=base_query,
                    body=base_body if endpoint.body_fields is not None else None,
                    token=payload,
                )
        assert [] == attack.problems, "\n".join(attack.problems)
        assert attack.answered > 500
        after = snapshot(attack.engine)
        assert set(before) == set(after)
        # The e-mail-shaped payload is a valid address: signing it up is legitimate, and it
        # must be stored as exactly those characters.
        signups = attack.successes[("POST", "/auth/v1/signup")]
        accounts = ("users", "profiles", "identities")
        assert {n: before[n] + signups for n in accounts} == {n: after[n] for n in accounts}
        with attack.engine.connect() as conn:
            emails = set(conn.execute(sa.text("SELECT email FROM users")).scalars())
        assert emails <= {ADA[0], MALLORY[0], *INJECTIONS}
        assert {n: c for n, c in before.items() if n not in MAY_GROW | set(accounts)} == {
            n: c for n, c in after.items() if n not in MAY_GROW | set(accounts)
        }
        assert all(after[n] >= before[n] for n in MAY_GROW & set(before))
        assert templates_before == templates_rows(attack.engine)
        signed_in = attack.api.post(
            "/auth/v1/token?grant_type=password",
            json={"email": ADA[0], "password": ADA[1]},
            headers=V2024,
        )
        assert 200 == signed_in.status_code
        assert ada_before.user.id == signed_in.json()["user"]["id"]
        bypass = attack.api.post(
            "/auth/v1/token?grant_type=password",
            json={"email": ADA[0], "password": "' OR 1=1 --"},
            headers=V2024,
        )
        assert (400, "invalid_credentials") == (bypass.status_code, bypass.json()["code"])

    def test_injected_text_is_stored_literally(self, attack: Attack) -> None:
        """A hostile string sent as data (a recorded search) is stored and read back as the
        very same characters: it is bound as a parameter, never spliced into SQL."""
        endpoint = next(e for e in endpoints(attack.app) if e.path == "/api/v1/search-prompts")
        for payload in INJECTIONS:
            answer = attack.send(endpoint, "search_term", body={"search_term": payload})
            assert payload == answer.json()["search_term"]
        with attack.engine.connect() as conn:
            stored = conn.execute(sa.text("SELECT search_term FROM search_prompts")).scalars()
            assert set(INJECTIONS) == set(stored)
        assert [] == attack.problems, "\n".join(attack.problems)

    def test_signed_token_with_injected_claims_is_refused(self, attack: Attack) -> None:
        """A validly signed access token whose ``sub`` and ``session_id`` are injection strings
        finds no session: 403 session_not_found, on the auth API and the profile API."""
        import jwt

        claims = jwt.decode(attack.mallory["access_token"], options={"verify_signature": False})
        for payload in INJECTIONS:
            forged = attack.container.token_signer().sign(
                {**claims, "sub": payload, "session_id": payload}
            )
            user = attack.api.get(
                "/auth/v1/user", headers={"Authorization": f"Bearer {forged}", **V2024}
            )
            assert (403, "session_not_found") == (user.status_code, user.json()["code"])
            me = attack.api.get(
                "/api/v1/profiles/me", headers={"Authorization": f"Bearer {forged}"}
            )
            assert (401, "invalid_token") == (me.status_code, me.json()["code"])


class TestBodies:
    def test_oversized_bodies_are_413(self, attack: Attack) -> None:
        """A body one byte over the limit (DESIGNCORE_MAX_BODY_BYTES under /api, or a route's
        own larger limit; 64 KiB under /auth/v1, and the app's limit under /auth/v1 too) is 413
        request_too_large, unless the route turns the caller away before it reads any body
        (the admin photo editor: 403 ``admin_only`` for a small body and a big one alike)."""
        for endpoint in endpoints(attack.app):
            if endpoint.body_fields is None:
                continue
            own = max(MAX_BODY, endpoint.max_body or 0)
            limits = (AUTH_MAX_BODY, MAX_BODY) if endpoint.auth else (own,)
            for limit in limits:
                content = b'{"pad": "' + b"x" * (limit - 10) + b'"}'
                assert limit + 1 == len(content)
                answer = attack.send(
                    endpoint, f"{limit + 1} bytes", content=content, must_fail=True
                )
                got = (answer.status_code, answer.json()["code"])
                if got[1] in {"sign_in_required", "admin_only"}:
                    small = attack.send(endpoint, "{}", content=b"{}", must_fail=True)
                    assert (small.status_code, small.json()["code"]) == got
                    continue
                assert (413, "request_too_large") == got, f"{endpoint.method} {endpoint.path}"
        assert [] == attack.problems, "\n".join(attack.problems)

    @pytest.mark.parametrize(
        "content",
        [b"{oops", b'{"email": ', b"[1, 2]", b'"text"', b"123", b"null", b"\xff\xfe{}", b"{}}"],
    )
    def test_malformed_json_is_refused(self, attack: Attack, content: bytes) -> None:
        """Malformed JSON, or JSON that is not an object, is a 4xx on every endpoint that
        reads a body."""
        for endpoint in endpoints(attack.app):
            if endpoint.body_fields is None:
                continue
            query = {n: BASE_QUERY[n] for n in endpoint.query if n in BASE_QUERY}
            attack.send(endpoint, repr(content), query=query, content=content, must_fail=True)
        assert [] == attack.problems, "\n".join(attack.problems)

    def test_wrong_json_types_are_refused(self, attack: Attack) -> None:
        """A number, boolean, list or object where a string (or an object where ``data``) is
        expected is a 4xx, and changes nothing."""
        before = snapshot(attack.engine)
        for endpoint in endpoints(attack.app):
            query = {n: BASE_QUERY[n] for n in endpoint.query if n in BASE_QUERY}
            base = BASE_BODIES.get(endpoint.path, {})
            for name, kind in (endpoint.body_fields or {}).items():
                if kind not in (str, dict, str | None) or (endpoint.path, name) in (
                    KNOWN_WRONG_TYPE_BUGS
                ):
                    continue  # ``Any``/``object`` fields take every JSON value
                expected = dict if kind is dict else str
                for wrong in WRONG_TYPES:
                    if isinstance(wrong, expected):
                        continue
                    attack.send(
                        endpoint,
                        f"body {name}={wrong!r}",
                        query={**query, **FIELD_QUERY.get((endpoint.path, name), {})},
                        body=with_field(base, name, wrong),
                        must_fail=True,
                    )
        assert [] == attack.problems, "\n".join(attack.problems)
        after = snapshot(attack.engine)
        assert {n: c for n, c in before.items() if n not in MAY_GROW} == {
            n: c for n, c in after.items() if n not in MAY_GROW
        }


class TestEdgeInputs:
    """Hostile inputs that once answered 5xx: deep nesting, wrong types, unrouted auth paths,
    lone surrogates."""

    @pytest.mark.parametrize("content", [b"[" * 5000, b'{"a":' * 5000])
    def test_deeply_nested_json_is_a_client_error(self, attack: Attack, content: bytes) -> None:
        """5 KB of nesting (well under every size limit) is a 400, not a 500."""
        for endpoint in endpoints(attack.app):
            if endpoint.body_fields is not None:
                attack.send(endpoint, "deep nesting", content=content, must_fail=True)
        assert [] == attack.problems, "\n".join(attack.problems)

    @pytest.mark.parametrize("value", [5, True, ["a"], {"a": 1}])
    def test_recover_redirect_to_of_a_wrong_type(self, attack: Attack, value: Any) -> None:
        """``redirect_to`` that is not a string is a 400 validation_failed."""
        answer = attack.api.post(
            "/auth/v1/recover", json={"email": ADA[0], "redirect_to": value}, headers=V2024
        )
        assert (400, "validation_failed") == (answer.status_code, answer.json()["code"])

    def test_unrouted_auth_paths_answer_gotrue_errors(self, attack: Attack) -> None:
        """An unknown path under /auth/v1 (or a factor id holding an encoded slash) answers
        GoTrue's ``{code, message}`` with the API version header."""
        for path in ("/auth/v1/no-such-endpoint", "/auth/v1/factors/a%2Fb/challenge"):
            answer = attack.api.post(path, json={}, headers=V2024)
            assert 404 == answer.status_code
            assert "2024-01-01" == answer.headers.get("x-supabase-api-version")
            assert {"code", "message"} == set(answer.json())

    def test_lone_surrogates_are_a_client_error(self, attack: Attack) -> None:
        """A JSON string holding a lone surrogate is refused with a 4xx everywhere."""
        for endpoint in endpoints(attack.app):
            query = {n: BASE_QUERY[n] for n in endpoint.query if n in BASE_QUERY}
            base = BASE_BODIES.get(endpoint.path, {})
            for name, kind in (endpoint.body_fields or {}).items():
                if kind is dict:
                    continue
                body = json.dumps(with_field(base, name, "a\ud800@example.com")).encode()
                attack.send(endpoint, f"body {name}", query=query, content=body)
        assert [] == attack.problems, "\n".join(attack.problems)


BODY_METHODS = {"POST", "PUT", "PATCH", "DELETE"}
ANY_BODY = {"/storage/v1/object/{bucket:str}/{path:path}"}
"""Routes that take a body of any type: an upload is the image itself or a multipart form."""
FORM_BODY_PREFIX = "/sandbox/paystack/"
"""Routes that take JSON or a form, as the provider they imitate does."""
NOT_JSON = (
    "text/plain",
    "text/plain; charset=utf-8",
    "text/html",
    "application/xml",
    "application/octet-stream",
    "application/jsonp",
    "application/json-seq",
    "text/json",
)
FORMS = ("application/x-www-form-urlencoded", "multipart/form-data; boundary=x")
JSON_TYPES = (
    "application/json",
    "application/json; charset=utf-8",
    "application/json;charset=UTF-8",
    "APPLICATION/JSON",
    "application/merge-patch+json",
    "application/vnd.api+json; charset=utf-8",
)


def send_typed(attack: Attack, endpoint: Endpoint, content_type: str | None, body: bytes) -> Any:
    """Send ``body`` with ``content_type`` (no Content-Type header when ``None``)."""
    headers = attack.headers(endpoint)
    if content_type is not None:
        headers["Content-Type"] = content_type
    query = {n: BASE_QUERY[n] for n in endpoint.query if n in BASE_QUERY}
    return attack.api.request(
        endpoint.method,
        endpoint.url(),
        params=query,
        content=body,
        headers=headers,
        follow_redirects=False,
    )


def media_problem(endpoint: Endpoint, response: Any) -> str | None:
    """Why an answer is not the 415 ``unsupported_media_type`` in the route's error shape."""
    if response.status_code != 415:
        return f"answered {response.status_code}: {response.text[:120]!r}"
    body = response.json()
    if endpoint.path.startswith(FORM_BODY_PREFIX):
        return None if body.get("status") is False and body.get("message") else repr(body)
    if endpoint.auth:
        expected: dict[str, Any] = {"code": "unsupported_media_type"}
    else:
        expected = {"status": 415, "code": "unsupported_media_type"}
    if {k: body.get(k) for k in expected} != expected or not body.get("message"):
        return f"not the error shape: {body!r}"
    return None


def body_endpoints(attack: Attack) -> list[Endpoint]:
    """Every method of every route that may carry a request body."""
    return [e for e in endpoints(attack.app) if e.method in BODY_METHODS]


class TestMediaTypes:
    def test_every_body_route_is_covered(self, attack: Attack) -> None:
        """The sweep reaches the JSON routes of every API, the upload and the sandbox."""
        paths = {e.path for e in body_endpoints(attack)}
        assert ANY_BODY <= paths
        for prefix in ("/api/v1/", "/auth/v1/", "/functions/v1/", FORM_BODY_PREFIX):
            assert any(p.startswith(prefix) for p in paths), prefix

    def test_a_body_that_is_not_json_is_415(self, attack: Attack) -> None:
        """A body sent as text, HTML, XML, bytes or no type at all is refused with 415
        ``unsupported_media_type`` in the route's error shape, before anything reads it."""
        problems = []
        for endpoint in body_endpoints(attack):
            if endpoint.path in ANY_BODY:
                continue
            for content_type in (*NOT_JSON, None):
                answer = send_typed(attack, endpoint, content_type, b"{}")
                problem = media_problem(endpoint, answer)
                if problem:
                    problems.append(
                        f"{endpoint.method} {endpoint.path} [{content_type}]: {problem}"
                    )
        assert [] == problems, "\n".join(problems)

    def test_forms_only_where_taken(self, attack: Attack) -> None:
        """A form is 415 on every JSON route and taken by the sandbox and the upload."""
        problems = []
        for endpoint in body_endpoints(attack):
            for content_type in FORMS:
                answer = send_typed(attack, endpoint, content_type, b"a=1")
                takes_forms = endpoint.path in ANY_BODY or endpoint.path.startswith(
                    FORM_BODY_PREFIX
                )
                if takes_forms and answer.status_code == 415:
                    problems.append(f"{endpoint.method} {endpoint.path}: a form was refused")
                elif not takes_forms and (problem := media_problem(endpoint, answer)):
                    problems.append(
                        f"{endpoint.method} {endpoint.path} [{content_type}]: {problem}"
                    )
        assert [] == problems, "\n".join(problems)

    def test_json_types_are_taken(self, attack: Attack) -> None:
        """``application/json`` with any parameters or case, and every ``+json`` type, reach
        the handler (whatever it then answers, never 415)."""
        refused = []
        for endpoint in body_endpoints(attack):
            body = json.dumps(BASE_BODIES.get(endpoint.path, {})).encode()
            for content_type in JSON_TYPES:
                answer = send_typed(attack, endpoint, content_type, body)
                if answer.status_code == 415 or answer.status_code >= 500:
                    refused.append(f"{endpoint.method} {endpoint.path} [{content_type}]")
        assert [] == refused, "\n".join(refused)

    def test_an_empty_body_needs_no_type(self, attack: Attack) -> None:
        """A request with no body (sign-out, a challenge) is never 415, whatever its type."""
        refused = []
        for endpoint in body_endpoints(attack):
            for content_type in ("text/plain", None):
                answer = send_typed(attack, endpoint, content_type, b"")
                if answer.status_code == 415:
                    refused.append(f"{endpoint.method} {endpoint.path} [{content_type}]")
        assert [] == refused, "\n".join(refused)

    def test_an_upload_takes_the_image_itself(self, attack: Attack) -> None:
        """The upload is not held to JSON: a raw image with its own type is stored."""
        answer = attack.api.post(
            f"/storage/v1/object/user-uploads/{attack.mallory['user']['id']}/dot.png",
            content=raster("PNG", 4, 4),
            headers={
                "Authorization": f"Bearer {attack.mallory['access_token']}",
                "Content-Type": "image/png",
            },
        )
        assert 200 == answer.status_code, answer.text
