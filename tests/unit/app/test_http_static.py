"""Stored objects and the built web app over HTTP."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from litestar.testing import TestClient

from designcore.adapters.memory import StaticAuthenticator
from designcore.app import Container, build_container, create_app, load_settings

Client = TestClient  # type: ignore[type-arg]


class TestPublicObjects:
    def test_reads_with_type_etag_and_cache(self, client: Client, container: Container) -> None:
        """A stored object is served with its type, a strong ETag and a public cache."""
        container.storage().put("template-previews", "a/b.png", b"\x89PNG", "image/png")
        response = client.get("/storage/v1/object/public/template-previews/a/b.png")
        assert (200, b"\x89PNG", "image/png") == (
            response.status_code,
            response.content,
            response.headers["content-type"],
        )
        assert response.headers["etag"].startswith('"')
        assert "public, max-age=3600" == response.headers["cache-control"]
        again = client.get(
            "/storage/v1/object/public/template-previews/a/b.png",
            headers={"If-None-Match": response.headers["etag"]},
        )
        assert (304, b"") == (again.status_code, again.content)

    @pytest.mark.parametrize(
        ("path", "status"),
        [
            ("template-previews/missing.png", 404),
            ("template-previews/..%2F..%2Fetc%2Fpasswd", 400),
            ("Bad_Bucket/x.png", 400),
        ],
    )
    def test_missing_and_unsafe(self, client: Client, path: str, status: int) -> None:
        """Unknown objects are 404; traversal and bad buckets are 400."""
        response = client.get(f"/storage/v1/object/public/{path}")
        assert status == response.status_code
        assert status == response.json()["status"]


@pytest.fixture(name="web_client")
def fixture_web_client(tmp_path: Path) -> Iterator[Client]:
    """An app serving a small built web app from a temporary directory."""
    (tmp_path / "assets").mkdir()
    (tmp_path / "index.html").write_text("<!doctype html><div id=root></div>")
    (tmp_path / "assets" / "app-1234.js").write_text("console.log('hi')")
    (tmp_path / "favicon.svg").write_text("<svg/>")
    container = build_container(
        load_settings(
            {
                "DESIGNCORE_DATABASE_URL": "memory://",
                "DESIGNCORE_STORAGE_BACKEND": "memory",
                "DESIGNCORE_WEB_DIST": str(tmp_path),
            }
        )
    )
    container.authenticator.override(StaticAuthenticator())
    with TestClient(app=create_app(container=container)) as client:
        yield client


class TestWebApp:
    @pytest.mark.parametrize("path", ["/", "/templates/church", "/my-designs", "/no/such/page"])
    def test_client_routes_get_index(self, web_client: Client, path: str) -> None:
        """Every client-side route answers index.html, never cached."""
        response = web_client.get(path)
        assert (200, "no-cache") == (response.status_code, response.headers["cache-control"])
        assert "id=root" in response.text

    def test_assets_are_immutable(self, web_client: Client) -> None:
        """Hashed assets are cached for a year; other files are served as they are."""
        asset = web_client.get("/assets/app-1234.js")
        assert "console.log('hi')" == asset.text
        assert "immutable" in asset.headers["cache-control"]
        assert asset.headers["content-type"].startswith("text/javascript")
        icon = web_client.get("/favicon.svg")
        assert ("<svg/>", "image/svg+xml") == (icon.text, icon.headers["content-type"])

    def test_api_paths_never_fall_back(self, web_client: Client) -> None:
        """Unknown API and storage paths are JSON 404s, not the web app."""
        for path in ("/api/v1/nope", "/storage/v1/nope", "/schema-nope"):
            response = web_client.get(path)
            assert (404, "not_found") == (response.status_code, response.json()["code"])

    def test_traversal_gets_index_not_files(self, web_client: Client, tmp_path: Path) -> None:
        """A path that climbs out of the build directory never reads outside it."""
        (tmp_path.parent / "secret.txt").write_text("secret")
        response = web_client.get("/..%2Fsecret.txt")
        assert "secret" not in response.text
