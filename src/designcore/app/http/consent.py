"""The visitor's analytics consent, read from each request and put where the services' event
capture finds it (``designcore.app.services.analytics.CONSENT``).

The web app writes the visitor's answer to the banner into the cookie :data:`CONSENT_COOKIE`
(``granted`` or ``refused``, a year, ``SameSite=Lax``) when they answer, and on every start
from what it remembers, so every request of that browser carries it, including the API calls
whose side effects capture server-side events. No cookie means no answer yet; ``DNT: 1`` or
``Sec-GPC: 1`` counts as a refusal (docs/decisions.md, "Analytics consent on the server").
"""

from __future__ import annotations

from litestar.datastructures import Headers
from litestar.enums import ScopeType
from litestar.middleware import ASGIMiddleware
from litestar.types import ASGIApp, Receive, Scope, Send

from designcore.app.services.analytics import CONSENT
from designcore.domain.analytics import Consent, consent_from

CONSENT_COOKIE = "designcore_analytics_consent"
"""The cookie the web app sets to ``granted`` or ``refused``."""

__all__ = ["CONSENT_COOKIE", "ConsentMiddleware", "consent_of"]


def consent_of(headers: Headers) -> Consent:
    """The consent a request's headers state (cookie, ``DNT``, ``Sec-GPC``)."""
    value = None
    for part in headers.get("cookie", "").split(";"):
        name, _, raw = part.strip().partition("=")
        if name == CONSENT_COOKIE:
            value = raw.strip()
    do_not_track = (
        headers.get("dnt", "").strip() == "1" or headers.get("sec-gpc", "").strip() == "1"
    )
    return consent_from(value, do_not_track=do_not_track)


class ConsentMiddleware(ASGIMiddleware):
    """Sets :data:`~designcore.app.services.analytics.CONSENT` for the request it passes on
    (sync handlers run in worker threads that inherit it)."""

    scopes = (ScopeType.HTTP,)

    async def handle(self, scope: Scope, receive: Receive, send: Send, next_app: ASGIApp) -> None:
        """Read the consent, then serve the request under it."""
        token = CONSENT.set(consent_of(Headers.from_scope(scope)))
        try:
            await next_app(scope, receive, send)
        finally:
            CONSENT.reset(token)
