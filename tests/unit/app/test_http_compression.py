"""Compressed answers: chosen from Accept-Encoding, above a size threshold, never twice."""

from __future__ import annotations

import gzip
import json
from collections.abc import Callable, Iterator

import pytest
from litestar import Litestar, Response, get
from litestar.testing import TestClient

from designcore.app import Container
from designcore.app.http import create_app
from designcore.app.http.compression import compression_config, negotiate
from support import make_template

Client = TestClient  # type: ignore[type-arg]
MakeContainer = Callable[..., Container]


@pytest.fixture(name="client", params=["0", "60"], ids=["no cache", "cache"])
def fixture_client(
    request: pytest.FixtureRequest, make_memory_container: MakeContainer
) -> Iterator[Client]:
    """The app with 40 templates, with the answer cache off and on."""
    container = make_memory_container(DESIGNCORE_CACHE_SECONDS=request.param)
    for n in range(40):
        container.catalogue().add(make_template(name=f"Harvest Praise {n}"))
    with TestClient(app=create_app(container=container)) as client:
        yield client


def plain(client: Client, path: str) -> bytes:
    return client.get(path, headers={"Accept-Encoding": "identity"}).content


class TestNegotiate:
    @pytest.mark.parametrize(
        ("header", "expected"),
        [
            ("gzip, deflate, br, zstd", "br"),
            ("gzip", "gzip"),
            ("br;q=0, gzip", "gzip"),
            ("gzip;q=0.5, br;q=0.4", "gzip"),
            ("BR", "br"),
            ("*", "br"),
            ("*;q=0", None),
            ("identity", None),
            ("deflate", None),
            ("", None),
            ("gzip;q=bogus", None),
        ],
    )
    def test_weights_and_refusals(self, header: str, expected: str | None) -> None:
        """The most wanted of brotli and gzip wins (brotli on a tie); q=0 refuses."""
        assert expected == negotiate(header)


class TestCompressedJson:
    @pytest.mark.parametrize(
        "path",
        ["/api/v1/templates/home", "/api/v1/templates/search?q=harvest", "/api/v1/templates"],
    )
    @pytest.mark.parametrize("encoding", ["br", "gzip"])
    def test_large_json_is_compressed(self, client: Client, path: str, encoding: str) -> None:
        """A JSON answer over the threshold comes in the accepted encoding, the same
        document once decoded, marked Vary: Accept-Encoding."""
        expected = plain(client, path)
        for _ in range(2):  # computed, then (with the cache on) kept
            answer = client.get(path, headers={"Accept-Encoding": encoding})
            assert 200 == answer.status_code
            assert encoding == answer.headers["content-encoding"]
            assert "Accept-Encoding" in answer.headers["vary"]
            assert expected == answer.content
        assert len(expected) > 4096

    def test_uncompressed_answers_still_vary(self, client: Client) -> None:
        """A client that accepts no compression gets plain JSON that says it could vary."""
        answer = client.get("/api/v1/templates/home", headers={"Accept-Encoding": "identity"})
        assert "content-encoding" not in answer.headers
        assert "Accept-Encoding" in answer.headers["vary"]
        assert 5 == len(json.loads(answer.content)["rows"])

    def test_small_answers_stay_plain(self, client: Client) -> None:
        """Answers under the threshold are sent as they are."""
        answer = client.get("/api/v1/health", headers={"Accept-Encoding": "br, gzip"})
        assert "content-encoding" not in answer.headers
        assert "ok" == answer.json()["status"]

    def test_errors_keep_their_shape(self, client: Client) -> None:
        """A refused request answers the usual error body whatever the encoding."""
        answer = client.get("/api/v1/templates/home?limit=0", headers={"Accept-Encoding": "br"})
        assert 400 == answer.status_code
        assert "validation_failed" == answer.json()["code"]


PNG = b"\x89PNG\r\n\x1a\n" + bytes(4096)
CSS = b"body { color: black; }\n" * 200


@get("/precompressed.css", sync_to_thread=False)
def precompressed() -> Response[bytes]:
    """A static file sent as it was compressed at build time."""
    return Response(
        gzip.compress(CSS),
        media_type="text/css",
        headers={"content-encoding": "gzip", "vary": "Accept-Encoding"},
    )


@get("/picture.png", sync_to_thread=False)
def picture() -> Response[bytes]:
    """An image: compressed already by its own format."""
    return Response(PNG, media_type="image/png")


class TestWhatIsLeftAlone:
    @pytest.fixture(name="bare")
    def fixture_bare(self) -> Iterator[Client]:
        """An app with the product's compression and two answers it must not touch."""
        app = Litestar([precompressed, picture], compression_config=compression_config())
        with TestClient(app=app) as client:
            yield client

    def test_precompressed_files_are_not_compressed_again(self, bare: Client) -> None:
        """An answer with a Content-Encoding already passes through unchanged."""
        answer = bare.get("/precompressed.css", headers={"Accept-Encoding": "br, gzip"})
        assert "gzip" == answer.headers["content-encoding"]
        assert CSS == answer.content

    def test_images_are_not_compressed(self, bare: Client) -> None:
        """Binary formats are sent as they are."""
        answer = bare.get("/picture.png", headers={"Accept-Encoding": "br, gzip"})
        assert "content-encoding" not in answer.headers
        assert PNG == answer.content
