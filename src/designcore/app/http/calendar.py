"""``/api/v1/calendar``: a month of the My Designs calendar (docs/api.md, "Calendar")."""

from __future__ import annotations

from datetime import date
from typing import Annotated

import msgspec
from litestar import Controller, Response, get
from litestar.di import NamedDependency
from litestar.params import QueryParameter

from designcore.app.http.dependencies import Me
from designcore.app.http.field_rules import TIME_ZONE_OR_BLANK
from designcore.app.services.calendar import CalendarMonth, CalendarService
from designcore.app.services.profiles import ProfileService
from designcore.domain.calendar import MAX_YEAR, MIN_YEAR

Calendar = NamedDependency[CalendarService]


class OccasionOut(msgspec.Struct, kw_only=True):
    """A marked day and its template suggestion."""

    date: date
    name: str
    kind: str
    search: str
    template_count: int


class CalendarOut(msgspec.Struct, kw_only=True):
    """``{today, year, month, weeks, occasions}``."""

    today: date
    year: int
    month: int
    weeks: list[list[date]]
    occasions: list[OccasionOut]

    @classmethod
    def of(cls, month: CalendarMonth) -> CalendarOut:
        """From the service."""
        view = month.view
        return cls(
            today=view.today,
            year=view.year,
            month=view.month,
            weeks=[list(week) for week in view.weeks],
            occasions=[
                OccasionOut(
                    date=s.occasion.day,
                    name=s.occasion.name,
                    kind=s.occasion.kind.value,
                    search=s.occasion.search,
                    template_count=s.template_count,
                )
                for s in month.occasions
            ],
        )


class CalendarController(Controller):
    """``/api/v1/calendar``."""

    path = "/api/v1/calendar"
    tags = ["designs"]

    @get("/", operation_id="calendarMonth", sync_to_thread=True)
    def month(
        self,
        calendar: Calendar,
        profiles: NamedDependency[ProfileService],
        viewer: Me,
        year: Annotated[
            int | None, QueryParameter(schema_extra={"minimum": MIN_YEAR, "maximum": MAX_YEAR})
        ] = None,
        month: Annotated[int | None, QueryParameter(schema_extra={"minimum": 1, "maximum": 12})] = (
            None
        ),
        tz: Annotated[str | None, QueryParameter(schema_extra=TIME_ZONE_OR_BLANK)] = None,
    ) -> Response[CalendarOut]:
        """A month (default: this month) in the time zone ``tz`` (an IANA name; without
        it, the signed-in user's saved zone, else Africa/Lagos): today, the weeks Monday
        first, and the holidays and common dates with how many templates each one's
        search finds. 400 for a bad year, month or zone."""
        if tz is None:
            tz = profiles.time_zone_of(viewer)
        answer = calendar.month(year, month, tz)
        return Response(CalendarOut.of(answer), headers={"Cache-Control": "private, max-age=60"})
