"""Request bodies are JSON unless a route says otherwise: anything else is 415.

One middleware checks every route before its handler reads the body, so a JSON route given
``text/plain``, a form or no type at all answers 415 ``unsupported_media_type`` (raised as
:class:`~designcore.domain.errors.UnsupportedMedia`, so each router's error mapping words it)
instead of parsing the bytes anyway. A route that takes other bodies names them in its
``opt``: ``opt={ACCEPTED_MEDIA: ANY_MEDIA}`` (an upload), ``opt={ACCEPTED_MEDIA: JSON_OR_FORM}``
(the payment sandbox, as the provider it imitates).
"""

from __future__ import annotations

from litestar.datastructures import Headers
from litestar.enums import ScopeType
from litestar.middleware import ASGIMiddleware
from litestar.types import ASGIApp, Receive, Scope, Send

from designcore.domain.errors import UnsupportedMedia

ACCEPTED_MEDIA = "accepted_media"
"""Route option (``opt``) naming the request media types a route takes besides JSON."""
JSON = "json"
"""``application/json`` and every ``application/*+json`` type, with any parameters."""
FORM = "form"
"""``application/x-www-form-urlencoded`` and ``multipart/form-data``."""
ANY_MEDIA: frozenset[str] = frozenset({"*"})
"""Any body at all (an upload sniffs its bytes itself)."""
JSON_OR_FORM: frozenset[str] = frozenset({JSON, FORM})
"""JSON, or a form."""
JSON_ONLY: frozenset[str] = frozenset({JSON})
"""The default of every route."""

BODY_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
"""Methods whose body a handler reads."""
_FORMS = frozenset({"application/x-www-form-urlencoded", "multipart/form-data"})


def media_kind(content_type: str | None) -> str | None:
    """``JSON``, ``FORM`` or ``None`` (anything else) for a ``Content-Type`` value."""
    if not content_type:
        return None
    essence = content_type.split(";", 1)[0].strip().lower()
    kind, _, subtype = essence.partition("/")
    if kind == "application" and (subtype == "json" or subtype.endswith("+json")):
        return JSON
    if essence in _FORMS:
        return FORM
    return None


def has_body(headers: Headers) -> bool:
    """Whether the request carries body bytes (a length above 0, or a chunked body)."""
    length = headers.get("content-length")
    if length is not None:
        return length.strip() not in ("", "0")
    return "transfer-encoding" in headers


class RequestMediaMiddleware(ASGIMiddleware):
    """Refuses a request body of a media type its route does not take, before it is read."""

    scopes = (ScopeType.HTTP,)

    async def handle(self, scope: Scope, receive: Receive, send: Send, next_app: ASGIApp) -> None:
        """Raise ``UnsupportedMedia`` for a body of the wrong type; pass everything else on."""
        if scope.get("method") in BODY_METHODS:
            headers = Headers.from_scope(scope)
            if has_body(headers):
                handler = scope.get("route_handler")
                accepted = handler.opt.get(ACCEPTED_MEDIA, JSON_ONLY) if handler else JSON_ONLY
                content_type = headers.get("content-type")
                if "*" not in accepted and media_kind(content_type) not in accepted:
                    raise UnsupportedMedia(_refusal(accepted, content_type))
        await next_app(scope, receive, send)


def _refusal(accepted: frozenset[str], content_type: str | None) -> str:
    wanted = "JSON (Content-Type: application/json)"
    if FORM in accepted:
        wanted += " or a form"
    given = f"not {content_type.split(';', 1)[0].strip()}" if content_type else "none was given"
    return f"the request body must be {wanted}; {given}"
