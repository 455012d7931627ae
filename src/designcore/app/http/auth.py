"""The auth API at ``/auth/v1``, compatible with the Supabase Auth (GoTrue) HTTP API.

Shapes, status codes and error bodies follow what the official JavaScript client expects:
errors are ``{code, message}`` when the client sends ``X-Supabase-Api-Version: 2024-01-01``
(echoed back), and the legacy ``{code: <status>, error_code, msg}`` otherwise.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from datetime import datetime
from typing import Any
from urllib.parse import urlencode

import segno
from litestar import Request, Response, Router, delete, get, post, put
from litestar.di import NamedDependency, Provide
from litestar.exceptions import HTTPException, ValidationException
from litestar.params import FromPath, FromQuery, RawBody
from litestar.response import Redirect

from designcore import __version__
from designcore.app.http.dependencies import bearer_token
from designcore.app.http.rate_limits import (
    account_address_key,
    address_key,
    client_address,
    first_refusal,
    retry_after,
)
from designcore.app.services.auth import (
    AuthFailure,
    AuthService,
    Caller,
    IssuedSession,
    LinkOptions,
    ProviderFlowFailure,
    ProviderOutcome,
    UserView,
)
from designcore.domain.accounts import MFA_CHALLENGE_LIFETIME, Factor, Identity, User
from designcore.domain.errors import DesignCoreError
from designcore.ports.rate_limit import RateLimiter

API_VERSION_HEADER = "X-Supabase-Api-Version"
API_VERSION = "2024-01-01"
MAX_AUTH_BODY = 64 * 1024

# (limit, window seconds) per client address and per account (an e-mail or a user id), for each
# rate-limited action; ``password_guess`` counts password sign-ins per account *and* address.
RATE_LIMITS: dict[str, tuple[int, int]] = {
    "signup": (30, 3600),
    "token": (60, 300),
    "password_guess": (10, 300),
    "refresh": (300, 300),
    "recover": (5, 3600),
    "resend": (5, 3600),
    "verify": (30, 300),
    "authorize": (30, 300),
    "mfa_verify": (15, 300),
}

MAIL_SENDING = frozenset({"recover", "resend"})
"""Actions that send mail: over their limit is ``over_email_send_rate_limit`` (GoTrue)."""

Auth = NamedDependency[AuthService]


def _iso(moment: datetime | None) -> str | None:
    return None if moment is None else moment.isoformat().replace("+00:00", "Z")


def identity_json(identity: Identity) -> dict[str, Any]:
    """An identity as GoTrue shows it."""
    return {
        "identity_id": identity.id,
        "id": identity.provider_id,
        "user_id": identity.user_id,
        "identity_data": dict(identity.identity_data),
        "provider": identity.provider,
        "email": identity.email,
        "last_sign_in_at": _iso(identity.last_sign_in_at),
        "created_at": _iso(identity.created_at),
        "updated_at": _iso(identity.updated_at),
    }


def factor_json(factor: Factor) -> dict[str, Any]:
    """A factor as GoTrue shows it."""
    return {
        "id": factor.id,
        "friendly_name": factor.friendly_name,
        "factor_type": factor.factor_type,
        "status": factor.status.value,
        "created_at": _iso(factor.created_at),
        "updated_at": _iso(factor.updated_at),
    }


def user_json(
    user: User, identities: tuple[Identity, ...] = (), factors: tuple[Factor, ...] = ()
) -> dict[str, Any]:
    """A user as GoTrue shows it."""
    return {
        "id": user.id,
        "aud": user.aud,
        "role": user.role,
        "email": user.email,
        "email_confirmed_at": _iso(user.email_confirmed_at),
        "phone": user.phone,
        "confirmed_at": _iso(user.email_confirmed_at),
        "last_sign_in_at": _iso(user.last_sign_in_at),
        "app_metadata": dict(user.app_metadata),
        "user_metadata": dict(user.user_metadata),
        "identities": [identity_json(i) for i in identities],
        "factors": [factor_json(f) for f in factors],
        "created_at": _iso(user.created_at),
        "updated_at": _iso(user.updated_at),
        "is_anonymous": False,
        **(
            {"new_email": user.new_email, "email_change_sent_at": _iso(user.email_change_sent_at)}
            if user.new_email
            else {}
        ),
    }


def _link_options(request: Request[Any, Any, Any], data: dict[str, Any]) -> LinkOptions:
    """Where a mailed link leads (``redirect_to`` in the query, as auth-js sends it, or in the
    body) and the PKCE challenge of a client in the PKCE flow."""
    return LinkOptions(
        redirect_to=request.query_params.get("redirect_to")
        or _text(data, "redirect_to", required=False)
        or None,
        code_challenge=_text(data, "code_challenge", required=False) or None,
        code_challenge_method=_text(data, "code_challenge_method", required=False) or None,
    )


def view_json(view: UserView) -> dict[str, Any]:
    """A user with identities and factors."""
    return user_json(view.user, view.identities, view.factors)


def session_json(issued: IssuedSession, view: UserView) -> dict[str, Any]:
    """A token response."""
    return {
        "access_token": issued.access_token,
        "token_type": "bearer",
        "expires_in": issued.expires_in,
        "expires_at": issued.expires_at,
        "refresh_token": issued.refresh_token,
        "user": view_json(view),
        **_provider_tokens(issued),
    }


def _provider_tokens(issued: IssuedSession) -> dict[str, str]:
    """``provider_token`` / ``provider_refresh_token`` after a provider sign-in (GoTrue sends
    them only then)."""
    tokens = {
        "provider_token": issued.provider_token,
        "provider_refresh_token": issued.provider_refresh_token,
    }
    return {key: value for key, value in tokens.items() if value}


def qr_svg(uri: str) -> str:
    """The QR code of ``uri`` as SVG markup (clients put it in a ``data:`` URL themselves)."""
    buffer = io.BytesIO()
    segno.make(uri, error="m").save(buffer, kind="svg", xmldecl=False, svgns=True, scale=4)
    return buffer.getvalue().decode()


def session_fragment(issued: IssuedSession, kind: str | None = None) -> str:
    """A session in a redirect's fragment (the implicit flow)."""
    values = {
        "access_token": issued.access_token,
        "expires_at": str(issued.expires_at),
        "expires_in": str(issued.expires_in),
        "refresh_token": issued.refresh_token,
        "token_type": "bearer",
        **_provider_tokens(issued),
    }
    if kind:
        values["type"] = kind
    return urlencode(values)


def denied_redirect(
    target: str, error: str, failure: AuthFailure, *, in_query: bool = False
) -> Redirect:
    """Back to ``target`` with the OAuth-style error (in the query for PKCE flows, else in
    the fragment)."""
    values = {"error": error, "error_code": failure.code, "error_description": failure.message}
    if in_query:
        return Redirect(with_query(target, values), status_code=302)
    return Redirect(with_fragment(target, urlencode(values)), status_code=302)


def outcome_redirect(outcome: ProviderOutcome, kind: str | None = None) -> Redirect:
    """Where a finished flow sends the browser: ``?code=`` to exchange (PKCE), or the session
    in the fragment."""
    if outcome.auth_code is not None:
        return Redirect(
            with_query(outcome.redirect_to, {"code": outcome.auth_code}), status_code=302
        )
    assert outcome.issued is not None
    return Redirect(
        with_fragment(outcome.redirect_to, session_fragment(outcome.issued, kind)),
        status_code=302,
    )


def with_fragment(url: str, fragment: str) -> str:
    """``url`` with its fragment replaced by ``fragment`` (never a second ``#``)."""
    return f"{url.partition('#')[0]}#{fragment}"


def with_query(url: str, values: dict[str, str]) -> str:
    """``url`` with ``values`` added to its query (before any fragment)."""
    base, hash_sign, fragment = url.partition("#")
    separator = "&" if "?" in base else "?"
    return f"{base}{separator}{urlencode(values)}{hash_sign}{fragment}"


def provider_redirect(url: str, skip_http_redirect: str) -> Response[Any]:
    """Send the browser to the provider, or (``skip_http_redirect=true``, as the JS client asks
    when linking) answer ``{url}`` for the client to follow."""
    if skip_http_redirect.lower() == "true":
        return Response({"url": url}, status_code=200)
    return Redirect(url, status_code=302)


def _body(raw: bytes) -> dict[str, Any]:
    if len(raw) > MAX_AUTH_BODY:
        raise AuthFailure(413, "request_too_large", "Request body too large")
    if not raw.strip():
        return {}
    try:
        data = json.loads(raw)
        # Lone surrogates ("\ud800") decode but cannot be stored or sent back.
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except (json.JSONDecodeError, UnicodeError, RecursionError):
        raise AuthFailure(400, "bad_json", "Could not parse request body as JSON") from None
    if not isinstance(data, dict):
        raise AuthFailure(400, "bad_json", "Request body must be a JSON object")
    return data


def _text(data: dict[str, Any], key: str, *, required: bool = True) -> str:
    value = data.get(key)
    if value is None or value == "":
        if required:
            raise AuthFailure(400, "validation_failed", f"{key} is required")
        return ""
    if not isinstance(value, str) or len(value) > 4096:
        raise AuthFailure(400, "validation_failed", f"{key} must be a string")
    return value


def error_response(request: Request[Any, Any, Any], error: Exception) -> Response[Any]:
    """Every error under /auth/v1, in the body shape the client asked for."""
    headers = {API_VERSION_HEADER: API_VERSION}
    if isinstance(error, AuthFailure):
        status, code, message, extra = error.status, error.code, error.message, error.extra
        if status == 429 and "retry_after" in extra:
            headers["Retry-After"] = str(extra.pop("retry_after"))
    elif isinstance(error, DesignCoreError):
        from designcore.app.http.errors import status_for  # errors.py imports this module

        status, code, message, extra = status_for(error), error.code, error.message, {}
    elif isinstance(error, ValidationException):
        status, code, message, extra = 400, "validation_failed", str(error.detail), {}
    elif isinstance(error, HTTPException):
        status, code, message, extra = error.status_code, "request_error", str(error.detail), {}
        if status == 413:
            code = "request_too_large"
        elif status == 404:
            code = "not_found"
        elif status == 405:
            code = "method_not_allowed"
    else:
        status, code, message, extra = 500, "unexpected_failure", "Unexpected failure", {}
    if request.headers.get(API_VERSION_HEADER.lower()) == API_VERSION:
        body: dict[str, Any] = {"code": code, "message": message, **extra}
    else:
        body = {"code": status, "error_code": code, "msg": message, **extra}
    return Response(body, status_code=status, headers=headers)


def build_auth_router(
    provide_service: Callable[[], AuthService], provide_limiter: Callable[[], RateLimiter]
) -> Router:
    """The ``/auth/v1`` router."""

    def limit(request: Request[Any, Any, Any], action: str, account: str | None = None) -> None:
        """Count the request against the client address and, when given, the account (an
        e-mail address or a user id); over either limit is 429 with Retry-After."""
        allowed, window = RATE_LIMITS[action]
        wait = retry_after(
            provide_limiter(),
            request,
            f"auth:{action}",
            limit=allowed,
            window_seconds=window,
            account=account,
        )
        refuse(action, wait)

    def refuse(action: str, wait: int | None) -> None:
        if wait is not None:
            code, message = (
                ("over_email_send_rate_limit", "Email rate limit exceeded")
                if action in MAIL_SENDING
                else ("over_request_rate_limit", "Request rate limit reached")
            )
            raise AuthFailure(429, code, message, extra={"retry_after": wait})

    def limit_guesses(request: Request[Any, Any, Any], email: str) -> str:
        """Count a password sign-in against the client address (``token``) and against the
        account from that address (``password_guess``), never against the account alone: an
        attacker's guesses from other addresses must not lock the owner out. Answers the
        account-and-address key, which the owner's success clears."""
        limiter = provide_limiter()
        pair = account_address_key("auth:password_guess", email, request)
        for action, key in (
            ("token", address_key("auth:token", request)),
            ("password_guess", pair),
        ):
            allowed, window = RATE_LIMITS[action]
            refuse(action, first_refusal(limiter, (key,), limit=allowed, window_seconds=window))
        return pair

    def caller_of(request: Request[Any, Any, Any]) -> Caller:
        return provide_service().authenticate(bearer_token(request))

    def issued_json(service: AuthService, issued: IssuedSession) -> dict[str, Any]:
        return session_json(issued, issued.view or service.user_view(issued.user.id))

    @post("/signup", sync_to_thread=True, status_code=200)
    def signup(request: Request[Any, Any, Any], auth: Auth, body: RawBody) -> dict[str, Any]:
        data = _body(body)
        email = _text(data, "email")
        limit(request, "signup", email)
        extra = data.get("data")
        if extra is not None and not isinstance(extra, dict):
            raise AuthFailure(400, "validation_failed", "data must be an object")
        result = auth.sign_up(
            email=email,
            password=_text(data, "password"),
            data=extra,
            options=_link_options(request, data),
        )
        if isinstance(result, IssuedSession):
            return issued_json(auth, result)
        return view_json(result)

    @post("/token", sync_to_thread=True, status_code=200)
    def token(
        request: Request[Any, Any, Any], auth: Auth, body: RawBody, grant_type: FromQuery[str] = ""
    ) -> dict[str, Any]:
        data = _body(body)
        if grant_type == "password":
            email = _text(data, "email")
            guesses = limit_guesses(request, email)
            issued = auth.sign_in_with_password(email=email, password=_text(data, "password"))
            provide_limiter().reset(guesses)
        elif grant_type == "refresh_token":
            limit(request, "refresh")
            issued = auth.refresh(_text(data, "refresh_token"))
        elif grant_type == "pkce":
            limit(request, "token")
            issued = auth.exchange_auth_code(
                _text(data, "auth_code", required=False),
                _text(data, "code_verifier", required=False),
            )
        else:
            raise AuthFailure(
                400,
                "unsupported_grant_type",
                "unsupported_grant_type: use password, refresh_token or pkce",
            )
        return issued_json(auth, issued)

    @get("/user", sync_to_thread=True)
    def get_user(request: Request[Any, Any, Any], auth: Auth) -> dict[str, Any]:
        return view_json(auth.current_user(bearer_token(request)))

    @put("/user", sync_to_thread=True)
    def update_user(request: Request[Any, Any, Any], auth: Auth, body: RawBody) -> dict[str, Any]:
        caller = caller_of(request)
        data = _body(body)
        if data.get("email") is not None:  # a new address is mailed a confirmation link
            limit(request, "resend", caller.user_id)
        return view_json(auth.update_user(caller, data, _link_options(request, data)))

    @post("/logout", sync_to_thread=True, status_code=204)
    def logout(request: Request[Any, Any, Any], auth: Auth) -> None:
        auth.sign_out(caller_of(request), request.query_params.get("scope") or "global")

    @post("/recover", sync_to_thread=True, status_code=200)
    def recover(request: Request[Any, Any, Any], auth: Auth, body: RawBody) -> dict[str, Any]:
        data = _body(body)
        email = _text(data, "email")
        limit(request, "recover", email)
        auth.recover(email, _link_options(request, data))
        return {}

    @post("/resend", sync_to_thread=True, status_code=200)
    def resend(request: Request[Any, Any, Any], auth: Auth, body: RawBody) -> dict[str, Any]:
        data = _body(body)
        email = _text(data, "email")
        limit(request, "resend", email)
        auth.resend(email, _text(data, "type"), _link_options(request, data))
        return {}

    @post("/verify", sync_to_thread=True, status_code=200)
    def verify(request: Request[Any, Any, Any], auth: Auth, body: RawBody) -> dict[str, Any]:
        data = _body(body)
        limit(request, "verify")
        raw = _text(data, "token_hash", required=False) or _text(data, "token")
        return issued_json(auth, auth.verify(token=raw, kind=_text(data, "type")))

    @get("/verify", sync_to_thread=True)
    def verify_link(
        request: Request[Any, Any, Any],
        auth: Auth,
        token: FromQuery[str],
        type: FromQuery[str],
        redirect_to: FromQuery[str] = "",
    ) -> Redirect:
        limit(request, "verify")
        target = auth.redirect_target(redirect_to or None)
        try:
            outcome = auth.follow_link(token=token, kind=type, redirect_to=target)
        except AuthFailure as failure:
            return denied_redirect(target, "access_denied", failure)
        return outcome_redirect(outcome, type)

    @get("/authorize", sync_to_thread=True)
    def authorize(
        request: Request[Any, Any, Any],
        auth: Auth,
        provider: FromQuery[str] = "",
        redirect_to: FromQuery[str] = "",
        scopes: FromQuery[str] = "",
        code_challenge: FromQuery[str] = "",
        code_challenge_method: FromQuery[str] = "",
        skip_http_redirect: FromQuery[str] = "",
    ) -> Response[Any]:
        limit(request, "authorize")
        url = auth.start_provider_flow(
            provider=provider,
            redirect_to=redirect_to or None,
            scopes=scopes,
            code_challenge=code_challenge or None,
            code_challenge_method=code_challenge_method or None,
        )
        return provider_redirect(url, skip_http_redirect)

    @get("/callback", sync_to_thread=True)
    def callback(
        request: Request[Any, Any, Any],
        auth: Auth,
        code: FromQuery[str] = "",
        error: FromQuery[str] = "",
        error_description: FromQuery[str] = "",
    ) -> Redirect:
        limit(request, "verify")
        # ``state`` is a name Litestar reserves for the app state, so it is read by hand.
        state = request.query_params.get("state") or ""
        try:
            outcome = auth.finish_provider_flow(
                state=state, code=code, error=error, error_description=error_description
            )
        except ProviderFlowFailure as failure:
            return denied_redirect(
                failure.redirect_to, failure.error, failure, in_query=failure.in_query
            )
        return outcome_redirect(outcome)

    @get("/user/identities/authorize", sync_to_thread=True)
    def link_identity(
        request: Request[Any, Any, Any],
        auth: Auth,
        provider: FromQuery[str] = "",
        redirect_to: FromQuery[str] = "",
        scopes: FromQuery[str] = "",
        code_challenge: FromQuery[str] = "",
        code_challenge_method: FromQuery[str] = "",
        skip_http_redirect: FromQuery[str] = "",
    ) -> Response[Any]:
        caller = caller_of(request)
        url = auth.start_provider_flow(
            provider=provider,
            redirect_to=redirect_to or None,
            scopes=scopes,
            code_challenge=code_challenge or None,
            code_challenge_method=code_challenge_method or None,
            linking=caller,
        )
        return provider_redirect(url, skip_http_redirect)

    @delete("/user/identities/{identity_id:str}", sync_to_thread=True, status_code=200)
    def unlink_identity(
        request: Request[Any, Any, Any], auth: Auth, identity_id: FromPath[str]
    ) -> dict[str, Any]:
        auth.unlink_identity(caller_of(request), identity_id)
        return {}

    @get("/reauthenticate", sync_to_thread=True)
    def reauthenticate(request: Request[Any, Any, Any], auth: Auth) -> dict[str, Any]:
        caller = caller_of(request)
        limit(request, "recover", caller.claims.get("email") or None)
        auth.reauthenticate(caller)
        return {}

    @post("/factors", sync_to_thread=True, status_code=200)
    def enroll(request: Request[Any, Any, Any], auth: Auth, body: RawBody) -> dict[str, Any]:
        caller = caller_of(request)
        data = _body(body)
        factor_type = _text(data, "factor_type")
        if factor_type != "totp":
            raise AuthFailure(
                422,
                "mfa_phone_enroll_not_enabled" if factor_type == "phone" else "validation_failed",
                "Only TOTP factors are supported",
            )
        issuer = _text(data, "issuer", required=False) or None
        factor = auth.enroll_totp(
            caller, _text(data, "friendly_name", required=False) or None, issuer
        )
        uri = auth.totp_uri(factor, str(caller.claims.get("email", "")), issuer)
        return {
            "id": factor.id,
            "type": "totp",
            "friendly_name": factor.friendly_name,
            "totp": {
                "qr_code": qr_svg(uri),
                "secret": factor.secret,
                "uri": uri,
            },
        }

    @post("/factors/{factor_id:str}/challenge", sync_to_thread=True, status_code=200)
    def challenge(
        request: Request[Any, Any, Any], auth: Auth, factor_id: FromPath[str], body: RawBody
    ) -> dict[str, Any]:
        caller = caller_of(request)
        _body(body)
        made = auth.challenge(caller, factor_id, client_address(request))
        expires = made.created_at + MFA_CHALLENGE_LIFETIME
        return {"id": made.id, "type": "totp", "expires_at": int(expires.timestamp())}

    @post("/factors/{factor_id:str}/verify", sync_to_thread=True, status_code=200)
    def verify_factor(
        request: Request[Any, Any, Any], auth: Auth, factor_id: FromPath[str], body: RawBody
    ) -> dict[str, Any]:
        caller = caller_of(request)
        limit(request, "mfa_verify", caller.user_id)
        data = _body(body)
        issued = auth.verify_factor(
            caller,
            factor_id,
            _text(data, "challenge_id"),
            _text(data, "code"),
            client_address(request),
        )
        return issued_json(auth, issued)

    @delete("/factors/{factor_id:str}", sync_to_thread=True, status_code=200)
    def unenroll(
        request: Request[Any, Any, Any], auth: Auth, factor_id: FromPath[str]
    ) -> dict[str, Any]:
        return {"id": auth.unenroll(caller_of(request), factor_id)}

    @get("/settings", sync_to_thread=False)
    def settings(auth: Auth) -> dict[str, Any]:
        return {
            "external": {
                "email": True,
                "phone": False,
                "google": auth.provider_enabled("google"),
            },
            "disable_signup": False,
            "mailer_autoconfirm": not auth.settings.confirm_email,
            "phone_autoconfirm": False,
            "sms_provider": "",
            "saml_enabled": False,
        }

    @get("/health", sync_to_thread=False)
    def health() -> dict[str, Any]:
        return {
            "version": __version__,
            "name": "designcore-auth",
            "description": "designcore auth service",
        }

    @get("/.well-known/jwks.json", sync_to_thread=False)
    def jwks(auth: Auth) -> Response[dict[str, Any]]:
        return Response(auth.jwks(), headers={"Cache-Control": "public, max-age=600"})

    def after(response: Response[Any]) -> Response[Any]:
        response.headers[API_VERSION_HEADER] = API_VERSION
        return response

    return Router(
        path="/auth/v1",
        route_handlers=[
            signup,
            token,
            get_user,
            update_user,
            logout,
            recover,
            resend,
            verify,
            verify_link,
            authorize,
            callback,
            link_identity,
            unlink_identity,
            reauthenticate,
            enroll,
            challenge,
            verify_factor,
            unenroll,
            settings,
            health,
            jwks,
        ],
        dependencies={"auth": Provide(provide_service, sync_to_thread=False)},
        exception_handlers={Exception: error_response},
        after_request=after,
        tags=["auth"],
        include_in_schema=True,
    )
