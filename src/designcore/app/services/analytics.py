"""Analytics use cases: capturing the catalogue's events from the services, the web app's
events through the server, and the admin dashboard's summary."""

from __future__ import annotations

import contextvars
import logging
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

import attrs

from designcore.domain.analytics import (
    AnalyticsEvent,
    AnalyticsSummary,
    CaptureMode,
    Consent,
    PaymentFigures,
    Scalar,
    SearchTermCount,
    UpgradeFunnel,
    aggregate_of,
    capture_mode,
    check_browser_batch,
    check_browser_event,
    every_day,
    per_category,
    property_bytes,
    summary_period,
)
from designcore.domain.errors import DesignCoreError, FieldIssue, NotAllowed, ValidationFailed
from designcore.domain.premium import Viewer
from designcore.ports.accounts import AccountsUnitOfWork
from designcore.ports.analytics import Analytics, AnalyticsEventStore
from designcore.ports.clock import Clock
from designcore.ports.prompts import PromptLog

log = logging.getLogger(__name__)

CONSENT: contextvars.ContextVar[Consent] = contextvars.ContextVar(
    "designcore_analytics_consent", default=Consent.UNDECIDED
)
"""The analytics consent of the visitor whose request is being served: the HTTP shell sets it
from the consent cookie for each request (``app/http/consent.py``); work outside a request (a
payment provider's webhook, a periodic job) has no visitor and stays ``UNDECIDED``, so only
anonymous aggregate counts are kept of it."""

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
        """Capture ``name`` now, for ``user_id`` (or an anonymous visitor), as far as the
        visitor's consent (:data:`CONSENT`) allows: whole with consent, as an anonymous
        aggregate count before it, not at all after a refusal."""
        if self._analytics is None or self._clock is None:
            return
        mode = capture_mode(CONSENT.get())
        if mode is CaptureMode.NOTHING:
            return
        try:
            event = AnalyticsEvent(
                name=name,
                distinct_id=user_id or ANONYMOUS_SERVER_ID,
                timestamp=self._clock.now(),
                properties=properties,
                user_id=user_id,
            )
            if mode is CaptureMode.AGGREGATE:
                event = aggregate_of(event)
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
        books: Callable[[], AccountsUnitOfWork],
        browser: BrowserAnalytics | None = None,
    ) -> None:
        self._analytics = analytics
        self._books = books
        self._events = events
        self._prompts = prompts
        self._category_of = category_of
        self._clock = clock
        self._browser = browser or BrowserAnalytics()

    def browser_config(self) -> BrowserAnalytics:
        """Where the web app sends its events (public: a PostHog project key is meant to be
        seen by browsers)."""
        return self._browser

    def record(self, batch: Sequence[Mapping[str, Any]], viewer: Viewer, consent: Consent) -> int:
        """Check every event of the web app's ``batch`` and capture them all as far as
        ``consent`` allows (how many were kept), or refuse the batch and keep nothing: an
        event the server captures, a moment outside the browser's window, properties over the
        byte budgets (``check_browser_event``, ``check_browser_batch``), an event outside the
        catalogue, or a visitor's batch with more than one distinct id (a browser has one, so
        forged people are bounded by the rate limit of batches). A signed-in viewer's events
        are theirs whatever id the browser sent."""
        mode = capture_mode(consent)
        now = self._clock.now()
        events = []
        for index, item in enumerate(batch):
            try:
                events.append(_client_event(item, viewer, now))
            except DesignCoreError as error:
                error.message = f"events[{index}]: {error.message}"
                error.args = (error.message,)
                raise
        check_browser_batch([property_bytes(e.properties) for e in events])
        if len({e.distinct_id for e in events}) > 1:
            mixed = ValidationFailed(
                (FieldIssue("batch", "a browser's events must all carry its one distinct_id"),)
            )
            mixed.code = "mixed_distinct_ids"
            raise mixed
        if mode is CaptureMode.NOTHING:
            return 0
        for event in events:
            self._analytics.capture(
                event if mode is CaptureMode.IDENTIFIED else aggregate_of(event)
            )
        return len(events)

    def payment_figures(self, start: date, end: date) -> PaymentFigures:
        """The payment books' and the referrals' figures over the UTC days ``start`` to
        ``end``."""
        since = datetime.combine(start, time(), tzinfo=UTC)
        until = datetime.combine(end + timedelta(days=1), time(), tzinfo=UTC)
        with self._books() as books:
            started, succeeded = books.payments.payers_between(since, until)
            referrals = books.referrals.completed_per_day(since, until)
        return PaymentFigures(started, succeeded, referrals)

    def summary(self, days: int, viewer: Viewer) -> AnalyticsSummary:
        """The dashboard's figures over the last ``days`` days (7, 30 or 90), for admins."""
        if not viewer.is_admin:
            raise NotAllowed("only administrators can read analytics", code="admin_only")
        start, end = summary_period(days, self._clock.now())
        since = datetime.combine(start, time(), tzinfo=UTC)
        until = datetime.combine(end + timedelta(days=1), time(), tzinfo=UTC)
        terms = self._prompts.search_term_counts(since, until, TOP_SEARCH_TERMS)
        totals = self._events.totals(start, end, [term for term, _ in terms])
        books = self.payment_figures(start, end)
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
            funnel=UpgradeFunnel(
                dialog_opened=totals.funnel.dialog_opened,
                payment_started=books.started,
                payment_succeeded=books.succeeded,
            ),
            referral_completions=every_day(start, end, books.referral_completions),
        )


def _client_event(item: Mapping[str, Any], viewer: Viewer, now: datetime) -> AnalyticsEvent:
    """An event of the web app, if a browser may send it: its own moment when within the
    browser's window (a little ahead is taken as now: clocks of browsers drift)."""
    name = str(item["event"])
    properties = item.get("properties") or {}
    moment = check_browser_event(name, properties, item.get("timestamp"), now)
    distinct_id = viewer.user_id or str(item.get("distinct_id") or "")
    return AnalyticsEvent(
        name=name,
        distinct_id=distinct_id,
        timestamp=moment,
        properties=properties,
        user_id=viewer.user_id,
    )
