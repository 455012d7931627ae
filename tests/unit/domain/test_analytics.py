"""The event catalogue and its checks, and the dashboard's period rules."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from typing import Any

import pytest

from designcore.domain.analytics import (
    ANONYMOUS_ID,
    BROWSER_FUTURE,
    BROWSER_PAST,
    EVENT_CATALOGUE,
    MAX_BATCH_BYTES,
    MAX_EVENT_BYTES,
    MAX_PROPERTY_LENGTH,
    AnalyticsEvent,
    CaptureMode,
    CategoryCounts,
    Consent,
    Side,
    aggregate_of,
    browser_events,
    capture_mode,
    check_browser_batch,
    check_browser_event,
    check_event,
    consent_from,
    per_category,
    property_bytes,
    summary_period,
)
from designcore.domain.errors import TooLarge, ValidationFailed

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


class TestWhoCaptures:
    def test_the_browser_sends_only_its_own_events(self) -> None:
        """Only rage clicks and the upgrade dialog's opening come from browsers; every other
        event of the catalogue is the server's."""
        assert frozenset({"rage_click", "upgrade_started"}) == browser_events()
        assert Side.SERVER in EVENT_CATALOGUE["payment_succeeded"].captured_by

    @pytest.mark.parametrize(
        ("name", "properties"),
        [
            ("payment_succeeded", {}),
            ("referral_completed", {}),
            ("signed_in", {}),
            ("upgrade_started", {"step": "payment_started"}),
        ],
    )
    def test_server_events_are_refused_from_a_browser(
        self, name: str, properties: dict[str, Any]
    ) -> None:
        """A server-side event, or the server's step of upgrade_started, is server_side_event."""
        with pytest.raises(ValidationFailed) as refused:
            check_browser_event(name, properties, NOW, NOW)
        assert "server_side_event" == refused.value.code

    @pytest.mark.parametrize(
        ("offset", "expected"),
        [
            (timedelta(0), NOW),
            (-BROWSER_PAST, NOW - BROWSER_PAST),
            (BROWSER_FUTURE, NOW),
            (timedelta(minutes=3), NOW),
        ],
    )
    def test_moments_within_the_window(self, offset: timedelta, expected: datetime) -> None:
        """Inside the window the moment is kept, a moment ahead is taken as now."""
        assert expected == check_browser_event("rage_click", {}, NOW + offset, NOW)

    @pytest.mark.parametrize(
        "moment",
        [
            datetime(1, 1, 1, tzinfo=UTC),
            datetime(9999, 12, 31, tzinfo=UTC),
            NOW - BROWSER_PAST - timedelta(seconds=1),
            NOW + BROWSER_FUTURE + timedelta(seconds=1),
        ],
    )
    def test_moments_outside_the_window(self, moment: datetime) -> None:
        """Just outside the window, and the years 0001 and 9999, are refused."""
        with pytest.raises(ValidationFailed) as refused:
            check_browser_event("rage_click", {}, moment, NOW)
        assert "timestamp_out_of_range" == refused.value.code

    def test_no_moment_is_now(self) -> None:
        """An event without a timestamp happened now."""
        assert NOW == check_browser_event("rage_click", {}, None, NOW)


class TestByteBudgets:
    def test_bytes_count_utf8(self) -> None:
        """A property of multibyte characters counts its UTF-8 bytes."""
        assert len('{"a":"éé"}'.encode()) == property_bytes({"a": "éé"})

    def test_an_event_at_and_over_its_budget(self) -> None:
        """Exactly the budget passes; one byte more is event_too_large."""
        fits = {"s": "x" * (MAX_EVENT_BYTES - len('{"s":""}'))}
        assert MAX_EVENT_BYTES == property_bytes(fits)
        check_browser_event("rage_click", fits, NOW, NOW)
        with pytest.raises(TooLarge) as refused:
            check_browser_event("rage_click", {"s": fits["s"] + "x"}, NOW, NOW)
        assert "event_too_large" == refused.value.code

    def test_a_batch_at_and_over_its_budget(self) -> None:
        """A batch adding up to the budget passes; one byte more is batch_too_large."""
        check_browser_batch([MAX_BATCH_BYTES // 2, MAX_BATCH_BYTES // 2])
        with pytest.raises(TooLarge) as refused:
            check_browser_batch([MAX_BATCH_BYTES, 1])
        assert "batch_too_large" == refused.value.code


class TestConsent:
    @pytest.mark.parametrize(
        ("cookie", "dnt", "expected"),
        [
            (None, False, Consent.UNDECIDED),
            ("granted", False, Consent.GRANTED),
            ("refused", False, Consent.REFUSED),
            ("yes please", False, Consent.UNDECIDED),
            ("granted", True, Consent.REFUSED),
        ],
    )
    def test_consent_from_the_browser(
        self, cookie: str | None, dnt: bool, expected: Consent
    ) -> None:
        """Only the two known answers count; Do-Not-Track is a refusal."""
        assert expected == consent_from(cookie, do_not_track=dnt)

    def test_what_each_answer_keeps(self) -> None:
        """Granted keeps events, no answer anonymous counts, a refusal nothing."""
        assert CaptureMode.IDENTIFIED == capture_mode(Consent.GRANTED)
        assert CaptureMode.AGGREGATE == capture_mode(Consent.UNDECIDED)
        assert CaptureMode.NOTHING == capture_mode(Consent.REFUSED)

    def test_an_aggregate_keeps_no_person(self) -> None:
        """The anonymous count has no ids, the day only, and only the required properties."""
        event = AnalyticsEvent(
            name="design_downloaded",
            distinct_id="u1",
            timestamp=NOW,
            properties={"format": "png", "watermark": True, "design_id": "d1", "extra": "x"},
            user_id="u1",
        )
        count = aggregate_of(event)
        assert (ANONYMOUS_ID, None, True) == (count.distinct_id, count.user_id, count.anonymous)
        assert datetime(2026, 11, 23, tzinfo=UTC) == count.timestamp
        assert {"format": "png", "watermark": True} == dict(count.properties)
