"""The product on the S3 backend: settings select it, uploads and variants go through it, and
a dead endpoint is a clean 503 rather than a vendor exception."""

from __future__ import annotations

import io
import socket
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from litestar.testing import TestClient
from PIL import Image

from designcore.adapters.memory import StaticAuthenticator
from designcore.adapters.s3 import S3Storage, create_s3_client, parse_bucket_map
from designcore.app import build_container, load_settings
from designcore.app.http import create_app
from designcore.domain.errors import Unavailable
from designcore.domain.premium import Viewer
from image_samples import raster
from s3_emulator import ACCESS_KEY, REGION, SECRET_KEY, running_s3_emulator

Client = TestClient  # type: ignore[type-arg]


@pytest.fixture(name="s3_endpoint", scope="module")
def fixture_s3_endpoint() -> Iterator[str]:
    """moto's S3 server on a free local port."""
    with running_s3_emulator() as endpoint:
        yield endpoint


@pytest.fixture(name="s3_client")
def fixture_s3_client(s3_endpoint: str, tmp_path: Path) -> Iterator[tuple[Client, str]]:
    """The app configured for S3 by environment variables only, and its bucket prefix."""
    prefix = f"app{uuid.uuid4().hex[:8]}-"
    settings = load_settings(
        {
            "DESIGNCORE_DATABASE_URL": "memory://",
            "DESIGNCORE_DATA_DIR": str(tmp_path),
            "DESIGNCORE_WEB_DIST": "/nonexistent",
            "DESIGNCORE_STORAGE_BACKEND": "s3",
            "DESIGNCORE_S3_ENDPOINT_URL": s3_endpoint,
            "DESIGNCORE_S3_REGION": REGION,
            "DESIGNCORE_S3_ACCESS_KEY_ID": ACCESS_KEY,
            "DESIGNCORE_S3_SECRET_ACCESS_KEY": SECRET_KEY,
            "DESIGNCORE_S3_BUCKET_PREFIX": prefix,
            "DESIGNCORE_S3_BUCKET_MAP": f"designs={prefix}mapped-designs",
            "DESIGNCORE_S3_CREATE_BUCKETS": "true",
        }
    )
    container = build_container(settings)
    container.authenticator.override(StaticAuthenticator({"t": Viewer(user_id="u1")}))
    assert isinstance(container.storage(), S3Storage)
    with TestClient(app=create_app(container=container)) as client:
        yield client, prefix


class TestS3Backend:
    def test_upload_then_render(self, s3_client: tuple[Client, str], s3_endpoint: str) -> None:
        """An upload lands in the prefixed S3 bucket and renders through the image path, with
        the variant cached on local disk."""
        client, prefix = s3_client
        bearer = {"Authorization": "Bearer t"}
        response = client.post(
            "/storage/v1/object/user-uploads/u1/a.png",
            content=raster("PNG", 60, 30),
            headers=bearer,
        )
        assert 200 == response.status_code
        s3 = create_s3_client(
            endpoint_url=s3_endpoint,
            region=REGION,
            access_key_id=ACCESS_KEY,
            secret_access_key=SECRET_KEY,
        )
        head = s3.head_object(Bucket=f"{prefix}user-uploads", Key="u1/a.png")
        assert "image/png" == head["ContentType"]
        variant = client.get("/storage/v1/render/image/public/user-uploads/u1/a.png?width=20")
        assert (200, (20, 10)) == (
            variant.status_code,
            Image.open(io.BytesIO(variant.content)).size,
        )

    def test_bucket_map_wins_over_prefix(
        self, s3_client: tuple[Client, str], s3_endpoint: str
    ) -> None:
        """A mapped bucket is written to the S3 bucket the map names."""
        client, prefix = s3_client
        response = client.post(
            "/storage/v1/object/designs/u1/d.webp",
            content=raster("WEBP", 8, 8),
            headers={"Authorization": "Bearer t"},
        )
        assert 200 == response.status_code
        s3 = create_s3_client(
            endpoint_url=s3_endpoint,
            region=REGION,
            access_key_id=ACCESS_KEY,
            secret_access_key=SECRET_KEY,
        )
        listed = s3.list_objects_v2(Bucket=f"{prefix}mapped-designs")
        assert ["u1/d.webp"] == [item["Key"] for item in listed.get("Contents", [])]


class TestS3Adapter:
    def test_dead_endpoint_is_unavailable(self) -> None:
        """A service that does not answer raises Unavailable, not a botocore error."""
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        client = create_s3_client(
            endpoint_url=f"http://127.0.0.1:{port}",
            region=REGION,
            access_key_id=ACCESS_KEY,
            secret_access_key=SECRET_KEY,
            timeout_seconds=1.0,
        )
        storage = S3Storage(client)
        with pytest.raises(Unavailable):
            storage.put("b1", "x.png", b"x", "image/png")
        with pytest.raises(Unavailable):
            storage.stat("b1", "x.png")

    def test_bucket_map_parsing(self) -> None:
        """'ours=theirs' pairs separated by commas; a malformed pair is a ValueError."""
        assert {"a": "x", "b": "y"} == parse_bucket_map(" a = x , b=y ,")
        assert {} == parse_bucket_map("")
        with pytest.raises(ValueError, match="pairs"):
            parse_bucket_map("a=x,broken")
