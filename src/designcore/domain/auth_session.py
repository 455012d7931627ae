"""The hosted-authentication session: its value types, its state machine and its rules.

Spec sections 3 (Authentication session), 4 (Hosted authentication session events) and 9
(Hosted authentication constants). The auth service speaks the Supabase Auth (GoTrue) HTTP API,
so where the spec is silent the rules follow the official JavaScript client, ``@supabase/auth-js``
(``GoTrueClient``); each constant names the place it comes from. Nothing here does I/O or reads a
clock: every rule that depends on time takes ``now``.
"""

from __future__ import annotations

import base64
import binascii
import enum
import json
from collections.abc import Iterable, Mapping
from datetime import datetime, timedelta
from types import MappingProxyType
from typing import Any, Final, Protocol
from urllib.parse import parse_qsl, urlsplit

import attrs

from designcore.domain.errors import FieldIssue, IllegalTransition, ValidationFailed

# --- constants ---------------------------------------------------------------------------------

AUTO_REFRESH_TICK: Final = timedelta(seconds=30)
"""How often auth-js checks whether the session needs a refresh (``AUTO_REFRESH_TICK_DURATION_MS``
in ``src/lib/constants.ts``). The spec leaves the tick "not shown"; this client has no background
ticker, but the tick still sizes the expiry margin and the refresh retry budget below."""

AUTO_REFRESH_TICK_THRESHOLD: Final = 3
"""How many ticks before expiry auth-js refreshes (``AUTO_REFRESH_TICK_THRESHOLD``)."""

EXPIRY_MARGIN: Final = AUTO_REFRESH_TICK * AUTO_REFRESH_TICK_THRESHOLD
"""A session this close to expiry counts as expired and is refreshed first: 90 s.

auth-js ``src/lib/constants.ts``: ``EXPIRY_MARGIN_MS = AUTO_REFRESH_TICK_THRESHOLD *
AUTO_REFRESH_TICK_DURATION_MS`` (3 * 30 s), used by ``GoTrueClient.__loadSession``; the Supabase
sessions guide (https://supabase.com/docs/guides/auth/sessions) says the client libraries "always
try to refresh the session ahead of time". The margin keeps a token from expiring on its way to
the server."""

REFRESH_BACKOFF_BASE_SECONDS: Final = 0.2
"""The wait before the first refresh retry; each further retry doubles it (spec section 9:
"Refresh retry backoff: 200 ms, doubling per attempt"; auth-js ``_refreshAccessToken`` sleeps
``200 * 2 ** (attempt - 1)`` ms)."""

REFRESH_RETRY_BUDGET: Final = AUTO_REFRESH_TICK
"""Retries stop when the next request could not start within this long of the first one.

auth-js ``_refreshAccessToken`` retries "only if the request can be sent before the backoff
overflows the tick duration" (30 s)."""

MAX_REFRESH_ATTEMPTS: Final = 8
"""The most refresh requests one refresh sends: the first and seven retries.

It is the count the 30 s budget allows when every answer is instant: the waits 0.2 + 0.4 + … +
12.8 s add up to 25.4 s, and an eighth retry would wait 25.6 s more. Slow answers use the budget
up sooner; the cap keeps a clock that never moves (as in tests) from retrying for ever."""

URL_SESSION_MAX_AGE: Final = timedelta(seconds=120)
"""A session read from a redirect URL that was issued this long ago or more is suspicious: the
URL may be stale (spec section 9; auth-js ``_getSessionFromURL`` warns at ``>= 120`` s)."""

URL_SESSION_MIN_LIFETIME: Final = AUTO_REFRESH_TICK
"""A session read from a URL that expires within one tick is warned about (auth-js
``_getSessionFromURL``: "Session as retrieved from URL expires in …s")."""

JWKS_CACHE_LIFETIME: Final = timedelta(minutes=10)
"""How long fetched signing keys are trusted before the key set is fetched again. The spec leaves
it "not shown"; auth-js ``JWKS_TTL`` is 10 minutes."""

INVALID_TOKEN_CODES: Final = frozenset(
    {"bad_jwt", "session_not_found", "session_expired", "user_not_found"}
)
"""Error codes (from auth-js ``src/lib/error-codes.ts``) which, on a 401 or 403 answer to a user
fetch, mean the stored access token can never work again, so the session is removed."""

SIGN_OUT_IGNORED_STATUSES: Final = frozenset({401, 403, 404})
"""Sign-out answers that still count as signed out (spec section 7; auth-js ``_signOut``: the
user may no longer exist, and an invalid or expired token should still end the local session)."""

SIGN_OUT_SCOPES: Final = ("global", "local", "others")
"""The sign-out scopes: every session of the user, this one, or every other one."""


# --- the state machine -------------------------------------------------------------------------


class AuthEvent(enum.Enum):
    """What subscribers to the session are told (spec section 4; auth-js ``AuthChangeEvent``)."""

    INITIAL_SESSION = "INITIAL_SESSION"
    """Sent once to each new subscriber, with the session as it stands then."""
    SIGNED_IN = "SIGNED_IN"
    """A session was created, restored from storage, or re-established."""
    SIGNED_OUT = "SIGNED_OUT"
    """The stored session was removed."""
    TOKEN_REFRESHED = "TOKEN_REFRESHED"
    """A refresh token was exchanged for a new access and refresh token."""
    USER_UPDATED = "USER_UPDATED"
    """The signed-in user's attributes changed."""
    PASSWORD_RECOVERY = "PASSWORD_RECOVERY"
    """A session arrived from a password-recovery link; the user should choose a new password."""
    MFA_CHALLENGE_VERIFIED = "MFA_CHALLENGE_VERIFIED"
    """A second factor was verified and the session was replaced by an ``aal2`` one."""


class SessionStep(enum.Enum):
    """A move of the state machine that subscribers are not told about."""

    STORAGE_EMPTY = "storage_empty"
    """Loading found no stored session."""
    REFRESH_STARTED = "refresh_started"
    """A refresh request is on its way."""
    REFRESH_POSTPONED = "refresh_postponed"
    """A refresh failed in a way that may pass (network, 5xx); the session is kept as it was."""


class SessionState(enum.Enum):
    """Where the client's session stands."""

    LOADING = "loading"
    """Storage has not been read yet; no subscriber has been told anything."""
    SIGNED_OUT = "signed_out"
    """No session is stored."""
    SIGNED_IN = "signed_in"
    """A session is stored."""
    REFRESHING = "refreshing"
    """A session is stored and a refresh of it is under way."""


Move = AuthEvent | SessionStep
"""Anything :func:`transition` accepts."""

_S = SessionState
_E = AuthEvent

TRANSITIONS: Final[Mapping[tuple[SessionState, Move], SessionState]] = MappingProxyType(
    {
        # Loading: storage answers with a session, with nothing, or with something unusable.
        (_S.LOADING, _E.SIGNED_IN): _S.SIGNED_IN,
        (_S.LOADING, SessionStep.STORAGE_EMPTY): _S.SIGNED_OUT,
        (_S.LOADING, _E.SIGNED_OUT): _S.SIGNED_OUT,
        # Signed out: only a new session leads anywhere.
        (_S.SIGNED_OUT, _E.INITIAL_SESSION): _S.SIGNED_OUT,
        (_S.SIGNED_OUT, _E.SIGNED_IN): _S.SIGNED_IN,
        (_S.SIGNED_OUT, _E.PASSWORD_RECOVERY): _S.SIGNED_IN,
        # Signed in.
        (_S.SIGNED_IN, _E.INITIAL_SESSION): _S.SIGNED_IN,
        (_S.SIGNED_IN, _E.SIGNED_IN): _S.SIGNED_IN,
        (_S.SIGNED_IN, _E.PASSWORD_RECOVERY): _S.SIGNED_IN,
        (_S.SIGNED_IN, _E.USER_UPDATED): _S.SIGNED_IN,
        (_S.SIGNED_IN, _E.MFA_CHALLENGE_VERIFIED): _S.SIGNED_IN,
        (_S.SIGNED_IN, _E.SIGNED_OUT): _S.SIGNED_OUT,
        (_S.SIGNED_IN, SessionStep.REFRESH_STARTED): _S.REFRESHING,
        # Refreshing ends in a new session, the old one kept, or no session.
        (_S.REFRESHING, _E.TOKEN_REFRESHED): _S.SIGNED_IN,
        (_S.REFRESHING, SessionStep.REFRESH_POSTPONED): _S.SIGNED_IN,
        (_S.REFRESHING, _E.SIGNED_OUT): _S.SIGNED_OUT,
    }
)
"""Every legal move: ``(state, move) → next state``. Anything missing is illegal."""


def transition(state: SessionState, move: Move) -> SessionState:
    """The state after ``move``; raises :class:`IllegalTransition` for a move the table lacks."""
    try:
        return TRANSITIONS[(state, move)]
    except KeyError:
        allowed = sorted(m.value for (s, m) in TRANSITIONS if s is state)
        raise IllegalTransition(
            f"{move.value} is not allowed while the session is {state.value}; "
            f"allowed: {', '.join(allowed)}",
            code="illegal_auth_transition",
        ) from None


def legal_moves(state: SessionState) -> frozenset[Move]:
    """The moves :func:`transition` accepts from ``state``."""
    return frozenset(m for (s, m) in TRANSITIONS if s is state)


# --- value types -------------------------------------------------------------------------------


def _frozen_mapping(value: Mapping[str, Any] | None) -> Mapping[str, Any]:
    return MappingProxyType(dict(value or {}))


class FactorType(enum.Enum):
    """The kind of a second factor."""

    TOTP = "totp"
    """A time-based one-time password app."""
    PHONE = "phone"
    """A code sent by SMS or WhatsApp."""
    WEBAUTHN = "webauthn"
    """A security key. Not in the spec, but the Auth API may answer it (auth-js ``FactorType``)."""


class FactorStatus(enum.Enum):
    """Whether a factor has been proven once."""

    VERIFIED = "verified"
    """Proven: it counts towards ``aal2``."""
    UNVERIFIED = "unverified"
    """Enrolled but never verified."""


class AssuranceLevel(enum.Enum):
    """Authenticator assurance level (NIST SP 800-63B), as the ``aal`` claim states it."""

    AAL1 = "aal1"
    """One factor (a password, a link, an OAuth provider)."""
    AAL2 = "aal2"
    """Two factors."""


@attrs.frozen
class Factor:
    """A second factor enrolled for a user."""

    id: str
    """The factor's id."""
    factor_type: FactorType
    """TOTP or phone."""
    status: FactorStatus
    """Verified or not."""
    friendly_name: str | None = None
    """The name the user gave it."""
    phone: str | None = None
    """The phone number, for phone factors."""
    created_at: datetime | None = None
    """When it was enrolled."""
    updated_at: datetime | None = None
    """When it last changed."""

    @property
    def verified(self) -> bool:
        """Whether the factor has been verified."""
        return self.status is FactorStatus.VERIFIED


@attrs.frozen
class Identity:
    """A way the user signs in (email, an OAuth provider), linked to the user."""

    identity_id: str
    """The identity's own id."""
    id: str
    """The user's id at the provider (for ``email``, the user id)."""
    user_id: str
    """The user it belongs to."""
    provider: str
    """``email``, ``google``, …"""
    identity_data: Mapping[str, Any] = attrs.field(
        factory=dict, converter=_frozen_mapping, hash=False
    )
    """What the provider said about the user."""
    created_at: datetime | None = None
    """When it was linked."""
    last_sign_in_at: datetime | None = None
    """When it was last used to sign in."""
    updated_at: datetime | None = None
    """When it last changed."""


@attrs.frozen
class AuthUser:
    """The signed-in user, as the Auth API describes them."""

    id: str
    """The user's id (a UUID)."""
    aud: str = "authenticated"
    """The audience of the user's tokens."""
    role: str = "authenticated"
    """The database role of the user's tokens."""
    email: str | None = None
    """The user's email address."""
    email_confirmed_at: datetime | None = None
    """When the email address was confirmed; ``None`` while unconfirmed."""
    phone: str = ""
    """The user's phone number, or an empty string."""
    app_metadata: Mapping[str, Any] = attrs.field(
        factory=dict, converter=_frozen_mapping, hash=False
    )
    """Metadata only the service writes (``provider``, ``providers``)."""
    user_metadata: Mapping[str, Any] = attrs.field(
        factory=dict, converter=_frozen_mapping, hash=False
    )
    """Metadata the user may write (the ``data`` of sign-up and update)."""
    identities: tuple[Identity, ...] = ()
    """The ways the user signs in."""
    factors: tuple[Factor, ...] = ()
    """The user's second factors."""
    created_at: datetime | None = None
    """When the user signed up."""
    updated_at: datetime | None = None
    """When the user last changed."""
    last_sign_in_at: datetime | None = None
    """When the user last signed in."""

    @property
    def verified_factors(self) -> tuple[Factor, ...]:
        """The factors that have been verified."""
        return tuple(factor for factor in self.factors if factor.verified)


@attrs.frozen
class Session:
    """An authentication session: the tokens and the user they belong to (spec section 3)."""

    access_token: str = attrs.field(repr=False)
    """The JWT sent as ``Authorization: Bearer``; short-lived."""
    refresh_token: str = attrs.field(repr=False)
    """The one-use token that buys the next access token."""
    expires_at: int
    """When the access token expires, in seconds since the Unix epoch."""
    expires_in: int
    """The access token's lifetime in seconds, as issued."""
    user: AuthUser
    """Who the session belongs to."""
    token_type: str = "bearer"
    """Always ``bearer``."""

    def __attrs_post_init__(self) -> None:
        issues = [
            FieldIssue(name, "a non-empty token")
            for name, value in (
                ("access_token", self.access_token),
                ("refresh_token", self.refresh_token),
            )
            if not value
        ]
        if issues:
            # Spec section 5: "Setting a session needs both an access token and a refresh token."
            raise ValidationFailed(issues)

    @property
    def issued_at(self) -> int:
        """When the access token was issued, in seconds since the Unix epoch."""
        return self.expires_at - self.expires_in


@attrs.frozen
class AssuranceLevels:
    """Where a session's assurance stands and where it can go."""

    current_level: AssuranceLevel | None
    """The level of the access token (its ``aal`` claim); ``None`` without a session or claim."""
    next_level: AssuranceLevel | None
    """The level the user can reach: ``aal2`` once they have a verified factor."""
    current_authentication_methods: tuple[str, ...] = ()
    """How this session was authenticated (the ``method`` of each ``amr`` claim entry)."""


# --- rules -------------------------------------------------------------------------------------


def expires_at_from(expires_in: int, now: datetime) -> int:
    """The expiry time of a token that lives ``expires_in`` seconds from ``now``, in epoch
    seconds (auth-js ``expiresAt``)."""
    return round(now.timestamp()) + expires_in


def needs_refresh(session: Session, now: datetime, margin: timedelta = EXPIRY_MARGIN) -> bool:
    """Whether the session must be refreshed before use: it expires within ``margin`` of
    ``now`` (or already has)."""
    return session.expires_at - now.timestamp() < margin.total_seconds()


def refresh_backoff(attempt: int) -> float:
    """Seconds to wait before refresh request number ``attempt``.

    Attempt 0 is the first request (no wait); attempt 1 is the first retry (0.2 s) and each
    retry after it waits twice as long: 0.2, 0.4, 0.8, …
    """
    if attempt < 0:
        raise ValueError(f"attempt must be 0 or more, got {attempt}")
    if attempt == 0:
        return 0.0
    return REFRESH_BACKOFF_BASE_SECONDS * (1 << (attempt - 1))


def may_retry_refresh(attempts_made: int, elapsed: timedelta) -> bool:
    """Whether a refresh that failed in a retryable way after ``attempts_made`` requests, started
    ``elapsed`` ago, may send another one: fewer than :data:`MAX_REFRESH_ATTEMPTS` were sent, and
    the next one can start inside :data:`REFRESH_RETRY_BUDGET`."""
    if attempts_made < 1:
        raise ValueError(f"attempts_made must be 1 or more, got {attempts_made}")
    next_start = elapsed.total_seconds() + refresh_backoff(attempts_made)
    return (
        attempts_made < MAX_REFRESH_ATTEMPTS and next_start < REFRESH_RETRY_BUDGET.total_seconds()
    )


class HasStatus(Protocol):
    """Anything that carries an HTTP status (``None`` when no answer arrived)."""

    @property
    def status(self) -> int | None:
        """The HTTP status, or ``None`` when there was no answer."""
        ...


def is_retryable(failure: int | HasStatus | None) -> bool:
    """Whether a failed call may succeed if sent again: no answer at all (``None`` or status 0:
    network failure, timeout) or a 5xx answer. Every 4xx is final.

    auth-js retries only 502, 503 and 504 and treats any other 5xx as final, which signs the user
    out when a refresh meets a server fault; designcore retries every 5xx instead, because a
    server fault says nothing about the refresh token.
    """
    status = failure if failure is None or isinstance(failure, int) else failure.status
    return status is None or status == 0 or 500 <= status <= 599


def is_invalid_token_answer(status: int | None, code: str | None) -> bool:
    """Whether an answer to a user fetch says the access token can never work again (a 401 or
    403 with a code from :data:`INVALID_TOKEN_CODES`), so the stored session must go."""
    return status in (401, 403) and code in INVALID_TOKEN_CODES


def sign_out_failure_ignored(status: int | None) -> bool:
    """Whether a failed sign-out call still ends the local session (401, 403, 404)."""
    return status in SIGN_OUT_IGNORED_STATUSES


def token_claims(token: str) -> dict[str, Any]:
    """The claims of a JWT, read without checking its signature.

    Raises :class:`ValidationFailed` when ``token`` is not three base64url parts whose middle
    part is a JSON object.
    """
    parts = token.split(".")
    if len(parts) == 3:
        payload = parts[1]
        try:
            decoded = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
            claims = json.loads(decoded)
        except (binascii.Error, ValueError):
            claims = None
        if isinstance(claims, dict):
            return claims
    raise ValidationFailed(
        [FieldIssue("access_token", "a JWT: three base64url parts, the middle one a JSON object")]
    )


def _level(value: object) -> AssuranceLevel | None:
    try:
        return AssuranceLevel(value)
    except ValueError:
        return None


def _methods(amr: object) -> tuple[str, ...]:
    if not isinstance(amr, list):
        return ()
    found: list[str] = []
    for entry in amr:
        method = entry.get("method") if isinstance(entry, dict) else entry
        if isinstance(method, str):
            found.append(method)
    return tuple(found)


def assurance_level(session: Session | None) -> AssuranceLevels:
    """The session's current assurance level and the next one it can reach.

    The current level is the access token's ``aal`` claim. The next level is ``aal2`` when the
    user has a verified factor (spec section 4), otherwise the current level (auth-js
    ``_getAuthenticatorAssuranceLevel``). Without a session both are ``None``.
    """
    if session is None:
        return AssuranceLevels(current_level=None, next_level=None)
    claims = token_claims(session.access_token)
    current = _level(claims.get("aal"))
    next_level = AssuranceLevel.AAL2 if session.user.verified_factors else current
    return AssuranceLevels(
        current_level=current,
        next_level=next_level,
        current_authentication_methods=_methods(claims.get("amr")),
    )


def url_session_too_old(issued_at: int, now: datetime) -> bool:
    """Whether a session read from a URL was issued :data:`URL_SESSION_MAX_AGE` (120 s) or more
    before ``now``, so the URL may be stale and a warning is due."""
    return now.timestamp() - issued_at >= URL_SESSION_MAX_AGE.total_seconds()


def url_session_from_future(issued_at: int, now: datetime) -> bool:
    """Whether a session read from a URL claims to be issued after ``now`` (clock skew)."""
    return now.timestamp() - issued_at < 0


def url_session_expires_soon(expires_at: int, now: datetime) -> bool:
    """Whether a session read from a URL expires within :data:`URL_SESSION_MIN_LIFETIME`."""
    return expires_at - now.timestamp() <= URL_SESSION_MIN_LIFETIME.total_seconds()


def parse_url_params(url_or_fragment: str) -> dict[str, str]:
    """The parameters of a redirect: the fragment's, then the query's (the query wins, as in
    auth-js ``parseParametersFromURL``).

    Accepts a whole URL, a bare fragment (``#access_token=…``) or a bare query (``?code=…``).
    """
    text = url_or_fragment.strip()
    if "://" not in text:
        return dict(parse_qsl(text.lstrip("#?"), keep_blank_values=True))
    parts = urlsplit(text)
    params = dict(parse_qsl(parts.fragment, keep_blank_values=True))
    params.update(parse_qsl(parts.query, keep_blank_values=True))
    return params


def states_reachable_silently(state: SessionState) -> frozenset[SessionState]:
    """The states reachable from ``state`` by :class:`SessionStep` moves alone (``state``
    included): what a subscriber may not have been told about between two events."""
    seen = {state}
    frontier: Iterable[SessionState] = (state,)
    while frontier:
        found = {
            TRANSITIONS[(s, m)]
            for s in frontier
            for m in legal_moves(s)
            if isinstance(m, SessionStep) and TRANSITIONS[(s, m)] not in seen
        }
        seen |= found
        frontier = found
    return frozenset(seen)
