"""Sign-in with Google and identity linking, called on the auth service directly, against a
local OpenID provider (the real Google adapter over ``httpx.MockTransport``)."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import parse_qs, urlsplit

import pytest

from designcore.app import Container
from designcore.app.services.auth import (
    AuthService,
    Caller,
    IssuedSession,
    ProviderFlowFailed,
    ProviderOutcome,
)
from designcore.app.services.profiles import ProfileService
from designcore.domain.accounts import code_challenge_of
from designcore.domain.errors import DesignCoreError
from designcore.domain.premium import Viewer
from fakes.oidc_provider import FakeOpenIdProvider

SITE = "http://127.0.0.1:8000"
VERIFIER = "a-client-verifier-" + "x" * 40
PASSWORD = "kolanut-42-Lagos"


@pytest.fixture(name="google")
def fixture_google(google_container: Container) -> AuthService:
    """The auth service with Google sign-in served by the local provider."""
    return google_container.auth()


def through_google(
    auth: AuthService, fake: FakeOpenIdProvider, *, pkce: bool = True, linking: Caller | None = None
) -> ProviderOutcome:
    """Start a flow, let the provider sign in as a browser would, and finish it."""
    url = auth.providers.start_provider_flow(
        provider="google",
        redirect_to=SITE + "/",
        code_challenge=code_challenge_of(VERIFIER, "s256") if pkce else None,
        code_challenge_method="s256" if pkce else None,
        linking=linking,
    )
    with fake.client() as browser:
        back = browser.get(url)
    query = parse_qs(urlsplit(back.headers["location"]).query)
    return auth.providers.finish_provider_flow(state=query["state"][0], code=query["code"][0])


def google_session(auth: AuthService, fake: FakeOpenIdProvider) -> IssuedSession:
    """A session from a Google sign-in in the PKCE flow."""
    outcome = through_google(auth, fake)
    assert outcome.auth_code is not None
    return auth.providers.exchange_auth_code(outcome.auth_code, VERIFIER)


def failure_of(call: Callable[[], object]) -> ProviderFlowFailed:
    with pytest.raises(ProviderFlowFailed) as failed:
        call()
    return failed.value


class TestGoogleSignIn:
    def test_a_new_user_gets_an_identity_and_a_profile(
        self, google: AuthService, fake: FakeOpenIdProvider, profiles: ProfileService
    ) -> None:
        """A first sign-in creates a confirmed user with a google identity, and a profile
        named after the Google account."""
        fake.sign_in_as(sub="g-1", email="Ada@Example.com", name="Ada Obi")
        session = google_session(google, fake)
        user = session.user
        assert ("ada@example.com", {"provider": "google", "providers": ["google"]}) == (
            user.email,
            user.app_metadata,
        )
        assert user.email_confirmed_at is not None
        assert session.view is not None
        assert [("google", "g-1")] == [(i.provider, i.provider_id) for i in session.view.identities]
        profile = profiles.me(Viewer(user_id=user.id)).profile
        assert ("Ada", "Obi") == (profile.first_name, profile.last_name)

    def test_the_same_account_twice_is_the_same_user_with_fresh_identity_data(
        self, google: AuthService, fake: FakeOpenIdProvider
    ) -> None:
        """A known Google account signs in to its user; its identity follows what Google
        says now (a new name) and no identity is added."""
        fake.sign_in_as(sub="g-2", email="bola@example.com", name="Bola Ade")
        first = google_session(google, fake)
        fake.sign_in_as(sub="g-2", email="bola@example.com", name="Bola Adeyemi")
        second = google_session(google, fake)
        assert first.user.id == second.user.id
        assert second.view is not None
        assert ["Bola Adeyemi"] == [i.identity_data["full_name"] for i in second.view.identities]

    def test_provider_tokens_are_handed_over_once(
        self, google: AuthService, fake: FakeOpenIdProvider
    ) -> None:
        """The exchange answers Google's tokens; a refresh of the session does not."""
        session = google_session(google, fake)
        issued = fake.issued_tokens[-1]
        assert (issued["access_token"], issued["refresh_token"]) == (
            session.provider_token,
            session.provider_refresh_token,
        )
        refreshed = google.sessions.refresh(session.refresh_token)
        assert (None, None) == (refreshed.provider_token, refreshed.provider_refresh_token)

    def test_the_implicit_flow_answers_a_session(
        self, google: AuthService, fake: FakeOpenIdProvider
    ) -> None:
        """Without a client challenge the callback answers the session itself."""
        outcome = through_google(google, fake, pkce=False)
        assert (None, SITE + "/") == (outcome.auth_code, outcome.redirect_to)
        assert outcome.issued is not None
        assert ["oauth"] == [entry.method for entry in outcome.issued.session.amr]

    def test_a_verified_address_joins_the_password_account(
        self, google: AuthService, fake: FakeOpenIdProvider, sign_up: Callable[..., IssuedSession]
    ) -> None:
        """A verified Google address of a password account signs in to that account, which
        gains the google identity; the password still works."""
        kemi = sign_up("kemi@example.com")
        fake.sign_in_as(sub="g-kemi", email="kemi@example.com", email_verified=True)
        session = google_session(google, fake)
        assert kemi.user.id == session.user.id
        assert ["email", "google"] == session.user.app_metadata["providers"]
        assert google.sessions.sign_in_with_password(email="kemi@example.com", password=PASSWORD)

    def test_unverified_addresses_take_nothing(
        self, google: AuthService, fake: FakeOpenIdProvider, sign_up: Callable[..., IssuedSession]
    ) -> None:
        """An unverified Google address of an account fails with email_exists; of no
        account, with provider_email_needs_verification; both back to where the flow began,
        in the query (PKCE)."""
        sign_up("kemi@example.com")
        fake.sign_in_as(sub="g-x", email="kemi@example.com", email_verified=False)
        taken = failure_of(lambda: through_google(google, fake))
        assert ("email_exists", SITE + "/", True) == (taken.code, taken.redirect_to, taken.in_query)
        fake.sign_in_as(sub="g-y", email="new@example.com", email_verified=False)
        unverified = failure_of(lambda: through_google(google, fake))
        assert "provider_email_needs_verification" == unverified.code

    def test_unknown_state_and_provider_outage(
        self, google: AuthService, fake: FakeOpenIdProvider
    ) -> None:
        """An unknown state fails to the site with bad_oauth_state; a provider outage with
        provider_unavailable (error temporarily_unavailable)."""
        unknown = failure_of(lambda: google.providers.finish_provider_flow(state="x", code="y"))
        assert ("bad_oauth_state", SITE, "invalid_request") == (
            unknown.code,
            unknown.redirect_to,
            unknown.error,
        )
        url = google.providers.start_provider_flow(provider="google", redirect_to=SITE + "/")
        with fake.client() as browser:
            query = parse_qs(urlsplit(browser.get(url).headers["location"]).query)
        fake.fail_with = 500
        down = failure_of(
            lambda: google.providers.finish_provider_flow(
                state=query["state"][0], code=query["code"][0]
            )
        )
        assert ("provider_unavailable", "temporarily_unavailable", False) == (
            down.code,
            down.error,
            down.in_query,
        )

    def test_a_provider_that_is_not_configured_is_refused(self, auth: AuthService) -> None:
        """Without Google configured, starting a Google flow is validation_failed."""
        assert not auth.providers.provider_enabled("google")
        with pytest.raises(DesignCoreError) as refused:
            auth.providers.start_provider_flow(provider="google", redirect_to=None)
        assert "validation_failed" == refused.value.code


class TestPkceExchange:
    def test_a_wrong_verifier_burns_the_code(
        self, google: AuthService, fake: FakeOpenIdProvider
    ) -> None:
        """A wrong verifier is bad_code_verifier, and the code is then gone."""
        code = str(through_google(google, fake).auth_code)
        for verifier, expected in (
            ("w" * 50, "bad_code_verifier"),
            (VERIFIER, "flow_state_not_found"),
        ):
            with pytest.raises(DesignCoreError) as refused:
                google.providers.exchange_auth_code(code, verifier)
            assert expected == refused.value.code

    def test_both_fields_are_required(self, auth: AuthService) -> None:
        """An empty code or verifier is validation_failed."""
        with pytest.raises(DesignCoreError) as refused:
            auth.providers.exchange_auth_code("x", "")
        assert "validation_failed" == refused.value.code


class TestIdentities:
    def test_a_signed_in_user_links_and_unlinks_google(
        self, google: AuthService, fake: FakeOpenIdProvider, ada: IssuedSession
    ) -> None:
        """Linking adds the google identity to the caller; unlinking removes it and its
        provider; the last identity stays; an unknown one is identity_not_found."""
        caller = google.sessions.authenticate(ada.access_token)
        fake.sign_in_as(sub="g-other", email="ada.work@example.com")
        linked = google.providers.exchange_auth_code(
            str(through_google(google, fake, linking=caller).auth_code), VERIFIER
        )
        assert ada.user.id == linked.user.id
        identities = google.sessions.user_view(ada.user.id).identities
        assert ["email", "google"] == sorted(i.provider for i in identities)
        google_identity = next(i for i in identities if i.provider == "google")
        google.providers.unlink_identity(caller, google_identity.id)
        view = google.sessions.user_view(ada.user.id)
        assert (["email"], ["email"]) == (
            [i.provider for i in view.identities],
            view.user.app_metadata["providers"],
        )
        for identity_id, code in (
            (view.identities[0].id, "single_identity_not_deletable"),
            ("nope", "identity_not_found"),
        ):
            with pytest.raises(DesignCoreError) as refused:
                google.providers.unlink_identity(caller, identity_id)
            assert code == refused.value.code

    def test_another_users_google_account_cannot_be_linked(
        self, google: AuthService, fake: FakeOpenIdProvider, ada: IssuedSession
    ) -> None:
        """Linking a Google account that already signs someone else in fails with
        identity_already_exists."""
        fake.sign_in_as(sub="g-taken", email="taken@example.com")
        google_session(google, fake)
        caller = google.sessions.authenticate(ada.access_token)
        failed = failure_of(lambda: through_google(google, fake, linking=caller))
        assert "identity_already_exists" == failed.code
