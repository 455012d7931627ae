"""Stored objects and the built web app over HTTP."""

from __future__ import annotations

import gzip
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from litestar.testing import TestClient

from designcore.app import Container
from designcore.app.http import create_app

Client = TestClient  # type: ignore[type-arg]
MakeContainer = Callable[..., Container]
SCRIPT = "export const rows = [" + ", ".join(f"'row {n}'" for n in range(400)) + "];"
"""A built script big enough to be worth compressing."""
GZIPPED = gzip.compress(SCRIPT.encode(), mtime=0)
"""The gzip copy the build made."""
BROTLI_STANDIN = b"brotli bytes made at build time"
"""What the build wrote as the brotli variant (the server sends it as it is)."""


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
def fixture_web_client(tmp_path: Path, make_memory_container: MakeContainer) -> Iterator[Client]:
    """An app serving a small built web app from a temporary directory."""
    (tmp_path / "assets").mkdir()
    (tmp_path / "index.html").write_text("<!doctype html><div id=root></div>")
    (tmp_path / "assets" / "app-1234.js").write_text("console.log('hi')")
    (tmp_path / "favicon.svg").write_text("<svg/>")
    script = SCRIPT.encode()
    (tmp_path / "assets" / "big-5678.js").write_bytes(script)
    (tmp_path / "assets" / "big-5678.js.gz").write_bytes(GZIPPED)
    (tmp_path / "assets" / "big-5678.js.br").write_bytes(BROTLI_STANDIN)
    container = make_memory_container(DESIGNCORE_WEB_DIST=str(tmp_path))
    with TestClient(app=create_app(container=container), raise_server_exceptions=False) as client:
        yield client


class TestWebApp:
    @pytest.mark.parametrize(
        "path",
        ["/", "/templates/church", "/my-designs", "/no/such/page", "/auth/reset-password"],
    )
    def test_client_routes_get_index(self, web_client: Client, path: str) -> None:
        """Every client-side route answers index.html, never cached."""
        response = web_client.get(path)
        assert (200, "no-cache") == (response.status_code, response.headers["cache-control"])
        assert "id=root" in response.text

    def test_home_preloads_its_rows(self, web_client: Client) -> None:
        """Home's page asks the browser to fetch Home's rows at once (the request the web app
        makes for them, which the API answers); other pages preload nothing."""
        link = web_client.get("/").headers["link"]
        target, *parameters = [part.strip() for part in link.split(";")]
        assert {"rel=preload", "as=fetch", "crossorigin"} == set(parameters)
        url = target.strip("<>")
        assert 200 == web_client.get(url).status_code
        hook = Path(__file__).parents[3] / "web/src/features/templates/api/get-home-rows.ts"
        limit = url.rpartition("limit=")[2]
        assert f"HOME_ROW_LIMIT = {limit};" in hook.read_text()
        assert "link" not in web_client.get("/templates/church").headers

    def test_assets_are_immutable(self, web_client: Client) -> None:
        """Hashed assets are cached for a year; other files are served as they are."""
        asset = web_client.get("/assets/app-1234.js")
        assert "console.log('hi')" == asset.text
        assert "immutable" in asset.headers["cache-control"]
        assert asset.headers["content-type"].startswith("text/javascript")
        icon = web_client.get("/favicon.svg")
        assert ("<svg/>", "image/svg+xml") == (icon.text, icon.headers["content-type"])

    def test_api_paths_never_fall_back(self, web_client: Client) -> None:
        """Unknown API, auth and storage paths are JSON 404s, not the web app."""
        for path in (
            "/api/v1/nope",
            "/storage/v1/nope",
            "/schema-nope",
            "/auth/nope",
            "/auth/reset-password/extra",
        ):
            response = web_client.get(path)
            assert (404, "not_found") == (response.status_code, response.json()["code"])

    def test_traversal_gets_index_not_files(self, web_client: Client, tmp_path: Path) -> None:
        """A path that climbs out of the build directory never reads outside it."""
        (tmp_path.parent / "secret.txt").write_text("secret")
        response = web_client.get("/..%2Fsecret.txt")
        assert "secret" not in response.text


NUL_NAMES = ("%00", "index.html%00.js", "a%00b")
"""Names holding a NUL byte: refused at the edge (400 ``nul_character``)."""
HOSTILE_NAMES = (
    "%01%1f",
    "..%2F..%2Fetc%2Fpasswd",
    "%2e%2e/%2e%2e/etc/passwd",
    "%2e%2e%2f%2e%2e%2fetc%2fpasswd",
    "..%5C..%5Cwindows%5Cwin.ini",
    "a" * 300 + ".js",
    "/".join(["a" * 200] * 30),
)
"""Names no built file has: control bytes, encoded slashes and backslashes, ``..``
climbs, a name over the file system's 255 bytes and a path over its 4 KiB."""


class TestHostileStaticPaths:
    @pytest.mark.parametrize("prefix", ["/assets/", "/", "/templates/"])
    def test_web_app_paths_are_404(self, web_client: Client, prefix: str) -> None:
        """A hostile name under the built assets, at the root or under a client route is a
        JSON 404, never a 500 and never a file outside the build."""
        answers = {name: web_client.get(prefix + name) for name in HOSTILE_NAMES}
        assert dict.fromkeys(HOSTILE_NAMES, (404, "not_found")) == {
            name: (
                r.status_code,
                r.headers["content-type"].startswith("application/json") and r.json()["code"],
            )
            for name, r in answers.items()
        }

    @pytest.mark.parametrize("prefix", ["/assets/", "/", "/templates/"])
    def test_nul_names_are_refused(self, web_client: Client, prefix: str) -> None:
        """A name holding a NUL byte is a JSON 400 ``nul_character``, never a file."""
        answers = {name: web_client.get(prefix + name) for name in NUL_NAMES}
        assert dict.fromkeys(NUL_NAMES, (400, "nul_character")) == {
            name: (r.status_code, r.json()["code"]) for name, r in answers.items()
        }

    def test_encoded_slashes_are_a_client_route(self, web_client: Client) -> None:
        """Encoded slashes collapse into one path: the app's page (or 404 under assets/),
        never a file outside the build."""
        for path in ("/%2F%2Fetc%2Fpasswd", "/templates/%2F%2Fetc%2Fpasswd"):
            response = web_client.get(path)
            assert (200, "text/html") == (
                response.status_code,
                response.headers["content-type"].split(";")[0],
            )
            assert "id=root" in response.text
        assert 404 == web_client.get("/assets/%2F%2Fetc%2Fpasswd").status_code

    def test_a_missing_asset_is_404_not_the_app(self, web_client: Client) -> None:
        """A hashed asset that is not in the build (a stale chunk) is a 404, so the browser
        does not run index.html as a script."""
        response = web_client.get("/assets/app-0000.js")
        assert (404, "not_found") == (response.status_code, response.json()["code"])

    def test_font_paths_are_404(self, web_client: Client) -> None:
        """A hostile name under /fonts is a JSON 404."""
        for name in HOSTILE_NAMES:
            response = web_client.get("/fonts/" + name)
            assert (404, "not_found") == (response.status_code, response.json()["code"]), name

    @pytest.mark.parametrize(
        "prefix",
        [
            "/storage/v1/object/public/template-previews/",
            "/storage/v1/render/image/public/template-previews/",
            "/storage/v1/object/public/",
        ],
    )
    def test_storage_paths_are_client_errors(self, web_client: Client, prefix: str) -> None:
        """A hostile name in a public storage read is a 400 or 404 in the error shape."""
        for name in HOSTILE_NAMES:
            response = web_client.get(prefix + name, params={"width": "10"})
            assert response.status_code in (400, 404), (name, response.text)
            assert response.status_code == response.json()["status"]


def raw_get(client: Client, path: str, accept_encoding: str) -> tuple[Any, bytes]:
    """The answer to a GET and its body exactly as sent (not decoded)."""
    with client.stream("GET", path, headers={"Accept-Encoding": accept_encoding}) as response:
        return response, b"".join(response.iter_raw())


class TestPrecompressedAssets:
    @pytest.mark.parametrize(
        ("accept_encoding", "encoding"),
        [
            ("gzip, deflate, br, zstd", "br"),
            ("br", "br"),
            ("gzip", "gzip"),
            ("br;q=0.5, gzip", "gzip"),
            ("br;q=0, gzip;q=0.8", "gzip"),
            ("*", "br"),
            ("br;q=0, *", "gzip"),
            ("identity", None),
            ("gzip;q=0, br;q=0", None),
            ("deflate", None),
            ("", None),
        ],
    )
    def test_the_variant_follows_accept_encoding(
        self, web_client: Client, accept_encoding: str, encoding: str | None
    ) -> None:
        """A built script is sent as its brotli or gzip file made at build time, whichever the
        request's Accept-Encoding prefers (q-values honoured), else as it is; every answer
        varies on Accept-Encoding and keeps the script's type and caching."""
        response, body = raw_get(web_client, "/assets/big-5678.js", accept_encoding)
        expected = {
            "br": BROTLI_STANDIN,
            "gzip": GZIPPED,
            None: SCRIPT.encode(),
        }[encoding]
        assert (200, encoding, expected) == (
            response.status_code,
            response.headers.get("content-encoding"),
            body,
        )
        assert "Accept-Encoding" == response.headers["vary"]
        assert response.headers["content-type"].startswith("text/javascript")
        assert "public, max-age=31536000, immutable" == response.headers["cache-control"]
        assert str(len(expected)) == response.headers["content-length"]

    def test_gzip_decodes_to_the_script(self, web_client: Client) -> None:
        """What a gzip-capable client decodes is the script itself."""
        response = web_client.get("/assets/big-5678.js", headers={"Accept-Encoding": "gzip"})
        assert ("gzip", SCRIPT) == (response.headers["content-encoding"], response.text)

    def test_files_without_variants_are_sent_as_they_are(self, web_client: Client) -> None:
        """A file the build did not compress is sent plain, whatever the client accepts."""
        response, body = raw_get(web_client, "/assets/app-1234.js", "br, gzip")
        assert (None, b"console.log('hi')") == (response.headers.get("content-encoding"), body)
