"""The auth client: sessions against designcore's auth service (Supabase Auth compatible).

It behaves like the official JavaScript client, ``@supabase/auth-js`` (``GoTrueClient``), with
the differences written down in ``docs/client.md``. It is synchronous and runs no background
thread: a session is refreshed when it is asked for and is within the expiry margin. The rules
(when to refresh, how long to wait, what may be retried) are the domain's
(``designcore.domain.auth_session``); this module does the I/O around them.
"""

from __future__ import annotations

import itertools
import json
import logging
import threading
import time
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from typing import Any, Final
from urllib.parse import quote

import attrs
import httpx
import jwt as pyjwt

from designcore.client.convert import (
    has_session,
    session_from_json,
    session_to_json,
    user_from_json,
)
from designcore.client.errors import (
    AuthError,
    AuthImplicitGrantRedirectError,
    AuthInvalidCredentialsError,
    AuthInvalidJwtError,
    AuthInvalidTokenResponseError,
    AuthSessionMissingError,
    AuthUnknownError,
    warn_url_session,
)
from designcore.client.results import (
    AuthStateCallback,
    MfaChallenge,
    MfaEnrollment,
    SignUpResult,
    TotpSetup,
)
from designcore.client.storage import InMemorySessionStorage, SessionStorage
from designcore.client.transport import AuthTransport
from designcore.domain.auth_session import (
    JWKS_CACHE_LIFETIME,
    SIGN_OUT_SCOPES,
    AssuranceLevels,
    AuthEvent,
    AuthUser,
    Factor,
    FactorType,
    Session,
    SessionState,
    SessionStep,
    assurance_level,
    expires_at_from,
    is_invalid_token_answer,
    may_retry_refresh,
    needs_refresh,
    parse_url_params,
    refresh_backoff,
    sign_out_failure_ignored,
    token_claims,
    transition,
    url_session_expires_soon,
    url_session_from_future,
    url_session_too_old,
)
from designcore.domain.errors import FieldIssue, ValidationFailed
from designcore.ports.clock import Clock

logger = logging.getLogger(__name__)

DEFAULT_STORAGE_KEY: Final = "designcore.auth.token"
"""The storage key of the session unless another is given."""

ASYMMETRIC_ALGORITHMS: Final = frozenset(
    {"RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA"}
)
"""JWT algorithms whose signatures the client checks itself against the JWKS; tokens signed
with a shared secret (``HS*``) or without a ``kid`` are checked by asking the service."""


class _UtcClock:
    """The real time in UTC."""

    def now(self) -> datetime:
        """The current time."""
        return datetime.now(UTC)


def _captcha(captcha_token: str | None) -> dict[str, Any]:
    if captcha_token is None:
        return {}
    return {"gotrue_meta_security": {"captcha_token": captcha_token}}


def _redirect(redirect_to: str | None) -> dict[str, str] | None:
    return {"redirect_to": redirect_to} if redirect_to else None


def _user_answer(answer: object) -> AuthUser:
    if isinstance(answer, Mapping) and isinstance(answer.get("user"), Mapping):
        return user_from_json(answer["user"])
    return user_from_json(answer)


def _factor_path(factor_id: str, *rest: str) -> str:
    return "/".join(("/factors", quote(factor_id, safe=""), *rest))


class AuthClient:
    """A client of the auth service for one user's session.

    ``http`` is an ``httpx.Client`` whose ``base_url`` is the service root (for example
    ``https://designcore.example/auth/v1``); pointing it elsewhere is all it takes to talk to
    another server. ``clock`` is any object with ``now() -> datetime`` (aware, UTC); ``sleep`` is
    what waits between refresh retries. Every method is safe to call from several threads; a
    subscriber may call the client again from inside its callback.
    """

    def __init__(
        self,
        http: httpx.Client,
        *,
        api_key: str,
        storage: SessionStorage | None = None,
        storage_key: str = DEFAULT_STORAGE_KEY,
        clock: Clock | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self._transport = AuthTransport(http, api_key)
        self._storage: SessionStorage = storage if storage is not None else InMemorySessionStorage()
        self._storage_key = storage_key
        self._clock: Clock = clock if clock is not None else _UtcClock()
        self._sleep = sleep
        self._state = SessionState.LOADING
        self._subscribers: dict[int, AuthStateCallback] = {}
        self._subscriber_ids = itertools.count(1)
        self._lock = threading.RLock()
        self._jwks: tuple[list[dict[str, Any]], datetime] | None = None

    # --- state and events ----------------------------------------------------------------------

    @property
    def state(self) -> SessionState:
        """Where the session stands (``LOADING`` until the first call reads the storage)."""
        return self._state

    def on_auth_state_change(self, callback: AuthStateCallback) -> Callable[[], None]:
        """Subscribe to session events; answers a function that unsubscribes.

        The subscriber first receives ``INITIAL_SESSION`` with the current session (refreshed
        first if it was close to expiry; ``None`` when signed out or when that refresh failed),
        then every later event. An exception raised by a callback is logged, not passed on.
        """
        with self._lock:
            self._initialize()
            try:
                session = self._current_session()
            except AuthError:
                logger.warning("could not load the session for a new subscriber", exc_info=True)
                session = None
            subscriber_id = next(self._subscriber_ids)
            self._subscribers[subscriber_id] = callback
            self._state = transition(self._state, AuthEvent.INITIAL_SESSION)
            self._deliver(callback, AuthEvent.INITIAL_SESSION, session)

        def unsubscribe() -> None:
            with self._lock:
                self._subscribers.pop(subscriber_id, None)

        return unsubscribe

    # --- sessions ------------------------------------------------------------------------------

    def get_session(self) -> Session | None:
        """The stored session, refreshed first when it expires within the expiry margin;
        ``None`` when signed out.

        Raises :class:`AuthRetryableFetchError` when a needed refresh could not get through (the
        session is kept), or the refresh's error when the service refused it (the session is
        removed and ``SIGNED_OUT`` sent).
        """
        with self._lock:
            return self._current_session()

    def refresh_session(self) -> Session:
        """Exchange the stored session's refresh token for a new session now, whatever its
        expiry; raises :class:`AuthSessionMissingError` when signed out."""
        with self._lock:
            self._initialize()
            session = self._read_stored()
            if session is None:
                raise AuthSessionMissingError()
            return self._call_refresh(session.refresh_token)

    def set_session(self, access_token: str, refresh_token: str) -> Session:
        """Adopt a session obtained elsewhere and send ``SIGNED_IN``.

        A live access token is checked by fetching its user; an expired one is refreshed first.
        Both tokens are needed (spec section 5).
        """
        if not access_token or not refresh_token:
            raise AuthSessionMissingError()
        with self._lock:
            self._initialize()
            now = self._clock.now()
            exp = self._claims(access_token).get("exp")
            if isinstance(exp, int | float) and exp > now.timestamp():
                user = _user_answer(self._transport.request("GET", "/user", jwt=access_token))
                session = Session(
                    access_token=access_token,
                    refresh_token=refresh_token,
                    expires_at=int(exp),
                    expires_in=int(exp) - round(now.timestamp()),
                    user=user,
                )
            else:
                session = session_from_json(self._refresh_with_backoff(refresh_token), now)
            self._save(session)
            self._emit(AuthEvent.SIGNED_IN, session)
            return session

    def session_from_url(self, url_or_fragment: str) -> Session:
        """Adopt the session a redirect brought (the implicit flow), and send ``SIGNED_IN``, or
        ``PASSWORD_RECOVERY`` for a recovery link.

        Accepts the whole URL or its fragment. Warns (:class:`AuthUrlSessionWarning`) when the
        session was issued 120 s ago or more, claims to come from the future, or is about to
        expire. Raises :class:`AuthImplicitGrantRedirectError` when the URL carries an error, is
        a PKCE callback, or has no session.
        """
        params = parse_url_params(url_or_fragment)
        if params.get("error") or params.get("error_description") or params.get("error_code"):
            raise AuthImplicitGrantRedirectError(
                params.get("error_description")
                or "Error in URL with unspecified error_description",
                {
                    "error": params.get("error") or "unspecified_error",
                    "code": params.get("error_code") or "unspecified_code",
                },
            )
        if params.get("code") and not params.get("access_token"):
            raise AuthImplicitGrantRedirectError("Not a valid implicit grant flow url.")
        access_token = params.get("access_token")
        refresh_token = params.get("refresh_token")
        if not (access_token and refresh_token and params.get("token_type")):
            raise AuthImplicitGrantRedirectError("No session defined in URL")
        now = self._clock.now()
        try:
            expires_in = int(params["expires_in"])
            expires_at = (
                int(params["expires_at"])
                if params.get("expires_at")
                else expires_at_from(expires_in, now)
            )
        except (KeyError, ValueError):
            raise AuthImplicitGrantRedirectError("No session defined in URL") from None
        issued_at = expires_at - expires_in
        if url_session_expires_soon(expires_at, now):
            warn_url_session(
                f"Session as retrieved from URL expires in {expires_at - round(now.timestamp())}s,"
                f" should have been closer to {expires_in}s"
            )
        if url_session_too_old(issued_at, now):
            warn_url_session(
                "Session as retrieved from URL was issued over 120s ago, URL could be stale"
                f" (issued at {issued_at}, expires at {expires_at}, now {round(now.timestamp())})"
            )
        elif url_session_from_future(issued_at, now):
            warn_url_session(
                "Session as retrieved from URL was issued in the future? Check the device clock"
                f" for skew (issued at {issued_at}, now {round(now.timestamp())})"
            )
        user = _user_answer(self._transport.request("GET", "/user", jwt=access_token))
        session = Session(
            access_token=access_token,
            refresh_token=refresh_token,
            expires_at=expires_at,
            expires_in=expires_in,
            token_type=params["token_type"],
            user=user,
        )
        recovery = params.get("type") == "recovery"
        with self._lock:
            self._initialize()
            self._save(session)
            self._emit(AuthEvent.PASSWORD_RECOVERY if recovery else AuthEvent.SIGNED_IN, session)
        return session

    # --- sign-up, sign-in, sign-out ------------------------------------------------------------

    def sign_up(
        self,
        email: str,
        password: str,
        *,
        data: Mapping[str, Any] | None = None,
        redirect_to: str | None = None,
        captcha_token: str | None = None,
    ) -> SignUpResult:
        """Create a user; when the service confirms at once, store the session and send
        ``SIGNED_IN``. ``data`` becomes the user's metadata."""
        answer = self._transport.request(
            "POST",
            "/signup",
            query=_redirect(redirect_to),
            body={
                "email": email,
                "password": password,
                "data": dict(data or {}),
                **_captcha(captcha_token),
            },
        )
        if not has_session(answer):
            return SignUpResult(user=_user_answer(answer), session=None)
        session = session_from_json(answer, self._clock.now())
        with self._lock:
            self._initialize()
            self._save(session)
            self._emit(AuthEvent.SIGNED_IN, session)
        return SignUpResult(user=session.user, session=session)

    def sign_in_with_password(
        self, email: str, password: str, *, captcha_token: str | None = None
    ) -> Session:
        """Sign in with email and password, store the session and send ``SIGNED_IN``."""
        answer = self._transport.request(
            "POST",
            "/token",
            query={"grant_type": "password"},
            body={"email": email, "password": password, **_captcha(captcha_token)},
        )
        session = session_from_json(answer, self._clock.now())
        with self._lock:
            self._initialize()
            self._save(session)
            self._emit(AuthEvent.SIGNED_IN, session)
        return session

    def sign_out(self, scope: str = "global") -> None:
        """Sign out: end the session at the service, then remove it here and send
        ``SIGNED_OUT``.

        ``scope`` is ``global`` (every session of the user), ``local`` (this one) or ``others``
        (every other one; this session stays and nothing is sent). Answers 401, 403 and 404 are
        ignored: the session is over either way. Without a session this does nothing.
        """
        if scope not in SIGN_OUT_SCOPES:
            raise ValueError(f"scope must be one of {', '.join(SIGN_OUT_SCOPES)}, got {scope!r}")
        with self._lock:
            try:
                session = self._current_session()
            except AuthError as error:
                if error.retryable:
                    raise
                session = None  # the refresh was refused for good: the session is already gone
            if session is None:
                return
            try:
                self._transport.request(
                    "POST", "/logout", jwt=session.access_token, query={"scope": scope}
                )
            except AuthError as error:
                if error.retryable or not sign_out_failure_ignored(error.status):
                    raise
            if scope != "others":
                self._remove_session()

    def reset_password_for_email(
        self, email: str, *, redirect_to: str | None = None, captcha_token: str | None = None
    ) -> None:
        """Ask the service to email a password-recovery link."""
        self._transport.request(
            "POST",
            "/recover",
            query=_redirect(redirect_to),
            body={"email": email, **_captcha(captcha_token)},
        )

    def resend(
        self,
        type: str,
        *,
        email: str | None = None,
        phone: str | None = None,
        redirect_to: str | None = None,
        captcha_token: str | None = None,
    ) -> str | None:
        """Send a confirmation email, email-change email or SMS code again; answers the SMS
        message id for phone numbers."""
        if not type or not (email or phone):
            raise AuthInvalidCredentialsError(
                "You must provide either an email or phone number and a type",
                [FieldIssue("email", "an email or a phone number"), FieldIssue("type", "a type")],
            )
        target = {"email": email} if email else {"phone": phone}
        answer = self._transport.request(
            "POST",
            "/resend",
            query=_redirect(redirect_to) if email else None,
            body={**target, "type": type, **_captcha(captcha_token)},
        )
        if phone and not email and isinstance(answer, Mapping):
            message_id = answer.get("message_id")
            return message_id if isinstance(message_id, str) else None
        return None

    def reauthenticate(self) -> None:
        """Ask the service to send the signed-in user a nonce for a sensitive change."""
        with self._lock:
            session = self._require_session()
            self._transport.request("GET", "/reauthenticate", jwt=session.access_token)

    # --- the user ------------------------------------------------------------------------------

    def get_user(self, jwt: str | None = None) -> AuthUser:
        """The user, as the service knows them now (unlike :meth:`get_session`, which trusts
        storage).

        With ``jwt``, fetches that token's user and leaves the stored session alone. Otherwise
        uses the stored session (refreshed if needed); when the service says its token can never
        work again (401/403 with ``bad_jwt``, ``session_not_found``, ``session_expired`` or
        ``user_not_found``), the session is removed and ``SIGNED_OUT`` sent before the error is
        raised.
        """
        if jwt is not None:
            return _user_answer(self._transport.request("GET", "/user", jwt=jwt))
        with self._lock:
            session = self._require_session()
            try:
                answer = self._transport.request("GET", "/user", jwt=session.access_token)
            except AuthError as error:
                if isinstance(error, AuthSessionMissingError) or is_invalid_token_answer(
                    error.status, error.code
                ):
                    self._remove_session()
                raise
            return _user_answer(answer)

    def update_user(
        self,
        *,
        email: str | None = None,
        password: str | None = None,
        phone: str | None = None,
        data: Mapping[str, Any] | None = None,
        nonce: str | None = None,
        redirect_to: str | None = None,
    ) -> AuthUser:
        """Change the signed-in user's attributes, store the new user in the session and send
        ``USER_UPDATED``. ``data`` is merged into the user's metadata by the service."""
        attributes: dict[str, Any] = {
            key: value
            for key, value in (
                ("email", email),
                ("password", password),
                ("phone", phone),
                ("data", dict(data) if data is not None else None),
                ("nonce", nonce),
            )
            if value is not None
        }
        with self._lock:
            session = self._require_session()
            user = _user_answer(
                self._transport.request(
                    "PUT",
                    "/user",
                    jwt=session.access_token,
                    query=_redirect(redirect_to),
                    body=attributes,
                )
            )
            session = attrs.evolve(session, user=user)
            self._save(session)
            self._emit(AuthEvent.USER_UPDATED, session)
            return user

    # --- multi-factor authentication -----------------------------------------------------------

    def mfa_enroll(
        self,
        factor_type: FactorType | str = FactorType.TOTP,
        *,
        friendly_name: str | None = None,
        issuer: str | None = None,
        phone: str | None = None,
    ) -> MfaEnrollment:
        """Enrol a new, unverified factor: TOTP (answers the secret and QR code) or phone."""
        kind = FactorType(factor_type)
        body: dict[str, Any] = {"factor_type": kind.value}
        if friendly_name:
            body["friendly_name"] = friendly_name
        if kind is FactorType.TOTP and issuer:
            body["issuer"] = issuer
        if kind is FactorType.PHONE:
            if not phone:
                raise AuthInvalidCredentialsError(
                    "A phone factor needs a phone number", [FieldIssue("phone", "a phone number")]
                )
            body["phone"] = phone
        with self._lock:
            session = self._require_session()
            answer = self._transport.request(
                "POST", "/factors", jwt=session.access_token, body=body
            )
        return self._enrollment(answer)

    def mfa_challenge(self, factor_id: str, *, channel: str | None = None) -> MfaChallenge:
        """Start a challenge of a factor (for phone factors, ``channel`` is ``sms`` or
        ``whatsapp``)."""
        with self._lock:
            session = self._require_session()
            answer = self._transport.request(
                "POST",
                _factor_path(factor_id, "challenge"),
                jwt=session.access_token,
                body={"channel": channel} if channel else {},
            )
        if not isinstance(answer, Mapping) or not isinstance(answer.get("id"), str):
            raise AuthUnknownError("the auth service answered a challenge without an id")
        kind = answer.get("type")
        return MfaChallenge(
            id=answer["id"],
            factor_type=FactorType(kind) if kind in {t.value for t in FactorType} else None,
            expires_at=int(answer.get("expires_at") or 0),
        )

    def mfa_verify(self, factor_id: str, challenge_id: str, code: str) -> Session:
        """Answer a challenge; the service issues a new ``aal2`` session, which is stored and
        announced with ``MFA_CHALLENGE_VERIFIED``."""
        with self._lock:
            session = self._require_session()
            answer = self._transport.request(
                "POST",
                _factor_path(factor_id, "verify"),
                jwt=session.access_token,
                body={"challenge_id": challenge_id, "code": code},
            )
            verified = session_from_json(answer, self._clock.now())
            self._save(verified)
            self._emit(AuthEvent.MFA_CHALLENGE_VERIFIED, verified)
            return verified

    def mfa_challenge_and_verify(self, factor_id: str, code: str) -> Session:
        """Challenge a factor and answer at once (for TOTP, where the code is already known)."""
        with self._lock:
            challenge = self.mfa_challenge(factor_id)
            return self.mfa_verify(factor_id, challenge.id, code)

    def mfa_unenroll(self, factor_id: str) -> str:
        """Remove a factor; answers its id. The current session keeps its level until the next
        refresh."""
        with self._lock:
            session = self._require_session()
            answer = self._transport.request(
                "DELETE", _factor_path(factor_id), jwt=session.access_token
            )
        if isinstance(answer, Mapping) and isinstance(answer.get("id"), str):
            return str(answer["id"])
        return factor_id

    def mfa_list_factors(self) -> tuple[Factor, ...]:
        """The user's factors, as the service knows them now."""
        return self.get_user().factors

    def get_authenticator_assurance_level(self) -> AssuranceLevels:
        """The session's assurance level and the next one it can reach (``aal2`` once the user
        has a verified factor); both ``None`` when signed out."""
        with self._lock:
            session = self._current_session()
            try:
                return assurance_level(session)
            except ValidationFailed as exc:
                raise AuthInvalidJwtError("Invalid JWT structure") from exc

    # --- token verification --------------------------------------------------------------------

    def get_claims(self, jwt: str | None = None, *, allow_expired: bool = False) -> dict[str, Any]:
        """The claims of an access token (the stored session's by default), verified.

        Tokens signed with an asymmetric key and a ``kid`` are checked against the service's
        JWKS (``/.well-known/jwks.json``, cached for :data:`JWKS_CACHE_LIFETIME` and fetched
        again for an unknown ``kid``); others are checked by fetching their user. Raises
        :class:`AuthInvalidJwtError` ('Invalid JWT signature', 'JWKS is empty', 'No matching
        signing key found in JWKS', 'JWT has expired', …).
        """
        token = jwt
        if token is None:
            session = self.get_session()
            if session is None:
                raise AuthSessionMissingError()
            token = session.access_token
        claims = self._claims(token)
        try:
            header = pyjwt.get_unverified_header(token)
        except pyjwt.PyJWTError as exc:
            raise AuthInvalidJwtError("Invalid JWT structure") from exc
        if not allow_expired:
            exp = claims.get("exp")
            if not isinstance(exp, int | float):
                raise AuthInvalidJwtError("Missing exp claim")
            if exp <= self._clock.now().timestamp():
                raise AuthInvalidJwtError("JWT has expired")
        algorithm = header.get("alg")
        kid = header.get("kid")
        if not isinstance(algorithm, str) or algorithm.startswith("HS") or not kid:
            self.get_user(jwt=token)  # the service vouches for the token
            return claims
        if algorithm not in ASYMMETRIC_ALGORITHMS:
            raise AuthInvalidJwtError("Invalid alg claim")
        jwk = self._signing_key(str(kid))
        try:
            key = pyjwt.PyJWK(jwk, algorithm=algorithm).key
            pyjwt.decode(
                token,
                key=key,
                algorithms=[algorithm],
                options={
                    "verify_signature": True,
                    "verify_exp": False,
                    "verify_nbf": False,
                    "verify_iat": False,
                    "verify_aud": False,
                    "verify_iss": False,
                },
            )
        except pyjwt.InvalidSignatureError as exc:
            raise AuthInvalidJwtError("Invalid JWT signature") from exc
        except pyjwt.PyJWTError as exc:
            raise AuthInvalidJwtError(f"Invalid JWT: {exc}") from exc
        return claims

    # --- internals (callers hold the lock) -----------------------------------------------------

    def _initialize(self) -> None:
        """Read the storage once, leaving ``LOADING``."""
        if self._state is not SessionState.LOADING:
            return
        raw = self._storage.get_item(self._storage_key)
        if raw is None:
            self._state = transition(self._state, SessionStep.STORAGE_EMPTY)
            return
        session = self._parse_stored(raw)
        if session is None:
            self._remove_session()
        else:
            self._emit(AuthEvent.SIGNED_IN, session)

    def _parse_stored(self, raw: str) -> Session | None:
        try:
            return session_from_json(json.loads(raw), self._clock.now())
        except (ValueError, AuthError):
            logger.warning("the stored session cannot be read; it will be removed")
            return None

    def _read_stored(self) -> Session | None:
        """The stored session, keeping the state in step with a storage other writers share."""
        raw = self._storage.get_item(self._storage_key)
        if raw is None:
            if self._state is SessionState.SIGNED_IN:
                self._emit(AuthEvent.SIGNED_OUT, None)  # removed by another writer
            return None
        session = self._parse_stored(raw)
        if session is None:
            self._remove_session()
            return None
        if self._state is SessionState.SIGNED_OUT:
            self._emit(AuthEvent.SIGNED_IN, session)  # stored by another writer
        return session

    def _current_session(self) -> Session | None:
        """auth-js ``__loadSession``: the stored session, refreshed first when it is within the
        expiry margin."""
        self._initialize()
        session = self._read_stored()
        if session is None or not needs_refresh(session, self._clock.now()):
            return session
        return self._call_refresh(session.refresh_token)

    def _require_session(self) -> Session:
        session = self._current_session()
        if session is None:
            raise AuthSessionMissingError()
        return session

    def _call_refresh(self, refresh_token: str) -> Session:
        """Refresh with retries; on success store the new session and send
        ``TOKEN_REFRESHED``; on a final failure remove the session (spec section 4)."""
        self._state = transition(self._state, SessionStep.REFRESH_STARTED)
        try:
            session = session_from_json(
                self._refresh_with_backoff(refresh_token), self._clock.now()
            )
        except AuthError as error:
            if error.retryable:
                self._state = transition(self._state, SessionStep.REFRESH_POSTPONED)
            else:
                self._remove_session()
            raise
        except BaseException:
            self._state = transition(self._state, SessionStep.REFRESH_POSTPONED)
            raise
        self._save(session)
        self._emit(AuthEvent.TOKEN_REFRESHED, session)
        return session

    def _refresh_with_backoff(self, refresh_token: str) -> Any:
        """``POST /token?grant_type=refresh_token``, retried after 0.2, 0.4, 0.8 … s while the
        failure is retryable and the retry budget lasts."""
        started = self._clock.now()
        attempts = 0
        while True:
            delay = refresh_backoff(attempts)
            if delay:
                self._sleep(delay)
            attempts += 1
            try:
                return self._transport.request(
                    "POST",
                    "/token",
                    query={"grant_type": "refresh_token"},
                    body={"refresh_token": refresh_token},
                )
            except AuthError as error:
                elapsed = self._clock.now() - started
                if not error.retryable or not may_retry_refresh(attempts, elapsed):
                    raise
                logger.info("refresh attempt %d failed (%s); retrying", attempts, error.message)

    def _save(self, session: Session) -> None:
        self._storage.set_item(self._storage_key, json.dumps(session_to_json(session)))

    def _remove_session(self) -> None:
        """Forget the stored session and, unless already signed out, send ``SIGNED_OUT``."""
        self._storage.remove_item(self._storage_key)
        if self._state is not SessionState.SIGNED_OUT:
            self._emit(AuthEvent.SIGNED_OUT, None)

    def _emit(self, event: AuthEvent, session: Session | None) -> None:
        """Make the move ``event`` stands for, then tell every subscriber."""
        self._state = transition(self._state, event)
        for callback in list(self._subscribers.values()):
            self._deliver(callback, event, session)

    @staticmethod
    def _deliver(callback: AuthStateCallback, event: AuthEvent, session: Session | None) -> None:
        try:
            callback(event, session)
        except Exception:
            logger.exception("an auth state subscriber failed on %s", event.value)

    def _claims(self, token: str) -> dict[str, Any]:
        try:
            return token_claims(token)
        except ValidationFailed as exc:
            raise AuthInvalidJwtError("Invalid JWT structure") from exc

    def _signing_key(self, kid: str) -> dict[str, Any]:
        """The JWK with ``kid``, from the cache while it is fresh, else from the service."""
        now = self._clock.now()
        if self._jwks is not None:
            cached_keys, fetched_at = self._jwks
            cached = next((key for key in cached_keys if key.get("kid") == kid), None)
            if cached is not None and now < fetched_at + JWKS_CACHE_LIFETIME:
                return cached
        answer = self._transport.request("GET", "/.well-known/jwks.json")
        keys = answer.get("keys") if isinstance(answer, Mapping) else None
        if not isinstance(keys, list) or not keys:
            raise AuthInvalidJwtError("JWKS is empty")
        usable = [key for key in keys if isinstance(key, dict)]
        self._jwks = (usable, now)
        found = next((key for key in usable if key.get("kid") == kid), None)
        if found is None:
            raise AuthInvalidJwtError("No matching signing key found in JWKS")
        return found

    @staticmethod
    def _enrollment(answer: object) -> MfaEnrollment:
        if not isinstance(answer, Mapping) or not isinstance(answer.get("id"), str):
            raise AuthInvalidTokenResponseError("the auth service answered a factor without an id")
        try:
            kind = FactorType(answer.get("type") or answer.get("factor_type"))
        except ValueError as exc:
            raise AuthUnknownError(f"unexpected factor type {answer.get('type')!r}") from exc
        totp = answer.get("totp")
        setup = None
        if isinstance(totp, Mapping):
            qr_code = str(totp.get("qr_code") or "")
            if qr_code and not qr_code.startswith("data:"):
                qr_code = f"data:image/svg+xml;utf-8,{qr_code}"
            setup = TotpSetup(
                qr_code=qr_code,
                secret=str(totp.get("secret") or ""),
                uri=str(totp.get("uri") or ""),
            )
        friendly_name = answer.get("friendly_name")
        phone = answer.get("phone")
        return MfaEnrollment(
            id=answer["id"],
            factor_type=kind,
            friendly_name=friendly_name if isinstance(friendly_name, str) else None,
            totp=setup,
            phone=phone if isinstance(phone, str) and phone else None,
        )
