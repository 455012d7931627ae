"""``/api/v1/logo-maker``: the Logo Maker's industries and its batch of branded previews."""

from __future__ import annotations

from typing import Any, ClassVar

import msgspec
from litestar import Controller, Request, Response, get, post
from litestar.di import NamedDependency

from designcore.app.http.api_docs import ANSWERS_FILES
from designcore.app.http.bodies import json_body
from designcore.app.http.dependencies import Limiter, Me
from designcore.app.http.designs import DesignOut
from designcore.app.http.exports import SVG_POLICY
from designcore.app.http.field_rules import BRAND_NAME, BrandColours, LogoFormat, Tagline
from designcore.app.http.rate_limits import Quota, RateLimited, address_key, retry_after_quotas
from designcore.app.services.logo_maker import LogoMakerService, LogoPreview
from designcore.domain.logo_maker import (
    MAX_BRAND_NAME,
    MAX_COLOURS,
    MAX_TAGLINE,
    BrandKit,
    parse_brand_kit,
    parse_export_format,
)
from designcore.domain.rendering import RenderFormat

MAX_LOGO_BODY_BYTES = 4 * 1024

PREVIEWS_PER_ADDRESS = Quota(limit=60, window_seconds=60)
"""Batches of previews one client address may ask for a minute, signed in or not. Each batch
draws every Logos template; the form asks again 400 ms after the typing pauses, so a person
stays far below this while a script cannot keep the renderer busy."""


class LogoMakerOut(msgspec.Struct):
    """The choices and limits of the Logo Maker's form."""

    industries: list[str]
    max_brand_name: int = MAX_BRAND_NAME
    max_tagline: int = MAX_TAGLINE
    max_colors: int = MAX_COLOURS


class BrandKitIn(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A brand kit: ``brand_name`` (required, checked by the domain so the error names it),
    ``tagline``, ``industry`` (one of the industries) and up to two ``colors``. The camelCase
    names of before are still read (:data:`deprecated_names`)."""

    deprecated_names: ClassVar[dict[str, str]] = {"brandName": "brand_name"}
    needs: ClassVar[tuple[str, ...]] = ("brand_name",)
    rules: ClassVar[dict[str, dict[str, Any]]] = {"brand_name": BRAND_NAME}

    brand_name: str | None = None
    tagline: Tagline | None = None
    industry: str | None = None
    colors: BrandColours | None = None

    def kit(self, industries: tuple[str, ...]) -> BrandKit:
        """The domain's brand kit; raises ``ValidationFailed`` naming the field."""
        return parse_brand_kit(
            {
                "brand_name": self.brand_name,
                "tagline": self.tagline,
                "industry": self.industry,
                "colors": self.colors,
            },
            industries,
        )


class LogoChoiceIn(BrandKitIn, kw_only=True, forbid_unknown_fields=True):
    """A logo template and the brand kit to set into it."""

    deprecated_names: ClassVar[dict[str, str]] = {
        **BrandKitIn.deprecated_names,
        "templateId": "template_id",
    }

    template_id: str


class LogoExportIn(LogoChoiceIn, kw_only=True, forbid_unknown_fields=True):
    """A logo, a brand kit and the file format (``png`` or ``svg``)."""

    format: LogoFormat


class LogoPreviewOut(msgspec.Struct):
    """One logo drawn with the brand kit; ``image`` is a ``data:image/webp`` URL."""

    template_id: str
    name: str
    sub_category: str | None
    is_premium: bool
    image: str
    locked: bool
    """The caller must upgrade to open or download it (mark it so)."""

    @classmethod
    def of(cls, preview: LogoPreview) -> LogoPreviewOut:
        return cls(
            preview.template_id,
            preview.name,
            preview.sub_category,
            preview.is_premium,
            preview.image,
            preview.locked,
        )


class LogoPreviewsOut(msgspec.Struct):
    """Every logo template with the brand kit set in."""

    previews: list[LogoPreviewOut]


class LogoMakerController(Controller):
    """``/api/v1/logo-maker``."""

    path = "/api/v1/logo-maker"
    tags = ["logo-maker"]

    @get("/", operation_id="logoMaker", sync_to_thread=False)
    def form(self, logo_maker: NamedDependency[LogoMakerService]) -> LogoMakerOut:
        """The industries (the Logos templates' sub-categories) and the form's limits."""
        return LogoMakerOut(list(logo_maker.industries()))

    @post(
        "/previews",
        operation_id="logoMakerPreviews",
        status_code=200,
        sync_to_thread=True,
        request_max_body_size=MAX_LOGO_BODY_BYTES,
        dependencies={"kit_in": json_body(BrandKitIn)},
    )
    def previews(
        self,
        logo_maker: NamedDependency[LogoMakerService],
        viewer: Me,
        limiter: Limiter,
        request: Request[Any, Any, Any],
        kit_in: NamedDependency[BrandKitIn],
    ) -> LogoPreviewsOut:
        """Every Logos template drawn with ``{brand_name, tagline?, industry?, colors?}`` set
        in (the chosen industry's first; texts that would overflow shrink to fit), as WebP
        data URLs 400 px wide, each ``locked`` when the caller would have to upgrade to open
        it (every logo, for whoever is not premium while the premium model is on). Open to
        everyone. Errors: 400 naming the field; 429
        ``too_many_previews`` with ``Retry-After`` over 60 batches a minute per client
        address."""
        wait = retry_after_quotas(
            limiter, [(address_key("logo-previews", request), PREVIEWS_PER_ADDRESS)]
        )
        if wait is not None:
            raise RateLimited(
                wait,
                code="too_many_previews",
                message=f"too many logo previews; try again in {wait} s",
            )
        kit = kit_in.kit(logo_maker.industries())
        return LogoPreviewsOut([LogoPreviewOut.of(p) for p in logo_maker.previews(kit, viewer)])

    @post(
        "/designs",
        operation_id="logoMakerDesign",
        status_code=201,
        sync_to_thread=True,
        request_max_body_size=MAX_LOGO_BODY_BYTES,
        dependencies={"choice": json_body(LogoChoiceIn)},
    )
    def open_logo(
        self,
        logo_maker: NamedDependency[LogoMakerService],
        viewer: Me,
        choice: NamedDependency[LogoChoiceIn],
    ) -> DesignOut:
        """A new design of the caller's from a logo with the brand kit set in:
        ``{template_id, brand_name, tagline?, industry?, colors?}``; open it at
        ``/editor?designId={id}``. A premium feature while the premium model is on: 401
        ``sign_in_required``, 402 ``upgrade_required``; 404 ``template_not_found`` for what is
        not a logo; 400 naming a bad field."""
        kit = choice.kit(logo_maker.industries())
        return DesignOut.of_full(logo_maker.open_in_editor(viewer, choice.template_id, kit))

    @post(
        "/exports",
        operation_id="logoMakerExport",
        status_code=200,
        sync_to_thread=True,
        request_max_body_size=MAX_LOGO_BODY_BYTES,
        dependencies={"asked": json_body(LogoExportIn)},
        opt={ANSWERS_FILES: (RenderFormat.PNG.media_type, RenderFormat.SVG.media_type)},
    )
    def export_logo(
        self,
        logo_maker: NamedDependency[LogoMakerService],
        viewer: Me,
        asked: NamedDependency[LogoExportIn],
    ) -> Response[bytes]:
        """A logo with the brand kit set in, as a file: ``{template_id, format: png|svg,
        brand_name, tagline?, industry?, colors?}``; PNG has a transparent background. A
        premium feature while the premium model is on (401, 402 ``upgrade_required``)."""
        fmt = parse_export_format(asked.format)
        kit = asked.kit(logo_maker.industries())
        filename, made = logo_maker.export(viewer, asked.template_id, kit, fmt)
        headers = {
            "Content-Disposition": f'attachment; filename="{filename}"',
            "Cache-Control": "no-store",
        }
        if made.media_type.startswith("image/svg+xml"):
            headers["Content-Security-Policy"] = SVG_POLICY
        return Response(made.data, media_type=made.media_type, headers=headers)
