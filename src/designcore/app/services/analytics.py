"""Analytics use cases: capturing the catalogue's events from the services, the web app's
events through the server, and the admin dashboard's summary."""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime, time, timedelta
from typing import Any

import attrs

from designcore.domain.analytics import (
    AnalyticsEvent,
    AnalyticsSummary,
    Scalar,
    SearchTermCount,
    per_category,
    summary_period,
)
from designcore.domain.errors import DesignCoreError, NotAllowed
from designcore.domain.premium import Viewer
from designcore.ports.analytics import Analytics, AnalyticsEventStore
from designcore.ports.clock import Clock
from designcore.ports.prompts import PromptLog

log = logging.getLogger(__name__)

ANONYMOUS_SERVER_ID = "server:anonymous"
"""The distinct id of a server-side event of a visitor the server cannot name."""
TOP_SEARCH_TERMS = 20
"""How many search terms the dashboard lists."""
MAX_CLIENT_BATCH = 100
"""The most events one ``POST /api/v1/events`` may carry (the client's burst)."""


class EventRecorder:
    """What the other services call to capture an event: it never raises and never waits.

    An event that breaks the catalogue (a bug of ours) is logged and dropped rather than
    failing the request that caused it.
    """

    def __init__(self, analytics: Analytics | None, clock: Clock | None) -> None:
        self._analytics = analytics
        self._clock = clock

    def capture(self, name: str, user_id: str | None, **properties: Scalar) -> None:
        """Capture ``name`` now, for ``user_id`` (or an anonymous visitor)."""
        if self._analytics is None or self._clock is None:
            return
        try:
            event = AnalyticsEvent(
                name=name,
                distinct_id=user_id or ANONYMOUS_SERVER_ID,
                timestamp=self._clock.now(),
                properties=properties,
                user_id=user_id,
            )
        except DesignCoreError:
            log.exception("analytics: dropped an invalid %s event", name)
            return
        self._analytics.capture(event)

    def identify(self, user_id: str, email: str | None) -> None:
        """Tie ``user_id`` to its e-mail (on sign-in)."""
        if self._analytics is not None:
            self._analytics.identify(user_id, email, {})

    def reset(self, user_id: str) -> None:
        """Forget ``user_id``'s identity (on sign-out)."""
        if self._analytics is not None:
            self._analytics.reset(user_id)


NO_EVENTS = EventRecorder(None, None)
"""A recorder that captures nothing: the services' default when built without analytics."""


@attrs.frozen
class BrowserAnalytics:
    """Where the web app sends its events: PostHog's project key and address when the server
    sends to PostHog, else empty (the web app then posts to ``/api/v1/events``)."""

    posthog_key: str = ""
    posthog_host: str = ""


class AnalyticsService:
    """The web app's events and the admin dashboard."""

    def __init__(
        self,
        analytics: Analytics,
        events: AnalyticsEventStore,
        prompts: PromptLog,
        category_of: Callable[[], Mapping[str, str]],
        clock: Clock,
        browser: BrowserAnalytics | None = None,
    ) -> None:
        self._analytics = analytics
        self._events = events
        self._prompts = prompts
        self._category_of = category_of
        self._clock = clock
        self._browser = browser or BrowserAnalytics()

    def browser_config(self) -> BrowserAnalytics:
        """Where the web app sends its events (public: a PostHog project key is meant to be
        seen by browsers)."""
        return self._browser

    def record(self, batch: Sequence[Mapping[str, Any]], viewer: Viewer) -> int:
        """Check every event of the web app's ``batch`` against the catalogue and capture
        them all, or refuse the batch (``ValidationFailed`` naming the first bad event). A
        signed-in viewer's events are theirs whatever id the browser sent."""
        now = self._clock.now()
        events = []
        for index, item in enumerate(batch):
            try:
                events.append(_client_event(item, viewer, now))
            except DesignCoreError as error:
                error.message = f"events[{index}]: {error.message}"
                error.args = (error.message,)
                raise
        for event in events:
            self._analytics.capture(event)
        return len(events)

    def summary(self, days: int, viewer: Viewer) -> AnalyticsSummary:
        """The dashboard's figures over the last ``days`` days (7, 30 or 90), for admins."""
        if not viewer.is_admin:
            raise NotAllowed("only administrators can read analytics", code="admin_only")
        start, end = summary_period(days, self._clock.now())
        since = datetime.combine(start, time(), tzinfo=UTC)
        until = datetime.combine(end + timedelta(days=1), time(), tzinfo=UTC)
        terms = self._prompts.search_term_counts(since, until, TOP_SEARCH_TERMS)
        totals = self._events.totals(start, end, [term for term, _ in terms])
        return AnalyticsSummary(
            days=days,
            start=start,
            end=end,
            daily_active_users=totals.daily_active_users,
            categories=per_category(
                totals.template_views, totals.template_customisations, self._category_of()
            ),
            top_search_terms=tuple(
                SearchTermCount(term, count, term in totals.no_result_terms)
                for term, count in terms
            ),
            funnel=totals.funnel,
            referral_completions=totals.referral_completions,
        )


def _client_event(item: Mapping[str, Any], viewer: Viewer, now: datetime) -> AnalyticsEvent:
    """An event of the web app: its own moment if given and not in the future (clocks of
    browsers drift), else now."""
    moment = item.get("timestamp") or now
    if moment > now:
        moment = now
    distinct_id = viewer.user_id or str(item.get("distinct_id") or "")
    return AnalyticsEvent(
        name=str(item["event"]),
        distinct_id=distinct_id,
        timestamp=moment,
        properties=item.get("properties") or {},
        user_id=viewer.user_id,
    )
