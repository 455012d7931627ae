"""Who a request comes from: the one place that reads the peer's address and the proxies'
forwarding headers (``X-Forwarded-For``, ``-Proto``, ``-Host``).

The headers count only when a proxy of ``DESIGNCORE_TRUSTED_PROXIES`` sends them
(:func:`designcore.domain.deployment.resolve_client`); the server itself never rewrites the
peer (``serve`` turns uvicorn's own proxy-header handling off).
"""

from __future__ import annotations

from typing import Any

from litestar import Request

from designcore.domain.deployment import ClientOrigin, Network, resolve_client

TRUSTED_PROXIES_STATE = "trusted_proxies"
"""The app-state key of the trusted proxies' networks (set by ``create_app``)."""


def client_origin(request: Request[Any, Any, Any]) -> ClientOrigin:
    """The request's client as far as the trusted proxies vouch for it."""
    trusted: tuple[Network, ...] = request.app.state.get(TRUSTED_PROXIES_STATE, ())
    peer = request.client.host if request.client else None
    scheme = str(request.scope.get("scheme", "http"))
    return resolve_client(peer, scheme, dict(request.headers.items()), trusted)


def client_address(request: Request[Any, Any, Any]) -> str:
    """The client's address (a trusted proxy's forwarded one, else the peer's)."""
    return client_origin(request).address
