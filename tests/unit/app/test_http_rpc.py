"""The counters of /api/v1/rpc over HTTP: views and uses of templates, and the bodies they refuse."""

from __future__ import annotations

import pytest
from litestar.testing import TestClient

from designcore.app import Container
from support import make_template

Client = TestClient  # type: ignore[type-arg]
KEY = "premium_business_model_enabled"
ADMIN = {"Authorization": "Bearer admin-token"}


class TestCounters:
    def test_increments(self, client: Client, container: Container) -> None:
        """Each RPC answers the new count."""
        template = make_template()
        container.catalogue().add(template)
        body = {"template_id": template.id}
        assert {"template_id": template.id, "view_count": 1} == client.post(
            "/api/v1/rpc/increment_template_views", json=body
        ).json()
        assert (
            2 == client.post("/api/v1/rpc/increment_template_views", json=body).json()["view_count"]
        )
        assert (
            1
            == client.post("/api/v1/rpc/increment_template_use_count", json=body).json()[
                "use_count"
            ]
        )

    @pytest.mark.parametrize(
        ("content", "status", "code"),
        [
            (b'{"template_id": "missing"}', 404, "template_not_found"),
            (b'{"template_id": 12}', 400, "validation_failed"),
            (b"{}", 400, "validation_failed"),
            (b'{"template_id": "x", "extra": 1}', 400, "validation_failed"),
            (b"{not json", 400, "malformed_json"),
            (b"[]", 400, "validation_failed"),
        ],
    )
    def test_bad_bodies(self, client: Client, content: bytes, status: int, code: str) -> None:
        """Unknown ids, wrong types, unknown fields and malformed JSON get clear errors."""
        response = client.post(
            "/api/v1/rpc/increment_template_views",
            content=content,
            headers={"Content-Type": "application/json"},
        )
        assert (status, code) == (response.status_code, response.json()["code"])

    def test_oversized_body(self, client: Client) -> None:
        """Bodies over the configured limit are 413 and change nothing."""
        response = client.post(
            "/api/v1/prompts",
            content=b'{"prompt": "' + b"x" * 5000 + b'"}',
            headers={"Content-Type": "application/json"},
        )
        assert (413, "request_too_large") == (response.status_code, response.json()["code"])
