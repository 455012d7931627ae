"""The saved-design rules: names, documents, the new-design decision, versions, deleting."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from designcore.domain.designs import (
    DESIGN_CREDIT_COST,
    FREE_DESIGN_ALLOWANCE,
    MAX_NAME_LENGTH,
    UNDO_DELETE,
    DesignNotFound,
    NewDesignAllowed,
    ScheduleFilter,
    VersionConflict,
    blank_document,
    check_document,
    check_name,
    check_restorable,
    copy_name,
    decide_new_design,
    design_format,
    is_gone,
    parse_day,
    saved,
)
from designcore.domain.document import MAX_DOCUMENT_BYTES, LimitExceeded
from designcore.domain.errors import Conflict, NotAllowed, ValidationFailed
from designcore.domain.premium import Viewer
from designcore.domain.profiles import InsufficientCredits
from support import EPOCH, crowded, flyer, make_design, make_template

FREE = Viewer(user_id="u1")
PREMIUM = Viewer(user_id="u2", subscription_status="active", subscription_plan="premium")


class TestNames:
    def test_names_are_trimmed_and_spaces_collapsed(self) -> None:
        """Outer space goes, inner runs become one space."""
        assert "Sunday flyer" == check_name("  Sunday \n flyer ")

    @pytest.mark.parametrize("raw", ["", "   ", 5, None, "x" * (MAX_NAME_LENGTH + 1)])
    def test_bad_names_are_refused(self, raw: object) -> None:
        """Blank, non-string and too long names raise ValidationFailed on ``name``."""
        with pytest.raises(ValidationFailed) as raised:
            check_name(raw)
        assert "name" == raised.value.issues[0].path

    def test_the_length_is_counted_as_sent(self) -> None:
        """The limit holds for the name as sent (the API document states it so), even where
        collapsing its spaces would bring it under."""
        with pytest.raises(ValidationFailed):
            check_name("a  " * (MAX_NAME_LENGTH // 3 + 1))
        assert "a" * MAX_NAME_LENGTH == check_name("a" * MAX_NAME_LENGTH)

    def test_a_copy_name_never_exceeds_the_limit(self) -> None:
        """The duplicate's name ends in (copy) and fits."""
        name = copy_name("x" * MAX_NAME_LENGTH)
        assert name.endswith(" (copy)")
        assert MAX_NAME_LENGTH == len(name)


class TestDocuments:
    def test_a_document_is_migrated_to_the_current_schema(self) -> None:
        """A document without schemaVersion is stored at version 4, unknown keys kept."""
        stored = check_document(flyer(custom={"name": "x"}, futureKey=[1]))
        assert 4 == stored["schemaVersion"]
        assert [1] == stored["futureKey"]

    def test_too_many_elements_is_a_limit(self) -> None:
        """201 elements on a page is LimitExceeded under document.pages[0].children."""
        with pytest.raises(LimitExceeded) as raised:
            check_document(crowded(201))
        assert "document.pages[0].children" == raised.value.issues[0].path

    def test_two_hundred_elements_are_accepted(self) -> None:
        """The limit itself is allowed."""
        assert 200 == len(check_document(crowded(200))["pages"][0]["children"])

    def test_an_oversized_document_is_a_limit(self) -> None:
        """A document over 5 MB is LimitExceeded before it is read."""
        raw = flyer(custom={"blob": "x" * MAX_DOCUMENT_BYTES})
        with pytest.raises(LimitExceeded) as raised:
            check_document(raw)
        assert "bytes" in raised.value.message

    def test_bad_fields_name_their_path(self) -> None:
        """A wrong type deep inside is reported under document.<path>."""
        raw = flyer()
        raw["pages"][0]["children"][0]["fontSize"] = "big"
        with pytest.raises(ValidationFailed) as raised:
            check_document(raw)
        assert "document.pages[0].children[0].fontSize" == raised.value.issues[0].path

    @pytest.mark.parametrize("raw", [[], "doc", None, 3])
    def test_a_document_must_be_an_object(self, raw: object) -> None:
        """Anything but a JSON object is refused on ``document``."""
        with pytest.raises(ValidationFailed) as raised:
            check_document(raw)
        assert "document" == raised.value.issues[0].path

    def test_a_page_too_large_is_a_limit(self) -> None:
        """A page over 10,000 px on a side is refused."""
        with pytest.raises(LimitExceeded):
            check_document(flyer(width=20_000))

    def test_a_blank_document_is_valid(self) -> None:
        """blank_document makes a one-page document the model accepts unchanged."""
        blank = blank_document(1080, 1350)
        assert blank == check_document(blank)

    def test_whole_numbers_written_with_a_point_are_whole(self) -> None:
        """619.0 is the whole number 619 (JSON does not tell 619 and 619.0 apart)."""
        blank = blank_document(619.0, 861)
        assert (619, 861) == (blank["width"], blank["height"])
        assert isinstance(blank["width"], int)

    @pytest.mark.parametrize(
        ("width", "height"), [(0, 10), (10, 10_001), (1.5, 10), ("10", 10), (True, 10)]
    )
    def test_blank_sizes_are_checked(self, width: object, height: object) -> None:
        """Sides are whole numbers from 1 to 10,000, reported under blank.*."""
        with pytest.raises(ValidationFailed) as raised:
            blank_document(width, height)
        assert raised.value.issues[0].path.startswith("blank.")

    @pytest.mark.parametrize(
        ("size", "name"),
        [
            ((1080, 1080), "square"),
            ((1080, 1350), "portrait"),
            ((1080, 1920), "story"),
            ((2480, 3508), "a4_portrait"),
            ((1920, 1080), "landscape"),
            ((700, 300), "custom"),
        ],
    )
    def test_formats_are_named_from_the_ratio(self, size: tuple[int, int], name: str) -> None:
        """Known aspect ratios get their name, others are custom."""
        assert name == design_format(*size)


class TestNewDesignDecision:
    def test_free_users_get_the_allowance_free_then_pay_one_credit(self) -> None:
        """Below the allowance a design costs nothing; from then on one credit."""
        below = decide_new_design(
            viewer=FREE,
            premium_model_on=True,
            designs_owned=FREE_DESIGN_ALLOWANCE - 1,
            credit_balance=0,
        )
        beyond = decide_new_design(
            viewer=FREE,
            premium_model_on=True,
            designs_owned=FREE_DESIGN_ALLOWANCE,
            credit_balance=3,
        )
        assert NewDesignAllowed(0) == below
        assert NewDesignAllowed(DESIGN_CREDIT_COST) == beyond

    def test_beyond_the_allowance_without_credits_is_refused(self) -> None:
        """No credit left: InsufficientCredits, naming the allowance."""
        with pytest.raises(InsufficientCredits) as raised:
            decide_new_design(viewer=FREE, premium_model_on=True, designs_owned=9, credit_balance=0)
        assert f"keep {FREE_DESIGN_ALLOWANCE} designs" in raised.value.message

    @given(owned=st.integers(0, 10_000), balance=st.integers(0, 5))
    def test_premium_and_model_off_never_pay(self, owned: int, balance: int) -> None:
        """Premium subscribers, and everyone while the premium model is off, spend nothing."""
        for viewer, model_on in ((PREMIUM, True), (FREE, False)):
            decision = decide_new_design(
                viewer=viewer,
                premium_model_on=model_on,
                designs_owned=owned,
                credit_balance=balance,
            )
            assert NewDesignAllowed(0) == decision

    def test_a_premium_template_needs_an_upgrade(self) -> None:
        """A premium template for a free user while the model is on: upgrade_required."""
        template = make_template(template_type="Premium")
        with pytest.raises(NotAllowed) as raised:
            decide_new_design(
                viewer=FREE,
                premium_model_on=True,
                designs_owned=0,
                credit_balance=0,
                template=template,
                has_document=True,
            )
        assert "upgrade_required" == raised.value.code
        allowed = decide_new_design(
            viewer=FREE,
            premium_model_on=False,
            designs_owned=0,
            credit_balance=0,
            template=template,
            has_document=True,
        )
        assert NewDesignAllowed(0) == allowed

    def test_a_template_without_document_cannot_be_opened(self) -> None:
        """template_has_no_document, whoever asks."""
        with pytest.raises(Conflict) as raised:
            decide_new_design(
                viewer=PREMIUM,
                premium_model_on=True,
                designs_owned=0,
                credit_balance=0,
                template=make_template(),
                has_document=False,
            )
        assert "template_has_no_document" == raised.value.code

    def test_visitors_must_sign_in(self) -> None:
        """No user: sign_in_required."""
        with pytest.raises(NotAllowed) as raised:
            decide_new_design(
                viewer=Viewer(), premium_model_on=True, designs_owned=0, credit_balance=0
            )
        assert "sign_in_required" == raised.value.code


class TestSaving:
    def test_a_save_makes_the_next_version_and_drops_the_preview(self) -> None:
        """Version + 1, new size and format, preview cleared, updated_at moved."""
        design = make_design(preview_key="u1/previews/a.png")
        later = EPOCH + timedelta(minutes=3)
        after = saved(
            design,
            document=check_document(flyer(width=1080, height=1920)),
            expected_version=1,
            now=later,
            name="Story",
        )
        assert (2, "story", None, later, "Story") == (
            after.version,
            after.format,
            after.preview_key,
            after.updated_at,
            after.name,
        )

    def test_a_save_from_an_old_version_conflicts(self) -> None:
        """VersionConflict carries the stored version."""
        design = make_design(version=4)
        with pytest.raises(VersionConflict) as raised:
            saved(design, document=design.document, expected_version=3, now=EPOCH)
        assert (4, "version_conflict") == (raised.value.current_version, raised.value.code)


class TestDeleting:
    def test_restorable_for_thirty_seconds(self) -> None:
        """Deleted 29 s ago: restorable; 30 s: gone; never deleted: not_deleted."""
        design = make_design(deleted_at=EPOCH)
        check_restorable(design, EPOCH + UNDO_DELETE - timedelta(seconds=1))
        assert is_gone(design, EPOCH + UNDO_DELETE)
        with pytest.raises(DesignNotFound):
            check_restorable(design, EPOCH + UNDO_DELETE)
        with pytest.raises(Conflict) as raised:
            check_restorable(make_design(), EPOCH)
        assert "not_deleted" == raised.value.code


class TestSchedule:
    @pytest.mark.parametrize("raw", ["2026-13-01", "26-1-1", "2026/01/01", 20260101, None, ""])
    def test_bad_days_are_refused(self, raw: object) -> None:
        """Only YYYY-MM-DD days are read."""
        with pytest.raises(ValidationFailed):
            parse_day(raw, "from")

    def test_from_after_to_is_refused(self) -> None:
        """An empty range is a mistake, not an empty listing."""
        with pytest.raises(ValidationFailed):
            ScheduleFilter(date(2026, 2, 1), date(2026, 1, 1))

    @given(st.dates(), st.dates(), st.one_of(st.none(), st.dates()))
    def test_keeps_exactly_the_days_in_range(self, a: date, b: date, day: date | None) -> None:
        """A day passes if and only if it is scheduled and within both ends."""
        start, end = min(a, b), max(a, b)
        assert (day is not None and start <= day <= end) == ScheduleFilter(start, end).keeps(day)
