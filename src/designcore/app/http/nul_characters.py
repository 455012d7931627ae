"""No NUL character gets past the edge: one middleware refuses it anywhere in a request.

PostgreSQL cannot store U+0000 in text (psycopg raises ``DataError``), SQLite stores it and
C-string code cuts the text short at it, and no person types one. So a request holding it in
its path, its query string, a header, or its body (a JSON string at any depth, escaped as
``\\u0000``, a form field, or a raw NUL byte) is refused with 400 ``nul_character`` before its
handler runs, raised as :class:`NulCharacter` so each router's error mapping words it (the
``{status, code, message, issues}`` body under ``/api``, GoTrue's under ``/auth/v1``,
Paystack's under ``/sandbox``). The body is read ahead up to the route's size limit (a larger
one is left for Litestar to refuse with 413) and handed on unchanged, so a body the handler
would ignore is judged too; a route that takes any body (``opt={ACCEPTED_MEDIA: ANY_MEDIA}``:
an upload's image bytes) is exempt from the body check only.
"""

from __future__ import annotations

import math
import re
from typing import TypeGuard
from urllib.parse import parse_qsl, unquote_to_bytes

from litestar.datastructures import Headers
from litestar.enums import ScopeType
from litestar.handlers import HTTPRouteHandler
from litestar.middleware import ASGIMiddleware
from litestar.types import ASGIApp, Receive, ReceiveMessage, Scope, Send

from designcore.app.http.request_media import (
    ACCEPTED_MEDIA,
    BODY_METHODS,
    FORM,
    JSON,
    JSON_ONLY,
    media_kind,
)
from designcore.domain.errors import FieldIssue, ValidationFailed

NUL = "\x00"
MESSAGE = "the request holds a NUL character (U+0000), which no text here may contain"
"""The refusal's message; its one issue names where the character was found."""

_ESCAPED_NUL = re.compile(rb"(?<!\\)(?:\\\\)*\\u0000")
"""``\\u0000`` in JSON text, not preceded by an escaped backslash (``\\\\u0000`` is the six
characters ``\\u0000``, not a NUL)."""


class NulCharacter(ValidationFailed):
    """A request held U+0000; nothing was read further and nothing was changed."""

    code = "nul_character"

    def __init__(self, where: str) -> None:
        super().__init__((FieldIssue(where, "contains a NUL character (U+0000)"),), MESSAGE)


def nul_in_query(query_string: bytes) -> str | None:
    """The name of the first query parameter (or ``query``) whose name or value decodes to
    text holding NUL; ``None`` when there is none."""
    if b"\x00" not in unquote_to_bytes(query_string):
        return None
    for name, value in parse_qsl(query_string.decode("latin-1"), keep_blank_values=True):
        if NUL in name or NUL in value:
            clean = name.replace(NUL, "")
            return f"query.{clean}" if clean else "query"
    return "query"


def nul_in_body(body: bytes, kind: str | None) -> bool:
    """Whether a body of media ``kind`` (``JSON``, ``FORM`` or ``None``) holds a NUL: a raw
    NUL byte, an escaped one in JSON, or a percent-encoded one in a URL-encoded form."""
    if b"\x00" in body:
        return True
    if kind == JSON:
        return b"\\u0000" in body and _ESCAPED_NUL.search(body) is not None
    if kind == FORM:
        return b"%00" in body and b"\x00" in unquote_to_bytes(body)
    return False


class NulCharacterMiddleware(ASGIMiddleware):
    """Refuses a request that holds U+0000 in its path, query, headers or body."""

    scopes = (ScopeType.HTTP,)

    async def handle(self, scope: Scope, receive: Receive, send: Send, next_app: ASGIApp) -> None:
        """Raise :class:`NulCharacter` for a NUL in the path, query, headers or body (read
        ahead, up to the route's body limit, and handed on unchanged); pass the rest on."""
        if NUL in scope["path"]:
            raise NulCharacter("path")
        where = nul_in_query(scope.get("query_string", b""))
        if where is not None:
            raise NulCharacter(where)
        for name, value in scope["headers"]:
            if b"\x00" in value or b"\x00" in name:
                raise NulCharacter("header." + name.replace(b"\x00", b"").decode("latin-1"))
        handler = scope.get("route_handler")
        accepted = handler.opt.get(ACCEPTED_MEDIA, JSON_ONLY) if handler else JSON_ONLY
        if scope.get("method") not in BODY_METHODS or "*" in accepted:
            await next_app(scope, receive, send)
            return
        headers = Headers.from_scope(scope)
        resolved = handler.resolve_request_max_body_size() if _is_http(handler) else None
        limit = resolved or math.inf
        messages, body = await _read_body(receive, headers, limit)
        if body is not None and nul_in_body(body, media_kind(headers.get("content-type"))):
            raise NulCharacter("body")
        await next_app(scope, _replay(messages, receive), send)


def _is_http(handler: object) -> TypeGuard[HTTPRouteHandler]:
    return isinstance(handler, HTTPRouteHandler)


async def _read_body(
    receive: Receive, headers: Headers, limit: float
) -> tuple[list[ReceiveMessage], bytes | None]:
    """The body's messages read ahead, and the whole body; ``None`` for the body when it is
    announced or found to be over ``limit`` (Litestar refuses it with 413 when the handler
    reads it) or the client went away."""
    announced = headers.get("content-length", "")
    if announced.strip().isdigit() and int(announced) > limit:
        return [], None
    messages: list[ReceiveMessage] = []
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        messages.append(message)
        if message["type"] != "http.request":
            return messages, None
        chunk = message.get("body", b"")
        chunks.append(chunk)
        size += len(chunk)
        if size > limit:
            return messages, None
        if not message.get("more_body", False):
            return messages, b"".join(chunks)


def _replay(messages: list[ReceiveMessage], receive: Receive) -> Receive:
    """A ``receive`` that hands out ``messages`` first, then reads on."""
    pending = list(messages)

    async def replayed() -> ReceiveMessage:
        return pending.pop(0) if pending else await receive()

    return replayed
