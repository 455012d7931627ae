"""``POST /api/v1/exports``: download a template, a design or an edited document as a file.

The body is decoded strictly (``"true"`` is not a boolean, ``"2"`` not a number) by
``app/http/bodies.py`` and checked by the domain (400 naming the field)."""

from __future__ import annotations

import threading
from typing import Any, ClassVar

import anyio
import anyio.to_thread
import msgspec
from litestar import Controller, Request, Response, post
from litestar.di import NamedDependency
from litestar.openapi.datastructures import ResponseSpec
from litestar.openapi.spec import OpenAPIType, Reference, Schema
from litestar.params import SkipValidation

from designcore.app.http import field_rules
from designcore.app.http.api_docs import ANSWERS_FILES, DESIGN_DOCUMENT_REF
from designcore.app.http.bodies import json_body
from designcore.app.http.dependencies import Me
from designcore.app.http.jobs import JobOut, job_out, job_url
from designcore.app.services.exports import ExportFile, ExportRequest, ExportService
from designcore.domain.document import MAX_DOCUMENT_BYTES
from designcore.domain.exports import ExportOptions, ExportSource
from designcore.domain.jobs import Job
from designcore.domain.rendering import ZIP_MEDIA_TYPE, RenderFormat

BODY_ALLOWANCE = 64 * 1024
"""Room for the request's own fields around a document of the largest allowed size."""

MAX_EXPORT_BODY_BYTES = MAX_DOCUMENT_BYTES + BODY_ALLOWANCE
"""Largest request body of this route (413 ``request_too_large`` above)."""

SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"
"""Served with SVG: even opened directly, the file can run nothing and fetch nothing."""


class ExportIn(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """What to download: exactly one of ``template_id``, ``design_id`` or ``document``, and
    ``format`` (png, jpeg, pdf, svg) with optional ``pixel_ratio`` or ``dpi``, ``pages`` (page
    indices from 0), ``spend_credit`` (a free user's credit for a file without watermark) and,
    for PDF, ``paper`` (``design``, ``a5``, ``a4``, ``a3`` or ``letter``: the design fitted on
    that paper). The camelCase names of before are still read (:data:`deprecated_names`)."""

    format: str
    template_id: str | None = None
    design_id: str | None = None
    document: dict[str, Any] | None = None
    pixel_ratio: float | None = None
    dpi: float | None = None
    pages: list[int] | None = None
    spend_credit: bool = False
    paper: str | None = None

    deprecated_names: ClassVar[dict[str, str]] = {
        "templateId": "template_id",
        "designId": "design_id",
        "pixelRatio": "pixel_ratio",
        "spendCredit": "spend_credit",
    }
    exactly_one: ClassVar[tuple[str, ...]] = ("template_id", "design_id", "document")
    schemas: ClassVar[dict[str, Schema | Reference]] = {
        **field_rules.EXPORT_FIELDS,
        "document": Schema(one_of=[DESIGN_DOCUMENT_REF, Schema(type=OpenAPIType.NULL)]),
    }
    choices: ClassVar[list[Schema]] = field_rules.EXPORT_CHOICES
    rules: ClassVar[dict[str, dict[str, Any]]] = {
        "template_id": field_rules.REFERENCE_ID,
        "design_id": field_rules.REFERENCE_ID,
    }

    def to_request(self) -> ExportRequest:
        """The use case's request, checked by the domain (400 naming the field)."""
        return ExportRequest(
            source=ExportSource.parse(
                template_id=self.template_id, design_id=self.design_id, document=self.document
            ),
            options=ExportOptions.parse(
                format=self.format,
                pixel_ratio=self.pixel_ratio,
                dpi=self.dpi,
                pages=self.pages,
                spend_credit=self.spend_credit,
                paper=self.paper,
            ),
        )


async def _watch_disconnect(request: Request[Any, Any, Any], gone: threading.Event) -> None:
    """Set ``gone`` when the client disconnects (the body has been read already)."""
    while True:
        message = await request.receive()
        if message["type"] == "http.disconnect":
            gone.set()
            return


class ExportController(Controller):
    """``/api/v1/exports``."""

    path = "/api/v1/exports"
    tags = ["exports"]

    @post(
        "/",
        operation_id="createExport",
        status_code=200,
        request_max_body_size=MAX_EXPORT_BODY_BYTES,
        dependencies={"payload": json_body(ExportIn)},
        response_description="The file (or a zip of one file per page), as an attachment.",
        responses={
            202: ResponseSpec(
                data_container=JobOut,
                description="A large export is made by a background job: its status, at the "
                "`Location` given (`/api/v1/jobs/{id}`).",
                generate_examples=False,
            )
        },
        opt={ANSWERS_FILES: (*(kind.media_type for kind in RenderFormat), ZIP_MEDIA_TYPE)},
    )
    async def create_export(
        self,
        exports: NamedDependency[ExportService],
        export_threads: NamedDependency[SkipValidation[anyio.CapacityLimiter]],
        viewer: Me,
        request: Request[Any, Any, Any],
        payload: NamedDependency[ExportIn],
    ) -> Response[bytes] | Response[JobOut]:
        """Render a download the caller's plan allows (signed in, bearer access token).

        Body (a JSON object, ``ExportIn``): exactly one of ``template_id``, ``design_id`` or
        ``document``; ``format`` png|jpeg|pdf|svg; optional ``pixel_ratio`` or ``dpi``,
        ``pages`` (indices from 0), ``spend_credit``. Free users (premium model on): PNG or
        JPEG with a watermark, or without it for one credit; premium users: every format, no
        watermark, PDF at 300 DPI. Errors: 400 ``validation_failed``/``malformed_json``,
        401 ``sign_in_required``/``invalid_token``, 402 ``premium_required``,
        404 ``template_not_found``/``design_not_found``, 409 ``insufficient_credits``/
        ``no_document``, 413 ``request_too_large``/``limit_exceeded``,
        422 ``invalid_template_document``, 429 ``too_many_exports`` (with ``Retry-After``),
        503 ``renderer_busy``. A client that disconnects stops the render between pages.
        An export above the job threshold (more than 10 pages or 40 MP) answers 202 with the
        job (``Location: /api/v1/jobs/{id}``); its file is then at the job's ``result_url``.
        """
        asked = payload.to_request()
        gone = threading.Event()
        outcome: list[ExportFile | Job | Exception] = []
        async with anyio.create_task_group() as watching:
            watching.start_soon(_watch_disconnect, request, gone)
            try:
                # Rendering is CPU-bound: off the event loop, in the downloads' own threads
                # (the service caps concurrent renders and stops when the client goes).
                outcome.append(
                    await anyio.to_thread.run_sync(
                        exports.export, viewer, asked, gone.is_set, limiter=export_threads
                    )
                )
            except Exception as failed:  # raised below, outside the task group
                outcome.append(failed)
            watching.cancel_scope.cancel()
        if isinstance(outcome[0], Exception):
            raise outcome[0]
        made = outcome[0]
        if isinstance(made, Job):
            return Response(
                job_out(made),
                status_code=202,
                headers={"Location": job_url(made.id), "Cache-Control": "no-store"},
            )
        headers = {
            "Content-Disposition": f'attachment; filename="{made.filename}"',
            "Cache-Control": "no-store",
            "X-Content-Type-Options": "nosniff",
            "X-Export-Watermark": "true" if made.watermark else "false",
            "X-Export-Credits-Spent": str(made.credits_spent),
            "X-Export-Pages": str(made.page_count),
        }
        if made.media_type.startswith("image/svg+xml"):
            headers["Content-Security-Policy"] = SVG_POLICY
        return Response(made.data, media_type=made.media_type, headers=headers)
