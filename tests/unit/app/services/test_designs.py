"""A member's designs, called on the service directly: making them (from a template, blank,
as a copy) within the free allowance or for credits, saving versions, renaming and
scheduling, deleting with undo, and nobody reaching another member's designs."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, timedelta

import pytest

from designcore.adapters.memory import FixedClock
from designcore.app import Container
from designcore.app.services.auth import IssuedSession
from designcore.app.services.designs import Blank, DesignService
from designcore.domain.designs import (
    DEFAULT_NAME,
    FREE_DESIGN_ALLOWANCE,
    UNDO_DELETE,
    DesignNotFound,
    VersionConflict,
)
from designcore.domain.errors import Conflict, NotAllowed, ValidationFailed
from designcore.domain.pagination import PageRequest
from designcore.domain.premium import PREMIUM_BUSINESS_MODEL_KEY, Viewer
from designcore.domain.profiles import InsufficientCredits
from designcore.domain.templates import Template
from designcore.testing.builders import make_document, make_template

BLANK = Blank(width=1080, height=1080)


@pytest.fixture(name="designs")
def fixture_designs(memory_container: Container) -> DesignService:
    """The design service of the in-memory container."""
    service: DesignService = memory_container.designs()
    return service


@pytest.fixture(name="member")
def fixture_member(ada: IssuedSession) -> Viewer:
    """A free member with an account (ada@example.com)."""
    return Viewer(user_id=ada.user.id)


def stocked(container: Container, **fields: object) -> Template:
    template = make_template(polotno_json=make_document(), **fields)
    container.catalogue().add(template)
    return template


def balance(container: Container, user_id: str) -> int:
    with container.accounts()() as uow:
        return uow.credits.balance(user_id)


class TestCreating:
    def test_from_a_template_it_takes_the_templates_document_and_name(
        self, designs: DesignService, memory_container: Container, member: Viewer
    ) -> None:
        """A design from a template starts at version 1 with the template's document, name
        and id as its source."""
        template = stocked(memory_container)
        design = designs.create(member, template_id=template.id)
        assert (1, template.name, template.id) == (
            design.version,
            design.name,
            design.source_template_id,
        )
        assert template.polotno_json is not None
        assert [p["children"] for p in template.polotno_json["pages"]] == [
            p["children"] for p in design.document["pages"]
        ]

    def test_a_blank_design_has_the_size_asked_for(
        self, designs: DesignService, member: Viewer
    ) -> None:
        """A blank design is one empty page of the given size, named by default."""
        design = designs.create(member, blank=BLANK)
        assert (DEFAULT_NAME, 1080, 1080, None) == (
            design.name,
            design.document["width"],
            design.document["height"],
            design.source_template_id,
        )

    def test_exactly_one_source(self, designs: DesignService, member: Viewer) -> None:
        """Neither a template nor a blank size, or both, is a validation failure."""
        with pytest.raises(ValidationFailed):
            designs.create(member)
        with pytest.raises(ValidationFailed):
            designs.create(member, template_id="t", blank=BLANK)

    def test_the_customise_decision_comes_first(
        self, designs: DesignService, memory_container: Container, member: Viewer
    ) -> None:
        """A visitor must sign in; a premium template needs premium; a template without a
        document cannot be opened."""
        premium = stocked(memory_container, template_type="premium")
        empty = make_template(polotno_json={})
        memory_container.catalogue().add(empty)
        with pytest.raises(NotAllowed) as visitor:
            designs.create(Viewer(), blank=BLANK)
        with pytest.raises(NotAllowed) as upgrade:
            designs.create(member, template_id=premium.id)
        with pytest.raises(Conflict) as no_document:
            designs.create(member, template_id=empty.id)
        assert ("sign_in_required", "upgrade_required", "template_has_no_document") == (
            visitor.value.code,
            upgrade.value.code,
            no_document.value.code,
        )
        assert 0 == designs.listing(member, PageRequest(1, 10)).total_count


class TestAllowance:
    def test_a_free_member_keeps_five_then_needs_credits(
        self, designs: DesignService, member: Viewer
    ) -> None:
        """Five designs are free; without credits the sixth is insufficient_credits and the
        reason names the allowance."""
        for _ in range(FREE_DESIGN_ALLOWANCE):
            designs.create(member, blank=BLANK)
        with pytest.raises(InsufficientCredits) as refused:
            designs.create(member, blank=BLANK)
        assert "free accounts keep 5 designs" in refused.value.message
        assert 5 == designs.listing(member, PageRequest(1, 10)).total_count

    def test_beyond_the_allowance_each_design_costs_a_credit(
        self,
        designs: DesignService,
        memory_container: Container,
        ada: IssuedSession,
        sign_up: Callable[..., IssuedSession],
    ) -> None:
        """With 10 credits from a referral, the sixth design and a copy each spend one."""
        with memory_container.accounts()() as uow:
            code = uow.profiles.get(ada.user.id).referral_code
        sign_up("bola@example.com", referral_code=code)
        member = Viewer(user_id=ada.user.id)
        made = [designs.create(member, blank=BLANK) for _ in range(FREE_DESIGN_ALLOWANCE + 1)]
        designs.duplicate(member, made[0].id)
        assert 8 == balance(memory_container, ada.user.id)

    def test_premium_members_and_a_switched_off_model_have_no_allowance(
        self,
        designs: DesignService,
        memory_container: Container,
        sign_up: Callable[..., IssuedSession],
    ) -> None:
        """A premium member makes a sixth design free; with the premium model off so does a
        free member."""
        premium = Viewer(
            user_id=sign_up("pat@example.com").user.id,
            subscription_status="active",
            subscription_plan="premium",
        )
        free = Viewer(user_id=sign_up("fola@example.com").user.id)
        for _ in range(FREE_DESIGN_ALLOWANCE + 1):
            designs.create(premium, blank=BLANK)
        memory_container.site_settings().set(PREMIUM_BUSINESS_MODEL_KEY, False, by=None)
        for _ in range(FREE_DESIGN_ALLOWANCE + 1):
            designs.create(free, blank=BLANK)
        assert (6, 6) == tuple(
            designs.listing(v, PageRequest(1, 10)).total_count for v in (premium, free)
        )

    def test_a_deleted_design_frees_its_place_once_it_cannot_come_back(
        self, designs: DesignService, member: Viewer, clock: FixedClock
    ) -> None:
        """A deleted design still counts while it can be restored; after the undo window a
        new design is free again."""
        made = [designs.create(member, blank=BLANK) for _ in range(FREE_DESIGN_ALLOWANCE)]
        designs.delete(member, made[0].id)
        with pytest.raises(InsufficientCredits):
            designs.create(member, blank=BLANK)
        clock.advance(UNDO_DELETE)
        assert 1 == designs.create(member, blank=BLANK).version


class TestSaving:
    def test_each_save_is_a_new_version_and_old_ones_are_kept(
        self, designs: DesignService, member: Viewer
    ) -> None:
        """Saving from the current version adds one; the kept versions list newest first and
        an old one can be restored as a new version."""
        design = designs.create(member, blank=BLANK)
        second = designs.save(member, design.id, document=make_document(2), expected_version=1)
        assert 2 == second.version
        assert [2, 1] == [v.version for v in designs.versions(member, design.id)][:2]
        restored = designs.restore_version(member, design.id, 1)
        assert (3, 1) == (restored.version, len(restored.document["pages"]))

    def test_a_save_from_an_old_version_is_refused_with_the_current_one(
        self, designs: DesignService, member: Viewer
    ) -> None:
        """A save made from version 1 after version 2 is version_conflict naming version 2,
        and the stored document stays."""
        design = designs.create(member, blank=BLANK)
        designs.save(member, design.id, document=make_document(2), expected_version=1)
        with pytest.raises(VersionConflict) as refused:
            designs.save(member, design.id, document=make_document(3), expected_version=1)
        assert 2 == refused.value.current_version
        assert 2 == len(designs.get(member, design.id).document["pages"])

    def test_a_document_the_editor_cannot_hold_is_refused(
        self, designs: DesignService, member: Viewer
    ) -> None:
        """A document that is not an editor document is a validation failure."""
        design = designs.create(member, blank=BLANK)
        with pytest.raises(ValidationFailed):
            designs.save(member, design.id, document={"pages": "many"}, expected_version=1)
        assert 1 == designs.get(member, design.id).version


class TestChanging:
    def test_renaming_moves_it_first_and_scheduling_does_not(
        self, designs: DesignService, member: Viewer, clock: FixedClock
    ) -> None:
        """A rename is an edit (newest first in the listing); a day on the calendar alone
        keeps the order and the version."""
        first = designs.create(member, blank=BLANK, name="First")
        clock.advance(timedelta(minutes=1))
        second = designs.create(member, blank=BLANK, name="Second")
        clock.advance(timedelta(minutes=1))
        designs.change(member, second.id, scheduled_for=date(2026, 10, 1))
        names = [d.name for d in designs.listing(member, PageRequest(1, 10)).items]
        assert ["Second", "First"] == names
        designs.change(member, first.id, name="  First,   renamed ")
        names = [d.name for d in designs.listing(member, PageRequest(1, 10)).items]
        assert ["First, renamed", "Second"] == names
        scheduled = designs.get(member, second.id)
        assert (date(2026, 10, 1), 1) == (scheduled.scheduled_for, scheduled.version)

    def test_a_blank_name_is_refused(self, designs: DesignService, member: Viewer) -> None:
        """A name of spaces only is a validation failure on name."""
        design = designs.create(member, blank=BLANK)
        with pytest.raises(ValidationFailed) as refused:
            designs.change(member, design.id, name="   ")
        assert ["name"] == [issue.path for issue in refused.value.issues]

    def test_a_copy_is_named_as_one_and_keeps_the_day(
        self, designs: DesignService, member: Viewer
    ) -> None:
        """A duplicate is a new design called "… (copy)" with the original's document and
        day."""
        design = designs.create(member, blank=BLANK, name="Flyer")
        designs.change(member, design.id, scheduled_for=date(2026, 12, 25))
        copy = designs.duplicate(member, design.id)
        assert ("Flyer (copy)", date(2026, 12, 25), 1) == (
            copy.name,
            copy.scheduled_for,
            copy.version,
        )
        assert copy.id != design.id


class TestDeleting:
    def test_a_delete_can_be_undone_within_the_window(
        self, designs: DesignService, member: Viewer, clock: FixedClock
    ) -> None:
        """A deleted design is gone from reads, restorable within the undo window, and
        restoring a live design is not_deleted."""
        design = designs.create(member, blank=BLANK)
        designs.delete(member, design.id)
        with pytest.raises(DesignNotFound):
            designs.get(member, design.id)
        clock.advance(UNDO_DELETE - timedelta(seconds=1))
        assert design.id == designs.restore(member, design.id).id
        with pytest.raises(Conflict) as live:
            designs.restore(member, design.id)
        assert "not_deleted" == live.value.code

    def test_after_the_window_it_is_gone_and_purged(
        self, designs: DesignService, member: Viewer, clock: FixedClock
    ) -> None:
        """Past the undo window a restore is design_not_found and purge removes it."""
        design = designs.create(member, blank=BLANK)
        designs.delete(member, design.id)
        clock.advance(UNDO_DELETE)
        with pytest.raises(DesignNotFound):
            designs.restore(member, design.id)
        assert 1 == designs.purge()


class TestOwnership:
    def test_nobody_reaches_another_members_design(
        self, designs: DesignService, member: Viewer, sign_up: Callable[..., IssuedSession]
    ) -> None:
        """Reading, saving, renaming, copying and deleting someone else's design are all
        design_not_found, and their listing is empty."""
        design = designs.create(member, blank=BLANK)
        other = Viewer(user_id=sign_up("bola@example.com").user.id)
        calls = [
            lambda: designs.get(other, design.id),
            lambda: designs.save(other, design.id, document=make_document(), expected_version=1),
            lambda: designs.change(other, design.id, name="Mine now"),
            lambda: designs.duplicate(other, design.id),
            lambda: designs.delete(other, design.id),
        ]
        for call in calls:
            with pytest.raises(DesignNotFound):
                call()
        assert 0 == designs.listing(other, PageRequest(1, 10)).total_count
        assert (1, design.name) == (
            designs.get(member, design.id).version,
            designs.get(member, design.id).name,
        )

    def test_a_visitor_has_no_designs(self, designs: DesignService) -> None:
        """Listing as a visitor is sign_in_required."""
        with pytest.raises(NotAllowed) as refused:
            designs.listing(Viewer(), PageRequest(1, 10))
        assert "sign_in_required" == refused.value.code
