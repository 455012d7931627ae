"""Server-side capture in the services where things happen, the web app's events, the
dashboard's summary, and the choice of adapter."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from designcore.adapters.local_analytics import LocalAnalytics, NullAnalytics
from designcore.adapters.memory.analytics import InMemoryAnalyticsEventStore
from designcore.adapters.paystack.sandbox import DECLINED_CARD, SUCCESS_CARD
from designcore.app import Container, build_container, load_settings
from designcore.app.plugins import AdapterMismatch
from designcore.app.services.analytics import CONSENT
from designcore.app.services.auth import AuthService, IssuedSession
from designcore.domain.analytics import (
    ANONYMOUS_ID,
    MAX_BATCH_BYTES,
    MAX_EVENT_BYTES,
    AnalyticsEvent,
    Consent,
    Scalar,
    UpgradeFunnel,
)
from designcore.domain.errors import NotAllowed, TooLarge, ValidationFailed
from designcore.domain.pagination import PageRequest
from designcore.domain.premium import Viewer
from designcore.domain.records import SearchPrompt
from designcore.testing.builders import make_template
from support import store_customer

ADMIN = Viewer(user_id="admin-1", user_role="admin")


def captured(container: Container) -> list[tuple[str, str, dict[str, Scalar]]]:
    """What the container's analytics stored, after a flush."""
    container.analytics().flush()
    store: InMemoryAnalyticsEventStore = container.analytics_events()
    return [(e.name, e.distinct_id, dict(e.properties)) for e in store.all_events()]


@pytest.mark.usefixtures("granted")
class TestServerSideCapture:
    def test_template_views_uses_and_searches(self, memory_container: Container) -> None:
        """Counting a view or a use captures it for the viewer; a search's first page
        captures the term and how many templates it found."""
        template = make_template(name="Harvest Flyer", tags=("harvest",))
        memory_container.catalogue().add(template)
        catalogue = memory_container.catalogue_service()
        catalogue.record_view(template.id, "u1")
        catalogue.record_use(template.id, "u1")
        catalogue.search("harvest", PageRequest(1, 24))
        catalogue.search("harvest", PageRequest(2, 24))
        catalogue.search("zzzz", PageRequest(1, 24))
        assert [
            ("template_viewed", "u1", {"template_id": template.id}),
            ("template_customised", "u1", {"template_id": template.id}),
            ("search_performed", "server:anonymous", {"term": "harvest", "results": 1}),
            ("search_performed", "server:anonymous", {"term": "zzzz", "results": 0}),
        ] == captured(memory_container)

    def test_sign_up_in_and_out(
        self, memory_container: Container, auth: AuthService, ada: IssuedSession
    ) -> None:
        """Signing up captures signed_up and signed_in (the first session); signing out
        captures signed_out."""
        user_id = ada.user.id
        auth.sessions.sign_out(auth.sessions.authenticate(ada.access_token), "local")
        assert [
            ("signed_up", user_id, {"method": "email"}),
            ("signed_in", user_id, {"method": "password"}),
            ("signed_out", user_id, {}),
        ] == captured(memory_container)

    def test_a_referred_sign_up_completes_the_referral(
        self,
        memory_container: Container,
        sign_up: Callable[..., IssuedSession],
        ada: IssuedSession,
    ) -> None:
        """A sign-up with a valid referral code captures referral_completed naming the
        referrer."""
        code = memory_container.profiles().referral_code(Viewer(user_id=ada.user.id), ada.user.id)
        kemi = sign_up("kemi@example.com", referral_code=code)
        assert (
            "referral_completed",
            kemi.user.id,
            {"referrer_id": ada.user.id},
        ) in captured(memory_container)

    def test_payments_started_succeeded_and_failed(self, memory_container: Container) -> None:
        """Starting a payment, its success and a declined card are each captured."""
        ada = store_customer(memory_container.accounts(), memory_container.clock().now())
        payments = memory_container.payments()
        sandbox = memory_container.paystack_sandbox()
        paid = payments.create_upgrade(ada, 150_000, "NGN")
        sandbox.charge_card(paid.access_code, number=SUCCESS_CARD.number, cvv="408", expiry="12/40")
        payments.verify(ada, paid.reference)
        declined = payments.create_upgrade(ada, 150_000, "NGN")
        sandbox.charge_card(
            declined.access_code, number=DECLINED_CARD.number, cvv="408", expiry="12/40"
        )
        payments.verify(ada, declined.reference)
        assert [
            ("upgrade_started", ada, {"step": "payment_started"}),
            (
                "payment_succeeded",
                ada,
                {"reference": paid.reference, "amount": 150_000},
            ),
            ("upgrade_started", ada, {"step": "payment_started"}),
            ("payment_failed", ada, {"reference": declined.reference, "reason": "Declined"}),
        ] == captured(memory_container)


def client_event(name: str, **fields: Any) -> Mapping[str, Any]:
    return {"event": name, "distinct_id": "anon-1", "properties": {}, **fields}


class TestWebAppEvents:
    def test_a_batch_is_captured_as_the_signed_in_viewer(self, memory_container: Container) -> None:
        """A signed-in viewer's events are theirs whatever id the browser sent; a
        visitor's keep the browser's anonymous id."""
        service = memory_container.analytics_service()
        service.record(
            [client_event("upgrade_started", properties={"step": "dialog_opened"})],
            Viewer(user_id="u7"),
            Consent.GRANTED,
        )
        service.record(
            [client_event("rage_click", properties={"x": 4, "y": 9})], Viewer(), Consent.GRANTED
        )
        assert [
            ("upgrade_started", "u7", {"step": "dialog_opened"}),
            ("rage_click", "anon-1", {"x": 4, "y": 9}),
        ] == captured(memory_container)

    def test_one_bad_event_refuses_the_batch(self, memory_container: Container) -> None:
        """An unknown event refuses the whole batch, naming its place; nothing is captured."""
        service = memory_container.analytics_service()
        with pytest.raises(ValidationFailed) as refused:
            service.record(
                [client_event("rage_click"), client_event("page_leave")],
                Viewer(user_id="u1"),
                Consent.GRANTED,
            )
        assert "unknown_event" == refused.value.code
        assert refused.value.message.startswith("events[1]: ")
        assert [] == captured(memory_container)


class TestSummary:
    def test_admins_only(self, memory_container: Container) -> None:
        """Anyone but an admin is refused."""
        with pytest.raises(NotAllowed):
            memory_container.analytics_service().summary(7, Viewer(user_id="u1"))

    @pytest.mark.usefixtures("granted")
    def test_figures_of_the_period(self, memory_container: Container) -> None:
        """Views per category, top terms with the ones that found nothing, the funnel."""
        church = make_template(name="Church Flyer", category="Church")
        memory_container.catalogue().add(church)
        now = memory_container.clock().now()
        catalogue = memory_container.catalogue_service()
        catalogue.record_view(church.id, "u1")
        catalogue.record_view(church.id, "u2")
        catalogue.search("choir", PageRequest(1, 24))
        prompts = memory_container.prompt_log()
        for term in ("choir", "choir", "flyer"):
            prompts.add_search_prompt(SearchPrompt(search_term=term, created_at=now))
        prompts.add_search_prompt(
            SearchPrompt(search_term="old", created_at=now - timedelta(days=8))
        )
        service = memory_container.analytics_service()
        service.record(
            [client_event("upgrade_started", properties={"step": "dialog_opened"})],
            Viewer(user_id="u1"),
            Consent.GRANTED,
        )
        memory_container.analytics().flush()
        summary = service.summary(7, ADMIN)
        assert 7 == len(summary.daily_active_users)
        assert 3 == summary.daily_active_users[-1].count  # u1, u2 and the anonymous search
        assert [("Church", 2, 0)] == [
            (c.category, c.views, c.customisations) for c in summary.categories
        ]
        assert [("choir", 2, True), ("flyer", 1, False)] == [
            (t.term, t.count, t.no_results) for t in summary.top_search_terms
        ]
        assert UpgradeFunnel(1, 0, 0) == summary.funnel

    def test_only_7_30_or_90_days(self, memory_container: Container) -> None:
        """Other periods are refused."""
        with pytest.raises(ValidationFailed):
            memory_container.analytics_service().summary(14, ADMIN)


class TestConsent:
    def test_before_an_answer_only_anonymous_counts(self, memory_container: Container) -> None:
        """Without an answer a server-side event keeps no person: no stored event, nobody
        active, but the category's views still count."""
        church = make_template(name="Church Flyer", category="Church")
        memory_container.catalogue().add(church)
        memory_container.catalogue_service().record_view(church.id, "u1")
        memory_container.analytics().flush()
        assert [] == captured(memory_container)
        summary = memory_container.analytics_service().summary(7, ADMIN)
        assert 0 == summary.daily_active_users[-1].count
        assert [("Church", 1, 0)] == [
            (c.category, c.views, c.customisations) for c in summary.categories
        ]

    def test_the_anonymous_count_carries_no_ids(self) -> None:
        """What reaches the adapter before an answer has no distinct id, no user id and no
        moment finer than the day."""
        mine = RecordingAnalytics()
        container = build_container(
            load_settings({"DESIGNCORE_DATABASE_URL": "memory://"}), analytics=mine
        )
        template = make_template()
        container.catalogue().add(template)
        container.catalogue_service().record_view(template.id, "u1")
        (event,) = mine.events
        assert (ANONYMOUS_ID, None) == (event.distinct_id, event.user_id)
        assert (0, 0) == (event.timestamp.hour, event.timestamp.minute)
        assert {"template_id": template.id} == dict(event.properties)

    def test_a_refusal_records_nothing(self, memory_container: Container) -> None:
        """After a refusal neither the server's events nor the browser's are recorded."""
        template = make_template()
        memory_container.catalogue().add(template)
        token = CONSENT.set(Consent.REFUSED)
        try:
            memory_container.catalogue_service().record_view(template.id, "u1")
        finally:
            CONSENT.reset(token)
        accepted = memory_container.analytics_service().record(
            [client_event("rage_click")], Viewer(user_id="u1"), Consent.REFUSED
        )
        assert 0 == accepted
        summary = memory_container.analytics_service().summary(7, ADMIN)
        assert [] == list(summary.categories)
        assert [] == captured(memory_container)

    def test_browser_events_before_an_answer_are_counted_anonymously(
        self, memory_container: Container
    ) -> None:
        """A batch without consent is kept as counts only: nobody becomes active."""
        service = memory_container.analytics_service()
        assert 1 == service.record(
            [client_event("upgrade_started", properties={"step": "dialog_opened"})],
            Viewer(user_id="u1"),
            Consent.UNDECIDED,
        )
        assert [] == captured(memory_container)
        assert 0 == service.summary(7, ADMIN).daily_active_users[-1].count


class TestForgedAndOversizedBatches:
    @pytest.mark.parametrize(
        ("name", "properties"),
        [
            ("payment_succeeded", {"reference": "r", "amount": 150_000}),
            ("referral_completed", {"referrer_id": "u9"}),
            ("signed_up", {"method": "email"}),
            ("template_viewed", {"template_id": "t1"}),
            ("upgrade_started", {"step": "payment_started"}),
        ],
    )
    def test_server_side_events_are_refused(
        self, memory_container: Container, name: str, properties: dict[str, Scalar]
    ) -> None:
        """A browser may not send an event the server captures; the batch keeps nothing."""
        service = memory_container.analytics_service()
        with pytest.raises(ValidationFailed) as refused:
            service.record(
                [client_event("rage_click"), client_event(name, properties=properties)],
                Viewer(),
                Consent.GRANTED,
            )
        assert "server_side_event" == refused.value.code
        assert refused.value.message.startswith("events[1]: ")
        assert [] == captured(memory_container)

    @pytest.mark.parametrize(
        "moment", ["0001-01-01T00:00:00+00:00", "9999-12-31T00:00:00+00:00", "days:-8", "min:11"]
    )
    def test_timestamps_outside_the_window_are_refused(
        self, memory_container: Container, moment: str
    ) -> None:
        """More than 7 days old or 10 minutes ahead is 400 timestamp_out_of_range."""
        now = memory_container.clock().now()
        if moment.startswith("days:"):
            when = now + timedelta(days=int(moment[5:]))
        elif moment.startswith("min:"):
            when = now + timedelta(minutes=int(moment[4:]))
        else:
            when = datetime.fromisoformat(moment)
        with pytest.raises(ValidationFailed) as refused:
            memory_container.analytics_service().record(
                [client_event("rage_click", timestamp=when)], Viewer(), Consent.GRANTED
            )
        assert "timestamp_out_of_range" == refused.value.code
        assert [] == captured(memory_container)

    def test_a_little_ahead_is_now_and_a_day_old_is_kept(self, memory_container: Container) -> None:
        """Within the window: 5 minutes ahead is taken as now, a day old keeps its moment."""
        now = memory_container.clock().now()
        memory_container.analytics_service().record(
            [
                client_event("rage_click", timestamp=now + timedelta(minutes=5)),
                client_event("rage_click", timestamp=now - timedelta(days=1)),
            ],
            Viewer(),
            Consent.GRANTED,
        )
        memory_container.analytics().flush()
        store: InMemoryAnalyticsEventStore = memory_container.analytics_events()
        assert [now, now - timedelta(days=1)] == [e.timestamp for e in store.all_events()]

    def test_an_event_over_its_byte_budget_is_413(self, memory_container: Container) -> None:
        """Properties over 8 KiB are TooLarge event_too_large; nothing is kept."""
        big = {"selector": "x" * MAX_EVENT_BYTES}
        with pytest.raises(TooLarge) as refused:
            memory_container.analytics_service().record(
                [client_event("rage_click", properties=big)], Viewer(), Consent.GRANTED
            )
        assert "event_too_large" == refused.value.code
        assert [] == captured(memory_container)

    def test_a_batch_over_its_byte_budget_is_413(self, memory_container: Container) -> None:
        """Events each within budget that add up to over 64 KiB are batch_too_large."""
        per_event = {"selector": "x" * (MAX_EVENT_BYTES - 100)}
        count = MAX_BATCH_BYTES // (MAX_EVENT_BYTES - 100) + 1
        with pytest.raises(TooLarge) as refused:
            memory_container.analytics_service().record(
                [client_event("rage_click", properties=per_event)] * count,
                Viewer(),
                Consent.GRANTED,
            )
        assert "batch_too_large" == refused.value.code
        assert [] == captured(memory_container)

    def test_one_distinct_id_a_batch(self, memory_container: Container) -> None:
        """A visitor's batch naming several people is refused, so forged people are bounded
        by the batches' rate limit."""
        with pytest.raises(ValidationFailed) as refused:
            memory_container.analytics_service().record(
                [client_event("rage_click", distinct_id=f"anon-{i}") for i in range(3)],
                Viewer(),
                Consent.GRANTED,
            )
        assert "mixed_distinct_ids" == refused.value.code
        assert [] == captured(memory_container)


class TestFiguresFromTheBooks:
    @pytest.mark.usefixtures("granted")
    def test_payments_and_referrals_come_from_the_books(
        self,
        memory_container: Container,
        sign_up: Callable[..., IssuedSession],
        ada: IssuedSession,
    ) -> None:
        """The funnel's payments and the referral completions count payments and referrals,
        not events: both count though a refusal dropped their events."""
        # The sandbox stamps paid_at with the wall clock: the fixed clock joins it.
        clock = memory_container.clock()
        clock.advance(datetime.now(UTC) - clock.now())
        code = memory_container.profiles().referral_code(Viewer(user_id=ada.user.id), ada.user.id)
        token = CONSENT.set(Consent.REFUSED)
        try:
            sign_up("kemi@example.com", referral_code=code)
            payer = store_customer(
                memory_container.accounts(), memory_container.clock().now(), "bola@example.com"
            )
            payments = memory_container.payments()
            paid = payments.create_upgrade(payer, 150_000, "NGN")
            memory_container.paystack_sandbox().charge_card(
                paid.access_code, number=SUCCESS_CARD.number, cvv="408", expiry="12/40"
            )
            payments.verify(payer, paid.reference)
        finally:
            CONSENT.reset(token)
        memory_container.analytics().flush()
        summary = memory_container.analytics_service().summary(7, ADMIN)
        assert UpgradeFunnel(0, 1, 1) == summary.funnel
        assert 1 == summary.referral_completions[-1].count
        assert 1 == sum(d.count for d in summary.referral_completions)


class RecordingAnalytics:
    """An embedder's own adapter: keeps what it is given."""

    def __init__(self) -> None:
        self.events: list[AnalyticsEvent] = []
        self.identified: list[tuple[str, str | None]] = []

    def identify(
        self, distinct_id: str, email: str | None, properties: Mapping[str, Scalar]
    ) -> None:
        self.identified.append((distinct_id, email))

    def reset(self, distinct_id: str) -> None:
        self.identified.remove(next(i for i in self.identified if i[0] == distinct_id))

    def capture(self, event: AnalyticsEvent) -> None:
        self.events.append(event)

    def flush(self) -> None:
        pass

    def close(self) -> None:
        pass


class TestChoosingTheAdapter:
    def test_local_by_default_and_none_on_request(self) -> None:
        """The local sink is the default; ``none`` drops events."""
        memory = {"DESIGNCORE_DATABASE_URL": "memory://"}
        assert isinstance(build_container(load_settings(memory)).analytics(), LocalAnalytics)
        none = load_settings({**memory, "DESIGNCORE_ANALYTICS_BACKEND": "none"})
        assert isinstance(build_container(none).analytics(), NullAnalytics)

    @pytest.mark.usefixtures("granted")
    def test_an_embedders_adapter_receives_the_events(self) -> None:
        """An adapter handed to build_container gets the services' events."""
        mine = RecordingAnalytics()
        settings = load_settings({"DESIGNCORE_DATABASE_URL": "memory://"})
        container = build_container(settings, analytics=mine)
        template = make_template()
        container.catalogue().add(template)
        container.catalogue_service().record_view(template.id, "u1")
        assert [("template_viewed", "u1")] == [(e.name, e.distinct_id) for e in mine.events]

    def test_an_object_that_is_no_adapter_is_refused(self) -> None:
        """Something lacking the port's methods is refused at once, naming them."""
        settings = load_settings({"DESIGNCORE_DATABASE_URL": "memory://"})
        with pytest.raises(AdapterMismatch, match="capture"):
            build_container(settings, analytics=object())  # type: ignore[arg-type]

    def test_a_plugin_by_module_and_class(self) -> None:
        """``DESIGNCORE_ANALYTICS_BACKEND=module:Class`` builds the embedder's class."""
        settings = load_settings(
            {
                "DESIGNCORE_DATABASE_URL": "memory://",
                "DESIGNCORE_ANALYTICS_BACKEND": "designcore.adapters.local_analytics:NullAnalytics",
            }
        )
        assert isinstance(build_container(settings).analytics(), NullAnalytics)
