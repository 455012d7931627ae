"""Report a Problem over HTTP: creating (signed in, screenshot in one's own folder, rate
limited), and the administrators' list and status changes."""

from __future__ import annotations

import pytest
from litestar.testing import TestClient

from designcore.app import Container
from image_samples import raster

Client = TestClient  # type: ignore[type-arg]
FREE = {"Authorization": "Bearer free-token"}
ADMIN = {"Authorization": "Bearer admin-token"}
PAGE = "https://designcore.example/templates/church"
BODY = {"description": "The preview dialog never opened.", "page_url": PAGE}


def upload(
    client: Client, path: str, headers: dict[str, str] = FREE, bucket: str = "problem-screenshots"
) -> str:
    """Upload a small PNG; answer the Key the upload gave back."""
    answer = client.post(
        f"/storage/v1/object/{bucket}/{path}",
        content=raster("PNG", 8, 8),
        headers={**headers, "content-type": "image/png"},
    )
    assert 200 == answer.status_code, answer.text
    key: str = answer.json()["Key"]
    return key


class TestCreate:
    def test_a_signed_in_user_reports(self, client: Client) -> None:
        """201 with the stored report: open, the caller's id, the text trimmed."""
        answer = client.post(
            "/api/v1/problem-reports",
            json={**BODY, "description": "  The preview dialog never opened.  "},
            headers=FREE,
        )
        assert 201 == answer.status_code, answer.text
        report = answer.json()
        assert ("open", "u-free", "The preview dialog never opened.", PAGE, None) == (
            report["status"],
            report["user_id"],
            report["description"],
            report["page_url"],
            report["screenshot_key"],
        )

    def test_with_a_screenshot_in_ones_own_folder(self, client: Client) -> None:
        """A screenshot uploaded to the caller's folder is kept with a URL only the reporter
        and admins can open; its storage address answers nobody without signing in."""
        key = upload(client, "u-free/reports/shot.png")
        answer = client.post(
            "/api/v1/problem-reports", json={**BODY, "screenshot_key": key}, headers=FREE
        )
        assert 201 == answer.status_code, answer.text
        report = answer.json()
        assert key == report["screenshot_key"]
        url = report["screenshot_url"]
        assert f"/api/v1/problem-reports/{report['id']}/screenshot" == url
        for headers in (FREE, ADMIN):
            shot = client.get(url, headers=headers)
            assert 200 == shot.status_code, shot.text
            assert "image/png" == shot.headers["content-type"]
            assert "private, no-store" == shot.headers["cache-control"]
            assert shot.content.startswith(b"\x89PNG")
        assert 404 == client.get(f"/storage/v1/object/public/{key}").status_code
        assert 404 == client.get(f"/storage/v1/render/image/public/{key}").status_code

    def test_a_screenshot_is_nobody_elses(self, client: Client) -> None:
        """Another member gets 404 problem_report_not_found, a visitor 401, and a report
        without a screenshot 404 no_screenshot."""
        key = upload(client, "u-free/shot.png")
        report = client.post(
            "/api/v1/problem-reports", json={**BODY, "screenshot_key": key}, headers=FREE
        ).json()
        url = f"/api/v1/problem-reports/{report['id']}/screenshot"
        other = client.get(url, headers={"Authorization": "Bearer premium-token"})
        assert (404, "problem_report_not_found") == (other.status_code, other.json()["code"])
        visitor = client.get(url)
        assert (401, "sign_in_required") == (visitor.status_code, visitor.json()["code"])
        bare = client.post("/api/v1/problem-reports", json=BODY, headers=FREE).json()
        none = client.get(f"/api/v1/problem-reports/{bare['id']}/screenshot", headers=ADMIN)
        assert (404, "no_screenshot") == (none.status_code, none.json()["code"])
        unknown = client.get("/api/v1/problem-reports/nope/screenshot", headers=ADMIN)
        assert 404 == unknown.status_code

    def test_a_screenshot_in_a_public_bucket_is_refused(self, client: Client) -> None:
        """A key of the public user-uploads bucket is 400: it would be readable by anyone."""
        key = upload(client, "u-free/shot.png", bucket="user-uploads")
        answer = client.post(
            "/api/v1/problem-reports", json={**BODY, "screenshot_key": key}, headers=FREE
        )
        assert (400, "validation_failed") == (answer.status_code, answer.json()["code"])
        listed = client.get("/api/v1/problem-reports", headers=ADMIN).json()
        assert 0 == listed["total_count"]

    def test_someone_elses_screenshot_is_refused(self, client: Client) -> None:
        """A key in another user's folder is 403 not_your_folder; nothing is stored."""
        key = upload(client, "u-premium/shot.png", {"Authorization": "Bearer premium-token"})
        answer = client.post(
            "/api/v1/problem-reports", json={**BODY, "screenshot_key": key}, headers=FREE
        )
        assert (403, "not_your_folder") == (answer.status_code, answer.json()["code"])
        listed = client.get("/api/v1/problem-reports", headers=ADMIN).json()
        assert 0 == listed["total_count"]

    @pytest.mark.parametrize(
        "key",
        [
            "problem-screenshots/u-free/never-uploaded.png",
            "user-uploads/u-free/public.png",
            "template-previews/u-free/x.png",
            "problem-screenshots/../etc/passwd",
            "problem-screenshots",
            "problem-screenshots/u-free",
        ],
    )
    def test_bad_screenshot_keys_are_400(self, client: Client, key: str) -> None:
        """Keys of nothing uploaded, of a public or admin bucket, or malformed are 400."""
        answer = client.post(
            "/api/v1/problem-reports", json={**BODY, "screenshot_key": key}, headers=FREE
        )
        assert (400, "validation_failed") == (answer.status_code, answer.json()["code"])
        assert ["screenshot_key"] == [i["path"] for i in answer.json()["issues"]]

    @pytest.mark.parametrize(
        ("body", "path"),
        [
            ({**BODY, "description": "   "}, "description"),
            ({**BODY, "description": "x" * 5001}, "description"),
            ({**BODY, "page_url": "javascript:alert(1)"}, "page_url"),
            ({**BODY, "page_url": "/templates"}, "page_url"),
            ({"description": "x"}, "page_url"),
            ({**BODY, "description": 42}, "description"),
            ({**BODY, "extra": True}, "extra"),
        ],
    )
    def test_bad_bodies_are_400(self, client: Client, body: object, path: str) -> None:
        """Blank or over-long text, a page that is no http(s) URL, a missing or mistyped field,
        an unknown field: 400 naming the field; nothing is stored."""
        answer = client.post("/api/v1/problem-reports", json=body, headers=FREE)
        assert (400, "validation_failed") == (answer.status_code, answer.json()["code"])
        issues = answer.json()["issues"]
        assert any(path in i["path"] or path in i["message"] for i in issues), answer.json()
        assert 0 == client.get("/api/v1/problem-reports", headers=ADMIN).json()["total_count"]

    def test_malformed_json_and_oversized_body(self, client: Client) -> None:
        """Malformed JSON is 400 malformed_json; a body past the limit 413."""
        bad = client.post(
            "/api/v1/problem-reports",
            content=b"{not json",
            headers={**FREE, "content-type": "application/json"},
        )
        assert (400, "malformed_json") == (bad.status_code, bad.json()["code"])
        big = client.post(
            "/api/v1/problem-reports",
            json={**BODY, "description": "x" * 40_000},
            headers=FREE,
        )
        assert 413 == big.status_code

    def test_signed_out_is_401(self, client: Client) -> None:
        """A visitor cannot report."""
        answer = client.post("/api/v1/problem-reports", json=BODY)
        assert (401, "sign_in_required") == (answer.status_code, answer.json()["code"])

    def test_eleven_reports_in_an_hour_are_too_many(self, client: Client) -> None:
        """The eleventh report within an hour is 429 with Retry-After."""
        for _ in range(10):
            assert (
                201 == client.post("/api/v1/problem-reports", json=BODY, headers=FREE).status_code
            )
        over = client.post("/api/v1/problem-reports", json=BODY, headers=FREE)
        assert (429, "too_many_reports") == (over.status_code, over.json()["code"])
        assert int(over.headers["retry-after"]) > 0
        assert 201 == client.post("/api/v1/problem-reports", json=BODY, headers=ADMIN).status_code


class TestAdmin:
    def test_list_and_resolve(self, client: Client, container: Container) -> None:
        """Admins list newest first, filter by status, resolve and reopen."""
        first = client.post("/api/v1/problem-reports", json=BODY, headers=FREE).json()
        container.clock().advance(__import__("datetime").timedelta(minutes=1))
        second = client.post(
            "/api/v1/problem-reports", json={**BODY, "description": "Second"}, headers=FREE
        ).json()
        listed = client.get("/api/v1/problem-reports?page=1&size=10", headers=ADMIN).json()
        assert [second["id"], first["id"]] == [r["id"] for r in listed["items"]]
        assert (2, False, 1, 1) == (
            listed["total_count"],
            listed["has_more"],
            listed["current_page"],
            listed["total_pages"],
        )
        done = client.patch(
            f"/api/v1/problem-reports/{first['id']}", json={"status": "resolved"}, headers=ADMIN
        )
        assert (200, "resolved", "u-admin") == (
            done.status_code,
            done.json()["status"],
            done.json()["resolved_by"],
        )
        open_only = client.get("/api/v1/problem-reports?status=open", headers=ADMIN).json()
        assert [second["id"]] == [r["id"] for r in open_only["items"]]
        reopened = client.patch(
            f"/api/v1/problem-reports/{first['id']}", json={"status": "open"}, headers=ADMIN
        ).json()
        assert ("open", None) == (reopened["status"], reopened["resolved_at"])

    @pytest.mark.parametrize("headers", [{}, FREE])
    def test_non_admins_are_refused(self, client: Client, headers: dict[str, str]) -> None:
        """Visitors and users get 403 admin_only on the list and the status change."""
        made = client.post("/api/v1/problem-reports", json=BODY, headers=FREE).json()
        listed = client.get("/api/v1/problem-reports", headers=headers)
        changed = client.patch(
            f"/api/v1/problem-reports/{made['id']}", json={"status": "resolved"}, headers=headers
        )
        assert [(403, "admin_only")] * 2 == [
            (listed.status_code, listed.json()["code"]),
            (changed.status_code, changed.json()["code"]),
        ]

    def test_unknown_id_bad_status_and_bad_filter(self, client: Client) -> None:
        """An unknown id is 404; a status other than open or resolved is 400."""
        missing = client.patch(
            "/api/v1/problem-reports/nope", json={"status": "resolved"}, headers=ADMIN
        )
        assert (404, "problem_report_not_found") == (missing.status_code, missing.json()["code"])
        made = client.post("/api/v1/problem-reports", json=BODY, headers=FREE).json()
        bad = client.patch(
            f"/api/v1/problem-reports/{made['id']}", json={"status": "closed"}, headers=ADMIN
        )
        assert 400 == bad.status_code
        assert 400 == client.get("/api/v1/problem-reports?status=closed", headers=ADMIN).status_code
