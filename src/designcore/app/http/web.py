"""The built web app: static files, and index.html for every client-side route."""

from __future__ import annotations

import mimetypes
from pathlib import Path

from litestar import Response, Router, get
from litestar.exceptions import NotFoundException
from litestar.params import FromPath
from litestar.response import File

# Paths that belong to the API, never to the web app's client-side routes.
_SERVER_PREFIXES = ("api/", "storage/", "auth/", "functions/", "schema", "sandbox/")


_TYPES = {
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".css": "text/css",
    ".svg": "image/svg+xml",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".woff2": "font/woff2",
    ".woff": "font/woff",
    ".ttf": "font/ttf",
    ".map": "application/json",
}


def media_type(path: Path) -> str:
    """The media type of a built file: browsers refuse module scripts sent as anything else."""
    known = _TYPES.get(path.suffix.lower())
    if known:
        return known
    guessed, _ = mimetypes.guess_type(path.name)
    return guessed or "application/octet-stream"


def web_router(dist: Path) -> Router:
    """Serve ``dist``; unknown paths get ``index.html`` so react-router can route them."""
    root = dist.resolve()
    index = root / "index.html"

    def respond(path: str) -> Response[bytes] | File:
        relative = path.lstrip("/")
        if relative.startswith(_SERVER_PREFIXES):
            raise NotFoundException(f"no route {path}")
        candidate = (root / relative).resolve()
        if relative and candidate.is_file() and candidate.is_relative_to(root):
            immutable = candidate.is_relative_to(root / "assets")
            cache = "public, max-age=31536000, immutable" if immutable else "no-cache"
            return File(
                candidate,
                filename=candidate.name,
                media_type=media_type(candidate),
                content_disposition_type="inline",
                headers={"Cache-Control": cache},
            )
        return Response(
            index.read_bytes(), media_type="text/html", headers={"Cache-Control": "no-cache"}
        )

    @get("/", include_in_schema=False, sync_to_thread=True)
    def home() -> Response[bytes] | File:
        return respond("")

    @get("/{path:path}", include_in_schema=False, sync_to_thread=True)
    def anything(path: FromPath[str]) -> Response[bytes] | File:
        return respond(path)

    return Router(path="/", route_handlers=[home, anything])
