"""The API documents: OpenAPI at ``/schema/openapi.json`` and Swagger UI at ``/schema/swagger``.

Swagger UI's files are served by us, not a CDN, so the docs work with no internet: the web
build copies them from the ``swagger-ui-dist`` package into ``{web dist}/swagger-ui/``
(``web/vite-plugins/swagger-ui.ts``), whence the web app's routes serve them, precompressed like the
rest of the build. The page has no inline code (a served ``init.js`` starts Swagger UI), so it
runs under the pages' strict Content-Security-Policy.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

from litestar import Request, Response, Router, get
from litestar.openapi import OpenAPIConfig
from litestar.openapi.plugins import JsonRenderPlugin, OpenAPIRenderPlugin

from designcore import __version__

ASSETS_URL = "/swagger-ui"
"""Where the web app's routes serve Swagger UI's files (``{web dist}/swagger-ui/``)."""
ASSET_FILES = ("swagger-ui.css", "swagger-ui-bundle.js", "swagger-ui-standalone-preset.js")

_INIT_SCRIPT = b"""\
"use strict";
window.addEventListener("DOMContentLoaded", function () {
  var root = document.getElementById("swagger-ui");
  window.ui = SwaggerUIBundle({
    url: root.getAttribute("data-openapi-url"),
    dom_id: "#swagger-ui",
    deepLinking: true,
    showExtensions: true,
    showCommonExtensions: true,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    plugins: [SwaggerUIBundle.plugins.DownloadUrl],
    layout: "BaseLayout"
  });
});
"""


class SwaggerPage(OpenAPIRenderPlugin):
    """Swagger UI from our own files, started by a served script (no inline code)."""

    def __init__(self, assets_dir: Path | None, *, path: str = "/swagger") -> None:
        super().__init__(path=path, favicon="", style="")
        self.assets_dir = assets_dir
        self.init_url = f"/schema{path}/init.js"
        """Where ``init.js`` is served (set again when the router is known)."""

    def has_assets(self) -> bool:
        """Whether the web build brought Swagger UI's files."""
        return self.assets_dir is not None and all(
            (self.assets_dir / name).is_file() for name in ASSET_FILES
        )

    def render(self, request: Request[Any, Any, Any], openapi_schema: dict[str, Any]) -> bytes:
        """The page: Swagger UI's stylesheet and scripts, then ``init.js``."""
        title = html.escape(str(openapi_schema["info"]["title"]))
        spec_url = html.escape(self.get_openapi_json_route(request))
        if not self.has_assets():
            return (
                f'<!doctype html><html lang="en"><meta charset="utf-8"><title>{title} API</title>'
                f"<h1>{title} API</h1><p>The API document is at "
                f'<a href="{spec_url}">{spec_url}</a>. Swagger UI comes with the built web app: '
                "run <code>npm run build</code> in <code>web/</code> (<code>./dev serve</code> "
                "does).</p></html>"
            ).encode()
        init_url = html.escape(self.init_url)
        return (
            '<!doctype html><html lang="en"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{title} API</title>"
            '<link rel="icon" type="image/svg+xml" href="/favicon.svg">'
            f'<link rel="stylesheet" href="{ASSETS_URL}/swagger-ui.css">'
            f'<script src="{ASSETS_URL}/swagger-ui-bundle.js" defer></script>'
            f'<script src="{ASSETS_URL}/swagger-ui-standalone-preset.js" defer></script>'
            f'<script src="{init_url}" defer></script>'
            f'</head><body><div id="swagger-ui" data-openapi-url="{spec_url}"></div></body></html>'
        ).encode()

    def receive_router(self, router: Router) -> None:
        """Add ``{path}/init.js``, the script that starts Swagger UI."""

        def init_script() -> Response[bytes]:
            return Response(
                _INIT_SCRIPT,
                media_type="text/javascript",
                headers={"Cache-Control": "no-cache"},
            )

        path = f"{self.paths[0].rstrip('/')}/init.js"
        router.register(get(path, include_in_schema=False, sync_to_thread=False)(init_script))
        self.init_url = f"{router.path.rstrip('/')}{path}"


def openapi_config(web_dist: Path | None) -> OpenAPIConfig:
    """OpenAPI at ``/schema/openapi.json``; Swagger UI at ``/schema/swagger`` (and ``/schema``)
    from the Swagger UI files of the built web app in ``web_dist``."""
    assets = None if web_dist is None else web_dist / ASSETS_URL.strip("/")
    return OpenAPIConfig(
        title="designcore",
        version=__version__,
        path="/schema",
        render_plugins=[SwaggerPage(assets), JsonRenderPlugin()],
    )
