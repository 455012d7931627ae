"""Image and SVG sources: ``data:`` URLs, storage references through a loader, colour
replacement in SVG markup."""

from __future__ import annotations

import base64
import binascii
import re
import urllib.parse
from collections.abc import Callable, Mapping

import skia

from designcore.adapters.render.colors import normalise

ImageLoader = Callable[[str], bytes]
"""Fetches the bytes behind a source that is not a ``data:`` URL (a storage reference);
raises any exception when it cannot."""

MAX_SOURCE_BYTES = 25 * 1024 * 1024
"""Largest image or SVG source read, in bytes."""

MAX_IMAGE_PIXELS = 50_000_000
"""Largest decoded image accepted, in pixels."""


class SourceUnavailable(Exception):
    """An image or SVG source could not be read or decoded."""


def read_source(src: str, loader: ImageLoader | None) -> bytes:
    """The bytes of ``src``: decoded from a ``data:`` URL, or fetched with ``loader``."""
    if src.startswith("data:"):
        header, _, payload = src.partition(",")
        if not _:
            raise SourceUnavailable("the data URL has no comma")
        try:
            if header.endswith(";base64"):
                data = base64.b64decode(payload, validate=False)
            else:
                data = urllib.parse.unquote_to_bytes(payload)
        except (binascii.Error, ValueError) as error:
            raise SourceUnavailable(f"the data URL does not decode: {error}") from error
    elif loader is None:
        raise SourceUnavailable("only data: URLs can be read here (no image loader)")
    else:
        try:
            data = loader(src)
        except Exception as error:
            raise SourceUnavailable(f"the loader could not read it: {error}") from error
    if len(data) > MAX_SOURCE_BYTES:
        raise SourceUnavailable(f"the source is {len(data):,} bytes, over {MAX_SOURCE_BYTES:,}")
    return data


def decode_image(data: bytes) -> skia.Image:
    """A skia image from encoded bytes (PNG, JPEG, WebP, GIF …), kept encoded so PDFs embed
    JPEG data as it is."""
    image = skia.Image.MakeFromEncoded(skia.Data.MakeWithCopy(data))
    if image is None:
        raise SourceUnavailable("the image format is not readable")
    if image.width() * image.height() > MAX_IMAGE_PIXELS:
        raise SourceUnavailable(f"the image is {image.width()}x{image.height()} px, too large")
    return image


_COLOUR_ATTRIBUTE = re.compile(
    r"""(?P<name>\b(?:fill|stroke|stop-color|flood-color|color)\s*(?:=\s*["']|:\s*))"""
    r"""(?P<value>#[0-9a-fA-F]{3,8}\b|rgba?\([^)]*\)|hsla?\([^)]*\)|[a-zA-Z]+)"""
)


def replace_colours(svg: str, replacements: Mapping[str, str]) -> str:
    """``svg`` with every fill, stroke and stop colour equal to a key of ``replacements``
    (compared as colours, so ``#FFF`` matches ``white``) changed to its value."""
    if not replacements:
        return svg
    wanted = {
        key: value
        for original, value in replacements.items()
        if (key := normalise(original)) is not None
    }

    def swap(match: re.Match[str]) -> str:
        key = normalise(match.group("value"))
        if key is None or key not in wanted:
            return match.group(0)
        return match.group("name") + wanted[key]

    return _COLOUR_ATTRIBUTE.sub(swap, svg)


def load_svg(data: bytes, replacements: Mapping[str, str]) -> skia.SVGDOM:
    """A parsed SVG document with its colours replaced."""
    text = data.decode("utf-8", errors="replace")
    text = replace_colours(text, replacements)
    dom = skia.SVGDOM.MakeFromStream(skia.MemoryStream(text.encode("utf-8"), True))
    if dom is None:
        raise SourceUnavailable("the SVG does not parse")
    return dom
