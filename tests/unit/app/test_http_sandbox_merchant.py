"""The sandbox shop page: a merchant page that loads the payment popup script."""

from __future__ import annotations

from collections.abc import Callable

from litestar.testing import TestClient

from designcore.app import Container
from designcore.app.http import create_app

MakeContainer = Callable[..., Container]


class TestSandboxShop:
    def test_page_loads_the_served_script_with_the_sandbox_key(
        self, make_memory_container: MakeContainer
    ) -> None:
        """The page carries the sandbox's public key, loads /inline-checkout/v2/inline.js and
        its own script, and gets the product's page policy (no inline code needed)."""
        container = make_memory_container(DESIGNCORE_PAYSTACK_SANDBOX_PUBLIC_KEY="pk_test_shop")
        with TestClient(app=create_app(container=container)) as client:
            page = client.get("/sandbox/merchant")
            script = client.get("/sandbox/merchant/merchant.js")
            style = client.get("/sandbox/merchant/merchant.css")
            missing = client.get("/sandbox/merchant/other.js")
        assert 200 == page.status_code
        assert 'data-key="pk_test_shop"' in page.text
        assert '<script src="/inline-checkout/v2/inline.js"></script>' in page.text
        assert "script-src 'self'" in page.headers["content-security-policy"]
        assert "<script>" not in page.text
        assert (200, "text/javascript; charset=utf-8") == (
            script.status_code,
            script.headers["content-type"],
        )
        assert "new window.PaystackPop()" in script.text
        assert (200, 404) == (style.status_code, missing.status_code)

    def test_not_served_with_paystack(self, make_memory_container: MakeContainer) -> None:
        """With the real provider there is no sandbox, and no sandbox shop."""
        container = make_memory_container(
            DESIGNCORE_PAYMENTS_BACKEND="paystack",
            DESIGNCORE_PAYSTACK_SECRET_KEY="sk_test_x",
            DESIGNCORE_PAYSTACK_PUBLIC_KEY="pk_test_x",
        )
        with TestClient(app=create_app(container=container)) as client:
            assert 404 == client.get("/sandbox/merchant").status_code
