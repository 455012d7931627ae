"""The auth session's state machine and rules: tables, properties and a stateful model."""

from __future__ import annotations

import base64
import itertools
import json
from datetime import UTC, datetime, timedelta
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from designcore.domain.auth_session import (
    EXPIRY_MARGIN,
    MAX_REFRESH_ATTEMPTS,
    REFRESH_RETRY_BUDGET,
    TRANSITIONS,
    AssuranceLevel,
    AuthEvent,
    AuthUser,
    Factor,
    FactorStatus,
    FactorType,
    Move,
    Session,
    SessionState,
    SessionStep,
    assurance_level,
    is_invalid_token_answer,
    is_retryable,
    legal_moves,
    may_retry_refresh,
    needs_refresh,
    parse_url_params,
    refresh_backoff,
    sign_out_failure_ignored,
    states_reachable_silently,
    token_claims,
    transition,
    url_session_expires_soon,
    url_session_from_future,
    url_session_too_old,
)
from designcore.domain.errors import IllegalTransition, ValidationFailed
from designcore.testing import strategies as dst

EPOCH = datetime(2026, 11, 1, 9, 0, tzinfo=UTC)
MOVES: list[Move] = [*AuthEvent, *SessionStep]
_serial = itertools.count(1)


def b64(data: dict[str, Any]) -> str:
    return base64.urlsafe_b64encode(json.dumps(data).encode()).rstrip(b"=").decode()


def make_token(**claims: Any) -> str:
    """An unsigned-looking JWT carrying ``claims`` (the rules never check signatures)."""
    return f"{b64({'alg': 'ES256', 'typ': 'JWT'})}.{b64(claims)}.c2ln"


def make_session(
    now: datetime, *, lifetime: int = 3600, aal: str = "aal1", factors: tuple[Factor, ...] = ()
) -> Session:
    """A fresh session issued at ``now``, with unique tokens."""
    n = next(_serial)
    expires_at = int(now.timestamp()) + lifetime
    return Session(
        access_token=make_token(sub="u1", exp=expires_at, aal=aal, n=n),
        refresh_token=f"refresh-{n}",
        expires_at=expires_at,
        expires_in=lifetime,
        user=AuthUser(id="u1", email="ada@example.com", factors=factors),
    )


def factor(status: FactorStatus, kind: FactorType = FactorType.TOTP) -> Factor:
    return Factor(id=f"f{next(_serial)}", factor_type=kind, status=status)


class TestTransition:
    @given(dst.session_states(), dst.session_moves())
    def test_table_is_the_whole_truth(self, state: SessionState, move: Move) -> None:
        """A move in the table answers its next state; any other raises IllegalTransition."""
        if (state, move) in TRANSITIONS:
            assert TRANSITIONS[(state, move)] == transition(state, move)
        else:
            with pytest.raises(IllegalTransition):
                transition(state, move)

    @pytest.mark.parametrize(
        ("state", "move", "expected"),
        [
            (SessionState.LOADING, SessionStep.STORAGE_EMPTY, SessionState.SIGNED_OUT),
            (SessionState.LOADING, AuthEvent.SIGNED_IN, SessionState.SIGNED_IN),
            (SessionState.SIGNED_OUT, AuthEvent.SIGNED_IN, SessionState.SIGNED_IN),
            (SessionState.SIGNED_IN, SessionStep.REFRESH_STARTED, SessionState.REFRESHING),
            (SessionState.REFRESHING, AuthEvent.TOKEN_REFRESHED, SessionState.SIGNED_IN),
            (SessionState.REFRESHING, SessionStep.REFRESH_POSTPONED, SessionState.SIGNED_IN),
            (SessionState.REFRESHING, AuthEvent.SIGNED_OUT, SessionState.SIGNED_OUT),
            (SessionState.SIGNED_IN, AuthEvent.MFA_CHALLENGE_VERIFIED, SessionState.SIGNED_IN),
            (SessionState.SIGNED_OUT, AuthEvent.PASSWORD_RECOVERY, SessionState.SIGNED_IN),
        ],
    )
    def test_named_moves(self, state: SessionState, move: Move, expected: SessionState) -> None:
        """The moves the client relies on lead where the diagram says."""
        assert expected == transition(state, move)

    @pytest.mark.parametrize(
        ("state", "move"),
        [
            (SessionState.SIGNED_OUT, AuthEvent.SIGNED_OUT),
            (SessionState.SIGNED_OUT, AuthEvent.TOKEN_REFRESHED),
            (SessionState.SIGNED_IN, AuthEvent.TOKEN_REFRESHED),
            (SessionState.LOADING, AuthEvent.INITIAL_SESSION),
            (SessionState.REFRESHING, AuthEvent.INITIAL_SESSION),
            (SessionState.REFRESHING, AuthEvent.SIGNED_IN),
            (SessionState.SIGNED_OUT, AuthEvent.USER_UPDATED),
            (SessionState.SIGNED_OUT, SessionStep.REFRESH_STARTED),
        ],
    )
    def test_illegal_moves(self, state: SessionState, move: Move) -> None:
        """Moves the diagram lacks raise IllegalTransition naming what is allowed."""
        with pytest.raises(IllegalTransition, match="allowed:") as raised:
            transition(state, move)
        assert "illegal_auth_transition" == raised.value.code

    def test_token_refreshed_only_ends_a_refresh(self) -> None:
        """TOKEN_REFRESHED is legal from REFRESHING and nowhere else."""
        assert [SessionState.REFRESHING] == [
            s for s in SessionState if AuthEvent.TOKEN_REFRESHED in legal_moves(s)
        ]

    def test_signed_out_always_leads_to_signed_out(self) -> None:
        """Wherever SIGNED_OUT is legal, it leads to the SIGNED_OUT state."""
        assert {SessionState.SIGNED_OUT} == {
            target for (_, move), target in TRANSITIONS.items() if move is AuthEvent.SIGNED_OUT
        }

    def test_initial_session_changes_nothing(self) -> None:
        """INITIAL_SESSION is legal only once settled, and leaves the state as it was."""
        settled = [s for s in SessionState if AuthEvent.INITIAL_SESSION in legal_moves(s)]
        assert [SessionState.SIGNED_OUT, SessionState.SIGNED_IN] == settled
        assert settled == [transition(s, AuthEvent.INITIAL_SESSION) for s in settled]

    def test_silent_moves_from_loading(self) -> None:
        """From LOADING, steps alone reach only SIGNED_OUT (storage empty)."""
        assert {SessionState.LOADING, SessionState.SIGNED_OUT} == states_reachable_silently(
            SessionState.LOADING
        )


class TestNeedsRefresh:
    @given(st.integers(min_value=-10_000, max_value=10_000))
    def test_refresh_inside_the_margin(self, seconds_left: int) -> None:
        """A session needs a refresh exactly when fewer than 90 s are left."""
        session = make_session(EPOCH)
        now = datetime.fromtimestamp(session.expires_at - seconds_left, UTC)
        assert (seconds_left < 90) == needs_refresh(session, now)

    def test_margin_is_ninety_seconds(self) -> None:
        """The margin is auth-js's: three 30 s ticks."""
        assert timedelta(seconds=90) == EXPIRY_MARGIN

    @given(st.integers(0, 7200), st.integers(0, 7200))
    def test_monotone_in_time(self, earlier: int, later_by: int) -> None:
        """Once a session needs a refresh it keeps needing one as time passes."""
        session = make_session(EPOCH)
        first = EPOCH + timedelta(seconds=earlier)
        if needs_refresh(session, first):
            assert needs_refresh(session, first + timedelta(seconds=later_by))


class TestRefreshBackoff:
    def test_first_values(self) -> None:
        """No wait before the first request, then 0.2, 0.4, 0.8 and 1.6 s."""
        assert [0.0, 0.2, 0.4, 0.8, 1.6] == [refresh_backoff(n) for n in range(5)]

    @given(st.integers(1, 60))
    def test_doubles(self, attempt: int) -> None:
        """Each retry waits twice as long as the one before."""
        assert 2 * refresh_backoff(attempt) == refresh_backoff(attempt + 1)

    def test_negative_attempt(self) -> None:
        """There is no attempt before the first."""
        with pytest.raises(ValueError):
            refresh_backoff(-1)

    def test_instant_answers_allow_eight_attempts(self) -> None:
        """With instant answers the 30 s budget allows exactly MAX_REFRESH_ATTEMPTS (8)."""
        attempts, elapsed = 1, 0.0
        while may_retry_refresh(attempts, timedelta(seconds=elapsed)):
            elapsed += refresh_backoff(attempts)
            attempts += 1
        assert (8, MAX_REFRESH_ATTEMPTS) == (attempts, attempts)
        assert pytest.approx(25.4) == elapsed

    @given(st.lists(st.floats(0, 20), min_size=MAX_REFRESH_ATTEMPTS, max_size=MAX_REFRESH_ATTEMPTS))
    def test_any_latency_stays_in_budget(self, latencies: list[float]) -> None:
        """Whatever each request takes, a refresh sends at most 8 requests and starts every one
        of them within the 30 s budget."""
        attempts, elapsed, starts = 1, 0.0, [0.0]
        while True:
            elapsed += latencies[attempts - 1]
            if not may_retry_refresh(attempts, timedelta(seconds=elapsed)):
                break
            elapsed += refresh_backoff(attempts)
            starts.append(elapsed)
            attempts += 1
        assert attempts <= MAX_REFRESH_ATTEMPTS
        assert all(start < REFRESH_RETRY_BUDGET.total_seconds() for start in starts)


class TestRetryable:
    @given(st.integers(500, 599))
    def test_server_faults_are_retryable(self, status: int) -> None:
        """Every 5xx may pass."""
        assert is_retryable(status)

    @given(st.integers(400, 499))
    def test_client_errors_are_final(self, status: int) -> None:
        """No 4xx is retried."""
        assert not is_retryable(status)

    @pytest.mark.parametrize("status", [None, 0])
    def test_no_answer_is_retryable(self, status: int | None) -> None:
        """A request that got no answer (network failure) may pass."""
        assert is_retryable(status)

    def test_reads_status_of_an_error(self) -> None:
        """An error carrying a status is judged by it."""

        @attrs.frozen
        class Failure:
            status: int | None

        assert (True, False, True) == (
            is_retryable(Failure(503)),
            is_retryable(Failure(400)),
            is_retryable(Failure(None)),
        )

    @pytest.mark.parametrize(
        ("status", "code", "expected"),
        [
            (403, "bad_jwt", True),
            (403, "session_not_found", True),
            (401, "user_not_found", True),
            (403, "session_expired", True),
            (400, "bad_jwt", False),
            (403, "insufficient_aal", False),
            (500, "session_not_found", False),
            (401, None, False),
        ],
    )
    def test_invalid_token_answers(self, status: int, code: str | None, expected: bool) -> None:
        """Only 401/403 with an invalid-token code means the stored session must go."""
        assert expected == is_invalid_token_answer(status, code)

    @pytest.mark.parametrize(
        ("status", "expected"), [(401, True), (403, True), (404, True), (400, False), (500, False)]
    )
    def test_sign_out_ignores(self, status: int, expected: bool) -> None:
        """Sign-out treats 401, 403 and 404 as done."""
        assert expected == sign_out_failure_ignored(status)


class TestAssuranceLevel:
    @given(
        st.sampled_from(["aal1", "aal2"]),
        st.lists(st.sampled_from(list(FactorStatus)), max_size=4),
    )
    def test_next_level(self, aal: str, statuses: list[FactorStatus]) -> None:
        """The current level is the aal claim; the next is aal2 exactly when a factor is
        verified, else the current one."""
        session = make_session(EPOCH, aal=aal, factors=tuple(factor(s) for s in statuses))
        levels = assurance_level(session)
        current = AssuranceLevel(aal)
        expected_next = AssuranceLevel.AAL2 if FactorStatus.VERIFIED in statuses else current
        assert (current, expected_next) == (levels.current_level, levels.next_level)

    def test_no_session(self) -> None:
        """Without a session both levels are None."""
        levels = assurance_level(None)
        assert (None, None) == (levels.current_level, levels.next_level)

    def test_methods_from_amr(self) -> None:
        """The authentication methods are read from the amr claim."""
        session = attrs.evolve(
            make_session(EPOCH),
            access_token=make_token(
                aal="aal2", amr=[{"method": "totp"}, {"method": "password", "timestamp": 1}]
            ),
        )
        assert ("totp", "password") == assurance_level(session).current_authentication_methods


class TestUrlSession:
    @given(st.integers(-600, 600))
    def test_too_old(self, age: int) -> None:
        """A URL session issued 120 s or more ago is too old; one from the future is skewed."""
        now = EPOCH
        issued_at = int(now.timestamp()) - age
        assert (age >= 120, age < 0) == (
            url_session_too_old(issued_at, now),
            url_session_from_future(issued_at, now),
        )

    def test_expires_soon(self) -> None:
        """A URL session with 30 s or less to live is warned about."""
        now = EPOCH
        base = int(now.timestamp())
        assert (True, False) == (
            url_session_expires_soon(base + 30, now),
            url_session_expires_soon(base + 31, now),
        )

    @pytest.mark.parametrize(
        ("text", "expected"),
        [
            ("#access_token=a&type=recovery", {"access_token": "a", "type": "recovery"}),
            ("?code=xyz", {"code": "xyz"}),
            ("access_token=a", {"access_token": "a"}),
            ("https://app.example/cb?x=1#x=2&y=3", {"x": "1", "y": "3"}),
            ("https://app.example/cb", {}),
        ],
    )
    def test_parse_url_params(self, text: str, expected: dict[str, str]) -> None:
        """Fragment and query parameters are read; the query wins a clash."""
        assert expected == parse_url_params(text)


class TestValueTypes:
    @given(
        st.dictionaries(
            st.text(min_size=1, max_size=8), st.integers() | st.text(max_size=8), max_size=5
        )
    )
    def test_token_claims_round_trip(self, claims: dict[str, Any]) -> None:
        """The claims of a JWT are read back as written."""
        assert claims == token_claims(make_token(**claims))

    @pytest.mark.parametrize("token", ["", "a.b", "a.!!!.c", f"a.{b64({'x': 1})[:-1]}x.c"])
    def test_malformed_tokens(self, token: str) -> None:
        """Anything but three parts with a JSON object in the middle is refused."""
        with pytest.raises(ValidationFailed):
            token_claims(token)

    def test_session_needs_both_tokens(self) -> None:
        """A session without tokens is refused, naming each missing one."""
        with pytest.raises(ValidationFailed) as raised:
            attrs.evolve(make_session(EPOCH), access_token="", refresh_token="")
        assert ["access_token", "refresh_token"] == [i.path for i in raised.value.issues]

    def test_repr_hides_tokens(self) -> None:
        """Tokens never appear in a session's repr, so logs do not leak them."""
        session = make_session(EPOCH)
        assert session.refresh_token not in repr(session)
        assert session.access_token not in repr(session)

    def test_issued_at(self) -> None:
        """A session was issued its lifetime before it expires."""
        session = make_session(EPOCH)
        assert int(EPOCH.timestamp()) == session.issued_at


class SessionModel(RuleBasedStateMachine):
    """The pure rules driven together with a fake clock, as the client uses them.

    It keeps one stored session, moves only through :func:`transition`, refreshes by
    :func:`needs_refresh`, retries by :func:`refresh_backoff` / :func:`may_retry_refresh`
    (advancing the clock by each wait) and removes the session on a final failure.
    """

    def __init__(self) -> None:
        super().__init__()
        self.now = EPOCH
        self.state = SessionState.LOADING
        self.stored: Session | None = None
        self.removed: set[str] = set()
        self.emitted: list[tuple[SessionState, AuthEvent, SessionState]] = []

    def move(self, move: Move) -> None:
        before = self.state
        self.state = transition(self.state, move)
        if isinstance(move, AuthEvent):
            self.emitted.append((before, move, self.state))

    def remove(self) -> None:
        assert self.stored is not None
        self.removed |= {self.stored.access_token, self.stored.refresh_token}
        self.stored = None
        self.move(AuthEvent.SIGNED_OUT)

    @initialize(had_session=st.booleans())
    def load(self, had_session: bool) -> None:
        if had_session:
            self.stored = make_session(self.now)
            self.move(AuthEvent.SIGNED_IN)
        else:
            self.move(SessionStep.STORAGE_EMPTY)

    @rule(seconds=st.integers(0, 4000))
    def time_passes(self, seconds: int) -> None:
        self.now += timedelta(seconds=seconds)

    @rule()
    def subscribe(self) -> None:
        self.move(AuthEvent.INITIAL_SESSION)

    @rule(recovery=st.booleans())
    def sign_in(self, recovery: bool) -> None:
        self.stored = make_session(self.now)
        self.move(AuthEvent.PASSWORD_RECOVERY if recovery else AuthEvent.SIGNED_IN)

    @precondition(lambda self: self.state is SessionState.SIGNED_IN)
    @rule(failures=st.integers(0, 10), final=st.booleans())
    def use(self, failures: int, final: bool) -> None:
        """Use the session, refreshing first when it is near expiry; ``failures`` retryable
        failures come first, then a final refusal or a success."""
        assert self.stored is not None
        if needs_refresh(self.stored, self.now):
            self.move(SessionStep.REFRESH_STARTED)
            started, attempts = self.now, 1
            while failures and may_retry_refresh(attempts, self.now - started):
                failures -= 1
                self.now += timedelta(seconds=refresh_backoff(attempts))
                attempts += 1
            if failures:
                self.move(SessionStep.REFRESH_POSTPONED)  # retries exhausted: keep it
                return
            if final:
                self.remove()
                return
            self.stored = make_session(self.now)
            self.move(AuthEvent.TOKEN_REFRESHED)
        assert self.stored.access_token not in self.removed
        assert self.stored.expires_at - self.now.timestamp() >= EXPIRY_MARGIN.total_seconds()

    @precondition(lambda self: self.state is SessionState.SIGNED_IN)
    @rule(event=st.sampled_from([AuthEvent.USER_UPDATED, AuthEvent.MFA_CHALLENGE_VERIFIED]))
    def change_user(self, event: AuthEvent) -> None:
        self.move(event)

    @precondition(lambda self: self.state is SessionState.SIGNED_IN)
    @rule()
    def sign_out(self) -> None:
        self.remove()

    @rule(move=dst.session_moves())
    def illegal_moves_change_nothing(self, move: Move) -> None:
        if (self.state, move) not in TRANSITIONS:
            before = self.state
            with pytest.raises(IllegalTransition):
                transition(self.state, move)
            assert before == self.state

    @invariant()
    def settled_between_calls(self) -> None:
        assert self.state in (SessionState.SIGNED_IN, SessionState.SIGNED_OUT)

    @invariant()
    def signed_out_leaves_no_session(self) -> None:
        assert (self.state is SessionState.SIGNED_OUT) == (self.stored is None)

    @invariant()
    def removed_session_never_returns(self) -> None:
        if self.stored is not None:
            assert not {self.stored.access_token, self.stored.refresh_token} & self.removed

    @invariant()
    def events_follow_legal_transitions(self) -> None:
        for before, event, after in self.emitted:
            assert TRANSITIONS[(before, event)] == after


class TestSessionModel(SessionModel.TestCase):
    """The session rules compose: sessions refresh before use, removed ones never return."""

    settings = settings(stateful_step_count=30)
