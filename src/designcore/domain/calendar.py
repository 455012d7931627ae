"""The My Designs calendar: a user's time zone, "today" and the month grid in it, and the
Nigerian public holidays and common dates marked on it (issue 13; docs/api.md, "Calendar").

Rules:

- A time zone is an IANA name (``Africa/Lagos``, ``Europe/London``); the default is
  :data:`DEFAULT_TIME_ZONE`. Anything else is refused with ``ValidationFailed``.
- "Today" is the calendar date of ``now`` in that zone (West Africa Time is UTC+1, so 23:30 UTC
  is already tomorrow in Lagos).
- The month grid is whole weeks starting on Monday: it begins on the Monday on or before the
  1st and ends on the Sunday on or after the last day, so it has 4 to 6 rows of 7 days.
- Occasions of a year: the fixed public holidays (New Year, Workers' Day, Democracy Day,
  Independence Day, Christmas, Boxing Day), the Easter holidays computed from the year (Good
  Friday, Easter Sunday, Easter Monday), Eid al-Fitr and Eid al-Adha from
  :data:`EID_DATES` (they follow the sighting of the moon, so they are a table, not a rule) and,
  for years outside the table, from the arithmetic (tabular) Islamic calendar, named
  "(estimated)" (:func:`estimated_eids`),
  and common dates people design for: New Month on the 1st of every month, Valentine's Day,
  Mothering Sunday (Nigeria's Mother's Day, the 4th Sunday of Lent) and Father's Day (the 3rd
  Sunday of June). Each carries the search term of matching templates.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Sequence
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import attrs

from designcore.domain.errors import FieldIssue, ValidationFailed

DEFAULT_TIME_ZONE = "Africa/Lagos"
"""The time zone of a user who has not chosen one (West Africa Time, UTC+1, no summer time)."""

MIN_YEAR = 1900
"""Earliest year the calendar answers for."""

MAX_YEAR = 2200
"""Latest year the calendar answers for."""

MAX_TIME_ZONE_LENGTH = 64
"""Longest time zone name accepted (the longest IANA name is 32 characters)."""

_ZONE_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_+\-]*(?:/[A-Za-z0-9_+\-]+){0,2}$")

EID_DATES: dict[int, tuple[date, date]] = {
    2025: (date(2025, 3, 30), date(2025, 6, 6)),
    2026: (date(2026, 3, 20), date(2026, 5, 27)),
    2027: (date(2027, 3, 9), date(2027, 5, 16)),
    2028: (date(2028, 2, 26), date(2028, 5, 5)),
    2029: (date(2029, 2, 14), date(2029, 4, 24)),
    2030: (date(2030, 2, 4), date(2030, 4, 13)),
}
"""``year → (Eid al-Fitr, Eid al-Adha)``. Both depend on the sighting of the moon, so no rule
gives them: 2025 are the days Nigeria observed (Sunday 30 March, Friday 6 June, as announced by
the Sultan of Sokoto and declared by the Federal Government); 2026-2030 are the expected days
of the Umm al-Qura calendar, which the announced days usually match or follow by one day.
Years outside the table get :func:`estimated_eids`, marked "(estimated)". Update the table when
the government declares the holidays."""

_HIJRA_EPOCH = date(622, 7, 19).toordinal()
"""1 Muharram AH 1 of the tabular Islamic calendar (the civil epoch, a Friday; 16 July 622 in
the Julian calendar)."""


def tabular_islamic_date(year: int, month: int, day: int) -> date:
    """The Gregorian date of ``day`` ``month`` ``year`` AH in the arithmetic Islamic calendar:
    months of 30 and 29 days alternately (Dhu al-Hijjah 30 in leap years), 11 leap years in
    each 30 (years 2, 5, 7, 10, 13, 16, 18, 21, 24, 26 and 29). A calculation, not a sighting:
    the announced days differ from it by a day or two."""
    days_before_month = (59 * (month - 1) + 1) // 2  # ceil(29.5 * (month - 1))
    leap_days_before = (3 + 11 * year) // 30
    return date.fromordinal(
        _HIJRA_EPOCH - 1 + day + days_before_month + (year - 1) * 354 + leap_days_before
    )


def estimated_eids(year: int) -> tuple[tuple[str, date], ...]:
    """Eid al-Fitr (1 Shawwal) and Eid al-Adha (10 Dhu al-Hijjah) falling in the Gregorian
    ``year`` by :func:`tabular_islamic_date`, in date order (a year may hold two of one: the
    Islamic year is 11 days shorter)."""
    first = (year - 622) * 33 // 32  # an Islamic year at or before those that touch ``year``
    found = [
        (name, tabular_islamic_date(hijri, month, day))
        for hijri in range(max(1, first - 1), first + 3)
        for name, month, day in (("Eid al-Fitr", 10, 1), ("Eid al-Adha", 12, 10))
    ]
    return tuple(sorted((item for item in found if item[1].year == year), key=lambda i: i[1]))


class OccasionKind(enum.StrEnum):
    """What sort of day an occasion is."""

    PUBLIC_HOLIDAY = "public_holiday"
    """A Nigerian public holiday."""

    OBSERVANCE = "observance"
    """A common date people design for that is not a holiday (New Month, Valentine's)."""


@attrs.frozen
class Occasion:
    """A day marked on the calendar."""

    day: date
    """The date."""
    name: str
    """What it is called ("Independence Day")."""
    kind: OccasionKind
    """Public holiday or observance."""
    search: str
    """The template search that finds designs for it ("independence")."""


@attrs.frozen
class MonthView:
    """A month as the calendar shows it."""

    today: date
    """Today in the user's time zone."""
    year: int
    """The month's year."""
    month: int
    """The month, 1-12."""
    weeks: tuple[tuple[date, ...], ...]
    """Whole weeks, Monday first, covering the month."""
    occasions: tuple[Occasion, ...]
    """The occasions on the grid's days, in date order."""


def time_zone(raw: object, path: str = "tz") -> ZoneInfo:
    """The IANA time zone named ``raw`` (``None`` or blank: :data:`DEFAULT_TIME_ZONE`);
    ``ValidationFailed`` for anything that is not a known zone name."""
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        return ZoneInfo(DEFAULT_TIME_ZONE)
    if not isinstance(raw, str):
        raise ValidationFailed([FieldIssue(path, "expected an IANA time zone name")])
    name = raw.strip()
    if len(name) > MAX_TIME_ZONE_LENGTH or not _ZONE_NAME.match(name):
        raise ValidationFailed(
            [
                FieldIssue(
                    path, f"expected an IANA time zone name such as Africa/Lagos, got {name[:40]!r}"
                )
            ]
        )
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        raise ValidationFailed(
            [
                FieldIssue(
                    path, f"unknown time zone {name!r}; expected an IANA name such as Africa/Lagos"
                )
            ]
        ) from None


def time_zone_name(raw: object, path: str = "time_zone") -> str:
    """The canonical name of the IANA time zone ``raw`` names (a saved setting: blank is not
    accepted); ``ValidationFailed`` on ``path`` for anything else."""
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        raise ValidationFailed([FieldIssue(path, "expected an IANA time zone name")])
    return time_zone(raw, path).key


def today_in(now: datetime, zone: ZoneInfo) -> date:
    """The date ``now`` (timezone-aware) falls on in ``zone``."""
    if now.tzinfo is None:
        raise ValueError("now must be timezone-aware")
    return now.astimezone(zone).date()


def check_year_month(year: object, month: object) -> tuple[int, int]:
    """A year in :data:`MIN_YEAR`-:data:`MAX_YEAR` and a month 1-12, or ``ValidationFailed``
    naming every bad one."""
    issues = []
    if not isinstance(year, int) or isinstance(year, bool) or not MIN_YEAR <= year <= MAX_YEAR:
        issues.append(FieldIssue("year", f"expected a year from {MIN_YEAR} to {MAX_YEAR}"))
    if not isinstance(month, int) or isinstance(month, bool) or not 1 <= month <= 12:
        issues.append(FieldIssue("month", "expected a month from 1 to 12"))
    if issues:
        raise ValidationFailed(issues)
    assert isinstance(year, int)
    assert isinstance(month, int)
    return year, month


def month_weeks(year: int, month: int) -> tuple[tuple[date, ...], ...]:
    """The whole weeks (Monday to Sunday) that cover ``month`` of ``year``."""
    first = date(year, month, 1)
    following = date(year + 1, 1, 1) if month == 12 else date(year, month + 1, 1)
    last = following - timedelta(days=1)
    start = first - timedelta(days=first.weekday())
    end = last + timedelta(days=6 - last.weekday())
    days = (end - start).days + 1
    return tuple(
        tuple(start + timedelta(days=week * 7 + d) for d in range(7)) for week in range(days // 7)
    )


def easter_sunday(year: int) -> date:
    """Easter Sunday of the Gregorian calendar (the anonymous Gregorian algorithm, also known
    as Meeus/Jones/Butcher)."""
    a = year % 19
    b, c = divmod(year, 100)
    d, e = divmod(b, 4)
    f = (b + 8) // 25
    g = (b - f + 1) // 3
    h = (19 * a + b - d - g + 15) % 30
    i, k = divmod(c, 4)
    el = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 22 * el) // 451
    month, day = divmod(h + el - 7 * m + 114, 31)
    return date(year, month, day + 1)


def _nth_sunday(year: int, month: int, n: int) -> date:
    first = date(year, month, 1)
    return first + timedelta(days=(6 - first.weekday()) % 7 + 7 * (n - 1))


_HOLIDAY = OccasionKind.PUBLIC_HOLIDAY
_OBSERVANCE = OccasionKind.OBSERVANCE


def occasions_of_year(year: int) -> tuple[Occasion, ...]:
    """Every occasion of ``year`` in date order (holidays before observances on the same day)."""
    easter = easter_sunday(year)
    found = [
        Occasion(date(year, 1, 1), "New Year's Day", _HOLIDAY, "new year"),
        Occasion(date(year, 2, 14), "Valentine's Day", _OBSERVANCE, "valentine"),
        Occasion(easter - timedelta(days=21), "Mother's Day", _OBSERVANCE, "mother"),
        Occasion(easter - timedelta(days=2), "Good Friday", _HOLIDAY, "easter"),
        Occasion(easter, "Easter Sunday", _HOLIDAY, "easter"),
        Occasion(easter + timedelta(days=1), "Easter Monday", _HOLIDAY, "easter"),
        Occasion(date(year, 5, 1), "Workers' Day", _HOLIDAY, "workers"),
        Occasion(date(year, 6, 12), "Democracy Day", _HOLIDAY, "democracy"),
        Occasion(_nth_sunday(year, 6, 3), "Father's Day", _OBSERVANCE, "father"),
        Occasion(date(year, 10, 1), "Independence Day", _HOLIDAY, "independence"),
        Occasion(date(year, 12, 25), "Christmas Day", _HOLIDAY, "christmas"),
        Occasion(date(year, 12, 26), "Boxing Day", _HOLIDAY, "christmas"),
    ]
    found.extend(
        Occasion(date(year, month, 1), "New Month", _OBSERVANCE, "new month")
        for month in range(1, 13)
    )
    if year in EID_DATES:
        fitr, adha = EID_DATES[year]
        found.append(Occasion(fitr, "Eid al-Fitr", _HOLIDAY, "eid"))
        found.append(Occasion(adha, "Eid al-Adha", _HOLIDAY, "eid"))
    else:
        found.extend(
            Occasion(day, f"{name} (estimated)", _HOLIDAY, "eid")
            for name, day in estimated_eids(year)
        )
    order = {_HOLIDAY: 0, _OBSERVANCE: 1}
    return tuple(sorted(found, key=lambda o: (o.day, order[o.kind], o.name)))


def occasions_between(start: date, end: date) -> tuple[Occasion, ...]:
    """The occasions from ``start`` to ``end`` (both included), in date order."""
    return tuple(
        occasion
        for year in range(start.year, end.year + 1)
        for occasion in occasions_of_year(year)
        if start <= occasion.day <= end
    )


def month_view(year: int, month: int, now: datetime, zone: ZoneInfo) -> MonthView:
    """The calendar of ``month`` of ``year`` for a user in ``zone`` at ``now``."""
    year, month = check_year_month(year, month)
    weeks = month_weeks(year, month)
    return MonthView(
        today=today_in(now, zone),
        year=year,
        month=month,
        weeks=weeks,
        occasions=occasions_between(weeks[0][0], weeks[-1][-1]),
    )


def search_terms(occasions: Sequence[Occasion]) -> tuple[str, ...]:
    """The distinct search terms of ``occasions``, in first-seen order."""
    return tuple(dict.fromkeys(o.search for o in occasions))
