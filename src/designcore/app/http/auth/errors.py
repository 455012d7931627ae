"""Errors under ``/auth/v1`` as the GoTrue clients read them.

The services raise the families of :mod:`designcore.domain.errors` with GoTrue's error
codes; :data:`STATUS_BY_CODE` gives each code its HTTP status (GoTrue's), and a code not in
it gets its family's status. The body is ``{code, message}`` when the client sends
``X-Supabase-Api-Version: 2024-01-01`` (echoed back on every answer), and the legacy
``{code: <status>, error_code, msg}`` otherwise. The auth router registers
:func:`gotrue_error_response` as its exception handler.
"""

from __future__ import annotations

import logging
from typing import Any

from litestar import Request, Response
from litestar.exceptions import HTTPException, ValidationException

from designcore.app.http.errors import status_for
from designcore.app.http.rate_limits import RateLimited
from designcore.domain.accounts import WeakPassword
from designcore.domain.errors import DesignCoreError

log = logging.getLogger(__name__)

API_VERSION_HEADER = "X-Supabase-Api-Version"
API_VERSION = "2024-01-01"

STATUS_BY_CODE: dict[str, int] = {
    # The request or the credentials in it are wrong.
    "bad_json": 400,
    "validation_failed": 400,
    "email_address_invalid": 400,
    "unsupported_grant_type": 400,
    "invalid_credentials": 400,
    "email_not_confirmed": 400,
    "user_banned": 400,
    "refresh_token_not_found": 400,
    "refresh_token_already_used": 400,
    "reauthentication_needed": 400,
    "reauthentication_not_valid": 400,
    "bad_oauth_state": 400,
    "bad_oauth_callback": 400,
    "flow_state_expired": 400,
    "bad_code_verifier": 400,
    # Who is asking?
    "no_authorization": 401,
    "insufficient_aal": 401,
    "bad_jwt": 403,
    "session_not_found": 403,
    "otp_expired": 403,
    # Nothing there.
    "not_found": 404,
    "flow_state_not_found": 404,
    "identity_not_found": 404,
    "mfa_factor_not_found": 404,
    "mfa_challenge_not_found": 404,
    "request_too_large": 413,
    # The request is well formed but the state does not allow it.
    "weak_password": 422,
    "same_password": 422,
    "user_already_exists": 422,
    "email_exists": 422,
    "identity_already_exists": 422,
    "provider_email_needs_verification": 422,
    "single_identity_not_deletable": 422,
    "mfa_factor_name_conflict": 422,
    "mfa_phone_enroll_not_enabled": 422,
    "mfa_ip_address_mismatch": 422,
    "mfa_challenge_expired": 422,
    "mfa_verification_failed": 422,
    # Slow down, or come back later.
    "over_request_rate_limit": 429,
    "over_email_send_rate_limit": 429,
    "provider_unavailable": 503,
}
"""GoTrue's HTTP status of each error code the auth API answers."""

_HTTP_CODES = {
    400: "bad_json",
    404: "not_found",
    405: "method_not_allowed",
    413: "request_too_large",
    415: "unsupported_media_type",
}
"""Codes of the HTTP layer's own refusals (a 400 that is not a validation is a body that
could not be read as JSON)."""


def gotrue_status(error: DesignCoreError) -> int:
    """The status of a domain error: its code's, else its family's."""
    return STATUS_BY_CODE.get(error.code) or status_for(error)


def _validation_message(error: ValidationException) -> str:
    issues = []
    for item in error.extra if isinstance(error.extra, list) else []:
        if isinstance(item, dict):
            key, message = str(item.get("key") or "body"), str(item.get("message", "invalid"))
            issues.append(f"{key}: {'is required' if message == repr(key) else message}")
    return f"invalid request: {'; '.join(issues) or error.detail}"


def describe(error: Exception) -> tuple[int, str, str, dict[str, Any], dict[str, str]]:
    """Status, code, message, extra body fields and headers of any error."""
    if isinstance(error, RateLimited):
        return 429, error.code, error.message, {}, {"Retry-After": str(error.retry_after)}
    if isinstance(error, WeakPassword):
        extra = {"weak_password": {"reasons": list(error.reasons)}}
        return gotrue_status(error), error.code, error.message, extra, {}
    if isinstance(error, DesignCoreError):
        return gotrue_status(error), error.code, error.message, {}, {}
    if isinstance(error, RecursionError):
        return 400, "bad_json", "Could not parse request body as JSON", {}, {}
    if isinstance(error, ValidationException):
        return 400, "validation_failed", _validation_message(error), {}, {}
    if isinstance(error, HTTPException):
        status = error.status_code
        code = _HTTP_CODES.get(status, "request_error")
        message = "Could not parse request body as JSON" if code == "bad_json" else error.detail
        return status, code, message, {}, dict(error.headers or {})
    log.exception("unhandled error under /auth/v1", exc_info=error)
    return 500, "unexpected_failure", "Unexpected failure", {}, {}


def gotrue_error_response(request: Request[Any, Any, Any], error: Exception) -> Response[Any]:
    """Every error under ``/auth/v1``, in the body shape the client asked for."""
    status, code, message, extra, headers = describe(error)
    if request.headers.get(API_VERSION_HEADER.lower()) == API_VERSION:
        body: dict[str, Any] = {"code": code, "message": message, **extra}
    else:
        body = {"code": status, "error_code": code, "msg": message, **extra}
    return Response(body, status_code=status, headers={API_VERSION_HEADER: API_VERSION, **headers})
