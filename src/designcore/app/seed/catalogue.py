"""The seed template catalogue: original starter templates for Nigerian creators and businesses.

:func:`seed_templates` reads the copy (:mod:`designcore.app.seed.copy`), draws each template
with its layout (:mod:`designcore.app.seed.layouts`), palette and type pairing
(:mod:`designcore.app.seed.palettes`) and answers domain :class:`Template` objects: a Polotno
document validated by the document model, the field requirements of its editable texts and
photo slots, and the copy. Preview URLs are the seeder's (:mod:`designcore.app.seeding`).

The result is deterministic: no clock, and the only randomness is seeded with fixed values
(confetti positions and the created-at order).
"""

from __future__ import annotations

import copy
import functools
import random
import uuid
from collections import Counter
from collections.abc import Mapping
from datetime import UTC, datetime, timedelta
from importlib.resources.abc import Traversable

import attrs

from designcore.app.seed.canvas import Canvas, LayoutError
from designcore.app.seed.copy import (
    CATEGORY_FILES,
    DATA,
    FIELDS_FILE,
    CategoryCopy,
    FieldCopy,
    SeedDataError,
    TemplateCopy,
    load_category,
    load_fields,
    read,
)
from designcore.app.seed.layouts import LAYOUTS
from designcore.app.seed.measure import TextMeasurer
from designcore.app.seed.palettes import PALETTES, TYPE_PAIRINGS
from designcore.domain.templates import HOME_CATEGORIES, PREMIUM_TYPE, Template

SEED_NAMESPACE = uuid.UUID("5d0c8a3e-6f1b-5b7e-9a44-2c1e7f3d9b10")
"""Namespace for the templates' uuid5 ids (the name is the template's slug)."""

SEED_EPOCH = datetime(2026, 11, 1, 9, 0, tzinfo=UTC)
"""The instant the newest seed template was created; older ones are offset before it."""

MAIN_CATEGORIES: tuple[str, ...] = HOME_CATEGORIES
"""The categories of the home screen rows."""

LOGO_CATEGORY = "Logos"
"""The category of the logo maker's starter logos."""

ORDER_SEED = 20261102
"""Seeds the shuffle that gives each template its creation time."""


@attrs.frozen
class SeedCopy:
    """Every copy file, read and checked."""

    fields: Mapping[str, FieldCopy]
    """The field labels of ``fields.json``."""
    categories: tuple[tuple[str, CategoryCopy], ...]
    """Each category file's name and content, in catalogue order."""


def load_copy(directory: Traversable = DATA) -> SeedCopy:
    """The copy files of ``directory``, structured and checked.

    Raises :class:`~designcore.app.seed.copy.SeedDataError` naming the first wrong file and
    every problem in it, or a file and template when a slug or name is used twice.
    """
    fields = load_fields(read(FIELDS_FILE, directory), FIELDS_FILE)
    categories = tuple(
        (
            name,
            load_category(
                read(name, directory),
                name,
                fields=fields,
                layouts=LAYOUTS,
                palettes=PALETTES,
                pairings=TYPE_PAIRINGS,
            ),
        )
        for name in CATEGORY_FILES
    )
    for attribute in ("slug", "name"):
        seen = Counter(getattr(t, attribute) for _, each in categories for t in each.templates)
        for name, category in categories:
            for index, template in enumerate(category.templates):
                if seen[getattr(template, attribute)] > 1:
                    raise SeedDataError(
                        name, [f"{attribute} used twice @ $.templates[{index}].{attribute}"]
                    )
    return SeedCopy(fields=fields, categories=categories)


def seed_templates() -> tuple[Template, ...]:
    """Every seed template of the bundled copy: the same on every call, and no call shares
    state with another (each gets its own documents).

    The catalogue is built once per process (see :func:`build_templates`)."""
    return tuple(
        attrs.evolve(template, polotno_json=copy.deepcopy(template.polotno_json))
        for template in _bundled()
    )


@functools.cache
def _bundled() -> tuple[Template, ...]:
    return build_templates(DATA)


def build_templates(directory: Traversable) -> tuple[Template, ...]:
    """Every template of the copy files in ``directory``, built afresh.

    Creation times come from a fixed-seed shuffle, so each category's newest-first row mixes
    its sub-categories instead of following the files' order. Raises
    :class:`~designcore.app.seed.copy.SeedDataError` when the copy is wrong or a layout cannot
    place a template's texts (the message names the file and the template).
    """
    texts = load_copy(directory)
    entries = [
        (name, category.category, index, template)
        for name, category in texts.categories
        for index, template in enumerate(category.templates)
    ]
    ranks = list(range(len(entries)))
    random.Random(ORDER_SEED).shuffle(ranks)
    measurer = TextMeasurer()
    return tuple(
        _build(
            template,
            category=category,
            created_at=SEED_EPOCH - timedelta(minutes=rank * 47 + 13),
            fields=texts.fields,
            measurer=measurer,
            where=(name, index),
        )
        for (name, category, index, template), rank in zip(entries, ranks, strict=True)
    )


def _build(
    copy: TemplateCopy,
    *,
    category: str,
    created_at: datetime,
    fields: Mapping[str, FieldCopy],
    measurer: TextMeasurer,
    where: tuple[str, int],
) -> Template:
    file, index = where
    canvas = Canvas(
        copy.slug,
        copy.format,
        palette=PALETTES[copy.palette],
        fonts=TYPE_PAIRINGS[copy.fonts],
        texts=copy.texts,
        fields=fields,
        measurer=measurer,
    )
    try:
        LAYOUTS[copy.layout](canvas)
    except LayoutError as error:
        raise SeedDataError(file, [f"{error} @ $.templates[{index}]"]) from error
    unused = sorted(set(copy.texts) - canvas.used_keys)
    if unused:
        raise SeedDataError(
            file,
            [f"layout {copy.layout} does not place {unused} @ $.templates[{index}].texts"],
        )
    return Template(
        id=str(uuid.uuid5(SEED_NAMESPACE, copy.slug)),
        name=copy.name,
        category=category,
        sub_category=copy.sub_category,
        template_type=PREMIUM_TYPE if copy.premium else "free",
        description=copy.description,
        tags=copy.tags,
        semantic_keywords=copy.semantic_keywords,
        design_intent=copy.design_intent,
        created_at=created_at,
        updated_at=created_at,
        polotno_json=canvas.document(),
        field_requirements=canvas.requirements,
    )
