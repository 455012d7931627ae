"""Contract of CreatorDirectory (with the catalogue it reads): memory, SQLite and PostgreSQL
alike."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import attrs
import pytest
import sqlalchemy as sa

from designcore.adapters.memory import InMemoryTemplateCatalogue
from designcore.adapters.memory.creators import InMemoryCreatorDirectory
from designcore.adapters.sqlalchemy import SqlAlchemyTemplateCatalogue
from designcore.adapters.sqlalchemy.creators import SqlAlchemyCreatorDirectory
from designcore.domain.creators import Creator
from designcore.domain.errors import Conflict, NotFound
from designcore.domain.pagination import PageRequest
from designcore.ports.catalogue import TemplateCatalogue
from designcore.ports.creators import CreatorDirectory
from support import EPOCH, make_template

IMPLEMENTATIONS = ["memory", "sqlite", pytest.param("postgresql", marks=pytest.mark.postgresql)]

Stores = tuple[CreatorDirectory, TemplateCatalogue]


@pytest.fixture(name="stores", params=IMPLEMENTATIONS)
def fixture_stores(request: pytest.FixtureRequest) -> Iterator[Stores]:
    """Every implementation of the creator directory, with the catalogue it reads."""
    if request.param == "memory":
        catalogue = InMemoryTemplateCatalogue()
        yield InMemoryCreatorDirectory(catalogue), catalogue
        return
    engine: sa.Engine = request.getfixturevalue(f"{request.param}_engine")
    yield SqlAlchemyCreatorDirectory(engine), SqlAlchemyTemplateCatalogue(engine)


def make_creator(**overrides: Any) -> Creator:
    fields: dict[str, Any] = {
        "id": str(uuid.uuid4()),
        "user_id": str(uuid.uuid4()),
        "username": f"maker_{uuid.uuid4().hex[:8]}",
        "display_name": "Kemi Designs",
        "avatar_url": "https://images.example/kemi.png",
        "bio": "Flyers for every Sunday.",
        "created_at": EPOCH,
        "updated_at": EPOCH,
        **overrides,
    }
    return Creator(**fields)


class TestProfiles:
    def test_round_trip_and_lookups(self, stores: Stores) -> None:
        """A stored creator comes back equal by username (any case) and by user."""
        directory, _ = stores
        creator = make_creator(username="Kemi-Designs", bio="ünïcode ✓")
        directory.add(creator)
        assert creator == directory.by_username("kemi-designs")
        assert creator == directory.by_username("KEMI-DESIGNS")
        assert creator == directory.by_user(creator.user_id or "")
        assert directory.by_username("nobody") is None
        assert directory.by_user("nobody") is None

    def test_usernames_are_unique_regardless_of_case(self, stores: Stores) -> None:
        """A second creator with the same username in another case is username_taken; so is
        renaming to it; one user has one profile."""
        directory, _ = stores
        first = make_creator(username="adire")
        directory.add(first)
        with pytest.raises(Conflict) as taken:
            directory.add(make_creator(username="ADIRE"))
        assert "username_taken" == taken.value.code
        other = make_creator(username="other")
        directory.add(other)
        with pytest.raises(Conflict) as renamed:
            directory.update(attrs.evolve(other, username="Adire"))
        assert "username_taken" == renamed.value.code
        with pytest.raises(Conflict) as twice:
            directory.add(make_creator(user_id=first.user_id, username="second"))
        assert "creator_exists" == twice.value.code
        assert other == directory.by_username("other")

    def test_update_overwrites_and_unknown_is_not_found(self, stores: Stores) -> None:
        """update stores new fields (own username in another case is fine); an unknown id is
        NotFound."""
        directory, _ = stores
        creator = make_creator(username="kemi")
        directory.add(creator)
        changed = attrs.evolve(
            creator, username="Kemi", display_name="Kemi", avatar_url=None, bio=""
        )
        directory.update(changed)
        assert changed == directory.by_username("kemi")
        with pytest.raises(NotFound):
            directory.update(make_creator())


class TestTemplates:
    def test_attribution_listing_and_counts(self, stores: Stores) -> None:
        """Creators with templates are listed, most templates first, with their counts; a
        creator's templates page newest first; creators without templates are not listed."""
        directory, catalogue = stores
        busy, quiet, idle = (make_creator(username=n) for n in ("busy", "quiet", "idle"))
        for creator in (busy, quiet, idle):
            directory.add(creator)
        made = [make_template(created_at=EPOCH + timedelta(minutes=n)) for n in range(4)]
        for template in made:
            catalogue.add(template)
        for template in made[:3]:
            directory.attribute(template.id, busy.id)
        directory.attribute(made[3].id, quiet.id)
        listed = directory.published(PageRequest(1, 10))
        assert [("busy", 3), ("quiet", 1)] == [
            (x.creator.username, x.template_count) for x in listed.items
        ]
        assert 2 == listed.total_count
        first = directory.templates(busy.id, PageRequest(1, 2))
        second = directory.templates(busy.id, PageRequest(2, 2))
        assert [made[2].id, made[1].id] == [t.id for t in first.items]
        assert [made[0].id] == [t.id for t in second.items]
        assert (3, True) == (first.total_count, first.has_more)
        assert made[0].summary() == second.items[0]
        assert 0 == directory.templates(idle.id, PageRequest(1, 10)).total_count
        assert busy == directory.creator_of(made[0].id)

    def test_reattribution_and_unknown_creator(self, stores: Stores) -> None:
        """Attributing again moves the template; an unknown creator is NotFound; a template
        the catalogue lacks counts for nothing."""
        directory, catalogue = stores
        one, two = make_creator(username="one"), make_creator(username="two")
        directory.add(one)
        directory.add(two)
        template = make_template()
        catalogue.add(template)
        directory.attribute(template.id, one.id)
        directory.attribute(template.id, two.id)
        directory.attribute(str(uuid.uuid4()), one.id)
        assert two == directory.creator_of(template.id)
        assert [("two", 1)] == [
            (x.creator.username, x.template_count)
            for x in directory.published(PageRequest(1, 10)).items
        ]
        with pytest.raises(NotFound):
            directory.attribute(template.id, str(uuid.uuid4()))
        assert directory.creator_of(str(uuid.uuid4())) is None

    def test_listing_pages(self, stores: Stores) -> None:
        """Creators with equal counts are by username; pages cut without overlap."""
        directory, catalogue = stores
        names = ["cc", "Aa", "bb"]
        for name in names:
            creator = make_creator(username=name)
            directory.add(creator)
            template = make_template()
            catalogue.add(template)
            directory.attribute(template.id, creator.id)
        first = directory.published(PageRequest(1, 2))
        second = directory.published(PageRequest(2, 2))
        assert ["Aa", "bb"] == [x.creator.username for x in first.items]
        assert ["cc"] == [x.creator.username for x in second.items]
        assert (3, 2) == (first.total_count, first.total_pages)
