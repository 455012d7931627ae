"""The auth client driven at random against our own auth service (the app, in process), with
faults on the line between and a clock they share.

Invariants: events follow legal transitions of the session state machine and every subscriber
hears INITIAL_SESSION first; the state is SIGNED_IN exactly when a session is stored (so
SIGNED_OUT leaves none); a session removed is never used again; and the client agrees with a
small model of what the service will answer.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from designcore.client import (
    DEFAULT_STORAGE_KEY,
    AuthApiError,
    AuthClient,
    AuthRetryableFetchError,
    AuthSessionMissingError,
    InMemorySessionStorage,
)
from designcore.domain.accounts import REFRESH_REUSE_INTERVAL
from designcore.domain.auth_session import (
    EXPIRY_MARGIN,
    MAX_REFRESH_ATTEMPTS,
    TRANSITIONS,
    AssuranceLevel,
    AuthEvent,
    Session,
    SessionState,
    states_reachable_silently,
)
from fakes.auth_api import API_KEY, AuthLine, AuthServer, FakeTime

EMAIL = "ada@example.com"
PASSWORD = "kolanut-42-Lagos"
FAILURE_KINDS = st.sampled_from(["503", "500", "network"])

Events = list[tuple[AuthEvent, SessionState]]


class AuthClientMachine(RuleBasedStateMachine):
    """One client, one user, and a service that may revoke, fail or see a stolen token."""

    def __init__(self) -> None:
        super().__init__()
        self.time = FakeTime()
        self.server = AuthServer(self.time)
        self.user_id = self.server.create_user(EMAIL, PASSWORD)
        self.line = AuthLine(self.server)
        self.storage = InMemorySessionStorage()
        self.http = self.line.http()
        self.client = AuthClient(
            self.http,
            api_key=API_KEY,
            storage=self.storage,
            clock=self.time,
            sleep=self.time.sleep,
        )
        self.subscribers: list[Events] = []
        self.retired: dict[str, int] = {}
        self.history: list[str] = []
        # The model of what the service will answer.
        self.signed_in = False
        self.server_revoked = False
        self.stale = False
        self.totp_secret: str | None = None
        """The secret of the user's verified factor, once there is one."""
        self.subscribe()

    def teardown(self) -> None:
        self.http.close()
        self.server.__exit__(None, None, None)

    # --- observation ---------------------------------------------------------------------------

    def listener(self, events: Events) -> Callable[[AuthEvent, Session | None], None]:
        def record(event: AuthEvent, session: Session | None) -> None:
            events.append((event, self.client.state))
            if events is not self.subscribers[0]:
                return
            if event is AuthEvent.SIGNED_OUT:
                # Every token issued so far is dead to this client from the next request on.
                for token in self.line.issued_tokens:
                    self.retired.setdefault(token, len(self.line.requests))
                self.history = []
            elif event is AuthEvent.SIGNED_IN:
                self.history = [self.storage.get_item(DEFAULT_STORAGE_KEY) or ""]
            elif session is not None:
                self.history.append(self.storage.get_item(DEFAULT_STORAGE_KEY) or "")

        return record

    def stored(self) -> dict[str, Any] | None:
        raw = self.storage.get_item(DEFAULT_STORAGE_KEY)
        return json.loads(raw) if raw else None

    def near_expiry(self) -> bool:
        stored = self.stored()
        return stored is not None and (
            stored["expires_at"] - self.time.now().timestamp() < EXPIRY_MARGIN.total_seconds()
        )

    def older_copy(self) -> str | None:
        """A stored copy from this sign-in whose refresh token has since been rotated."""
        issued: list[str] = []  # refresh tokens in the order the service issued them
        for copy in self.history:
            token = json.loads(copy)["refresh_token"]
            if token not in issued:
                issued.append(token)
        if len(issued) < 2:
            return None
        newest = issued[-1]
        return next(
            (copy for copy in self.history if json.loads(copy)["refresh_token"] != newest), None
        )

    # --- the model's expectation of loading the session ----------------------------------------

    def expected_load(self, failures: int) -> str:
        """What loading the session will do: none, ok, refreshed, retryable or final."""
        if not self.signed_in:
            return "none"
        if not self.near_expiry():
            return "ok"
        if failures >= MAX_REFRESH_ATTEMPTS:
            return "retryable"
        if self.server_revoked or self.stale:
            return "final"
        return "refreshed"

    def inject(self, failures: int, kind: str) -> None:
        route = "/token?grant_type=refresh_token"
        if kind == "network":
            self.line.break_next(route, failures)
        else:
            self.line.fail_next(route, failures, status=500 if kind == "500" else 503)

    def load_then(self, action: Callable[[], Any], failures: int, kind: str) -> str:
        """Run ``action`` (which loads the session first) and check the loading's outcome;
        answers it, or ``"raised"`` when loading ended the call."""
        outcome = self.expected_load(failures)
        self.inject(failures, kind)
        try:
            if outcome == "retryable":
                with pytest.raises(AuthRetryableFetchError):
                    action()
                return "raised"
            if outcome == "final":
                with pytest.raises(AuthApiError):
                    action()
                self.signed_in = False
                return "raised"
            action()
            return outcome
        finally:
            self.line.clear_faults()

    # --- rules ---------------------------------------------------------------------------------

    @rule()
    def sign_in(self) -> None:
        session = self.client.sign_in_with_password(EMAIL, PASSWORD)
        assert (AuthEvent.SIGNED_IN, SessionState.SIGNED_IN) == self.subscribers[0][-1]
        assert session.refresh_token == (self.stored() or {}).get("refresh_token")
        self.signed_in, self.server_revoked, self.stale = True, False, False

    @rule(seconds=st.integers(0, 4000))
    def time_passes(self, seconds: int) -> None:
        self.time.advance(seconds)

    @rule(failures=st.integers(0, 9), kind=FAILURE_KINDS)
    def get_session(self, failures: int, kind: str) -> None:
        outcome = self.expected_load(failures)
        results: list[Session | None] = []
        if self.load_then(lambda: results.append(self.client.get_session()), failures, kind) == (
            "raised"
        ):
            return
        (session,) = results
        assert (outcome == "none") == (session is None)
        if outcome == "refreshed":
            assert AuthEvent.TOKEN_REFRESHED == self.subscribers[0][-1][0]

    @rule(failures=st.integers(0, 9), kind=FAILURE_KINDS)
    def refresh_session(self, failures: int, kind: str) -> None:
        self.inject(failures, kind)
        try:
            if not self.signed_in:
                with pytest.raises(AuthSessionMissingError):
                    self.client.refresh_session()
            elif failures >= MAX_REFRESH_ATTEMPTS:
                with pytest.raises(AuthRetryableFetchError):
                    self.client.refresh_session()
            elif self.server_revoked or self.stale:
                with pytest.raises(AuthApiError):
                    self.client.refresh_session()
                self.signed_in = False
            else:
                self.client.refresh_session()
                assert AuthEvent.TOKEN_REFRESHED == self.subscribers[0][-1][0]
        finally:
            self.line.clear_faults()

    @rule(failures=st.integers(0, 9), kind=FAILURE_KINDS)
    def get_user(self, failures: int, kind: str) -> None:
        def fetch() -> None:
            if not self.signed_in or self.server_revoked:
                with pytest.raises(AuthSessionMissingError):
                    self.client.get_user()
            else:
                assert self.user_id == self.client.get_user().id

        outcome = self.load_then(fetch, failures, kind)
        if outcome in ("ok", "refreshed") and self.server_revoked:
            assert (AuthEvent.SIGNED_OUT, SessionState.SIGNED_OUT) == self.subscribers[0][-1]
            self.signed_in = False

    # Text without NUL: the server refuses NUL anywhere (400 nul_character, tested on its own).
    @rule(
        data=st.dictionaries(
            st.sampled_from(["name", "plan"]),
            st.text(st.characters(exclude_characters="\x00"), max_size=5),
            max_size=2,
        )
    )
    def update_user(self, data: dict[str, str]) -> None:
        def update() -> None:
            if not self.signed_in:
                with pytest.raises(AuthSessionMissingError):
                    self.client.update_user(data=data)
            elif self.server_revoked:
                # An update refused for a dead session does not remove it (as in auth-js).
                with pytest.raises(AuthSessionMissingError):
                    self.client.update_user(data=data)
            else:
                self.client.update_user(data=data)
                assert AuthEvent.USER_UPDATED == self.subscribers[0][-1][0]

        self.load_then(update, 0, "503")

    @precondition(lambda self: self.signed_in and not self.server_revoked)
    @rule()
    def verify_second_factor(self) -> None:
        def verify() -> None:
            # The first time a factor is enrolled; after that the server allows a new one only
            # from an aal2 session, so the verified one is challenged again.
            if self.totp_secret is None:
                enrolled = self.client.mfa_enroll()
                assert enrolled.totp is not None
                factor_id, self.totp_secret = enrolled.id, enrolled.totp.secret
            else:
                (verified,) = self.client.mfa_list_factors()
                factor_id = verified.id
                # A code verifies once: the authenticator's next one comes 30 s later.
                self.time.advance(30)
            code = self.server.totp_code(self.totp_secret)
            self.client.mfa_challenge_and_verify(factor_id, code)
            assert AuthEvent.MFA_CHALLENGE_VERIFIED == self.subscribers[0][-1][0]
            level = self.client.get_authenticator_assurance_level()
            assert AssuranceLevel.AAL2 == level.current_level

        if self.load_then(verify, 0, "503") != "raised":
            self.stale = False

    @rule(scope=st.sampled_from(["global", "local", "others"]))
    def sign_out(self, scope: str) -> None:
        outcome = self.expected_load(0)
        requests_before = len(self.line.requests_to("/logout"))
        self.client.sign_out(scope)
        if outcome in ("none", "final"):
            assert requests_before == len(self.line.requests_to("/logout"))
            self.signed_in = False
            return
        if scope != "others":
            self.signed_in = False

    @precondition(lambda self: self.signed_in)
    @rule()
    def revoke_elsewhere(self) -> None:
        self.server.revoke_sessions(EMAIL)
        self.server_revoked = True

    @precondition(lambda self: self.signed_in and self.older_copy() is not None)
    @rule()
    def thief_replays_an_old_refresh_token(self) -> None:
        # Past the reuse interval, where a replay is told from a lost answer.
        self.time.advance(REFRESH_REUSE_INTERVAL.total_seconds() + 1)
        old = json.loads(self.older_copy() or "{}")
        with self.line.http() as http:
            answer = http.post(
                "/token",
                params={"grant_type": "refresh_token"},
                json={"refresh_token": old["refresh_token"]},
                headers={"apikey": API_KEY, "x-actor": "thief"},
            )
        assert 400 == answer.status_code
        self.server_revoked = True

    @precondition(lambda self: self.signed_in and self.older_copy() is not None)
    @rule()
    def another_tab_writes_an_old_copy(self) -> None:
        self.time.advance(REFRESH_REUSE_INTERVAL.total_seconds() + 1)
        self.storage.set_item(DEFAULT_STORAGE_KEY, self.older_copy() or "")
        self.stale = True

    @rule()
    def subscribe(self) -> None:
        outcome = self.expected_load(0)
        events: Events = []
        self.subscribers.append(events)
        self.client.on_auth_state_change(self.listener(events))
        if outcome == "final":
            self.signed_in = False
        assert [(AuthEvent.INITIAL_SESSION, self.client.state)] == events[:1]

    # --- invariants ----------------------------------------------------------------------------

    @invariant()
    def settled(self) -> None:
        assert self.client.state in (SessionState.SIGNED_IN, SessionState.SIGNED_OUT)

    @invariant()
    def signed_out_leaves_no_session(self) -> None:
        stored = self.storage.get_item(DEFAULT_STORAGE_KEY) is not None
        assert (self.signed_in, self.signed_in) == (
            self.client.state is SessionState.SIGNED_IN,
            stored,
        )

    @invariant()
    def events_follow_legal_transitions(self) -> None:
        for events in self.subscribers:
            assert AuthEvent.INITIAL_SESSION == events[0][0]
            before = SessionState.LOADING if events is self.subscribers[0] else events[0][1]
            for event, after in events[1:] if events is not self.subscribers[0] else events:
                possible = {
                    TRANSITIONS.get((state, event)) for state in states_reachable_silently(before)
                }
                assert after in possible, f"{event.value} cannot lead from {before} to {after}"
                before = after

    @invariant()
    def removed_sessions_are_never_used_again(self) -> None:
        for index, request in enumerate(self.line.requests):
            if request.headers.get("x-actor") == "thief":
                continue
            for token in request.tokens:
                assert index < self.retired.get(token, len(self.line.requests) + 1)


class TestAuthClientMachine(AuthClientMachine.TestCase):
    """The client keeps its invariants under any sequence of calls, failures and revocations."""

    settings = settings(stateful_step_count=25, deadline=None)
