"""The bundled fonts served to the browser: the very files the renderer draws with, from this
server (never a font CDN), so the editor and the downloads use the same glyphs.

- ``GET /fonts/fonts.json``: ``fonts.json`` of ``designcore_fonts`` with a ``url`` (carrying the
  file's content hash) and ``sha256`` per face, a ``licenceUrl`` per family, and the URL of
  the stylesheet.
- ``GET /fonts/fonts.css``: one ``@font-face`` rule per family, weight and style with
  ``font-display: swap``; the fallback and emoji families carry a ``unicode-range`` read from
  their own character maps, so a browser downloads them only for characters that need them.
  The fallback chain is the custom property ``--designcore-font-fallback`` (``"Noto Sans",
  "Noto Emoji"``): the editor writes ``font-family: "Montserrat", var(--designcore-font-
  fallback)`` (or the same list to Konva's ``fontFamily``), as the renderer falls back.
- ``GET /fonts/{file}``: a font or licence file the manifest names, and nothing else: the
  path is looked up as a string among those names, never joined to a directory. Strong ETag
  (from the SHA-256 of the content), ``If-None-Match`` answered with 304, ``font/ttf`` or
  ``font/otf``; cached for a year as immutable when the URL's ``v`` is the current content
  hash (the URLs of the manifest and stylesheet), for a day otherwise.

The manifest and stylesheet are revalidated on every use (``no-cache`` with a strong ETag):
they change when a font file does, and carry the new hashes.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any
from urllib.parse import quote

import attrs
from litestar import Controller, Request, Response, get
from litestar.datastructures import ETag
from litestar.di import NamedDependency
from litestar.exceptions import NotFoundException
from litestar.openapi import ResponseSpec
from litestar.params import FromPath, FromQuery
from litestar.response import File

from designcore.adapters.harfbuzz import BUNDLED_FONTS_DIR, code_points

PREFIX = "/fonts"
"""Where the fonts are served."""

IMMUTABLE = "public, max-age=31536000, immutable"
"""Cache-Control of a file fetched through a URL carrying its content hash."""

ONE_DAY = "public, max-age=86400"
"""Cache-Control of a file fetched without (or with an outdated) content hash."""

REVALIDATE = "no-cache"
"""Cache-Control of the manifest and the stylesheet: kept, but checked on every use."""

FALLBACK_PROPERTY = "--designcore-font-fallback"
"""The CSS custom property holding the fallback chain."""

_MEDIA_TYPES = {
    ".ttf": "font/ttf",
    ".otf": "font/otf",
    ".woff2": "font/woff2",
    ".woff": "font/woff",
    ".txt": "text/plain",  # Litestar adds the charset to text types
}
_RANGED_ROLES = frozenset({"fallback", "emoji"})
"""Families whose faces get a ``unicode-range``: reached only for characters others lack."""


@attrs.frozen
class FontAsset:
    """A file the manifest names."""

    name: str
    """Its path in the manifest (``montserrat/Montserrat_400Regular.ttf``)."""
    path: Path
    """Where it is on disk."""
    media_type: str
    """Its ``Content-Type``."""
    digest: str
    """SHA-256 of its content, in hex."""

    @property
    def version(self) -> str:
        """The content hash carried by its URL."""
        return self.digest[:16]

    @property
    def url(self) -> str:
        """Its URL, with the content hash."""
        return f"{PREFIX}/{quote(self.name)}?v={self.version}"

    @property
    def etag(self) -> str:
        """Its strong entity tag's value (without quotes)."""
        return self.digest[:32]


@attrs.frozen
class FontSite:
    """What ``/fonts`` serves, built once from the fonts directory."""

    assets: Mapping[str, FontAsset]
    """The servable files by manifest name."""
    manifest: bytes
    """``fonts.json`` with URLs."""
    stylesheet: bytes
    """``fonts.css``."""


def _asset(directory: Path, name: str) -> FontAsset:
    path = directory / name
    media_type = _MEDIA_TYPES.get(path.suffix.lower())
    if media_type is None:
        raise ValueError(f"fonts.json names {name!r}, which is not a font or licence file")
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    return FontAsset(name=name, path=path, media_type=media_type, digest=digest)


def unicode_range(points: Iterable[int]) -> str:
    """A CSS ``unicode-range`` value covering exactly ``points``, as few ranges as possible."""
    ranges: list[list[int]] = []
    for point in sorted(set(points)):
        if ranges and point == ranges[-1][1] + 1:
            ranges[-1][1] = point
        else:
            ranges.append([point, point])
    return ", ".join(f"U+{low:X}" if low == high else f"U+{low:X}-{high:X}" for low, high in ranges)


def _css_string(value: str) -> str:
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'"{escaped}"'


def _stylesheet(raw: Mapping[str, Any], assets: Mapping[str, FontAsset]) -> str:
    fallback = ", ".join(_css_string(name) for name in raw["fallback"])
    lines = [
        "/* The bundled fonts of designcore, served by this server (never a font CDN); the",
        "   renderer draws downloads with the same files. Fallback chain, tried per character",
        "   after the requested family: " + ", ".join(raw["fallback"]) + ". Use it as",
        f'   font-family: "Montserrat", var({FALLBACK_PROPERTY}); */',
        f":root {{ {FALLBACK_PROPERTY}: {fallback}; }}",
    ]
    for family in raw["families"]:
        for face in family["faces"]:
            asset = assets[face["file"]]
            fmt = "opentype" if asset.path.suffix.lower() == ".otf" else "truetype"
            rule = [
                "@font-face {",
                f"  font-family: {_css_string(family['family'])};",
                f'  src: url("{asset.url}") format("{fmt}");',
                f"  font-weight: {int(face['weight'])};",
                f"  font-style: {face['style']};",
                "  font-display: swap;",
            ]
            if family["role"] in _RANGED_ROLES:
                rule.append(f"  unicode-range: {unicode_range(code_points(asset.path))};")
            rule.append("}")
            lines.extend(rule)
    return "\n".join(lines) + "\n"


@functools.lru_cache(maxsize=4)
def load_font_site(directory: Path = BUNDLED_FONTS_DIR) -> FontSite:
    """Hash every file ``fonts.json`` in ``directory`` names and build the manifest and
    stylesheet (once per directory and process)."""
    raw: dict[str, Any] = json.loads((directory / "fonts.json").read_text(encoding="utf-8"))
    assets: dict[str, FontAsset] = {}
    for family in raw["families"]:
        names = [face["file"] for face in family["faces"]]
        if family.get("licenceFile"):
            names.append(family["licenceFile"])
        for name in names:
            assets.setdefault(name, _asset(directory, name))
    stylesheet = _stylesheet(raw, assets)
    served = {
        **raw,
        "css": f"{PREFIX}/fonts.css",
        "families": [
            {
                **family,
                **(
                    {"licenceUrl": assets[family["licenceFile"]].url}
                    if family.get("licenceFile")
                    else {}
                ),
                "faces": [
                    {
                        **face,
                        "url": assets[face["file"]].url,
                        "sha256": assets[face["file"]].digest,
                    }
                    for face in family["faces"]
                ],
            }
            for family in raw["families"]
        ],
    }
    manifest = json.dumps(served, ensure_ascii=False, indent=2).encode("utf-8") + b"\n"
    return FontSite(assets=assets, manifest=manifest, stylesheet=stylesheet.encode("utf-8"))


def _matches(request: Request[Any, Any, Any], etag: str) -> bool:
    """Whether ``If-None-Match`` names ``etag`` (or is ``*``)."""
    header = request.headers.get("if-none-match") or ""
    tags = {part.strip().removeprefix("W/") for part in header.split(",")}
    return "*" in tags or f'"{etag}"' in tags


def _generated(request: Request[Any, Any, Any], body: bytes, media_type: str) -> Response[bytes]:
    etag = hashlib.sha256(body).hexdigest()[:32]
    headers = {
        "ETag": f'"{etag}"',
        "Cache-Control": REVALIDATE,
        "X-Content-Type-Options": "nosniff",
    }
    if _matches(request, etag):
        return Response(b"", status_code=304, headers=headers)
    return Response(body, media_type=media_type, headers=headers)


FontSiteDependency = NamedDependency[FontSite]
"""What ``/fonts`` serves (``font_site``), loaded once by ``app/http/dependencies.py``."""

_NOT_MODIFIED = ResponseSpec(
    None, generate_examples=False, description="Not modified since the ETag sent"
)


class FontController(Controller):
    """``/fonts``: the manifest, the stylesheet and the files they name."""

    path = PREFIX
    tags = ["fonts"]

    @get(
        "/fonts.json",
        operation_id="fontManifest",
        sync_to_thread=False,
        responses={
            200: ResponseSpec(
                dict[str, Any], generate_examples=False, description="The font manifest"
            ),
            304: _NOT_MODIFIED,
        },
    )
    def manifest(
        self, request: Request[Any, Any, Any], font_site: FontSiteDependency
    ) -> Response[bytes]:
        """The bundled families, faces and fallback chain, with the URL of every file."""
        return _generated(request, font_site.manifest, "application/json")

    @get(
        "/fonts.css",
        operation_id="fontStylesheet",
        sync_to_thread=False,
        media_type="text/css",
        responses={304: _NOT_MODIFIED},
    )
    def stylesheet(
        self, request: Request[Any, Any, Any], font_site: FontSiteDependency
    ) -> Response[bytes]:
        """``@font-face`` rules for every bundled face and the fallback chain."""
        return _generated(request, font_site.stylesheet, "text/css")

    @get("/{file:path}", operation_id="fontFile", sync_to_thread=False)
    def font_file(
        self,
        request: Request[Any, Any, Any],
        font_site: FontSiteDependency,
        file: FromPath[str],
        v: FromQuery[str | None] = None,
    ) -> Response[bytes] | File:
        """A font or licence file that ``fonts.json`` names (404 for anything else)."""
        asset = font_site.assets.get(file.removeprefix("/"))
        if asset is None:
            raise NotFoundException("no such font file")
        headers = {
            "Cache-Control": IMMUTABLE if v == asset.version else ONE_DAY,
            "X-Content-Type-Options": "nosniff",
            "Access-Control-Allow-Origin": "*",
        }
        if _matches(request, asset.etag):
            return Response(b"", status_code=304, headers={**headers, "ETag": f'"{asset.etag}"'})
        return File(
            asset.path,
            filename=Path(asset.name).name,
            media_type=asset.media_type,
            content_disposition_type="inline",
            etag=ETag(value=asset.etag),
            headers=headers,
        )
