"""Uploads and the image-rendering path over HTTP: auth, bucket rules, names, sizes, sniffing,
sanitising, variants, the disk cache and conditional requests."""

from __future__ import annotations

import io
import json
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest
from litestar.testing import TestClient
from PIL import Image

from designcore.adapters.memory import StaticAuthenticator
from designcore.app import Container, build_container, load_settings
from designcore.app.http import create_app
from designcore.app.seeding import PREVIEW_BUCKET, preview_url
from designcore.domain.premium import Viewer
from image_samples import HOSTILE_SVG, REFUSED_SVG, SAFE_SVG, png_declaring, raster

Client = TestClient  # type: ignore[type-arg]
FREE = {"Authorization": "Bearer free-token"}
ADMIN = {"Authorization": "Bearer admin-token"}
UPLOAD = "/storage/v1/object"
RENDER = "/storage/v1/render/image/public"
VIEWERS = {  # the tokens of the app fixtures in conftest.py
    "free-token": Viewer(user_id="u-free"),
    "admin-token": Viewer(user_id="u-admin", user_role="admin"),
}


_WHOLE_PNG = raster("PNG", 300, 300)
TRUNCATED_PNG = _WHOLE_PNG[: len(_WHOLE_PNG) // 2]


def opened(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


class TestUploadAnswers:
    def test_raw_body_upload(self, client: Client, container: Container) -> None:
        """A raw PNG body is stored as PNG whatever the name and Content-Type claim, and the
        answer is {Key, Id} as the hosted storage API gives it."""
        data = raster("PNG", 30, 20)
        response = client.post(
            f"{UPLOAD}/user-uploads/u-free/photo.jpg",
            content=data,
            headers={**FREE, "Content-Type": "image/jpeg"},
        )
        assert 200 == response.status_code
        body = response.json()
        assert "user-uploads/u-free/photo.jpg" == body["Key"]
        assert 5 == uuid.UUID(body["Id"]).version
        stored = container.storage().get("user-uploads", "u-free/photo.jpg")
        assert (data, "image/png") == (stored.data, stored.content_type)

    @pytest.mark.parametrize("field", ["file", ""])
    def test_multipart_upload(self, client: Client, container: Container, field: str) -> None:
        """A multipart form's file field is the upload (named 'file', or unnamed as the
        official JavaScript client sends it)."""
        data = raster("WEBP", 20, 20)
        response = client.post(
            f"{UPLOAD}/designs/u-free/a.webp",
            files={field: ("blob", data, "application/octet-stream")},
            data={"cacheControl": "3600"},
            headers=FREE,
        )
        assert 200 == response.status_code
        assert "image/webp" == container.storage().get("designs", "u-free/a.webp").content_type

    def test_multipart_without_a_file_is_400(self, client: Client) -> None:
        """A form with no file part is refused, naming the field."""
        body = b'--XyZ\r\nContent-Disposition: form-data; name="note"\r\n\r\nno file\r\n--XyZ--\r\n'
        response = client.post(
            f"{UPLOAD}/designs/u-free/a.png",
            content=body,
            headers={**FREE, "Content-Type": "multipart/form-data; boundary=XyZ"},
        )
        assert (400, "file") == (response.status_code, response.json()["issues"][0]["path"])

    @pytest.mark.parametrize("fmt", ["JPEG", "PNG", "WEBP", "AVIF"])
    def test_each_raster_format_is_accepted(
        self, client: Client, container: Container, fmt: str
    ) -> None:
        """JPEG, PNG, WebP and AVIF are stored with the media type their bytes show."""
        response = client.post(
            f"{UPLOAD}/user-uploads/u-free/x", content=raster(fmt, 16, 16), headers=FREE
        )
        assert 200 == response.status_code
        stored = container.storage().get("user-uploads", "u-free/x")
        assert f"image/{fmt.lower()}" == stored.content_type

    def test_existing_object_needs_upsert(self, client: Client, container: Container) -> None:
        """A second upload to the same name is 409 unless x-upsert is true."""
        url = f"{UPLOAD}/user-uploads/u-free/same.png"
        assert 200 == client.post(url, content=raster("PNG", 10, 10), headers=FREE).status_code
        again = client.post(url, content=raster("JPEG", 12, 12), headers=FREE)
        assert (409, "object_exists") == (again.status_code, again.json()["code"])
        assert (
            "image/png" == container.storage().get("user-uploads", "u-free/same.png").content_type
        )
        upsert = client.post(
            url, content=raster("JPEG", 12, 12), headers={**FREE, "x-upsert": "true"}
        )
        assert 200 == upsert.status_code
        assert (
            "image/jpeg" == container.storage().get("user-uploads", "u-free/same.png").content_type
        )


class TestUploadRules:
    @pytest.mark.parametrize(
        ("headers", "bucket", "path", "status", "code"),
        [
            ({}, "user-uploads", "u-free/a.png", 401, "sign_in_required"),
            (
                {"Authorization": "Bearer forged"},
                "user-uploads",
                "u-free/a.png",
                401,
                "invalid_token",
            ),
            (FREE, "template-previews", "a.png", 403, "admin_only"),
            (FREE, "user-uploads", "u-premium/a.png", 403, "not_your_folder"),
            (FREE, "user-uploads", "a.png", 403, "not_your_folder"),
            (FREE, "secret-bucket", "u-free/a.png", 404, "bucket_not_found"),
            (FREE, "user-uploads", "u-free/..%2F..%2Fetc%2Fpasswd", 400, "validation_failed"),
            (FREE, "user-uploads", "u-free/a%5Cb.png", 400, "validation_failed"),
            (FREE, "user-uploads", "u-free/a%0Ab.png", 400, "validation_failed"),
            (FREE, "user-uploads", "u-free/a%00.png", 400, "nul_character"),
            (FREE, "user-uploads", "u-free/a*b|c.png", 400, "validation_failed"),
            (FREE, "user-uploads", "u-free/" + "a" * 1100, 400, "validation_failed"),
        ],
    )
    def test_refused_and_nothing_stored(
        self,
        client: Client,
        container: Container,
        headers: dict[str, str],
        bucket: str,
        path: str,
        status: int,
        code: str,
    ) -> None:
        """Visitors, forged tokens, admin buckets, other folders, unknown buckets and unsafe
        names get a clear 4xx and nothing is stored."""
        response = client.post(f"{UPLOAD}/{bucket}/{path}", content=raster("PNG"), headers=headers)
        assert (status, code) == (response.status_code, response.json()["code"])
        assert response.json()["message"]
        for name in ("user-uploads", "template-previews", "designs"):
            assert [] == container.storage().list(name)

    def test_admin_writes_previews(self, client: Client, container: Container) -> None:
        """Admins may upload to the previews bucket."""
        response = client.post(
            f"{UPLOAD}/template-previews/t1.png", content=raster("PNG"), headers=ADMIN
        )
        assert 200 == response.status_code
        assert container.storage().exists("template-previews", "t1.png")

    @pytest.mark.parametrize(
        ("data", "status", "code"),
        [
            (b"just some text", 415, "unsupported_media_type"),
            (b"", 415, "unsupported_media_type"),
            (raster("GIF", 10, 10), 415, "unsupported_media_type"),
            (raster("BMP", 10, 10), 415, "unsupported_media_type"),
            (b"<html><script>alert(1)</script></html>", 415, "unsupported_media_type"),
            (png_declaring(100_000, 100_000), 422, "image_too_large"),
            (TRUNCATED_PNG, 422, "damaged_image"),
            (REFUSED_SVG["billion laughs"], 400, "validation_failed"),
        ],
    )
    def test_bad_content_is_refused(
        self, client: Client, container: Container, data: bytes, status: int, code: str
    ) -> None:
        """Non-images, other formats, bombs, damaged files and entity-laden SVG are refused
        (the name says .png and the Content-Type image/png, which changes nothing)."""
        response = client.post(
            f"{UPLOAD}/user-uploads/u-free/x.png",
            content=data,
            headers={**FREE, "Content-Type": "image/png"},
        )
        assert (status, code) == (response.status_code, response.json()["code"])
        assert [] == container.storage().list("user-uploads")

    def test_svg_is_stored_sanitised_and_served_locked_down(
        self, client: Client, container: Container
    ) -> None:
        """A hostile SVG is stored without its script and served with a restrictive CSP."""
        document = HOSTILE_SVG["script element"][0]
        response = client.post(
            f"{UPLOAD}/user-uploads/u-free/logo.svg", content=document, headers=FREE
        )
        assert 200 == response.status_code
        stored = container.storage().get("user-uploads", "u-free/logo.svg")
        assert ("image/svg+xml", False) == (stored.content_type, b"script" in stored.data)
        public = client.get("/storage/v1/object/public/user-uploads/u-free/logo.svg")
        assert "default-src 'none'" in public.headers["content-security-policy"]
        assert "nosniff" == public.headers["x-content-type-options"]

    def test_private_buckets_are_not_served_by_url(self, client: Client) -> None:
        """An object in a private bucket (designs) is stored but answers 404 on the public
        read and image routes, as an unknown bucket does."""
        image = raster("PNG", 32, 32)
        stored = client.post(f"{UPLOAD}/designs/u-free/cover.png", content=image, headers=FREE)
        assert 200 == stored.status_code, stored.text
        for url in (
            "/storage/v1/object/public/designs/u-free/cover.png",
            "/storage/v1/render/image/public/designs/u-free/cover.png?width=100",
            "/storage/v1/object/public/no-such-bucket/u-free/cover.png",
        ):
            answer = client.get(url)
            assert (404, "bucket_not_found") == (answer.status_code, answer.json()["code"]), url


@pytest.fixture(name="small_cap_container")
def fixture_small_cap_container() -> Container:
    """A container whose uploads are capped at 10,000 bytes."""
    container = build_container(
        load_settings(
            {
                "DESIGNCORE_DATABASE_URL": "memory://",
                "DESIGNCORE_STORAGE_BACKEND": "memory",
                "DESIGNCORE_WEB_DIST": "/nonexistent",
                "DESIGNCORE_STORAGE_MAX_UPLOAD_BYTES": "10000",
            }
        )
    )
    container.authenticator.override(StaticAuthenticator(VIEWERS))
    return container


class TestUploadPathAsSent:
    @pytest.mark.parametrize(
        "path", ["u-free//a.png", "u-free/x//a.png", "/u-free/a.png", "u-free/a.png/"]
    )
    def test_empty_segments_are_400(self, client: Client, container: Container, path: str) -> None:
        """A path with ``//``, a leading or a trailing slash is refused as the docs say, and
        nothing is stored under the path the router would have collapsed it to."""
        response = client.post(
            f"{UPLOAD}/user-uploads/{path}", content=raster("PNG", 3, 3), headers=FREE
        )
        assert (400, ["path"]) == (
            response.status_code,
            [issue["path"] for issue in response.json()["issues"]],
        )
        assert [] == [item.path for item in container.storage().list("user-uploads", "u-free")]

    def test_a_visitor_is_asked_to_sign_in_first(self, client: Client) -> None:
        """Signed out, the same path is 401: the caller is checked before the path."""
        response = client.post(f"{UPLOAD}/user-uploads/u-free//a.png", content=b"x")
        assert 401 == response.status_code


class TestSizeCap:
    def test_default_cap_is_ten_megabytes(self, client: Client, container: Container) -> None:
        """One byte over 10 MB is a 413 naming the limit; nothing is stored."""
        response = client.post(
            f"{UPLOAD}/user-uploads/u-free/big.png",
            content=b"\x89PNG" + b"\x00" * (10 * 1024 * 1024 - 3),
            headers=FREE,
        )
        assert (413, "object_too_large") == (response.status_code, response.json()["code"])
        assert "10 MB" in response.json()["message"]
        assert [] == container.storage().list("user-uploads")

    def test_multipart_over_the_cap_is_413(self, small_cap_container: Container) -> None:
        """A multipart file over the cap is refused too."""
        with TestClient(app=create_app(container=small_cap_container)) as client:
            response = client.post(
                f"{UPLOAD}/user-uploads/u-free/big.png",
                files={"file": ("big.png", b"\x00" * 12_000, "image/png")},
                headers=FREE,
            )
        assert (413, "object_too_large") == (response.status_code, response.json()["code"])

    def test_streamed_body_is_cut_off_while_reading(self, small_cap_container: Container) -> None:
        """A body without Content-Length that never ends is refused after about the cap: the
        server stops reading instead of buffering everything sent."""
        app = create_app(container=small_cap_container)
        chunks_read = 0
        sent: list[dict[str, Any]] = []

        async def receive() -> dict[str, Any]:
            nonlocal chunks_read
            chunks_read += 1
            return {"type": "http.request", "body": b"\x00" * 1000, "more_body": chunks_read < 5000}

        async def send(message: dict[str, Any]) -> None:
            sent.append(message)

        scope = {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": "POST",
            "scheme": "http",
            "path": f"{UPLOAD}/user-uploads/u-free/endless.png",
            "raw_path": f"{UPLOAD}/user-uploads/u-free/endless.png".encode(),
            "query_string": b"",
            "root_path": "",
            "headers": [(b"authorization", b"Bearer free-token"), (b"host", b"test")],
            "client": ("127.0.0.1", 1),
            "server": ("test", 80),
            "state": {},
        }
        anyio.run(app, scope, receive, send)  # type: ignore[arg-type]
        assert 413 == sent[0]["status"]
        assert chunks_read <= 12

    def test_streamed_multipart_is_cut_off_while_reading(
        self, small_cap_container: Container
    ) -> None:
        """A multipart body without Content-Length whose file never ends is refused with
        object_too_large after about the cap and the room for the form's boundaries: the
        server stops reading instead of parsing everything sent."""
        app = create_app(container=small_cap_container)
        chunks_read = 0
        sent: list[dict[str, Any]] = []
        head = b'--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n'

        async def receive() -> dict[str, Any]:
            nonlocal chunks_read
            chunks_read += 1
            body = head if chunks_read == 1 else b"\x00" * 1000
            return {"type": "http.request", "body": body, "more_body": chunks_read < 5000}

        async def send(message: dict[str, Any]) -> None:
            sent.append(message)

        path = f"{UPLOAD}/user-uploads/u-free/endless.png"
        scope = {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": "POST",
            "scheme": "http",
            "path": path,
            "raw_path": path.encode(),
            "query_string": b"",
            "root_path": "",
            "headers": [
                (b"authorization", b"Bearer free-token"),
                (b"content-type", b"multipart/form-data; boundary=XyZ"),
                (b"host", b"test"),
            ],
            "client": ("127.0.0.1", 1),
            "server": ("test", 80),
            "state": {},
        }
        anyio.run(app, scope, receive, send)  # type: ignore[arg-type]
        body = b"".join(message.get("body", b"") for message in sent[1:])
        assert (413, "object_too_large") == (sent[0]["status"], json.loads(body)["code"])
        assert chunks_read <= 80

    def test_declared_length_over_the_cap_is_refused_unread(
        self, small_cap_container: Container
    ) -> None:
        """A Content-Length over the cap is refused before the body is read."""
        with TestClient(app=create_app(container=small_cap_container)) as client:
            response = client.post(
                f"{UPLOAD}/user-uploads/u-free/big.png", content=b"\x00" * 80_000, headers=FREE
            )
        assert 413 == response.status_code

    def test_just_under_the_cap_is_fine(self, small_cap_container: Container) -> None:
        """An image within the cap is stored."""
        data = raster("PNG", 20, 20)
        assert len(data) < 10_000
        with TestClient(app=create_app(container=small_cap_container)) as client:
            response = client.post(
                f"{UPLOAD}/user-uploads/u-free/ok.png", content=data, headers=FREE
            )
        assert 200 == response.status_code


class TestRender:
    @pytest.fixture(autouse=True)
    def _source(self, container: Container) -> None:
        container.storage().put(
            "template-previews", "t/a.jpg", raster("JPEG", 400, 200), "image/jpeg"
        )

    def test_variant_with_headers(self, client: Client) -> None:
        """A variant comes in the asked size and format with a strong ETag, a year-long
        immutable cache, nosniff and no Vary (we do not negotiate on Accept)."""
        response = client.get(f"{RENDER}/template-previews/t/a.jpg?width=100&format=webp")
        assert (200, "image/webp") == (response.status_code, response.headers["content-type"])
        assert (100, 50) == opened(response.content).size
        etag = response.headers["etag"]
        assert etag.startswith('"')
        assert etag.endswith('"')
        assert "public, max-age=31536000, immutable" == response.headers["cache-control"]
        assert "nosniff" == response.headers["x-content-type-options"]
        assert "vary" not in response.headers

    def test_defaults_keep_the_source(self, client: Client) -> None:
        """No options: the source's size and format."""
        response = client.get(f"{RENDER}/template-previews/t/a.jpg")
        assert ("image/jpeg", (400, 200)) == (
            response.headers["content-type"],
            opened(response.content).size,
        )

    def test_seed_preview_urls_serve_avif(self, client: Client, container: Container) -> None:
        """A seed template's preview_url serves its stored PNG as an AVIF 800 px wide."""
        container.storage().put(PREVIEW_BUCKET, "tpl-1.png", raster("PNG", 1080, 1350), "image/png")
        response = client.get(preview_url("tpl-1"))
        assert (200, "image/avif") == (response.status_code, response.headers["content-type"])
        assert (800, 1000) == opened(response.content).size

    @pytest.mark.parametrize("prefix", ["", "W/"])
    def test_if_none_match_answers_304(self, client: Client, prefix: str) -> None:
        """The ETag sent back (strong or as a weak match) answers 304 without a body."""
        url = f"{RENDER}/template-previews/t/a.jpg?width=50&format=png"
        etag = client.get(url).headers["etag"]
        again = client.get(url, headers={"If-None-Match": f'"other", {prefix}{etag}'})
        assert (304, b"", etag) == (again.status_code, again.content, again.headers["etag"])
        assert "immutable" in again.headers["cache-control"]
        different = client.get(url, headers={"If-None-Match": '"other"'})
        assert 200 == different.status_code

    def test_options_change_the_etag(self, client: Client) -> None:
        """Different options are different variants with different ETags."""
        one = client.get(f"{RENDER}/template-previews/t/a.jpg?width=50").headers["etag"]
        two = client.get(f"{RENDER}/template-previews/t/a.jpg?width=51").headers["etag"]
        assert one != two

    @pytest.mark.parametrize(
        ("query", "field"),
        [
            ("width=0", "width"),
            ("width=-1", "width"),
            ("width=12.5", "width"),
            ("height=tall", "height"),
            ("quality=0", "quality"),
            ("quality=101", "quality"),
            ("resize=squash", "resize"),
            ("format=gif", "format"),
        ],
    )
    def test_bad_options_are_400_naming_the_field(
        self, client: Client, query: str, field: str
    ) -> None:
        """Bad options are a 400 whose issues name the field."""
        response = client.get(f"{RENDER}/template-previews/t/a.jpg?{query}")
        assert 400 == response.status_code
        assert [field] == [issue["path"] for issue in response.json()["issues"]]

    def test_huge_widths_are_capped(self, client: Client) -> None:
        """width=9000 renders 2500 px wide."""
        response = client.get(f"{RENDER}/template-previews/t/a.jpg?width=9000&format=jpeg")
        assert (2500, 1250) == opened(response.content).size

    @pytest.mark.parametrize(
        ("path", "status", "code"),
        [
            ("template-previews/missing.jpg", 404, "object_not_found"),
            ("unknown-bucket/t/a.jpg", 404, "bucket_not_found"),
            ("template-previews/t/..%2F..%2F..%2Fetc%2Fpasswd", 400, "validation_failed"),
            ("template-previews/t%5Ca.jpg", 400, "validation_failed"),
        ],
    )
    def test_missing_and_unsafe(self, client: Client, path: str, status: int, code: str) -> None:
        """Unknown objects and buckets are 404; traversal is 400."""
        response = client.get(f"{RENDER}/{path}?width=10")
        assert (status, code) == (response.status_code, response.json()["code"])

    def test_bomb_is_refused_without_decoding(self, client: Client, container: Container) -> None:
        """A stored file declaring 100,000 x 100,000 pixels is a 422, not an out-of-memory."""
        container.storage().put(
            "template-previews", "bomb.png", png_declaring(100_000, 100_000), "image/png"
        )
        response = client.get(f"{RENDER}/template-previews/bomb.png?width=100")
        assert (422, "image_too_large") == (response.status_code, response.json()["code"])

    def test_non_image_is_415(self, client: Client, container: Container) -> None:
        """An object that is no image cannot be rendered."""
        container.storage().put("template-previews", "notes.txt", b"hello", "image/png")
        response = client.get(f"{RENDER}/template-previews/notes.txt?width=100")
        assert 415 == response.status_code

    def test_svg_origin_is_served_sanitised(self, client: Client, container: Container) -> None:
        """An SVG is served as SVG for format=origin (sanitised again, with the CSP), and
        asking it as a raster is a clear 422."""
        document = SAFE_SVG.replace(b"<rect", b"<rect onclick='alert(1)'")
        container.storage().put("template-previews", "logo.svg", document, "image/svg+xml")
        origin = client.get(f"{RENDER}/template-previews/logo.svg?width=100")
        assert (200, "image/svg+xml") == (origin.status_code, origin.headers["content-type"])
        assert b"onclick" not in origin.content
        assert "default-src 'none'" in origin.headers["content-security-policy"]
        raster_asked = client.get(f"{RENDER}/template-previews/logo.svg?width=100&format=png")
        assert (422, "svg_not_rasterised") == (
            raster_asked.status_code,
            raster_asked.json()["code"],
        )


@pytest.fixture(name="disk")
def fixture_disk(tmp_path: Path) -> Iterator[tuple[Client, Container, Path]]:
    """An app on local storage with variants cached under ``tmp_path/variants``."""
    container = build_container(
        load_settings(
            {
                "DESIGNCORE_DATABASE_URL": "memory://",
                "DESIGNCORE_DATA_DIR": str(tmp_path),
                "DESIGNCORE_STORAGE_BACKEND": "local",
                "DESIGNCORE_WEB_DIST": "/nonexistent",
            }
        )
    )
    container.authenticator.override(StaticAuthenticator(VIEWERS))
    with TestClient(app=create_app(container=container)) as client:
        yield client, container, tmp_path / "variants"


def cached_files(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*") if p.is_file()) if root.exists() else []


class TestVariantCache:
    URL = f"{RENDER}/user-uploads/u-free/p.png?width=40&format=webp"

    def test_miss_then_hit(self, disk: tuple[Client, Container, Path]) -> None:
        """The first request renders and writes one variant file; the next is served from it
        (proved by changing the cached bytes behind the server's back)."""
        client, container, variants = disk
        container.storage().put("user-uploads", "u-free/p.png", raster("PNG", 80, 80), "image/png")
        first = client.get(self.URL)
        assert 200 == first.status_code
        [entry] = cached_files(variants)
        entry.write_bytes(b"image/webp\nCACHED")
        second = client.get(self.URL)
        assert (b"CACHED", first.headers["etag"]) == (second.content, second.headers["etag"])

    def test_new_source_invalidates(self, disk: tuple[Client, Container, Path]) -> None:
        """Replacing the source (upload with upsert) drops its variants and changes the ETag."""
        client, _container, variants = disk
        upload = f"{UPLOAD}/user-uploads/u-free/p.png"
        client.post(upload, content=raster("PNG", 80, 80), headers=FREE)
        first = client.get(self.URL)
        assert 1 == len(cached_files(variants))
        blue = io.BytesIO()
        Image.new("RGB", (80, 80), (0, 0, 255)).save(blue, "PNG")
        replaced = client.post(
            upload, content=blue.getvalue(), headers={**FREE, "x-upsert": "true"}
        )
        assert 200 == replaced.status_code
        assert [] == cached_files(variants)
        second = client.get(self.URL)
        assert first.headers["etag"] != second.headers["etag"]
        r, _g, b = opened(second.content).convert("RGB").getpixel((20, 20))  # type: ignore[misc]
        assert b > 200
        assert r < 50

    def test_source_changed_elsewhere_is_not_served_stale(
        self, disk: tuple[Client, Container, Path]
    ) -> None:
        """A source rewritten straight into storage (as seeding does) gets a fresh variant:
        the key carries the source's etag."""
        client, container, variants = disk
        container.storage().put("user-uploads", "u-free/p.png", raster("PNG", 80, 80), "image/png")
        first = client.get(self.URL)
        for entry in cached_files(variants):
            entry.write_bytes(b"image/webp\nSTALE")
        container.storage().put("user-uploads", "u-free/p.png", raster("PNG", 90, 90), "image/png")
        second = client.get(self.URL)
        assert b"STALE" != second.content
        assert first.headers["etag"] != second.headers["etag"]
        assert (40, 40) == opened(second.content).size

    def test_304_needs_no_render(self, disk: tuple[Client, Container, Path]) -> None:
        """A conditional request that matches answers 304 before any rendering or cache read."""
        client, container, variants = disk
        container.storage().put("user-uploads", "u-free/p.png", raster("PNG", 80, 80), "image/png")
        etag = client.get(self.URL).headers["etag"]
        for entry in cached_files(variants):
            entry.unlink()
        again = client.get(self.URL, headers={"If-None-Match": etag})
        assert 304 == again.status_code
        assert [] == cached_files(variants)
