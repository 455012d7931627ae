"""The built web app: static files, and index.html for every client-side route.

Built scripts and stylesheets come with brotli (``.br``) and gzip (``.gz``) copies made at
build time (``web/vite-plugins/precompress.ts``); the copy the request's ``Accept-Encoding`` prefers
is sent as it is, so nothing is compressed while serving.
"""

from __future__ import annotations

import mimetypes
from pathlib import Path
from typing import Any

import attrs
from litestar import Controller, Request, get
from litestar.di import NamedDependency
from litestar.exceptions import NotFoundException
from litestar.params import FromPath
from litestar.response import File

PRECOMPRESSED = "precompressed"
"""Route option (``opt``) of handlers whose answers are compressed already, or chosen among
compressed copies: response compression must leave their answers alone."""

# Paths that belong to the API, never to the web app's client-side routes.
_SERVER_PREFIXES = (
    "api/",
    "storage/",
    "auth/",
    "functions/",
    "schema",
    "sandbox/",
    "dev/",
    "inline-checkout/",
)

CLIENT_ROUTES_UNDER_SERVER_PREFIXES = frozenset({"auth/reset-password"})
"""Client-side routes under a server prefix: the password-reset landing that mailed recovery
links open (spec section 2) is the web app's page, not the auth API's."""

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
}

ENCODINGS = {"br": ".br", "gzip": ".gz"}
"""Content codings the build makes copies in, by the suffix of the copy; at equal preference
the first (brotli, the smaller) wins."""

MAX_NAME_BYTES = 255
"""The longest file name a file system takes; a longer segment cannot name a built file."""
MAX_PATH_CHARS = 1024
"""The longest path served; longer ones are neither files nor client-side routes."""

IMMUTABLE = "public, max-age=31536000, immutable"
"""Cache-Control of the hashed files under ``assets/``."""

HOME_PRELOAD = "</api/v1/templates/home?limit=12>; rel=preload; as=fetch; crossorigin"
"""``Link`` header of Home's page: the browser fetches Home's rows (the request the web app's
``useHomeRows`` makes, web/src/features/templates/api/get-home-rows.ts) while the scripts
download, instead of after they have run."""


def media_type(path: Path) -> str:
    """The media type of a built file: browsers refuse module scripts sent as anything else."""
    known = _TYPES.get(path.suffix.lower())
    if known:
        return known
    guessed, _ = mimetypes.guess_type(path.name)
    return guessed or "application/octet-stream"


def path_segments(path: str) -> tuple[str, ...] | None:
    """The segments of a request path below the web root, or ``None`` when it cannot name a
    built file nor a client-side route: NUL or control characters, backslashes, ``.`` and
    ``..`` segments, empty segments (encoded slashes), overlong names or paths."""
    if len(path) > MAX_PATH_CHARS:
        return None
    relative = path.removeprefix("/")
    if not relative:
        return ()
    parts = relative.split("/")
    if parts[-1] == "":
        parts.pop()  # a trailing slash on a client-side route
    for part in parts:
        if part in ("", ".", "..") or "\\" in part:
            return None
        if any(ord(char) < 32 or ord(char) == 127 for char in part):
            return None
        if len(part.encode("utf-8", "surrogatepass")) > MAX_NAME_BYTES:
            return None
    return tuple(parts)


def accepted_codings(header: str) -> dict[str, float]:
    """The codings of an ``Accept-Encoding`` header with their q-values (``*`` included)."""
    accepted: dict[str, float] = {}
    for item in header.split(","):
        name, _, parameters = item.partition(";")
        coding = name.strip().lower()
        if not coding:
            continue
        quality = 1.0
        for parameter in parameters.split(";"):
            key, _, value = parameter.partition("=")
            if key.strip().lower() == "q":
                try:
                    quality = min(max(float(value.strip()), 0.0), 1.0)
                except ValueError:
                    quality = 0.0
        accepted[coding] = quality
    return accepted


def choose_coding(header: str, available: list[str]) -> str | None:
    """Which of the ``available`` codings to send (``None``: the file as it is), by the
    q-values of ``header``; a coding not named takes the q-value of ``*`` (or is refused)."""
    accepted = accepted_codings(header)
    wildcard = accepted.get("*", 0.0)
    best: tuple[float, str] | None = None
    for coding in available:
        quality = accepted.get(coding, wildcard)
        if quality > 0 and (best is None or quality > best[0]):
            best = (quality, coding)
    return None if best is None else best[1]


def _send_file(file: Path, cache_control: str, accept_encoding: str) -> File:
    """``file``, or the compressed copy of it the request prefers."""
    available = [
        coding
        for coding, suffix in ENCODINGS.items()
        if file.with_name(file.name + suffix).is_file()
    ]
    headers = {"Cache-Control": cache_control}
    sent = file
    if available:
        headers["Vary"] = "Accept-Encoding"
        coding = choose_coding(accept_encoding, available)
        if coding is not None:
            sent = file.with_name(file.name + ENCODINGS[coding])
            headers["Content-Encoding"] = coding
    return File(
        sent,
        filename=file.name,
        media_type=media_type(file),
        content_disposition_type="inline",
        headers=headers,
    )


@attrs.frozen
class BuiltWebApp:
    """The built web app in ``root`` (``DESIGNCORE_WEB_DIST``): what a request path gets."""

    root: Path
    """The build's directory, resolved (``settings.web_root``)."""

    @property
    def index(self) -> Path:
        """``index.html``, answered for every client-side route."""
        return self.root / "index.html"

    def respond(self, path: str, accept_encoding: str) -> File:
        """The built file at ``path`` or, for a client-side route, ``index.html``; 404 for a
        path of the API, a compressed copy asked for by name, or a missing file under
        ``assets/`` (a stale chunk must not get index.html)."""
        parts = path_segments(path)
        joined = "/".join(parts or ())
        if parts is None or (
            joined.startswith(_SERVER_PREFIXES)
            and joined not in CLIENT_ROUTES_UNDER_SERVER_PREFIXES
        ):
            raise NotFoundException("no such page")
        if parts and parts[-1].endswith(tuple(ENCODINGS.values())):
            raise NotFoundException("no such file")  # compressed copies go out as codings
        root = self.root
        candidate = root.joinpath(*parts).resolve() if parts else self.index
        if parts and candidate.is_relative_to(root) and candidate.is_file():
            immutable = parts[0] == "assets"
            return _send_file(candidate, IMMUTABLE if immutable else "no-cache", accept_encoding)
        if parts and parts[0] == "assets":
            raise NotFoundException("no such file")  # a stale chunk must not get index.html
        return _send_file(self.index, "no-cache", accept_encoding)


WebApp = NamedDependency[BuiltWebApp]
"""The built web app (``web_app``), from the settings (``app/http/dependencies.py``)."""


class WebController(Controller):
    """Serves the built web app; unknown paths get ``index.html`` so react-router can route
    them. ``create_app`` registers it only when there is a build."""

    path = "/"
    include_in_schema = False
    opt = {PRECOMPRESSED: True}

    @get("/", sync_to_thread=True)
    def home(self, request: Request[Any, Any, Any], web_app: WebApp) -> File:
        """Home's page, with the preload of its rows."""
        response = web_app.respond("", request.headers.get("accept-encoding", ""))
        response.headers["Link"] = HOME_PRELOAD
        return response

    @get("/{path:path}", sync_to_thread=True)
    def anything(
        self, request: Request[Any, Any, Any], web_app: WebApp, path: FromPath[str]
    ) -> File:
        """A built file, or index.html for a client-side route."""
        return web_app.respond(path, request.headers.get("accept-encoding", ""))

    # The router's path tree does not fall back from a static segment that the API owns
    # ("auth") to the catch-all above, so client routes under one have paths of their own.
    @get(
        [f"/{route}" for route in sorted(CLIENT_ROUTES_UNDER_SERVER_PREFIXES)], sync_to_thread=True
    )
    def client_route(self, request: Request[Any, Any, Any], web_app: WebApp) -> File:
        """index.html for a client-side route under a server prefix."""
        route = request.scope["path_template"].removeprefix("/")
        return web_app.respond(route, request.headers.get("accept-encoding", ""))
