"""The calendar, called on the service directly: which month "now" is in the user's zone,
the occasions of a month, how many templates each finds, and what it refuses."""

from __future__ import annotations

from datetime import date

import pytest

from designcore.app import Container
from designcore.app.services.calendar import CalendarService
from designcore.domain.errors import ValidationFailed
from designcore.testing.builders import make_template


@pytest.fixture(name="calendar")
def fixture_calendar(memory_container: Container) -> CalendarService:
    """The calendar service of the in-memory container (its clock: 2026-01-01 00:00 UTC)."""
    service: CalendarService = memory_container.calendar()
    return service


class TestWhichMonth:
    def test_without_a_month_it_is_todays_in_lagos(self, calendar: CalendarService) -> None:
        """With no year, month or zone the month is today's in Africa/Lagos (already 1 January
        2026 there at midnight UTC)."""
        view = calendar.month(None, None, None).view
        assert (2026, 1, date(2026, 1, 1)) == (view.year, view.month, view.today)

    def test_today_is_the_users_today(self, calendar: CalendarService) -> None:
        """In New York midnight UTC on 1 January is still 31 December 2025."""
        view = calendar.month(None, None, "America/New_York").view
        assert (2025, 12, date(2025, 12, 31)) == (view.year, view.month, view.today)

    def test_the_grid_is_whole_weeks_from_monday(self, calendar: CalendarService) -> None:
        """February 2026 (starting on a Sunday) is shown in whole Monday-first weeks that
        cover every day of it."""
        weeks = calendar.month(2026, 2, None).view.weeks
        days = [day for week in weeks for day in week]
        assert {7} == {len(week) for week in weeks}
        assert (date(2026, 1, 26), 0) == (days[0], days[0].weekday())
        assert {date(2026, 2, n) for n in range(1, 29)} <= set(days)


class TestOccasions:
    def test_each_occasion_counts_the_templates_its_search_finds(
        self, calendar: CalendarService, memory_container: Container
    ) -> None:
        """Independence Day (1 October) counts the templates the search "independence" finds;
        an occasion nothing matches counts 0."""
        catalogue = memory_container.catalogue()
        for n in range(2):
            catalogue.add(make_template(name=f"Independence Day flyer {n}", tags=("independence",)))
        catalogue.add(make_template(name="Sunday service"))
        month = calendar.month(2026, 10, None)
        counts = {s.occasion.name: s.template_count for s in month.occasions}
        assert 2 == counts["Independence Day"]
        independence = next(s for s in month.occasions if s.occasion.name == "Independence Day")
        assert (date(2026, 10, 1), "independence") == (
            independence.occasion.day,
            independence.occasion.search,
        )
        assert [s.occasion.day for s in month.occasions] == sorted(
            s.occasion.day for s in month.occasions
        )

    def test_easter_moves_with_the_year(self, calendar: CalendarService) -> None:
        """Easter Sunday is 5 April in 2026 and 28 March in 2027."""
        easter = {
            year: [
                s.occasion.day
                for s in calendar.month(year, month, None).occasions
                if s.occasion.name == "Easter Sunday"
            ]
            for year, month in ((2026, 4), (2027, 3))
        }
        assert {2026: [date(2026, 4, 5)], 2027: [date(2027, 3, 28)]} == easter


class TestRefusals:
    @pytest.mark.parametrize("zone", ["Mars/Olympus_Mons", "../../etc/passwd", "x" * 65])
    def test_a_zone_that_is_not_one_is_refused(self, calendar: CalendarService, zone: str) -> None:
        """A name that is not an IANA zone is a validation failure on tz."""
        with pytest.raises(ValidationFailed) as refused:
            calendar.month(2026, 1, zone)
        assert ["tz"] == [issue.path for issue in refused.value.issues]

    def test_a_bad_year_and_month_are_both_named(self, calendar: CalendarService) -> None:
        """Year 1800 and month 13 are reported together."""
        with pytest.raises(ValidationFailed) as refused:
            calendar.month(1800, 13, None)
        assert ["year", "month"] == [issue.path for issue in refused.value.issues]
