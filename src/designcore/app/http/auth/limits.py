"""How often each auth action may be asked for (GoTrue-like limits), over the one rate-limit
helper, ``app/http/rate_limits.py``."""

from __future__ import annotations

from typing import Any

from litestar import Request

from designcore.app.http.rate_limits import (
    RateLimited,
    account_address_key,
    account_key,
    address_key,
    first_refusal,
)
from designcore.ports.rate_limit import RateLimiter

RATE_LIMITS: dict[str, tuple[int, int]] = {
    "signup": (30, 3600),  # the limit is DESIGNCORE_AUTH_SIGNUPS_PER_HOUR
    "token": (60, 300),
    "password_guess": (10, 300),
    "refresh": (300, 300),
    "recover": (5, 3600),
    "resend": (5, 3600),
    "verify": (30, 300),
    "authorize": (30, 300),
    "mfa_verify": (15, 300),
}
"""(limit, window seconds) of each action, counted per client address and, where an account
is named, per account (an e-mail or a user id); ``password_guess`` is counted per account
*and* address instead (see :func:`limit_password_guesses`)."""

MAIL_SENDING = frozenset({"recover", "resend"})
"""Actions that send mail: over their limit is ``over_email_send_rate_limit`` (GoTrue)."""


def _check(limiter: RateLimiter, action: str, keys: list[str], allowed: int | None = None) -> None:
    default, window = RATE_LIMITS[action]
    allowed = default if allowed is None else allowed
    wait = first_refusal(limiter, keys, limit=allowed, window_seconds=window)
    if wait is None:
        return
    if action in MAIL_SENDING:
        raise RateLimited(
            wait, code="over_email_send_rate_limit", message="Email rate limit exceeded"
        )
    raise RateLimited(wait)


def limit(
    limiter: RateLimiter,
    request: Request[Any, Any, Any],
    action: str,
    account: str | None = None,
    *,
    allowed: int | None = None,
) -> None:
    """Count one ``action`` against the client address and, when given, the account; over
    either limit (``allowed`` in the action's window when the operator sets it, else
    :data:`RATE_LIMITS`) raises :class:`RateLimited`."""
    scope = f"auth:{action}"
    keys = [address_key(scope, request)]
    if account:
        keys.append(account_key(scope, account))
    _check(limiter, action, keys, allowed)


def limit_password_guesses(
    limiter: RateLimiter, request: Request[Any, Any, Any], email: str
) -> str:
    """Count a password sign-in against the client address (``token``) and against the
    account from that address (``password_guess``), never against the account alone: an
    attacker's guesses from other addresses must not lock the owner out. Answers the
    account-and-address key, which the owner's success clears."""
    _check(limiter, "token", [address_key("auth:token", request)])
    pair = account_address_key("auth:password_guess", email, request)
    _check(limiter, "password_guess", [pair])
    return pair
