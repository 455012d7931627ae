"""The payment popup script over HTTP: served, and pointed at the sandbox when it is the backend."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from litestar.testing import TestClient

from designcore.app import Container
from designcore.app.http import create_app
from designcore.app.http.inline_checkout import HOSTS_MARKER, configured, sandbox_hosts

Client = TestClient  # type: ignore[type-arg]
MakeContainer = Callable[..., Container]
BUNDLE = f"/*! inline-checkout */(()=>{{const hosts={HOSTS_MARKER};window.PaystackPop=1}})();\n"
"""A stand-in for the built bundle: the marker inside a string-literal position."""
PUBLIC_URL = "http://127.0.0.1:8123"


def _client(make: MakeContainer, dist: Path, **environment: str) -> Client:
    container = make(
        DESIGNCORE_INLINE_CHECKOUT_DIST=str(dist),
        DESIGNCORE_PUBLIC_URL=PUBLIC_URL,
        **environment,
    )
    return TestClient(app=create_app(container=container))


@pytest.fixture(name="dist")
def fixture_dist(tmp_path: Path) -> Path:
    """A built inline-checkout folder holding the stand-in bundle."""
    (tmp_path / "inline.min.js").write_text(BUNDLE, encoding="utf-8")
    return tmp_path


def _served_hosts(text: str) -> dict[str, str]:
    literal = re.search(r"const hosts=(\"(?:[^\"\\]|\\.)*\")", text)
    assert literal is not None, text
    hosts: dict[str, str] = json.loads(json.loads(literal.group(1)))
    return hosts


class TestServedScript:
    def test_sandbox_copy_talks_to_the_sandbox(
        self, make_memory_container: MakeContainer, dist: Path
    ) -> None:
        """With the sandbox, the served bundle's hosts are the sandbox's routes under the
        public URL, and the checkout frame is the sandbox checkout page."""
        with _client(make_memory_container, dist) as client:
            response = client.get("/inline-checkout/v2/inline.js")
        assert 200 == response.status_code
        assert "text/javascript; charset=utf-8" == response.headers["content-type"]
        assert "no-cache" == response.headers["cache-control"]
        assert "nosniff" == response.headers["x-content-type-options"]
        assert {
            "api": f"{PUBLIC_URL}/sandbox/paystack/",
            "checkout": f"{PUBLIC_URL}/sandbox/checkout/",
            "payment": f"{PUBLIC_URL}/sandbox/paystack/",
            "site": f"{PUBLIC_URL}/sandbox/",
        } == _served_hosts(response.text)
        assert HOSTS_MARKER not in response.text

    def test_paystack_copy_is_the_bundle_as_built(
        self, make_memory_container: MakeContainer, dist: Path
    ) -> None:
        """With Paystack as the backend, the bundle goes out unchanged (Paystack's hosts)."""
        with _client(
            make_memory_container,
            dist,
            DESIGNCORE_PAYMENTS_BACKEND="paystack",
            DESIGNCORE_PAYSTACK_SECRET_KEY="sk_test_x",
            DESIGNCORE_PAYSTACK_PUBLIC_KEY="pk_test_x",
        ) as client:
            response = client.get("/inline-checkout/v2/inline.js")
        assert (200, BUNDLE) == (response.status_code, response.text)

    def test_a_new_build_is_served_at_once(
        self, make_memory_container: MakeContainer, dist: Path
    ) -> None:
        """The file is read again when it changes."""
        with _client(make_memory_container, dist) as client:
            client.get("/inline-checkout/v2/inline.js")
            (dist / "inline.min.js").write_text(BUNDLE.replace("=1", "=2"), encoding="utf-8")
            assert "window.PaystackPop=2" in client.get("/inline-checkout/v2/inline.js").text

    def test_not_built_is_404(self, make_memory_container: MakeContainer, tmp_path: Path) -> None:
        """Without a build the route says how to make one, and the web app does not answer."""
        with _client(make_memory_container, tmp_path / "missing") as client:
            response = client.get("/inline-checkout/v2/inline.js")
            other = client.get("/inline-checkout/v2/other.js")
        assert 404 == response.status_code
        assert "npm run build" in response.text
        assert 404 == other.status_code


class TestConfigured:
    def test_marker_must_be_there_once(self) -> None:
        """A bundle without the marker (or with two) is refused rather than served wrong."""
        hosts = sandbox_hosts(PUBLIC_URL)
        with pytest.raises(ValueError, match="exactly once"):
            configured("no marker", hosts)
        with pytest.raises(ValueError, match="exactly once"):
            configured(HOSTS_MARKER * 2, hosts)
        assert "plain" == configured("plain", None)

    def test_hosts_follow_the_public_url(self) -> None:
        """A trailing slash on the public URL does not double."""
        assert (
            "https://pay.example/sandbox/paystack/" == sandbox_hosts("https://pay.example/")["api"]
        )
