"""Creators, called on the service directly: the directory of creators with templates, a
creator's page and templates, and each member's own profile."""

from __future__ import annotations

from datetime import timedelta

import pytest

from designcore.adapters.memory import FixedClock
from designcore.app import Container
from designcore.app.services.creators import CreatorService
from designcore.domain.errors import Conflict, NotAllowed, NotFound, ValidationFailed
from designcore.domain.pagination import PageRequest
from designcore.domain.premium import Viewer
from support import CREATOR_PROFILE as PROFILE
from support import studio

KEMI = Viewer(user_id="u-kemi")


@pytest.fixture(name="creators")
def fixture_creators(memory_container: Container) -> CreatorService:
    """The creator service of the in-memory container."""
    service: CreatorService = memory_container.creators()
    return service


class TestDirectory:
    def test_only_creators_with_templates_most_first(
        self, creators: CreatorService, memory_container: Container
    ) -> None:
        """The listing leaves out creators without templates and puts the busiest first,
        with their counts, a page at a time."""
        studio(memory_container, "adire-lab", 1)
        studio(memory_container, "designcore", 3)
        studio(memory_container, "empty", 0)
        page = creators.listing(PageRequest(1, 1))
        assert [("designcore", 3)] == [(c.creator.username, c.template_count) for c in page.items]
        assert (2, True) == (page.total_count, page.has_more)

    def test_a_creators_page_ignores_case_and_lists_newest_first(
        self, creators: CreatorService, memory_container: Container
    ) -> None:
        """A profile is found by username in any case; its templates come newest first and
        its count is what it published."""
        made = studio(memory_container, "adire-lab", 3)
        assert made.id == creators.profile("ADIRE-Lab").id
        names = [t.name for t in creators.templates("adire-lab", PageRequest(1, 10)).items]
        assert ["adire-lab 2", "adire-lab 1", "adire-lab 0"] == names
        assert 3 == creators.template_count(made)

    def test_an_unknown_creator_is_not_found(self, creators: CreatorService) -> None:
        """A username nobody has is creator_not_found, for the profile and its templates."""
        with pytest.raises(NotFound) as profile:
            creators.profile("nobody")
        with pytest.raises(NotFound) as templates:
            creators.templates("nobody", PageRequest(1, 10))
        assert {"creator_not_found"} == {profile.value.code, templates.value.code}


class TestOwnProfile:
    def test_first_save_creates_and_the_next_updates(
        self, creators: CreatorService, clock: FixedClock
    ) -> None:
        """Saving creates the caller's profile (created: True), saving again updates the same
        profile (created: False) and moves updated_at only."""
        created, is_new = creators.save_mine(KEMI, **PROFILE)
        clock.advance(timedelta(days=1))
        updated, again = creators.save_mine(KEMI, **{**PROFILE, "bio": "Now weddings too."})
        assert (True, False) == (is_new, again)
        assert (created.id, created.created_at, clock.now()) == (
            updated.id,
            updated.created_at,
            updated.updated_at,
        )
        assert ("u-kemi", "Now weddings too.") == (updated.user_id, creators.mine(KEMI).bio)

    def test_a_username_is_taken_in_any_case(
        self, creators: CreatorService, memory_container: Container
    ) -> None:
        """Another creator's username, in another case, is username_taken; one's own may be
        saved again with another case."""
        studio(memory_container, "adire-lab", 0)
        with pytest.raises(Conflict) as taken:
            creators.save_mine(KEMI, **{**PROFILE, "username": "Adire-Lab"})
        assert "username_taken" == taken.value.code
        creators.save_mine(KEMI, **PROFILE)
        recased, _ = creators.save_mine(KEMI, **{**PROFILE, "username": "kemi_designs"})
        assert "kemi_designs" == recased.username

    def test_every_bad_field_is_named(self, creators: CreatorService) -> None:
        """A short username, an empty display name, a javascript: avatar and a long bio are
        reported together and nothing is saved."""
        with pytest.raises(ValidationFailed) as refused:
            creators.save_mine(
                KEMI,
                username="k!",
                display_name="",
                avatar_url="javascript:alert(1)",
                bio="x" * 501,
            )
        assert {"username", "display_name", "avatar_url", "bio"} == {
            issue.path for issue in refused.value.issues
        }
        with pytest.raises(NotFound):
            creators.mine(KEMI)

    def test_visitors_have_no_profile(self, creators: CreatorService) -> None:
        """A visitor reading or saving their own profile is sign_in_required; a member
        without one is creator_not_found."""
        codes = set()
        with pytest.raises(NotAllowed) as read:
            creators.mine(Viewer())
        with pytest.raises(NotAllowed) as saved:
            creators.save_mine(Viewer(), **PROFILE)
        codes |= {read.value.code, saved.value.code}
        assert {"sign_in_required"} == codes
        with pytest.raises(NotFound) as missing:
            creators.mine(KEMI)
        assert "creator_not_found" == missing.value.code
