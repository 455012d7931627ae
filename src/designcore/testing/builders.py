"""Builders of valid domain values with every field overridable, for example-based tests.

Hypothesis users want :mod:`designcore.testing.strategies` instead; these builders make one
plain value at a time and need no test tool.
"""

from __future__ import annotations

import itertools
import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

from designcore.domain.templates import FieldRequirement, Template

__all__ = ["EPOCH", "make_template"]

EPOCH = datetime(2026, 11, 1, 9, 0, tzinfo=UTC)
"""The moment the builders date things from (templates are made one minute apart before it)."""

_counter = itertools.count(1)


def make_template(**overrides: Any) -> Template:
    """A valid template, unique id and name, one minute older than the previous one built;
    every field can be overridden (``make_template(category="Birthdays")``)."""
    n = next(_counter)
    created = overrides.pop("created_at", EPOCH - timedelta(minutes=n))
    fields: dict[str, Any] = {
        "id": str(uuid.uuid4()),
        "name": f"Template {n} {uuid.uuid4().hex[:6]}",
        "category": "Church",
        "sub_category": "Sunday Service",
        "preview_url": f"/storage/v1/object/public/template-previews/{n}.png",
        "template_type": "free",
        "description": "A clean flyer.",
        "tags": ("flyer",),
        "semantic_keywords": ("event",),
        "design_intent": "Invite people.",
        "created_at": created,
        "updated_at": created,
        "polotno_json": {"width": 1080, "height": 1350, "pages": [{"id": "p1", "children": []}]},
        "field_requirements": (
            FieldRequirement(key="headline", label="Headline", element_id="t1", required=True),
        ),
    }
    fields.update(overrides)
    return Template(**fields)
