"""Saved designs: a user's own copy of a document, its versions, and the rules around them.

The rules (spec README, "Credits"; issue 12; docs/api.md, "Designs"):

- A design belongs to one user; every other caller is told it does not exist.
- Creating a design from a template goes through :func:`~designcore.domain.premium.decide_customise`
  (a premium template for a user who is not premium, while the premium model is on, is refused
  with ``upgrade_required``; a template without a document with ``template_has_no_document``).
- Free users keep :data:`FREE_DESIGN_ALLOWANCE` designs at no cost; each further one (a new
  design or a duplicate, "private designs" and "cloning" in the spec's plan list) costs
  :data:`DESIGN_CREDIT_COST` credit from the ledger. Premium users, and everyone while the
  premium model is off, spend nothing. :func:`decide_new_design` is the one place this lives.
- Every save names the version it was made from (``If-Match``); a save from an older version is
  refused with ``version_conflict`` and the current version, so nothing is silently overwritten.
  Each save adds one to ``version``; the last :data:`KEPT_VERSIONS` saved versions are kept.
- Deleting is soft: for :data:`UNDO_DELETE_SECONDS` seconds the design can be restored, then it
  is gone (every read treats it as absent; a periodic purge removes it).
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from datetime import date, datetime, timedelta

import attrs

from designcore.domain.document import (
    MAX_DOCUMENT_BYTES,
    MAX_SIDE_PX,
    SCHEMA_VERSION,
    Json,
    LimitExceeded,
    migrate,
    parse_document,
)
from designcore.domain.errors import Conflict, FieldIssue, NotAllowed, NotFound, ValidationFailed
from designcore.domain.premium import CustomiseOutcome, Viewer, decide_customise
from designcore.domain.profiles import InsufficientCredits
from designcore.domain.templates import TemplateSummary

FREE_DESIGN_ALLOWANCE = 5
"""Designs a free user keeps without spending credits."""

DESIGN_CREDIT_COST = 1
"""Credits a free user spends for each design beyond the allowance."""

KEPT_VERSIONS = 20
"""How many saved versions of a design are kept (the newest)."""

UNDO_DELETE_SECONDS = 30
"""How long a deleted design can be restored."""

UNDO_DELETE = timedelta(seconds=UNDO_DELETE_SECONDS)

MAX_NAME_LENGTH = 120
"""Longest design name, in characters."""

DEFAULT_NAME = "Untitled design"
"""The name of a blank design when none is given."""

_FORMATS = (
    ("square", 1.0),
    ("portrait", 4 / 5),
    ("story", 9 / 16),
    ("a4_portrait", 1 / math.sqrt(2)),
    ("landscape", 16 / 9),
    ("a4_landscape", math.sqrt(2)),
)


def design_format(width: float, height: float) -> str:
    """The named format of a page of this size (its aspect ratio within 1 %), else ``custom``:
    ``square`` 1:1, ``portrait`` 4:5, ``story`` 9:16, ``a4_portrait``, ``landscape`` 16:9,
    ``a4_landscape``."""
    if width <= 0 or height <= 0:
        return "custom"
    ratio = width / height
    for name, wanted in _FORMATS:
        if abs(ratio - wanted) <= 0.01 * wanted:
            return name
    return "custom"


def check_name(raw: object, path: str = "name") -> str:
    """A design name: a string, trimmed, 1 to :data:`MAX_NAME_LENGTH` characters."""
    if not isinstance(raw, str):
        raise ValidationFailed([FieldIssue(path, "expected a string")])
    name = " ".join(raw.split())
    if not name:
        raise ValidationFailed([FieldIssue(path, "must not be blank")])
    if len(raw) > MAX_NAME_LENGTH:  # as sent: the API document states the length so
        raise ValidationFailed(
            [FieldIssue(path, f"at most {MAX_NAME_LENGTH} characters, got {len(raw)}")]
        )
    return name


def check_document(raw: object, path: str = "document") -> dict[str, Json]:
    """A document as it is stored: checked by the document model with its limits
    (:data:`~designcore.domain.document.MAX_DOCUMENT_BYTES`, elements per page, sides),
    migrated to the current schema version, every key kept as sent (the model's defaults are
    not written in: the editor and the renderer share them).

    Raises :class:`~designcore.domain.document.LimitExceeded` or ``ValidationFailed`` whose
    issues are under ``path`` (``document.pages[0].children[3].fontSize``).
    """
    try:
        if not isinstance(raw, Mapping):
            raise ValidationFailed([FieldIssue("", "expected a JSON object")])
        size = len(json.dumps(raw, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))
        if size > MAX_DOCUMENT_BYTES:
            raise LimitExceeded(
                [
                    FieldIssue(
                        "",
                        f"the document is {size:,} bytes; at most {MAX_DOCUMENT_BYTES:,} "
                        "are accepted",
                    )
                ]
            )
        stored = migrate(raw)
        document = parse_document(stored)
    except ValidationFailed as error:
        issues = [
            FieldIssue(f"{path}.{issue.path}" if issue.path else path, issue.message)
            for issue in error.issues
        ]
        raise type(error)(issues) from None
    issues = []
    if not (1 <= document.width <= MAX_SIDE_PX and 1 <= document.height <= MAX_SIDE_PX):
        issues.append(
            FieldIssue(
                path,
                f"a design is 1 to {MAX_SIDE_PX:,} px on a side, got "
                f"{document.width:g}x{document.height:g}",
            )
        )
    for index, page in enumerate(document.pages):
        width, height = document.page_size(page)
        if not (1 <= width <= MAX_SIDE_PX and 1 <= height <= MAX_SIDE_PX):
            issues.append(
                FieldIssue(
                    f"{path}.pages[{index}]",
                    f"pages are 1 to {MAX_SIDE_PX:,} px on a side, got {width:g}x{height:g}",
                )
            )
    if issues:
        raise LimitExceeded(issues)
    return stored


def blank_document(width: object, height: object) -> dict[str, Json]:
    """An empty one-page document of ``width`` x ``height`` pixels (whole numbers from 1 to
    :data:`~designcore.domain.document.MAX_SIDE_PX`), white."""
    issues = []
    sides: list[int] = []
    for name, value in (("width", width), ("height", height)):
        if isinstance(value, float) and value.is_integer():
            value = int(value)  # 619.0 is a whole number (JSON does not tell them apart)
        if not (isinstance(value, int) and not isinstance(value, bool)) or not (
            1 <= value <= MAX_SIDE_PX
        ):
            issues.append(
                FieldIssue(f"blank.{name}", f"expected a whole number from 1 to {MAX_SIDE_PX:,}")
            )
        else:
            sides.append(value)
    if issues:
        raise ValidationFailed(issues)
    width, height = sides
    return check_document(
        {
            "width": width,
            "height": height,
            "fonts": [],
            "unit": "px",
            "dpi": 72,
            "schemaVersion": SCHEMA_VERSION,
            "pages": [
                {
                    "id": "page-1",
                    "children": [],
                    "width": "auto",
                    "height": "auto",
                    "background": "white",
                }
            ],
        }
    )


def document_size(document: Mapping[str, Json]) -> tuple[float, float]:
    """The default page size of a checked document."""
    return float(document["width"]), float(document["height"])


class DesignNotFound(NotFound):
    """No design with this id for this owner (or it was deleted)."""

    code = "design_not_found"


class VersionConflict(Conflict):
    """A save made from an older version than the stored one."""

    code = "version_conflict"

    def __init__(self, current_version: int, given: int) -> None:
        super().__init__(
            f"the design changed since version {given}: it is at version {current_version}; "
            "reload it or keep your copy as a new design"
        )
        self.current_version = current_version

    @property
    def details(self) -> dict[str, int]:
        """What the caller needs besides the message: the stored version."""
        return {"current_version": self.current_version}


@attrs.frozen(kw_only=True)
class DesignSummary:
    """A design without its document (listings)."""

    id: str
    """Design id (a UUID string)."""
    owner_id: str
    """The user it belongs to."""
    name: str
    """Display name."""
    source_template_id: str | None
    """The template it was made from; ``None`` for a blank design."""
    format: str
    """The named format of its page size (:func:`design_format`)."""
    width: float
    """Default page width in pixels."""
    height: float
    """Default page height in pixels."""
    preview_key: str | None
    """Storage path of its preview image in the designs bucket, once drawn."""
    scheduled_for: date | None
    """The day the user plans to post it."""
    created_at: datetime
    """When it was created (timezone-aware)."""
    updated_at: datetime
    """When it last changed."""
    version: int
    """How many times it was saved (1 when created)."""
    deleted_at: datetime | None = None
    """When it was deleted (restorable for :data:`UNDO_DELETE_SECONDS`)."""


@attrs.frozen(kw_only=True)
class Design(DesignSummary):
    """A design with its document."""

    document: Mapping[str, Json]
    """The Polotno document (checked by :func:`check_document`)."""

    def summary(self) -> DesignSummary:
        """The design without its document."""
        values = attrs.asdict(self, recurse=False)
        del values["document"]
        return DesignSummary(**values)


@attrs.frozen
class DesignVersion:
    """One saved version of a design."""

    version: int
    """The design's version number after that save."""
    saved_at: datetime
    """When it was saved."""
    document: Mapping[str, Json]
    """The document as saved."""


@attrs.frozen
class ScheduleFilter:
    """Which scheduled days a listing keeps (both ends included); no bound keeps all."""

    start: date | None = None
    end: date | None = None

    def __attrs_post_init__(self) -> None:
        if self.start is not None and self.end is not None and self.start > self.end:
            raise ValidationFailed([FieldIssue("from", "must not be after 'to'")])

    @property
    def active(self) -> bool:
        """Whether the filter keeps only some designs."""
        return self.start is not None or self.end is not None

    def keeps(self, scheduled_for: date | None) -> bool:
        """Whether a design scheduled for this day passes."""
        if not self.active:
            return True
        if scheduled_for is None:
            return False
        if self.start is not None and scheduled_for < self.start:
            return False
        return self.end is None or scheduled_for <= self.end


def parse_day(raw: object, path: str) -> date:
    """A calendar day from ``YYYY-MM-DD``."""
    if isinstance(raw, str) and len(raw) == 10:
        try:
            return date.fromisoformat(raw)
        except ValueError:
            pass
    raise ValidationFailed([FieldIssue(path, f"expected a date as YYYY-MM-DD, got {raw!r}")])


@attrs.frozen
class NewDesignAllowed:
    """A design may be made; ``credits`` is what it costs (0 or :data:`DESIGN_CREDIT_COST`)."""

    credits: int


def decide_new_design(
    *,
    viewer: Viewer,
    premium_model_on: bool,
    designs_owned: int,
    credit_balance: int,
    template: TemplateSummary | None = None,
    has_document: bool = True,
) -> NewDesignAllowed:
    """Whether the viewer may make one more design (from ``template``, or blank or a copy when
    ``None``), and its cost.

    Raises ``NotAllowed`` (``sign_in_required``, ``upgrade_required``), ``Conflict``
    (``template_has_no_document``) and ``InsufficientCredits`` when the design is beyond the
    free allowance and the balance cannot pay for it.
    """
    if viewer.user_id is None:
        raise NotAllowed("sign in to make designs", code="sign_in_required")
    if template is not None:
        outcome = decide_customise(
            template, has_document=has_document, viewer=viewer, premium_model_on=premium_model_on
        )
        if outcome is CustomiseOutcome.UPGRADE:
            raise NotAllowed(
                "upgrade to premium to customise this template", code="upgrade_required"
            )
        if outcome is CustomiseOutcome.NO_DOCUMENT:
            raise Conflict(
                "this template cannot be opened in the editor: it has no design document",
                code="template_has_no_document",
            )
    if not premium_model_on or viewer.is_premium or designs_owned < FREE_DESIGN_ALLOWANCE:
        return NewDesignAllowed(0)
    if credit_balance < DESIGN_CREDIT_COST:
        raise InsufficientCredits(
            f"free accounts keep {FREE_DESIGN_ALLOWANCE} designs; each further design costs "
            f"{DESIGN_CREDIT_COST} credit and you have {credit_balance}. Delete a design, "
            "earn credits by inviting friends, or upgrade to premium"
        )
    return NewDesignAllowed(DESIGN_CREDIT_COST)


def new_design(
    *,
    design_id: str,
    owner_id: str,
    name: str,
    document: Mapping[str, Json],
    source_template_id: str | None,
    now: datetime,
) -> Design:
    """A new design at version 1 (``document`` already checked)."""
    width, height = document_size(document)
    return Design(
        id=design_id,
        owner_id=owner_id,
        name=check_name(name),
        document=document,
        source_template_id=source_template_id,
        format=design_format(width, height),
        width=width,
        height=height,
        preview_key=None,
        scheduled_for=None,
        created_at=now,
        updated_at=now,
        version=1,
    )


def check_version(current: int, expected: int) -> None:
    """Raise :class:`VersionConflict` unless ``expected`` is the stored version."""
    if current != expected:
        raise VersionConflict(current, expected)


def saved(
    design: Design,
    *,
    document: Mapping[str, Json],
    expected_version: int,
    now: datetime,
    name: str | None = None,
) -> Design:
    """The design after a save of ``document`` (checked) made from ``expected_version``: the
    next version, the preview dropped until it is drawn again."""
    check_version(design.version, expected_version)
    width, height = document_size(document)
    return attrs.evolve(
        design,
        document=document,
        name=design.name if name is None else check_name(name),
        width=width,
        height=height,
        format=design_format(width, height),
        preview_key=None,
        updated_at=now,
        version=design.version + 1,
    )


def is_gone(design: DesignSummary, now: datetime) -> bool:
    """Whether a deleted design can no longer be restored."""
    return design.deleted_at is not None and now - design.deleted_at >= UNDO_DELETE


def check_restorable(design: DesignSummary, now: datetime) -> None:
    """Raise unless the design was deleted less than :data:`UNDO_DELETE_SECONDS` ago:
    ``Conflict`` (``not_deleted``) for a live design, :class:`DesignNotFound` once gone."""
    if design.deleted_at is None:
        raise Conflict("this design is not deleted", code="not_deleted")
    if is_gone(design, now):
        raise DesignNotFound(f"no design {design.id}: it was deleted")


def copy_name(name: str) -> str:
    """The name of a duplicate."""
    suffix = " (copy)"
    return name[: MAX_NAME_LENGTH - len(suffix)] + suffix
