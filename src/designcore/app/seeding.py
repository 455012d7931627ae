"""Database preparation: migrations, default settings and the seed catalogue with previews."""

from __future__ import annotations

import logging
import uuid

import attrs

from designcore.adapters.sqlalchemy import migrate
from designcore.app.container import Container
from designcore.domain.creators import Creator
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


@attrs.frozen
class SeedCreator:
    """A studio the seed catalogue is attributed to."""

    username: str
    display_name: str
    bio: str
    categories: tuple[str, ...]
    """The seed categories it published (the first studio takes every other one)."""

    @property
    def id(self) -> str:
        """A fixed id, so seeding again finds the same creator."""
        return str(uuid.uuid5(uuid.NAMESPACE_URL, f"designcore:creator:{self.username}"))


SEED_CREATORS = (
    SeedCreator(
        "designcore",
        "designcore Studio",
        "The house studio: church programmes, new-month greetings and social media posts "
        "made for Nigerian audiences.",
        (),
    ),
    SeedCreator(
        "lagos-letters",
        "Lagos Letters",
        "Birthday and business flyers with bold type and warm colour, from Lagos.",
        ("Birthdays", "Business & Industries"),
    ),
    SeedCreator(
        "adire-lab",
        "Adire Lab",
        "Logos and brand marks drawn from West African pattern and lettering.",
        ("Logos",),
    ),
)
"""The seed catalogue's creators, so /creators is not empty on the embedded defaults."""


def _seed_creator_for(category: str) -> SeedCreator:
    return next((c for c in SEED_CREATORS if category in c.categories), SEED_CREATORS[0])


def seed_creators(container: Container, templates: tuple[Template, ...] | None = None) -> int:
    """Store the seed studios that are missing and attribute to them each seed template in
    the catalogue that has no creator yet (an operator's attribution is left alone); answer
    how many templates were attributed."""
    directory = container.creators_directory()
    now = container.clock().now()
    for seed_creator in SEED_CREATORS:
        if directory.by_username(seed_creator.username) is None:
            directory.add(
                Creator(
                    id=seed_creator.id,
                    user_id=None,
                    username=seed_creator.username,
                    display_name=seed_creator.display_name,
                    bio=seed_creator.bio,
                    created_at=now,
                    updated_at=now,
                )
            )
    catalogue = container.catalogue()
    attributed = 0
    for template in seeded_templates() if templates is None else templates:
        if directory.creator_of(template.id) is not None:
            continue
        try:
            catalogue.get_summary(template.id)
        except NotFound:
            continue
        directory.attribute(template.id, _seed_creator_for(template.category).id)
        attributed += 1
    return attributed


def migrate_database(container: Container) -> None:
    """Apply migrations when the database is a real one, then the data moves that go with
    them (screenshots of problem reports made when they were public become private)."""
    if container.settings().database.backend == "sqlalchemy":
        migrate(container.engine())
        moved = container.problem_reports().make_screenshots_private()
        if moved:
            log.info("moved %d problem-report screenshots to a private bucket", moved)


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
    templates = seeded_templates()
    for template in templates:
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
    seed_creators(container, templates)
    log.info("seeded %d templates", written)
    return written


def prepare(container: Container) -> None:
    """Migrate, then seed when the catalogue is empty."""
    migrate_database(container)
    if container.catalogue().count() == 0:
        seed(container)
    else:
        container.site_settings().ensure_defaults()
        if container.creators_directory().by_username(SEED_CREATORS[0].username) is None:
            # A catalogue seeded before creators existed: attribute its seed templates once.
            seed_creators(container)
