"""The app's routes, read from its own route table, for the tests that sweep every endpoint
(hostile input, NUL characters, the endpoint table of docs/security.md)."""

from __future__ import annotations

import json
import types
import typing
from dataclasses import dataclass, field
from typing import Annotated, Any
from urllib.parse import quote

import msgspec
import sqlalchemy as sa
from litestar import Litestar
from litestar.params import BodyKwarg
from litestar.routes import HTTPRoute

from designcore.app.http.bodies import BODY_KINDS
from designcore.ports.rate_limit import RateDecision

RAW_BODY_FIELDS: dict[str, dict[str, type]] = {
    "/functions/v1/create-premium-upgrade": {"amount": int, "currency": str},
    "/functions/v1/verify-premium-payment": {"reference": str},
    "/api/v1/webhooks/paystack": {"event": str, "data": dict},
}
"""The JSON fields of handlers that parse their raw body themselves (not introspectable);
``object`` marks free-form values (user metadata) that take every JSON type."""
FALLBACK_FIELDS: dict[str, type] = {
    name: kind for fields in RAW_BODY_FIELDS.values() for name, kind in fields.items()
}
"""What a raw-body handler missing from the table above is sent: every field name known."""

RAW_QUERY: dict[str, tuple[str, ...]] = {}
"""Query parameters read from ``request.query_params`` rather than the signature."""


BENIGN_PATH = {"bucket": "template-previews", "path": "missing.png"}


class AllowEverything:
    """A rate limiter that never refuses, so every hostile request reaches the service."""

    def hit(self, key: str, *, limit: int, window_seconds: int) -> RateDecision:
        """Allow."""
        return RateDecision(allowed=True, retry_after=0)

    def reset(self, key: str) -> None:
        """Nothing to forget."""


@dataclass(frozen=True)
class Endpoint:
    """One method of one route, with what it reads from the request."""

    method: str
    path: str
    path_params: tuple[str, ...]
    query: dict[str, Any]
    body_fields: dict[str, Any] | None = field(default=None)
    """Field name → expected type; ``None`` when the handler reads no body."""
    max_body: int | None = field(default=None)
    """The largest body the route takes (its own limit, else the app's)."""

    @property
    def auth(self) -> bool:
        """Whether it is under ``/auth/v1`` (GoTrue error bodies)."""
        return self.path.startswith("/auth/v1")

    def url(self, values: dict[str, str] | None = None) -> str:
        """The path with each parameter replaced (URL-encoded)."""
        url = self.path
        for name in self.path_params:
            raw = (values or {}).get(name, BENIGN_PATH.get(name, "00000000-no-such-id"))
            encoded = quote(raw, safe="/" if name == "path" else "")
            url = url.replace("{" + name + ":str}", encoded).replace("{" + name + ":path}", encoded)
            # A whole-number parameter (a version number) takes a whole number.
            url = url.replace("{" + name + ":int}", (values or {}).get(name, "1"))
        return url


def plain_type(annotation: Any) -> Any:
    """The JSON kind a field takes: ``str``, ``dict``, ``int``…, or ``object`` for anything
    (``Annotated`` constraints and ``| None`` dropped, ``dict[str, Any]`` as ``dict``)."""
    if typing.get_origin(annotation) is Annotated:
        return plain_type(typing.get_args(annotation)[0])
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        kinds = [a for a in typing.get_args(annotation) if a is not type(None)]
        return plain_type(kinds[0]) if len(kinds) == 1 else annotation
    if annotation is Any:
        return object
    return typing.get_origin(annotation) or annotation


def struct_fields(struct: Any) -> dict[str, Any]:
    """A body struct's JSON field names and their kinds."""
    return {f.encode_name: plain_type(f.type) for f in msgspec.structs.fields(struct)}


def endpoints(app: Litestar) -> list[Endpoint]:
    """Every method of every HTTP route, from the app's own route table: a body read as
    Litestar's ``data`` or by ``app/http/bodies.py`` (a dependency) is a struct's fields."""
    found = []
    for route in app.routes:
        if not isinstance(route, HTTPRoute):
            continue
        for handler in route.route_handlers:
            methods = set(handler.http_methods) - {"OPTIONS", "HEAD"}
            if not methods:
                continue
            query: dict[str, Any] = dict.fromkeys(RAW_QUERY.get(route.path, ()), str)
            body: dict[str, Any] | None = None
            for provider in handler.resolve_dependencies().values():
                if provider.dependency in BODY_KINDS:
                    body = struct_fields(BODY_KINDS[provider.dependency])
            for name, parameter in handler.parsed_fn_signature.parameters.items():
                kind = type(parameter.kwarg_definition).__name__
                if kind == "QueryParameter":
                    query[getattr(parameter.kwarg_definition, "name", None) or name] = (
                        parameter.annotation
                    )
                elif isinstance(parameter.kwarg_definition, BodyKwarg) or name == "data":
                    body = struct_fields(plain_type(parameter.annotation))
                elif name == "body":
                    body = RAW_BODY_FIELDS.get(route.path, FALLBACK_FIELDS)
            for method in sorted(methods):
                found.append(
                    Endpoint(
                        method,
                        route.path,
                        tuple(route.path_parameters),
                        query,
                        body,
                        handler.resolve_request_max_body_size(),
                    )
                )
    return found


def with_field(base: dict[str, Any], dotted: str, value: Any) -> dict[str, Any]:
    """A copy of ``base`` with ``dotted`` (``a`` or ``a.b``) set to ``value``."""
    body = json.loads(json.dumps(base))
    head, _, tail = dotted.partition(".")
    if tail:
        inner = body.get(head) if isinstance(body.get(head), dict) else {}
        body[head] = {**inner, tail: value}
    else:
        body[head] = value
    return body


def snapshot(engine: sa.Engine) -> dict[str, int]:
    """Row counts of every table."""
    with engine.connect() as conn:
        names = sa.inspect(conn).get_table_names()
        return {n: conn.execute(sa.text(f'SELECT count(*) FROM "{n}"')).scalar_one() for n in names}


def route_methods(app: Litestar) -> set[tuple[str, str]]:
    """Every ``(method, path)`` the app answers, OPTIONS and HEAD left out (CORS and GET
    answer those), paths as the route table spells them (``{template_id:str}``)."""
    return {
        (method, route.path)
        for route in app.routes
        if isinstance(route, HTTPRoute)
        for handler in route.route_handlers
        for method in set(handler.http_methods) - {"OPTIONS", "HEAD"}
    }
