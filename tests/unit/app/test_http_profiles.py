"""Profiles, referrals and the referral-code RPC under /api/v1 over HTTP, signed in through
the real auth API: how the profile service maps to routes, bodies and statuses (what it does
is tested in tests/unit/app/services/test_profiles.py)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest
from litestar.testing import TestClient

from designcore.adapters.memory import FixedClock
from designcore.app import Container
from designcore.app.http import create_app

Client = TestClient  # type: ignore[type-arg]


@pytest.fixture(name="api")
def fixture_api(memory_container: Container) -> Iterator[Client]:
    """An HTTP client of the app on the in-memory container."""
    with TestClient(app=create_app(container=memory_container)) as client:
        yield client


def sign_up(api: Client, email: str, **data: Any) -> dict[str, str]:
    answer = api.post(
        "/auth/v1/signup",
        json={"email": email, "password": "kolanut-42-Lagos", "data": data},
    )
    assert 200 == answer.status_code, answer.text
    return {"Authorization": f"Bearer {answer.json()['access_token']}"}


class TestProfiles:
    def test_me_answers_the_profile_with_the_balance(self, api: Client) -> None:
        """GET /api/v1/profiles/me answers every profile column and the credits; without a
        session it is 401 sign_in_required."""
        referrer = sign_up(api, "referrer@example.com", first_name="Kemi")
        me = api.get("/api/v1/profiles/me", headers=referrer).json()
        assert ("referrer@example.com", "Kemi", 0) == (me["email"], me["first_name"], me["credits"])
        sign_up(api, "friend@example.com", referral_code=me["referral_code"])
        assert 10 == api.get("/api/v1/profiles/me", headers=referrer).json()["credits"]
        anonymous = api.get("/api/v1/profiles/me")
        assert (401, "sign_in_required") == (anonymous.status_code, anonymous.json()["code"])

    def test_referrals_and_the_referral_code_rpc(self, api: Client) -> None:
        """/referrals lists the caller's referrals; the RPC answers the caller's own code as
        a JSON string and another user's id with 403."""
        referrer = sign_up(api, "referrer@example.com")
        me = api.get("/api/v1/profiles/me", headers=referrer).json()
        friend = sign_up(api, "friend@example.com", referral_code=me["referral_code"])
        referrals = api.get("/api/v1/referrals", headers=referrer).json()
        assert [("completed", 10)] == [(r["status"], r["credits_awarded"]) for r in referrals]
        own = api.post(
            "/api/v1/rpc/get_user_referral_code",
            json={"user_id_param": me["id"]},
            headers=referrer,
        )
        assert (200, me["referral_code"]) == (own.status_code, own.json())
        friend_id = api.get("/api/v1/profiles/me", headers=friend).json()["id"]
        other = api.post(
            "/api/v1/rpc/get_user_referral_code",
            json={"user_id_param": friend_id},
            headers=referrer,
        )
        assert (403, "not_your_user_id") == (other.status_code, other.json()["code"])


class TestTimeZone:
    def test_a_saved_time_zone_is_the_calendars(self, api: Client, clock: FixedClock) -> None:
        """Africa/Lagos until changed; PATCH saves a zone, and the calendar without ``tz`` is
        then in it: 23:30 UTC on 30 September is 1 October in Lagos, still 30 September in
        New York."""
        clock.current = datetime(2026, 9, 30, 23, 30, tzinfo=UTC)
        me = sign_up(api, "zone@example.com")
        assert "Africa/Lagos" == api.get("/api/v1/profiles/me", headers=me).json()["time_zone"]
        assert "2026-10-01" == api.get("/api/v1/calendar", headers=me).json()["today"]

        saved = api.patch("/api/v1/profiles/me", json={"time_zone": "America/New_York"}, headers=me)
        assert 200 == saved.status_code, saved.text
        assert "America/New_York" == saved.json()["time_zone"]
        assert "America/New_York" == api.get("/api/v1/profiles/me", headers=me).json()["time_zone"]
        assert "2026-09-30" == api.get("/api/v1/calendar", headers=me).json()["today"]
        # An explicit zone still wins; signed out is Lagos.
        explicit = api.get("/api/v1/calendar", params={"tz": "Africa/Lagos"}, headers=me)
        assert "2026-10-01" == explicit.json()["today"]
        assert "2026-10-01" == api.get("/api/v1/calendar").json()["today"]

    @pytest.mark.parametrize(
        "body",
        [
            {"time_zone": "Mars/Olympus"},
            {"time_zone": ""},
            {"time_zone": "../../etc/passwd"},
            {"time_zone": 3},
            {},
            {"time_zone": "Europe/London", "theme": "dark"},
        ],
    )
    def test_a_bad_zone_is_400_and_changes_nothing(self, api: Client, body: Any) -> None:
        me = sign_up(api, "badzone@example.com")
        answer = api.patch("/api/v1/profiles/me", json=body, headers=me)
        assert 400 == answer.status_code, answer.text
        assert "Africa/Lagos" == api.get("/api/v1/profiles/me", headers=me).json()["time_zone"]

    def test_signed_out_is_401(self, api: Client) -> None:
        answer = api.patch("/api/v1/profiles/me", json={"time_zone": "Europe/London"})
        assert 401 == answer.status_code
