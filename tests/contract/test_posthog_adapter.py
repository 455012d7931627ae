"""The PostHog adapter against a local fake of PostHog's capture endpoint: the batch's
shape, gzip, retries and the quota block; and the container sending the services' events
there when a key is configured."""

from __future__ import annotations

import base64
import gzip
import json
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest

from designcore.adapters.posthog import PostHogAnalytics
from designcore.app import build_container, load_settings
from designcore.app.services.analytics import CONSENT
from designcore.domain.analytics import ANONYMOUS_ID, AnalyticsEvent, Consent
from designcore.testing.builders import make_template
from fakes.posthog_api import API_KEY, FakePostHog, posthog_server

MOMENT = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)


@pytest.fixture(name="fake")
def fixture_fake() -> Iterator[FakePostHog]:
    """PostHog's capture endpoint on a free loopback port."""
    with posthog_server() as fake:
        yield fake


def downloaded(n: int = 0) -> AnalyticsEvent:
    return AnalyticsEvent(
        name="design_downloaded",
        distinct_id=f"u{n}",
        timestamp=MOMENT,
        properties={"format": "png", "watermark": True},
    )


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


class TestPostHogAdapter:
    def test_batch_shape_and_gzip(self, fake: FakePostHog) -> None:
        """Events go in one gzip-compressed batch to /batch/ with the key, each with its
        name, distinct id, properties and timestamp."""
        adapter = PostHogAnalytics(api_key=API_KEY, host=fake.host, flush_seconds=0.05)
        adapter.capture(downloaded(1))
        adapter.capture(downloaded(2))
        adapter.identify("u1", "ada@example.com", {})
        adapter.flush()
        adapter.close()
        (first, *_) = fake.requests
        assert ("/batch/", True, API_KEY) == (
            first["path"],
            first["gzip"],
            first["body"]["api_key"],
        )
        captured = [e for e in fake.events if e["event"] == "design_downloaded"]
        assert ["u1", "u2"] == [e["distinct_id"] for e in captured]
        assert {"format": "png", "watermark": True} == {
            k: v for k, v in captured[0]["properties"].items() if not k.startswith("$")
        }
        assert captured[0]["timestamp"].startswith("2026-11-23T12:00:00")
        (identified,) = [e for e in fake.events if e["event"] == "$set"]
        assert {"email": "ada@example.com"} == identified["$set"]

    def test_a_failed_batch_is_retried(self, fake: FakePostHog) -> None:
        """Two 503 answers, then the batch arrives once."""
        fake.fail_next(503, times=2)
        adapter = PostHogAnalytics(api_key=API_KEY, host=fake.host, flush_seconds=0.05)
        adapter.capture(downloaded())
        adapter.flush()
        adapter.close()
        assert 3 == len(fake.requests)
        assert ["u0"] == [e["distinct_id"] for e in fake.events]

    def test_a_quota_answer_blocks_captures_for_60_s(self, fake: FakePostHog) -> None:
        """After a 429, captures are dropped for 60 s, then sent again."""
        fake.fail_next(429)
        clock = Clock()
        adapter = PostHogAnalytics(
            api_key=API_KEY, host=fake.host, flush_seconds=0.05, max_retries=0, monotonic=clock
        )
        adapter.capture(downloaded(1))
        adapter.flush()
        adapter.capture(downloaded(2))
        clock.now += 59.9
        adapter.capture(downloaded(3))
        clock.now += 0.2
        adapter.capture(downloaded(4))
        adapter.flush()
        adapter.close()
        assert ["u4"] == [e["distinct_id"] for e in fake.events]
        assert 2 == adapter.dropped


class TestConfigured:
    def test_the_services_events_reach_posthog(self, fake: FakePostHog) -> None:
        """With DESIGNCORE_ANALYTICS_BACKEND=posthog and a key, a template view reaches the
        fake: whole under consent, before an answer as an anonymous count without a person
        profile."""
        settings = load_settings(
            {
                "DESIGNCORE_DATABASE_URL": "memory://",
                "DESIGNCORE_ANALYTICS_BACKEND": "posthog",
                "DESIGNCORE_POSTHOG_API_KEY": API_KEY,
                "DESIGNCORE_POSTHOG_HOST": fake.host,
            }
        )
        container = build_container(settings)
        template = make_template()
        container.catalogue().add(template)
        container.catalogue_service().record_view(template.id, "u9")
        token = CONSENT.set(Consent.GRANTED)
        try:
            container.catalogue_service().record_view(template.id, "u9")
        finally:
            CONSENT.reset(token)
        container.analytics().close()
        assert [
            ("template_viewed", ANONYMOUS_ID, template.id, False),
            ("template_viewed", "u9", template.id, None),
        ] == [
            (
                e["event"],
                e["distinct_id"],
                e["properties"]["template_id"],
                e["properties"].get("$process_person_profile"),
            )
            for e in fake.events
        ]

    def test_posthog_without_a_key_is_refused(self) -> None:
        """Choosing PostHog without a key fails when the adapter is built, naming the key."""
        settings = load_settings(
            {"DESIGNCORE_DATABASE_URL": "memory://", "DESIGNCORE_ANALYTICS_BACKEND": "posthog"}
        )
        with pytest.raises(ValueError, match="DESIGNCORE_POSTHOG_API_KEY"):
            build_container(settings).analytics()


class TestFakeForTheBrowserClient:
    """The fake takes the browser client's forms, so the web app's tests can use it."""

    @staticmethod
    def post(fake: FakePostHog, path: str, body: bytes, content_type: str) -> int:
        request = urllib.request.Request(
            f"{fake.host}{path}", data=body, headers={"Content-Type": content_type}
        )
        try:
            with urllib.request.urlopen(request) as answer:
                return int(answer.status)
        except urllib.error.HTTPError as error:
            return error.code

    def test_json_gzip_and_base64_bodies(self, fake: FakePostHog) -> None:
        event = {"event": "template_viewed", "properties": {"token": API_KEY, "template_id": "t"}}
        plain = json.dumps([event]).encode()
        encoded = base64.b64encode(json.dumps({"batch": [event]}).encode()).decode()
        assert 200 == self.post(fake, "/e/?ver=1", plain, "application/json")
        assert 200 == self.post(fake, "/e/?compression=gzip-js", gzip.compress(plain), "text/plain")
        form = urllib.parse.urlencode({"data": encoded}).encode()
        content_type = "application/x-www-form-urlencoded"
        assert 200 == self.post(fake, "/i/v0/e/?compression=base64", form, content_type)
        assert ["template_viewed"] * 3 == [e["event"] for e in fake.events]

    def test_a_wrong_token_or_path_is_refused(self, fake: FakePostHog) -> None:
        wrong = json.dumps({"event": "x", "properties": {"token": "phc_other"}}).encode()
        assert 401 == self.post(fake, "/e/", wrong, "application/json")
        assert 404 == self.post(fake, "/flags/", wrong, "application/json")
        assert [] == fake.events
