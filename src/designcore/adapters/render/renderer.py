"""The skia renderer: PNG, JPEG, PDF and SVG from one drawing code path."""

from __future__ import annotations

import io
import math
import zipfile
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any

import skia
from PIL import Image as PILImage

from designcore.adapters.render.draw import DrawContext, draw_page
from designcore.adapters.render.fonts import FontLibrary
from designcore.adapters.render.images import ImageLoader
from designcore.adapters.render.png import DOWNLOAD_LEVEL, PREVIEW_LEVEL, encode_png
from designcore.adapters.render.watermark import draw_watermark
from designcore.domain.document import (
    Document,
    check_export_size,
    export_scale,
    parse_document,
)
from designcore.domain.errors import FieldIssue, ValidationFailed
from designcore.domain.exports import ExportCancelled, PaperSize, place_on_paper
from designcore.domain.rendering import ZIP_MEDIA_TYPE, RenderedExport, RenderFormat

PDF_ENCODING_LOSSLESS = 101
"""skia's PDF image quality meaning "never re-encode lossily" (JPEG sources pass through)."""

_EXTENSIONS = {
    RenderFormat.PNG: "png",
    RenderFormat.JPEG: "jpg",
    RenderFormat.PDF: "pdf",
    RenderFormat.SVG: "svg",
}


def unpremultiplied_rgba(image: skia.Image) -> bytearray:
    """The pixels of ``image`` as unpremultiplied 8-bit RGBA, row after row (what a PNG holds:
    skia's own PNG encoder converts them the same way)."""
    info = skia.ImageInfo.Make(
        image.width(), image.height(), skia.kRGBA_8888_ColorType, skia.kUnpremul_AlphaType
    )
    pixels = bytearray(info.computeMinByteSize())
    if not image.readPixels(info, pixels, info.minRowBytes(), 0, 0):
        raise RuntimeError("skia could not read the rendered page's pixels")
    return pixels


def _encode(image: skia.Image, format: RenderFormat, quality: int, png_level: int) -> bytes:
    """``image`` as PNG (our own writer, ``png_level``) or JPEG (Pillow) bytes.

    skia's own encoder holds the interpreter lock for the whole encoding (about 4 s for a
    50-megapixel page), stalling every other request of the process; numpy, zlib-ng and
    Pillow's JPEG encoder let go of it while they work, so the server keeps answering during
    a large export."""
    pixels = unpremultiplied_rgba(image)
    if format is RenderFormat.PNG:
        return encode_png(pixels, image.width(), image.height(), png_level)
    picture = PILImage.frombuffer(
        "RGBA", (image.width(), image.height()), pixels, "raw", "RGBA", 0, 1
    )
    out = io.BytesIO()
    picture.convert("RGB").save(out, "JPEG", quality=quality)
    return out.getvalue()


class SkiaRenderer:
    """Draws documents with skia; the bundled fonts come from ``fonts``.

    ``load_image`` reads image sources that are not ``data:`` URLs (storage references);
    without it such images are skipped with a warning.
    """

    def __init__(
        self, fonts: FontLibrary | None = None, load_image: ImageLoader | None = None
    ) -> None:
        self._fonts = fonts or FontLibrary()
        self._load_image = load_image

    @property
    def fonts(self) -> FontLibrary:
        """The font library it draws with."""
        return self._fonts

    # PreviewRenderer -------------------------------------------------------------

    def render_png(self, document: Mapping[str, Any], *, width: int = 800) -> bytes:
        """PNG bytes of the first page, ``width`` pixels wide. Raises ``ValueError`` for a
        document it cannot read."""
        try:
            parsed = parse_document(dict(document))
            page_width, _ = parsed.page_size(parsed.pages[0])
            export = self.render(
                parsed,
                format=RenderFormat.PNG,
                pixel_ratio=width / page_width,
                pages=[0],
                preview=True,
            )
        except ValidationFailed as error:
            raise ValueError(error.message) from error
        return export.pages[0]

    # Renderer --------------------------------------------------------------------

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
        """See :class:`designcore.ports.rendering.Renderer`."""
        indices = _until_cancelled(self._pages(document, pages), cancelled)
        scale = export_scale(document, pixel_ratio=pixel_ratio, dpi=dpi)
        check_export_size(document, scale)
        context = DrawContext(fonts=self._fonts, loader=self._load_image)
        mark = self._fonts if watermark else None
        if format is RenderFormat.PDF:
            raster_dpi = dpi if dpi is not None else float(document.dpi) * pixel_ratio
            files: tuple[bytes, ...] = (
                self._pdf(document, indices, raster_dpi, context, mark, paper),
            )
        elif format is RenderFormat.SVG:
            files = tuple(self._svg(document, index, scale, context, mark) for index in indices)
        else:
            quality = max(1, min(100, int(jpeg_quality)))
            level = PREVIEW_LEVEL if preview else DOWNLOAD_LEVEL
            files = tuple(
                _encode(
                    self.draw_raster(document, index, scale, format, context, mark),
                    format,
                    quality,
                    level,
                )
                for index in indices
            )
        if len(files) == 1:
            data, media_type = files[0], format.media_type
        else:
            data, media_type = _zip(files, format), ZIP_MEDIA_TYPE
        return RenderedExport(
            format=format,
            pages=files,
            data=data,
            media_type=media_type,
            warnings=tuple(context.warnings),
        )

    @staticmethod
    def _pages(document: Document, pages: Sequence[int] | None) -> list[int]:
        if pages is None:
            return list(range(len(document.pages)))
        bad = [index for index in pages if not 0 <= index < len(document.pages)]
        if bad or not pages:
            raise ValidationFailed(
                [
                    FieldIssue(
                        "pages",
                        f"expected page indices from 0 to {len(document.pages) - 1}, got "
                        f"{list(pages)!r}",
                    )
                ]
            )
        return list(pages)

    @staticmethod
    def draw_raster(
        document: Document,
        index: int,
        scale: float,
        format: RenderFormat,
        context: DrawContext,
        mark: FontLibrary | None = None,
    ) -> skia.Image:
        """Page ``index`` drawn at ``scale`` on a transparent (PNG) or white (JPEG) canvas,
        before it is encoded (the benchmark times the two apart)."""
        page = document.pages[index]
        width, height = document.page_size(page)
        surface = skia.Surface.MakeRasterN32Premul(
            max(1, math.ceil(width * scale - 1e-6)), max(1, math.ceil(height * scale - 1e-6))
        )
        canvas = surface.getCanvas()
        canvas.clear(skia.ColorWHITE if format is RenderFormat.JPEG else skia.ColorTRANSPARENT)
        canvas.scale(scale, scale)
        context.page = index
        draw_page(canvas, document, page, context)
        if mark is not None:
            draw_watermark(canvas, width, height, mark)
        return surface.makeImageSnapshot()

    def _pdf(
        self,
        document: Document,
        indices: Iterable[int],
        raster_dpi: float,
        context: DrawContext,
        mark: FontLibrary | None = None,
        paper: PaperSize = PaperSize.DESIGN,
    ) -> bytes:
        stream = skia.DynamicMemoryWStream()
        metadata = skia.PDF.Metadata()
        metadata.fRasterDPI = raster_dpi
        metadata.fEncodingQuality = PDF_ENCODING_LOSSLESS
        metadata.fCreator = "designcore"
        metadata.fProducer = "designcore (skia)"
        pdf = skia.PDF.MakeDocument(stream, metadata)
        points_per_px = 72.0 / float(document.dpi or 72)
        for index in indices:
            page = document.pages[index]
            width, height = document.page_size(page)
            sheet = place_on_paper(paper, width * points_per_px, height * points_per_px)
            canvas = pdf.beginPage(sheet.page_width, sheet.page_height)
            canvas.translate(sheet.x, sheet.y)
            canvas.scale(points_per_px * sheet.scale, points_per_px * sheet.scale)
            context.page = index
            draw_page(canvas, document, page, context)
            if mark is not None:
                draw_watermark(canvas, width, height, mark)
            pdf.endPage()
        pdf.close()
        return bytes(stream.detachAsData())

    def _svg(
        self,
        document: Document,
        index: int,
        scale: float,
        context: DrawContext,
        mark: FontLibrary | None = None,
    ) -> bytes:
        page = document.pages[index]
        width, height = document.page_size(page)
        stream = skia.DynamicMemoryWStream()
        flags = skia.SVGCanvas.kConvertTextToPaths_Flag | skia.SVGCanvas.kNoPrettyXML_Flag
        canvas = skia.SVGCanvas.Make(skia.Rect.MakeWH(width * scale, height * scale), stream, flags)
        canvas.scale(scale, scale)
        context.page = index
        draw_page(canvas, document, page, context)
        if mark is not None:
            draw_watermark(canvas, width, height, mark)
        del canvas
        return bytes(stream.detachAsData())


def _until_cancelled(indices: Sequence[int], cancelled: Callable[[], bool] | None) -> Iterator[int]:
    """The page indices, stopping the render between pages once ``cancelled`` answers true."""
    for index in indices:
        if cancelled is not None and cancelled():
            raise ExportCancelled("the export was cancelled: the client went away")
        yield index


def _zip(files: Sequence[bytes], format: RenderFormat) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as archive:
        for number, data in enumerate(files, start=1):
            archive.writestr(f"page-{number}.{_EXTENSIONS[format]}", data)
    return buffer.getvalue()
