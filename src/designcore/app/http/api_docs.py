"""The API documents: OpenAPI at ``/schema/openapi.json`` and Swagger UI at ``/schema/swagger``.

Swagger UI's files are served by us, not a CDN, so the docs work with no internet: the web
build copies them from the ``swagger-ui-dist`` package into ``{web dist}/swagger-ui/``
(``web/vite-plugins/swagger-ui.ts``), whence the web app's routes serve them, precompressed like the
rest of the build. The page has no inline code (a served ``init.js`` starts Swagger UI), so it
runs under the pages' strict Content-Security-Policy.
"""

from __future__ import annotations

import html
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import msgspec
from litestar import HttpMethod, Litestar, Request, Response, Router, get
from litestar._openapi.datastructures import OpenAPIContext
from litestar._openapi.plugin import OpenAPIPlugin
from litestar._openapi.schema_generation import SchemaCreator
from litestar.enums import ParamType
from litestar.openapi import OpenAPIConfig
from litestar.openapi.plugins import JsonRenderPlugin, OpenAPIRenderPlugin
from litestar.openapi.spec import (
    OpenAPI,
    OpenAPIFormat,
    OpenAPIHeader,
    OpenAPIMediaType,
    OpenAPIResponse,
    OpenAPIType,
    Operation,
    Parameter,
    Reference,
    RequestBody,
    Schema,
)
from litestar.routes import HTTPRoute
from litestar.typing import FieldDefinition

from designcore import __version__
from designcore.app.http.bodies import BODY_KINDS, OPTIONAL_BODIES
from designcore.domain import document as design_document

ASSETS_URL = "/swagger-ui"
"""Where the web app's routes serve Swagger UI's files (``{web dist}/swagger-ui/``)."""
ASSET_FILES = ("swagger-ui.css", "swagger-ui-bundle.js", "swagger-ui-standalone-preset.js")

_INIT_SCRIPT = b"""\
"use strict";
window.addEventListener("DOMContentLoaded", function () {
  var root = document.getElementById("swagger-ui");
  window.ui = SwaggerUIBundle({
    url: root.getAttribute("data-openapi-url"),
    dom_id: "#swagger-ui",
    deepLinking: true,
    showExtensions: true,
    showCommonExtensions: true,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    plugins: [SwaggerUIBundle.plugins.DownloadUrl],
    layout: "BaseLayout"
  });
});
"""


class SwaggerPage(OpenAPIRenderPlugin):
    """Swagger UI from our own files, started by a served script (no inline code)."""

    def __init__(self, assets_dir: Path | None, *, path: str = "/swagger") -> None:
        super().__init__(path=path, favicon="", style="")
        self.assets_dir = assets_dir
        self.init_url = f"/schema{path}/init.js"
        """Where ``init.js`` is served (set again when the router is known)."""

    def has_assets(self) -> bool:
        """Whether the web build brought Swagger UI's files."""
        return self.assets_dir is not None and all(
            (self.assets_dir / name).is_file() for name in ASSET_FILES
        )

    def render(self, request: Request[Any, Any, Any], openapi_schema: dict[str, Any]) -> bytes:
        """The page: Swagger UI's stylesheet and scripts, then ``init.js``."""
        title = html.escape(str(openapi_schema["info"]["title"]))
        spec_url = html.escape(self.get_openapi_json_route(request))
        if not self.has_assets():
            return (
                f'<!doctype html><html lang="en"><meta charset="utf-8"><title>{title} API</title>'
                f"<h1>{title} API</h1><p>The API document is at "
                f'<a href="{spec_url}">{spec_url}</a>. Swagger UI comes with the built web app: '
                "run <code>npm run build</code> in <code>web/</code> (<code>./dev serve</code> "
                "does).</p></html>"
            ).encode()
        init_url = html.escape(self.init_url)
        return (
            '<!doctype html><html lang="en"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{title} API</title>"
            '<link rel="icon" type="image/svg+xml" href="/favicon.svg">'
            f'<link rel="stylesheet" href="{ASSETS_URL}/swagger-ui.css">'
            f'<script src="{ASSETS_URL}/swagger-ui-bundle.js" defer></script>'
            f'<script src="{ASSETS_URL}/swagger-ui-standalone-preset.js" defer></script>'
            f'<script src="{init_url}" defer></script>'
            f'</head><body><div id="swagger-ui" data-openapi-url="{spec_url}"></div></body></html>'
        ).encode()

    def receive_router(self, router: Router) -> None:
        """Add ``{path}/init.js``, the script that starts Swagger UI."""

        def init_script() -> Response[bytes]:
            return Response(
                _INIT_SCRIPT,
                media_type="text/javascript",
                headers={"Cache-Control": "no-cache"},
            )

        path = f"{self.paths[0].rstrip('/')}/init.js"
        router.register(get(path, include_in_schema=False, sync_to_thread=False)(init_script))
        self.init_url = f"{router.path.rstrip('/')}{path}"


def openapi_config(web_dist: Path | None) -> OpenAPIConfig:
    """OpenAPI at ``/schema/openapi.json``; Swagger UI at ``/schema/swagger`` (and ``/schema``)
    from the Swagger UI files of the built web app in ``web_dist``."""
    assets = None if web_dist is None else web_dist / ASSETS_URL.strip("/")
    return OpenAPIConfig(
        title="designcore",
        version=__version__,
        path="/schema",
        render_plugins=[SwaggerPage(assets), JsonRenderPlugin()],
    )


ERROR_STATUSES: dict[int, str] = {
    400: "The request is malformed or breaks a rule (a NUL character, a bad value, bad JSON)",
    401: "Signing in is required, or the access token is not valid",
    402: "The action needs a premium plan",
    403: "The signed-in user may not do this",
    404: "Nothing is at this address",
    409: "The change conflicts with the current state (a version, a duplicate)",
    413: "The request body is larger than allowed",
    415: "The request body's media type is not accepted",
    422: "The request is well-formed but its values cannot be used",
    428: "The request must be conditional (If-Match)",
    429: "Too many requests: try again after Retry-After seconds",
    503: "A service behind the API is unavailable for the moment",
}
"""Every error status the one error mapping (``app/http/errors.py``) gives, as every operation
may answer it; :func:`document_errors` declares them all on every operation."""

ERROR_SCHEMA = "Error"
AUTH_ERROR_SCHEMA = "AuthError"
AUTH_PREFIX = "/auth/v1"
"""Under this prefix errors take GoTrue's shape (``app/http/auth/errors.py``)."""


def _error_schemas() -> dict[str, Schema]:
    issue = Schema(
        type=OpenAPIType.OBJECT,
        properties={
            "path": Schema(type=OpenAPIType.STRING, description="Where in the request"),
            "message": Schema(type=OpenAPIType.STRING, description="What is wrong there"),
        },
        required=["path", "message"],
    )
    return {
        "FieldIssue": issue,
        ERROR_SCHEMA: Schema(
            type=OpenAPIType.OBJECT,
            description="The body of every error answer (``app/http/errors.py``).",
            properties={
                "status": Schema(type=OpenAPIType.INTEGER, description="The HTTP status"),
                "code": Schema(type=OpenAPIType.STRING, description="A stable machine code"),
                "message": Schema(type=OpenAPIType.STRING, description="For people"),
                "issues": Schema(
                    type=OpenAPIType.ARRAY,
                    items=Reference(ref="#/components/schemas/FieldIssue"),
                    description="One entry per bad field, for validation errors",
                ),
            },
            required=["status", "code", "message"],
        ),
        AUTH_ERROR_SCHEMA: Schema(
            description=(
                "GoTrue's error body: ``{code, message}`` when the request sends "
                "``X-Supabase-Api-Version: 2024-01-01``, else ``{code, error_code, msg}``."
            ),
            one_of=[
                Schema(
                    type=OpenAPIType.OBJECT,
                    properties={
                        "code": Schema(type=OpenAPIType.STRING),
                        "message": Schema(type=OpenAPIType.STRING),
                    },
                    required=["code", "message"],
                ),
                Schema(
                    type=OpenAPIType.OBJECT,
                    properties={
                        "code": Schema(type=OpenAPIType.INTEGER),
                        "error_code": Schema(type=OpenAPIType.STRING),
                        "msg": Schema(type=OpenAPIType.STRING),
                    },
                    required=["code", "msg"],
                ),
            ],
        ),
    }


def _error_response(status: int, schema: str) -> OpenAPIResponse:
    headers: dict[str, OpenAPIHeader | Reference] | None = None
    if status == 429:
        headers = {
            "Retry-After": OpenAPIHeader(
                schema=Schema(type=OpenAPIType.INTEGER), description="Seconds to wait"
            )
        }
    return OpenAPIResponse(
        description=ERROR_STATUSES[status],
        content={
            "application/json": OpenAPIMediaType(
                schema=Reference(ref=f"#/components/schemas/{schema}")
            )
        },
        headers=headers,
    )


def document_errors(document: OpenAPI) -> OpenAPI:
    """Declare the error schemas and responses once, as components, and every status of
    :data:`ERROR_STATUSES` on every operation with that body (replacing the framework's own
    400 shape), so a new route is documented truly without doing anything."""
    components = document.components
    components.schemas = {**(components.schemas or {}), **_error_schemas()}
    shared: dict[str, OpenAPIResponse | Reference] = {}
    for schema in (ERROR_SCHEMA, AUTH_ERROR_SCHEMA):
        for status in ERROR_STATUSES:
            shared[f"{schema}{status}"] = _error_response(status, schema)
    components.responses = {**(components.responses or {}), **shared}
    for path, item in (document.paths or {}).items():
        schema = AUTH_ERROR_SCHEMA if path.startswith(AUTH_PREFIX) else ERROR_SCHEMA
        for method in HttpMethod:
            operation = getattr(item, method.value.lower(), None)
            if operation is None:
                continue
            responses = dict(operation.responses or {})
            for status in ERROR_STATUSES:
                responses[str(status)] = Reference(ref=f"#/components/responses/{schema}{status}")
            operation.responses = dict(sorted(responses.items()))
    return document


NUL_FREE = "^[^\\u0000]*$"
"""The pattern every string a client sends matches: no NUL character, which the edge refuses
with 400 ``nul_character`` (``app/http/nul_characters.py``)."""


def _inside(schema: Schema) -> list[Schema | Reference | None]:
    """The schemas directly inside ``schema``: its items, properties, alternatives and
    additional properties."""
    nested: list[Schema | Reference | None] = [schema.items]
    nested += list((schema.properties or {}).values())
    for alternatives in (schema.one_of, schema.any_of, schema.all_of, schema.prefix_items):
        nested += list(alternatives or ())
    if isinstance(schema.additional_properties, Schema | Reference):
        nested.append(schema.additional_properties)
    return nested


def _string_schemas(schema: Schema | Reference | None, seen: set[int]) -> Iterator[Schema]:
    """Every string schema inside ``schema`` (its properties, items and alternatives)."""
    if not isinstance(schema, Schema) or id(schema) in seen:
        return
    seen.add(id(schema))
    kinds = schema.type if isinstance(schema.type, Sequence) else (schema.type,)
    if OpenAPIType.STRING in kinds and schema.format not in _OPAQUE_FORMATS:
        yield schema
    nested = [*_inside(schema), schema.schema_not]
    for inner in nested:
        yield from _string_schemas(inner, seen)


_OPAQUE_FORMATS = frozenset({"binary", "byte"})
"""Strings that are bytes (uploads), where NUL is just a byte."""


def _request_schemas(document: OpenAPI) -> Iterator[Schema | Reference | None]:
    """The schemas of what clients send: parameters, request bodies and every component
    (components are shared with answers, which never hold NUL either)."""
    yield from (document.components.schemas or {}).values()
    yield from _sent_schemas(document)


NUL_FREE_JSON = "NulFreeJson"
"""The component of any JSON value without a NUL character in a string or a key: what a
free-form object (user metadata, an event's properties, a webhook's data) may hold, and what
a body that ignores unknown fields may carry besides its own."""


def _nul_free_json() -> Schema:
    """Any JSON value; strings and object keys hold no NUL (the edge refuses one anywhere)."""
    itself = Reference(ref=f"#/components/schemas/{NUL_FREE_JSON}")
    return Schema(
        type=[
            OpenAPIType.NULL,
            OpenAPIType.BOOLEAN,
            OpenAPIType.NUMBER,
            OpenAPIType.STRING,
            OpenAPIType.ARRAY,
            OpenAPIType.OBJECT,
        ],
        description="Any JSON value; no string and no key holds a NUL character (U+0000).",
        pattern=NUL_FREE,
        property_names=Schema(pattern=NUL_FREE),
        additional_properties=itself,
        items=itself,
    )


def _is_free_form(schema: Schema) -> bool:
    """An object schema that takes any value under any key besides the properties it names
    (a free-form object, or a struct that ignores unknown fields)."""
    kinds = schema.type if isinstance(schema.type, Sequence) else (schema.type,)
    return (
        OpenAPIType.OBJECT in kinds
        and schema.property_names is None
        and (
            schema.additional_properties in (None, True) or schema.additional_properties == Schema()
        )
    )


def _reachable(
    schema: Schema | Reference | None, seen: set[int], components: dict[str, Schema]
) -> Iterator[Schema]:
    """Every schema inside ``schema`` and itself, following references to ``components``."""
    if isinstance(schema, Reference):
        schema = components.get(schema.ref.rsplit("/", 1)[-1])
    if not isinstance(schema, Schema) or id(schema) in seen:
        return
    seen.add(id(schema))
    yield schema
    for inner in _inside(schema):
        yield from _reachable(inner, seen, components)


def _admits_anything(schema: Schema | Reference | None) -> bool:
    """A schema without a keyword: any JSON value (a field typed ``Any``)."""
    return isinstance(schema, Schema) and schema == Schema()


def _sent_schemas(document: OpenAPI) -> Iterator[Schema | Reference | None]:
    """The schemas of the parameters and request bodies of every operation."""
    for item in (document.paths or {}).values():
        for method in HttpMethod:
            operation = getattr(item, method.value.lower(), None)
            if operation is None:
                continue
            for parameter in operation.parameters or ():
                if isinstance(parameter, Parameter):
                    yield parameter.schema
            body = operation.request_body
            if isinstance(body, RequestBody):
                yield from (media.schema for media in body.content.values())


def document_nul_free_strings(document: OpenAPI) -> OpenAPI:
    """Declare on every string a client sends that it holds no NUL character (a string that
    already has a pattern keeps it, both must match), and on every free-form object and every
    field of any value that its keys and values hold none either (:data:`NUL_FREE_JSON`), so
    generated valid requests are what the API accepts."""
    seen: set[int] = set()
    for schema in _request_schemas(document):
        for string in _string_schemas(schema, seen):
            if string.pattern is None:
                string.pattern = NUL_FREE
            elif string.all_of is None and string.pattern != NUL_FREE:
                string.all_of = [Schema(pattern=NUL_FREE)]
    objects: set[int] = set()
    named = document.components.schemas or {}
    sent = [
        found for schema in _sent_schemas(document) for found in _reachable(schema, objects, named)
    ]
    free_form = [found for found in sent if _is_free_form(found)]
    anything = [
        found for found in sent if any(map(_admits_anything, (found.properties or {}).values()))
    ]
    if free_form or anything:
        components = document.components
        components.schemas = {**(components.schemas or {}), NUL_FREE_JSON: _nul_free_json()}
    nul_free_json = Reference(ref=f"#/components/schemas/{NUL_FREE_JSON}")
    for found in free_form:
        found.property_names = Schema(pattern=NUL_FREE)
        found.additional_properties = nul_free_json
    for found in anything:  # a field of any value holds no NUL either
        found.properties = {
            name: nul_free_json if _admits_anything(value) else value
            for name, value in (found.properties or {}).items()
        }
    return document


def _structs() -> Iterator[type[msgspec.Struct]]:
    pending: list[type[msgspec.Struct]] = [msgspec.Struct]
    while pending:
        struct = pending.pop()
        yield struct
        pending.extend(struct.__subclasses__())


def document_closed_objects(document: OpenAPI) -> OpenAPI:
    """Declare ``additionalProperties: false`` on the body schemas of structs that refuse
    unknown fields (``forbid_unknown_fields``; the framework does not say so), matched by their
    title and fields as encoded (a renamed field's JSON name, not its attribute's); a title
    and fields two structs share is left open unless both refuse unknown fields."""
    closed: dict[tuple[str, frozenset[str]], bool] = {}
    for struct in _structs():
        refuses = bool(struct.__struct_config__.forbid_unknown_fields)
        key = (struct.__name__, frozenset(struct.__struct_encode_fields__))
        closed[key] = closed.get(key, True) and refuses
    for schema in (document.components.schemas or {}).values():
        if schema.title is None or schema.properties is None:
            continue
        if closed.get((schema.title, frozenset(schema.properties))):
            schema.additional_properties = False
    return document


NEEDS = "needs"
"""A struct's class variable naming the fields its handler refuses to go without (absent,
``null`` or empty: 400), though the decoder takes them absent (the auth API is lenient as
GoTrue is); a tuple of names stands for "at least one of these"."""
RULES = "rules"
"""A struct's class variable mapping a field to the rules of ``app/http/field_rules.py`` its
handler checks, as ``Schema`` keywords (``min_length``, ``enum``, ...) for its string form."""
SCHEMAS = "schemas"
"""A struct's class variable mapping a field to the whole ``Schema`` its handler accepts (where
the decoder takes more so that the domain words the refusal)."""
TOGETHER = "together"
"""A struct's class variable of field groups sent all or none (``dependentRequired``)."""
CHOICES = "choices"
"""A struct's class variable of schemas the whole body must also match (``allOf``): rules
across fields, such as one field ruling out another."""
EXACTLY_ONE = "exactly_one"
"""A struct's class variable naming (by their JSON names) the fields of which exactly one is
given (present and not ``null``): ``oneOf`` alternatives, each requiring one of them."""


def _present(schema: Schema | Reference) -> Schema | Reference:
    """A field's schema without its ``null`` alternative."""
    if not isinstance(schema, Schema) or not schema.one_of:
        return schema
    kept = [
        alternative
        for alternative in schema.one_of
        if not (isinstance(alternative, Schema) and alternative.type == OpenAPIType.NULL)
    ]
    return kept[0] if len(kept) == 1 else Schema(one_of=kept)


def _string_form(schema: Schema | Reference) -> Schema | None:
    """The string alternative of a field's schema (itself when it is a string)."""
    if not isinstance(schema, Schema):
        return None
    if schema.type == OpenAPIType.STRING:
        return schema
    for alternative in schema.one_of or ():
        if isinstance(alternative, Schema) and alternative.type == OpenAPIType.STRING:
            return alternative
    return None


def _needed(schema: Schema | Reference, rules: dict[str, Any]) -> Schema:
    """A field's schema without ``null``, not empty, with ``rules``."""
    form = _string_form(schema)
    if not isinstance(schema, Schema) or form is None:
        raise ValueError(f"a needed field must be text: {schema!r}")
    needed = Schema(
        type=OpenAPIType.STRING,
        min_length=1,
        max_length=schema.max_length or form.max_length,
        description=schema.description,
    )
    for key, value in rules.items():
        setattr(needed, key, value)
    return needed


def _document_struct(schema: Schema, struct: type[msgspec.Struct]) -> None:
    properties = dict(schema.properties or {})
    rules: dict[str, dict[str, Any]] = getattr(struct, RULES, {})
    needs: tuple[str | tuple[str, ...], ...] = getattr(struct, NEEDS, ())
    for name, rule in rules.items():
        form = _string_form(properties[name])
        if form is None:
            raise ValueError(f"{struct.__name__}.{name}: rules are for text")
        for key, value in rule.items():
            setattr(form, key, value)
    whole: dict[str, Schema] = getattr(struct, SCHEMAS, {})
    properties.update(whole)
    required = list(schema.required or [])
    groups: list[Schema | Reference] = []
    for need in needs:
        if isinstance(need, str):
            if need not in whole:
                properties[need] = _needed(properties[need], rules.get(need, {}))
            required.append(need)
            continue
        groups = [
            Schema(
                required=[name],
                properties={name: _needed(properties[name], rules.get(name, {}))},
            )
            for name in need
        ]
    schema.properties = properties
    schema.required = required
    if groups:
        schema.all_of = [Schema(any_of=groups)]
    choices: list[Schema] = getattr(struct, CHOICES, [])
    if choices:
        schema.all_of = [*(schema.all_of or []), *choices]
    exactly_one: tuple[str, ...] = getattr(struct, EXACTLY_ONE, ())
    if exactly_one:
        schema.one_of = [
            Schema(required=[name], properties={name: _present(properties[name])})
            for name in exactly_one
        ]
    together: tuple[tuple[str, ...], ...] = getattr(struct, TOGETHER, ())
    for group in together:  # ``null`` counts as absent: the document says absent
        for name in group:
            form = _string_form(properties[name])
            if form is not None:
                properties[name] = form
    if together:
        schema.dependent_required = {
            name: [other for other in group if other != name]
            for group in together
            for name in group
        }


def document_field_rules(document: OpenAPI) -> OpenAPI:
    """State on request bodies what their handlers check beyond the decoder (:data:`NEEDS`,
    :data:`RULES`, :data:`SCHEMAS` and :data:`TOGETHER` of their structs), matched by title and fields."""
    structs = [
        struct
        for struct in _structs()
        if any(
            hasattr(struct, name)
            for name in (NEEDS, RULES, SCHEMAS, TOGETHER, EXACTLY_ONE, CHOICES)
        )
    ]
    for schema in (document.components.schemas or {}).values():
        for struct in structs:
            if schema.title == struct.__name__ and set(schema.properties or {}) == set(
                struct.__struct_encode_fields__
            ):
                _document_struct(schema, struct)
    return document


def document_json_bodies(app: Litestar, document: OpenAPI, config: OpenAPIConfig) -> OpenAPI:
    """State the body of every route that reads it with
    :func:`designcore.app.http.bodies.json_body` (a dependency, which the framework does not
    document): a required JSON body of the struct's schema, its components added beside the
    framework's (a struct already there keeps the framework's entry)."""
    context = OpenAPIContext(openapi_config=config, plugins=app.plugins.openapi)
    creator = SchemaCreator.from_openapi_context(context, prefer_alias=True)
    bodies: list[tuple[str, str, Schema | Reference, bool]] = []
    for route in app.routes:
        if not isinstance(route, HTTPRoute):
            continue
        for handler in route.route_handlers:
            kinds = [
                (BODY_KINDS[provider.dependency], provider.dependency not in OPTIONAL_BODIES)
                for provider in handler.resolve_dependencies().values()
                if provider.dependency in BODY_KINDS
            ]
            for kind, required in kinds:
                schema = creator.for_field_definition(FieldDefinition.from_annotation(kind))
                for verb in handler.http_methods:
                    bodies.append((route.path_format or "/", verb.lower(), schema, required))
    components = document.components.schemas
    if components is None:
        components = document.components.schemas = {}
    for name, component in context.schema_registry.generate_components_schemas().items():
        components.setdefault(name, component)
    for path, method_name, body, required in bodies:
        operation = getattr((document.paths or {})[path], method_name)
        operation.request_body = RequestBody(
            content={"application/json": OpenAPIMediaType(schema=body)}, required=required
        )
    return document


DESIGN_DOCUMENT = "DesignDocument"
"""The component of a design document (``domain.document.json_schema``); its elements, pages
and fonts are ``DesignElement``, ``DesignPage`` and ``DesignFont``."""

DESIGN_DOCUMENT_REF = Reference(ref=f"#/components/schemas/{DESIGN_DOCUMENT}")
"""Where a body's ``document`` field points (the ``schemas`` of its struct)."""

_JSON_SCHEMA_KEYS = {
    "minimum": "minimum",
    "maximum": "maximum",
    "exclusiveMinimum": "exclusive_minimum",
    "enum": "enum",
    "const": "const",
    "pattern": "pattern",
    "minLength": "min_length",
    "minItems": "min_items",
    "maxItems": "max_items",
    "required": "required",
}
"""JSON Schema keywords taken over as they are, by their name in the framework's ``Schema``."""


def _from_json_schema(raw: dict[str, Any]) -> Schema | Reference:
    """The framework's schema object of a JSON Schema (the keywords the domain's schemas use);
    ``#/$defs/X`` becomes the component ``DesignX``, and a schema that admits anything becomes
    :data:`NUL_FREE_JSON`."""
    if "$ref" in raw:
        return Reference(ref=f"#/components/schemas/Design{raw['$ref'].rsplit('/', 1)[-1]}")
    if not raw:
        return Reference(ref=f"#/components/schemas/{NUL_FREE_JSON}")
    schema = Schema()
    for key, name in _JSON_SCHEMA_KEYS.items():
        if key in raw:
            setattr(schema, name, raw[key])
    if "type" in raw:
        schema.type = OpenAPIType(raw["type"])
    if "properties" in raw:
        schema.properties = {k: _from_json_schema(v) for k, v in raw["properties"].items()}
    if "items" in raw:
        schema.items = _from_json_schema(raw["items"])
    if "additionalProperties" in raw:
        schema.additional_properties = _from_json_schema(raw["additionalProperties"])
    if "oneOf" in raw:
        schema.one_of = [_from_json_schema(alternative) for alternative in raw["oneOf"]]
    if "not" in raw:
        schema.schema_not = _from_json_schema(raw["not"])
    return schema


def document_design_documents(document: OpenAPI) -> OpenAPI:
    """Add the design document's components, from the domain's own JSON Schema
    (:func:`designcore.domain.document.json_schema`: the document model's readers and limits),
    so the bodies that carry a document state its structure."""
    raw = design_document.json_schema()
    definitions = raw.pop("$defs")
    components = document.components
    schemas = dict(components.schemas or {})
    schemas.setdefault(NUL_FREE_JSON, _nul_free_json())
    schemas[DESIGN_DOCUMENT] = _from_json_schema(raw)  # type: ignore[assignment]
    for name, definition in definitions.items():
        schemas[f"Design{name}"] = _from_json_schema(definition)  # type: ignore[assignment]
    components.schemas = schemas
    return document


ANSWERS_FILES = "answers_files"
"""A route handler's ``opt`` key: the route answers 200 with a file, of one of the media types
given as the key's value (``image/*`` and ``*/*`` allowed); :func:`document_files` states them
instead of the framework's JSON string."""


def _marked(app: Litestar, document: OpenAPI, key: str) -> Iterator[tuple[Operation, Any]]:
    """Each operation of the document whose route handler's ``opt`` holds ``key``, with the
    value there."""
    for route in app.routes:
        if not isinstance(route, HTTPRoute):
            continue
        for handler in route.route_handlers:
            value = handler.opt.get(key)
            if value is None:
                continue
            item = (document.paths or {})[route.path_format or "/"]
            for verb in handler.http_methods:
                yield getattr(item, verb.lower()), value


def document_files(app: Litestar, document: OpenAPI) -> OpenAPI:
    """State the media types of every route that answers a file (``opt`` :data:`ANSWERS_FILES`)
    as binary content of its 200 answer."""
    for operation, media_types in _marked(app, document, ANSWERS_FILES):
        answer = (operation.responses or {}).get("200")
        if isinstance(answer, OpenAPIResponse):
            answer.content = {
                media_type: OpenAPIMediaType(
                    schema=Schema(type=OpenAPIType.STRING, format=OpenAPIFormat.BINARY)
                )
                for media_type in media_types
            }
    return document


CONDITIONAL = "if_match"
"""A route handler's ``opt`` key: the route needs ``If-Match`` (428 without it), whose value
matches the pattern given as the key's value; :func:`document_conditions` states it."""


def document_conditions(app: Litestar, document: OpenAPI) -> OpenAPI:
    """State the required ``If-Match`` header of every route that asks for one (read by the
    handler, so the framework does not document it)."""
    for operation, pattern in _marked(app, document, CONDITIONAL):
        operation.parameters = [
            *(operation.parameters or ()),
            Parameter(
                name="If-Match",
                param_in=ParamType.HEADER,
                required=True,
                schema=Schema(type=OpenAPIType.STRING, pattern=pattern),
                description='The version the change was made from: its ETag, "<version>"',
            ),
        ]
    return document


def completed(app: Litestar, document: OpenAPI, config: OpenAPIConfig) -> OpenAPI:
    """``document`` completed with :func:`document_json_bodies`,
    :func:`document_design_documents`, :func:`document_conditions`, :func:`document_files`,
    :func:`document_errors`,
    :func:`document_field_rules`, :func:`document_closed_objects` and
    :func:`document_nul_free_strings` (closed objects first: an open one takes
    :data:`NUL_FREE_JSON` beside its properties)."""
    document = document_design_documents(document_json_bodies(app, document, config))
    document = document_files(app, document_conditions(app, document))
    document = document_field_rules(document_errors(document))
    return document_nul_free_strings(document_closed_objects(document))


class _CompletingOpenAPIPlugin(OpenAPIPlugin):
    """The framework's OpenAPI plugin, completing the document when it is first built (then
    kept, as the framework keeps it). No slots of its own, so the framework's instance can
    take this class."""

    __slots__ = ()

    def provide_openapi(self) -> OpenAPI:
        """The completed document, built on first use."""
        if self._openapi is None:
            self._openapi = completed(self.app, self._build_openapi(), self.openapi_config)
        return self._openapi


def complete_api_document(app: Litestar) -> None:
    """Make ``app`` serve its completed API document (``/schema/openapi.json`` and
    ``app.openapi_schema``). The document is built on first use rather than here: building it
    is most of what making an app costs, and a process that never serves it (a test's app,
    say) never pays for it; ``designcore serve`` builds it before the workers fork."""
    plugin = app.plugins.get(OpenAPIPlugin)
    plugin.__class__ = _CompletingOpenAPIPlugin
