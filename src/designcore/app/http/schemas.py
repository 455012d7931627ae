"""Request and response shapes (msgspec structs: validated, fast, and in the OpenAPI schema).

Template objects keep the ``design_templates`` column names; envelopes use the spec's
camelCase names.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

import attrs
import msgspec

from designcore.app.http.field_rules import NotBlank
from designcore.domain.pagination import Page
from designcore.domain.records import DesignPrompt, SearchPrompt, SiteSetting
from designcore.domain.site_settings import SettingChange
from designcore.domain.templates import Category, HomeRow, Template, TemplateSummary


class TemplateOut(msgspec.Struct, kw_only=True):
    """A template's light variant."""

    id: str
    name: str
    category: str
    sub_category: str | None
    preview_url: str | None
    template_type: str | None
    is_premium: bool
    description: str | None
    tags: list[str]
    semantic_keywords: list[str]
    design_intent: str | None
    width: int | None
    """The design's width in pixels, so a card can take the template's shape at once."""
    height: int | None
    created_at: datetime
    updated_at: datetime

    @classmethod
    def of(cls, t: TemplateSummary) -> TemplateOut:
        """From the domain."""
        return cls(
            id=t.id,
            name=t.name,
            category=t.category,
            sub_category=t.sub_category,
            preview_url=t.preview_url,
            template_type=t.template_type,
            is_premium=t.is_premium,
            description=t.description,
            tags=list(t.tags),
            semantic_keywords=list(t.semantic_keywords),
            design_intent=t.design_intent,
            width=t.width,
            height=t.height,
            created_at=t.created_at,
            updated_at=t.updated_at,
        )


class FieldRequirementOut(msgspec.Struct, kw_only=True):
    """A field to fill."""

    key: str
    label: str
    element_id: str
    kind: Literal["text", "image"]
    required: bool
    max_length: int | None


class TemplateDocumentOut(TemplateOut, kw_only=True):
    """A template with its editor document."""

    polotno_json: dict[str, Any]
    field_requirements: list[FieldRequirementOut]

    @classmethod
    def of_full(cls, t: Template) -> TemplateDocumentOut:
        """From the domain."""
        light = msgspec.structs.asdict(TemplateOut.of(t))
        return cls(
            **light,
            polotno_json=dict(t.polotno_json or {}),
            field_requirements=[
                FieldRequirementOut(**attrs.asdict(req)) for req in t.field_requirements
            ],
        )


def templates_out(items: Any) -> list[TemplateOut]:
    """Light variants of many templates."""
    return [TemplateOut.of(t) for t in items]


class PageOut(msgspec.Struct, kw_only=True):
    """One page of a listing."""

    templates: list[TemplateOut]
    total_count: int = msgspec.field(name="totalCount")
    has_more: bool = msgspec.field(name="hasMore")
    current_page: int = msgspec.field(name="currentPage")
    total_pages: int = msgspec.field(name="totalPages")

    @classmethod
    def of(cls, page: Page[TemplateSummary]) -> PageOut:
        """From the domain."""
        return cls(
            templates=templates_out(page.items),
            total_count=page.total_count,
            has_more=page.has_more,
            current_page=page.current_page,
            total_pages=page.total_pages,
        )


class HomeRowOut(msgspec.Struct, kw_only=True):
    """One home row."""

    category: str
    slug: str
    templates: list[TemplateOut]


class HomeOut(msgspec.Struct, kw_only=True):
    """The home rows."""

    rows: list[HomeRowOut]

    @classmethod
    def of(cls, rows: list[HomeRow]) -> HomeOut:
        """From the domain."""
        return cls(
            rows=[
                HomeRowOut(category=r.category, slug=r.slug, templates=templates_out(r.templates))
                for r in rows
            ]
        )


class _HomeRowJson(msgspec.Struct):
    """:class:`HomeRowOut` with its templates encoded already (same fields, same order)."""

    category: str
    slug: str
    templates: list[msgspec.Raw]


class _HomeJson(msgspec.Struct):
    """:class:`HomeOut` with its templates encoded already."""

    rows: list[_HomeRowJson]


class _PageJson(msgspec.Struct, kw_only=True):
    """:class:`PageOut` with its templates encoded already (same fields, same order)."""

    templates: list[msgspec.Raw]
    total_count: int = msgspec.field(name="totalCount")
    has_more: bool = msgspec.field(name="hasMore")
    current_page: int = msgspec.field(name="currentPage")
    total_pages: int = msgspec.field(name="totalPages")


_TEMPLATE_ENCODER = msgspec.json.Encoder()
_KEPT_TEMPLATES = 4096


class TemplateJson:
    """Each template's light JSON (:class:`TemplateOut`), kept beside the summary it was made
    from.

    A summary is immutable and the database adapters hand back the very object they made last
    time for an unchanged row (their row memo), so the same object always encodes to the same
    bytes, and a changed row is a new object: nothing stale can be answered. An entry keeps its
    summary alive, so no other object can take its ``id`` meanwhile. Summaries made afresh for
    every read (the in-memory catalogue) simply miss. Past ``size`` entries all are forgotten.
    """

    def __init__(self, size: int = _KEPT_TEMPLATES) -> None:
        self._size = size
        self._kept: dict[int, tuple[TemplateSummary, msgspec.Raw]] = {}

    def of(self, template: TemplateSummary) -> msgspec.Raw:
        """The template's JSON."""
        found = self._kept.get(id(template))
        if found is not None and found[0] is template:
            return found[1]
        encoded = msgspec.Raw(_TEMPLATE_ENCODER.encode(TemplateOut.of(template)))
        if len(self._kept) >= self._size:
            self._kept.clear()
        self._kept[id(template)] = (template, encoded)
        return encoded

    def page(self, page: Page[TemplateSummary]) -> object:
        """What :meth:`PageOut.of` answers, with each template's JSON from here: it encodes
        to the same bytes."""
        return _PageJson(
            templates=[self.of(t) for t in page.items],
            total_count=page.total_count,
            has_more=page.has_more,
            current_page=page.current_page,
            total_pages=page.total_pages,
        )

    def home(self, rows: list[HomeRow]) -> object:
        """What :meth:`HomeOut.of` answers, with each template's JSON from here: it encodes
        to the same bytes."""
        return _HomeJson(
            [_HomeRowJson(r.category, r.slug, [self.of(t) for t in r.templates]) for r in rows]
        )


class CategoryOut(msgspec.Struct, kw_only=True):
    """A category and its slug."""

    name: str
    slug: str

    @classmethod
    def of(cls, category: Category) -> CategoryOut:
        """From the domain."""
        return cls(name=category.name, slug=category.slug)


class CategoryDetailOut(CategoryOut, kw_only=True):
    """A category with its sub-categories."""

    sub_categories: list[CategoryOut]


class TemplateIdIn(msgspec.Struct, forbid_unknown_fields=True):
    """``{template_id}``."""

    template_id: str


class ViewCountOut(msgspec.Struct):
    """The new view count."""

    template_id: str
    view_count: int


class UseCountOut(msgspec.Struct):
    """The new use count."""

    template_id: str
    use_count: int


class SearchPromptIn(msgspec.Struct, forbid_unknown_fields=True):
    """A search to record."""

    search_term: NotBlank
    user_id: str | None = None


class SearchPromptOut(msgspec.Struct):
    """A recorded search."""

    id: int | None
    search_term: str
    user_id: str | None
    created_at: datetime

    @classmethod
    def of(cls, record: SearchPrompt) -> SearchPromptOut:
        """From the domain."""
        return cls(record.id, record.search_term, record.user_id, record.created_at)


class PromptIn(msgspec.Struct, forbid_unknown_fields=True):
    """A design prompt to record."""

    prompt: NotBlank
    category: str | None = None
    sub_category: str | None = None


class PromptOut(msgspec.Struct):
    """A recorded design prompt."""

    id: int | None
    prompt: str
    category: str | None
    sub_category: str | None
    created_at: datetime

    @classmethod
    def of(cls, record: DesignPrompt) -> PromptOut:
        """From the domain."""
        return cls(
            record.id, record.prompt, record.category, record.sub_category, record.created_at
        )


class SettingIn(msgspec.Struct, forbid_unknown_fields=True):
    """A new value for a setting."""

    setting_value: Any


class SettingOut(msgspec.Struct):
    """A site setting."""

    setting_key: str
    setting_value: Any
    updated_at: datetime | None = None

    @classmethod
    def of(cls, setting: SiteSetting) -> SettingOut:
        """From the domain."""
        return cls(setting.setting_key, setting.setting_value, setting.updated_at)


class SettingRecordOut(msgspec.Struct, kw_only=True):
    """A site setting with who changed it last (``null`` for a default)."""

    setting_key: str
    setting_value: Any
    updated_at: datetime | None
    updated_by: str | None

    @classmethod
    def of(cls, setting: SiteSetting) -> SettingRecordOut:
        """From the domain."""
        return cls(
            setting_key=setting.setting_key,
            setting_value=setting.setting_value,
            updated_at=setting.updated_at,
            updated_by=setting.updated_by,
        )


class SettingsOut(msgspec.Struct, kw_only=True):
    """Every known site setting."""

    settings: list[SettingRecordOut]


class SettingChangeOut(msgspec.Struct, kw_only=True):
    """One recorded change of a site setting."""

    setting_key: str
    old_value: Any
    new_value: Any
    changed_by: str | None
    changed_by_email: str | None
    changed_at: datetime

    @classmethod
    def of(cls, change: SettingChange) -> SettingChangeOut:
        """From the domain."""
        return cls(
            setting_key=change.setting_key,
            old_value=change.old_value,
            new_value=change.new_value,
            changed_by=change.changed_by,
            changed_by_email=change.changed_by_email,
            changed_at=change.changed_at,
        )


class SettingChangePageOut(msgspec.Struct, kw_only=True):
    """One page of setting changes, newest first."""

    items: list[SettingChangeOut]
    total_count: int
    has_more: bool
    current_page: int
    total_pages: int


def page_fields(page: Page[Any]) -> dict[str, Any]:
    """The envelope fields of a snake_case page (``items`` aside)."""
    return {
        "total_count": page.total_count,
        "has_more": page.has_more,
        "current_page": page.current_page,
        "total_pages": page.total_pages,
    }
