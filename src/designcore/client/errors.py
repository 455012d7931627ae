"""The errors the auth client raises, and how an HTTP answer becomes one.

Every error is an :class:`AuthError` carrying the HTTP ``status`` (``None`` when no answer
arrived) and a machine-readable ``code`` (the service's error code when it sent one). Where one of
the domain's families fits, the error belongs to it too, so ``except Unavailable`` or
``except NotAllowed`` works across designcore. The class names and messages are auth-js's
(``src/lib/errors.ts``) and the spec's (section 8), so they read the same on both clients.
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Mapping, Sequence
from typing import Any

import httpx

from designcore.domain.auth_session import is_retryable
from designcore.domain.errors import (
    DesignCoreError,
    FieldIssue,
    NotAllowed,
    Unavailable,
    ValidationFailed,
)


class AuthError(DesignCoreError):
    """Root of the auth client's errors."""

    code = "auth_error"

    def __init__(self, message: str, *, status: int | None = None, code: str | None = None) -> None:
        # Not super(): some subclasses also derive from ValidationFailed, whose constructor
        # takes issues; the families add no state of their own besides that.
        DesignCoreError.__init__(self, message, code=code)
        self.status = status
        """The HTTP status of the answer, or ``None`` when no answer arrived."""

    @property
    def retryable(self) -> bool:
        """Whether sending the same request again may succeed."""
        return False

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.message!r}, status={self.status}, code={self.code!r})"


class AuthApiError(AuthError):
    """The auth service answered with an error (a 4xx)."""

    code = "auth_api_error"


class AuthRetryableFetchError(AuthError, Unavailable):
    """No answer arrived (network failure, timeout) or the service failed (5xx); try again."""

    code = "unavailable"

    @property
    def retryable(self) -> bool:
        """Always: the request may succeed when sent again."""
        return True


class AuthSessionMissingError(AuthError, NotAllowed):
    """The call needs a session and there is none, or the service no longer knows it."""

    code = "session_missing"

    def __init__(
        self,
        message: str = "Auth session missing!",
        *,
        status: int | None = 400,
        code: str | None = None,
    ) -> None:
        super().__init__(message, status=status, code=code)


class AuthInvalidCredentialsError(AuthError, ValidationFailed):
    """The call was given too little to identify the user; nothing was sent."""

    code = "invalid_credentials"

    def __init__(self, message: str, issues: Sequence[FieldIssue] = ()) -> None:
        super().__init__(message, status=400)
        self.issues = tuple(issues)


class AuthWeakPasswordError(AuthApiError, ValidationFailed):
    """The service refused a password as too weak; ``reasons`` says why (``length``, …)."""

    code = "weak_password"

    def __init__(self, message: str, *, status: int, reasons: Sequence[str]) -> None:
        super().__init__(message, status=status, code="weak_password")
        self.reasons = tuple(reasons)
        """The service's reasons, such as ``length``, ``characters`` or ``pwned``."""
        self.issues = tuple(FieldIssue("password", reason) for reason in self.reasons)


class AuthImplicitGrantRedirectError(AuthError):
    """A redirect URL carried an error, or no session, or was meant for another flow."""

    code = "implicit_grant_redirect"

    def __init__(self, message: str, details: Mapping[str, str] | None = None) -> None:
        super().__init__(message, status=500)
        self.details = dict(details) if details is not None else None
        """The URL's ``error`` and ``code`` (``error_code``), when it carried an error."""


class AuthPKCEGrantCodeExchangeError(AuthError):
    """A redirect URL was meant for the PKCE flow, which this client does not run."""

    code = "pkce_grant_code_exchange"

    def __init__(self, message: str) -> None:
        super().__init__(message, status=500)


class AuthInvalidJwtError(AuthError, NotAllowed):
    """A JWT could not be read or verified."""

    code = "invalid_jwt"

    def __init__(self, message: str) -> None:
        super().__init__(message, status=400, code="invalid_jwt")


class AuthInvalidTokenResponseError(AuthError):
    """The service answered without the session or user the call promises."""

    code = "invalid_token_response"

    def __init__(self, message: str = "Auth session or user missing") -> None:
        super().__init__(message, status=500)


class AuthUnknownError(AuthError):
    """The service answered something this client cannot read."""

    code = "unknown"

    def __init__(self, message: str, *, status: int | None = None) -> None:
        super().__init__(message, status=status)


class AuthUrlSessionWarning(UserWarning):
    """A session read from a redirect URL looks stale, skewed or about to expire."""


def _message(data: Any, fallback: str) -> str:
    if isinstance(data, Mapping):
        for key in ("msg", "message", "error_description", "error"):
            value = data.get(key)
            if isinstance(value, str) and value:
                return value
        return json.dumps(data)
    return fallback


def _error_code(data: Any) -> str | None:
    # API version 2024-01-01 answers {"code": "<error code>"}; older answers put the HTTP status
    # in "code" and the error code in "error_code" (auth-js handleError).
    if not isinstance(data, Mapping):
        return None
    for key in ("code", "error_code"):
        value = data.get(key)
        if isinstance(value, str) and value:
            return value
    return None


def _weak_password_reasons(data: Any) -> list[str] | None:
    weak = data.get("weak_password") if isinstance(data, Mapping) else None
    reasons = weak.get("reasons") if isinstance(weak, Mapping) else None
    if isinstance(reasons, list) and all(isinstance(reason, str) for reason in reasons):
        return reasons
    return None


def error_from_response(response: httpx.Response) -> AuthError:
    """The error an HTTP error answer stands for."""
    status = response.status_code
    try:
        data: Any = response.json()
    except ValueError:
        data = None
    message = _message(data, response.reason_phrase or f"HTTP {status}")
    if is_retryable(status):
        return AuthRetryableFetchError(message, status=status, code=_error_code(data))
    if data is None:
        return AuthUnknownError(
            f"the auth service answered {status} with a body that is not JSON", status=status
        )
    code = _error_code(data)
    reasons = _weak_password_reasons(data)
    if code == "weak_password" or (code is None and reasons):
        return AuthWeakPasswordError(message, status=status, reasons=reasons or [])
    if code == "session_not_found":
        # The session_id in the JWT names no live session: the user was signed out elsewhere
        # (auth-js turns this code into AuthSessionMissingError too).
        return AuthSessionMissingError(status=status, code=code)
    return AuthApiError(message, status=status, code=code)


def error_from_transport(exc: httpx.HTTPError) -> AuthRetryableFetchError:
    """The error a request that got no answer stands for."""
    return AuthRetryableFetchError(str(exc) or type(exc).__name__, status=None)


def warn_url_session(message: str) -> None:
    """Warn about a session read from a URL (see :class:`AuthUrlSessionWarning`)."""
    warnings.warn(message, AuthUrlSessionWarning, stacklevel=3)
