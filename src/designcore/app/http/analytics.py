"""``/api/v1/events`` (the web app's events when no PostHog key is configured) and
``/api/v1/analytics/summary`` (the admin dashboard)."""

from __future__ import annotations

from datetime import date, datetime
from typing import Annotated, Any, Literal

import msgspec
from litestar import Controller, Request, get, post
from litestar.di import NamedDependency
from litestar.params import QueryParameter, SkipValidation

from designcore.app.http.bodies import json_body
from designcore.app.http.consent import consent_of
from designcore.app.http.dependencies import Me
from designcore.app.http.rate_limits import Quota, RateLimited, address_key, retry_after_quotas
from designcore.app.services.analytics import MAX_CLIENT_BATCH, AnalyticsService
from designcore.domain.analytics import AnalyticsSummary, DailyCount
from designcore.domain.errors import FieldIssue, ValidationFailed
from designcore.ports.rate_limit import RateLimiter

Service = NamedDependency[AnalyticsService]
Limiter = NamedDependency[SkipValidation[RateLimiter]]

EVENTS_PER_ADDRESS = Quota(limit=120, window_seconds=60)
"""Batches one client address may send a minute (each flush of the web app is one batch, at
most one every 3 s per tab, so this leaves room for many tabs and people behind one NAT)."""


class EventIn(msgspec.Struct, forbid_unknown_fields=True):
    """One event of the web app."""

    event: str
    distinct_id: str = ""
    timestamp: datetime | None = None
    properties: dict[str, Any] = msgspec.field(default_factory=dict)


class EventsIn(msgspec.Struct, forbid_unknown_fields=True):
    """A batch of the web app's events."""

    batch: list[EventIn]


class EventsOut(msgspec.Struct):
    """How many events were accepted."""

    accepted: int


class DailyOut(msgspec.Struct):
    day: date
    count: int


class CategoryOut(msgspec.Struct):
    category: str
    views: int
    customisations: int


class SearchTermOut(msgspec.Struct):
    term: str
    count: int
    no_results: bool


class FunnelOut(msgspec.Struct):
    dialog_opened: int
    payment_started: int
    payment_succeeded: int


class SummaryOut(msgspec.Struct):
    """The admin dashboard's figures."""

    days: int
    start: date
    end: date
    daily_active_users: list[DailyOut]
    categories: list[CategoryOut]
    top_search_terms: list[SearchTermOut]
    funnel: FunnelOut
    referral_completions: list[DailyOut]

    @classmethod
    def of(cls, summary: AnalyticsSummary) -> SummaryOut:
        def daily(counts: tuple[DailyCount, ...]) -> list[DailyOut]:
            return [DailyOut(c.day, c.count) for c in counts]

        return cls(
            days=summary.days,
            start=summary.start,
            end=summary.end,
            daily_active_users=daily(summary.daily_active_users),
            categories=[
                CategoryOut(c.category, c.views, c.customisations) for c in summary.categories
            ],
            top_search_terms=[
                SearchTermOut(t.term, t.count, t.no_results) for t in summary.top_search_terms
            ],
            funnel=FunnelOut(
                summary.funnel.dialog_opened,
                summary.funnel.payment_started,
                summary.funnel.payment_succeeded,
            ),
            referral_completions=daily(summary.referral_completions),
        )


class BrowserConfigOut(msgspec.Struct):
    """Where the web app sends its events: PostHog's key and address, or both null (then
    to ``POST /api/v1/events``)."""

    posthog_key: str | None
    posthog_host: str | None


class AnalyticsController(Controller):
    """``/api/v1``: events in, the dashboard's summary out."""

    path = "/api/v1"
    tags = ["analytics"]

    @post(
        "/events",
        operation_id="captureEvents",
        status_code=202,
        sync_to_thread=True,
        dependencies={"events": json_body(EventsIn)},
    )
    def capture(
        self,
        analytics_service: Service,
        viewer: Me,
        limiter: Limiter,
        request: Request[Any, Any, Any],
        events: NamedDependency[EventsIn],
    ) -> EventsOut:
        """Capture up to 100 events of the web app, each checked against the catalogue (400
        ``unknown_event``, ``property_too_long`` or ``invalid_event``), sent by a browser
        only if the browser captures it (400 ``server_side_event``), within 7 days before and
        10 minutes after now (400 ``timestamp_out_of_range``), one distinct id a batch (400
        ``mixed_distinct_ids``), 8 KiB of properties an event and 64 KiB a batch (413
        ``event_too_large``, ``batch_too_large``): any refusal refuses the whole batch and
        keeps nothing. Kept as the consent cookie allows: whole when granted, as anonymous
        counts before an answer, not at all when refused (``accepted`` 0). 429 with
        ``Retry-After`` over 120 batches a minute per client address."""
        wait = retry_after_quotas(limiter, [(address_key("events", request), EVENTS_PER_ADDRESS)])
        if wait is not None:
            raise RateLimited(
                wait, code="too_many_events", message=f"too many events; try again in {wait} s"
            )
        if len(events.batch) > MAX_CLIENT_BATCH:
            raise ValidationFailed(
                [FieldIssue("batch", f"must hold at most {MAX_CLIENT_BATCH} events")]
            )
        accepted = analytics_service.record(
            [msgspec.structs.asdict(e) for e in events.batch],
            viewer,
            consent_of(request.headers),
        )
        return EventsOut(accepted)

    @get("/analytics/config", operation_id="analyticsConfig", sync_to_thread=False)
    def config(self, analytics_service: Service) -> BrowserConfigOut:
        """Where the web app sends its events: with a PostHog key configured (and
        ``DESIGNCORE_ANALYTICS_BACKEND=posthog``), PostHog's project key and address for its
        browser client; else both null, and the web app posts to ``/api/v1/events``."""
        browser = analytics_service.browser_config()
        if not browser.posthog_key:
            return BrowserConfigOut(posthog_key=None, posthog_host=None)
        return BrowserConfigOut(posthog_key=browser.posthog_key, posthog_host=browser.posthog_host)

    @get("/analytics/summary", operation_id="getAnalyticsSummary", sync_to_thread=True)
    def summary(
        self,
        analytics_service: Service,
        viewer: Me,
        days: Annotated[Literal[7, 30, 90], QueryParameter(description="7, 30 or 90")] = 7,
    ) -> SummaryOut:
        """The admin dashboard's figures over the last 7, 30 or 90 days (admins only: 403
        ``admin_only`` for everyone else)."""
        return SummaryOut.of(analytics_service.summary(days, viewer))
