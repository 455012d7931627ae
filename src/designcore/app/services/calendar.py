"""The My Designs calendar's use case: a month in the user's time zone with its occasions, each
with how many templates its suggestion finds (docs/api.md, "Calendar")."""

from __future__ import annotations

import attrs

from designcore.app.services.catalogue import CatalogueService
from designcore.domain.calendar import MonthView, Occasion, month_view, search_terms, time_zone
from designcore.domain.pagination import PageRequest
from designcore.ports.clock import Clock


@attrs.frozen
class SuggestedOccasion:
    """An occasion with the number of templates its search finds."""

    occasion: Occasion
    """The day and what it is."""
    template_count: int
    """Templates the occasion's search finds (what ``/templates?search=`` shows)."""


@attrs.frozen
class CalendarMonth:
    """A month view with its occasions' template counts."""

    view: MonthView
    """The grid, today and the occasions."""
    occasions: tuple[SuggestedOccasion, ...]
    """The occasions of the grid with their counts, in date order."""


class CalendarService:
    """Months of the calendar; counts come from the same ranked search the templates page
    uses."""

    def __init__(self, catalogue: CatalogueService, clock: Clock) -> None:
        self._catalogue = catalogue
        self._clock = clock

    def month(self, year: int | None, month: int | None, tz: str | None) -> CalendarMonth:
        """``month`` of ``year`` (either missing: the one of today) in the time zone named
        ``tz`` (missing: Africa/Lagos). Raises ``ValidationFailed`` for a bad zone, year or
        month."""
        zone = time_zone(tz)
        now = self._clock.now()
        today = now.astimezone(zone).date()
        view = month_view(
            today.year if year is None else year,
            today.month if month is None else month,
            now,
            zone,
        )
        counts = {
            term: self._catalogue.search(term, PageRequest(1, 1)).total_count
            for term in search_terms(view.occasions)
        }
        return CalendarMonth(
            view=view,
            occasions=tuple(
                SuggestedOccasion(occasion, counts[occasion.search]) for occasion in view.occasions
            ),
        )
