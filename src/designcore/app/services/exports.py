"""Downloads: load the document, apply the download rules, render, and charge a credit.

The rules are :func:`designcore.domain.exports.decide_export`; this use case only gathers what
they need (the viewer, the premium switch, the template's premium status, the balance) and
carries out the answer. A credit is spent only after the file was made, in one ledger
transaction that re-checks the balance: a failed render costs nothing, and two downloads
racing for the last credit cannot both be free of the watermark.
"""

from __future__ import annotations

import contextvars
import threading
import urllib.parse
import uuid
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import attrs

from designcore.app.services.analytics import NO_EVENTS, EventRecorder
from designcore.app.services.profiles import ProfileService
from designcore.app.services.site_settings import SiteSettingsService
from designcore.domain.designs import Design, check_document
from designcore.domain.document import (
    Document,
    LimitExceeded,
    check_export_size,
    export_scale,
    parse_document,
)
from designcore.domain.errors import (
    Conflict,
    FieldIssue,
    NotFound,
    TooLarge,
    Unavailable,
    Unprocessable,
    ValidationFailed,
)
from designcore.domain.exports import (
    DEFAULT_EXPORT_LIMITS,
    JOB_ABOVE,
    ExportAllowed,
    ExportCancelled,
    ExportLimits,
    ExportMode,
    ExportOptions,
    ExportPlan,
    ExportRefused,
    ExportSize,
    ExportSource,
    Refusal,
    SourceKind,
    check_concurrent_exports,
    check_export_bounds,
    decide_export,
    decide_export_size,
    export_filename,
    export_plan,
    export_size,
    requested_pages,
)
from designcore.domain.jobs import Job
from designcore.domain.premium import CustomiseOutcome, Viewer, decide_customise
from designcore.domain.rendering import RenderedExport, RenderWarning
from designcore.ports.accounts import AccountsUnitOfWork
from designcore.ports.catalogue import TemplateCatalogue
from designcore.ports.clock import Clock
from designcore.ports.designs import DesignRepository
from designcore.ports.rendering import Renderer
from designcore.ports.storage import StoredObject

if TYPE_CHECKING:
    from designcore.app.services.jobs import JobContext, JobOutput, JobService

EXPORT_JOB = "export"
"""The job kind of a download made in the background."""

MAX_CONCURRENT_RENDERS = 2
"""Renders one server process runs at once. Rendering is CPU-bound and a 50 MP page needs
about 200 MB for its pixels, so two (the cores of the reference machine) keeps the process
responsive and its memory bounded; further downloads wait their turn."""

RENDER_WAIT_SECONDS = 30.0
"""How long a download waits for a free render slot before answering 503 ``renderer_busy``."""

STORAGE_PREFIX = "/storage/v1/object/public/"
"""Image sources under this path are read from our own storage (nothing else is fetched)."""

OWNED_PREFIX = "/storage/v1/object/authenticated/"
"""Image sources under this path are the owner's own objects (private buckets included)."""

IMAGE_OWNER: contextvars.ContextVar[str | None] = contextvars.ContextVar(
    "designcore_image_owner", default=None
)
"""Whose own storage objects the renderer may draw in this thread (set around a render)."""


@attrs.frozen
class ExportRequest:
    """One download request: where the document comes from and what to make of it."""

    source: ExportSource
    options: ExportOptions


@attrs.frozen
class ExportFile:
    """A finished download."""

    data: bytes
    media_type: str
    filename: str
    """``designcore-{slug}.{ext}`` (``.zip`` for several page files)."""
    watermark: bool
    """Whether the pages carry the watermark."""
    credits_spent: int
    """Credits taken from the ledger for this download (0 or 1)."""
    page_count: int
    """How many pages the download holds."""
    warnings: tuple[RenderWarning, ...] = ()


@attrs.frozen
class _Loaded:
    document: Document
    name: str | None
    premium: bool


def storage_image_loader(
    read_public: Callable[[str, str], StoredObject],
    read_owned: Callable[[str, str, str], StoredObject] | None = None,
) -> Callable[[str], bytes]:
    """An image loader for the renderer reading ``/storage/v1/object/public/{bucket}/{path}``
    through ``read_public`` (what the public read route serves: never a private bucket), and,
    while :data:`IMAGE_OWNER` names a user, that user's own objects — private ones included —
    through ``read_owned`` (``/storage/v1/object/authenticated/{bucket}/{owner}/…``, or the
    public form of a path in the owner's folder). So a design draws its owner's private images
    for its owner alone, never someone else's; any other source is refused (the renderer then
    skips it with a warning), so a document cannot make the server fetch arbitrary URLs."""

    def load(source: str) -> bytes:
        owner = IMAGE_OWNER.get()
        for prefix in (STORAGE_PREFIX, OWNED_PREFIX):
            if source.startswith(prefix):
                break
        else:
            raise ValueError("only images in this site's storage can be drawn")
        name = urllib.parse.unquote(source[len(prefix) :])
        bucket, _, path = name.partition("/")
        if not bucket or not path:
            raise ValueError("the storage reference names no bucket and path")
        if prefix == STORAGE_PREFIX:
            try:
                return read_public(bucket, path).data
            except NotFound:
                if owner is None or read_owned is None:
                    raise
        if owner is None or read_owned is None:
            raise ValueError("a private image is drawn only for its owner")
        return read_owned(owner, bucket, path).data

    return load


def _too_large(error: LimitExceeded) -> TooLarge:
    return TooLarge(error.message, code=error.code)


class ExportService:
    """Makes downloads for signed-in users."""

    def __init__(
        self,
        catalogue: TemplateCatalogue,
        settings: SiteSettingsService,
        accounts: Callable[[], AccountsUnitOfWork],
        profiles: ProfileService,
        renderer: Renderer,
        designs: DesignRepository,
        clock: Clock,
        max_concurrent_renders: int = MAX_CONCURRENT_RENDERS,
        render_wait_seconds: float = RENDER_WAIT_SECONDS,
        events: EventRecorder = NO_EVENTS,
        limits: Mapping[ExportPlan, ExportLimits] = DEFAULT_EXPORT_LIMITS,
        jobs: Callable[[], JobService] | None = None,
        job_above: ExportSize | None = JOB_ABOVE,
    ) -> None:
        self._jobs = jobs
        self._job_above = job_above if jobs is not None else None
        self._events = events
        self._limits = dict(limits)
        self._slot_count = max_concurrent_renders
        self._running: Counter[str] = Counter()
        self._running_lock = threading.Lock()
        self._catalogue = catalogue
        self._settings = settings
        self._accounts = accounts
        self._profiles = profiles
        self._renderer = renderer
        self._designs = designs
        self._clock = clock
        self._slots = threading.BoundedSemaphore(max_concurrent_renders)
        self._wait = render_wait_seconds

    def export(
        self,
        viewer: Viewer,
        request: ExportRequest,
        cancelled: Callable[[], bool] | None = None,
        *,
        inline: bool = False,
    ) -> ExportFile | Job:
        """Make the file the viewer asked for, as the download rules and the plan's export
        limits allow. ``cancelled`` is asked between pages: once true (the client went away)
        rendering stops, the render slot is freed, nothing is charged and
        ``ExportCancelled`` is raised.

        An export above the job threshold (:data:`~designcore.domain.exports.JOB_ABOVE`) is
        not made here: it is submitted as a background job, which is answered (unless
        ``inline``, as the job itself asks). The rules are checked first either way, so a
        refused download is refused at once.

        Raises ``NotAllowed`` (``sign_in_required`` → 401, ``premium_required`` → 402),
        ``InsufficientCredits`` (409), ``NotFound`` (``template_not_found``,
        ``design_not_found``), ``ValidationFailed`` (400, naming the field), ``TooLarge``
        (``limit_exceeded``, ``export_too_large``, 413), ``TooManyExports``
        (``too_many_exports``, 429), ``Unavailable`` (``renderer_busy``, 503).
        """
        if viewer.user_id is None:
            raise ExportRefused(Refusal.SIGN_IN_REQUIRED, "sign in to download designs").error()
        premium_model_on = self._settings.premium_model_enabled()
        loaded = self._load(request.source, viewer, premium_model_on)
        decision = decide_export(
            request.options,
            viewer=viewer,
            premium_model_on=premium_model_on,
            premium_template=loaded.premium,
            credit_balance=self._balance(viewer.user_id) if request.options.spend_credit else 0,
        )
        if isinstance(decision, ExportRefused):
            raise decision.error()
        pages = requested_pages(decision.pages, len(loaded.document.pages))
        plan = export_plan(viewer)
        limits = self._limits[plan]
        size = self._check_size(loaded.document, decision, pages, limits, plan)
        if (
            not inline
            and self._jobs is not None
            and size is not None
            and decide_export_size(size, limits, self._job_above) is ExportMode.JOB
        ):
            return self._jobs().submit(
                EXPORT_JOB, viewer.user_id, export_job_params(viewer, request, size.pages)
            )
        # The renderer may draw the caller's own private images, and nobody else's.
        owner = IMAGE_OWNER.set(viewer.user_id)
        try:
            with self._user_export(viewer.user_id, limits, plan):
                export = self._render(loaded.document, decision, pages, cancelled)
        finally:
            IMAGE_OWNER.reset(owner)
        if decision.credits:
            # Only now, after the file exists; the ledger re-checks the balance under its lock.
            self._profiles.spend(viewer.user_id, decision.credits, f"export:{uuid.uuid4()}")
        source = request.source
        self._events.capture(
            "design_downloaded",
            viewer.user_id,
            format=decision.format.value,
            watermark=decision.watermark,
            template_id=source.reference if source.kind is SourceKind.TEMPLATE else None,
            design_id=source.reference if source.kind is SourceKind.DESIGN else None,
        )
        return ExportFile(
            data=export.data,
            media_type=export.media_type,
            filename=export_filename(loaded.name, decision.format, archive=export.is_archive),
            watermark=decision.watermark,
            credits_spent=decision.credits,
            page_count=len(pages),
            warnings=export.warnings,
        )

    def run_job(self, job: Job, context: JobContext) -> JobOutput:
        """Make the download of an ``export`` job (what a worker runs): the same rules, checked
        again now (a credit is spent only if the balance still has it), progress reported per
        page, stopped between pages once the job is cancelled."""
        from designcore.app.services.jobs import JobCancelled, JobOutput

        viewer, request = export_job_request(job.params)
        page_count = max(1, int(job.params.get("page_count") or 1))
        context.progress(1, "preparing")
        drawn = [0]

        def between_pages() -> bool:
            if context.cancelled():
                return True
            drawn[0] += 1
            context.progress(
                min(95, 5 + drawn[0] * 90 // page_count), f"page {drawn[0]} of {page_count}"
            )
            return False

        try:
            made = self.export(viewer, request, between_pages, inline=True)
        except ExportCancelled:
            raise JobCancelled("the export was cancelled") from None
        assert isinstance(made, ExportFile)
        return JobOutput(data=made.data, media_type=made.media_type, filename=made.filename)

    @staticmethod
    def _check_size(
        document: Document,
        decision: ExportAllowed,
        pages: tuple[int, ...],
        limits: ExportLimits,
        plan: ExportPlan,
    ) -> ExportSize | None:
        try:
            scale = export_scale(document, pixel_ratio=decision.pixel_ratio, dpi=decision.dpi)
        except ValidationFailed:
            return None  # the renderer names the bad ratio
        try:  # a page past the document model's limits is refused now, not in a job
            check_export_size(document, scale)
        except LimitExceeded as error:
            raise _too_large(error) from error
        sizes = [document.page_size(document.pages[index]) for index in pages]
        size = export_size(sizes, scale)
        check_export_bounds(size, limits, plan)
        return size

    @contextmanager
    def _user_export(self, user_id: str, limits: ExportLimits, plan: ExportPlan) -> Iterator[None]:
        """Count one export of ``user_id`` in progress, refused over the plan's limit; one
        user never holds every render slot (at most all but one when there are several)."""
        allowed = attrs.evolve(
            limits,
            max_concurrent=max(1, min(limits.max_concurrent, self._slot_count - 1)),
        )
        with self._running_lock:
            check_concurrent_exports(self._running[user_id], allowed, plan)
            self._running[user_id] += 1
        try:
            yield
        finally:
            with self._running_lock:
                self._running[user_id] -= 1
                if self._running[user_id] <= 0:
                    del self._running[user_id]

    def _balance(self, user_id: str) -> int:
        with self._accounts() as uow:
            return uow.credits.balance(user_id)

    def _load(self, source: ExportSource, viewer: Viewer, premium_model_on: bool) -> _Loaded:
        if source.kind is SourceKind.DESIGN:
            assert viewer.user_id is not None
            # The caller's own design only: another user's answers as an unknown id.
            design = self._designs.get(viewer.user_id, source.reference, now=self._clock.now())
            try:
                document = parse_document(dict(design.document))
            except LimitExceeded as error:
                raise _too_large(error) from error
            return _Loaded(document, design.name, premium=self._premium_source(design))
        if source.kind is SourceKind.DOCUMENT:
            raw = source.document or {}
            # The rules of a stored design (size, sides, elements), issues under "document".
            try:
                document = parse_document(check_document(raw))
            except LimitExceeded as error:
                raise _too_large(error) from error
            # Where an edited document came from is not known: it counts as not premium. The
            # watermark and format rules still follow the viewer's plan.
            return _Loaded(document, _document_name(raw), premium=False)
        template = self._catalogue.get(source.reference)
        outcome = decide_customise(
            template,
            has_document=template.has_document,
            viewer=viewer,
            premium_model_on=premium_model_on,
        )
        if outcome is CustomiseOutcome.UPGRADE:
            raise ExportRefused(
                Refusal.PREMIUM_REQUIRED, "this template is premium: upgrade to download it"
            ).error()
        if outcome is CustomiseOutcome.NO_DOCUMENT or template.polotno_json is None:
            raise Conflict("this template has no document to download", code="no_document")
        try:
            document = parse_document(dict(template.polotno_json))
        except LimitExceeded as error:
            raise _too_large(error) from error
        except ValidationFailed as error:
            raise Unprocessable(
                f"the template's document cannot be drawn: {error.message}",
                code="invalid_template_document",
            ) from error
        return _Loaded(document, template.name, premium=template.is_premium)

    def _premium_source(self, design: Design) -> bool:
        """Whether the design was made from a premium template (one since removed counts as
        free)."""
        if design.source_template_id is None:
            return False
        try:
            return self._catalogue.get_summary(design.source_template_id).is_premium
        except NotFound:
            return False

    def _render(
        self,
        document: Document,
        decision: ExportAllowed,
        pages: tuple[int, ...],
        cancelled: Callable[[], bool] | None,
    ) -> RenderedExport:
        if not self._slots.acquire(timeout=self._wait):
            raise Unavailable("every renderer is busy; try again in a moment", code="renderer_busy")
        try:
            return self._renderer.render(
                document,
                format=decision.format,
                pixel_ratio=decision.pixel_ratio,
                dpi=decision.dpi,
                pages=list(pages),
                watermark=decision.watermark,
                cancelled=cancelled,
                paper=decision.paper,
            )
        except LimitExceeded as error:
            raise _too_large(error) from error
        finally:
            self._slots.release()


def _document_name(raw: Mapping[str, Any]) -> str | None:
    """A name for the file from the document's ``custom.name``, when the editor set one."""
    custom = raw.get("custom")
    if isinstance(custom, Mapping):
        name = custom.get("name")
        if isinstance(name, str):
            return name
    return None


def export_job_params(viewer: Viewer, request: ExportRequest, page_count: int) -> dict[str, Any]:
    """An export request of ``page_count`` pages and who asked, as a job's JSON parameters."""
    options = request.options
    return {
        "page_count": page_count,
        "viewer": {
            "user_id": viewer.user_id,
            "subscription_status": viewer.subscription_status,
            "subscription_plan": viewer.subscription_plan,
            "user_role": viewer.user_role,
        },
        "source": {
            "kind": request.source.kind.value,
            "reference": request.source.reference,
            "document": dict(request.source.document) if request.source.document else None,
        },
        "options": {
            "format": options.format.value,
            "pixel_ratio": options.pixel_ratio,
            "dpi": options.dpi,
            "pages": list(options.pages) if options.pages is not None else None,
            "spend_credit": options.spend_credit,
            "paper": options.paper.value,
        },
    }


def export_job_request(params: Mapping[str, Any]) -> tuple[Viewer, ExportRequest]:
    """The viewer and request of :func:`export_job_params`; raises ``ValidationFailed`` for
    parameters that are not such a request (checked by the domain as a request's are)."""
    try:
        seen, source, options = params["viewer"], params["source"], params["options"]
        viewer = Viewer(
            user_id=seen["user_id"],
            subscription_status=seen["subscription_status"],
            subscription_plan=seen["subscription_plan"],
            user_role=seen["user_role"],
        )
        kind = SourceKind(source["kind"])
    except (KeyError, TypeError, ValueError):
        raise ValidationFailed(
            [FieldIssue("params", "not the parameters of an export job")]
        ) from None
    return viewer, ExportRequest(
        source=ExportSource.parse(
            template_id=source["reference"] if kind is SourceKind.TEMPLATE else None,
            design_id=source["reference"] if kind is SourceKind.DESIGN else None,
            document=source["document"] if kind is SourceKind.DOCUMENT else None,
        ),
        options=ExportOptions.parse(**options),
    )
