"""Google sign-in, the PKCE code exchange and identity linking over HTTP, against a local
OpenID provider injected by overriding the container's provider: how the provider flows map
to redirects, bodies and statuses (what they do is tested in
tests/unit/app/services/test_auth_providers.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from litestar.testing import TestClient

from designcore.adapters.oidc import GoogleOpenIdProvider
from designcore.app import Container
from designcore.app.http import create_app
from designcore.domain.accounts import code_challenge_of
from fakes.oidc_provider import FakeOpenIdProvider

Client = TestClient  # type: ignore[type-arg]
V2024 = {"X-Supabase-Api-Version": "2024-01-01"}
SITE = "http://127.0.0.1:8000"
VERIFIER = "a-client-verifier-" + "x" * 40
PASSWORD = "kolanut-42-Lagos"


@pytest.fixture(name="api")
def fixture_api(google_container: Container) -> Iterator[Client]:
    """The app with Google sign-in served by the local provider."""
    with TestClient(app=create_app(container=google_container)) as client:
        yield client


@pytest.fixture(name="plain_api")
def fixture_plain_api(make_memory_container: Callable[..., Container]) -> Iterator[Client]:
    """The app without Google configured."""
    with TestClient(app=create_app(container=make_memory_container())) as client:
        yield client


def sign_up(api: Client, email: str) -> dict[str, Any]:
    answer = api.post("/auth/v1/signup", json={"email": email, "password": PASSWORD})
    assert 200 == answer.status_code, answer.text
    return answer.json()  # type: ignore[no-any-return]


def bearer(session: dict[str, Any]) -> dict[str, str]:
    return {"Authorization": f"Bearer {session['access_token']}", **V2024}


def through_google(
    api: Client,
    fake: FakeOpenIdProvider,
    *,
    pkce: bool = True,
    linking: dict[str, Any] | None = None,
) -> httpx.Response:
    """Start at /authorize (or the linking endpoint), let the provider sign in, and answer
    our callback's redirect."""
    params = {"provider": "google", "redirect_to": SITE + "/"}
    if pkce:
        params |= {
            "code_challenge": code_challenge_of(VERIFIER, "s256"),
            "code_challenge_method": "s256",
        }
    if linking is None:
        start = api.get("/auth/v1/authorize", params=params, follow_redirects=False)
        assert 302 == start.status_code, start.text
        url = start.headers["location"]
    else:
        start = api.get(
            "/auth/v1/user/identities/authorize",
            params={**params, "skip_http_redirect": "true"},
            headers=bearer(linking),
        )
        assert 200 == start.status_code, start.text
        url = start.json()["url"]
    assert url.startswith(fake.authorization_endpoint + "?")
    with fake.client() as browser:
        back = browser.get(url)
    assert 302 == back.status_code, back.text
    callback = urlsplit(back.headers["location"])
    assert f"{SITE}/auth/v1/callback" == f"{callback.scheme}://{callback.netloc}{callback.path}"
    return api.get(f"{callback.path}?{callback.query}", follow_redirects=False)


def code_of(answer: httpx.Response) -> str:
    assert 302 == answer.status_code, answer.text
    location = urlsplit(answer.headers["location"])
    assert f"{SITE}/" == f"{location.scheme}://{location.netloc}{location.path}"
    return parse_qs(location.query)["code"][0]


def exchange(api: Client, code: str, verifier: str = VERIFIER) -> httpx.Response:
    return api.post(
        "/auth/v1/token?grant_type=pkce",
        json={"auth_code": code, "code_verifier": verifier},
        headers=V2024,
    )


def coded(answer: httpx.Response) -> tuple[int, str]:
    return answer.status_code, answer.json()["code"]


class TestGoogleSignIn:
    def test_pkce_flow_redirects_with_a_code_that_answers_the_session(
        self, api: Client, fake: FakeOpenIdProvider
    ) -> None:
        """The callback sends the browser to redirect_to?code=; the exchange answers the
        session with Google's tokens as provider_token and provider_refresh_token."""
        fake.sign_in_as(sub="g-1", email="Ada@Example.com", name="Ada Obi")
        session = exchange(api, code_of(through_google(api, fake)))
        assert 200 == session.status_code, session.text
        body = session.json()
        issued = fake.issued_tokens[-1]
        assert (issued["access_token"], issued["refresh_token"]) == (
            body["provider_token"],
            body["provider_refresh_token"],
        )
        assert [("google", "g-1")] == [(i["provider"], i["id"]) for i in body["user"]["identities"]]

    def test_implicit_flow_puts_the_session_in_the_fragment(
        self, api: Client, fake: FakeOpenIdProvider
    ) -> None:
        """Without a code challenge the callback hands over the tokens in the fragment."""
        location = urlsplit(through_google(api, fake, pkce=False).headers["location"])
        values = parse_qs(location.fragment)
        assert (["bearer"], [fake.issued_tokens[-1]["refresh_token"]]) == (
            values["token_type"],
            values["provider_refresh_token"],
        )
        user = api.get("/auth/v1/user", headers=bearer({"access_token": values["access_token"][0]}))
        assert "ada@example.com" == user.json()["email"]

    def test_failures_go_back_in_the_query_or_the_fragment(
        self, api: Client, fake: FakeOpenIdProvider
    ) -> None:
        """A PKCE flow gets its error in the query, an unknown state in the site's
        fragment."""
        sign_up(api, "kemi@example.com")
        fake.sign_in_as(sub="g-x", email="kemi@example.com", email_verified=False)
        refused = urlsplit(through_google(api, fake).headers["location"])
        assert (["server_error"], ["email_exists"]) == (
            parse_qs(refused.query)["error"],
            parse_qs(refused.query)["error_code"],
        )
        unknown = api.get("/auth/v1/callback?state=nope&code=x", follow_redirects=False)
        assert unknown.headers["location"].startswith(SITE + "#")
        assert ["bad_oauth_state"] == parse_qs(urlsplit(unknown.headers["location"]).fragment)[
            "error_code"
        ]

    def test_the_exchange_refusals(self, api: Client, fake: FakeOpenIdProvider) -> None:
        """A wrong verifier is 400 bad_code_verifier, a used code 404 flow_state_not_found, a
        missing field 400 validation_failed."""
        code = code_of(through_google(api, fake))
        assert (400, "bad_code_verifier") == coded(exchange(api, code, "w" * 50))
        assert (404, "flow_state_not_found") == coded(exchange(api, code))
        missing = api.post("/auth/v1/token?grant_type=pkce", json={"auth_code": "x"}, headers=V2024)
        assert (400, "validation_failed") == coded(missing)

    def test_settings_show_google_enabled(self, api: Client) -> None:
        """/settings reports Google as enabled when it is configured."""
        assert api.get("/auth/v1/settings").json()["external"]["google"] is True


class TestIdentityLinking:
    def test_linking_answers_the_url_and_the_identities_show(
        self, api: Client, fake: FakeOpenIdProvider
    ) -> None:
        """With skip_http_redirect=true linking answers {url}; after the provider the user
        shows both identities."""
        session = sign_up(api, "kemi@example.com")
        fake.sign_in_as(sub="g-other", email="kemi.work@example.com")
        linked = exchange(api, code_of(through_google(api, fake, linking=session)))
        assert session["user"]["id"] == linked.json()["user"]["id"]
        user = api.get("/auth/v1/user", headers=bearer(session)).json()
        assert ["email", "google"] == sorted(i["provider"] for i in user["identities"])

    def test_linking_needs_a_session(self, api: Client) -> None:
        """Without a bearer token linking is 401 no_authorization."""
        answer = api.get(
            "/auth/v1/user/identities/authorize?provider=google&skip_http_redirect=true",
            headers=V2024,
        )
        assert (401, "no_authorization") == coded(answer)

    def test_unlinking(self, api: Client, fake: FakeOpenIdProvider) -> None:
        """DELETE answers 200 {}; the last identity is 422 single_identity_not_deletable, an
        unknown one 404 identity_not_found."""
        session = sign_up(api, "kemi@example.com")
        fake.sign_in_as(sub="g-other", email="kemi.work@example.com")
        exchange(api, code_of(through_google(api, fake, linking=session)))
        identities = api.get("/auth/v1/user", headers=bearer(session)).json()["identities"]
        google = next(i for i in identities if i["provider"] == "google")
        email = next(i for i in identities if i["provider"] == "email")
        path = "/auth/v1/user/identities/"
        gone = api.delete(path + google["identity_id"], headers=bearer(session))
        assert (200, {}) == (gone.status_code, gone.json())
        last = api.delete(path + email["identity_id"], headers=bearer(session))
        assert (422, "single_identity_not_deletable") == coded(last)
        assert (404, "identity_not_found") == coded(
            api.delete(path + "nope", headers=bearer(session))
        )


class TestGoogleDisabled:
    def test_authorize_is_refused_and_settings_say_so(self, plain_api: Client) -> None:
        """Without a client id /authorize is 400 validation_failed and /settings shows
        google false."""
        answer = plain_api.get(
            "/auth/v1/authorize?provider=google", headers=V2024, follow_redirects=False
        )
        assert (400, "validation_failed", "Unsupported provider: provider is not enabled") == (
            answer.status_code,
            answer.json()["code"],
            answer.json()["message"],
        )
        assert plain_api.get("/auth/v1/settings").json()["external"]["google"] is False

    def test_configured_settings_build_the_google_adapter(
        self, make_memory_container: Callable[..., Container]
    ) -> None:
        """A client id and secret in the settings turn Google on in the container."""
        container = make_memory_container(
            DESIGNCORE_GOOGLE_CLIENT_ID="id.apps.googleusercontent.com",
            DESIGNCORE_GOOGLE_CLIENT_SECRET="secret",
        )
        assert isinstance(container.google_provider(), GoogleOpenIdProvider)
        assert container.auth().providers.provider_enabled("google")
