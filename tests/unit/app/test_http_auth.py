"""The auth API at /auth/v1 over HTTP: how the auth flows map to GoTrue's routes, bodies,
statuses, redirects, headers and rate limits. What the flows do is tested on the services
(tests/unit/app/services/test_auth_*.py)."""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import jwt
import pyotp
import pytest
from litestar.testing import TestClient

import designcore.app.services.auth as auth_services
import designcore.domain.accounts as accounts
from designcore.adapters.memory import FixedClock
from designcore.app import Container
from designcore.app.http import create_app
from designcore.app.http.auth.errors import STATUS_BY_CODE
from designcore.domain.accounts import code_challenge_of

Client = TestClient  # type: ignore[type-arg]
V2024 = {"X-Supabase-Api-Version": "2024-01-01"}
PASSWORD = "kolanut-42-Lagos"
SITE = "http://127.0.0.1:8000"


@pytest.fixture(name="api")
def fixture_api(memory_container: Container) -> Iterator[Client]:
    """An HTTP client of the app on the in-memory container."""
    with TestClient(app=create_app(container=memory_container)) as client:
        yield client


@pytest.fixture(name="api_with")
def fixture_api_with(
    make_memory_container: Callable[..., Container],
) -> Iterator[Callable[..., tuple[Client, Container]]]:
    """Opens clients of apps on in-memory containers with other settings."""
    clients: list[Client] = []

    def open_with(**environment: str) -> tuple[Client, Container]:
        container = make_memory_container(**environment)
        client = TestClient(app=create_app(container=container))
        clients.append(client.__enter__())
        return client, container

    yield open_with
    for client in clients:
        client.__exit__(None, None, None)


def sign_up(api: Client, email: str = "ada@example.com", **data: Any) -> dict[str, Any]:
    response = api.post(
        "/auth/v1/signup",
        json={"email": email, "password": PASSWORD, "data": {"first_name": "Ada", **data}},
        headers=V2024,
    )
    assert 200 == response.status_code, response.text
    return response.json()  # type: ignore[no-any-return]


def sign_in(api: Client, email: str = "ada@example.com", password: str = PASSWORD) -> Any:
    return api.post(
        "/auth/v1/token?grant_type=password",
        json={"email": email, "password": password},
        headers=V2024,
    )


def bearer(session: dict[str, Any]) -> dict[str, str]:
    return {"Authorization": f"Bearer {session['access_token']}", **V2024}


def link_path(container: Container) -> str:
    """The path of the link in the newest mail (the server's origin cut off)."""
    found = re.search(r"https?://\S+", container.outbox().messages(1)[0].message.text)
    assert found is not None
    return found.group(0).split("127.0.0.1:8000", 1)[1]


def coded(answer: Any) -> tuple[int, str]:
    return answer.status_code, answer.json()["code"]


class TestAnswers:
    def test_sign_up_answers_a_gotrue_session(self, api: Client) -> None:
        """The session has GoTrue's fields, the user its identities, factors and RFC 3339
        times in UTC."""
        session = sign_up(api)
        assert {
            "access_token",
            "token_type",
            "expires_in",
            "expires_at",
            "refresh_token",
            "user",
        } == set(session)
        user = session["user"]
        assert {
            "id",
            "aud",
            "role",
            "email",
            "email_confirmed_at",
            "phone",
            "confirmed_at",
            "last_sign_in_at",
            "app_metadata",
            "user_metadata",
            "identities",
            "factors",
            "created_at",
            "updated_at",
            "is_anonymous",
        } == set(user)
        assert ("bearer", 3600, "authenticated") == (
            session["token_type"],
            session["expires_in"],
            user["aud"],
        )
        assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z", user["created_at"])
        assert {
            "identity_id",
            "id",
            "user_id",
            "identity_data",
            "provider",
            "email",
            "last_sign_in_at",
            "created_at",
            "updated_at",
        } == set(user["identities"][0])

    def test_a_pending_address_shows_as_new_email(self, api: Client) -> None:
        """After PUT /user with a new address the user carries new_email and
        email_change_sent_at; without one they are absent."""
        session = sign_up(api)
        answer = api.put("/auth/v1/user", json={"email": "ada@mail.ng"}, headers=bearer(session))
        assert 200 == answer.status_code, answer.text
        assert "ada@mail.ng" == answer.json()["new_email"]
        assert answer.json()["email_change_sent_at"] is not None
        assert (
            "new_email"
            not in api.get("/auth/v1/user", headers=bearer(sign_up(api, "b@x.ng"))).json()
        )

    def test_access_tokens_verify_with_the_published_keys(self, api: Client) -> None:
        """Tokens are ES256 JWTs with a kid, verifiable with the JWKS, which is cacheable and
        holds no private member."""
        session = sign_up(api)
        published = api.get("/auth/v1/.well-known/jwks.json")
        assert "public, max-age=600" == published.headers["cache-control"]
        keys = published.json()["keys"]
        header = jwt.get_unverified_header(session["access_token"])
        key = next(k for k in keys if k["kid"] == header["kid"])
        claims = jwt.decode(
            session["access_token"],
            jwt.PyJWK(key).key,
            algorithms=["ES256"],
            audience="authenticated",
            options={"verify_exp": False},  # the app runs on a fixed clock in 2026
        )
        assert ("ES256", "aal1", ["password"]) == (
            header["alg"],
            claims["aal"],
            [entry["method"] for entry in claims["amr"]],
        )
        assert all("d" not in k for k in keys)

    def test_settings_and_health(self, api: Client) -> None:
        """/settings shows the sign-in methods; /health names the service."""
        settings = api.get("/auth/v1/settings").json()
        assert ({"email": True, "phone": False, "google": False}, True) == (
            settings["external"],
            settings["mailer_autoconfirm"],
        )
        assert "designcore-auth" == api.get("/auth/v1/health").json()["name"]

    def test_the_openapi_document_describes_every_auth_body(self, api: Client) -> None:
        """Every /auth/v1 operation has an operation id, and every JSON body it takes or
        answers is a named schema."""
        paths = api.get("/schema/openapi.json").json()["paths"]
        operations = [
            op for path, ops in paths.items() if path.startswith("/auth/v1") for op in ops.values()
        ]
        assert 21 == len(operations)
        assert all(op.get("operationId") for op in operations)
        for op in operations:
            body = op.get("requestBody", {}).get("content", {}).get("application/json", {})
            schema = body.get("schema", {})
            assert not body or "$ref" in schema or "oneOf" in schema, op["operationId"]


class TestErrors:
    def test_the_error_shape_follows_the_version_header(self, api: Client) -> None:
        """With X-Supabase-Api-Version: 2024-01-01 errors are {code, message}; without it
        {code: status, error_code, msg}; the header is echoed on every answer."""
        current = sign_in(api, "x@example.com", "whatever-1")
        legacy = api.post(
            "/auth/v1/token?grant_type=password",
            json={"email": "x@example.com", "password": "whatever-1"},
        )
        assert {"code": "invalid_credentials", "message": "Invalid login credentials"} == (
            current.json()
        )
        assert {
            "code": 400,
            "error_code": "invalid_credentials",
            "msg": "Invalid login credentials",
        } == legacy.json()
        assert {"2024-01-01"} == {
            answer.headers["x-supabase-api-version"]
            for answer in (current, legacy, api.get("/auth/v1/health"))
        }

    def test_weak_passwords_carry_their_reasons(self, api: Client) -> None:
        """weak_password is 422 with weak_password.reasons beside code and message."""
        answer = api.post(
            "/auth/v1/signup", json={"email": "b@example.com", "password": "Zq9#x"}, headers=V2024
        )
        assert (422, "weak_password") == coded(answer)
        assert {"reasons": ["length"]} == answer.json()["weak_password"]

    def test_codes_map_to_gotrues_statuses(self, api: Client, clock: FixedClock) -> None:
        """Each family of refusal answers GoTrue's status for its code."""
        session = sign_up(api)
        answers = {
            "user_already_exists": api.post(
                "/auth/v1/signup", json={"email": "ADA@example.com", "password": "x" * 12}
            ),
            "email_address_invalid": api.post(
                "/auth/v1/signup", json={"email": "nope", "password": "x" * 12}
            ),
            "no_authorization": api.get("/auth/v1/user"),
            "bad_jwt": api.get("/auth/v1/user", headers={"Authorization": "Bearer x.y.z"}),
            "refresh_token_not_found": api.post(
                "/auth/v1/token?grant_type=refresh_token", json={"refresh_token": "nope"}
            ),
            "flow_state_not_found": api.post(
                "/auth/v1/token?grant_type=pkce", json={"auth_code": "a", "code_verifier": "b"}
            ),
            "unsupported_grant_type": api.post("/auth/v1/token?grant_type=magic", json={}),
            "otp_expired": api.post("/auth/v1/verify", json={"token": "x", "type": "signup"}),
            "mfa_factor_not_found": api.delete("/auth/v1/factors/nope", headers=bearer(session)),
            "validation_failed": api.post("/auth/v1/logout?scope=all", headers=bearer(session)),
            "not_found": api.get("/auth/v1/no-such-route"),
        }
        api.post("/auth/v1/logout", headers=bearer(session))
        answers["session_not_found"] = api.get("/auth/v1/user", headers=bearer(session))
        assert {code: STATUS_BY_CODE[code] for code in answers} == {
            code: answer.status_code for code, answer in answers.items()
        }
        assert {code: code for code in answers} == {
            code: answer.json().get("error_code", answer.json()["code"])
            for code, answer in answers.items()
        }

    @pytest.mark.parametrize("body", [b"{oops", b"[1,2]", b'{"email": 5, "password": "x"}', b""])
    def test_bad_bodies_are_400s(self, api: Client, body: bytes) -> None:
        """Malformed JSON, another JSON type, a wrong field type and no body are 400s."""
        answer = api.post(
            "/auth/v1/token?grant_type=password",
            content=body,
            headers={"Content-Type": "application/json", **V2024},
        )
        assert 400 == answer.status_code
        assert answer.json()["code"] in {"bad_json", "validation_failed"}

    def test_an_unreachable_store_answers_503(
        self, api_with: Callable[..., tuple[Client, Container]], tmp_path: Path
    ) -> None:
        """A database the auth service cannot use (here: never migrated) is a 503."""
        api, _ = api_with(
            DESIGNCORE_DATABASE_URL=f"sqlite:///{tmp_path / 'empty.db'}",
            DESIGNCORE_SEED_ON_START="false",
        )
        assert (503, "unavailable") == coded(sign_in(api))

    def test_every_code_the_services_raise_has_a_status(self) -> None:
        """No auth code falls back on its family's status by accident: each ``code="…"``
        written in the auth services and the accounts domain is in the status table (the
        authenticator's ``invalid_token`` answers under /api, not /auth/v1)."""
        services = Path(auth_services.__file__).parent
        sources = [*services.glob("*.py"), Path(accounts.__file__)]
        raised = set()
        for source in sources:
            if source.name == "authenticator.py":
                continue
            for node in ast.walk(ast.parse(source.read_text())):
                literal = isinstance(node, ast.keyword) and isinstance(node.value, ast.Constant)
                if literal and node.arg == "code" and isinstance(node.value.value, str):
                    raised.add(node.value.value)
        assert "insufficient_aal" in raised
        assert set() == raised - set(STATUS_BY_CODE)


class TestTokens:
    def test_refresh_rotates_and_a_retry_gets_the_same_token(
        self, api: Client, clock: FixedClock
    ) -> None:
        """A refresh answers a new token; the old one presented again within 10 s answers
        that same token; later, it is 400 refresh_token_already_used and the session ends."""
        first = sign_up(api)
        refresh = "/auth/v1/token?grant_type=refresh_token"
        second = api.post(refresh, json={"refresh_token": first["refresh_token"]}).json()
        clock.advance(timedelta(seconds=5))
        retried = api.post(refresh, json={"refresh_token": first["refresh_token"]}, headers=V2024)
        assert (200, second["refresh_token"]) == (
            retried.status_code,
            retried.json()["refresh_token"],
        )
        clock.advance(timedelta(seconds=11))
        replay = api.post(refresh, json={"refresh_token": first["refresh_token"]}, headers=V2024)
        assert (400, "refresh_token_already_used") == coded(replay)
        assert (403, "session_not_found") == coded(api.get("/auth/v1/user", headers=bearer(second)))

    def test_logout_is_204_and_ends_the_session(self, api: Client) -> None:
        """POST /logout?scope=local answers 204 and the token's session is gone."""
        session = sign_up(api)
        assert 204 == api.post("/auth/v1/logout?scope=local", headers=bearer(session)).status_code
        assert (403, "session_not_found") == coded(
            api.get("/auth/v1/user", headers=bearer(session))
        )


class TestMailedLinks:
    def test_a_followed_link_redirects_with_the_session_then_the_error(
        self, api: Client, memory_container: Container
    ) -> None:
        """GET /verify answers 302 to the site with the session and the type in the
        fragment; the second time with error_code=otp_expired in the fragment."""
        sign_up(api)
        assert (200, {}) == (
            (answer := api.post("/auth/v1/recover", json={"email": "ada@example.com"})).status_code,
            answer.json(),
        )
        path = link_path(memory_container)
        first = api.get(path, follow_redirects=False)
        assert 302 == first.status_code
        location = urlsplit(first.headers["location"])
        fragment = parse_qs(location.fragment)
        assert (SITE, ["recovery"], ["bearer"]) == (
            f"{location.scheme}://{location.netloc}",
            fragment["type"],
            fragment["token_type"],
        )
        again = parse_qs(
            urlsplit(api.get(path, follow_redirects=False).headers["location"]).fragment
        )
        assert (["access_denied"], ["otp_expired"]) == (again["error"], again["error_code"])

    def test_a_pkce_sign_up_link_answers_a_code_to_exchange(
        self, api_with: Callable[..., tuple[Client, Container]]
    ) -> None:
        """With confirmation on, sign-up answers the user alone; its link leads to the asked
        redirect with ?code=, which POST /token?grant_type=pkce exchanges for a session."""
        api, container = api_with(DESIGNCORE_AUTH_CONFIRM_EMAIL="true")
        verifier = "signup-verifier-" + "z" * 40
        answer = api.post(
            "/auth/v1/signup?redirect_to=http://127.0.0.1:8000/welcome",
            json={
                "email": "bola@example.com",
                "password": PASSWORD,
                "code_challenge": code_challenge_of(verifier, "s256"),
                "code_challenge_method": "s256",
            },
            headers=V2024,
        )
        assert (200, None) == (answer.status_code, answer.json()["email_confirmed_at"])
        assert "access_token" not in answer.json()
        location = api.get(link_path(container), follow_redirects=False).headers["location"]
        assert location.startswith("http://127.0.0.1:8000/welcome?code=")
        session = api.post(
            "/auth/v1/token?grant_type=pkce",
            json={"auth_code": location.split("code=", 1)[1], "code_verifier": verifier},
            headers=V2024,
        )
        assert 200 == session.status_code, session.text
        assert session.json()["user"]["email_confirmed_at"] is not None

    def test_reauthentication_codes(
        self, api_with: Callable[..., tuple[Client, Container]], clock: FixedClock
    ) -> None:
        """GET /reauthenticate answers {}; a day-old session changing its password without
        the code is 400 reauthentication_needed, with a wrong one 400
        reauthentication_not_valid."""
        api, _ = api_with(DESIGNCORE_AUTH_SECURE_PASSWORD_CHANGE="true")
        session = sign_up(api)
        clock.advance(timedelta(hours=25))
        session = api.post(
            "/auth/v1/token?grant_type=refresh_token",
            json={"refresh_token": session["refresh_token"]},
        ).json()
        change = {"password": "new-Egusi-77"}
        assert (400, "reauthentication_needed") == coded(
            api.put("/auth/v1/user", json=change, headers=bearer(session))
        )
        asked = api.get("/auth/v1/reauthenticate", headers=bearer(session))
        assert (200, {}) == (asked.status_code, asked.json())
        assert (400, "reauthentication_not_valid") == coded(
            api.put("/auth/v1/user", json={**change, "nonce": "x"}, headers=bearer(session))
        )


class TestMfa:
    def test_enrol_challenge_verify(self, api: Client, clock: FixedClock) -> None:
        """Enrolment answers the secret, the otpauth URI and an SVG QR code; a challenge its
        expiry; a wrong code 422; the right one an aal2 session with totp first."""
        session = sign_up(api)
        enrolled = api.post(
            "/auth/v1/factors",
            json={"factor_type": "totp", "friendly_name": "phone"},
            headers=bearer(session),
        ).json()
        assert ("totp", "phone") == (enrolled["type"], enrolled["friendly_name"])
        assert enrolled["totp"]["qr_code"].startswith("<svg xmlns=")
        assert enrolled["totp"]["uri"].startswith("otpauth://totp/")
        factor = f"/auth/v1/factors/{enrolled['id']}"
        challenge = api.post(f"{factor}/challenge", headers=bearer(session)).json()
        assert int(clock.now().timestamp()) + 300 == challenge["expires_at"]
        wrong = api.post(
            f"{factor}/verify",
            json={"challenge_id": challenge["id"], "code": "000000"},
            headers=bearer(session),
        )
        assert (422, "mfa_verification_failed") == coded(wrong)
        code = pyotp.TOTP(enrolled["totp"]["secret"]).at(clock.now())
        verified = api.post(
            f"{factor}/verify",
            json={"challenge_id": challenge["id"], "code": code},
            headers=bearer(session),
        )
        assert 200 == verified.status_code, verified.text
        claims = jwt.decode(verified.json()["access_token"], options={"verify_signature": False})
        assert ("aal2", "totp") == (claims["aal"], claims["amr"][0]["method"])
        assert "verified" == verified.json()["user"]["factors"][0]["status"]

    def test_a_password_alone_gets_401_insufficient_aal(
        self, api: Client, clock: FixedClock
    ) -> None:
        """Once a factor is verified, an aal1 session is 401 insufficient_aal for a new
        password, a new address, a new factor and removing the verified one; the aal2
        session may remove it."""
        session = sign_up(api)
        enrolled = api.post(
            "/auth/v1/factors", json={"factor_type": "totp"}, headers=bearer(session)
        ).json()
        factor = f"/auth/v1/factors/{enrolled['id']}"
        challenge = api.post(f"{factor}/challenge", json={}, headers=bearer(session)).json()
        code = pyotp.TOTP(enrolled["totp"]["secret"]).at(clock.now())
        aal2 = api.post(
            f"{factor}/verify",
            json={"challenge_id": challenge["id"], "code": code},
            headers=bearer(session),
        ).json()
        aal1 = sign_in(api).json()
        refused = [
            api.put("/auth/v1/user", json={"password": "stolen-Pass-99"}, headers=bearer(aal1)),
            api.put("/auth/v1/user", json={"email": "m@example.com"}, headers=bearer(aal1)),
            api.post("/auth/v1/factors", json={"factor_type": "totp"}, headers=bearer(aal1)),
            api.delete(factor, headers=bearer(aal1)),
        ]
        assert [(401, "insufficient_aal")] * 4 == [coded(answer) for answer in refused]
        removed = api.delete(factor, headers=bearer(aal2))
        assert (200, {"id": enrolled["id"]}) == (removed.status_code, removed.json())

    def test_phone_factors_are_not_supported(self, api: Client) -> None:
        """Phone factors answer 422 mfa_phone_enroll_not_enabled."""
        answer = api.post(
            "/auth/v1/factors",
            json={"factor_type": "phone", "phone": "+2348030000000"},
            headers=bearer(sign_up(api)),
        )
        assert (422, "mfa_phone_enroll_not_enabled") == coded(answer)


class TestRateLimits:
    def test_sign_ups_per_address_are_limited_by_default(self, api: Client) -> None:
        """The 31st sign-up from one address within an hour is 429, whatever the e-mail."""
        answers = [
            api.post("/auth/v1/signup", json={"email": f"u{n}@example.com", "password": PASSWORD})
            for n in range(31)
        ]
        assert [200] * 30 == [a.status_code for a in answers[:30]]
        assert 429 == answers[30].status_code
        assert "over_request_rate_limit" == answers[30].json()["error_code"]

    def test_the_operator_sets_how_many_sign_ups_an_address_may_make(
        self, api_with: Callable[..., tuple[Client, Container]]
    ) -> None:
        """DESIGNCORE_AUTH_SIGNUPS_PER_HOUR=3: the fourth sign-up from one address is 429."""
        api, _ = api_with(DESIGNCORE_AUTH_SIGNUPS_PER_HOUR="3")
        answers = [
            api.post("/auth/v1/signup", json={"email": f"u{n}@example.com", "password": PASSWORD})
            for n in range(4)
        ]
        assert [200, 200, 200, 429] == [a.status_code for a in answers]

    def test_recover_is_limited_per_email(self, api: Client) -> None:
        """The sixth recovery request for one address within an hour is 429 with Retry-After."""
        answers = [
            api.post("/auth/v1/recover", json={"email": "ada@example.com"}) for _ in range(6)
        ]
        assert [200] * 5 + [429] == [a.status_code for a in answers]
        assert int(answers[-1].headers["retry-after"]) > 0
        assert "over_email_send_rate_limit" == answers[-1].json()["error_code"]

    def test_email_changes_count_against_the_mail_limit(self, api: Client) -> None:
        """Each e-mail change mails the new address; the sixth within an hour is 429."""
        session = sign_up(api)
        answers = [
            api.put("/auth/v1/user", json={"email": f"new{n}@example.com"}, headers=bearer(session))
            for n in range(6)
        ]
        assert [200] * 5 + [429] == [a.status_code for a in answers]
        assert "over_email_send_rate_limit" == answers[-1].json()["code"]

    def test_codes_cannot_be_guessed_at_length(self, api: Client) -> None:
        """Verification attempts are limited per user: the 16th in five minutes is 429."""
        session = sign_up(api)
        enrolled = api.post(
            "/auth/v1/factors", json={"factor_type": "totp"}, headers=bearer(session)
        ).json()
        factor = f"/auth/v1/factors/{enrolled['id']}"
        challenge = api.post(f"{factor}/challenge", json={}, headers=bearer(session)).json()
        answers = [
            api.post(
                f"{factor}/verify",
                json={"challenge_id": challenge["id"], "code": f"{n:06d}"},
                headers=bearer(session),
            )
            for n in range(16)
        ]
        assert {422} == {a.status_code for a in answers[:15]}
        assert (429, "over_request_rate_limit") == coded(answers[15])
        assert "Retry-After" in answers[15].headers


class TestPasswordGuessing:
    @pytest.fixture(name="addressed")
    def fixture_addressed(self, memory_container: Container) -> Iterator[Client]:
        """A client whose requests come from the address in their ``X-Test-Client`` header."""
        app = create_app(container=memory_container)

        async def from_header(scope: Any, receive: Any, send: Any) -> None:
            if scope["type"] == "http":
                given = dict(scope["headers"]).get(b"x-test-client")
                if given:
                    scope = {**scope, "client": (given.decode(), 50000)}
            await app(scope, receive, send)

        with TestClient(app=from_header) as client:
            yield client

    @staticmethod
    def guess(api: Client, password: str, address: str, email: str = "ada@example.com") -> Any:
        return api.post(
            "/auth/v1/token?grant_type=password",
            json={"email": email, "password": password},
            headers={**V2024, "X-Test-Client": address},
        )

    def test_guesses_from_many_addresses_do_not_lock_the_owner_out(self, addressed: Client) -> None:
        """Sixty wrong passwords from sixty addresses within five minutes: the owner's right
        password from her own address still signs her in."""
        sign_up(addressed)
        guesses = [self.guess(addressed, f"guess-{n}-Lagos", f"198.51.100.{n}") for n in range(60)]
        assert {(400, "invalid_credentials")} == {coded(g) for g in guesses}
        owner = self.guess(addressed, PASSWORD, "203.0.113.7")
        assert 200 == owner.status_code, owner.text

    def test_guesses_from_one_address_are_limited(self, addressed: Client) -> None:
        """One address guessing one account is refused after ten tries in five minutes, with
        Retry-After, while the owner elsewhere signs in; one address trying many accounts
        still meets the per-address limit of sixty."""
        sign_up(addressed)
        guesses = [self.guess(addressed, f"guess-{n}-Lagos", "198.51.100.1") for n in range(11)]
        assert [400] * 10 + [429] == [g.status_code for g in guesses]
        assert "over_request_rate_limit" == guesses[-1].json()["code"]
        assert int(guesses[-1].headers["retry-after"]) > 0
        assert 200 == self.guess(addressed, PASSWORD, "203.0.113.7").status_code
        spray = [
            self.guess(addressed, PASSWORD, "198.51.100.2", f"n{n}@example.com") for n in range(61)
        ]
        assert [400] * 60 + [429] == [a.status_code for a in spray]

    def test_the_owners_success_clears_her_own_count(self, addressed: Client) -> None:
        """Mistyping nine times and then signing in does not leave the owner one try short:
        a success forgets the failures counted for her account from her address."""
        sign_up(addressed)
        for n in range(9):
            self.guess(addressed, f"typo-{n}-Lagos", "203.0.113.7")
        assert 200 == self.guess(addressed, PASSWORD, "203.0.113.7").status_code
        later = [self.guess(addressed, f"typo-{n}-Abuja", "203.0.113.7") for n in range(10)]
        assert [400] * 10 == [a.status_code for a in later]
