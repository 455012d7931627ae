"""The calendar rules: time zones, today, the month grid, and the Nigerian occasions."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from itertools import pairwise
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given
from hypothesis import strategies as st

from designcore.domain.calendar import (
    DEFAULT_TIME_ZONE,
    EID_DATES,
    MAX_YEAR,
    MIN_YEAR,
    OccasionKind,
    check_year_month,
    easter_sunday,
    estimated_eids,
    month_view,
    month_weeks,
    occasions_between,
    occasions_of_year,
    tabular_islamic_date,
    time_zone,
    today_in,
)
from designcore.domain.errors import ValidationFailed

LAGOS = ZoneInfo("Africa/Lagos")
years = st.integers(MIN_YEAR, MAX_YEAR)
months = st.integers(1, 12)


def named(year: int, name: str) -> list[date]:
    return [o.day for o in occasions_of_year(year) if o.name == name]


class TestTimeZone:
    def test_missing_or_blank_is_lagos(self) -> None:
        """No zone, or a blank one, is Africa/Lagos."""
        assert DEFAULT_TIME_ZONE == "Africa/Lagos"
        assert "Africa/Lagos" == time_zone(None).key
        assert "Africa/Lagos" == time_zone("  ").key

    def test_iana_names_are_accepted(self) -> None:
        """Known IANA names are the zones they name."""
        assert "Europe/London" == time_zone("Europe/London").key
        assert "America/Argentina/Buenos_Aires" == time_zone("America/Argentina/Buenos_Aires").key
        assert "UTC" == time_zone("UTC").key

    @pytest.mark.parametrize(
        "raw",
        [
            "Mars/Olympus_Mons",
            "../../etc/passwd",
            "/etc/localtime",
            "Africa/",
            "Lagos Nigeria",
            "Africa//Lagos",
            "x" * 65,
            "Africa/Lagos\x00",
            5,
        ],
    )
    def test_anything_else_is_refused(self, raw: object) -> None:
        """Unknown names, paths and non-strings are refused naming the ``tz`` field."""
        with pytest.raises(ValidationFailed) as caught:
            time_zone(raw)
        assert ["tz"] == [issue.path for issue in caught.value.issues]


class TestToday:
    def test_late_evening_utc_is_tomorrow_in_lagos(self) -> None:
        """23:30 UTC on the 31st is already 1 January in Lagos (UTC+1)."""
        now = datetime(2025, 12, 31, 23, 30, tzinfo=UTC)
        assert date(2026, 1, 1) == today_in(now, LAGOS)
        assert date(2025, 12, 31) == today_in(now, ZoneInfo("UTC"))
        assert date(2025, 12, 31) == today_in(now, ZoneInfo("America/New_York"))

    def test_naive_times_are_refused(self) -> None:
        """A time without a zone is a programming error."""
        with pytest.raises(ValueError):
            today_in(datetime(2026, 1, 1), LAGOS)

    @given(st.datetimes(min_value=datetime(1970, 1, 1), timezones=st.just(UTC)))
    def test_lagos_is_always_utc_plus_one(self, now: datetime) -> None:
        """Lagos has no summer time: since 1970 today there is the UTC date one hour on."""
        assert (now + timedelta(hours=1)).date() == today_in(now, LAGOS)


class TestMonthWeeks:
    def test_november_2026(self) -> None:
        """November 2026 starts on a Sunday: the grid starts Monday 26 October and ends Sunday
        6 December, six weeks."""
        weeks = month_weeks(2026, 11)
        assert 6 == len(weeks)
        assert date(2026, 10, 26) == weeks[0][0]
        assert date(2026, 11, 1) == weeks[0][6]
        assert date(2026, 12, 6) == weeks[-1][-1]

    def test_february_2027_fits_in_four_weeks(self) -> None:
        """February 2027 starts on a Monday and has 28 days: exactly four weeks."""
        weeks = month_weeks(2027, 2)
        assert (date(2027, 2, 1), date(2027, 2, 28)) == (weeks[0][0], weeks[-1][-1])
        assert 4 == len(weeks)

    @given(years, months)
    def test_whole_weeks_cover_the_month(self, year: int, month: int) -> None:
        """Weeks are 7 consecutive days Monday to Sunday, 4-6 of them, covering every day of
        the month and starting within the week before the 1st."""
        weeks = month_weeks(year, month)
        days = [d for week in weeks for d in week]
        assert 4 <= len(weeks) <= 6
        assert all(7 == len(week) for week in weeks)
        assert all(0 == week[0].weekday() and 6 == week[-1].weekday() for week in weeks)
        assert all(b - a == timedelta(days=1) for a, b in pairwise(days))
        in_month = [d for d in days if d.month == month]
        assert date(year, month, 1) == in_month[0]
        assert (in_month[-1] + timedelta(days=1)).day == 1
        assert days[0] > date(year, month, 1) - timedelta(days=7)
        assert days[-1] < in_month[-1] + timedelta(days=7)

    @pytest.mark.parametrize(
        ("year", "month"), [(MIN_YEAR - 1, 1), (MAX_YEAR + 1, 1), (2026, 0), (2026, 13), (True, 1)]
    )
    def test_out_of_range_is_refused(self, year: object, month: object) -> None:
        """Years outside the range and months outside 1-12 are refused."""
        with pytest.raises(ValidationFailed):
            check_year_month(year, month)

    def test_both_bad_are_named(self) -> None:
        """A bad year and a bad month are reported together."""
        with pytest.raises(ValidationFailed) as caught:
            check_year_month(0, 0)
        assert ["year", "month"] == [issue.path for issue in caught.value.issues]


class TestEaster:
    @pytest.mark.parametrize(
        "expected",
        [
            date(2024, 3, 31),
            date(2025, 4, 20),
            date(2026, 4, 5),
            date(2027, 3, 28),
            date(2028, 4, 16),
            date(2029, 4, 1),
            date(2030, 4, 21),
            date(2038, 4, 25),
            date(2008, 3, 23),
            date(1943, 4, 25),
            date(2285, 3, 22),
        ],
    )
    def test_known_dates(self, expected: date) -> None:
        """Easter Sunday matches published dates, including the earliest and latest ones."""
        assert expected == easter_sunday(expected.year)

    @given(years)
    def test_is_a_sunday_between_22_march_and_25_april(self, year: int) -> None:
        """Easter is always a Sunday from 22 March to 25 April."""
        easter = easter_sunday(year)
        assert 6 == easter.weekday()
        assert date(year, 3, 22) <= easter <= date(year, 4, 25)


class TestOccasions:
    def test_2026(self) -> None:
        """The 2026 holidays and common dates fall on their days."""
        assert [date(2026, 4, 3)] == named(2026, "Good Friday")
        assert [date(2026, 4, 5)] == named(2026, "Easter Sunday")
        assert [date(2026, 4, 6)] == named(2026, "Easter Monday")
        assert [date(2026, 3, 15)] == named(2026, "Mother's Day")
        assert [date(2026, 6, 21)] == named(2026, "Father's Day")
        assert [date(2026, 6, 12)] == named(2026, "Democracy Day")
        assert [date(2026, 10, 1)] == named(2026, "Independence Day")
        assert [date(2026, 12, 25)] == named(2026, "Christmas Day")
        assert [date(2026, 12, 26)] == named(2026, "Boxing Day")
        assert [date(2026, 3, 20)] == named(2026, "Eid al-Fitr")
        assert [date(2026, 5, 27)] == named(2026, "Eid al-Adha")
        assert [date(2026, m, 1) for m in range(1, 13)] == named(2026, "New Month")

    def test_holidays_and_observances(self) -> None:
        """Independence Day is a public holiday with its search; New Month an observance."""
        by_name = {o.name: o for o in occasions_of_year(2026)}
        assert OccasionKind.PUBLIC_HOLIDAY == by_name["Independence Day"].kind
        assert "independence" == by_name["Independence Day"].search
        assert OccasionKind.OBSERVANCE == by_name["New Month"].kind
        assert "new month" == by_name["New Month"].search

    def test_eid_from_the_table_else_estimated(self) -> None:
        """Years in the table have both Eids as announced; years outside it have the tabular
        calendar's, named "(estimated)" (2024: 10 April and 17 June; Nigeria observed 10 April
        and 16 June)."""
        assert [] == named(2040, "Eid al-Fitr")
        assert [date(2024, 4, 10)] == named(2024, "Eid al-Fitr (estimated)")
        assert [date(2024, 6, 17)] == named(2024, "Eid al-Adha (estimated)")
        assert [] == named(2026, "Eid al-Fitr (estimated)")
        for year, (fitr, adha) in EID_DATES.items():
            assert [fitr] == named(year, "Eid al-Fitr")
            assert [adha] == named(year, "Eid al-Adha")
            assert fitr < adha

    @given(years)
    def test_every_year_is_in_order_and_in_the_year(self, year: int) -> None:
        """Occasions are in date order, all in the year; Mother's Day is a Sunday in Lent and
        Father's Day the third Sunday of June."""
        found = occasions_of_year(year)
        assert sorted(o.day for o in found) == [o.day for o in found]
        assert all(o.day.year == year for o in found)
        mothers, fathers = named(year, "Mother's Day")[0], named(year, "Father's Day")[0]
        assert 6 == mothers.weekday() == fathers.weekday()
        assert easter_sunday(year) - timedelta(days=46) < mothers < easter_sunday(year)
        assert 15 <= fathers.day <= 21
        assert 6 == fathers.month
        assert 12 == len(named(year, "New Month"))

    def test_between_crosses_years(self) -> None:
        """A range across New Year takes both years' occasions within it."""
        names = [o.name for o in occasions_between(date(2025, 12, 24), date(2026, 1, 2))]
        assert ["Christmas Day", "Boxing Day", "New Year's Day", "New Month"] == names


class TestMonthView:
    def test_october_2026_in_lagos(self) -> None:
        """October's view has today in Lagos, its grid and its occasions (including the
        neighbouring days the grid shows)."""
        now = datetime(2026, 9, 30, 23, 15, tzinfo=UTC)
        view = month_view(2026, 10, now, LAGOS)
        assert date(2026, 10, 1) == view.today
        assert date(2026, 9, 28) == view.weeks[0][0]
        assert {"Independence Day", "New Month"} == {o.name for o in view.occasions}
        assert [date(2026, 10, 1), date(2026, 10, 1), date(2026, 11, 1)] == [
            o.day for o in view.occasions
        ]
        assert "Independence Day" == view.occasions[0].name

    @given(years, months, st.datetimes(timezones=st.just(UTC)))
    def test_occasions_are_those_on_the_grid(self, year: int, month: int, now: datetime) -> None:
        """Every occasion shown is on one of the grid's days, and every occasion of those days
        is shown."""
        view = month_view(year, month, now, LAGOS)
        days = {d for week in view.weeks for d in week}
        assert all(o.day in days for o in view.occasions)
        assert occasions_between(min(days), max(days)) == view.occasions


class TestTabularIslamicCalendar:
    def test_the_epoch_and_the_year_lengths(self) -> None:
        """1 Muharram 1 AH is Friday 19 July 622 (Gregorian); a year is 355 days in the 11
        leap years of each 30-year cycle, else 354."""
        assert date(622, 7, 19) == tabular_islamic_date(1, 1, 1)
        assert 4 == tabular_islamic_date(1, 1, 1).weekday()
        leap = {2, 5, 7, 10, 13, 16, 18, 21, 24, 26, 29}
        for year in range(1, 91):
            length = (tabular_islamic_date(year + 1, 1, 1) - tabular_islamic_date(year, 1, 1)).days
            assert (355 if (year - 1) % 30 + 1 in leap else 354) == length, year
        # Months alternate 30 and 29 days.
        lengths = [
            (tabular_islamic_date(1446, m + 1, 1) - tabular_islamic_date(1446, m, 1)).days
            for m in range(1, 12)
        ]
        assert [30, 29] * 5 + [30] == lengths

    def test_estimates_are_close_to_the_announced_days(self) -> None:
        """Within two days of every day in the table (a calculation, not a sighting)."""
        for year, (fitr, adha) in EID_DATES.items():
            estimated = dict(estimated_eids(year))
            assert abs((estimated["Eid al-Fitr"] - fitr).days) <= 2
            assert abs((estimated["Eid al-Adha"] - adha).days) <= 2

    @given(st.integers(MIN_YEAR, MAX_YEAR))
    def test_every_eid_of_a_year_is_found(self, year: int) -> None:
        """The same as searching every Islamic year: each Eid at least once a year, one of
        them twice in some years (2000 had Eid al-Fitr on 8 January and 28 December)."""
        everything = sorted(
            (tabular_islamic_date(hijri, month, day), name)
            for hijri in range(1, 1700)
            for name, month, day in (("Eid al-Fitr", 10, 1), ("Eid al-Adha", 12, 10))
        )
        expected = [(name, day) for day, name in everything if day.year == year]
        assert expected == list(estimated_eids(year))
        assert {"Eid al-Fitr", "Eid al-Adha"} <= {name for name, _ in expected}

    def test_a_year_with_two_eid_al_fitr(self) -> None:
        assert [date(2000, 1, 8), date(2000, 12, 28)] == [
            day for name, day in estimated_eids(2000) if name == "Eid al-Fitr"
        ]
