"""Rate limiting of HTTP routes per client address, per account, or per account and address,
over the ``RateLimiter`` port; each router turns a refusal into its own error shape."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs
from litestar import Request

from designcore.app.http.client_origin import client_address
from designcore.ports.rate_limit import RateLimiter


class RateLimited(Exception):
    """A request over a limit; each router answers it with 429, ``Retry-After`` and its own
    error shape."""

    def __init__(
        self,
        retry_after: int,
        *,
        code: str = "over_request_rate_limit",
        message: str = "Request rate limit reached",
    ) -> None:
        super().__init__(message)
        self.retry_after = retry_after
        """Whole seconds until the next attempt would be allowed."""
        self.code = code
        self.message = message


def address_key(scope: str, request: Request[Any, Any, Any]) -> str:
    """The key counting ``scope`` for the request's client address."""
    return f"{scope}:ip:{client_address(request)}"


def account_key(scope: str, account: str) -> str:
    """The key counting ``scope`` for an account (an e-mail address or a user id, compared
    case-insensitively)."""
    return f"{scope}:account:{account.strip().lower()}"


def account_address_key(scope: str, account: str, request: Request[Any, Any, Any]) -> str:
    """The key counting ``scope`` for one account from the request's client address: guesses
    at an account from many addresses never add up to a refusal of its owner's address."""
    return f"{account_key(scope, account)}:ip:{client_address(request)}"


def first_refusal(
    limiter: RateLimiter, keys: Iterable[str], *, limit: int, window_seconds: int
) -> int | None:
    """Count one attempt against each key in turn; the seconds to wait for the first key over
    ``limit`` within ``window_seconds`` (keys after it are not counted), else ``None``."""
    for key in keys:
        decision = limiter.hit(key, limit=limit, window_seconds=window_seconds)
        if not decision.allowed:
            return decision.retry_after
    return None


def retry_after(
    limiter: RateLimiter,
    request: Request[Any, Any, Any],
    scope: str,
    *,
    limit: int,
    window_seconds: int,
    account: str | None = None,
) -> int | None:
    """Count one request of ``scope`` against the client address and, when given, the account.
    Answers the seconds to wait when either is over ``limit`` within ``window_seconds``, else
    ``None``."""
    keys = [address_key(scope, request)]
    if account:
        keys.append(account_key(scope, account))
    return first_refusal(limiter, keys, limit=limit, window_seconds=window_seconds)


@attrs.frozen
class Quota:
    """At most ``limit`` requests within ``window_seconds`` for one key."""

    limit: int
    window_seconds: int


def retry_after_quotas(limiter: RateLimiter, hits: Iterable[tuple[str, Quota]]) -> int | None:
    """Count one request against each key under its own quota, in order, stopping at the first
    that is spent (keys after it are not counted). Answers the seconds to wait, else ``None``.
    Lets one route count an account and a client address with different limits (many
    customers share one address behind a carrier-grade NAT)."""
    for key, quota in hits:
        decision = limiter.hit(key, limit=quota.limit, window_seconds=quota.window_seconds)
        if not decision.allowed:
            return decision.retry_after
    return None
