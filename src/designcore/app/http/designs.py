"""``/api/v1/designs``: the signed-in user's saved designs (docs/api.md, "Designs").

Bodies are decoded strictly (``"2"`` is not a number, unknown fields are refused) and JSON
field names are snake_case. Saves name the version they were made from in ``If-Match``; the
answer's ``ETag`` is the new version.
"""

from __future__ import annotations

import re
from datetime import date, datetime
from typing import Annotated, Any, ClassVar

import msgspec
from litestar import Controller, Request, Response, delete, get, patch, post, put
from litestar.di import NamedDependency
from litestar.openapi.spec import OpenAPIType, Reference, Schema
from litestar.params import FromPath, QueryParameter

from designcore.app.http.api_docs import ANSWERS_FILES, CONDITIONAL, DESIGN_DOCUMENT_REF
from designcore.app.http.bodies import json_body
from designcore.app.http.dependencies import Me
from designcore.app.http.field_rules import DATE, DESIGN_NAME
from designcore.app.http.negotiation import names_acceptably
from designcore.app.http.server_timing import SERVER_TIMING
from designcore.app.http.templates import Page as PageNumber
from designcore.app.http.templates import Size as PageSize
from designcore.app.services.designs import UNCHANGED, Blank, DesignService
from designcore.domain.designs import Design, DesignSummary, ScheduleFilter, parse_day
from designcore.domain.document import MAX_DOCUMENT_BYTES, MAX_SIDE_PX
from designcore.domain.errors import FieldIssue, NotAllowed, ValidationFailed
from designcore.domain.pagination import DEFAULT_PAGE_SIZE, Page, PageRequest
from designcore.domain.rendering import RenderFormat

BODY_ALLOWANCE = 64 * 1024
"""Room for the request's own fields around a document of the largest allowed size."""

MAX_DESIGN_BODY_BYTES = MAX_DOCUMENT_BYTES + BODY_ALLOWANCE
"""Largest body of a save (413 ``request_too_large`` above)."""

Designs = NamedDependency[DesignService]
Text = Annotated[str | None, QueryParameter(max_length=200)]


class BlankIn(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A blank design's page size in pixels."""

    width: int | float
    height: int | float

    schemas: ClassVar[dict[str, Schema]] = {
        side: Schema(type=OpenAPIType.INTEGER, minimum=1, maximum=MAX_SIDE_PX)
        for side in ("width", "height")
    }


class DesignCreateIn(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """``{template_id}`` or ``{blank: {width, height}}``, and an optional ``name``."""

    template_id: str | None = None
    blank: BlankIn | None = None
    name: str | None = None

    exactly_one: ClassVar[tuple[str, ...]] = ("template_id", "blank")
    rules: ClassVar[dict[str, dict[str, Any]]] = {"name": DESIGN_NAME}


class DesignSaveIn(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """``{document, name?}``."""

    document: dict[str, Any]
    name: str | None = None

    rules: ClassVar[dict[str, dict[str, Any]]] = {"name": DESIGN_NAME}
    schemas: ClassVar[dict[str, Schema | Reference]] = {"document": DESIGN_DOCUMENT_REF}


class DesignPatchIn(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """``{name?, scheduled_for?: "YYYY-MM-DD" | null}``."""

    name: str | msgspec.UnsetType = msgspec.UNSET
    scheduled_for: str | msgspec.UnsetType | None = msgspec.UNSET

    rules: ClassVar[dict[str, dict[str, Any]]] = {
        "name": DESIGN_NAME,
        "scheduled_for": {"format": DATE},
    }


class DesignSummaryOut(msgspec.Struct, kw_only=True):
    """A design without its document."""

    id: str
    name: str
    source_template_id: str | None
    format: str
    width: float
    height: float
    preview_url: str | None
    scheduled_for: date | None
    created_at: datetime
    updated_at: datetime
    version: int

    @classmethod
    def of(cls, design: DesignSummary) -> DesignSummaryOut:
        """From the domain."""
        return cls(**_summary_fields(design))


class DesignOut(DesignSummaryOut, kw_only=True):
    """A design with its document."""

    document: dict[str, Any]

    @classmethod
    def of_full(cls, design: Design) -> DesignOut:
        """From the domain."""
        return cls(**_summary_fields(design), document=dict(design.document))


class DesignPageOut(msgspec.Struct, kw_only=True):
    """One page of designs."""

    items: list[DesignSummaryOut]
    total_count: int
    has_more: bool
    current_page: int
    total_pages: int

    @classmethod
    def of(cls, page: Page[DesignSummary]) -> DesignPageOut:
        """From the domain."""
        return cls(
            items=[DesignSummaryOut.of(d) for d in page.items],
            total_count=page.total_count,
            has_more=page.has_more,
            current_page=page.current_page,
            total_pages=page.total_pages,
        )


class VersionOut(msgspec.Struct, kw_only=True):
    """One kept version."""

    version: int
    saved_at: datetime


def _summary_fields(design: DesignSummary) -> dict[str, Any]:
    preview = (
        None
        if design.preview_key is None
        else f"/api/v1/designs/{design.id}/preview?v={design.version}"
    )
    return {
        "id": design.id,
        "name": design.name,
        "source_template_id": design.source_template_id,
        "format": design.format,
        "width": design.width,
        "height": design.height,
        "preview_url": preview,
        "scheduled_for": design.scheduled_for,
        "created_at": design.created_at,
        "updated_at": design.updated_at,
        "version": design.version,
    }


class PreconditionRequired(NotAllowed):
    """A save without ``If-Match``."""

    code = "precondition_required"


IF_MATCH = r'^(?:W/)?"?([0-9]{1,9})"?$'
"""``If-Match`` as a save sends it: the version, quoted or not, weak or not (white space
around it is the header's own)."""
_IF_MATCH = re.compile(IF_MATCH)


def expected_version(request: Request[Any, Any, Any], *, required: bool = True) -> int | None:
    """The version named by ``If-Match: "<version>"``; 428 ``precondition_required`` when
    it is missing (and ``required``), 400 when it names no version."""
    raw = request.headers.get("if-match")
    if raw is None or not raw.strip():
        if not required:
            return None
        raise PreconditionRequired(
            'send If-Match: "<version>" with the version your copy was loaded at (the ETag)'
        )
    found = _IF_MATCH.match(raw.strip())
    if found is None:
        raise ValidationFailed(
            [FieldIssue("If-Match", f'expected "<version>" (a whole number), got {raw[:40]!r}')]
        )
    return int(found.group(1))


def etag(design: DesignSummary) -> dict[str, str]:
    """The headers naming the design's version."""
    return {"ETag": f'"{design.version}"', "Cache-Control": "no-store"}


def _full(design: Design, status: int = 200) -> Response[DesignOut]:
    return Response(DesignOut.of_full(design), status_code=status, headers=etag(design))


class DesignController(Controller):
    """``/api/v1/designs``."""

    path = "/api/v1/designs"
    tags = ["designs"]

    @post(
        "/",
        operation_id="createDesign",
        status_code=201,
        sync_to_thread=True,
        dependencies={"payload": json_body(DesignCreateIn)},
    )
    def create(
        self, designs: Designs, viewer: Me, payload: NamedDependency[DesignCreateIn]
    ) -> Response[DesignOut]:
        """A new design from ``template_id`` or ``blank: {width, height}`` (optional
        ``name``). 401 ``sign_in_required``, 402 ``upgrade_required``, 404
        ``template_not_found``, 409 ``template_has_no_document``/``insufficient_credits``."""
        blank = None if payload.blank is None else Blank(payload.blank.width, payload.blank.height)
        design = designs.create(
            viewer, template_id=payload.template_id, blank=blank, name=payload.name
        )
        return _full(design, 201)

    @get("/", operation_id="listDesigns", sync_to_thread=True)
    def listing(
        self,
        designs: Designs,
        viewer: Me,
        page: PageNumber = 1,
        size: PageSize = DEFAULT_PAGE_SIZE,
        from_: Annotated[str | None, QueryParameter(name="from", format=DATE)] = None,
        to: Annotated[str | None, QueryParameter(format=DATE)] = None,
        search: Text = None,
        template_id: Text = None,
    ) -> Response[DesignPageOut]:
        """One page of the caller's designs (summaries), most recently updated first;
        ``from``/``to`` (YYYY-MM-DD) keep those scheduled in that range; ``search`` finds
        names containing the text; ``template_id`` keeps those made from that template
        (``size=1``: the one to reopen when the template is customised again)."""
        request = PageRequest(page, size)
        schedule = ScheduleFilter(
            None if from_ is None else parse_day(from_, "from"),
            None if to is None else parse_day(to, "to"),
        )
        answer = designs.listing(
            viewer, request, schedule=schedule, search=search, template_id=template_id
        )
        return Response(DesignPageOut.of(answer), headers={"Cache-Control": "no-store"})

    @get("/{design_id:str}", operation_id="getDesign", sync_to_thread=True)
    def get_design(
        self, designs: Designs, viewer: Me, design_id: FromPath[str]
    ) -> Response[DesignOut]:
        """The design with its document; ``ETag: "<version>"``."""
        return _full(designs.get(viewer, design_id))

    @put(
        "/{design_id:str}",
        operation_id="saveDesign",
        sync_to_thread=True,
        request_max_body_size=MAX_DESIGN_BODY_BYTES,
        dependencies={"payload": json_body(DesignSaveIn)},
        opt={SERVER_TIMING: "save", CONDITIONAL: IF_MATCH},
    )
    def save(
        self,
        designs: Designs,
        viewer: Me,
        design_id: FromPath[str],
        request: Request[Any, Any, Any],
        payload: NamedDependency[DesignSaveIn],
    ) -> Response[DesignOut]:
        """Save ``{document, name?}`` made from the version in ``If-Match``: 200 with the
        new version, 409 ``version_conflict`` (with ``current_version``) when stale, 428
        ``precondition_required`` without ``If-Match``. The answer's ``Server-Timing`` says
        what the save took on the server (``app/http/server_timing.py``)."""
        version = expected_version(request)
        assert version is not None
        design = designs.save(
            viewer,
            design_id,
            document=payload.document,
            expected_version=version,
            name=payload.name,
        )
        return _full(design)

    @patch(
        "/{design_id:str}",
        operation_id="changeDesign",
        sync_to_thread=True,
        dependencies={"payload": json_body(DesignPatchIn)},
    )
    def change(
        self,
        designs: Designs,
        viewer: Me,
        design_id: FromPath[str],
        payload: NamedDependency[DesignPatchIn],
    ) -> Response[DesignOut]:
        """Rename (``name``) or schedule (``scheduled_for``: YYYY-MM-DD or null); the
        version does not change."""
        name: Any = UNCHANGED if payload.name is msgspec.UNSET else payload.name
        day: Any = UNCHANGED
        if payload.scheduled_for is not msgspec.UNSET:
            day = (
                None
                if payload.scheduled_for is None
                else parse_day(payload.scheduled_for, "scheduled_for")
            )
        return _full(designs.change(viewer, design_id, name=name, scheduled_for=day))

    @delete("/{design_id:str}", operation_id="deleteDesign", status_code=204, sync_to_thread=True)
    def delete_design(self, designs: Designs, viewer: Me, design_id: FromPath[str]) -> None:
        """Delete; ``POST …/restore`` within 30 s undoes it."""
        designs.delete(viewer, design_id)

    @post(
        "/{design_id:str}/restore",
        operation_id="restoreDesign",
        status_code=200,
        sync_to_thread=True,
    )
    def restore(
        self, designs: Designs, viewer: Me, design_id: FromPath[str]
    ) -> Response[DesignOut]:
        """Undo a delete made less than 30 s ago (404 after, 409 ``not_deleted``)."""
        return _full(designs.restore(viewer, design_id))

    @post(
        "/{design_id:str}/duplicate",
        operation_id="duplicateDesign",
        status_code=201,
        sync_to_thread=True,
    )
    def duplicate(
        self, designs: Designs, viewer: Me, design_id: FromPath[str]
    ) -> Response[DesignOut]:
        """A copy named "… (copy)" (a new design: the free allowance applies)."""
        return _full(designs.duplicate(viewer, design_id), 201)

    @get("/{design_id:str}/versions", operation_id="designVersions", sync_to_thread=True)
    def versions(self, designs: Designs, viewer: Me, design_id: FromPath[str]) -> list[VersionOut]:
        """The last 20 saved versions, newest first."""
        return [
            VersionOut(version=v.version, saved_at=v.saved_at)
            for v in designs.versions(viewer, design_id)
        ]

    @post(
        "/{design_id:str}/versions/{number:int}/restore",
        operation_id="restoreDesignVersion",
        status_code=200,
        sync_to_thread=True,
    )
    def restore_version(
        self,
        designs: Designs,
        viewer: Me,
        design_id: FromPath[str],
        number: FromPath[int],
        request: Request[Any, Any, Any],
    ) -> Response[DesignOut]:
        """Save a kept version's document as the newest version (``If-Match`` optional:
        when sent, the design must still be at it)."""
        version = expected_version(request, required=False)
        return _full(designs.restore_version(viewer, design_id, number, expected_version=version))

    @get(
        "/{design_id:str}/preview",
        operation_id="designPreview",
        sync_to_thread=True,
        opt={ANSWERS_FILES: (RenderFormat.PNG.media_type, "image/webp")},
    )
    def preview(
        self,
        designs: Designs,
        viewer: Me,
        design_id: FromPath[str],
        request: Request[Any, Any, Any],
        v: Annotated[int | None, QueryParameter()] = None,
    ) -> Response[bytes]:
        """The preview (400 px wide) of the caller's design: WebP when the ``Accept`` header
        names ``image/webp``, else PNG (``Vary: Accept``), with a strong ``ETag`` (304 on
        ``If-None-Match``); 404 ``preview_not_ready`` while it is drawn. ``v`` (the version)
        only makes each version's URL distinct."""
        webp = names_acceptably(request.headers.get("accept"), "image/webp")
        stored = designs.preview(viewer, design_id, webp=webp)
        headers = {
            "Cache-Control": "private, no-cache",
            "Vary": "Accept",
            "X-Content-Type-Options": "nosniff",
            "ETag": f'"{stored.etag}"',
        }
        if request.headers.get("if-none-match") == headers["ETag"]:
            return Response(b"", status_code=304, headers=headers)
        return Response(stored.data, media_type=stored.content_type, headers=headers)
