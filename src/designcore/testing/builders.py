"""Builders of valid domain values with every field overridable, for example-based tests.

Hypothesis users want :mod:`designcore.testing.strategies` instead; these builders make one
plain value at a time and need no test tool.
"""

from __future__ import annotations

import itertools
import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

import attrs

from designcore.domain.designs import Design, check_document, new_design
from designcore.domain.templates import FieldRequirement, Template

__all__ = [
    "EPOCH",
    "crowded_document",
    "make_design",
    "make_document",
    "make_template",
    "text_element",
]

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


def text_element(id: str, value: str, y: float) -> dict[str, Any]:
    """A text element of an editor document (Polotno JSON), 320 px wide at x 40."""
    return {
        "id": id,
        "type": "text",
        "x": 40,
        "y": y,
        "width": 320,
        "height": 0,
        "text": value,
        "fontSize": 28,
        "fontFamily": "Montserrat",
        "fill": "#1a1a1a",
    }


def make_document(
    pages: int = 1, width: int = 400, height: int = 500, **fields: Any
) -> dict[str, Any]:
    """A small editor document: ``pages`` coloured pages with a line of text each (Yoruba and
    ₦); ``fields`` are added to the document's top level."""
    return {
        "width": width,
        "height": height,
        "pages": [
            {
                "id": f"p{n}",
                "background": "#f4e3c1",
                "children": [text_element(f"t{n}", f"Ọjọ́ ìsinmi · page {n + 1} · ₦1,500", 60)],
            }
            for n in range(pages)
        ],
        **fields,
    }


def crowded_document(elements: int = 200, width: int = 1080, height: int = 1080) -> dict[str, Any]:
    """An editor document whose one page holds ``elements`` elements: texts and rectangles."""
    children: list[dict[str, Any]] = []
    for n in range(elements):
        if n % 2:
            children.append(text_element(f"t{n}", f"Line {n} · ₦{n * 100:,}", (n * 7) % height))
        else:
            children.append(
                {
                    "id": f"f{n}",
                    "type": "figure",
                    "subType": "rect",
                    "x": (n * 13) % width,
                    "y": (n * 11) % height,
                    "width": 40,
                    "height": 30,
                    "fill": "#3366cc",
                    "opacity": 0.8,
                }
            )
    return {
        "width": width,
        "height": height,
        "pages": [{"id": "p0", "background": "white", "children": children}],
    }


def make_design(**overrides: Any) -> Design:
    """A design at version 1 owned by ``u1``, created at :data:`EPOCH` with a
    :func:`make_document` document; any argument of ``new_design`` (``owner_id``, ``name``,
    ``document``, ``now``…) or field of ``Design`` (``scheduled_for``…) can be given."""
    document = overrides.pop("document", None) or check_document(make_document())
    values: dict[str, Any] = {
        "design_id": str(uuid.uuid4()),
        "owner_id": "u1",
        "name": "My flyer",
        "document": document,
        "source_template_id": None,
        "now": EPOCH,
    }
    extra = {k: overrides.pop(k) for k in list(overrides) if k not in values}
    values.update(overrides)
    design = new_design(**values)
    return attrs.evolve(design, **extra) if extra else design
