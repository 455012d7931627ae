"""The Python client of designcore's auth service (Supabase Auth compatible, at ``/auth/v1``).

``AuthClient`` signs users up and in, keeps and refreshes their session, runs MFA and tells
subscribers what happened. See ``docs/client.md``.
"""

from __future__ import annotations

from designcore.client.auth_client import DEFAULT_STORAGE_KEY, AuthClient
from designcore.client.errors import (
    AuthApiError,
    AuthError,
    AuthImplicitGrantRedirectError,
    AuthInvalidCredentialsError,
    AuthInvalidJwtError,
    AuthInvalidTokenResponseError,
    AuthPKCEGrantCodeExchangeError,
    AuthRetryableFetchError,
    AuthSessionMissingError,
    AuthUnknownError,
    AuthUrlSessionWarning,
    AuthWeakPasswordError,
)
from designcore.client.results import (
    AuthStateCallback,
    MfaChallenge,
    MfaEnrollment,
    SignUpResult,
    TotpSetup,
)
from designcore.client.storage import InMemorySessionStorage, SessionStorage
from designcore.client.transport import API_VERSION, API_VERSION_HEADER

__all__ = [
    "API_VERSION",
    "API_VERSION_HEADER",
    "DEFAULT_STORAGE_KEY",
    "AuthApiError",
    "AuthClient",
    "AuthError",
    "AuthImplicitGrantRedirectError",
    "AuthInvalidCredentialsError",
    "AuthInvalidJwtError",
    "AuthInvalidTokenResponseError",
    "AuthPKCEGrantCodeExchangeError",
    "AuthRetryableFetchError",
    "AuthSessionMissingError",
    "AuthStateCallback",
    "AuthUnknownError",
    "AuthUrlSessionWarning",
    "AuthWeakPasswordError",
    "InMemorySessionStorage",
    "MfaChallenge",
    "MfaEnrollment",
    "SessionStorage",
    "SignUpResult",
    "TotpSetup",
]
