"""Site settings over HTTP: reading, admins writing, the list of every setting and the record of changes; and the health and OpenAPI routes beside them."""

from __future__ import annotations

import pytest
from litestar.testing import TestClient

from designcore.app import Container
from designcore.app.http import create_app

Client = TestClient  # type: ignore[type-arg]
KEY = "premium_business_model_enabled"
ADMIN = {"Authorization": "Bearer admin-token"}


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


class TestAllSettings:
    def test_lists_every_known_setting_with_defaults(self, client: Client) -> None:
        """GET /site-settings answers every known setting, the unset links as null and the
        footer links as an empty list, revalidated on every read."""
        answer = client.get("/api/v1/site-settings")
        assert 200 == answer.status_code
        values = {s["setting_key"]: s["setting_value"] for s in answer.json()["settings"]}
        assert {
            KEY: True,
            "community_url": None,
            "payment_help_url": None,
            "support_email": None,
            "footer_links": [],
        } == values
        assert {"setting_key", "setting_value", "updated_at", "updated_by"} == set(
            answer.json()["settings"][0]
        )
        assert "no-cache" == answer.headers["cache-control"]

    def test_revalidation_answers_304_until_a_change(self, client: Client) -> None:
        """The list carries an ETag; asked again with it the answer is 304 until an admin
        changes a setting (the app reads the list again right after a toggle)."""
        etag = client.get("/api/v1/site-settings").headers["etag"]
        same = client.get("/api/v1/site-settings", headers={"If-None-Match": etag})
        assert (304, b"") == (same.status_code, same.content)
        client.put(f"/api/v1/site-settings/{KEY}", json={"setting_value": False}, headers=ADMIN)
        changed = client.get("/api/v1/site-settings", headers={"If-None-Match": etag})
        assert 200 == changed.status_code
        assert etag != changed.headers["etag"]

    def test_an_admin_sets_links_and_the_list_shows_them(self, client: Client) -> None:
        """Links an admin stores are listed with who stored them."""
        links = [{"label": "Instagram", "url": "https://www.instagram.com/designcore.ng"}]
        for key, value in (
            ("footer_links", links),
            ("community_url", "https://chat.whatsapp.com/Invite123"),
            ("support_email", "help@designcore.example"),
        ):
            done = client.put(
                f"/api/v1/site-settings/{key}", json={"setting_value": value}, headers=ADMIN
            )
            assert 200 == done.status_code, done.text
        listed = {
            s["setting_key"]: s for s in client.get("/api/v1/site-settings").json()["settings"]
        }
        assert links == listed["footer_links"]["setting_value"]
        assert "u-admin" == listed["community_url"]["updated_by"]

    @pytest.mark.parametrize(
        ("key", "value", "path"),
        [
            ("footer_links", [{"label": "X", "url": "https://x.com/"}], "setting_value[0].url"),
            ("footer_links", [{"label": "X", "url": "https://x.com"}], "setting_value[0].url"),
            ("footer_links", [{"label": "", "url": "https://x.com/dc"}], "setting_value[0].label"),
            (
                "footer_links",
                [{"label": "X", "url": "javascript:alert(1)"}],
                "setting_value[0].url",
            ),
            (
                "footer_links",
                [{"label": "X", "url": "https://x.com/dc", "extra": 1}],
                "setting_value[0]",
            ),
            ("footer_links", {"label": "X"}, "setting_value"),
            ("community_url", "ftp://files.example/x", "setting_value"),
            ("community_url", 42, "setting_value"),
            ("support_email", "not-an-address", "setting_value"),
        ],
    )
    def test_bad_values_are_refused_and_change_nothing(
        self, client: Client, key: str, value: object, path: str
    ) -> None:
        """A value a setting may not hold is 400 with the field's path; nothing changes and
        no change is recorded."""
        before = client.get("/api/v1/site-settings").json()
        answer = client.put(
            f"/api/v1/site-settings/{key}", json={"setting_value": value}, headers=ADMIN
        )
        assert (400, "validation_failed") == (answer.status_code, answer.json()["code"])
        assert path in [i["path"] for i in answer.json()["issues"]]
        assert before == client.get("/api/v1/site-settings").json()
        assert 0 == client.get("/api/v1/site-settings/changes", headers=ADMIN).json()["total_count"]


class TestSettingChanges:
    def test_changes_are_recorded_newest_first(self, client: Client) -> None:
        """Each change is listed with old and new value, who and when, newest first, paged."""
        for value in (False, True, False):
            client.put(f"/api/v1/site-settings/{KEY}", json={"setting_value": value}, headers=ADMIN)
        first = client.get("/api/v1/site-settings/changes?page=1&size=2", headers=ADMIN).json()
        assert {
            "total_count": 3,
            "has_more": True,
            "current_page": 1,
            "total_pages": 2,
        } == {k: first[k] for k in ("total_count", "has_more", "current_page", "total_pages")}
        newest = first["items"][0]
        assert (KEY, True, False, "u-admin") == (
            newest["setting_key"],
            newest["old_value"],
            newest["new_value"],
            newest["changed_by"],
        )
        assert {"changed_by_email", "changed_at"} <= set(newest)
        second = client.get("/api/v1/site-settings/changes?page=2&size=2", headers=ADMIN).json()
        assert [(True, False)] == [(c["old_value"], c["new_value"]) for c in second["items"]]

    @pytest.mark.parametrize("headers", [{}, {"Authorization": "Bearer free-token"}])
    def test_only_admins_read_changes(self, client: Client, headers: dict[str, str]) -> None:
        """Visitors and users are refused with 403 admin_only."""
        answer = client.get("/api/v1/site-settings/changes", headers=headers)
        assert (403, "admin_only") == (answer.status_code, answer.json()["code"])

    @pytest.mark.parametrize("query", ["page=0", "size=101", "page=x", "size=-1"])
    def test_bad_paging_is_400(self, client: Client, query: str) -> None:
        """Out-of-range or non-numeric paging is a 400."""
        answer = client.get(f"/api/v1/site-settings/changes?{query}", headers=ADMIN)
        assert 400 == answer.status_code
        assert answer.json()["code"] in {"validation_failed"}

    def test_changed_by_email_is_the_admins(self, memory_container: Container) -> None:
        """A change made by a signed-in administrator carries their e-mail."""
        with TestClient(app=create_app(container=memory_container)) as api:
            signed = api.post(
                "/auth/v1/signup",
                json={"email": "ada@example.com", "password": "kolanut-42-Lagos"},
            ).json()
            memory_container.profiles().grant_admin("ada@example.com")
            headers = {"Authorization": f"Bearer {signed['access_token']}"}
            done = api.put(
                f"/api/v1/site-settings/{KEY}", json={"setting_value": False}, headers=headers
            )
            assert 200 == done.status_code, done.text
            changes = api.get("/api/v1/site-settings/changes", headers=headers).json()
        assert ["ada@example.com"] == [c["changed_by_email"] for c in changes["items"]]


class TestMeta:
    def test_health_and_openapi(self, client: Client) -> None:
        """Health answers and the OpenAPI schema lists the template routes."""
        assert "ok" == client.get("/api/v1/health").json()["status"]
        schema = client.get("/schema/openapi.json").json()
        assert "/api/v1/templates/home" in schema["paths"]
        assert "totalCount" in schema["components"]["schemas"]["PageOut"]["properties"]
