"""The Python client (designcore.client) against the real auth service, not the fake API its
unit tests use: what the client expects and what the server answers are the same contract."""

from __future__ import annotations

from collections.abc import Iterator

import pyotp
import pytest
from litestar.testing import TestClient

from designcore.adapters.argon2 import Argon2PasswordHasher
from designcore.app import Container, build_container, load_settings
from designcore.app.http import create_app
from designcore.client import AuthApiError, AuthClient, AuthSessionMissingError
from designcore.domain.auth_session import AssuranceLevel, AuthEvent

PASSWORD = "kolanut-42-Lagos"


@pytest.fixture(name="server")
def fixture_server() -> Container:
    """The app on in-memory adapters, with fast Argon2."""
    container = build_container(
        load_settings(
            {
                "DESIGNCORE_DATABASE_URL": "memory://",
                "DESIGNCORE_STORAGE_BACKEND": "memory",
                "DESIGNCORE_WEB_DIST": "/nonexistent",
            }
        )
    )
    container.password_hasher.override(Argon2PasswordHasher.for_tests())
    return container


@pytest.fixture(name="client")
def fixture_client(server: Container) -> Iterator[AuthClient]:
    """The Python client speaking HTTP to the server at /auth/v1."""
    with TestClient(
        app=create_app(container=server), base_url="http://testserver.local/auth/v1/"
    ) as http:
        yield AuthClient(http, api_key="anon")


def test_the_whole_session_lifecycle(client: AuthClient, server: Container) -> None:
    """Sign up, read and change the user, refresh, enrol and verify TOTP to aal2, ask for
    recovery and a reauthentication code, sign out; each step sends its event."""
    events: list[AuthEvent] = []
    client.on_auth_state_change(lambda event, _session: events.append(event))
    signed_up = client.sign_up("ada@example.com", PASSWORD, data={"first_name": "Ada"})
    assert signed_up.session is not None
    assert "ada@example.com" == client.get_user().email
    claims = client.get_claims()
    assert (signed_up.user.id, "authenticated") == (claims["sub"], claims["role"])

    updated = client.update_user(data={"city": "Abeokuta"})
    assert "Abeokuta" == updated.user_metadata["city"]
    first = client.get_session()
    refreshed = client.refresh_session()
    assert first is not None
    assert first.refresh_token != refreshed.refresh_token

    enrolled = client.mfa_enroll(factor_type="totp", friendly_name="phone")
    assert enrolled.totp is not None
    code = pyotp.TOTP(enrolled.totp.secret).now()
    verified = client.mfa_challenge_and_verify(enrolled.id, code)
    assert "aal2" == client.get_claims(verified.access_token)["aal"]
    levels = client.get_authenticator_assurance_level()
    assert (AssuranceLevel.AAL2, AssuranceLevel.AAL2) == (levels.current_level, levels.next_level)

    client.reset_password_for_email("ada@example.com")
    client.reauthenticate()
    subjects = [sent.message.subject for sent in server.outbox().messages(10)]
    assert {"Reset your password", "Confirm reauthentication"} <= set(subjects)

    token = verified.access_token
    client.sign_out()
    assert client.get_session() is None
    with pytest.raises(AuthSessionMissingError):  # the server's 403 session_not_found
        client.get_user(token)
    assert [
        AuthEvent.SIGNED_IN,
        AuthEvent.USER_UPDATED,
        AuthEvent.TOKEN_REFRESHED,
        AuthEvent.MFA_CHALLENGE_VERIFIED,
        AuthEvent.SIGNED_OUT,
    ] == [e for e in events if e is not AuthEvent.INITIAL_SESSION]


def test_wrong_password_is_an_api_error_with_its_code(client: AuthClient) -> None:
    """The server's 400 invalid_credentials reaches the caller as AuthApiError with the
    status and code (as auth-js does); the right password then signs in."""
    client.sign_up("kemi@example.com", PASSWORD)
    client.sign_out()
    with pytest.raises(AuthApiError) as refused:
        client.sign_in_with_password("kemi@example.com", "not-the-password")
    assert (400, "invalid_credentials") == (refused.value.status, refused.value.code)
    session = client.sign_in_with_password("kemi@example.com", PASSWORD)
    assert "kemi@example.com" == session.user.email


class TestNulCharacters:
    @pytest.mark.parametrize(
        "call",
        [
            lambda c: c.sign_up("a\x00da@example.com", PASSWORD),
            lambda c: c.sign_in_with_password("ada@example.com", "kolanut\x00-42"),
            lambda c: c.reset_password_for_email("ada\x00@example.com"),
        ],
        ids=["sign_up", "sign_in_with_password", "reset_password_for_email"],
    )
    def test_a_nul_is_an_api_error_and_nothing_changes(
        self, client: AuthClient, server: Container, call: object
    ) -> None:
        """A NUL in what the client sends is the server's 400 ``nul_character``, raised as
        ``AuthApiError``; no session is kept, no account made, no mail sent."""
        client.sign_up("ada@example.com", PASSWORD)
        client.sign_out()
        with pytest.raises(AuthApiError) as caught:
            call(client)  # type: ignore[operator]
        assert (400, "nul_character") == (caught.value.status, caught.value.code)
        assert client.get_session() is None
        with server.accounts()() as uow:
            assert None is uow.users.find_by_email("a\x00da@example.com")
        assert [] == [m for m in server.outbox().messages(10) if "Reset" in m.message.subject]
