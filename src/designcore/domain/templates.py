"""Templates: the catalogue's entity, its light variant, and the category rules."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import Any, Literal

import attrs

from designcore.domain.errors import FieldIssue, ValidationFailed

JsonObject = Mapping[str, Any]
"""A decoded JSON object (the Polotno document is kept as such until the rendering model)."""

HOME_CATEGORIES: tuple[str, ...] = (
    "Church",
    "Birthdays",
    "Business & Industries",
    "Social Media Post",
    "New Month",
)
"""The rows of the home screen, in display order."""

HOME_ROW_SIZE = 12
"""Templates per home row."""

RELATED_LIMIT = 16
"""How many related templates the preview dialog shows."""

PREMIUM_TYPE = "premium"

_NOT_SLUG_CHAR = re.compile(r"[^a-z0-9-]")


def category_slug(name: str) -> str:
    """Turn a category name into its URL slug.

    Lowercase, every space to a hyphen, ``&`` to ``and``, then every character outside
    ``a-z``, ``0-9`` and ``-`` removed (spec, home screen).
    """
    lowered = name.lower().replace(" ", "-").replace("&", "and")
    return _NOT_SLUG_CHAR.sub("", lowered)


def category_from_slug(slug: str, categories: Iterable[str]) -> str | None:
    """Find the category whose slug is ``slug`` among ``categories``; ``None`` if none is.

    When two names share a slug the first one in ``categories`` wins, so callers pass them in
    a stable order.
    """
    wanted = slug.strip().lower()
    for name in categories:
        if category_slug(name) == wanted:
            return name
    return None


def is_premium_type(template_type: str | None) -> bool:
    """A template is premium when its type is ``premium``, compared case-insensitively."""
    return template_type is not None and template_type.strip().lower() == PREMIUM_TYPE


@attrs.frozen
class FieldRequirement:
    """One field a person (or design prompting) fills to make the template theirs."""

    key: str
    """Stable name of the field (``headline``, ``date``, ``brand_name``)."""
    label: str
    """Label shown next to the input."""
    element_id: str
    """Id of the document element the value goes into."""
    kind: Literal["text", "image"] = "text"
    """What the field holds."""
    required: bool = False
    """Whether a filled design needs it."""
    max_length: int | None = None
    """Longest text that still fits the layout, when known."""


def _non_blank(instance: object, attribute: attrs.Attribute[str], value: str) -> None:
    if not value.strip():
        raise ValidationFailed((FieldIssue(attribute.name, "must not be blank"),))


@attrs.frozen(kw_only=True)
class TemplateSummary:
    """The light variant of a template: everything but the editor document.

    Listings and previews use it; the document is served only after the customise decision.
    """

    id: str
    """Template id (a UUID string)."""
    name: str = attrs.field(validator=_non_blank)
    """Display name."""
    category: str = attrs.field(validator=_non_blank)
    """Category name, e.g. ``Business & Industries``."""
    sub_category: str | None = None
    """Sub-category name, e.g. ``Sunday Service``."""
    preview_url: str | None = None
    """Where the preview image is served."""
    template_type: str | None = None
    """``premium`` (any case) or anything else for free."""
    description: str | None = None
    """A sentence or two about the design."""
    tags: tuple[str, ...] = ()
    """Free-form tags."""
    semantic_keywords: tuple[str, ...] = ()
    """Words that describe what the design is for, used by search and prompting."""
    design_intent: str | None = None
    """Who the design is for and what it communicates."""
    width: int | None = None
    """The design's page width in pixels (from its document), so a card can take its shape
    before the preview arrives; ``None`` when unknown."""
    height: int | None = None
    """The page height in pixels, as ``width``."""
    created_at: datetime
    """When the template was published (timezone-aware)."""
    updated_at: datetime
    """When it last changed (timezone-aware)."""

    @property
    def is_premium(self) -> bool:
        """Whether the template is premium."""
        return is_premium_type(self.template_type)

    @property
    def category_slug(self) -> str:
        """The URL slug of the category."""
        return category_slug(self.category)


@attrs.frozen(kw_only=True)
class Template(TemplateSummary):
    """A template with its editor document (table ``design_templates``)."""

    polotno_json: JsonObject | None = None
    """The editor document in Polotno JSON; ``None`` means it cannot be opened in the editor."""
    field_requirements: tuple[FieldRequirement, ...] = ()
    """Fields to fill; empty by default."""

    def __attrs_post_init__(self) -> None:
        # The size comes from the document when the caller did not give it.
        if self.width is None and self.height is None:
            size = document_size(self.polotno_json)
            if size is not None:
                object.__setattr__(self, "width", size[0])
                object.__setattr__(self, "height", size[1])

    def summary(self) -> TemplateSummary:
        """The light variant of this template."""
        fields = attrs.fields_dict(TemplateSummary)
        return TemplateSummary(**{name: getattr(self, name) for name in fields})

    @property
    def has_document(self) -> bool:
        """Whether the editor can open it."""
        return bool(self.polotno_json)


@attrs.frozen
class HomeRow:
    """One row of the home screen."""

    category: str
    """Category name."""
    templates: tuple[TemplateSummary, ...]
    """Newest first, at most :data:`HOME_ROW_SIZE`."""

    @property
    def slug(self) -> str:
        """The category's URL slug for the 'View more' link."""
        return category_slug(self.category)


@attrs.frozen
class Category:
    """A category with its URL slug."""

    name: str
    slug: str

    @classmethod
    def named(cls, name: str) -> Category:
        """The category called ``name``."""
        return cls(name=name, slug=category_slug(name))


def document_size(document: JsonObject | None) -> tuple[int, int] | None:
    """``(width, height)`` of a Polotno document's pages, in whole pixels, or ``None`` when the
    document gives no positive size."""
    if not isinstance(document, Mapping):
        return None
    width, height = document.get("width"), document.get("height")
    numbers = (int, float)
    if (
        isinstance(width, numbers)
        and isinstance(height, numbers)
        and not isinstance(width, bool)
        and not isinstance(height, bool)
        and width > 0
        and height > 0
    ):
        return round(width), round(height)
    return None
