"""Saved designs: the use cases behind ``/api/v1/designs``.

The rules are in :mod:`designcore.domain.designs`; this module gathers what they need (the
viewer, the premium switch, the template, how many designs the user holds, the balance), stores
the outcome through the :class:`~designcore.ports.designs.DesignRepository`, charges credits
through the ledger, and draws previews off the request path (:class:`PreviewQueue`).

Credits: a design beyond the free allowance is paid before it is stored (the ledger's own
spend re-checks the balance under its lock, so two racing creations cannot both spend the last
credit), and refunded if storing it fails. Creations of one user are serialised within a
process, so the allowance cannot be overrun by parallel requests to one worker; across workers
two creations racing at the allowance's edge may both be free (at most one design per extra
worker).
"""

from __future__ import annotations

import logging
import threading
import time
import uuid
from collections.abc import Callable, Sequence
from datetime import date
from typing import TYPE_CHECKING, Any

import attrs

from designcore.app.services.analytics import NO_EVENTS, EventRecorder
from designcore.app.services.exports import IMAGE_OWNER
from designcore.app.services.profiles import ProfileService
from designcore.app.services.site_settings import SiteSettingsService
from designcore.domain.designs import (
    DEFAULT_NAME,
    UNDO_DELETE,
    Design,
    DesignNotFound,
    DesignSummary,
    DesignVersion,
    NewDesignAllowed,
    ScheduleFilter,
    VersionConflict,
    blank_document,
    check_document,
    check_name,
    check_restorable,
    copy_name,
    decide_new_design,
    new_design,
    saved,
)
from designcore.domain.document import LimitExceeded, parse_document
from designcore.domain.errors import (
    Conflict,
    FieldIssue,
    NotAllowed,
    NotFound,
    TooLarge,
    ValidationFailed,
)
from designcore.domain.images import ImageFormat, Transform
from designcore.domain.pagination import Page, PageRequest
from designcore.domain.premium import Viewer
from designcore.domain.profiles import CreditEntry, CreditReason
from designcore.domain.rendering import RenderFormat
from designcore.ports.accounts import AccountsUnitOfWork
from designcore.ports.catalogue import TemplateCatalogue
from designcore.ports.clock import Clock
from designcore.ports.designs import DesignRepository
from designcore.ports.images import ImageCodec
from designcore.ports.rendering import Renderer
from designcore.ports.storage import Storage, StoredObject

if TYPE_CHECKING:
    from designcore.app.services.jobs import JobContext, JobOutput, JobService
    from designcore.domain.jobs import Job

DESIGN_PREVIEW_JOB = "design_preview"
"""The job kind of a design's preview drawn by a worker process (a broker is configured)."""

log = logging.getLogger(__name__)

DESIGNS_BUCKET = "designs"
"""The private bucket previews are stored in, under ``{owner_id}/previews/``."""

PREVIEW_WIDTH = 400
"""Width of a design's preview image in pixels."""
PREVIEW_MAX_HEIGHT = 2_000
"""Height a preview never exceeds: a very tall page is drawn narrower instead."""
PREVIEW_WEBP_QUALITY = 82
"""WebP quality of the preview's WebP copy (the logo maker's previews use the same)."""

UNCHANGED: Any = object()
"""A detail the caller did not send (``PATCH`` leaves it as it is)."""


def preview_path(design: DesignSummary) -> str:
    """Where the preview of this version of the design is stored in :data:`DESIGNS_BUCKET`."""
    return f"{design.owner_id}/previews/{design.id}-v{design.version}.png"


def webp_path(png_path: str) -> str:
    """Where the WebP copy of the preview stored at ``png_path`` is kept."""
    return png_path.removesuffix(".png") + ".webp"


@attrs.frozen
class Blank:
    """A blank design's page size, as the caller sent it (checked by the domain)."""

    width: object
    height: object


class PreviewQueue:
    """Draws previews in one background thread, each design once its saves pause.

    ``submit`` returns at once. A design is drawn ``delay`` seconds after its latest submit,
    so a burst of autosaves (one a second while the user edits) is drawn once, after it, and
    drawing never competes with the saves themselves. ``drain`` draws everything waiting at
    once and waits until nothing is left (tests, the benchmark, shutdown)."""

    def __init__(
        self,
        draw: Callable[[str, str], None],
        delay: float = 2.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._draw = draw
        self._delay = delay
        self._clock = clock
        self._pending: dict[str, tuple[str, float]] = {}
        self._busy = False
        self._flush = False
        self._changed = threading.Condition()
        self._thread: threading.Thread | None = None

    def submit(self, owner_id: str, design_id: str) -> None:
        """Ask for the design's preview to be drawn once its saves pause."""
        with self._changed:
            self._pending[design_id] = (owner_id, self._clock() + self._delay)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(
                    target=self._run, name="design-previews", daemon=True
                )
                self._thread.start()
            self._changed.notify_all()

    def drain(self, timeout: float = 30.0) -> bool:
        """Draw every waiting preview now; answer whether all were drawn within ``timeout``."""
        with self._changed:
            self._flush = True
            self._changed.notify_all()
            done = self._changed.wait_for(
                lambda: not self._pending and not self._busy, timeout=timeout
            )
            self._flush = False
            return done

    def _next(self) -> tuple[str, str] | None:
        """The design due first, once due (waiting for it); ``None`` after 5 s of nothing."""
        idle_until = self._clock() + 5.0
        while True:
            if self._pending:
                design_id, (owner_id, due) = min(self._pending.items(), key=lambda i: i[1][1])
                wait = 0.0 if self._flush else due - self._clock()
                if wait <= 0:
                    del self._pending[design_id]
                    return owner_id, design_id
                self._changed.wait(wait)
            else:
                left = idle_until - self._clock()
                if left <= 0:
                    return None
                self._changed.wait(left)

    def _run(self) -> None:
        while True:
            with self._changed:
                found = self._next()
                if found is None:
                    self._thread = None
                    return
                self._busy = True
            owner_id, design_id = found
            try:
                self._draw(owner_id, design_id)
            except Exception:  # a preview is a convenience: log it, never crash the worker
                log.exception("the preview of design %s could not be drawn", design_id)
            finally:
                with self._changed:
                    self._busy = False
                    self._changed.notify_all()


class DesignService:
    """A signed-in user's designs."""

    def __init__(
        self,
        *,
        designs: DesignRepository,
        catalogue: TemplateCatalogue,
        settings: SiteSettingsService,
        accounts: Callable[[], AccountsUnitOfWork],
        profiles: ProfileService,
        clock: Clock,
        storage: Storage,
        renderer: Renderer,
        codec: ImageCodec,
        events: EventRecorder = NO_EVENTS,
        jobs: Callable[[], JobService] | None = None,
    ) -> None:
        self._jobs = jobs
        self._events = events
        self._designs = designs
        self._catalogue = catalogue
        self._settings = settings
        self._accounts = accounts
        self._profiles = profiles
        self._clock = clock
        self._storage = storage
        self._renderer = renderer
        self._codec = codec
        self._creating: dict[str, threading.Lock] = {}
        self._creating_guard = threading.Lock()
        self.previews = PreviewQueue(self._preview_due)

    @staticmethod
    def _owner(viewer: Viewer) -> str:
        if viewer.user_id is None:
            raise NotAllowed("sign in to use your designs", code="sign_in_required")
        return viewer.user_id

    # ------------------------------------------------------------------ creating

    def create(
        self,
        viewer: Viewer,
        *,
        template_id: str | None = None,
        blank: Blank | None = None,
        name: str | None = None,
    ) -> Design:
        """A new design from a template (after the customise decision) or blank.

        Raises ``NotAllowed`` (``sign_in_required``, ``upgrade_required``), ``NotFound``
        (``template_not_found``), ``Conflict`` (``template_has_no_document``),
        ``InsufficientCredits``, ``ValidationFailed``.
        """
        self._owner(viewer)
        if (template_id is None) == (blank is None):
            raise ValidationFailed([FieldIssue("body", "send exactly one of template_id or blank")])
        if name is not None:
            name = check_name(name)
        if blank is not None:
            document = blank_document(blank.width, blank.height)
            return self._add_new(viewer, name=name or DEFAULT_NAME, document=document, source=None)
        assert template_id is not None
        template = self._catalogue.get(template_id)
        premium_on = self._settings.premium_model_enabled()
        # The customise decision first: an upgrade or a missing document says so before
        # anything about credits.
        decide_new_design(
            viewer=viewer,
            premium_model_on=premium_on,
            designs_owned=0,
            credit_balance=0,
            template=template,
            has_document=template.has_document,
        )
        if template.polotno_json is None:  # pragma: no cover - has_document covers it
            raise Conflict("the template has no document", code="template_has_no_document")
        try:
            document = check_document(template.polotno_json)
        except Exception:
            log.warning("template %s has a document the editor cannot open", template_id)
            raise Conflict(
                "this template cannot be opened in the editor: its document is damaged",
                code="template_has_no_document",
            ) from None
        return self._add_new(
            viewer, name=name or template.name, document=document, source=template.id
        )

    def duplicate(self, viewer: Viewer, design_id: str) -> Design:
        """A copy of one of the caller's designs (a new design: the allowance applies)."""
        owner = self._owner(viewer)
        original = self._designs.get(owner, design_id, now=self._clock.now())
        return self._add_new(
            viewer,
            name=copy_name(original.name),
            document=original.document,
            source=original.source_template_id,
            scheduled_for=original.scheduled_for,
        )

    def _lock_for(self, owner: str) -> threading.Lock:
        with self._creating_guard:
            return self._creating.setdefault(owner, threading.Lock())

    def _add_new(
        self,
        viewer: Viewer,
        *,
        name: str,
        document: Any,
        source: str | None,
        scheduled_for: date | None = None,
    ) -> Design:
        owner = self._owner(viewer)
        with self._lock_for(owner):
            now = self._clock.now()
            design = attrs.evolve(
                new_design(
                    design_id=str(uuid.uuid4()),
                    owner_id=owner,
                    name=name,
                    document=document,
                    source_template_id=source,
                    now=now,
                ),
                scheduled_for=scheduled_for,
            )
            premium_on = self._settings.premium_model_enabled()
            decision: NewDesignAllowed = decide_new_design(
                viewer=viewer,
                premium_model_on=premium_on,
                designs_owned=self._designs.count_owned(owner, now=now),
                credit_balance=self._balance(owner) if premium_on and not viewer.is_premium else 0,
            )
            if decision.credits:
                self._profiles.spend(owner, decision.credits, f"design:{design.id}")
            try:
                self._designs.add(design)
            except Exception:
                if decision.credits:
                    self._refund(owner, decision.credits, design.id)
                raise
        self.previews.submit(owner, design.id)
        self._events.capture("design_saved", owner, design_id=design.id)
        return design

    def _balance(self, owner: str) -> int:
        with self._accounts() as uow:
            return uow.credits.balance(owner)

    def _refund(self, owner: str, credits: int, design_id: str) -> None:
        with self._accounts() as uow:
            uow.credits.append(
                CreditEntry(
                    id=str(uuid.uuid4()),
                    user_id=owner,
                    delta=credits,
                    reason=CreditReason.ADJUSTMENT,
                    reference=f"design-refund:{design_id}",
                    created_at=self._clock.now(),
                )
            )
            uow.commit()

    # ------------------------------------------------------------------ reading

    def listing(
        self,
        viewer: Viewer,
        request: PageRequest,
        *,
        schedule: ScheduleFilter | None = None,
        search: str | None = None,
        template_id: str | None = None,
    ) -> Page[DesignSummary]:
        """One page of the caller's designs, most recently updated first (those made from
        ``template_id`` when given: the first is the one to reopen)."""
        owner = self._owner(viewer)
        return self._designs.listing(
            owner,
            request,
            now=self._clock.now(),
            schedule=schedule,
            search=search,
            template_id=template_id,
        )

    def get(self, viewer: Viewer, design_id: str) -> Design:
        """One of the caller's designs. Raises ``DesignNotFound``."""
        return self._designs.get(self._owner(viewer), design_id, now=self._clock.now())

    def versions(self, viewer: Viewer, design_id: str) -> Sequence[DesignVersion]:
        """The kept versions, newest first."""
        return self._designs.versions(self._owner(viewer), design_id, now=self._clock.now())

    def preview(self, viewer: Viewer, design_id: str, *, webp: bool = False) -> StoredObject:
        """The preview image of the caller's design: PNG, or with ``webp`` its WebP copy
        (the PNG when a preview drawn before WebP copies were made has none). Raises
        ``DesignNotFound``, or ``NotFound`` (``preview_not_ready``) while it is being drawn."""
        design = self.get(viewer, design_id)
        if design.preview_key is None:
            raise NotFound(
                "the preview is being drawn; try again shortly", code="preview_not_ready"
            )
        if webp:
            try:
                return self._storage.get(DESIGNS_BUCKET, webp_path(design.preview_key))
            except NotFound:
                pass
        return self._storage.get(DESIGNS_BUCKET, design.preview_key)

    # ------------------------------------------------------------------ changing

    def save(
        self,
        viewer: Viewer,
        design_id: str,
        *,
        document: object,
        expected_version: int,
        name: str | None = None,
    ) -> Design:
        """Store a new document (and name) made from ``expected_version``.

        Raises ``VersionConflict`` (with the stored version), ``DesignNotFound``,
        ``ValidationFailed``/``LimitExceeded`` for the document.
        """
        owner = self._owner(viewer)
        try:
            checked = check_document(document)
        except LimitExceeded as error:
            raise TooLarge(error.message, code=error.code) from None
        now = self._clock.now()
        current = self._designs.get(owner, design_id, now=now)
        after = saved(
            current, document=checked, expected_version=expected_version, now=now, name=name
        )
        self._designs.save(after, expected_version)
        self.previews.submit(owner, design_id)
        self._events.capture("design_saved", owner, design_id=design_id)
        return after

    def change(
        self,
        viewer: Viewer,
        design_id: str,
        *,
        name: Any = UNCHANGED,
        scheduled_for: Any = UNCHANGED,
    ) -> Design:
        """Rename the design or (re)schedule it (``None`` unschedules); the version stays.
        A new name counts as an edit (``updated_at`` moves, so My Designs' newest-edit order
        puts it first); a new day alone does not, so moving designs on the calendar leaves
        the order of the grid as it was."""
        owner = self._owner(viewer)
        if name is not UNCHANGED:
            name = check_name(name)

        def change(design: Design) -> Design:
            renamed = name is not UNCHANGED and name != design.name
            return attrs.evolve(
                design,
                name=design.name if name is UNCHANGED else name,
                scheduled_for=design.scheduled_for if scheduled_for is UNCHANGED else scheduled_for,
                updated_at=self._clock.now() if renamed else design.updated_at,
            )

        return self._update(owner, design_id, change)

    def delete(self, viewer: Viewer, design_id: str) -> Design:
        """Delete the design, restorable for ``UNDO_DELETE_SECONDS``."""
        owner = self._owner(viewer)
        return self._update(
            owner, design_id, lambda d: attrs.evolve(d, deleted_at=self._clock.now())
        )

    def restore(self, viewer: Viewer, design_id: str) -> Design:
        """Undo a delete made less than ``UNDO_DELETE_SECONDS`` ago. Raises
        ``DesignNotFound`` once gone, ``Conflict`` (``not_deleted``) for a live design."""
        owner = self._owner(viewer)

        def restore(design: Design) -> Design:
            check_restorable(design, self._clock.now())
            return attrs.evolve(design, deleted_at=None)

        return self._update(owner, design_id, restore, include_deleted=True)

    def restore_version(
        self, viewer: Viewer, design_id: str, number: int, *, expected_version: int | None = None
    ) -> Design:
        """Make a kept version's document the newest version (a new save: nothing is lost).
        With ``expected_version`` the design must still be at it."""
        owner = self._owner(viewer)
        now = self._clock.now()
        kept = self._designs.version(owner, design_id, number, now=now)
        current = self._designs.get(owner, design_id, now=now)
        base = current.version if expected_version is None else expected_version
        after = saved(current, document=kept.document, expected_version=base, now=now)
        self._designs.save(after, base)
        self.previews.submit(owner, design_id)
        return after

    def _update(
        self,
        owner: str,
        design_id: str,
        change: Callable[[Design], Design],
        *,
        include_deleted: bool = False,
    ) -> Design:
        # A save may land between the read and the write: read again and re-apply.
        for _ in range(5):
            now = self._clock.now()
            current = self._designs.get(owner, design_id, now=now, include_deleted=include_deleted)
            changed = change(current)
            try:
                self._designs.replace(current, changed, now=now)
            except VersionConflict:
                continue
            return changed
        raise Conflict("the design kept changing; try again", code="busy")

    # ------------------------------------------------------------------ housekeeping

    def purge(self) -> int:
        """Remove designs deleted longer ago than the undo window (periodic job)."""
        return self._designs.purge(self._clock.now() - UNDO_DELETE)

    @staticmethod
    def _with_preview(current: Design, drawn: Design, path: str) -> Design:
        """``current`` with the preview drawn from ``drawn``, unless a save came between."""
        if current.version != drawn.version:
            raise VersionConflict(current.version, drawn.version)
        return attrs.evolve(current, preview_key=path)

    def _preview_due(self, owner_id: str, design_id: str) -> None:
        """A design's saves paused: draw its preview here, or, when jobs run in worker
        processes (a broker is configured), hand the drawing to them as a job."""
        jobs = self._jobs() if self._jobs is not None else None
        if jobs is None or jobs.queue.in_process:
            self.draw_preview(owner_id, design_id)
            return
        jobs.submit(DESIGN_PREVIEW_JOB, owner_id, {"design_id": design_id})

    def run_preview_job(self, job: Job, context: JobContext) -> JobOutput | None:
        """Draw the preview of a ``design_preview`` job (what a worker runs); the preview is
        kept with the design, so the job has no file of its own."""
        design_id = job.params.get("design_id")
        if not isinstance(design_id, str) or not design_id:
            raise ValidationFailed([FieldIssue("params.design_id", "expected a design id")])
        self.draw_preview(job.owner_id, design_id)
        return None

    def draw_preview(self, owner_id: str, design_id: str) -> None:
        """Draw the design's first page :data:`PREVIEW_WIDTH` px wide (at most
        :data:`PREVIEW_MAX_HEIGHT` px high) into storage as PNG and a WebP copy, and record
        its key, unless the design moved on meanwhile (the next save draws it again); the
        previews of older versions are removed."""
        try:
            design = self._designs.get(owner_id, design_id, now=self._clock.now())
        except DesignNotFound:
            return
        if design.preview_key == preview_path(design):
            return
        token = IMAGE_OWNER.set(owner_id)
        try:
            document = parse_document(dict(design.document))
            width, height = document.page_size(document.pages[0])
            png = self._renderer.render(
                document,
                format=RenderFormat.PNG,
                pixel_ratio=min(PREVIEW_WIDTH / width, PREVIEW_MAX_HEIGHT / height),
                pages=[0],
                preview=True,
            ).pages[0]
        finally:
            IMAGE_OWNER.reset(token)
        webp = self._codec.transform(
            png, Transform(format=ImageFormat.WEBP, quality=PREVIEW_WEBP_QUALITY)
        )
        path = preview_path(design)
        kept = (path, webp_path(path))
        self._storage.put(DESIGNS_BUCKET, kept[1], webp.data, webp.media_type)
        self._storage.put(DESIGNS_BUCKET, path, png, "image/png")
        try:
            self._update(owner_id, design_id, lambda d: self._with_preview(d, design, path))
        except (VersionConflict, DesignNotFound, Conflict):
            for drawn in kept:
                self._storage.delete(DESIGNS_BUCKET, drawn)
            return
        for stale in self._storage.list(DESIGNS_BUCKET, f"{owner_id}/previews/{design_id}-v"):
            if stale.path not in kept:
                self._storage.delete(DESIGNS_BUCKET, stale.path)
