"""Profiles, referrals and the referral-code RPC under /api/v1 over HTTP, signed in through
the real auth API: how the profile service maps to routes, bodies and statuses (what it does
is tested in tests/unit/app/services/test_profiles.py)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from litestar.testing import TestClient

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
