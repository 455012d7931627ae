"""The Logo Maker's use cases: the industries to choose from, every logo template drawn with a
brand kit set in (one batch), and a logo's branded document for a new design."""

from __future__ import annotations

import base64
from collections.abc import Mapping
from typing import Any

import attrs

from designcore.app.services.designs import DesignService
from designcore.app.services.site_settings import SiteSettingsService
from designcore.domain.designs import Design
from designcore.domain.document import parse_document
from designcore.domain.errors import NotFound
from designcore.domain.exports import export_filename
from designcore.domain.images import ImageFormat, Transform
from designcore.domain.logo_maker import (
    LOGOS_CATEGORY,
    BrandKit,
    brand_document,
    check_can_open,
    is_locked,
    transparent,
)
from designcore.domain.premium import Viewer
from designcore.domain.rendering import RenderedExport, RenderFormat
from designcore.domain.templates import Template
from designcore.domain.text_layout import fitted_font_size
from designcore.ports.catalogue import TemplateCatalogue
from designcore.ports.images import ImageCodec
from designcore.ports.rendering import PreviewRenderer, Renderer, TextFitter

PREVIEW_WIDTH = 400
"""Pixels across each preview (the grid shows them at about 200 CSS pixels, 2x dense)."""
PREVIEW_QUALITY = 82


@attrs.frozen
class LogoPreview:
    """One logo template drawn with the brand kit."""

    template_id: str
    name: str
    sub_category: str | None
    is_premium: bool
    image: str
    """A ``data:image/webp;base64,…`` URL."""
    locked: bool = False
    """Whether the viewer must upgrade to open or download it (``is_locked``)."""


class LogoMakerService:
    """Sets brand kits into the Logos templates."""

    def __init__(
        self,
        *,
        catalogue: TemplateCatalogue,
        settings: SiteSettingsService,
        renderer: PreviewRenderer,
        codec: ImageCodec,
        fitter: TextFitter,
        designs: DesignService,
        exporter: Renderer,
    ) -> None:
        self._catalogue = catalogue
        self._settings = settings
        self._renderer = renderer
        self._codec = codec
        self._fitter = fitter
        self._designs = designs
        self._exporter = exporter

    def industries(self) -> tuple[str, ...]:
        """The Logos templates' sub-categories, in the catalogue's order."""
        return tuple(self._catalogue.sub_categories(LOGOS_CATEGORY))

    def _templates(self, industry: str | None) -> list[Template]:
        summaries = list(self._catalogue.by_category(LOGOS_CATEGORY))
        # The chosen industry's logos first; otherwise the catalogue's order.
        summaries.sort(key=lambda s: 0 if industry and s.sub_category == industry else 1)
        return [self._catalogue.get(summary.id) for summary in summaries]

    def _fit(self, element: Mapping[str, Any], text: str) -> float:
        return fitted_font_size(element, text, self._fitter.line_count)

    def _branded(self, template: Template, kit: BrandKit) -> dict[str, Any]:
        if not template.polotno_json:
            raise NotFound(
                f"the logo {template.id!r} has no document", code="template_has_no_document"
            )
        return brand_document(template.polotno_json, kit, self._fit)

    def previews(self, kit: BrandKit, viewer: Viewer | None = None) -> list[LogoPreview]:
        """Every Logos template drawn with ``kit`` (anyone may look; premium applies when a
        logo is opened or downloaded), each marked ``locked`` when ``viewer`` (a visitor when
        not given) would be asked to upgrade to open it."""
        locked = is_locked(
            viewer or Viewer(), premium_model_on=self._settings.premium_model_enabled()
        )
        previews = []
        for template in self._templates(kit.industry):
            if not template.polotno_json:
                continue
            png = self._renderer.render_png(self._branded(template, kit), width=PREVIEW_WIDTH)
            webp = self._codec.transform(
                png, Transform(format=ImageFormat.WEBP, quality=PREVIEW_QUALITY)
            )
            previews.append(
                LogoPreview(
                    template_id=template.id,
                    name=template.name,
                    sub_category=template.sub_category,
                    is_premium=template.is_premium,
                    image="data:image/webp;base64," + base64.b64encode(webp.data).decode(),
                    locked=locked,
                )
            )
        return previews

    def branded_document(
        self, viewer: Viewer, template_id: str, kit: BrandKit
    ) -> tuple[Template, dict[str, Any]]:
        """The logo ``template_id`` with ``kit`` set in, for a new design. Raises ``NotFound``
        (no such logo) and ``NotAllowed`` as ``check_can_open`` does."""
        check_can_open(viewer, premium_model_on=self._settings.premium_model_enabled())
        template = self._catalogue.get(template_id)
        if template.category != LOGOS_CATEGORY:
            raise NotFound(f"no logo template {template_id!r}", code="template_not_found")
        return template, self._branded(template, kit)

    def open_in_editor(self, viewer: Viewer, template_id: str, kit: BrandKit) -> Design:
        """A new design of the caller's from the logo ``template_id`` with ``kit`` set in,
        named after the brand. Raises as :meth:`branded_document` does, and as
        ``DesignService.create`` does (the free plan's allowance of designs)."""
        template, document = self.branded_document(viewer, template_id, kit)
        design = self._designs.create(viewer, template_id=template.id, name=kit.brand_name)
        return self._designs.save(
            viewer, design.id, document=document, expected_version=design.version
        )

    def export(
        self, viewer: Viewer, template_id: str, kit: BrandKit, format: str
    ) -> tuple[str, RenderedExport]:
        """The logo with ``kit`` set in as a file named after the brand: ``png`` (transparent
        background, 1 px per document pixel) or ``svg``. Raises as :meth:`branded_document`
        does (a premium feature while the premium model is on)."""
        _, document = self.branded_document(viewer, template_id, kit)
        render_format = RenderFormat(format)
        made = self._exporter.render(
            parse_document(transparent(document)), format=render_format, pages=[0]
        )
        return export_filename(kit.brand_name, render_format, archive=False), made
