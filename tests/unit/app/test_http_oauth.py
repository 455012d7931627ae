"""Google sign-in, the PKCE code exchange and identity linking over HTTP, against a local
OpenID provider injected by overriding the container's provider."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from litestar.testing import TestClient

from designcore.adapters.argon2 import Argon2PasswordHasher
from designcore.adapters.memory import FixedClock
from designcore.adapters.oidc import GoogleOpenIdProvider
from designcore.app import Container, build_container, create_app, load_settings
from designcore.domain.accounts import code_challenge_of
from fakes.oidc_provider import FakeOpenIdProvider

Client = TestClient  # type: ignore[type-arg]
V2024 = {"X-Supabase-Api-Version": "2024-01-01"}
SITE = "http://127.0.0.1:8000"
VERIFIER = "a-client-verifier-" + "x" * 40
PASSWORD = "kolanut-42-Lagos"


@pytest.fixture(name="fake")
def fixture_fake() -> FakeOpenIdProvider:
    """A local OpenID provider standing in for Google."""
    return FakeOpenIdProvider()


def _container(clock: FixedClock) -> Container:
    container = build_container(
        load_settings(
            {
                "DESIGNCORE_DATABASE_URL": "memory://",
                "DESIGNCORE_STORAGE_BACKEND": "memory",
                "DESIGNCORE_WEB_DIST": "/nonexistent",
            }
        )
    )
    container.clock.override(clock)
    container.password_hasher.override(Argon2PasswordHasher.for_tests())
    return container


@pytest.fixture(name="api")
def fixture_api(fake: FakeOpenIdProvider) -> Iterator[Client]:
    """The app with Google sign-in served by the local provider."""
    container = _container(FixedClock())
    with fake.client() as http:
        container.google_provider.override(
            GoogleOpenIdProvider(
                http,
                client_id=fake.client_id,
                client_secret=fake.client_secret,
                authorization_endpoint=fake.authorization_endpoint,
                token_endpoint=fake.token_endpoint,
                jwks_uri=fake.jwks_uri,
                issuer=fake.issuer,
            )
        )
        with TestClient(app=create_app(container=container)) as client:
            yield client


@pytest.fixture(name="plain_api")
def fixture_plain_api() -> Iterator[Client]:
    """The app without Google configured."""
    with TestClient(app=create_app(container=_container(FixedClock()))) as client:
        yield client


def sign_up(api: Client, email: str) -> dict[str, Any]:
    answer = api.post(
        "/auth/v1/signup",
        json={"email": email, "password": PASSWORD, "data": {"first_name": "Kemi"}},
        headers=V2024,
    )
    assert 200 == answer.status_code, answer.text
    return answer.json()  # type: ignore[no-any-return]


def bearer(session: dict[str, Any]) -> dict[str, str]:
    return {"Authorization": f"Bearer {session['access_token']}", **V2024}


def through_google(
    api: Client,
    fake: FakeOpenIdProvider,
    *,
    pkce: bool = True,
    redirect_to: str = SITE + "/",
    linking: dict[str, Any] | None = None,
) -> httpx.Response:
    """Start at /authorize (or the linking endpoint), let the provider sign in, and answer
    our callback's redirect."""
    params = {"provider": "google", "redirect_to": redirect_to}
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


def google_session(api: Client, fake: FakeOpenIdProvider) -> dict[str, Any]:
    answer = exchange(api, code_of(through_google(api, fake)))
    assert 200 == answer.status_code, answer.text
    return answer.json()  # type: ignore[no-any-return]


def error_of(answer: httpx.Response) -> dict[str, list[str]]:
    assert 302 == answer.status_code, answer.text
    location = urlsplit(answer.headers["location"])
    return parse_qs(location.query or location.fragment)


class TestGoogleSignIn:
    def test_new_user_gets_user_identity_and_profile(
        self, api: Client, fake: FakeOpenIdProvider
    ) -> None:
        """A first Google sign-in creates a confirmed user with a google identity and a
        profile named after the Google account."""
        fake.sign_in_as(sub="g-1", email="Ada@Example.com", name="Ada Obi")
        session = google_session(api, fake)
        user = session["user"]
        assert "ada@example.com" == user["email"]
        assert user["email_confirmed_at"] is not None
        assert {"provider": "google", "providers": ["google"]} == user["app_metadata"]
        assert [("google", "g-1")] == [(i["provider"], i["id"]) for i in user["identities"]]
        assert "Ada Obi" == user["user_metadata"]["full_name"]
        profile = api.get("/api/v1/profiles/me", headers=bearer(session))
        assert 200 == profile.status_code, profile.text
        assert ("ada@example.com", "Ada", "Obi") == tuple(
            profile.json()[k] for k in ("email", "first_name", "last_name")
        )

    def test_referral_code_after_google_sign_up_counts(
        self, api: Client, fake: FakeOpenIdProvider
    ) -> None:
        """A referral code set right after a Google sign-up (the web app's way) credits both
        sides, as it does for e-mail sign-ups."""
        referrer = sign_up(api, "kemi@example.com")
        code = api.get("/api/v1/profiles/me", headers=bearer(referrer)).json()["referral_code"]
        session = google_session(api, fake)
        changed = api.put(
            "/auth/v1/user", json={"data": {"referral_code": code}}, headers=bearer(session)
        )
        assert 200 == changed.status_code, changed.text
        assert [10, 10] == [
            api.get("/api/v1/profiles/me", headers=bearer(s)).json()["credits"]
            for s in (referrer, session)
        ]

    def test_same_sign_in_twice_is_the_same_user(
        self, api: Client, fake: FakeOpenIdProvider
    ) -> None:
        """A known Google account signs in to its user without adding identities."""
        first = google_session(api, fake)
        second = google_session(api, fake)
        assert first["user"]["id"] == second["user"]["id"]
        assert 1 == len(second["user"]["identities"])

    def test_provider_tokens_are_handed_over_once(
        self, api: Client, fake: FakeOpenIdProvider
    ) -> None:
        """The PKCE exchange answers Google's access and refresh tokens (offline access);
        a later refresh of our session does not repeat them."""
        session = google_session(api, fake)
        assert (
            fake.issued_tokens[-1]["access_token"],
            fake.issued_tokens[-1]["refresh_token"],
        ) == (session["provider_token"], session["provider_refresh_token"])
        refreshed = api.post(
            "/auth/v1/token?grant_type=refresh_token",
            json={"refresh_token": session["refresh_token"]},
            headers=V2024,
        )
        assert 200 == refreshed.status_code, refreshed.text
        assert not {"provider_token", "provider_refresh_token"} & refreshed.json().keys()

    def test_identity_follows_the_provider_at_each_sign_in(
        self, api: Client, fake: FakeOpenIdProvider
    ) -> None:
        """A new name and picture at Google show in the identity at the next sign-in."""
        fake.sign_in_as(sub="g-2", email="bola@example.com", name="Bola Ade")
        first = google_session(api, fake)["user"]["identities"][0]
        fake.sign_in_as(sub="g-2", email="bola@example.com", name="Bola Adeyemi")
        second = google_session(api, fake)["user"]["identities"][0]
        assert (first["id"], first["created_at"]) == (second["id"], second["created_at"])
        assert ("Bola Ade", "Bola Adeyemi") == (
            first["identity_data"]["full_name"],
            second["identity_data"]["full_name"],
        )
        assert second["last_sign_in_at"] >= first["last_sign_in_at"]

    def test_existing_email_account_gets_linked(
        self, api: Client, fake: FakeOpenIdProvider
    ) -> None:
        """A verified Google e-mail that has a password account signs in to that account,
        which gains the google identity; the password still works."""
        existing = sign_up(api, "kemi@example.com")
        fake.sign_in_as(sub="g-kemi", email="kemi@example.com", email_verified=True)
        session = google_session(api, fake)
        assert existing["user"]["id"] == session["user"]["id"]
        assert ["email", "google"] == sorted(i["provider"] for i in session["user"]["identities"])
        assert ["email", "google"] == session["user"]["app_metadata"]["providers"]
        again = api.post(
            "/auth/v1/token?grant_type=password",
            json={"email": "kemi@example.com", "password": PASSWORD},
        )
        assert 200 == again.status_code

    def test_unverified_google_email_does_not_take_an_account(
        self, api: Client, fake: FakeOpenIdProvider
    ) -> None:
        """An unverified Google e-mail matching an account is sent back with email_exists."""
        sign_up(api, "kemi@example.com")
        fake.sign_in_as(sub="g-x", email="kemi@example.com", email_verified=False)
        assert ["email_exists"] == error_of(through_google(api, fake))["error_code"]

    def test_implicit_flow_puts_the_session_in_the_fragment(
        self, api: Client, fake: FakeOpenIdProvider
    ) -> None:
        """Without a code challenge the callback hands over tokens in the fragment."""
        answer = through_google(api, fake, pkce=False)
        assert 302 == answer.status_code
        location = urlsplit(answer.headers["location"])
        values = parse_qs(location.fragment)
        assert ["bearer"] == values["token_type"]
        assert [fake.issued_tokens[-1]["refresh_token"]] == values["provider_refresh_token"]
        user = api.get("/auth/v1/user", headers=bearer({"access_token": values["access_token"][0]}))
        assert "ada@example.com" == user.json()["email"]

    def test_callback_errors_go_back_to_the_client(
        self, api: Client, fake: FakeOpenIdProvider
    ) -> None:
        """An unknown state and a provider outage both redirect with an error code."""
        unknown = api.get("/auth/v1/callback?state=nope&code=x", follow_redirects=False)
        assert ["bad_oauth_state"] == error_of(unknown)["error_code"]
        assert unknown.headers["location"].startswith(SITE + "#")
        start = api.get(
            "/auth/v1/authorize",
            params={"provider": "google", "redirect_to": SITE + "/"},
            follow_redirects=False,
        )
        with fake.client() as browser:
            back = browser.get(start.headers["location"])
        fake.fail_with = 500
        callback = urlsplit(back.headers["location"])
        down = api.get(f"{callback.path}?{callback.query}", follow_redirects=False)
        assert ["provider_unavailable"] == error_of(down)["error_code"]

    def test_settings_show_google_enabled(self, api: Client) -> None:
        """/settings reports Google as enabled when it is configured."""
        assert api.get("/auth/v1/settings").json()["external"]["google"] is True


class TestPkceExchange:
    def test_wrong_verifier_is_refused_and_burns_the_code(
        self, api: Client, fake: FakeOpenIdProvider
    ) -> None:
        """A verifier that does not match is 400 bad_code_verifier, and the code is gone."""
        code = code_of(through_google(api, fake))
        wrong = exchange(api, code, "w" * 50)
        assert (400, "bad_code_verifier") == (wrong.status_code, wrong.json()["code"])
        later = exchange(api, code)
        assert (404, "flow_state_not_found") == (later.status_code, later.json()["code"])

    def test_code_is_single_use(self, api: Client, fake: FakeOpenIdProvider) -> None:
        """The second exchange of a code is 404 flow_state_not_found."""
        code = code_of(through_google(api, fake))
        assert 200 == exchange(api, code).status_code
        again = exchange(api, code)
        assert (404, "flow_state_not_found") == (again.status_code, again.json()["code"])

    def test_missing_fields(self, api: Client) -> None:
        """Both auth_code and code_verifier are required."""
        answer = api.post("/auth/v1/token?grant_type=pkce", json={"auth_code": "x"}, headers=V2024)
        assert (400, "validation_failed") == (answer.status_code, answer.json()["code"])


class TestIdentityLinking:
    def test_signed_in_user_links_google(self, api: Client, fake: FakeOpenIdProvider) -> None:
        """Linking answers {url}; after the provider, the user has both identities."""
        session = sign_up(api, "kemi@example.com")
        fake.sign_in_as(sub="g-other", email="kemi.work@example.com")
        code = code_of(through_google(api, fake, linking=session))
        linked = exchange(api, code)
        assert session["user"]["id"] == linked.json()["user"]["id"]
        user = api.get("/auth/v1/user", headers=bearer(session)).json()
        assert ["email", "google"] == sorted(i["provider"] for i in user["identities"])

    def test_google_account_of_another_user_cannot_be_linked(
        self, api: Client, fake: FakeOpenIdProvider
    ) -> None:
        """Linking a Google account that already belongs to someone else is refused."""
        fake.sign_in_as(sub="g-taken", email="taken@example.com")
        google_session(api, fake)
        session = sign_up(api, "kemi@example.com")
        answer = through_google(api, fake, linking=session)
        assert ["identity_already_exists"] == error_of(answer)["error_code"]

    def test_linking_needs_a_session(self, api: Client) -> None:
        """Without a bearer token linking is 401."""
        answer = api.get(
            "/auth/v1/user/identities/authorize?provider=google&skip_http_redirect=true",
            headers=V2024,
        )
        assert 401 == answer.status_code

    def test_unlink_and_the_last_identity_stays(
        self, api: Client, fake: FakeOpenIdProvider
    ) -> None:
        """An identity can be unlinked; the last one is 422 single_identity_not_deletable."""
        session = sign_up(api, "kemi@example.com")
        fake.sign_in_as(sub="g-other", email="kemi.work@example.com")
        exchange(api, code_of(through_google(api, fake, linking=session)))
        identities = api.get("/auth/v1/user", headers=bearer(session)).json()["identities"]
        google = next(i for i in identities if i["provider"] == "google")
        gone = api.delete(
            f"/auth/v1/user/identities/{google['identity_id']}", headers=bearer(session)
        )
        assert (200, {}) == (gone.status_code, gone.json())
        user = api.get("/auth/v1/user", headers=bearer(session)).json()
        assert ["email"] == [i["provider"] for i in user["identities"]]
        assert ["email"] == user["app_metadata"]["providers"]
        last = api.delete(
            f"/auth/v1/user/identities/{user['identities'][0]['identity_id']}",
            headers=bearer(session),
        )
        assert (422, "single_identity_not_deletable") == (last.status_code, last.json()["code"])
        unknown = api.delete("/auth/v1/user/identities/nope", headers=bearer(session))
        assert (404, "identity_not_found") == (unknown.status_code, unknown.json()["code"])


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

    def test_configured_settings_build_the_google_adapter(self) -> None:
        """A client id and secret in the settings turn Google on in the container."""
        container = build_container(
            load_settings(
                {
                    "DESIGNCORE_DATABASE_URL": "memory://",
                    "DESIGNCORE_GOOGLE_CLIENT_ID": "id.apps.googleusercontent.com",
                    "DESIGNCORE_GOOGLE_CLIENT_SECRET": "secret",
                }
            )
        )
        assert isinstance(container.google_provider(), GoogleOpenIdProvider)
        assert container.auth().providers.provider_enabled("google")
