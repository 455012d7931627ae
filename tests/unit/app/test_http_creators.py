"""Creators over HTTP: the directory, a creator's page and templates, and one's own profile."""

from __future__ import annotations

import pytest
from litestar.testing import TestClient

from designcore.app import Container
from support import CREATOR_PROFILE as PROFILE
from support import studio

Client = TestClient  # type: ignore[type-arg]
FREE = {"Authorization": "Bearer free-token"}
PREMIUM = {"Authorization": "Bearer premium-token"}


class TestDirectory:
    def test_lists_creators_with_templates(self, client: Client, container: Container) -> None:
        """/creators lists those with templates, most first, with their counts, paged."""
        studio(container, "designcore", 3)
        studio(container, "adire-lab", 1)
        studio(container, "empty", 0)
        answer = client.get("/api/v1/creators?page=1&size=1")
        assert 200 == answer.status_code
        body = answer.json()
        assert [("designcore", 3)] == [(c["username"], c["template_count"]) for c in body["items"]]
        assert (2, True, 1, 2) == (
            body["total_count"],
            body["has_more"],
            body["current_page"],
            body["total_pages"],
        )
        assert {
            "username",
            "display_name",
            "avatar_url",
            "bio",
            "template_count",
            "created_at",
        } == set(body["items"][0])

    def test_a_creator_and_their_templates(self, client: Client, container: Container) -> None:
        """/creators/{username} answers the profile (case ignored); its templates are light
        variants, newest first, in the usual page shape."""
        studio(container, "designcore", 3)
        profile = client.get("/api/v1/creators/DesignCore").json()
        assert ("designcore", "Designcore", 3) == (
            profile["username"],
            profile["display_name"],
            profile["template_count"],
        )
        page = client.get("/api/v1/creators/designcore/templates?size=2").json()
        assert (3, True, 2) == (page["total_count"], page["has_more"], len(page["items"]))
        first = page["items"][0]
        assert "polotno_json" not in first
        assert {"id", "name", "category", "preview_url", "is_premium"} <= set(first)
        assert first["created_at"] > page["items"][1]["created_at"]

    @pytest.mark.parametrize(
        "path", ["/api/v1/creators/nobody", "/api/v1/creators/nobody/templates"]
    )
    def test_unknown_creator_is_404(self, client: Client, path: str) -> None:
        """An unknown username is 404 creator_not_found."""
        answer = client.get(path)
        assert (404, "creator_not_found") == (answer.status_code, answer.json()["code"])

    @pytest.mark.parametrize("query", ["page=0", "size=101", "size=big"])
    def test_bad_paging_is_400(self, client: Client, query: str) -> None:
        """Out-of-range or non-numeric paging is 400."""
        assert 400 == client.get(f"/api/v1/creators?{query}").status_code


class TestOwnProfile:
    def test_create_read_and_update(self, client: Client) -> None:
        """PUT /creators/me creates the caller's profile, GET reads it, PUT again updates it;
        it is public at its username."""
        assert 404 == client.get("/api/v1/creators/me", headers=FREE).status_code
        made = client.put("/api/v1/creators/me", json=PROFILE, headers=FREE)
        assert 200 == made.status_code, made.text
        assert ("Kemi_Designs", 0) == (made.json()["username"], made.json()["template_count"])
        assert made.json() == client.get("/api/v1/creators/me", headers=FREE).json()
        changed = client.put(
            "/api/v1/creators/me",
            json={"username": "kemi", "display_name": "  Kemi  ", "bio": ""},
            headers=FREE,
        ).json()
        assert ("kemi", "Kemi", None, "") == (
            changed["username"],
            changed["display_name"],
            changed["avatar_url"],
            changed["bio"],
        )
        assert "Kemi" == client.get("/api/v1/creators/kemi").json()["display_name"]
        assert 404 == client.get("/api/v1/creators/Kemi_Designs").status_code

    def test_a_taken_username_is_409(self, client: Client, container: Container) -> None:
        """Another creator's username in any case is 409 username_taken; nothing changes."""
        studio(container, "designcore", 1)
        answer = client.put(
            "/api/v1/creators/me", json={**PROFILE, "username": "DESIGNCORE"}, headers=FREE
        )
        assert (409, "username_taken") == (answer.status_code, answer.json()["code"])
        assert 404 == client.get("/api/v1/creators/me", headers=FREE).status_code
        client.put("/api/v1/creators/me", json=PROFILE, headers=FREE)
        other = client.put("/api/v1/creators/me", json=PROFILE, headers=PREMIUM)
        assert (409, "username_taken") == (other.status_code, other.json()["code"])

    @pytest.mark.parametrize(
        ("change", "field"),
        [
            ({"username": "ab"}, "username"),
            ({"username": "x" * 31}, "username"),
            ({"username": "kemi designs"}, "username"),
            ({"username": "kémi"}, "username"),
            ({"display_name": "   "}, "display_name"),
            ({"display_name": "x" * 61}, "display_name"),
            ({"bio": "x" * 501}, "bio"),
            ({"avatar_url": "javascript:alert(1)"}, "avatar_url"),
            ({"avatar_url": "/storage/v1/../../etc/passwd"}, "avatar_url"),
            ({"avatar_url": "https://user@images.example/a.png"}, "avatar_url"),
            ({"display_name": " " + "x" * 60}, "display_name"),
            ({"bio": "x" * 500 + "\n"}, "bio"),
        ],
    )
    def test_invalid_fields_are_422(
        self, client: Client, change: dict[str, str], field: str
    ) -> None:
        """A field that breaks a rule is 422 invalid_profile naming it; nothing is stored."""
        answer = client.put("/api/v1/creators/me", json={**PROFILE, **change}, headers=FREE)
        assert (422, "invalid_profile") == (answer.status_code, answer.json()["code"])
        assert [field] == [i["path"] for i in answer.json()["issues"]]
        assert 404 == client.get("/api/v1/creators/me", headers=FREE).status_code

    def test_bad_bodies_are_400_and_visitors_401(self, client: Client) -> None:
        """Malformed JSON, a wrong type, a missing or unknown field are 400; a visitor is
        401."""
        for body in ({"username": "kemi"}, {**PROFILE, "bio": 5}, {**PROFILE, "role": "admin"}):
            answer = client.put("/api/v1/creators/me", json=body, headers=FREE)
            assert (400, "validation_failed") == (answer.status_code, answer.json()["code"])
        malformed = client.put(
            "/api/v1/creators/me",
            content=b'{"username":',
            headers={**FREE, "content-type": "application/json"},
        )
        assert (400, "malformed_json") == (malformed.status_code, malformed.json()["code"])
        visitor = client.put("/api/v1/creators/me", json=PROFILE)
        assert (401, "sign_in_required") == (visitor.status_code, visitor.json()["code"])
        assert 401 == client.get("/api/v1/creators/me").status_code

    def test_white_space_around_fields_is_trimmed(self, client: Client) -> None:
        """Fields are kept trimmed; an avatar of white space alone is no avatar."""
        answer = client.put(
            "/api/v1/creators/me",
            json={**PROFILE, "display_name": " Kemi ", "avatar_url": "\u3000 ", "bio": " Hi\n"},
            headers=FREE,
        )
        saved = answer.json()
        assert ("Kemi", None, "Hi") == (saved["display_name"], saved["avatar_url"], saved["bio"])

    def test_storage_path_avatar(self, client: Client) -> None:
        """An avatar uploaded to our storage may be given by its path."""
        path = "/storage/v1/object/public/user-uploads/u-free/avatar.png"
        answer = client.put(
            "/api/v1/creators/me", json={**PROFILE, "avatar_url": path}, headers=FREE
        )
        assert (200, path) == (answer.status_code, answer.json()["avatar_url"])


class TestSchema:
    def test_operation_ids_are_published(self, client: Client) -> None:
        """The web app's routes are in the OpenAPI schema under their operation ids."""
        schema = client.get("/schema/openapi.json").json()
        ids = {
            operation["operationId"]
            for path in schema["paths"].values()
            for operation in path.values()
            if isinstance(operation, dict) and "operationId" in operation
        }
        assert {
            "listSiteSettings",
            "listSiteSettingChanges",
            "createProblemReport",
            "listProblemReports",
            "setProblemReportStatus",
            "myPayments",
            "myCredits",
            "mySubscription",
            "listCreators",
            "getCreator",
            "listCreatorTemplates",
            "myCreatorProfile",
            "saveMyCreatorProfile",
        } <= ids
