"""Request bodies read one way: strictly, into a msgspec struct, with one error translation.

A route names its body as a dependency, ``dependencies={"payload": json_body(SomeIn)}``, and
takes ``payload: NamedDependency[SomeIn]`` (``data`` is Litestar's own, lenient, body). The body is decoded strictly (``"2"`` is not a number,
``"true"`` not a boolean, unknown fields are refused where the struct forbids them), which
Litestar's own ``data`` parameter does not do (it converts leniently). Every msgspec error
becomes our 400 body ``{status, code, message, issues}`` through :func:`issue_of`.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import msgspec
from litestar import Request
from litestar.di import Provide

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


def json_body(kind: type[T]) -> Provide:
    """The dependency that reads the request body as ``kind`` (see :func:`decode`)."""

    async def read(request: Request[Any, Any, Any]) -> T:
        return decode(await request.body(), kind)

    reader: Callable[[Request[Any, Any, Any]], Awaitable[T]] = read
    BODY_KINDS[reader] = kind
    return Provide(reader)


BODY_KINDS: dict[Callable[..., Any], type[Any]] = {}
"""The struct each :func:`json_body` reader decodes, so the API document can state the body
(``designcore.app.http.api_docs.document_json_bodies``)."""
