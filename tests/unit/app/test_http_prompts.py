"""Search and design prompts recorded over HTTP."""

from __future__ import annotations

from litestar.testing import TestClient

from designcore.app import Container

Client = TestClient  # type: ignore[type-arg]
KEY = "premium_business_model_enabled"
ADMIN = {"Authorization": "Bearer admin-token"}


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
