"""The rendering ports: whole exports, and the catalogue's preview images."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from designcore.domain.document import Document
from designcore.domain.exports import PaperSize
from designcore.domain.rendering import RenderedExport, RenderFormat


class PreviewRenderer(Protocol):
    """Turns an editor document into a preview image."""

    def render_png(self, document: Mapping[str, Any], *, width: int = 800) -> bytes:
        """PNG bytes of the first page, ``width`` pixels wide. Raises ``ValueError`` for a
        document it cannot read."""
        ...


class Renderer(Protocol):
    """Draws a design document into PNG, JPEG, PDF or SVG files."""

    def render(
        self,
        document: Document,
        *,
        format: RenderFormat,
        pixel_ratio: float = 1.0,
        dpi: float | None = None,
        pages: Sequence[int] | None = None,
        jpeg_quality: int = 90,
        watermark: bool = False,
        cancelled: Callable[[], bool] | None = None,
        paper: PaperSize = PaperSize.DESIGN,
        preview: bool = False,
    ) -> RenderedExport:
        """Render ``pages`` (indices; every page when ``None``) of ``document``.

        With ``watermark`` every page carries the visible download watermark (the product
        name tiled diagonally, semi-transparent, over the whole page), drawn over the design.

        Raster output is ``pixel_ratio`` output pixels per document pixel, or
        ``dpi / document.dpi`` when ``dpi`` is given; for PDF, ``dpi`` (default: the document's
        DPI times ``pixel_ratio``) is the resolution at which effects that cannot stay vector
        (shadows, blur) are rasterised, and pages measure ``width / document.dpi`` inches, or
        with ``paper`` other than ``DESIGN`` are that paper (turned to the design's
        orientation) with the design fitted and centred on it
        (``designcore.domain.exports.place_on_paper``); ``paper`` is ignored for other formats.
        Several raster or SVG pages come back zipped in ``data``. Elements that cannot be
        drawn (unknown types, unavailable images, unknown fonts drawn with the fallback) are
        reported in ``warnings``, never raised.

        With ``preview`` raster files are compressed for speed rather than size (previews and
        thumbnails, drawn often); the pixels are the same either way.

        ``cancelled`` is asked before each page; once it answers true no further page is
        drawn and ``designcore.domain.exports.ExportCancelled`` is raised.

        Raises ``designcore.domain.document.LimitExceeded`` when a page would exceed the pixel
        limits, and ``ValidationFailed`` for a page index out of range or a bad ratio.
        """
        ...


class TextFitter(Protocol):
    """Measures text as the renderer draws it, to shrink a text that would overflow its box."""

    def line_count(self, element: Mapping[str, Any], text: str, font_size: float) -> int | None:
        """How many lines ``text`` takes when set as the text ``element`` (its family,
        weight, style, line height, letter spacing and width) at ``font_size``; ``None`` when a
        word has to be cut between lines."""
        ...
