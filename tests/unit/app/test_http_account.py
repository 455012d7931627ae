"""The Account page's reads over HTTP: the caller's payments, credits and subscription."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta

import pytest
from litestar.testing import TestClient

from designcore.adapters.memory import FixedClock, StaticAuthenticator
from designcore.adapters.paystack.sandbox import SUCCESS_CARD, PaystackSandbox
from designcore.app import Container
from designcore.app.http import create_app
from designcore.domain.premium import Viewer
from support import store_customer

Client = TestClient  # type: ignore[type-arg]
PLAN = {"amount": 150000, "currency": "NGN"}


@pytest.fixture(name="users")
def fixture_users(memory_container: Container) -> dict[str, str]:
    """Two stored customers, by access token."""
    now = memory_container.clock().now()
    users = {
        name: store_customer(memory_container.accounts(), now, f"{name}@example.com")
        for name in ("ada", "bola")
    }
    memory_container.authenticator.override(
        StaticAuthenticator({name: Viewer(user_id=user_id) for name, user_id in users.items()})
    )
    return users


@pytest.fixture(name="api")
def fixture_api(memory_container: Container, users: dict[str, str]) -> Iterator[Client]:
    """The app over in-memory adapters and the payment sandbox."""
    with TestClient(app=create_app(container=memory_container)) as client:
        yield client


def bearer(name: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {name}"}


def paid_upgrade(api: Client, container: Container, who: str = "ada") -> str:
    """Create an upgrade, pay it with the sandbox's success card and verify it."""
    made = api.post("/functions/v1/create-premium-upgrade", json=PLAN, headers=bearer(who))
    assert 200 == made.status_code, made.text
    sandbox: PaystackSandbox = container.paystack_sandbox()
    sandbox.charge_card(
        made.json()["access_code"], number=SUCCESS_CARD.number, cvv="408", expiry="12/40"
    )
    reference: str = made.json()["reference"]
    verified = api.post(
        "/functions/v1/verify-premium-payment", json={"reference": reference}, headers=bearer(who)
    )
    assert 200 == verified.status_code, verified.text
    return reference


class TestPayments:
    def test_lists_the_callers_payments_newest_first(
        self, api: Client, memory_container: Container, clock: FixedClock
    ) -> None:
        """A paid and a pending attempt are listed newest first with amount in kobo; another
        user's payments are not."""
        paid = paid_upgrade(api, memory_container)
        clock.advance(timedelta(minutes=5))
        pending = api.post(
            "/functions/v1/create-premium-upgrade", json=PLAN, headers=bearer("ada")
        ).json()["reference"]
        answer = api.get("/api/v1/account/payments", headers=bearer("ada"))
        assert 200 == answer.status_code
        body = answer.json()
        assert [pending, paid] == [p["reference"] for p in body["items"]]
        newest, oldest = body["items"]
        assert ("pending", None) == (newest["status"], newest["paid_at"])
        assert (150000, "NGN", "succeeded") == (
            oldest["amount_kobo"],
            oldest["currency"],
            oldest["status"],
        )
        assert oldest["paid_at"] is not None
        assert (2, False, 1, 1) == (
            body["total_count"],
            body["has_more"],
            body["current_page"],
            body["total_pages"],
        )
        assert (
            0 == api.get("/api/v1/account/payments", headers=bearer("bola")).json()["total_count"]
        )

    def test_a_cancelled_payment_is_listed_abandoned(self, api: Client) -> None:
        """A payment whose window was cancelled (verified unpaid: the provider says abandoned)
        is listed as abandoned, not pending."""
        reference = api.post(
            "/functions/v1/create-premium-upgrade", json=PLAN, headers=bearer("ada")
        ).json()["reference"]
        verified = api.post(
            "/functions/v1/verify-premium-payment",
            json={"reference": reference},
            headers=bearer("ada"),
        )
        assert (202, "abandoned") == (verified.status_code, verified.json()["message"])
        items = api.get("/api/v1/account/payments", headers=bearer("ada")).json()["items"]
        assert [(reference, "abandoned")] == [(p["reference"], p["status"]) for p in items]

    def test_pages(self, api: Client, memory_container: Container, clock: FixedClock) -> None:
        """size=1 cuts the list into pages."""
        for _ in range(3):
            api.post("/functions/v1/create-premium-upgrade", json=PLAN, headers=bearer("ada"))
            clock.advance(timedelta(minutes=1))
        second = api.get("/api/v1/account/payments?page=2&size=1", headers=bearer("ada")).json()
        assert (1, 3, True, 3) == (
            len(second["items"]),
            second["total_count"],
            second["has_more"],
            second["total_pages"],
        )

    @pytest.mark.parametrize("path", ["payments", "credits", "subscription"])
    def test_signed_out_is_401(self, api: Client, path: str) -> None:
        """Without a session every account read is 401 sign_in_required."""
        answer = api.get(f"/api/v1/account/{path}")
        assert (401, "sign_in_required") == (answer.status_code, answer.json()["code"])

    @pytest.mark.parametrize("query", ["page=0", "size=500", "page=one"])
    def test_bad_paging_is_400(self, api: Client, query: str) -> None:
        """Out-of-range or non-numeric paging is 400."""
        answer = api.get(f"/api/v1/account/payments?{query}", headers=bearer("ada"))
        assert (400, "validation_failed") == (answer.status_code, answer.json()["code"])


class TestCredits:
    def test_balance_and_ledger_newest_first(
        self, api: Client, memory_container: Container, users: dict[str, str], clock: FixedClock
    ) -> None:
        """The balance is the ledger's sum; the lines are listed newest first."""
        profiles = memory_container.profiles()
        with memory_container.accounts()() as uow:
            from designcore.app.services.profiles import apply_referral

            code = uow.profiles.get(users["ada"]).referral_code
            apply_referral(uow, users["bola"], code, clock.now())
            uow.commit()
        clock.advance(timedelta(hours=1))
        profiles.spend(users["ada"], 3, "export-1")
        answer = api.get("/api/v1/account/credits", headers=bearer("ada")).json()
        assert 7 == answer["balance"]
        assert [(-3, "spend"), (10, "referral_referrer")] == [
            (e["amount"], e["reason"]) for e in answer["entries"]
        ]
        assert {"amount", "reason", "created_at"} == set(answer["entries"][0])

    def test_no_credits(self, api: Client) -> None:
        """A user without lines has a zero balance and no entries."""
        assert {"balance": 0, "entries": []} == api.get(
            "/api/v1/account/credits", headers=bearer("bola")
        ).json()


class TestSubscription:
    def test_free_until_paid_then_premium_with_the_renewal_date(
        self, api: Client, memory_container: Container
    ) -> None:
        """A new user is on the free plan with no subscription; after a paid upgrade the plan
        is premium, active, renewing a month later; the premium switch is reported."""
        before = api.get("/api/v1/account/subscription", headers=bearer("ada")).json()
        assert {
            "plan": "free",
            "status": "none",
            "current_period_end": None,
            "premium_business_model_enabled": True,
        } == before
        paid_upgrade(api, memory_container)
        after = api.get("/api/v1/account/subscription", headers=bearer("ada")).json()
        assert ("premium", "active") == (after["plan"], after["status"])
        assert after["current_period_end"].startswith("2026-02-01")

    def test_pending_payment_and_the_switch_off(
        self, api: Client, memory_container: Container
    ) -> None:
        """An unpaid attempt shows pending_payment; the premium switch off is reported."""
        api.post("/functions/v1/create-premium-upgrade", json=PLAN, headers=bearer("bola"))
        memory_container.site_settings().set("premium_business_model_enabled", False, by=None)
        answer = api.get("/api/v1/account/subscription", headers=bearer("bola")).json()
        assert ("free", "pending_payment", False) == (
            answer["plan"],
            answer["status"],
            answer["premium_business_model_enabled"],
        )
