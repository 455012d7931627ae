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

from litestar import MediaType, Response, Router, get
from litestar.exceptions import NotFoundException
from litestar.params import FromPath

ASSETS = {
    "merchant.js": ("merchant.js", "text/javascript"),
    "merchant.css": ("merchant.css", "text/css"),
}
"""The page's script and style: ``/sandbox/merchant/{name}``."""


def _read(name: str) -> str:
    return resources.files("designcore.app.http.sandbox").joinpath(name).read_text(encoding="utf-8")


def merchant_router(public_key: str) -> Router:
    """The shop page and its files; ``public_key`` is the sandbox's (a test key)."""

    @get("/", media_type=MediaType.HTML, sync_to_thread=False)
    def page() -> Response[str]:
        text = _read("merchant.html").replace("__KEY__", html.escape(public_key))
        return Response(text, media_type=MediaType.HTML, headers={"Cache-Control": "no-store"})

    @get("/{name:str}", sync_to_thread=False)
    def asset(name: FromPath[str]) -> Response[str]:
        if name not in ASSETS:
            raise NotFoundException()
        file, media_type = ASSETS[name]
        return Response(_read(file), media_type=media_type, headers={"Cache-Control": "no-cache"})

    return Router(
        path="/sandbox/merchant",
        route_handlers=[page, asset],
        include_in_schema=False,
        tags=["sandbox"],
    )
