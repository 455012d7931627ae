"""The one body reader (``app/http/bodies.py``): renaming deprecated field names, and every
route of our own ``/api/v1`` reading its body with it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar

import msgspec
import pytest
from litestar import Litestar, post
from litestar.routes import HTTPRoute
from litestar.testing import TestClient

from designcore.app import Container
from designcore.app.http import create_app
from designcore.app.http.bodies import BODY_KINDS, decode, renamed
from designcore.domain.errors import ValidationFailed


class Kit(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A body with one renamed field."""

    deprecated_names: ClassVar[dict[str, str]] = {"brandName": "brand_name"}
    brand_name: str
    extra: dict[str, object] | None = None


class TestRenamed:
    def test_a_body_without_old_names_is_untouched(self) -> None:
        """The new names pass as they came, the very bytes, with no old name used."""
        body = b'{"brand_name": "Ada"}'
        assert (body, []) == renamed(body, Kit)

    def test_an_old_name_is_read_as_the_new_one(self) -> None:
        """``brandName`` becomes ``brand_name`` and is reported as used."""
        body, used = renamed(b'{"brandName": "Ada", "extra": {"n": 1}}', Kit)
        assert ["brandName"] == used
        assert Kit(brand_name="Ada", extra={"n": 1}) == decode(body, Kit)

    def test_both_names_are_refused(self) -> None:
        """A field given under both names is a validation failure naming the old name."""
        with pytest.raises(ValidationFailed) as raised:
            renamed(b'{"brandName": "Ada", "brand_name": "Bea"}', Kit)
        assert ["brandName"] == [issue.path for issue in raised.value.issues]

    @pytest.mark.parametrize(
        "body",
        [b'{"extra": {"brandName": "x"}, "brand_name": "Ada"}', b'["brandName"]', b'{"brandName":'],
        ids=["nested", "not an object", "not JSON"],
    )
    def test_only_top_level_fields_of_an_object_are_renamed(self, body: bytes) -> None:
        """The name nested, in a list or in broken JSON is left for the decoder."""
        assert (body, []) == renamed(body, Kit)

    def test_a_struct_without_deprecated_names(self) -> None:
        """A struct that lists none reads its body as it came."""

        class Plain(msgspec.Struct):
            brandName: str  # noqa: N815 - the JSON name itself

        body = b'{"brandName": "Ada"}'
        assert (body, []) == renamed(body, Plain)


PROVIDER_COMPATIBLE = ("/api/v1/rpc/", "/api/v1/webhooks/")
"""Routes under ``/api/v1`` in another service's shape, which keep Litestar's lenient ``data``
(``app/http/bodies.py``)."""


def own_api_handlers(app: Litestar) -> Iterator[tuple[str, Any]]:
    """Every handler of our own ``/api/v1`` routes with the path it serves."""
    for route in app.routes:
        if not isinstance(route, HTTPRoute):
            continue
        path = route.path_format or "/"
        if not path.startswith("/api/v1/") or path.startswith(PROVIDER_COMPATIBLE):
            continue
        for handler in route.route_handlers:
            yield path, handler


class TestOneBodyReader:
    def test_own_api_routes_read_bodies_with_json_body(self, container: Container) -> None:
        """No handler of our own /api/v1 takes Litestar's lenient ``data`` body."""
        app = create_app(container=container)
        handlers = list(own_api_handlers(app))
        lenient = [
            f"{sorted(handler.http_methods)} {path}"
            for path, handler in handlers
            if "data" in handler.parsed_fn_signature.parameters
        ]
        assert [] == lenient
        read = {
            path
            for path, handler in handlers
            if any(
                provider.dependency in BODY_KINDS
                for provider in handler.resolve_dependencies().values()
            )
        }
        assert {"/api/v1/exports", "/api/v1/events", "/api/v1/logo-maker/previews"} <= read

    def test_the_walk_sees_a_data_parameter(self, container: Container) -> None:
        """The walk above finds a handler that does declare ``data`` (so it can fail)."""

        @post("/api/v1/lenient", sync_to_thread=False)
        def lenient(data: dict[str, int]) -> None:
            """A handler with Litestar's own body."""

        app = create_app(container=container)
        app.register(lenient)
        assert ["/api/v1/lenient"] == [
            path
            for path, handler in own_api_handlers(app)
            if "data" in handler.parsed_fn_signature.parameters
        ]

    @pytest.mark.parametrize(
        ("path", "body", "field"),
        [
            (
                "/api/v1/events",
                {"batch": [{"event": "page_viewed", "distinct_id": 5}]},
                "batch[0].distinct_id",
            ),
            ("/api/v1/prompts", {"prompt": "flyer", "category": 2}, "category"),
        ],
    )
    def test_own_routes_are_strict(
        self,
        client: TestClient,  # type: ignore[type-arg]
        path: str,
        body: dict[str, Any],
        field: str,
    ) -> None:
        """A number where text is expected is a 400 naming the field, not converted."""
        answer = client.post(path, json=body)
        assert (400, "validation_failed") == (answer.status_code, answer.json()["code"])
        assert [field] == [issue["path"] for issue in answer.json()["issues"]]
