"""The event catalogue and its checks, and the dashboard's period rules."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

import pytest

from designcore.domain.analytics import (
    EVENT_CATALOGUE,
    MAX_PROPERTY_LENGTH,
    AnalyticsEvent,
    CategoryCounts,
    check_event,
    per_category,
    summary_period,
)
from designcore.domain.errors import ValidationFailed

NOW = datetime(2026, 11, 23, 19, 0, tzinfo=UTC)


def make(name: str, **properties: Any) -> AnalyticsEvent:
    return AnalyticsEvent(name=name, distinct_id="u1", timestamp=NOW, properties=properties)


class TestCatalogue:
    def test_the_documented_events(self) -> None:
        """The catalogue is the fixed list of the issue plus the web app's rage click."""
        assert {
            "template_viewed",
            "template_customised",
            "search_performed",
            "design_saved",
            "design_downloaded",
            "upgrade_started",
            "payment_succeeded",
            "payment_failed",
            "referral_completed",
            "signed_up",
            "signed_in",
            "signed_out",
            "rage_click",
        } == set(EVENT_CATALOGUE)

    def test_unknown_event_refused(self) -> None:
        """An event outside the catalogue is refused with ``unknown_event``."""
        with pytest.raises(ValidationFailed) as refused:
            make("page_scrolled")
        assert "unknown_event" == refused.value.code
        assert "event" == refused.value.issues[0].path

    def test_property_of_the_longest_length_kept(self) -> None:
        """A string of exactly 65,535 characters is allowed."""
        text = "x" * MAX_PROPERTY_LENGTH
        assert text == make("signed_in", method=text).properties["method"]

    def test_oversized_property_refused(self) -> None:
        """One character more is refused with ``property_too_long`` naming the property."""
        with pytest.raises(ValidationFailed) as refused:
            make("signed_in", note="x" * (MAX_PROPERTY_LENGTH + 1))
        assert "property_too_long" == refused.value.code
        assert ["properties.note"] == [issue.path for issue in refused.value.issues]

    @pytest.mark.parametrize(
        ("properties", "path"),
        [
            ({"watermark": True}, "properties.format"),
            ({"format": "png"}, "properties.watermark"),
            ({"format": "gif", "watermark": True}, "properties.format"),
            ({"format": "png", "watermark": "yes"}, "properties.watermark"),
            ({"format": "png", "watermark": True, "nested": {"a": 1}}, "properties.nested"),
        ],
    )
    def test_documented_properties_checked(self, properties: dict[str, Any], path: str) -> None:
        """design_downloaded needs a known format and a boolean watermark; values are scalars."""
        with pytest.raises(ValidationFailed) as refused:
            check_event("design_downloaded", properties)
        assert "invalid_event" == refused.value.code
        assert path in [issue.path for issue in refused.value.issues]

    def test_a_boolean_is_not_a_number(self) -> None:
        """``results`` of a search must be a number, and true is not one."""
        with pytest.raises(ValidationFailed):
            check_event("search_performed", {"term": "flyer", "results": True})

    def test_naive_timestamp_refused(self) -> None:
        """An event's moment must carry a time zone."""
        with pytest.raises(ValidationFailed):
            AnalyticsEvent(name="signed_out", distinct_id="u1", timestamp=datetime(2026, 1, 1))


class TestSummaryRules:
    def test_period_ends_today(self) -> None:
        """Seven days are today and the six before it (UTC)."""
        assert (date(2026, 11, 17), date(2026, 11, 23)) == summary_period(7, NOW)

    @pytest.mark.parametrize("days", [0, 1, 14, 365])
    def test_other_periods_refused(self, days: int) -> None:
        """Only 7, 30 and 90 days are offered."""
        with pytest.raises(ValidationFailed):
            summary_period(days, NOW)

    def test_per_category_most_viewed_first(self) -> None:
        """Counts of templates are added up by category; unknown templates as Unknown."""
        assert (
            CategoryCounts("Church", 5, 1),
            CategoryCounts("Unknown", 2, 0),
            CategoryCounts("Business", 1, 3),
        ) == per_category(
            {"a": 2, "b": 3, "c": 1, "gone": 2},
            {"a": 1, "c": 3},
            {"a": "Church", "b": "Church", "c": "Business"},
        )
