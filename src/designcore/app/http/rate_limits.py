"""Rate limiting of HTTP routes per client address and per account, over the ``RateLimiter``
port; each router turns a refusal into its own error shape."""

from __future__ import annotations

from typing import Any

from litestar import Request

from designcore.ports.rate_limit import RateLimiter


def client_address(request: Request[Any, Any, Any]) -> str:
    """The client's address as the server sees it."""
    return request.client.host if request.client else "unknown"


def retry_after(
    limiter: RateLimiter,
    request: Request[Any, Any, Any],
    scope: str,
    *,
    limit: int,
    window_seconds: int,
    account: str | None = None,
) -> int | None:
    """Count one request of ``scope`` against the client address and, when given, the account
    (an e-mail address or a user id, compared case-insensitively). Answers the seconds to wait
    when either is over ``limit`` within ``window_seconds``, else ``None``."""
    keys = [f"{scope}:ip:{client_address(request)}"]
    if account:
        keys.append(f"{scope}:account:{account.strip().lower()}")
    for key in keys:
        decision = limiter.hit(key, limit=limit, window_seconds=window_seconds)
        if not decision.allowed:
            return decision.retry_after
    return None
