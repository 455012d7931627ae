"""The sandbox shop: a merchant page served by the app that loads the payment popup script
from ``/inline-checkout/v2/inline.js`` and pays through the payment sandbox. It is what a
merchant's own page looks like, for trying the popup by hand and for the browser tests.

Mounted only with ``DESIGNCORE_PAYMENTS_BACKEND=sandbox``, at ``/sandbox/merchant``. The page
has no inline code (its script and style are files beside it), so the product's page policy
applies unchanged.
"""

from __future__ import annotations

import html
from importlib import resources

from litestar import Controller, MediaType, Response, get
from litestar.exceptions import NotFoundException
from litestar.params import FromPath

from designcore.app.http.sandbox.common import Sandbox

ASSETS = {
    "merchant.js": ("merchant.js", "text/javascript"),
    "merchant.css": ("merchant.css", "text/css"),
}
"""The page's script and style: ``/sandbox/merchant/{name}``."""


def _read(name: str) -> str:
    return resources.files("designcore.app.http.sandbox").joinpath(name).read_text(encoding="utf-8")


class MerchantController(Controller):
    """``/sandbox/merchant``: the shop page and its files, not in the API document."""

    path = "/sandbox/merchant"
    include_in_schema = False
    tags = ["sandbox"]

    @get("/", media_type=MediaType.HTML, sync_to_thread=False)
    def page(self, sandbox: Sandbox) -> Response[str]:
        """The shop page, carrying the sandbox's public key (a test key)."""
        text = _read("merchant.html").replace("__KEY__", html.escape(sandbox.public_key))
        return Response(text, media_type=MediaType.HTML, headers={"Cache-Control": "no-store"})

    @get("/{name:str}", sync_to_thread=False)
    def asset(self, name: FromPath[str]) -> Response[str]:
        """The page's script or style (404 for any other name)."""
        if name not in ASSETS:
            raise NotFoundException()
        file, media_type = ASSETS[name]
        return Response(_read(file), media_type=media_type, headers={"Cache-Control": "no-cache"})
