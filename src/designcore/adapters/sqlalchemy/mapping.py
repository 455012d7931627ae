"""Translation between rows and domain objects."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

import attrs
import sqlalchemy as sa

from designcore.adapters.sqlalchemy.engine import load_json
from designcore.adapters.sqlalchemy.tables import (
    TEMPLATES,
    PromptRow,
    SearchPromptRow,
    SiteSettingRow,
)
from designcore.adapters.sqlalchemy.web_tables import SettingChangeRow
from designcore.domain.records import DesignPrompt, SearchPrompt, SiteSetting
from designcore.domain.search import filter_text, words
from designcore.domain.site_settings import SettingChange
from designcore.domain.templates import FieldRequirement, Template, TemplateSummary

_T = TEMPLATES.c
SUMMARY_COLUMNS: tuple[sa.ColumnElement[Any], ...] = (
    _T.id,
    _T.name,
    _T.category,
    _T.sub_category,
    _T.preview_url,
    _T.template_type,
    _T.description,
    # As text on every dialect, so a row is plain hashable values (see summary_to_domain).
    sa.cast(_T.tags, sa.Text).label("tags"),
    sa.cast(_T.semantic_keywords, sa.Text).label("semantic_keywords"),
    _T.design_intent,
    _T.width,
    _T.height,
    _T.created_at,
    _T.updated_at,
)
"""The columns of the light variant: never the document."""
FULL_COLUMNS = (*SUMMARY_COLUMNS, _T.polotno_json, _T.field_requirements)
_SUMMARY_WIDTH = len(SUMMARY_COLUMNS)


def utc(moment: datetime) -> datetime:
    """A timezone-aware UTC datetime (SQLite hands back naive ones, stored as UTC)."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def utc_or_none(moment: datetime | None) -> datetime | None:
    """:func:`utc` of a moment that may be missing."""
    return None if moment is None else utc(moment)


def _moment(value: datetime | str) -> datetime:
    # SQLAlchemy and psycopg hand back datetimes; the SQLite driver the stored text, naive UTC
    # (read with the offset appended: datetime.replace costs five times as much).
    if isinstance(value, str):
        try:
            return datetime.fromisoformat(value + "+00:00")
        except ValueError:  # written with an offset of its own
            value = datetime.fromisoformat(value)
    if value.tzinfo is UTC:
        return value
    return utc(value)


def _json(value: Any) -> Any:
    # Decoded already by SQLAlchemy or psycopg; the SQLite driver hands back the JSON text.
    return load_json(value) if isinstance(value, str | bytes) else value


def summary_to_domain(row: Sequence[Any]) -> TemplateSummary:
    """A light template from a row of :data:`SUMMARY_COLUMNS`, in their order, as SQLAlchemy
    or the driver itself hands it back.

    The conversion is pure, so it is remembered for the last few thousand distinct rows: the
    same templates are read again and again (home rows, first pages), and an unchanged row
    gives back the very object made last time instead of a new one. A changed row is a
    different key, so nothing stale is ever answered.
    """
    return _summary_of(tuple(row[:_SUMMARY_WIDTH]))


@functools.lru_cache(maxsize=4096)
def _summary_of(row: tuple[Any, ...]) -> TemplateSummary:
    (
        template_id,
        name,
        category,
        sub_category,
        preview_url,
        template_type,
        description,
        tags,
        semantic_keywords,
        design_intent,
        width,
        height,
        created_at,
        updated_at,
    ) = row
    return TemplateSummary(
        id=template_id,
        name=name,
        category=category,
        sub_category=sub_category,
        preview_url=preview_url,
        template_type=template_type,
        description=description,
        tags=tuple(_json(tags) or ()),
        semantic_keywords=tuple(_json(semantic_keywords) or ()),
        design_intent=design_intent,
        width=width,
        height=height,
        created_at=_moment(created_at),
        updated_at=_moment(updated_at),
    )


def template_to_domain(row: Sequence[Any]) -> Template:
    """A full template from a row of :data:`FULL_COLUMNS`, in their order."""
    summary = summary_to_domain(row)
    polotno_json, field_requirements = row[_SUMMARY_WIDTH:]
    requirements = tuple(FieldRequirement(**item) for item in _json(field_requirements) or ())
    return Template(
        **attrs.asdict(summary, recurse=False),
        polotno_json=_json(polotno_json),
        field_requirements=requirements,
    )


def template_from_domain(template: Template) -> dict[str, Any]:
    """Column values for a template, with its derived search columns."""
    return {
        "id": template.id,
        "name": template.name,
        "category": template.category,
        "sub_category": template.sub_category,
        "preview_url": template.preview_url,
        "template_type": template.template_type,
        "description": template.description,
        "tags": list(template.tags),
        "semantic_keywords": list(template.semantic_keywords),
        "design_intent": template.design_intent,
        "width": template.width,
        "height": template.height,
        "polotno_json": dict(template.polotno_json) if template.polotno_json else None,
        "field_requirements": [attrs.asdict(req) for req in template.field_requirements],
        "created_at": utc(template.created_at),
        "updated_at": utc(template.updated_at),
        "search_name": " ".join(words(template.name)),
        "search_keys": " ".join(
            words(
                " ".join([template.sub_category or "", *template.tags, *template.semantic_keywords])
            )
        ),
        "search_prose": " ".join(
            words(f"{template.description or ''} {template.design_intent or ''}")
        ),
        "filter_text": filter_text(
            template.name, template.category, template.description, template.tags
        ),
    }


def setting_to_domain(row: SiteSettingRow) -> SiteSetting:
    """A site setting from its row."""
    return SiteSetting(
        setting_key=row.setting_key,
        setting_value=row.setting_value,
        updated_at=utc_or_none(row.updated_at),
        updated_by=row.updated_by,
    )


def setting_change_to_domain(row: SettingChangeRow) -> SettingChange:
    """A recorded setting change from its row."""
    return SettingChange(
        id=row.id,
        setting_key=row.setting_key,
        old_value=row.old_value,
        new_value=row.new_value,
        changed_by=row.changed_by,
        changed_by_email=row.changed_by_email,
        changed_at=utc(row.changed_at),
    )


def search_prompt_to_domain(row: SearchPromptRow) -> SearchPrompt:
    """A search prompt from its row."""
    return SearchPrompt(
        id=row.id, search_term=row.search_term, user_id=row.user_id, created_at=utc(row.created_at)
    )


def design_prompt_to_domain(row: PromptRow) -> DesignPrompt:
    """A design prompt from its row."""
    return DesignPrompt(
        id=row.id,
        prompt=row.prompt,
        category=row.category,
        sub_category=row.sub_category,
        created_at=utc(row.created_at),
    )
