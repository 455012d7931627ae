"""The auth service: sign-up, sign-in, token refresh, users, sessions, recovery and MFA.

Compatible with the Supabase Auth (GoTrue) HTTP API; the HTTP shell is ``app/http/auth``.
One module per flow over a shared core (``core``); errors are the families of
:mod:`designcore.domain.errors` carrying GoTrue's error codes.
"""

from designcore.app.services.auth.authenticator import AccountsAuthenticator
from designcore.app.services.auth.core import (
    AuthSettings,
    Caller,
    IssuedSession,
    LinkOptions,
    ProviderOutcome,
    UserView,
)
from designcore.app.services.auth.mfa import EnrolledFactor
from designcore.app.services.auth.providers import ProviderFlowFailed
from designcore.app.services.auth.service import AuthService
from designcore.app.services.auth.users import UserChanges
from designcore.domain.accounts import hash_token

__all__ = [
    "AccountsAuthenticator",
    "AuthService",
    "AuthSettings",
    "Caller",
    "EnrolledFactor",
    "IssuedSession",
    "LinkOptions",
    "ProviderFlowFailed",
    "ProviderOutcome",
    "UserChanges",
    "UserView",
    "hash_token",
]
