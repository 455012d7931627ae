"""Downloads: what a caller may export and how, decided without I/O.

The rules (spec: plans; docs/decisions.md, "Downloads"):

- Only signed-in users download (``sign_in_required``).
- While the premium business model is on, a user who is not an active premium subscriber
  ("free") may download PNG or JPEG only, never a premium template, and gets a visible
  watermark unless they spend one credit from the ledger for that download
  (``premium_required``, ``insufficient_credits``).
- Premium subscribers download every format without a watermark and spend nothing; PDF is
  print quality: 300 DPI, images embedded at full resolution.
- While the premium model is off no premium gating applies (spec): everyone who is signed in
  downloads every format without a watermark and spends nothing (``spend_credit`` is ignored).
- Every export is bounded by the caller's plan (:class:`ExportLimits`): pages per export,
  total output pixels per export, and exports of one user running at once. What fits is made
  inline (:attr:`ExportMode.INLINE`); what does not is :attr:`ExportMode.TOO_LARGE_FOR_INLINE`
  (413 ``export_too_large``). A user over their concurrent exports gets
  :class:`TooManyExports` (429 with ``Retry-After``).
- Within the limits, an export above :data:`JOB_ABOVE` (more than 10 pages, or more than
  40 MP in all: a print-DPI PDF of two flyer pages, a 4x PNG of a large poster) is made by a
  background job (:attr:`ExportMode.JOB`, answered 202 with the job) rather than while the
  request waits (docs/decisions.md, "Jobs on a task queue").

:func:`decide_export` and :func:`decide_export_size` are the one place these rules live; the
server enforces their answers.
"""

from __future__ import annotations

import enum
import math
import re
import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from designcore.domain.errors import (
    DesignCoreError,
    FieldIssue,
    NotAllowed,
    TooLarge,
    ValidationFailed,
)
from designcore.domain.premium import Viewer
from designcore.domain.profiles import InsufficientCredits
from designcore.domain.rendering import RenderFormat

PRINT_DPI = 300.0
"""Resolution of a PDF download unless the caller asks for another (print quality)."""

MIN_PIXEL_RATIO = 0.1
"""Smallest pixel ratio accepted (output pixels per document pixel)."""

MAX_PIXEL_RATIO = 10.0
"""Largest pixel ratio accepted; the pixel limits of the document model apply as well."""

MIN_DPI = 36.0
"""Smallest DPI accepted."""

MAX_DPI = 1200.0
"""Largest DPI accepted; the pixel limits of the document model apply as well."""

EXPORT_CREDIT_COST = 1
"""Credits a free user spends for one watermark-free download."""

FREE_FORMATS = frozenset({RenderFormat.PNG, RenderFormat.JPEG})
"""Formats a free user may download while the premium model is on."""

_EXTENSIONS = {
    RenderFormat.PNG: "png",
    RenderFormat.JPEG: "jpg",
    RenderFormat.PDF: "pdf",
    RenderFormat.SVG: "svg",
}

_FIELDS = ("template_id", "design_id", "document")

_MM = 72 / 25.4


class PaperSize(enum.Enum):
    """A paper a PDF page can be (``design``: the design's own size at its DPI)."""

    DESIGN = "design"
    A5 = "a5"
    A4 = "a4"
    A3 = "a3"
    LETTER = "letter"

    @property
    def points(self) -> tuple[float, float] | None:
        """Width and height in PostScript points (1/72 inch), portrait; ``None`` for DESIGN."""
        return _PAPER_POINTS.get(self)


_PAPER_POINTS = {
    PaperSize.A5: (148 * _MM, 210 * _MM),
    PaperSize.A4: (210 * _MM, 297 * _MM),
    PaperSize.A3: (297 * _MM, 420 * _MM),
    PaperSize.LETTER: (612.0, 792.0),
}


@attrs.frozen
class PaperPlacement:
    """Where a design page goes on a sheet of paper, in points."""

    page_width: float
    """The sheet's width (portrait or landscape, as the design is)."""
    page_height: float
    """The sheet's height."""
    scale: float
    """Points per design point: the design fitted whole, its proportions kept."""
    x: float
    """Left edge of the design on the sheet (centred)."""
    y: float
    """Top edge of the design on the sheet (centred)."""


def place_on_paper(paper: PaperSize, width: float, height: float) -> PaperPlacement:
    """A design page of ``width`` x ``height`` points placed on ``paper``: the sheet turned to
    the design's orientation (landscape when wider than tall), the design as large as fits
    with its proportions kept, centred. ``DESIGN`` answers the design's own size."""
    if width <= 0 or height <= 0:
        raise ValidationFailed([FieldIssue("paper", "the page has no size to place")])
    sheet = paper.points
    if sheet is None:
        return PaperPlacement(width, height, 1.0, 0.0, 0.0)
    short, long = sorted(sheet)
    page_width, page_height = (long, short) if width > height else (short, long)
    scale = min(page_width / width, page_height / height)
    return PaperPlacement(
        page_width,
        page_height,
        scale,
        (page_width - width * scale) / 2,
        (page_height - height * scale) / 2,
    )


def _describe(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list | tuple):
        return "a list"
    if isinstance(value, Mapping):
        return "an object"
    return type(value).__name__


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _check_ratio(value: object, issues: list[FieldIssue]) -> None:
    if value is None:
        return
    if not (_is_number(value) and math.isfinite(value)):  # type: ignore[arg-type]
        issues.append(FieldIssue("pixel_ratio", f"expected a number, got {_describe(value)}"))
    elif not MIN_PIXEL_RATIO <= value <= MAX_PIXEL_RATIO:  # type: ignore[operator]
        issues.append(
            FieldIssue(
                "pixel_ratio",
                f"expected a ratio from {MIN_PIXEL_RATIO:g} to {MAX_PIXEL_RATIO:g}, got {value!r}",
            )
        )


def _check_dpi(value: object, issues: list[FieldIssue]) -> None:
    if value is None:
        return
    if not (_is_number(value) and math.isfinite(value)):  # type: ignore[arg-type]
        issues.append(FieldIssue("dpi", f"expected a number, got {_describe(value)}"))
    elif not MIN_DPI <= value <= MAX_DPI:  # type: ignore[operator]
        issues.append(
            FieldIssue("dpi", f"expected a DPI from {MIN_DPI:g} to {MAX_DPI:g}, got {value!r}")
        )


def _check_pages(value: object, issues: list[FieldIssue]) -> None:
    if value is None:
        return
    if not isinstance(value, tuple) or not all(
        isinstance(index, int) and not isinstance(index, bool) for index in value
    ):
        issues.append(FieldIssue("pages", f"expected a list of page indices, got {value!r}"))
    elif not value:
        issues.append(FieldIssue("pages", "expected at least one page index (or no 'pages')"))
    elif any(index < 0 for index in value):
        issues.append(FieldIssue("pages", f"page indices start at 0, got {list(value)!r}"))
    elif len(set(value)) != len(value):
        issues.append(FieldIssue("pages", f"each page at most once, got {list(value)!r}"))


def _pages(value: object) -> object:
    return tuple(value) if isinstance(value, list | tuple) else value


@attrs.frozen
class ExportOptions:
    """What the caller asked for, checked: raises :class:`ValidationFailed` naming every bad
    field (``format``, ``pixel_ratio``, ``dpi``, ``pages``, ``spend_credit``)."""

    format: RenderFormat
    """The file format."""
    pixel_ratio: float | None = None
    """Output pixels per document pixel (PNG, JPEG, SVG); ``None``: 1."""
    dpi: float | None = None
    """Dots per inch: the PDF's raster resolution, or for images ``dpi / document dpi`` as the
    ratio; ``None``: 300 for PDF, the pixel ratio otherwise."""
    pages: tuple[int, ...] | None = attrs.field(default=None, converter=_pages)
    """Page indices to export, in this order; ``None``: every page."""
    spend_credit: bool = False
    """Whether a free user spends a credit for a download without watermark."""
    paper: PaperSize = PaperSize.DESIGN
    """The PDF's paper: the design fitted on A5, A4, A3 or Letter, or its own size."""

    def __attrs_post_init__(self) -> None:
        issues: list[FieldIssue] = []
        if not isinstance(self.format, RenderFormat):
            issues.append(
                FieldIssue("format", f"expected png, jpeg, pdf or svg, got {self.format!r}")
            )
        _check_ratio(self.pixel_ratio, issues)
        _check_dpi(self.dpi, issues)
        if self.pixel_ratio is not None and self.dpi is not None:
            issues.append(FieldIssue("dpi", "give pixel_ratio or dpi, not both"))
        if self.format is RenderFormat.PDF and self.pixel_ratio is not None:
            issues.append(FieldIssue("pixel_ratio", "a PDF is sized in inches: give dpi instead"))
        _check_pages(self.pages, issues)
        if not isinstance(self.paper, PaperSize):
            issues.append(
                FieldIssue(
                    "paper",
                    f"expected design, a5, a4, a3 or letter, got {_describe(self.paper)}"
                    if not isinstance(self.paper, str)
                    else f"expected design, a5, a4, a3 or letter, got {self.paper!r}",
                )
            )
        elif self.paper is not PaperSize.DESIGN and self.format is not RenderFormat.PDF:
            issues.append(FieldIssue("paper", "a paper size is for PDF downloads only"))
        if not isinstance(self.spend_credit, bool):
            issues.append(
                FieldIssue(
                    "spend_credit", f"expected true or false, got {_describe(self.spend_credit)}"
                )
            )
        if issues:
            raise ValidationFailed(issues)

    @classmethod
    def parse(
        cls,
        *,
        format: object,
        pixel_ratio: object = None,
        dpi: object = None,
        pages: object = None,
        spend_credit: object = False,
        paper: object = None,
    ) -> ExportOptions:
        """Options from decoded JSON values (the format and paper by name,
        case-insensitively)."""
        chosen: object = format
        if isinstance(format, str):
            try:
                chosen = RenderFormat(format.strip().lower())
            except ValueError:
                chosen = format
        sheet: object = PaperSize.DESIGN if paper is None else paper
        if isinstance(paper, str):
            try:
                sheet = PaperSize(paper.strip().lower())
            except ValueError:
                sheet = paper
        return cls(
            format=chosen,  # type: ignore[arg-type]
            pixel_ratio=pixel_ratio,  # type: ignore[arg-type]
            dpi=dpi,  # type: ignore[arg-type]
            pages=pages,
            spend_credit=spend_credit,  # type: ignore[arg-type]
            paper=sheet,  # type: ignore[arg-type]
        )


class SourceKind(enum.Enum):
    """Where the document to export comes from."""

    TEMPLATE = "template"
    """A catalogue template, by id (its premium status is known)."""
    DESIGN = "design"
    """A saved design of the caller's, by id (`/api/v1/designs`)."""
    DOCUMENT = "document"
    """A document object sent by the editor (its origin is not known)."""


@attrs.frozen
class ExportSource:
    """Exactly one of a template id, a design id or a document object."""

    kind: SourceKind
    reference: str = ""
    """The template or design id (empty for a document)."""
    document: Mapping[str, Any] | None = None
    """The decoded document object (for :attr:`SourceKind.DOCUMENT`)."""

    @classmethod
    def parse(
        cls, *, template_id: object = None, design_id: object = None, document: object = None
    ) -> ExportSource:
        """The source from the request fields; raises :class:`ValidationFailed` unless exactly
        one is given, with the right type."""
        given = [
            name
            for name, value in zip(_FIELDS, (template_id, design_id, document), strict=True)
            if value is not None
        ]
        if len(given) != 1:
            raise ValidationFailed(
                [
                    FieldIssue(
                        "template_id",
                        "give exactly one of template_id, design_id or document"
                        + (f" (got {', '.join(given)})" if given else ""),
                    )
                ]
            )
        if template_id is not None:
            return cls(SourceKind.TEMPLATE, _reference("template_id", template_id))
        if design_id is not None:
            return cls(SourceKind.DESIGN, _reference("design_id", design_id))
        if not isinstance(document, Mapping):
            raise ValidationFailed(
                [FieldIssue("document", f"expected a JSON object, got {_describe(document)}")]
            )
        return cls(SourceKind.DOCUMENT, document=document)


MAX_REFERENCE_LENGTH = 200
"""Characters in the id of a template or design an export names."""


def _reference(field: str, value: object) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > MAX_REFERENCE_LENGTH:
        raise ValidationFailed(
            [
                FieldIssue(
                    field,
                    f"expected an id (1 to {MAX_REFERENCE_LENGTH} characters), "
                    f"got {_describe(value)}",
                )
            ]
        )
    return value.strip()


class Refusal(enum.Enum):
    """Why a download is refused; the value is the error code the API answers."""

    SIGN_IN_REQUIRED = "sign_in_required"
    PREMIUM_REQUIRED = "premium_required"
    INSUFFICIENT_CREDITS = "insufficient_credits"


@attrs.frozen
class ExportRefused:
    """The download is not allowed."""

    reason: Refusal
    message: str
    """Why, in words the caller can act on."""

    def error(self) -> DesignCoreError:
        """The domain error to raise for this refusal."""
        if self.reason is Refusal.INSUFFICIENT_CREDITS:
            return InsufficientCredits(self.message)
        return NotAllowed(self.message, code=self.reason.value)


@attrs.frozen
class ExportAllowed:
    """The download is allowed, like this."""

    format: RenderFormat
    watermark: bool
    """Whether every page carries the visible watermark."""
    credits: int
    """Credits to spend once the file is made (0 or :data:`EXPORT_CREDIT_COST`)."""
    pixel_ratio: float
    """Output pixels per document pixel (used when ``dpi`` is ``None``)."""
    dpi: float | None
    """The DPI to render at (always set for PDF)."""
    pages: tuple[int, ...] | None
    """Page indices; ``None``: every page."""
    paper: PaperSize = PaperSize.DESIGN
    """The PDF's paper (:func:`place_on_paper`)."""


ExportDecision = ExportAllowed | ExportRefused


def decide_export(
    options: ExportOptions,
    *,
    viewer: Viewer,
    premium_model_on: bool,
    premium_template: bool,
    credit_balance: int,
) -> ExportDecision:
    """The download rules (see the module docstring) for one request.

    ``premium_template`` says whether the document is a premium template's;
    ``credit_balance`` is the viewer's balance (only read when a free user spends a credit).
    """
    if not viewer.signed_in:
        return ExportRefused(Refusal.SIGN_IN_REQUIRED, "sign in to download designs")
    gated = premium_model_on and not viewer.is_premium
    if gated and premium_template:
        return ExportRefused(
            Refusal.PREMIUM_REQUIRED, "this template is premium: upgrade to download it"
        )
    if gated and options.format not in FREE_FORMATS:
        return ExportRefused(
            Refusal.PREMIUM_REQUIRED,
            f"{options.format.value.upper()} downloads are premium: upgrade, or download "
            "PNG or JPEG",
        )
    spend = gated and options.spend_credit
    if spend and credit_balance < EXPORT_CREDIT_COST:
        return ExportRefused(
            Refusal.INSUFFICIENT_CREDITS,
            f"not enough credits: {EXPORT_CREDIT_COST} needed, {max(credit_balance, 0)} available",
        )
    if options.format is RenderFormat.PDF:
        dpi: float | None = options.dpi if options.dpi is not None else PRINT_DPI
    else:
        dpi = options.dpi
    return ExportAllowed(
        format=options.format,
        watermark=gated and not spend,
        credits=EXPORT_CREDIT_COST if spend else 0,
        pixel_ratio=options.pixel_ratio if options.pixel_ratio is not None else 1.0,
        dpi=dpi,
        pages=options.pages,
        paper=options.paper,
    )


class ExportPlan(enum.Enum):
    """Which export limits apply to a viewer."""

    FREE = "free"
    PREMIUM = "premium"
    ADMIN = "admin"


def export_plan(viewer: Viewer) -> ExportPlan:
    """The viewer's plan for export limits: admin role first, then an active premium
    subscription, else free (whether the premium model is on or off)."""
    if viewer.is_admin:
        return ExportPlan.ADMIN
    if viewer.is_premium:
        return ExportPlan.PREMIUM
    return ExportPlan.FREE


def _positive(instance: object, attribute: Any, value: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise ValueError(f"{attribute.name} must be a whole number of at least 1, got {value!r}")


@attrs.frozen
class ExportLimits:
    """How big one export of a plan may be, and how many of one user's may run at once."""

    max_pages: int = attrs.field(validator=_positive)
    """Pages in one export."""
    max_pixels: int = attrs.field(validator=_positive)
    """Output pixels of one export, summed over its pages (width x height x scale^2)."""
    max_concurrent: int = attrs.field(validator=_positive)
    """Exports of one user in progress at once."""


DEFAULT_EXPORT_LIMITS: Mapping[ExportPlan, ExportLimits] = {
    ExportPlan.FREE: ExportLimits(max_pages=20, max_pixels=200_000_000, max_concurrent=1),
    ExportPlan.PREMIUM: ExportLimits(max_pages=100, max_pixels=1_000_000_000, max_concurrent=1),
    ExportPlan.ADMIN: ExportLimits(max_pages=200, max_pixels=2_000_000_000, max_concurrent=2),
}
"""Limits by plan. A 50 MP page (the largest the document model draws) is ~200 MB of pixels
while it is drawn; pages are drawn one after another, so the pixel totals bound time and the
encoded output held in memory."""

TOO_MANY_EXPORTS_RETRY_SECONDS = 5
"""``Retry-After`` of a refusal for too many concurrent exports."""


class ExportMode(enum.Enum):
    """How an export within the rules is to be made."""

    INLINE = "inline"
    """Rendered in the request and sent back as the answer."""
    TOO_LARGE_FOR_INLINE = "too_large_for_inline"
    """Over the plan's limits: refused (413)."""
    JOB = "job"
    """Within the plan's limits but above :data:`JOB_ABOVE`: made by a background job."""


@attrs.frozen
class ExportSize:
    """What an export would make: its page count and output pixels summed over the pages."""

    pages: int
    pixels: int


def export_size(page_sizes: Sequence[tuple[float, float]], scale: float) -> ExportSize:
    """The size of an export of pages ``page_sizes`` (document pixels, width x height) drawn
    ``scale`` output pixels per document pixel (pixel ratio, or DPI / document DPI; for a PDF
    the raster DPI, an upper bound of its rasterised effects)."""
    pixels = sum(
        max(1, math.ceil(width * scale - 1e-6)) * max(1, math.ceil(height * scale - 1e-6))
        for width, height in page_sizes
    )
    return ExportSize(pages=len(page_sizes), pixels=pixels)


class ExportTooLarge(TooLarge):
    """An export over the plan's limits of pages or output pixels."""

    code = "export_too_large"


class TooManyExports(DesignCoreError):
    """The user already has as many exports in progress as the plan allows."""

    code = "too_many_exports"

    def __init__(self, message: str, *, retry_after: int = TOO_MANY_EXPORTS_RETRY_SECONDS) -> None:
        super().__init__(message)
        self.retry_after = retry_after
        """Whole seconds after which trying again may succeed."""


class ExportCancelled(DesignCoreError):
    """The caller went away: the export stopped between pages and nothing is charged."""

    code = "export_cancelled"


JOB_ABOVE = ExportSize(pages=10, pixels=40_000_000)
"""Exports with more pages or more output pixels than this are made by a background job.

40 MP is about a second and a half of drawing and encoding on the reference machine and 160 MB
of pixels; a one-page print PDF of a flyer (1080 x 1350 at 300 DPI: 25 MP) and every PNG at
up to 4x of an A4 design stay inline, while a print PDF of several pages goes to a job."""


def decide_export_size(
    size: ExportSize, limits: ExportLimits, job_above: ExportSize | None = None
) -> ExportMode:
    """How an export of ``size`` is made under ``limits``: refused when over them, by a job
    when above ``job_above`` (``None``: never by a job), else inline."""
    if size.pages > limits.max_pages or size.pixels > limits.max_pixels:
        return ExportMode.TOO_LARGE_FOR_INLINE
    if job_above is not None and (size.pages > job_above.pages or size.pixels > job_above.pixels):
        return ExportMode.JOB
    return ExportMode.INLINE


def check_export_bounds(size: ExportSize, limits: ExportLimits, plan: ExportPlan) -> None:
    """Raise :class:`ExportTooLarge` naming the limit and what was asked unless
    :func:`decide_export_size` says inline."""
    if decide_export_size(size, limits) is not ExportMode.TOO_LARGE_FOR_INLINE:
        return
    if size.pages > limits.max_pages:
        raise ExportTooLarge(
            f"the export has {size.pages:,} pages; the {plan.value} plan allows at most "
            f"{limits.max_pages:,} per export: export fewer pages at once"
        )
    raise ExportTooLarge(
        f"the export would be {size.pixels / 1e6:,.1f} MP in all; the {plan.value} plan allows "
        f"at most {limits.max_pixels / 1e6:,.0f} MP per export: export fewer pages or at a "
        "lower pixel ratio or DPI"
    )


def check_concurrent_exports(running: int, limits: ExportLimits, plan: ExportPlan) -> None:
    """Raise :class:`TooManyExports` when a user with ``running`` exports in progress may not
    start another."""
    if running >= limits.max_concurrent:
        raise TooManyExports(
            f"{running} export(s) of yours in progress; the {plan.value} plan allows "
            f"{limits.max_concurrent} at once: wait for it to finish"
        )


_NOT_SLUG = re.compile(r"[^a-z0-9]+")
MAX_SLUG_LENGTH = 60
"""Longest slug put in a download's file name."""


def export_slug(name: str | None) -> str:
    """A file-name-safe slug of a design or template name (``design`` when nothing is left)."""
    folded = unicodedata.normalize("NFKD", name or "").encode("ascii", "ignore").decode()
    slug = _NOT_SLUG.sub("-", folded.lower()).strip("-")[:MAX_SLUG_LENGTH].strip("-")
    return slug or "design"


def export_filename(name: str | None, format: RenderFormat, *, archive: bool) -> str:
    """``designcore-{slug}.{ext}``: the format's extension, or ``zip`` for several files."""
    extension = "zip" if archive else _EXTENSIONS[format]
    return f"designcore-{export_slug(name)}.{extension}"


def requested_pages(pages: Sequence[int] | None, page_count: int) -> tuple[int, ...]:
    """The page indices an export covers; raises :class:`ValidationFailed` (``pages``) for an
    index the document does not have."""
    if pages is None:
        return tuple(range(page_count))
    bad = [index for index in pages if not 0 <= index < page_count]
    if bad:
        raise ValidationFailed(
            [
                FieldIssue(
                    "pages",
                    f"the document has {page_count} page(s), indices 0 to {page_count - 1}; "
                    f"got {bad!r}",
                )
            ]
        )
    return tuple(pages)
