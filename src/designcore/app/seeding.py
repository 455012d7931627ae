"""Database preparation: migrations, default settings and the seed catalogue with previews."""

from __future__ import annotations

import logging

import attrs

from designcore.adapters.sqlalchemy import migrate
from designcore.app.container import Container
from designcore.domain.errors import NotFound
from designcore.domain.templates import Template

log = logging.getLogger(__name__)

PREVIEW_BUCKET = "template-previews"
PREVIEW_VARIANT = "width=800&resize=contain&format=avif"
"""How previews are shown: the stored PNG through the image-rendering path, as AVIF."""


def preview_url(template_id: str) -> str:
    """Where the preview of a seed template is served: its stored PNG rendered as an AVIF
    800 px wide (contained), cached on disk and immutable."""
    return f"/storage/v1/render/image/public/{PREVIEW_BUCKET}/{template_id}.png?{PREVIEW_VARIANT}"


def seeded_templates() -> tuple[Template, ...]:
    """The seed catalogue as it is stored: each template with its preview URL.

    The catalogue measures its texts with the renderer's fonts (skia, HarfBuzz), so it is
    imported here rather than with this module: ``designcore migrate`` needs neither.
    """
    from designcore.app.seed.catalogue import seed_templates

    return tuple(
        attrs.evolve(template, preview_url=preview_url(template.id))
        for template in seed_templates()
    )


def migrate_database(container: Container) -> None:
    """Apply migrations when the database is a real one."""
    if container.settings().database.backend == "sqlalchemy":
        migrate(container.engine())


def seed(container: Container, *, force: bool = False) -> int:
    """Store the seed catalogue and its previews; answer how many templates were written.

    Templates already present are left alone unless ``force`` is set, so seeding twice is
    harmless and never overwrites what an operator changed.
    """
    container.site_settings().ensure_defaults()
    catalogue = container.catalogue()
    storage = container.storage()
    renderer = container.preview_renderer()
    written = 0
    for template in seeded_templates():
        try:
            catalogue.get_summary(template.id)
            exists = True
        except NotFound:
            exists = False
        if exists and not force:
            continue
        if template.polotno_json is not None:
            image = renderer.render_png(template.polotno_json, width=800)
            storage.put(PREVIEW_BUCKET, f"{template.id}.png", image, "image/png")
        if exists:
            catalogue.replace(template)
        else:
            catalogue.add(template)
        written += 1
    log.info("seeded %d templates", written)
    return written


def prepare(container: Container) -> None:
    """Migrate, then seed when the catalogue is empty."""
    migrate_database(container)
    if container.catalogue().count() == 0:
        seed(container)
    else:
        container.site_settings().ensure_defaults()
