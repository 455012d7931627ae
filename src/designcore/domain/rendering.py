"""What a render produces: formats, warnings and the exported files."""

from __future__ import annotations

import enum

import attrs


class RenderFormat(enum.StrEnum):
    """File formats the renderer writes."""

    PNG = "png"
    JPEG = "jpeg"
    PDF = "pdf"
    SVG = "svg"

    @property
    def media_type(self) -> str:
        """The MIME type of one file in this format."""
        return _MEDIA_TYPES[self]

    @property
    def is_raster(self) -> bool:
        """Whether the format is a pixel image (one file per page)."""
        return self in (RenderFormat.PNG, RenderFormat.JPEG)


_MEDIA_TYPES = {
    RenderFormat.PNG: "image/png",
    RenderFormat.JPEG: "image/jpeg",
    RenderFormat.PDF: "application/pdf",
    RenderFormat.SVG: "image/svg+xml",
}

ZIP_MEDIA_TYPE = "application/zip"
"""The MIME type of several page files bundled together."""


@attrs.frozen
class RenderWarning:
    """Something the renderer drew differently from the document, or not at all."""

    code: str
    """Stable machine-readable code: ``unknown_font``, ``skipped_element``, ``image_unavailable`` …"""
    message: str
    """What happened, in words."""
    element_id: str = ""
    """The element concerned (empty for page- or document-wide warnings)."""
    page: int | None = None
    """Index of the page concerned, when there is one."""


@attrs.frozen
class RenderedExport:
    """The files of one export."""

    format: RenderFormat
    """The format of each page file."""
    pages: tuple[bytes, ...]
    """One file per page for PNG, JPEG and SVG; a single file for PDF (every page in it)."""
    data: bytes
    """What to hand to the user: the one file, or a zip of the page files when there are
    several."""
    media_type: str
    """MIME type of ``data``."""
    warnings: tuple[RenderWarning, ...] = ()
    """What was drawn differently or skipped."""

    @property
    def is_archive(self) -> bool:
        """Whether ``data`` is a zip of several page files."""
        return self.media_type == ZIP_MEDIA_TYPE
