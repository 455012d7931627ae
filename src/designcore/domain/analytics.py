"""Product analytics: the fixed catalogue of events the product captures, and their checks.

Every event the server or the web app captures is one of :data:`EVENT_CATALOGUE`; anything
else is refused (``unknown_event``), as is a property string longer than
:data:`MAX_PROPERTY_LENGTH` characters (``property_too_long``, the analytics client's limit),
a property of the wrong type, or a required property missing. docs/analytics.md lists the
catalogue with each event's properties and where it is captured.
"""

from __future__ import annotations

import enum
import json
import math
from collections.abc import Mapping, Sequence
from datetime import UTC, date, datetime, timedelta
from types import MappingProxyType
from typing import Any

import attrs

from designcore.domain.errors import FieldIssue, TooLarge, ValidationFailed

MAX_PROPERTY_LENGTH = 65_535
"""The longest property string, in characters (spec: property string maximum length 65535)."""
MAX_PROPERTIES = 64
"""The most properties one event may carry."""
MAX_PROPERTY_NAME_LENGTH = 200
"""The longest property name."""
MAX_DISTINCT_ID_LENGTH = 200
"""The longest distinct id (a user id, or the browser's anonymous id)."""
SUMMARY_DAYS = (7, 30, 90)
"""The periods the admin dashboard offers, in days."""
BROWSER_PAST = timedelta(days=7)
"""How old an event of the browser may be: a tab that was offline keeps its queue for a
while, but an event of last month (or of the year 0001) is refused (``timestamp_out_of_range``)."""
BROWSER_FUTURE = timedelta(minutes=10)
"""How far ahead of the server's clock a browser's timestamp may be (clocks drift); within it
the event is taken as happening now, beyond it it is refused."""
MAX_EVENT_BYTES = 8 * 1024
"""The most bytes one browser event's properties may take, as compact UTF-8 JSON
(``event_too_large``, 413); the browser's own events carry a few dozen."""
MAX_BATCH_BYTES = 64 * 1024
"""The most bytes the properties of one browser batch may take together (``batch_too_large``,
413)."""
ANONYMOUS_ID = "$anonymous"
"""The distinct id of an anonymous aggregate count: an event of someone who has not accepted
analytics, kept as a count per name, day and required properties, never tied to a person."""


class Side(enum.Enum):
    """Who captures an event."""

    BROWSER = "browser"
    """The web app, through ``POST /api/v1/events`` (or PostHog's browser client)."""
    SERVER = "server"
    """A service of the server, as a side effect of the request it served."""


class Consent(enum.Enum):
    """What a visitor answered the analytics banner."""

    UNDECIDED = "undecided"
    """No answer yet (or no browser at all, as for a payment provider's webhook)."""
    GRANTED = "granted"
    """Accepted: events carry the visitor's anonymous id, or the user's id once signed in."""
    REFUSED = "refused"
    """Declined (or Do-Not-Track): nothing of this visitor is recorded at all."""


class CaptureMode(enum.Enum):
    """How much of an event is kept."""

    IDENTIFIED = "identified"
    """The whole event, with its distinct id and user id."""
    AGGREGATE = "aggregate"
    """Only a count per event name, UTC day and required properties (:func:`aggregate_of`)."""
    NOTHING = "nothing"
    """Nothing."""


def consent_from(value: str | None, *, do_not_track: bool = False) -> Consent:
    """The consent a browser stated: ``granted`` or ``refused`` (anything else is no answer
    yet); Do-Not-Track or Global Privacy Control is a refusal whatever was answered."""
    if do_not_track or value == Consent.REFUSED.value:
        return Consent.REFUSED
    return Consent.GRANTED if value == Consent.GRANTED.value else Consent.UNDECIDED


def capture_mode(consent: Consent) -> CaptureMode:
    """The spec's decision on analytics consent: before a visitor accepts only anonymous
    aggregate counts are kept, after acceptance whole events, after a refusal nothing."""
    return {
        Consent.GRANTED: CaptureMode.IDENTIFIED,
        Consent.UNDECIDED: CaptureMode.AGGREGATE,
        Consent.REFUSED: CaptureMode.NOTHING,
    }[consent]


Scalar = str | int | float | bool | None

_TYPES: Mapping[str, tuple[type, ...]] = MappingProxyType(
    {"string": (str,), "number": (int, float), "boolean": (bool,)}
)


@attrs.frozen
class PropertySpec:
    """One documented property of an event."""

    type: str
    """``string``, ``number`` or ``boolean``."""
    required: bool = False
    """Whether every such event must carry it."""
    choices: tuple[str, ...] = ()
    """The values a string may take (empty: any)."""


@attrs.frozen
class EventSpec:
    """One event of the catalogue."""

    description: str
    """When it is captured."""
    properties: Mapping[str, PropertySpec] = attrs.field(factory=dict)
    """Its documented properties; other properties are allowed (scalars only) and kept."""
    captured_by: frozenset[Side] = frozenset({Side.SERVER})
    """Who captures it: an event the server captures is refused from the browser, so nobody
    can forge a payment, a referral or a sign-up."""
    browser_choices: Mapping[str, tuple[str, ...]] = attrs.field(factory=dict)
    """For an event both sides capture, the values of a property the browser may send (the
    rest are the server's)."""


def _spec(
    description: str,
    captured_by: frozenset[Side] = frozenset({Side.SERVER}),
    browser_choices: Mapping[str, tuple[str, ...]] | None = None,
    **properties: PropertySpec,
) -> EventSpec:
    return EventSpec(
        description,
        MappingProxyType(properties),
        captured_by,
        MappingProxyType(dict(browser_choices or {})),
    )


_STRING = PropertySpec("string")
_REQUIRED_STRING = PropertySpec("string", required=True)
_NUMBER = PropertySpec("number")

UPGRADE_STEPS = ("dialog_opened", "payment_started")
"""The steps of ``upgrade_started``: the web app's upgrade dialog opened, then the server
started a payment (the funnel's first two stages; ``payment_succeeded`` is the third)."""
DOWNLOAD_FORMATS = ("png", "jpeg", "jpg", "pdf", "svg")
"""The formats of ``design_downloaded``."""

EVENT_CATALOGUE: Mapping[str, EventSpec] = MappingProxyType(
    {
        "template_viewed": _spec(
            "a template's page or preview was opened", template_id=_REQUIRED_STRING
        ),
        "template_customised": _spec(
            "a template was opened in the editor", template_id=_REQUIRED_STRING
        ),
        "search_performed": _spec(
            "a search of the catalogue ran",
            term=_REQUIRED_STRING,
            results=_NUMBER,
        ),
        "design_saved": _spec("a design was created or saved", design_id=_STRING),
        "design_downloaded": _spec(
            "a design or template was downloaded",
            format=PropertySpec("string", required=True, choices=DOWNLOAD_FORMATS),
            watermark=PropertySpec("boolean", required=True),
            template_id=_STRING,
            design_id=_STRING,
        ),
        "upgrade_started": _spec(
            "the upgrade dialog opened (web) or a payment was started (server)",
            frozenset({Side.BROWSER, Side.SERVER}),
            {"step": ("dialog_opened",)},
            step=PropertySpec("string", required=True, choices=UPGRADE_STEPS),
        ),
        "payment_succeeded": _spec(
            "a payment of the Premium Plan succeeded", reference=_STRING, amount=_NUMBER
        ),
        "payment_failed": _spec(
            "a payment of the Premium Plan failed or was abandoned",
            reference=_STRING,
            reason=_STRING,
        ),
        "referral_completed": _spec(
            "someone who signed up with a referral code became a paying subscriber",
            referrer_id=_STRING,
        ),
        "signed_up": _spec("an account was made", method=_STRING),
        "signed_in": _spec("someone signed in", method=_STRING),
        "signed_out": _spec("someone signed out"),
        "rage_click": _spec(
            "the web app saw 3 clicks within 30 px and 1 s",
            frozenset({Side.BROWSER}),
            selector=_STRING,
            x=_NUMBER,
            y=_NUMBER,
        ),
    }
)
"""Every event the product captures, by name."""


def browser_events() -> frozenset[str]:
    """The names of the events the browser may send."""
    return frozenset(
        name for name, spec in EVENT_CATALOGUE.items() if Side.BROWSER in spec.captured_by
    )


@attrs.frozen
class AnalyticsEvent:
    """One captured event, checked against the catalogue when made."""

    name: str
    """One of :data:`EVENT_CATALOGUE`."""
    distinct_id: str
    """Whose: a user's id, or the browser's anonymous id before sign-in."""
    timestamp: datetime
    """When it happened (timezone-aware)."""
    properties: Mapping[str, Scalar] = attrs.field(factory=dict)
    """Its properties (scalars)."""
    user_id: str | None = None
    """The signed-in user's id, when known (the dashboard counts active users by it)."""

    def __attrs_post_init__(self) -> None:
        object.__setattr__(
            self, "properties", MappingProxyType(dict(check_event(self.name, self.properties)))
        )
        issues = []
        if not self.distinct_id or len(self.distinct_id) > MAX_DISTINCT_ID_LENGTH:
            issues.append(
                FieldIssue("distinct_id", f"must be 1 to {MAX_DISTINCT_ID_LENGTH} characters long")
            )
        if self.timestamp.tzinfo is None:
            issues.append(FieldIssue("timestamp", "must carry a time zone"))
        if issues:
            raise ValidationFailed(issues)

    @property
    def day(self) -> date:
        """The UTC day it happened on."""
        return self.timestamp.astimezone(UTC).date()

    @property
    def anonymous(self) -> bool:
        """Whether it is an anonymous aggregate count (:func:`aggregate_of`)."""
        return self.distinct_id == ANONYMOUS_ID


def aggregate_of(event: AnalyticsEvent) -> AnalyticsEvent:
    """``event`` as an anonymous aggregate count: no distinct id, no user id, the moment cut
    to its UTC day, and of its properties only the catalogue's required ones (what a count is
    kept per: the template, the step, the format); stores keep it as a counter, not a row."""
    spec = EVENT_CATALOGUE[event.name]
    day = event.timestamp.astimezone(UTC).replace(hour=0, minute=0, second=0, microsecond=0)
    return AnalyticsEvent(
        name=event.name,
        distinct_id=ANONYMOUS_ID,
        timestamp=day,
        properties={
            key: event.properties.get(key) for key, prop in spec.properties.items() if prop.required
        },
        user_id=None,
    )


def property_bytes(properties: Mapping[str, Any]) -> int:
    """The size of ``properties`` as compact UTF-8 JSON, what the byte budgets count."""
    text = json.dumps(properties, ensure_ascii=False, separators=(",", ":"), default=str)
    return len(text.encode("utf-8", "surrogatepass"))


def check_browser_event(
    name: str, properties: Mapping[str, Any], timestamp: datetime | None, now: datetime
) -> datetime:
    """When a browser's event ``name`` happened, if the browser may send it: refuses an event
    the server captures (``server_side_event``; for ``upgrade_started`` any step but the
    dialog's), a moment more than :data:`BROWSER_PAST` before ``now`` or
    :data:`BROWSER_FUTURE` after it (``timestamp_out_of_range``), and properties over
    :data:`MAX_EVENT_BYTES` (``TooLarge``, ``event_too_large``). A moment a little ahead is
    taken as ``now``; none at all is ``now``."""
    check_event(name, properties)
    spec = EVENT_CATALOGUE[name]
    if Side.BROWSER not in spec.captured_by:
        raise _refusal(
            "event",
            f"{name} is captured by the server, never sent by a browser",
            "server_side_event",
        )
    for key, allowed in spec.browser_choices.items():
        if properties.get(key) not in allowed:
            raise _refusal(
                f"properties.{key}",
                f"a browser may send only {', '.join(allowed)} (the rest are the server's)",
                "server_side_event",
            )
    size = property_bytes(properties)
    if size > MAX_EVENT_BYTES:
        raise TooLarge(
            f"properties take {size} bytes; an event may carry at most {MAX_EVENT_BYTES}",
            code="event_too_large",
        )
    if timestamp is None:
        return now
    if timestamp.tzinfo is None:
        raise _refusal("timestamp", "must carry a time zone", "invalid_event")
    if timestamp < now - BROWSER_PAST or timestamp > now + BROWSER_FUTURE:
        raise _refusal(
            "timestamp",
            f"must be within {BROWSER_PAST.days} days before and "
            f"{int(BROWSER_FUTURE.total_seconds() // 60)} minutes after the server's clock",
            "timestamp_out_of_range",
        )
    return min(timestamp, now)


def check_browser_batch(sizes: Sequence[int]) -> None:
    """Refuses a batch whose events' properties (``sizes`` in bytes) add up to more than
    :data:`MAX_BATCH_BYTES` (``TooLarge``, ``batch_too_large``)."""
    total = sum(sizes)
    if total > MAX_BATCH_BYTES:
        raise TooLarge(
            f"the batch's properties take {total} bytes; a batch may carry at most "
            f"{MAX_BATCH_BYTES}",
            code="batch_too_large",
        )


def _refusal(path: str, message: str, code: str) -> ValidationFailed:
    error = ValidationFailed((FieldIssue(path, message),))
    error.code = code
    return error


def check_event(name: str, properties: Mapping[str, Any]) -> Mapping[str, Scalar]:
    """``properties`` of an event ``name`` as the catalogue allows them, or ``ValidationFailed``
    naming every problem: ``unknown_event``, ``property_too_long`` or ``invalid_event``."""
    spec = EVENT_CATALOGUE.get(name)
    if spec is None:
        error = ValidationFailed(
            (FieldIssue("event", f"unknown event {name[:100]!r}; see the event catalogue"),)
        )
        error.code = "unknown_event"
        raise error
    issues: list[FieldIssue] = []
    too_long = False
    if len(properties) > MAX_PROPERTIES:
        issues.append(FieldIssue("properties", f"must be at most {MAX_PROPERTIES} properties"))
    for key, value in properties.items():
        path = f"properties.{key}"
        if not isinstance(key, str) or not key or len(key) > MAX_PROPERTY_NAME_LENGTH:
            issues.append(
                FieldIssue(
                    "properties", f"names must be 1 to {MAX_PROPERTY_NAME_LENGTH} characters"
                )
            )
        elif isinstance(value, str) and len(value) > MAX_PROPERTY_LENGTH:
            too_long = True
            issues.append(FieldIssue(path, f"must be at most {MAX_PROPERTY_LENGTH} characters"))
        elif value is not None and not isinstance(value, str | int | float | bool):
            issues.append(FieldIssue(path, "must be a string, number, boolean or null"))
        elif isinstance(value, float) and not math.isfinite(value):
            issues.append(FieldIssue(path, "must be a finite number"))
    for key, prop in spec.properties.items():
        issues.extend(_check_documented(f"properties.{key}", prop, properties.get(key)))
    if issues:
        error = ValidationFailed(issues)
        error.code = "property_too_long" if too_long else "invalid_event"
        raise error
    return properties


def _check_documented(path: str, prop: PropertySpec, value: object) -> list[FieldIssue]:
    if value is None:
        return [FieldIssue(path, "is required")] if prop.required else []
    types = _TYPES[prop.type]
    if (isinstance(value, bool) and prop.type != "boolean") or not isinstance(value, types):
        return [FieldIssue(path, f"must be a {prop.type}")]
    if prop.choices and value not in prop.choices:
        return [FieldIssue(path, f"must be one of {', '.join(prop.choices)}")]
    return []


@attrs.frozen
class DailyCount:
    """A number for one day."""

    day: date
    count: int


@attrs.frozen
class CategoryCounts:
    """Template views and customisations of one category over the period."""

    category: str
    views: int
    customisations: int


@attrs.frozen
class SearchTermCount:
    """A search term, how often it was searched, and whether its last search found nothing."""

    term: str
    count: int
    no_results: bool


@attrs.frozen
class UpgradeFunnel:
    """Distinct people at each stage of the upgrade over the period."""

    dialog_opened: int
    payment_started: int
    payment_succeeded: int


@attrs.frozen
class PaymentFigures:
    """What the payment books and the referrals say over a period: the dashboard's money and
    referral figures, which events (forgeable, and missing before consent) must not give."""

    started: int
    """Distinct people who started a payment."""
    succeeded: int
    """Distinct people whose payment succeeded."""
    referral_completions: Mapping[date, int]
    """Completed referrals per UTC day."""


@attrs.frozen
class EventTotals:
    """What an event store counts over a period (the dashboard adds search terms and
    categories)."""

    daily_active_users: tuple[DailyCount, ...]
    """Distinct people with any event, per day, oldest first, every day of the period."""
    template_views: Mapping[str, int]
    """``template_viewed`` by template id."""
    template_customisations: Mapping[str, int]
    """``template_customised`` by template id."""
    funnel: UpgradeFunnel
    referral_completions: tuple[DailyCount, ...]
    """``referral_completed`` per day, oldest first, every day of the period."""
    no_result_terms: frozenset[str]
    """Terms whose most recent ``search_performed`` found nothing."""


@attrs.frozen
class AnalyticsSummary:
    """The admin dashboard's figures over the last ``days`` days."""

    days: int
    start: date
    end: date
    daily_active_users: tuple[DailyCount, ...]
    categories: tuple[CategoryCounts, ...]
    top_search_terms: tuple[SearchTermCount, ...]
    funnel: UpgradeFunnel
    referral_completions: tuple[DailyCount, ...]


def summary_period(days: int, now: datetime) -> tuple[date, date]:
    """The first and last UTC day of the last ``days`` days up to ``now``; ``days`` must be
    one of :data:`SUMMARY_DAYS`."""
    if days not in SUMMARY_DAYS:
        raise ValidationFailed(
            (FieldIssue("days", f"must be one of {', '.join(map(str, SUMMARY_DAYS))}"),)
        )
    end = now.astimezone(UTC).date()
    return end - timedelta(days=days - 1), end


def every_day(start: date, end: date, counts: Mapping[date, int]) -> tuple[DailyCount, ...]:
    """A count for every day from ``start`` to ``end``, zero where ``counts`` has none."""
    return tuple(
        DailyCount(start + timedelta(days=i), counts.get(start + timedelta(days=i), 0))
        for i in range((end - start).days + 1)
    )


def per_category(
    views: Mapping[str, int], customisations: Mapping[str, int], category_of: Mapping[str, str]
) -> tuple[CategoryCounts, ...]:
    """Views and customisations added up by the category of each template, most viewed first
    (templates no longer in the catalogue count under ``Unknown``)."""
    totals: dict[str, list[int]] = {}
    for counts, index in ((views, 0), (customisations, 1)):
        for template_id, count in counts.items():
            totals.setdefault(category_of.get(template_id, "Unknown"), [0, 0])[index] += count
    ordered = sorted(totals.items(), key=lambda item: (-item[1][0], -item[1][1], item[0]))
    return tuple(CategoryCounts(name, v, c) for name, (v, c) in ordered)
