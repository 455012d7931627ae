"""Counters, prompt records and site settings over HTTP."""

from __future__ import annotations

import pytest
from litestar.testing import TestClient

from designcore.app import Container
from support import make_template

Client = TestClient  # type: ignore[type-arg]
KEY = "premium_business_model_enabled"


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


class TestPrompts:
    def test_search_prompt_for_visitor(self, client: Client, container: Container) -> None:
        """A visitor records a trimmed search with a null user id."""
        response = client.post(
            "/api/v1/search-prompts", json={"search_term": "  wedding ", "user_id": None}
        )
        assert 201 == response.status_code
        assert ("wedding", None) == (response.json()["search_term"], response.json()["user_id"])
        assert ["wedding"] == [
            r.search_term for r in container.prompt_log().recent_search_prompts(5)
        ]

    def test_search_prompt_user_must_be_self(self, client: Client, container: Container) -> None:
        """A user id other than the caller's is refused and nothing is stored."""
        visitor = client.post("/api/v1/search-prompts", json={"search_term": "a", "user_id": "u1"})
        assert (403, "not_your_user_id") == (visitor.status_code, visitor.json()["code"])
        own = client.post(
            "/api/v1/search-prompts",
            json={"search_term": "a", "user_id": "u-free"},
            headers={"Authorization": "Bearer free-token"},
        )
        assert 201 == own.status_code
        assert 1 == len(container.prompt_log().recent_search_prompts(5))

    def test_blank_search_prompt(self, client: Client) -> None:
        """Blank terms are refused."""
        response = client.post("/api/v1/search-prompts", json={"search_term": "  "})
        assert 400 == response.status_code

    def test_design_prompt(self, client: Client) -> None:
        """Design prompts are stored with category and sub-category."""
        response = client.post(
            "/api/v1/prompts",
            json={"prompt": "Flyer for a crusade", "category": "Church", "sub_category": None},
        )
        assert 201 == response.status_code
        assert ("Church", None) == (response.json()["category"], response.json()["sub_category"])


class TestSiteSettings:
    def test_read_is_cacheable(self, client: Client) -> None:
        """The premium switch reads with a five-minute cache."""
        response = client.get(f"/api/v1/site-settings/{KEY}")
        assert {"setting_key": KEY, "setting_value": True} == {
            k: response.json()[k] for k in ("setting_key", "setting_value")
        }
        assert "public, max-age=300" == response.headers["cache-control"]

    def test_only_admins_write(self, client: Client, container: Container) -> None:
        """Visitors get 401, users 403, admins change the value."""
        body = {"setting_value": False}
        assert (
            401
            == client.put(
                f"/api/v1/site-settings/{KEY}", json=body, headers={"Authorization": "Bearer bad"}
            ).status_code
        )
        assert 403 == client.put(f"/api/v1/site-settings/{KEY}", json=body).status_code
        assert (
            403
            == client.put(
                f"/api/v1/site-settings/{KEY}",
                json=body,
                headers={"Authorization": "Bearer free-token"},
            ).status_code
        )
        assert container.site_settings().premium_model_enabled()
        done = client.put(
            f"/api/v1/site-settings/{KEY}",
            json=body,
            headers={"Authorization": "Bearer admin-token"},
        )
        assert (200, False) == (done.status_code, done.json()["setting_value"])
        assert not container.site_settings().premium_model_enabled()
        assert "u-admin" == container.site_settings_store().get(KEY).updated_by

    def test_wrong_type_and_unknown_key(self, client: Client) -> None:
        """A string where a boolean belongs is 400; unknown keys are 404."""
        admin = {"Authorization": "Bearer admin-token"}
        wrong = client.put(
            f"/api/v1/site-settings/{KEY}", json={"setting_value": "true"}, headers=admin
        )
        assert 400 == wrong.status_code
        assert 404 == client.get("/api/v1/site-settings/nope").status_code


class TestMeta:
    def test_health_and_openapi(self, client: Client) -> None:
        """Health answers and the OpenAPI schema lists the template routes."""
        assert "ok" == client.get("/api/v1/health").json()["status"]
        schema = client.get("/schema/openapi.json").json()
        assert "/api/v1/templates/home" in schema["paths"]
        assert "totalCount" in schema["components"]["schemas"]["PageOut"]["properties"]
