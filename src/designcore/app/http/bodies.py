"""Request bodies read one way: strictly, into a msgspec struct, with one error translation.

A route names its body as a dependency, ``dependencies={"payload": json_body(SomeIn)}``, and
takes ``payload: NamedDependency[SomeIn]``. The body is decoded strictly (``"2"`` is not a
number, ``"true"`` not a boolean, unknown fields are refused where the struct forbids them),
which Litestar's own ``data`` parameter does not do (it converts leniently). Every msgspec
error becomes our 400 body ``{status, code, message, issues}`` through :func:`issue_of`.

The rule: every route of our own ``/api/v1`` reads its body here, never with ``data``
(``tests/unit/app/test_http_bodies.py`` walks the app's handlers). The provider-compatible
routes keep Litestar's lenient ``data`` on purpose, because their clients send what the
services they imitate accept: the auth API (``/auth/v1``, GoTrue's clients), the RPCs
(``/api/v1/rpc/…``, PostgREST's), the payment functions (``/functions/v1``), the Paystack
webhook (``/api/v1/webhooks``) and the payment sandbox (``/sandbox``, Paystack's).

Renamed fields stay readable for a release: a struct lists its old top-level names in
``deprecated_names: ClassVar[dict[str, str]]`` (old → new). A body that uses one is read as if
it had used the new name (both at once: 400), and the answer says so with ``Deprecation`` and
``Link: <…>; rel="deprecation"`` (RFC 9745), added by one ``before_send`` hook,
:func:`deprecation_headers`, from what the reader left in the request's state. Bodies without
an old name pay one byte search, not a second parse.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import Any, TypeVar

import msgspec
from litestar import Request
from litestar.datastructures import MutableScopeHeaders
from litestar.di import Provide
from litestar.types import Message, Scope

from designcore.domain.errors import FieldIssue, ValidationFailed

T = TypeVar("T")

_AT_PATH = re.compile(r"at `\$\.?([^`]*)`")
_NAMED = re.compile(r"field `([^`]+)`")


class MalformedJson(ValidationFailed):
    """The body is not JSON at all (400 ``malformed_json``)."""

    code = "malformed_json"


def issue_of(error: msgspec.ValidationError) -> FieldIssue:
    """The field a msgspec validation error names (``body`` when none) and what was wrong."""
    text = str(error)
    found = _AT_PATH.search(text) or _NAMED.search(text)
    path = found.group(1) if found and found.group(1) else "body"
    return FieldIssue(path, _AT_PATH.sub("", text).strip(" -"))


def decode(body: bytes, kind: type[T]) -> T:
    """``body`` decoded strictly as ``kind``: ``ValidationFailed`` naming the field, or
    ``malformed_json`` for a body that is empty or not JSON."""
    if not body.strip():
        raise MalformedJson(
            [FieldIssue("body", "the body is empty")], "the request body must be a JSON object"
        )
    try:
        return msgspec.json.decode(body, type=kind, strict=True)
    except msgspec.ValidationError as error:
        raise ValidationFailed([issue_of(error)]) from None
    except msgspec.DecodeError as error:
        raise MalformedJson(
            [FieldIssue("body", f"not valid JSON: {error}")],
            f"the request body is not valid JSON: {error}",
        ) from None


DEPRECATED_NAMES = "deprecated_names"
"""A struct's class variable mapping old top-level field names, still read, to their new ones."""

DEPRECATED_SINCE = datetime(2026, 11, 29, tzinfo=UTC)
"""When the camelCase field names of our own ``/api/v1`` bodies were deprecated for their
snake_case names (issue 21): the ``Deprecation`` header's date."""

DEPRECATION_LINK = "/schema/swagger"
"""The ``rel="deprecation"`` link: the API document, which states the new names only (docs/api.md,
"Field names", lists the old ones)."""

USED_OLD_NAMES = "designcore.deprecated_names_used"
"""The request-state key where the reader leaves the old names a body used."""


def renamed(body: bytes, kind: type[Any]) -> tuple[bytes, list[str]]:
    """``body`` with the old names of ``kind``'s :data:`DEPRECATED_NAMES` replaced by the new
    ones, and the old names it used (``body`` itself and none when it names none of them at the
    top level). A body that gives a field under both names is a ``ValidationFailed``."""
    old_to_new: dict[str, str] = getattr(kind, DEPRECATED_NAMES, {})
    if not any(f'"{old}"'.encode() in body for old in old_to_new):
        return body, []
    try:
        fields = msgspec.json.decode(body)
    except msgspec.DecodeError:
        return body, []  # :func:`decode` says what is wrong with it
    if not isinstance(fields, dict):
        return body, []
    used = [old for old in old_to_new if old in fields]
    both = [old for old in used if old_to_new[old] in fields]
    if both:
        raise ValidationFailed(
            [
                FieldIssue(old, f"give {old_to_new[old]} only ({old} is its deprecated name)")
                for old in both
            ]
        )
    if not used:
        return body, []
    return msgspec.json.encode({old_to_new.get(k, k): v for k, v in fields.items()}), used


async def read_json(request: Request[Any, Any, Any], kind: type[T]) -> T:
    """The request's body as ``kind`` (see :func:`decode`), old field names included
    (:func:`renamed`; the request's state records them for :func:`deprecation_headers`)."""
    body, used = renamed(await request.body(), kind)
    if used:
        request.state[USED_OLD_NAMES] = used
    return decode(body, kind)


def body_dependency(reader: Callable[..., Awaitable[T]], kind: type[T]) -> Provide:
    """``reader``, a coroutine function that returns :func:`read_json` of ``kind``, as a
    dependency the API document states as the route's body. For a body read only after other
    dependencies (who the caller is, say): ``reader`` names them as parameters, since Litestar
    resolves a dependency with none before those that have some."""
    BODY_KINDS[reader] = kind
    return Provide(reader)


def json_body(kind: type[T], *, optional: bool = False) -> Provide:
    """The dependency that reads the request body as ``kind`` (:func:`read_json`); with
    ``optional``, an empty body reads as ``kind()`` (every field at its default) and the API
    document states the body as optional."""

    async def read(request: Request[Any, Any, Any]) -> T:
        if optional and not (await request.body()).strip():
            return kind()
        return await read_json(request, kind)

    if optional:
        OPTIONAL_BODIES.add(read)
    return body_dependency(read, kind)


OPTIONAL_BODIES: set[Callable[..., Any]] = set()
"""The :func:`json_body` readers whose body may be left out."""


BODY_KINDS: dict[Callable[..., Any], type[Any]] = {}
"""The struct each :func:`json_body` reader decodes, so the API document can state the body
(``designcore.app.http.api_docs.document_json_bodies``)."""


async def deprecation_headers(message: Message, scope: Scope) -> None:
    """A ``before_send`` hook: the answer to a body that used a deprecated field name carries
    ``Deprecation: @<unix seconds>`` (RFC 9745's date form, :data:`DEPRECATED_SINCE`) and
    ``Link: <{DEPRECATION_LINK}>; rel="deprecation"``. A coroutine, so Litestar does not run it
    in a worker thread."""
    if message["type"] != "http.response.start":
        return
    if not (scope.get("state") or {}).get(USED_OLD_NAMES):
        return
    headers = MutableScopeHeaders.from_message(message)
    headers["Deprecation"] = f"@{int(DEPRECATED_SINCE.timestamp())}"
    headers.add("Link", f'<{DEPRECATION_LINK}>; rel="deprecation"')
