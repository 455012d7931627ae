"""The auth client against our own auth service (the app, in process), with faults between."""

from __future__ import annotations

import json
import re
import warnings
from collections.abc import Iterator
from typing import Any

import httpx
import jwt
import pytest
from cryptography.hazmat.primitives.asymmetric import ec

from designcore.client import (
    DEFAULT_STORAGE_KEY,
    AuthApiError,
    AuthClient,
    AuthImplicitGrantRedirectError,
    AuthInvalidCredentialsError,
    AuthInvalidJwtError,
    AuthRetryableFetchError,
    AuthSessionMissingError,
    AuthUnknownError,
    AuthUrlSessionWarning,
    AuthWeakPasswordError,
    InMemorySessionStorage,
)
from designcore.domain.auth_session import (
    AssuranceLevel,
    AuthEvent,
    FactorStatus,
    Session,
    SessionState,
)
from designcore.domain.errors import NotAllowed, Unavailable, ValidationFailed
from fakes.auth_api import (
    ACCESS_TOKEN_LIFETIME,
    API_KEY,
    BASE_URL,
    AuthLine,
    AuthServer,
    FakeTime,
)

EMAIL = "ada@example.com"
PASSWORD = "kolanut-42-Lagos"

Events = list[tuple[AuthEvent, Session | None]]


@pytest.fixture(name="time")
def fixture_time() -> FakeTime:
    """A fake clock whose sleep moves it."""
    return FakeTime()


@pytest.fixture(name="server")
def fixture_server(time: FakeTime) -> Iterator[AuthServer]:
    """Our auth service on the shared clock, with one account."""
    with AuthServer(time) as server:
        server.create_user(EMAIL, PASSWORD)
        yield server


@pytest.fixture(name="line")
def fixture_line(server: AuthServer) -> AuthLine:
    """The way from the client to the server: it records requests and injects faults."""
    return AuthLine(server)


@pytest.fixture(name="storage")
def fixture_storage() -> InMemorySessionStorage:
    """The client's session storage."""
    return InMemorySessionStorage()


@pytest.fixture(name="client")
def fixture_client(
    line: AuthLine, time: FakeTime, storage: InMemorySessionStorage
) -> Iterator[AuthClient]:
    """A client on the line to the server."""
    with line.http() as http:
        yield AuthClient(http, api_key=API_KEY, storage=storage, clock=time, sleep=time.sleep)


@pytest.fixture(name="events")
def fixture_events(client: AuthClient) -> Events:
    """Every event the client sends to one subscriber, from INITIAL_SESSION on."""
    events: Events = []
    client.on_auth_state_change(lambda event, session: events.append((event, session)))
    return events


def names(events: Events) -> list[AuthEvent]:
    return [event for event, _ in events]


def expire_soon(time: FakeTime, session: Session, seconds_left: int = 60) -> None:
    """Move the clock to ``seconds_left`` before the session expires."""
    time.advance(session.expires_at - time.now().timestamp() - seconds_left)


class TestConstruction:
    def test_api_key_is_required(self) -> None:
        """A client without a key is refused with the spec's message."""
        with (
            httpx.Client(base_url=BASE_URL) as http,
            pytest.raises(ValueError, match=re.escape("supabaseKey is required.")),
        ):
            AuthClient(http, api_key="")

    def test_base_url_is_required(self) -> None:
        """A client whose httpx client has no base_url is refused with the spec's message."""
        with (
            httpx.Client() as http,
            pytest.raises(ValueError, match=re.escape("supabaseUrl is required.")),
        ):
            AuthClient(http, api_key=API_KEY)


class TestSignIn:
    def test_sign_in_emits_signed_in_and_stores(
        self, client: AuthClient, events: Events, storage: InMemorySessionStorage
    ) -> None:
        """Signing in with a password stores the session and sends SIGNED_IN with it."""
        session = client.sign_in_with_password(EMAIL, PASSWORD)
        assert [AuthEvent.INITIAL_SESSION, AuthEvent.SIGNED_IN] == names(events)
        assert session == events[-1][1]
        assert EMAIL == session.user.email
        assert SessionState.SIGNED_IN == client.state
        stored = json.loads(storage.get_item(DEFAULT_STORAGE_KEY) or "{}")
        assert session.refresh_token == stored["refresh_token"]

    def test_requests_carry_key_version_and_bearer(
        self, client: AuthClient, line: AuthLine
    ) -> None:
        """Every request carries apikey and the API version; signed-in ones also the bearer."""
        session = client.sign_in_with_password(EMAIL, PASSWORD)
        client.get_user()
        sign_in, user = line.requests
        assert (API_KEY, "2024-01-01") == (
            sign_in.headers["apikey"],
            sign_in.headers["x-supabase-api-version"],
        )
        assert sign_in.bearer is None
        assert session.access_token == user.bearer

    def test_wrong_password_is_an_api_error(self, client: AuthClient, events: Events) -> None:
        """A wrong password raises AuthApiError 400 invalid_credentials and sends nothing."""
        with pytest.raises(AuthApiError) as raised:
            client.sign_in_with_password(EMAIL, "wrong")
        assert (400, "invalid_credentials") == (raised.value.status, raised.value.code)
        assert [AuthEvent.INITIAL_SESSION] == names(events)
        assert SessionState.SIGNED_OUT == client.state

    def test_sign_up_with_autoconfirm_signs_in(self, client: AuthClient, events: Events) -> None:
        """Sign-up on a service that confirms at once answers a session and sends SIGNED_IN."""
        result = client.sign_up("grace@example.com", "hopper1906", data={"name": "Grace"})
        assert result.session is not None
        assert {"name": "Grace"} == dict(result.user.user_metadata)
        assert AuthEvent.SIGNED_IN == events[-1][0]

    def test_sign_up_awaiting_confirmation_answers_only_a_user(self, time: FakeTime) -> None:
        """Sign-up that waits for email confirmation answers the user, no session, no event."""
        with AuthServer(time, confirm_email=True) as server, AuthLine(server).http() as http:
            client = AuthClient(http, api_key=API_KEY, clock=time, sleep=time.sleep)
            events: Events = []
            client.on_auth_state_change(lambda e, s: events.append((e, s)))
            result = client.sign_up("grace@example.com", "hopper1906")
            assert (None, "grace@example.com") == (result.session, result.user.email)
            assert [AuthEvent.INITIAL_SESSION] == names(events)
            assert ("Confirm your signup", "grace@example.com") == server.mails()[-1]

    def test_weak_password_is_a_validation_failure(self, client: AuthClient) -> None:
        """A password the service finds weak raises AuthWeakPasswordError with its reasons."""
        with pytest.raises(AuthWeakPasswordError) as raised:
            client.sign_up("grace@example.com", "123")
        assert ("length",) == raised.value.reasons
        assert isinstance(raised.value, ValidationFailed)


class TestSubscriptions:
    def test_new_subscriber_gets_initial_session_first(self, client: AuthClient) -> None:
        """Each new subscriber first receives INITIAL_SESSION with the session as it stands."""
        first: Events = []
        client.on_auth_state_change(lambda e, s: first.append((e, s)))
        session = client.sign_in_with_password(EMAIL, PASSWORD)
        second: Events = []
        client.on_auth_state_change(lambda e, s: second.append((e, s)))
        assert [(AuthEvent.INITIAL_SESSION, None), (AuthEvent.SIGNED_IN, session)] == first
        assert [(AuthEvent.INITIAL_SESSION, session)] == second

    def test_unsubscribe_stops_events(self, client: AuthClient) -> None:
        """After unsubscribing a callback receives nothing more."""
        seen: Events = []
        unsubscribe = client.on_auth_state_change(lambda e, s: seen.append((e, s)))
        unsubscribe()
        client.sign_in_with_password(EMAIL, PASSWORD)
        assert [AuthEvent.INITIAL_SESSION] == names(seen)

    def test_failing_subscriber_does_not_break_others(self, client: AuthClient) -> None:
        """A callback that raises is logged; the call succeeds and other subscribers hear it."""

        def explode(event: AuthEvent, session: Session | None) -> None:
            if event is AuthEvent.SIGNED_IN:
                raise RuntimeError("subscriber bug")

        client.on_auth_state_change(explode)
        seen: Events = []
        client.on_auth_state_change(lambda e, s: seen.append((e, s)))
        client.sign_in_with_password(EMAIL, PASSWORD)
        assert AuthEvent.SIGNED_IN == seen[-1][0]

    def test_subscriber_may_call_the_client(self, client: AuthClient) -> None:
        """A callback may call the client again without deadlocking."""
        seen: list[Session | None] = []

        def reenter(event: AuthEvent, session: Session | None) -> None:
            if event is AuthEvent.SIGNED_IN:
                seen.append(client.get_session())

        client.on_auth_state_change(reenter)
        session = client.sign_in_with_password(EMAIL, PASSWORD)
        assert [session] == seen

    def test_restores_a_stored_session(
        self, line: AuthLine, time: FakeTime, client: AuthClient, storage: InMemorySessionStorage
    ) -> None:
        """A new client on the same storage starts signed in with the stored session."""
        session = client.sign_in_with_password(EMAIL, PASSWORD)
        with line.http() as http:
            again = AuthClient(http, api_key=API_KEY, storage=storage, clock=time, sleep=time.sleep)
            seen: Events = []
            again.on_auth_state_change(lambda e, s: seen.append((e, s)))
        assert [(AuthEvent.INITIAL_SESSION, session)] == seen
        assert SessionState.SIGNED_IN == again.state

    def test_unreadable_storage_is_removed(
        self, line: AuthLine, time: FakeTime, storage: InMemorySessionStorage
    ) -> None:
        """A stored value that is not a session is removed and the client starts signed out."""
        storage.set_item(DEFAULT_STORAGE_KEY, '{"access_token": "x"}')
        with line.http() as http:
            client = AuthClient(http, api_key=API_KEY, storage=storage, clock=time)
            assert client.get_session() is None
        assert (SessionState.SIGNED_OUT, None) == (
            client.state,
            storage.get_item(DEFAULT_STORAGE_KEY),
        )

    def test_follows_other_writers_of_the_storage(
        self, client: AuthClient, events: Events, storage: InMemorySessionStorage
    ) -> None:
        """A session removed or written by another writer of the storage is noticed and
        announced as SIGNED_OUT or SIGNED_IN."""
        client.sign_in_with_password(EMAIL, PASSWORD)
        stored = storage.get_item(DEFAULT_STORAGE_KEY) or ""
        storage.remove_item(DEFAULT_STORAGE_KEY)
        assert client.get_session() is None
        storage.set_item(DEFAULT_STORAGE_KEY, stored)
        assert client.get_session() is not None
        assert [AuthEvent.SIGNED_IN, AuthEvent.SIGNED_OUT, AuthEvent.SIGNED_IN] == names(events[1:])


class TestGetSession:
    def test_fresh_session_needs_no_request(
        self, client: AuthClient, line: AuthLine, time: FakeTime
    ) -> None:
        """A session 91 s or more from expiry is answered from storage without a request."""
        session = client.sign_in_with_password(EMAIL, PASSWORD)
        expire_soon(time, session, seconds_left=91)
        before = len(line.requests)
        assert session == client.get_session()
        assert before == len(line.requests)

    def test_near_expiry_refreshes(
        self, client: AuthClient, line: AuthLine, time: FakeTime, events: Events
    ) -> None:
        """Within 90 s of expiry get_session refreshes first and sends TOKEN_REFRESHED."""
        old = client.sign_in_with_password(EMAIL, PASSWORD)
        expire_soon(time, old, seconds_left=89)
        new = client.get_session()
        assert new is not None
        assert old.refresh_token != new.refresh_token
        assert (AuthEvent.TOKEN_REFRESHED, new) == events[-1]
        (refresh,) = line.requests_to("/token")[1:]
        assert {"refresh_token": old.refresh_token} == refresh.body

    @pytest.mark.parametrize(
        ("status", "network"),
        [(503, False), (500, False), (502, False), (504, False), (503, True)],
    )
    def test_refresh_retries_with_backoff(
        self,
        client: AuthClient,
        line: AuthLine,
        time: FakeTime,
        events: Events,
        status: int,
        network: bool,
    ) -> None:
        """Three retryable failures are retried after 0.2, 0.4 and 0.8 s and the fourth
        attempt succeeds."""
        old = client.sign_in_with_password(EMAIL, PASSWORD)
        expire_soon(time, old)
        if network:
            line.break_next("/token?grant_type=refresh_token", 3)
        else:
            line.fail_next("/token?grant_type=refresh_token", 3, status=status)
        new = client.get_session()
        assert [0.2, 0.4, 0.8] == time.sleeps
        assert 4 == len(line.requests_to("/token")) - 1
        assert (AuthEvent.TOKEN_REFRESHED, new) == events[-1]

    def test_refresh_gives_up_after_eight_attempts(
        self, client: AuthClient, line: AuthLine, time: FakeTime, events: Events
    ) -> None:
        """Eight retryable failures exhaust the retries; the session is kept and the error is
        AuthRetryableFetchError, which is Unavailable."""
        old = client.sign_in_with_password(EMAIL, PASSWORD)
        expire_soon(time, old)
        line.fail_next("/token?grant_type=refresh_token", 8)
        with pytest.raises(AuthRetryableFetchError) as raised:
            client.get_session()
        assert isinstance(raised.value, Unavailable)
        assert [0.2, 0.4, 0.8, 1.6, 3.2, 6.4, 12.8] == time.sleeps
        assert (SessionState.SIGNED_IN, AuthEvent.SIGNED_IN) == (client.state, events[-1][0])
        line.clear_faults()
        assert client.get_session() is not None

    def test_already_used_refresh_token_signs_out(
        self,
        client: AuthClient,
        time: FakeTime,
        events: Events,
        storage: InMemorySessionStorage,
    ) -> None:
        """A 400 refresh_token_already_used is final: no retry, the session is removed and
        SIGNED_OUT sent."""
        client.sign_in_with_password(EMAIL, PASSWORD)
        stale_copy = storage.get_item(DEFAULT_STORAGE_KEY) or ""
        rotated = client.refresh_session()
        storage.set_item(DEFAULT_STORAGE_KEY, stale_copy)  # another tab wrote an old copy back
        expire_soon(time, rotated)
        with pytest.raises(AuthApiError) as raised:
            client.get_session()
        assert (400, "refresh_token_already_used") == (raised.value.status, raised.value.code)
        assert [] == time.sleeps
        assert (AuthEvent.SIGNED_OUT, None) == events[-1]
        assert storage.get_item(DEFAULT_STORAGE_KEY) is None
        assert client.get_session() is None

    def test_refresh_session_without_session(self, client: AuthClient) -> None:
        """Refreshing while signed out raises AuthSessionMissingError, which is NotAllowed."""
        with pytest.raises(AuthSessionMissingError) as raised:
            client.refresh_session()
        assert isinstance(raised.value, NotAllowed)
        assert "Auth session missing!" == raised.value.message


class TestGetUser:
    def test_fetches_the_user(self, client: AuthClient) -> None:
        """get_user answers the user as the service knows them."""
        session = client.sign_in_with_password(EMAIL, PASSWORD)
        user = client.get_user()
        assert (session.user.id, "email") == (user.id, user.identities[0].provider)

    def test_revoked_session_is_removed(
        self, client: AuthClient, server: AuthServer, events: Events
    ) -> None:
        """When the service says session_not_found, the session is removed and SIGNED_OUT
        sent before the error is raised."""
        client.sign_in_with_password(EMAIL, PASSWORD)
        server.revoke_sessions(EMAIL)
        with pytest.raises(AuthSessionMissingError) as raised:
            client.get_user()
        assert (403, "session_not_found") == (raised.value.status, raised.value.code)
        assert (AuthEvent.SIGNED_OUT, None) == events[-1]
        assert client.get_session() is None

    def test_deleted_user_is_removed(
        self, client: AuthClient, line: AuthLine, events: Events
    ) -> None:
        """user_not_found (403, GoTrue's answer for a deleted user; our server deletes no
        user) removes the session too."""
        client.sign_in_with_password(EMAIL, PASSWORD)
        line.answer_next_with(
            "/user",
            403,
            {"code": "user_not_found", "message": "User from sub claim in JWT does not exist"},
        )
        with pytest.raises(AuthApiError, match="does not exist"):
            client.get_user()
        assert (AuthEvent.SIGNED_OUT, SessionState.SIGNED_OUT) == (events[-1][0], client.state)

    def test_forged_token_is_removed(
        self, client: AuthClient, storage: InMemorySessionStorage, events: Events
    ) -> None:
        """A stored token the service cannot verify (bad_jwt) is removed."""
        client.sign_in_with_password(EMAIL, PASSWORD)
        stored = json.loads(storage.get_item(DEFAULT_STORAGE_KEY) or "{}")
        claims = jwt.decode(stored["access_token"], options={"verify_signature": False})
        stored["access_token"] = jwt.encode(
            claims, "not the signing key, but long enough", algorithm="HS256"
        )
        storage.set_item(DEFAULT_STORAGE_KEY, json.dumps(stored))
        with pytest.raises(AuthApiError) as raised:
            client.get_user()
        assert (403, "bad_jwt") == (raised.value.status, raised.value.code)
        assert AuthEvent.SIGNED_OUT == events[-1][0]

    def test_server_fault_keeps_the_session(self, client: AuthClient, line: AuthLine) -> None:
        """A 5xx or a network failure on the user fetch is not a verdict on the token."""
        client.sign_in_with_password(EMAIL, PASSWORD)
        line.fail_next("/user", status=500)
        line.break_next("/user")
        for _ in range(2):
            with pytest.raises(AuthRetryableFetchError):
                client.get_user()
        assert SessionState.SIGNED_IN == client.state

    def test_explicit_token_leaves_the_session_alone(
        self, client: AuthClient, line: AuthLine
    ) -> None:
        """get_user(jwt) checks that token only; the stored session stays even if it fails."""
        session = client.sign_in_with_password(EMAIL, PASSWORD)
        with pytest.raises(AuthApiError):
            client.get_user(jwt="not.a.token")
        assert session == client.get_session()

    def test_without_session(self, client: AuthClient, line: AuthLine) -> None:
        """Signed out, get_user raises AuthSessionMissingError without a request."""
        with pytest.raises(AuthSessionMissingError):
            client.get_user()
        assert [] == line.requests


class TestUpdateUser:
    def test_update_emits_user_updated(
        self, client: AuthClient, events: Events, storage: InMemorySessionStorage
    ) -> None:
        """Updating metadata answers the new user, stores it and sends USER_UPDATED."""
        client.sign_in_with_password(EMAIL, PASSWORD)
        user = client.update_user(data={"plan": "premium"})
        assert "premium" == user.user_metadata["plan"]
        assert AuthEvent.USER_UPDATED == events[-1][0]
        stored = json.loads(storage.get_item(DEFAULT_STORAGE_KEY) or "{}")
        assert {"plan": "premium"} == stored["user"]["user_metadata"]

    def test_password_change_signs_in_with_new_password(self, client: AuthClient) -> None:
        """A changed password is the one that works afterwards."""
        client.sign_in_with_password(EMAIL, PASSWORD)
        client.update_user(password="battery staple")
        client.sign_out()
        assert EMAIL == client.sign_in_with_password(EMAIL, "battery staple").user.email


class TestSignOut:
    def test_sign_out_removes_and_emits(
        self, client: AuthClient, line: AuthLine, server: AuthServer, events: Events
    ) -> None:
        """A global sign-out ends every session at the service, removes the local one and
        sends SIGNED_OUT."""
        session = client.sign_in_with_password(EMAIL, PASSWORD)
        client.sign_out()
        (logout,) = line.requests_to("/logout")
        assert ({"scope": "global"}, session.access_token) == (logout.query, logout.bearer)
        assert (AuthEvent.SIGNED_OUT, None) == events[-1]
        assert 0 == server.session_count(session.user.id)

    @pytest.mark.parametrize("status", [401, 403, 404])
    def test_ignored_answers(
        self, client: AuthClient, line: AuthLine, events: Events, status: int
    ) -> None:
        """401, 403 and 404 from the service still sign out locally."""
        client.sign_in_with_password(EMAIL, PASSWORD)
        line.fail_next("/logout", status=status)
        client.sign_out("local")
        assert (AuthEvent.SIGNED_OUT, SessionState.SIGNED_OUT) == (events[-1][0], client.state)

    def test_server_fault_keeps_the_session(self, client: AuthClient, line: AuthLine) -> None:
        """A 5xx on sign-out raises and keeps the session so the call can be repeated."""
        client.sign_in_with_password(EMAIL, PASSWORD)
        line.fail_next("/logout", status=503)
        with pytest.raises(AuthRetryableFetchError):
            client.sign_out()
        assert SessionState.SIGNED_IN == client.state

    def test_others_scope_keeps_this_session(
        self, client: AuthClient, line: AuthLine, events: Events, time: FakeTime
    ) -> None:
        """Scope others ends the user's other sessions and keeps this one, with no event."""
        with line.http() as http:
            elsewhere = AuthClient(http, api_key=API_KEY, clock=time, sleep=time.sleep)
            elsewhere.sign_in_with_password(EMAIL, PASSWORD)
            session = client.sign_in_with_password(EMAIL, PASSWORD)
            client.sign_out("others")
            with pytest.raises(AuthSessionMissingError):
                elsewhere.get_user()
        assert (AuthEvent.SIGNED_IN, session) == events[-1]
        assert session.user.id == client.get_user().id

    def test_without_session_does_nothing(
        self, client: AuthClient, line: AuthLine, events: Events
    ) -> None:
        """Signed out, sign_out sends no request and no event."""
        client.sign_out()
        assert ([], [AuthEvent.INITIAL_SESSION]) == (line.requests, names(events))

    def test_unknown_scope(self, client: AuthClient) -> None:
        """Only global, local and others are scopes."""
        with pytest.raises(ValueError, match="scope"):
            client.sign_out("everywhere")


class TestMfa:
    def test_verify_emits_mfa_challenge_verified_and_aal2(
        self, client: AuthClient, server: AuthServer, events: Events
    ) -> None:
        """Verifying a TOTP factor replaces the session with an aal2 one and sends
        MFA_CHALLENGE_VERIFIED."""
        client.sign_in_with_password(EMAIL, PASSWORD)
        levels = client.get_authenticator_assurance_level()
        assert (AssuranceLevel.AAL1, AssuranceLevel.AAL1) == (
            levels.current_level,
            levels.next_level,
        )
        factor = client.mfa_enroll(friendly_name="phone app")
        assert factor.totp is not None
        assert factor.totp.qr_code.startswith("data:image/svg+xml;utf-8,")
        challenge = client.mfa_challenge(factor.id)
        session = client.mfa_verify(factor.id, challenge.id, server.totp_code(factor.totp.secret))
        assert (AuthEvent.MFA_CHALLENGE_VERIFIED, session) == events[-1]
        levels = client.get_authenticator_assurance_level()
        assert (AssuranceLevel.AAL2, AssuranceLevel.AAL2) == (
            levels.current_level,
            levels.next_level,
        )
        assert ("totp", "password") == levels.current_authentication_methods

    def test_next_level_is_aal2_for_a_user_with_a_verified_factor(
        self, client: AuthClient, server: AuthServer
    ) -> None:
        """After signing in again with a password, the level is aal1 and the next one aal2."""
        client.sign_in_with_password(EMAIL, PASSWORD)
        factor = client.mfa_enroll()
        assert factor.totp is not None
        client.mfa_challenge_and_verify(factor.id, server.totp_code(factor.totp.secret))
        client.sign_in_with_password(EMAIL, PASSWORD)
        levels = client.get_authenticator_assurance_level()
        assert (AssuranceLevel.AAL1, AssuranceLevel.AAL2) == (
            levels.current_level,
            levels.next_level,
        )
        assert [FactorStatus.VERIFIED] == [f.status for f in client.mfa_list_factors()]

    def test_wrong_code(self, client: AuthClient, events: Events) -> None:
        """A wrong code raises mfa_verification_failed and changes nothing."""
        session = client.sign_in_with_password(EMAIL, PASSWORD)
        factor = client.mfa_enroll()
        challenge = client.mfa_challenge(factor.id)
        with pytest.raises(AuthApiError) as raised:
            client.mfa_verify(factor.id, challenge.id, "000000")
        assert "mfa_verification_failed" == raised.value.code
        assert (AuthEvent.SIGNED_IN, session) == events[-1]

    def test_unenroll(self, client: AuthClient, server: AuthServer) -> None:
        """An aal2 session can remove a verified factor."""
        client.sign_in_with_password(EMAIL, PASSWORD)
        factor = client.mfa_enroll()
        assert factor.totp is not None
        client.mfa_challenge_and_verify(factor.id, server.totp_code(factor.totp.secret))
        assert factor.id == client.mfa_unenroll(factor.id)
        assert () == client.mfa_list_factors()

    def test_phone_factor_needs_a_number(self, client: AuthClient) -> None:
        """Enrolling a phone factor without a number fails before any request."""
        client.sign_in_with_password(EMAIL, PASSWORD)
        with pytest.raises(AuthInvalidCredentialsError):
            client.mfa_enroll("phone")

    def test_phone_factor_refused_by_the_server(
        self, client: AuthClient, line: AuthLine, events: Events
    ) -> None:
        """Our server has no phone factors: its 422 mfa_phone_enroll_not_enabled reaches the
        caller as AuthApiError and the session stays as it was."""
        session = client.sign_in_with_password(EMAIL, PASSWORD)
        with pytest.raises(AuthApiError) as raised:
            client.mfa_enroll("phone", phone="+2348000000000")
        assert (422, "mfa_phone_enroll_not_enabled") == (raised.value.status, raised.value.code)
        sent = line.requests_to("/factors")[-1].body or {}
        assert ("phone", "+2348000000000") == (sent["factor_type"], sent["phone"])
        assert (AuthEvent.SIGNED_IN, session) == events[-1]

    def test_levels_without_session(self, client: AuthClient) -> None:
        """Signed out, both levels are None."""
        levels = client.get_authenticator_assurance_level()
        assert (None, None) == (levels.current_level, levels.next_level)


class TestSessionFromUrl:
    @pytest.fixture(name="server")
    def fixture_server(self, time: FakeTime) -> Iterator[AuthServer]:
        """Our auth service asking for e-mail confirmation, with one unconfirmed account."""
        with AuthServer(time, confirm_email=True) as server:
            server.create_user(EMAIL, PASSWORD, confirmed=False)
            yield server

    def test_fresh_link_signs_in_without_warning(
        self, client: AuthClient, server: AuthServer, time: FakeTime, events: Events
    ) -> None:
        """A fresh confirmation-link fragment stores its session and sends SIGNED_IN,
        silently."""
        fragment = server.followed_link(EMAIL, "signup")
        time.advance(119)
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            session = client.session_from_url(f"https://app.example/welcome{fragment}")
        assert (AuthEvent.SIGNED_IN, session) == events[-1]
        assert EMAIL == session.user.email

    def test_old_link_warns(self, client: AuthClient, server: AuthServer, time: FakeTime) -> None:
        """A session issued 120 s or more before now raises a warning (spec section 9)."""
        fragment = server.followed_link(EMAIL, "signup")
        time.advance(121)
        with pytest.warns(AuthUrlSessionWarning, match="issued over 120s ago"):
            client.session_from_url(fragment)

    def test_recovery_link_emits_password_recovery(
        self, client: AuthClient, server: AuthServer, events: Events
    ) -> None:
        """A recovery link signs in and sends PASSWORD_RECOVERY instead of SIGNED_IN."""
        client.session_from_url(server.followed_link(EMAIL, "recovery"))
        assert AuthEvent.PASSWORD_RECOVERY == events[-1][0]

    @pytest.mark.parametrize(
        ("url", "message"),
        [
            ("#access_token=x&refresh_token=y", "No session defined in URL"),
            ("https://app.example/cb?code=abc", "Not a valid implicit grant flow url."),
            (
                "#error=access_denied&error_code=otp_expired&error_description=Link+expired",
                "Link expired",
            ),
            ("#error=server_error", "Error in URL with unspecified error_description"),
        ],
    )
    def test_bad_urls(self, client: AuthClient, line: AuthLine, url: str, message: str) -> None:
        """URLs with an error, a PKCE code or no session are refused before any request."""
        with pytest.raises(AuthImplicitGrantRedirectError) as raised:
            client.session_from_url(url)
        assert message == raised.value.message
        assert [] == line.requests

    def test_error_details(self, client: AuthClient) -> None:
        """A redirect error keeps the URL's error and code."""
        with pytest.raises(AuthImplicitGrantRedirectError) as raised:
            client.session_from_url("#error=access_denied&error_code=otp_expired")
        assert {"error": "access_denied", "code": "otp_expired"} == raised.value.details


class TestSetSession:
    def test_adopts_live_tokens(self, client: AuthClient, line: AuthLine, time: FakeTime) -> None:
        """Tokens from elsewhere are checked with the service and announced as SIGNED_IN."""
        with line.http() as http:
            elsewhere = AuthClient(http, api_key=API_KEY, clock=time)
            source = elsewhere.sign_in_with_password(EMAIL, PASSWORD)
        session = client.set_session(source.access_token, source.refresh_token)
        assert (source.expires_at, source.user.id) == (session.expires_at, session.user.id)
        assert SessionState.SIGNED_IN == client.state

    def test_refreshes_expired_tokens(
        self, client: AuthClient, line: AuthLine, time: FakeTime
    ) -> None:
        """An expired access token is replaced by refreshing first."""
        with line.http() as http:
            source = AuthClient(http, api_key=API_KEY, clock=time).sign_in_with_password(
                EMAIL, PASSWORD
            )
        time.advance(ACCESS_TOKEN_LIFETIME + 1)
        session = client.set_session(source.access_token, source.refresh_token)
        assert source.refresh_token != session.refresh_token

    def test_both_tokens_are_needed(self, client: AuthClient) -> None:
        """Setting a session needs both tokens (spec section 5)."""
        with pytest.raises(AuthSessionMissingError):
            client.set_session("a", "")


class TestGetClaims:
    def test_verifies_with_cached_jwks(
        self, client: AuthClient, line: AuthLine, time: FakeTime
    ) -> None:
        """Claims are checked against the JWKS, fetched once and again after ten minutes."""
        session = client.sign_in_with_password(EMAIL, PASSWORD)
        assert session.user.id == client.get_claims()["sub"]
        client.get_claims()
        assert 1 == len(line.requests_to("/.well-known/jwks.json"))
        time.advance(601)
        client.get_claims()
        assert 2 == len(line.requests_to("/.well-known/jwks.json"))

    def test_tampered_token(self, client: AuthClient) -> None:
        """A token whose payload was changed fails with 'Invalid JWT signature'."""
        session = client.sign_in_with_password(EMAIL, PASSWORD)
        header, _, signature = session.access_token.split(".")
        claims = jwt.decode(session.access_token, options={"verify_signature": False})
        claims["role"] = "service_role"
        forged_payload = jwt.encode(
            claims, "any key at least thirty-two bytes", algorithm="HS256"
        ).split(".")[1]
        with pytest.raises(AuthInvalidJwtError, match="Invalid JWT signature"):
            client.get_claims(f"{header}.{forged_payload}.{signature}")

    def test_unknown_kid(self, client: AuthClient) -> None:
        """A kid missing from the JWKS fails with the spec's message."""
        session = client.sign_in_with_password(EMAIL, PASSWORD)
        claims = jwt.decode(session.access_token, options={"verify_signature": False})
        other = jwt.encode(
            claims,
            ec.generate_private_key(ec.SECP256R1()),
            algorithm="ES256",
            headers={"kid": "retired"},
        )
        with pytest.raises(AuthInvalidJwtError, match="No matching signing key found in JWKS"):
            client.get_claims(other)

    def test_expired_token(self, client: AuthClient, time: FakeTime) -> None:
        """An expired token is refused unless expiry is allowed."""
        session = client.sign_in_with_password(EMAIL, PASSWORD)
        time.advance(ACCESS_TOKEN_LIFETIME)
        with pytest.raises(AuthInvalidJwtError, match="JWT has expired"):
            client.get_claims(session.access_token)
        assert "aal1" == client.get_claims(session.access_token, allow_expired=True)["aal"]

    def test_empty_jwks(self, time: FakeTime, line: AuthLine) -> None:
        """An empty key set fails with 'JWKS is empty'."""
        with line.http() as http:
            token = AuthClient(http, api_key=API_KEY, clock=time).sign_in_with_password(
                EMAIL, PASSWORD
            )
        transport = httpx.MockTransport(lambda request: httpx.Response(200, json={"keys": []}))
        with httpx.Client(base_url=BASE_URL, transport=transport) as http:
            client = AuthClient(http, api_key=API_KEY, clock=time)
            with pytest.raises(AuthInvalidJwtError, match="JWKS is empty"):
                client.get_claims(token.access_token)


class TestEmails:
    def test_reset_password(self, client: AuthClient, line: AuthLine, server: AuthServer) -> None:
        """A recovery request goes to /recover with the redirect in the query."""
        client.reset_password_for_email(EMAIL, redirect_to="https://app.example/reset")
        (recover,) = line.requests_to("/recover")
        assert ({"redirect_to": "https://app.example/reset"}, {"email": EMAIL}) == (
            recover.query,
            recover.body,
        )
        assert ("Reset your password", EMAIL) == server.mails()[-1]

    def test_resend_needs_email_or_phone(self, client: AuthClient, line: AuthLine) -> None:
        """Resend without an email or a phone fails with the spec's message, sending nothing."""
        with pytest.raises(AuthInvalidCredentialsError) as raised:
            client.resend("signup")
        assert "You must provide either an email or phone number and a type" == raised.value.message
        assert isinstance(raised.value, ValidationFailed)
        assert [] == line.requests

    def test_resend_by_phone_answers_message_id(self, client: AuthClient, line: AuthLine) -> None:
        """A resend by phone answers the SMS message id GoTrue sends (our server sends no
        SMS, so the line answers as GoTrue does)."""
        line.answer_next_with("/resend", 200, {"message_id": "msg-1"})
        assert "msg-1" == client.resend("sms", phone="+2348000000000")
        assert {"type": "sms", "phone": "+2348000000000"} == line.requests_to("/resend")[0].body

    def test_resend_signup_confirmation(self, time: FakeTime) -> None:
        """A resend of the sign-up confirmation mails the link again and answers no id."""
        with AuthServer(time, confirm_email=True) as server, AuthLine(server).http() as http:
            server.create_user(EMAIL, PASSWORD, confirmed=False)
            client = AuthClient(http, api_key=API_KEY, clock=time)
            assert client.resend("signup", email=EMAIL) is None
            assert [("Confirm your signup", EMAIL)] * 2 == server.mails()


class TestTransportErrors:
    def _client(self, handler: Any) -> AuthClient:
        return AuthClient(
            httpx.Client(base_url=BASE_URL, transport=httpx.MockTransport(handler)),
            api_key=API_KEY,
        )

    def test_old_error_shape(self) -> None:
        """An answer with the status in code and the code in error_code is understood."""
        client = self._client(
            lambda r: httpx.Response(
                400, json={"code": 400, "error_code": "invalid_credentials", "msg": "Invalid"}
            )
        )
        with pytest.raises(AuthApiError) as raised:
            client.sign_in_with_password(EMAIL, PASSWORD)
        assert ("invalid_credentials", "Invalid") == (raised.value.code, raised.value.message)

    def test_body_that_is_not_json(self) -> None:
        """A 4xx without JSON is AuthUnknownError."""
        client = self._client(lambda r: httpx.Response(418, text="teapot"))
        with pytest.raises(AuthUnknownError):
            client.sign_in_with_password(EMAIL, PASSWORD)

    def test_no_answer(self) -> None:
        """No answer at all is AuthRetryableFetchError with no status."""

        def refuse(request: httpx.Request) -> httpx.Response:
            raise httpx.ReadTimeout("slow", request=request)

        with pytest.raises(AuthRetryableFetchError) as raised:
            self._client(refuse).sign_in_with_password(EMAIL, PASSWORD)
        assert raised.value.status is None
        assert raised.value.retryable
