"""The template API over HTTP, on in-memory adapters."""

from __future__ import annotations

from datetime import timedelta

import pytest
from litestar.testing import TestClient

from designcore.app import Container
from designcore.domain.templates import HOME_CATEGORIES, Template
from support import EPOCH, make_template

Client = TestClient  # type: ignore[type-arg]


def add(container: Container, **fields: object) -> Template:
    template = make_template(**fields)
    container.catalogue().add(template)
    return template


def assert_error(response: object, status: int, code: str) -> dict[str, object]:
    body = response.json()  # type: ignore[attr-defined]
    assert status == response.status_code  # type: ignore[attr-defined]
    assert {"status", "code", "message"} <= set(body)
    assert (status, code) == (body["status"], body["code"])
    assert body["message"]
    return body  # type: ignore[no-any-return]


class TestHome:
    def test_five_rows_in_order_newest_first(self, client: Client, container: Container) -> None:
        """One request answers the five rows, each newest first, limited to 12."""
        for i in range(14):
            add(container, category="Church", created_at=EPOCH - timedelta(minutes=i))
        add(container, category="New Month", sub_category="Happy New Month")
        add(container, category="Logos")
        body = client.get("/api/v1/templates/home").json()
        assert list(HOME_CATEGORIES) == [row["category"] for row in body["rows"]]
        assert [
            "church",
            "birthdays",
            "business-and-industries",
            "social-media-post",
            "new-month",
        ] == [row["slug"] for row in body["rows"]]
        church = body["rows"][0]["templates"]
        assert 12 == len(church)
        assert sorted(church, key=lambda t: t["created_at"], reverse=True) == church
        assert [] == body["rows"][1]["templates"]
        assert 1 == len(body["rows"][4]["templates"])

    def test_light_variant_only(self, client: Client, container: Container) -> None:
        """Listings never carry the editor document."""
        add(container, template_type="Premium")
        template = client.get("/api/v1/templates/home").json()["rows"][0]["templates"][0]
        assert "polotno_json" not in template
        assert "field_requirements" not in template
        assert template["is_premium"] is True
        assert template["created_at"].endswith("Z")

    def test_limit_is_bounded(self, client: Client) -> None:
        """A limit outside 1-100 is a 400 naming the field."""
        body = assert_error(client.get("/api/v1/templates/home?limit=0"), 400, "validation_failed")
        assert "limit" in body["message"]


class TestListing:
    def test_envelope_and_filters(self, client: Client, container: Container) -> None:
        """The paginated envelope uses the spec's names and applies every filter."""
        for i in range(30):
            add(container, name=f"Crusade {i}", sub_category="Crusade")
        add(container, name="Owambe 60", category="Birthdays", sub_category="60th")
        body = client.get("/api/v1/templates?page=2&size=24&category=Church").json()
        assert {"templates", "totalCount", "hasMore", "currentPage", "totalPages"} == set(body)
        assert (30, False, 2, 2, 6) == (
            body["totalCount"],
            body["hasMore"],
            body["currentPage"],
            body["totalPages"],
            len(body["templates"]),
        )
        found = client.get("/api/v1/templates", params={"search": "  owambe "}).json()
        assert ["Owambe 60"] == [t["name"] for t in found["templates"]]
        blank = client.get("/api/v1/templates", params={"search": "   "}).json()
        assert 31 == blank["totalCount"]
        subs = client.get("/api/v1/templates", params={"sub_category": "60th"}).json()
        assert 1 == subs["totalCount"]

    @pytest.mark.parametrize(
        ("query", "field"),
        [
            ("page=0", "page"),
            ("page=abc", "page"),
            ("size=101", "size"),
            ("size=-1", "size"),
            ("page=1.5", "page"),
        ],
    )
    def test_bad_query_values(self, client: Client, query: str, field: str) -> None:
        """Bad page or size values are 400 with the field named."""
        body = assert_error(client.get(f"/api/v1/templates?{query}"), 400, "validation_failed")
        assert field in [issue["path"] for issue in body["issues"]]

    def test_oversized_filter_is_refused(self, client: Client) -> None:
        """A 201-character filter is a 400."""
        assert_error(
            client.get("/api/v1/templates", params={"category": "x" * 201}),
            400,
            "validation_failed",
        )


class TestSearch:
    def test_ranked_search(self, client: Client, container: Container) -> None:
        """Search finds by keywords and ranks name matches first."""
        named = add(container, name="Thanksgiving Service", created_at=EPOCH - timedelta(days=9))
        keyword = add(container, semantic_keywords=("thanksgiving",))
        body = client.get("/api/v1/templates/search", params={"q": "thanks"}).json()
        assert [named.id, keyword.id] == [t["id"] for t in body["templates"]]
        assert 2 == body["totalCount"]

    def test_blank_or_missing_term(self, client: Client) -> None:
        """A blank or missing q is a 400 naming q."""
        for url in ("/api/v1/templates/search?q=%20%20", "/api/v1/templates/search"):
            body = assert_error(client.get(url), 400, "validation_failed")
            assert ["q"] == [issue["path"] for issue in body["issues"]]

    def test_falls_back_when_the_index_fails(
        self, client: Client, container: Container, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """When full-text search is unavailable the plain filter answers instead."""
        from designcore.ports.catalogue import SearchUnavailable

        template = add(container, name="Harvest Thanksgiving")
        catalogue = container.catalogue()

        def broken(term: str, request: object) -> object:
            raise SearchUnavailable("index is down")

        monkeypatch.setattr(catalogue, "search", broken)
        body = client.get("/api/v1/templates/search", params={"q": "harvest"}).json()
        assert [template.id] == [t["id"] for t in body["templates"]]


class TestReads:
    def test_by_id_related_all_categories(self, client: Client, container: Container) -> None:
        """Single reads, related templates, the full list and category lookups."""
        me = add(container, sub_category="Crusade")
        peer = add(container, sub_category="Crusade")
        other = add(container, category="Business & Industries", sub_category="Beauty")
        assert me.name == client.get(f"/api/v1/templates/{me.id}").json()["name"]
        related = client.get(f"/api/v1/templates/{me.id}/related").json()
        assert [peer.id] == [t["id"] for t in related]
        assert 3 == len(client.get("/api/v1/templates/all").json())
        assert [
            {"name": "Business & Industries", "slug": "business-and-industries"},
            {"name": "Church", "slug": "church"},
        ] == client.get("/api/v1/categories").json()
        detail = client.get("/api/v1/categories/business-and-industries").json()
        assert [{"name": "Beauty", "slug": "beauty"}] == detail["sub_categories"]
        listed = client.get("/api/v1/categories/business-and-industries/templates").json()
        assert [other.id] == [t["id"] for t in listed]

    def test_match_prefers_sub_category(self, client: Client, container: Container) -> None:
        """Intelligent match lists the sub-category first, topped up from the category."""
        crusade = add(container, sub_category="Crusade", created_at=EPOCH - timedelta(days=5))
        choir = add(container, sub_category="Choir")
        body = client.get(
            "/api/v1/templates/match", params={"category": "Church", "sub_category": "Crusade"}
        ).json()
        assert [crusade.id, choir.id] == [t["id"] for t in body]

    def test_match_with_neither_lists_the_newest(
        self, client: Client, container: Container
    ) -> None:
        """Without a category or sub-category the match is the catalogue's newest templates."""
        older = add(container, sub_category="Crusade", created_at=EPOCH - timedelta(days=5))
        newer = add(container, sub_category="Choir")

        body = client.get("/api/v1/templates/match", params={"limit": 2}).json()

        assert [newer.id, older.id] == [t["id"] for t in body]

    @pytest.mark.parametrize(
        "url",
        [
            "/api/v1/templates/unknown",
            "/api/v1/templates/unknown/related",
            "/api/v1/templates/unknown/document",
            "/api/v1/templates/unknown/customisable",
            "/api/v1/categories/unknown",
            "/api/v1/categories/unknown/templates",
        ],
    )
    def test_unknown_ids_are_404(self, client: Client, url: str) -> None:
        """Unknown ids and slugs answer 404 in the error shape."""
        assert_error(
            client.get(url, headers={"Authorization": "Bearer free-token"}),
            404,
            client.get(url, headers={"Authorization": "Bearer free-token"}).json()["code"],
        )
        assert client.get(url).json()["code"].endswith("not_found")

    def test_unknown_route_is_json_404(self, client: Client) -> None:
        """Even unknown routes answer in the error shape."""
        assert_error(client.get("/api/v1/nothing-here"), 404, "not_found")


class TestDocument:
    def test_visitor_must_sign_in(self, client: Client, container: Container) -> None:
        """Without a token the document is 401 sign_in_required."""
        template = add(container)
        assert_error(
            client.get(f"/api/v1/templates/{template.id}/document"), 401, "sign_in_required"
        )

    def test_forged_token_is_refused(self, client: Client, container: Container) -> None:
        """An unknown bearer token is 401 invalid_token."""
        template = add(container)
        response = client.get(
            f"/api/v1/templates/{template.id}/document", headers={"Authorization": "Bearer forged"}
        )
        assert_error(response, 401, "invalid_token")

    def test_free_user_gets_free_documents(self, client: Client, container: Container) -> None:
        """A signed-in user receives a free template's document and requirements."""
        template = add(container)
        body = client.get(
            f"/api/v1/templates/{template.id}/document",
            headers={"Authorization": "Bearer free-token"},
        ).json()
        assert dict(template.polotno_json or {}) == body["polotno_json"]
        assert "headline" == body["field_requirements"][0]["key"]

    def test_premium_gating(self, client: Client, container: Container) -> None:
        """A premium template needs premium while the model is on, and not when it is off."""
        template = add(container, template_type="premium")
        url = f"/api/v1/templates/{template.id}/document"
        free = {"Authorization": "Bearer free-token"}
        assert_error(client.get(url, headers=free), 402, "upgrade_required")
        premium = client.get(url, headers={"Authorization": "Bearer premium-token"})
        assert 200 == premium.status_code
        container.site_settings().set("premium_business_model_enabled", False, by=None)
        assert 200 == client.get(url, headers=free).status_code

    def test_no_document(self, client: Client, container: Container) -> None:
        """A template without a document answers 409 no_document."""
        template = add(container, polotno_json=None)
        response = client.get(
            f"/api/v1/templates/{template.id}/document",
            headers={"Authorization": "Bearer free-token"},
        )
        assert_error(response, 409, "no_document")


class TestCustomisable:
    def test_the_answer_is_the_documents_without_the_document(
        self, client: Client, container: Container
    ) -> None:
        """The customise decision alone: 204 with no body where the document is 200, and the
        document's refusals (401 visitor, 402 premium for a free user, 409 no document)."""
        free = {"Authorization": "Bearer free-token"}
        template = add(container)
        premium = add(container, template_type="premium")
        empty = add(container, polotno_json=None)

        allowed = client.get(f"/api/v1/templates/{template.id}/customisable", headers=free)
        assert (204, b"") == (allowed.status_code, allowed.content)
        assert_error(
            client.get(f"/api/v1/templates/{template.id}/customisable"), 401, "sign_in_required"
        )
        assert_error(
            client.get(f"/api/v1/templates/{premium.id}/customisable", headers=free),
            402,
            "upgrade_required",
        )
        assert 204 == (
            client.get(
                f"/api/v1/templates/{premium.id}/customisable",
                headers={"Authorization": "Bearer premium-token"},
            ).status_code
        )
        assert_error(
            client.get(f"/api/v1/templates/{empty.id}/customisable", headers=free),
            409,
            "no_document",
        )


def test_the_light_variant_says_the_design_size(
    client: TestClient,  # type: ignore[type-arg]
    container: Container,
) -> None:
    """Cards take a template's shape (square, 4:5, story) before its preview arrives."""
    story = make_template(polotno_json={"width": 1080, "height": 1920, "pages": []})
    container.catalogue().add(story)
    single = client.get(f"/api/v1/templates/{story.id}").json()
    listed = client.get("/api/v1/templates", params={"category": story.category}).json()
    assert (1080, 1920) == (single["width"], single["height"])
    assert [(1080, 1920)] == [(t["width"], t["height"]) for t in listed["templates"]]
