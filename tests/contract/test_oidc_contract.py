"""The ``OpenIdProvider`` contract, run against the Google adapter talking to a local provider."""

from __future__ import annotations

from collections.abc import Iterator
from urllib.parse import parse_qs, urlsplit

import pytest

from designcore.adapters.oidc import GoogleOpenIdProvider
from designcore.domain.accounts import ProviderUser, code_challenge_of
from designcore.domain.errors import NotAllowed, Unavailable
from designcore.ports.oidc import OpenIdProvider
from fakes.oidc_provider import FakeOpenIdProvider

REDIRECT_URI = "http://127.0.0.1:8000/auth/v1/callback"
VERIFIER = "v" * 43
SCOPES = ("openid", "email", "profile")


@pytest.fixture(name="fake")
def fixture_fake() -> FakeOpenIdProvider:
    """A local OpenID provider."""
    return FakeOpenIdProvider()


@pytest.fixture(name="provider", params=["google"])
def fixture_provider(fake: FakeOpenIdProvider) -> Iterator[OpenIdProvider]:
    """Every ``OpenIdProvider`` implementation, pointed at the local provider."""
    with fake.client() as http:
        yield GoogleOpenIdProvider(
            http,
            client_id=fake.client_id,
            client_secret=fake.client_secret,
            authorization_endpoint=fake.authorization_endpoint,
            token_endpoint=fake.token_endpoint,
            jwks_uri=fake.jwks_uri,
            issuer=fake.issuer,
        )


def sign_in(fake: FakeOpenIdProvider, provider: OpenIdProvider, verifier: str = VERIFIER) -> str:
    """Follow the authorization URL like a browser would; answer the code it comes back with."""
    url = provider.authorization_url(
        state="st-1",
        code_challenge=code_challenge_of(verifier, "s256"),
        code_challenge_method="s256",
        redirect_uri=REDIRECT_URI,
        scopes=SCOPES,
    )
    with fake.client() as browser:
        answer = browser.get(url)
    assert 302 == answer.status_code, answer.text
    location = answer.headers["location"]
    assert location.startswith(REDIRECT_URI + "?")
    query = parse_qs(urlsplit(location).query)
    assert ["st-1"] == query["state"]
    return query["code"][0]


class TestOpenIdProvider:
    def test_authorization_url_asks_for_offline_access_and_consent(
        self, fake: FakeOpenIdProvider, provider: OpenIdProvider
    ) -> None:
        """The consent page is asked for a code, with PKCE S256, offline access and consent."""
        sign_in(fake, provider)
        sent = fake.authorize_requests[-1]
        assert {
            "response_type": "code",
            "access_type": "offline",
            "prompt": "consent",
            "code_challenge_method": "S256",
            "scope": "openid email profile",
            "redirect_uri": REDIRECT_URI,
        }.items() <= sent.items()

    def test_code_exchange_answers_the_verified_user(
        self, fake: FakeOpenIdProvider, provider: OpenIdProvider
    ) -> None:
        """A fresh code with the right verifier answers who signed in."""
        fake.sign_in_as(sub="42", email="kemi@example.com", name="Kemi", email_verified=True)
        code = sign_in(fake, provider)
        user = provider.exchange_code(code=code, code_verifier=VERIFIER, redirect_uri=REDIRECT_URI)
        assert (
            ProviderUser(
                provider="google",
                subject="42",
                email="kemi@example.com",
                email_verified=True,
                name="Kemi",
                avatar_url="https://pictures.fake.test/ada.png",
                access_token=fake.issued_tokens[-1]["access_token"],
                refresh_token=fake.issued_tokens[-1]["refresh_token"],
            )
            == user
        )

    def test_wrong_verifier_is_refused(
        self, fake: FakeOpenIdProvider, provider: OpenIdProvider
    ) -> None:
        """A verifier that does not answer the challenge is NotAllowed."""
        code = sign_in(fake, provider)
        with pytest.raises(NotAllowed):
            provider.exchange_code(code=code, code_verifier="w" * 43, redirect_uri=REDIRECT_URI)

    def test_code_works_once(self, fake: FakeOpenIdProvider, provider: OpenIdProvider) -> None:
        """A redeemed code is NotAllowed the second time."""
        code = sign_in(fake, provider)
        provider.exchange_code(code=code, code_verifier=VERIFIER, redirect_uri=REDIRECT_URI)
        with pytest.raises(NotAllowed):
            provider.exchange_code(code=code, code_verifier=VERIFIER, redirect_uri=REDIRECT_URI)

    def test_wrong_client_secret_is_refused(self, fake: FakeOpenIdProvider) -> None:
        """The provider refusing our client credentials is NotAllowed."""
        with fake.client() as http:
            provider = GoogleOpenIdProvider(
                http,
                client_id=fake.client_id,
                client_secret="not-the-secret",
                authorization_endpoint=fake.authorization_endpoint,
                token_endpoint=fake.token_endpoint,
                jwks_uri=fake.jwks_uri,
                issuer=fake.issuer,
            )
            code = sign_in(fake, provider)
            with pytest.raises(NotAllowed):
                provider.exchange_code(code=code, code_verifier=VERIFIER, redirect_uri=REDIRECT_URI)

    def test_tampered_id_token_is_refused(
        self, fake: FakeOpenIdProvider, provider: OpenIdProvider
    ) -> None:
        """An ID token whose payload changed after signing is NotAllowed."""
        fake.tamper_id_tokens = True
        code = sign_in(fake, provider)
        with pytest.raises(NotAllowed):
            provider.exchange_code(code=code, code_verifier=VERIFIER, redirect_uri=REDIRECT_URI)

    def test_id_token_for_another_audience_is_refused(
        self, fake: FakeOpenIdProvider, provider: OpenIdProvider
    ) -> None:
        """An ID token issued to another client is NotAllowed."""
        fake.id_token_audience = "someone-else.apps.fake.test"
        code = sign_in(fake, provider)
        with pytest.raises(NotAllowed):
            provider.exchange_code(code=code, code_verifier=VERIFIER, redirect_uri=REDIRECT_URI)

    def test_provider_server_error_is_unavailable(
        self, fake: FakeOpenIdProvider, provider: OpenIdProvider
    ) -> None:
        """A 500 from the provider is Unavailable (worth retrying), not a refusal."""
        code = sign_in(fake, provider)
        fake.fail_with = 500
        with pytest.raises(Unavailable):
            provider.exchange_code(code=code, code_verifier=VERIFIER, redirect_uri=REDIRECT_URI)
