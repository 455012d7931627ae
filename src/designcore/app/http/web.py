"""The built web app: static files, and index.html for every client-side route."""

from __future__ import annotations

from pathlib import Path

from litestar import Response, Router, get
from litestar.exceptions import NotFoundException
from litestar.params import FromPath
from litestar.response import File

# Paths that belong to the API, never to the web app's client-side routes.
_SERVER_PREFIXES = ("api/", "storage/", "auth/", "functions/", "schema", "sandbox/")


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
                candidate, content_disposition_type="inline", headers={"Cache-Control": cache}
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
