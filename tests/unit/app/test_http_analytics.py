"""Analytics over HTTP: the web app's event batches and the admins' summary."""

from __future__ import annotations

from collections.abc import Callable

from litestar.testing import TestClient

from designcore.adapters.memory.analytics import InMemoryAnalyticsEventStore
from designcore.app import Container
from designcore.app.http import create_app
from designcore.domain.analytics import MAX_PROPERTY_LENGTH
from designcore.testing.builders import make_template
from fakes.posthog_api import API_KEY, posthog_server

Client = TestClient  # type: ignore[type-arg]
GRANTED = {"Cookie": "designcore_analytics_consent=granted"}
FREE = {"Authorization": "Bearer free-token", **GRANTED}
ADMIN = {"Authorization": "Bearer admin-token"}


def stored(container: Container) -> list[tuple[str, str]]:
    container.analytics().flush()
    store: InMemoryAnalyticsEventStore = container.analytics_events()
    return [(e.name, e.distinct_id) for e in store.all_events()]


class TestEvents:
    def test_a_batch_is_accepted(self, client: Client, container: Container) -> None:
        """202 with the count; a visitor's events keep the browser's id, a signed-in one's
        are theirs."""
        batch = [
            {"event": "rage_click", "distinct_id": "anon-9", "properties": {"x": 3, "y": 4}},
            {"event": "upgrade_started", "properties": {"step": "dialog_opened"}},
        ]
        answer = client.post("/api/v1/events", json={"batch": batch[:1]}, headers=GRANTED)
        assert 202 == answer.status_code, answer.text
        assert {"accepted": 1} == answer.json()
        assert (
            202
            == client.post("/api/v1/events", json={"batch": batch[1:]}, headers=FREE).status_code
        )
        assert [("rage_click", "anon-9"), ("upgrade_started", "u-free")] == stored(container)

    def test_an_unknown_event_is_refused(self, client: Client, container: Container) -> None:
        """400 unknown_event naming the event's place; nothing is stored."""
        answer = client.post(
            "/api/v1/events",
            json={
                "batch": [
                    {"event": "rage_click", "distinct_id": "a"},
                    {"event": "nope", "distinct_id": "a"},
                ]
            },
            headers=GRANTED,
        )
        assert 400 == answer.status_code, answer.text
        assert "unknown_event" == answer.json()["code"]
        assert "events[1]" in answer.json()["message"]
        assert [] == stored(container)

    def test_an_oversized_property_is_refused(
        self, make_memory_container: Callable[..., Container]
    ) -> None:
        """A property string over 65,535 characters is 400 property_too_long (under a body
        limit that lets it through)."""
        container = make_memory_container(DESIGNCORE_MAX_BODY_BYTES="200000")
        event = {
            "event": "signed_in",
            "distinct_id": "a",
            "properties": {"note": "x" * (MAX_PROPERTY_LENGTH + 1)},
        }
        with TestClient(app=create_app(container=container)) as big:
            answer = big.post("/api/v1/events", json={"batch": [event]})
        assert 400 == answer.status_code, answer.text
        assert "property_too_long" == answer.json()["code"]

    def test_malformed_bodies_are_400(self, client: Client) -> None:
        """Not JSON, or a batch of the wrong shape, is a 4xx with a code."""
        answer = client.post(
            "/api/v1/events", content=b"{", headers={"content-type": "application/json"}
        )
        assert 400 == answer.status_code
        answer = client.post("/api/v1/events", json={"batch": [{"event": 5}]})
        assert 400 == answer.status_code
        assert "code" in answer.json()

    def test_more_than_100_events_refused(self, client: Client) -> None:
        """A batch over the client's burst is refused."""
        batch = [{"event": "rage_click"}] * 101  # small enough for the test's body limit
        answer = client.post("/api/v1/events", json={"batch": batch})
        assert 400 == answer.status_code, answer.text

    def test_rate_limited_per_address(self, client: Client) -> None:
        """Over 120 batches a minute from one address is 429 with Retry-After."""
        body = {"batch": [{"event": "rage_click", "distinct_id": "a"}]}
        codes = [client.post("/api/v1/events", json=body).status_code for _ in range(121)]
        assert [202] * 120 == codes[:120]
        refused = client.post("/api/v1/events", json=body)
        assert 429 == refused.status_code
        assert "too_many_events" == refused.json()["code"]
        assert int(refused.headers["retry-after"]) > 0


class TestPoisoning:
    def test_forged_server_events_move_nothing(self, client: Client, container: Container) -> None:
        """Forged payments and referrals are 400 server_side_event and the dashboard's
        figures stay where they were."""
        before = client.get("/api/v1/analytics/summary?days=7", headers=ADMIN).json()
        for name, properties in [
            ("payment_succeeded", {"reference": "r", "amount": 150_000}),
            ("referral_completed", {"referrer_id": "u9"}),
        ]:
            answer = client.post(
                "/api/v1/events",
                json={"batch": [{"event": name, "distinct_id": "x", "properties": properties}]},
                headers=GRANTED,
            )
            assert 400 == answer.status_code, answer.text
            assert "server_side_event" == answer.json()["code"]
        assert [] == stored(container)
        assert before == client.get("/api/v1/analytics/summary?days=7", headers=ADMIN).json()

    def test_years_0001_and_9999_are_refused(self, client: Client, container: Container) -> None:
        """A timestamp far from now is 400 timestamp_out_of_range."""
        for moment in ("0001-01-01T00:00:00Z", "9999-12-31T00:00:00Z"):
            event = {"event": "rage_click", "distinct_id": "a", "timestamp": moment}
            answer = client.post("/api/v1/events", json={"batch": [event]}, headers=GRANTED)
            assert 400 == answer.status_code, answer.text
            assert "timestamp_out_of_range" == answer.json()["code"]
        assert [] == stored(container)

    def test_properties_over_the_budget_are_413(
        self, make_memory_container: Callable[..., Container]
    ) -> None:
        """An event over 8 KiB of properties is 413 event_too_large with the error body, and
        nothing is stored (under a body limit that lets it through)."""
        container = make_memory_container(DESIGNCORE_MAX_BODY_BYTES="200000")
        event = {"event": "rage_click", "distinct_id": "a", "properties": {"note": "x" * 9000}}
        with TestClient(app=create_app(container=container)) as big:
            answer = big.post("/api/v1/events", json={"batch": [event]}, headers=GRANTED)
        assert 413 == answer.status_code, answer.text
        assert {"status": 413, "code": "event_too_large"} == {
            k: answer.json()[k] for k in ("status", "code")
        }
        assert [] == stored(container)

    def test_a_batch_over_the_budget_is_413(
        self, make_memory_container: Callable[..., Container]
    ) -> None:
        """Twenty events of 4 KiB each are 413 batch_too_large; nothing is stored."""
        container = make_memory_container(DESIGNCORE_MAX_BODY_BYTES="200000")
        event = {"event": "rage_click", "distinct_id": "a", "properties": {"note": "x" * 4000}}
        with TestClient(app=create_app(container=container)) as big:
            answer = big.post("/api/v1/events", json={"batch": [event] * 20}, headers=GRANTED)
        assert 413 == answer.status_code, answer.text
        assert "batch_too_large" == answer.json()["code"]
        assert [] == stored(container)

    def test_forged_people_are_bounded(self, client: Client, container: Container) -> None:
        """One batch may name one person only (400 mixed_distinct_ids)."""
        batch = [{"event": "rage_click", "distinct_id": f"anon-{i}"} for i in range(50)]
        answer = client.post("/api/v1/events", json={"batch": batch}, headers=GRANTED)
        assert 400 == answer.status_code, answer.text
        assert "mixed_distinct_ids" == answer.json()["code"]
        assert [] == stored(container)


class TestConsentOverHttp:
    def test_without_the_cookie_only_counts(self, client: Client, container: Container) -> None:
        """Without a consent cookie the browser's events are anonymous counts: accepted, but
        nobody stored and nobody active."""
        body = {"batch": [{"event": "rage_click", "distinct_id": "anon-1"}]}
        assert {"accepted": 1} == client.post("/api/v1/events", json=body).json()
        assert [] == stored(container)
        summary = client.get("/api/v1/analytics/summary?days=7", headers=ADMIN).json()
        assert 0 == summary["daily_active_users"][-1]["count"]

    def test_a_refusal_or_do_not_track_records_nothing(
        self, client: Client, container: Container
    ) -> None:
        """The refused cookie, DNT: 1 and Sec-GPC: 1 each keep nothing (accepted 0)."""
        body = {"batch": [{"event": "rage_click", "distinct_id": "anon-1"}]}
        for headers in (
            {"Cookie": "designcore_analytics_consent=refused"},
            {**GRANTED, "DNT": "1"},
            {**GRANTED, "Sec-GPC": "1"},
        ):
            answer = client.post("/api/v1/events", json=body, headers=headers)
            assert {"accepted": 0} == answer.json(), headers
        container.analytics().flush()
        store: InMemoryAnalyticsEventStore = container.analytics_events()
        assert 0 == store.count_events()
        assert [] == store.all_events()

    def test_server_side_events_follow_the_cookie(
        self, client: Client, container: Container
    ) -> None:
        """A template view served to a consenting member is theirs; to a member without an
        answer it is only counted."""
        template = make_template(category="Church")
        container.catalogue().add(template)
        member = {"Authorization": "Bearer free-token"}
        path = "/api/v1/rpc/increment_template_views"
        body = {"template_id": template.id}
        first = client.post(path, json=body, headers=member)
        assert 200 == first.status_code, first.text
        assert [] == stored(container)
        client.post(path, json=body, headers={**member, **GRANTED})
        assert [("template_viewed", "u-free")] == stored(container)
        summary = client.get("/api/v1/analytics/summary?days=7", headers=ADMIN).json()
        assert [{"category": "Church", "views": 2, "customisations": 0}] == summary["categories"]


class TestSummary:
    def test_admins_read_it(self, client: Client) -> None:
        """200 with every day of the period and the funnel."""
        client.post(
            "/api/v1/events",
            json={"batch": [{"event": "upgrade_started", "properties": {"step": "dialog_opened"}}]},
            headers=FREE,
        )
        client.app.state.container.analytics().flush()
        answer = client.get("/api/v1/analytics/summary?days=30", headers=ADMIN)
        assert 200 == answer.status_code, answer.text
        summary = answer.json()
        assert 30 == len(summary["daily_active_users"])
        assert 1 == summary["daily_active_users"][-1]["count"]
        assert {"dialog_opened": 1, "payment_started": 0, "payment_succeeded": 0} == summary[
            "funnel"
        ]

    def test_others_are_refused(self, client: Client) -> None:
        """A member and a visitor are 403."""
        assert 403 == client.get("/api/v1/analytics/summary", headers=FREE).status_code
        assert 403 == client.get("/api/v1/analytics/summary").status_code

    def test_only_7_30_or_90_days(self, client: Client) -> None:
        """Another period is 400."""
        answer = client.get("/api/v1/analytics/summary?days=14", headers=ADMIN)
        assert 400 == answer.status_code


class TestBrowserConfig:
    def test_without_posthog_the_web_app_posts_to_the_server(self, client: Client) -> None:
        """The embedded default: no key, so the web app uses ``/api/v1/events``."""
        answer = client.get("/api/v1/analytics/config")
        assert 200 == answer.status_code, answer.text
        assert {"posthog_key": None, "posthog_host": None} == answer.json()

    def test_a_key_alone_is_not_handed_out(
        self, make_memory_container: Callable[..., Container]
    ) -> None:
        """A key with the local sink: the browser's events still go to the server, so the
        dashboard sees them."""
        container = make_memory_container(DESIGNCORE_POSTHOG_API_KEY=API_KEY)
        with TestClient(app=create_app(container=container)) as local:
            answer = local.get("/api/v1/analytics/config")
        assert {"posthog_key": None, "posthog_host": None} == answer.json()

    def test_with_posthog_the_web_app_gets_its_key_and_host(
        self, make_memory_container: Callable[..., Container]
    ) -> None:
        """The same key and host as the server's PostHog adapter, to anyone (it is public)."""
        with posthog_server() as fake:
            container = make_memory_container(
                DESIGNCORE_ANALYTICS_BACKEND="posthog",
                DESIGNCORE_POSTHOG_API_KEY=API_KEY,
                DESIGNCORE_POSTHOG_HOST=fake.host,
            )
            with TestClient(app=create_app(container=container)) as posthog:
                answer = posthog.get("/api/v1/analytics/config")
            container.analytics().flush()
        assert 200 == answer.status_code, answer.text
        assert {"posthog_key": API_KEY, "posthog_host": fake.host} == answer.json()
