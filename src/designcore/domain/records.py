"""What visitors ask for: search prompts and design prompts, and site settings."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import attrs

from designcore.domain.errors import FieldIssue, ValidationFailed

MAX_PROMPT_LENGTH = 2000
MAX_SETTING_KEY_LENGTH = 100


def _bounded_text(limit: int, *, allow_blank: bool = False) -> Any:
    def check(instance: object, attribute: attrs.Attribute[str], value: str) -> None:
        if not allow_blank and not value.strip():
            raise ValidationFailed((FieldIssue(attribute.name, "must not be blank"),))
        if len(value) > limit:
            raise ValidationFailed(
                (FieldIssue(attribute.name, f"must be at most {limit} characters"),)
            )

    return check


@attrs.frozen(kw_only=True)
class SearchPrompt:
    """A search someone ran (table ``search_prompts``)."""

    search_term: str = attrs.field(validator=_bounded_text(MAX_PROMPT_LENGTH))
    """The trimmed term."""
    user_id: str | None = None
    """Who searched; ``None`` when signed out."""
    created_at: datetime
    """When."""
    id: int | None = None
    """Assigned by the store."""


@attrs.frozen(kw_only=True)
class DesignPrompt:
    """Words someone gave to design prompting (table ``prompts``)."""

    prompt: str = attrs.field(validator=_bounded_text(MAX_PROMPT_LENGTH))
    """What they asked for."""
    category: str | None = None
    """The category it was matched to, if any."""
    sub_category: str | None = None
    """The sub-category it was matched to, if any."""
    created_at: datetime
    """When."""
    id: int | None = None
    """Assigned by the store."""


@attrs.frozen(kw_only=True)
class SiteSetting:
    """One site-wide setting (table ``site_settings``)."""

    setting_key: str = attrs.field(validator=_bounded_text(MAX_SETTING_KEY_LENGTH))
    """Its name, e.g. ``premium_business_model_enabled``."""
    setting_value: Any
    """Any JSON value."""
    updated_at: datetime | None = None
    """When it last changed."""
    updated_by: str | None = None
    """User id of whoever changed it last; ``None`` for the CLI or the seed."""
