"""The premium upgrade over HTTP against the sandbox (and the Paystack API fake): create,
pay, verify, webhooks, reconciliation and expiry, with the issue's reliability cases."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from dependency_injector import providers
from litestar.testing import TestClient

from designcore.adapters.argon2 import Argon2PasswordHasher
from designcore.adapters.memory import FixedClock
from designcore.adapters.paystack import PaystackGateway
from designcore.adapters.paystack.sandbox import PaystackSandbox
from designcore.adapters.sqlalchemy import migrate
from designcore.app import Container, build_container, load_settings
from designcore.app.http import create_app
from designcore.domain.payments import PaymentStatus
from fakes.paystack_api import FakePaystackApi
from support import postgres_schema_settings

Client = TestClient  # type: ignore[type-arg]
V2024 = {"X-Supabase-Api-Version": "2024-01-01"}
PLAN = {"amount": 150000, "currency": "NGN"}
SUCCESS_CARD = {"number": "4084084084084081", "cvv": "408", "expiry": "12/40"}
DECLINED_CARD = {"number": "4084080000000409", "cvv": "408", "expiry": "12/40"}
JSON_TYPE = {"content-type": "application/json"}
"""How the provider sends its webhooks."""


@pytest.fixture(name="clock")
def fixture_clock() -> FixedClock:
    """The server's clock, moved by hand."""
    return FixedClock()


@pytest.fixture(
    name="container",
    params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgresql)],
)
def fixture_container(
    request: pytest.FixtureRequest, tmp_path: Path, clock: FixedClock
) -> Iterator[Container]:
    """The product on a SQLite file or a PostgreSQL schema (real row locks), the sandbox
    without webhook delivery."""
    database: Iterator[dict[str, str]] = (
        iter([{"DESIGNCORE_DATABASE_URL": f"sqlite:///{tmp_path / 'pay.db'}"}])
        if request.param == "sqlite"
        else postgres_schema_settings()
    )
    container = build_container(
        load_settings(
            {
                **next(database),
                "DESIGNCORE_STORAGE_BACKEND": "memory",
                "DESIGNCORE_WEB_DIST": "/nonexistent",
                "DESIGNCORE_SEED_ON_START": "false",
                "DESIGNCORE_PAYSTACK_SANDBOX_WEBHOOKS": "false",
                "DESIGNCORE_PERIODIC_TICK_SECONDS": "0",
            }
        )
    )
    container.clock.override(clock)
    container.password_hasher.override(Argon2PasswordHasher.for_tests())
    migrate(container.engine())
    yield container
    container.engine().dispose()
    for _ in database:  # drops the PostgreSQL schema
        pass


@pytest.fixture(name="api")
def fixture_api(container: Container) -> Iterator[Client]:
    """An HTTP client of the app."""
    with TestClient(app=create_app(container=container)) as client:
        yield client


def signed_up(api: Client, email: str = "ada@example.com") -> dict[str, str]:
    """The bearer header of a new user."""
    answer = api.post(
        "/auth/v1/signup",
        json={"email": email, "password": "kolanut-42-Lagos", "data": {"first_name": "Ada"}},
        headers=V2024,
    )
    assert 200 == answer.status_code, answer.text
    return {"Authorization": f"Bearer {answer.json()['access_token']}"}


def signed_in(api: Client, email: str = "ada@example.com") -> dict[str, str]:
    """A fresh bearer header for a known user (after the clock moved past a token's life)."""
    answer = api.post(
        "/auth/v1/token?grant_type=password",
        json={"email": email, "password": "kolanut-42-Lagos"},
        headers=V2024,
    )
    assert 200 == answer.status_code, answer.text
    return {"Authorization": f"Bearer {answer.json()['access_token']}"}


def profile(api: Client, who: dict[str, str]) -> tuple[str | None, str | None]:
    me = api.get("/api/v1/profiles/me", headers=who)
    assert 200 == me.status_code, me.text
    return me.json()["subscription_status"], me.json()["subscription_plan"]


def upgrade(api: Client, who: dict[str, str]) -> dict[str, Any]:
    answer = api.post("/functions/v1/create-premium-upgrade", json=PLAN, headers=who)
    assert 200 == answer.status_code, answer.text
    return answer.json()  # type: ignore[no-any-return]


def sandbox(container: Container) -> PaystackSandbox:
    made: PaystackSandbox = container.paystack_sandbox()
    return made


class TestUpgrade:
    def test_success_card_then_verify_turns_premium_on(
        self, api: Client, container: Container
    ) -> None:
        """Create → the success card → verify: status success and the profile is premium."""
        who = signed_up(api)
        key = api.get("/functions/v1/paystack-public-key", headers=who).json()["public_key"]
        assert key.startswith("pk_test_")
        made = upgrade(api, who)
        assert made["reference"].startswith("txn-")
        assert (None, None) == profile(api, who)
        sandbox(container).charge_card(made["access_code"], **SUCCESS_CARD)
        verified = api.post(
            "/functions/v1/verify-premium-payment",
            json={"reference": made["reference"]},
            headers=who,
        )
        assert 200 == verified.status_code, verified.text
        assert ("success", 150000, "NGN") == tuple(
            verified.json()[k] for k in ("status", "amount", "currency")
        )
        assert ("active", "premium") == profile(api, who)
        again = api.post(
            "/functions/v1/verify-premium-payment",
            json={"reference": made["reference"]},
            headers=who,
        )
        assert (200, "success") == (again.status_code, again.json()["status"])

    def test_declined_card_leaves_the_user_free(self, api: Client, container: Container) -> None:
        """The declined card fails the payment (402 payment_failed, the provider's reason)."""
        who = signed_up(api)
        made = upgrade(api, who)
        sandbox(container).charge_card(made["access_code"], **DECLINED_CARD)
        verified = api.post(
            "/functions/v1/verify-premium-payment",
            json={"reference": made["reference"]},
            headers=who,
        )
        assert (402, "failed", "payment_failed") == (
            verified.status_code,
            verified.json()["status"],
            verified.json()["code"],
        )
        assert "Declined" == verified.json()["message"]
        assert (None, None) == profile(api, who)

    def test_unpaid_is_pending(self, api: Client) -> None:
        """Verifying before paying answers 202 pending and changes nothing."""
        who = signed_up(api)
        made = upgrade(api, who)
        verified = api.post(
            "/functions/v1/verify-premium-payment",
            json={"reference": made["reference"]},
            headers=who,
        )
        assert (202, "pending") == (verified.status_code, verified.json()["status"])
        assert (None, None) == profile(api, who)

    @pytest.mark.parametrize(
        "body",
        [
            {"amount": 100, "currency": "NGN"},
            {"amount": 1500, "currency": "NGN"},
            {"amount": "150000", "currency": "NGN"},
            {"amount": 150000.0, "currency": "NGN"},
            {"amount": 150000, "currency": "USD"},
            {"currency": "NGN"},
        ],
    )
    def test_tampered_amounts_are_refused(self, api: Client, body: dict[str, Any]) -> None:
        """Anything but exactly 150000 NGN is 400 amount_mismatch and creates nothing."""
        who = signed_up(api)
        answer = api.post("/functions/v1/create-premium-upgrade", json=body, headers=who)
        assert (400, "amount_mismatch") == (answer.status_code, answer.json()["code"])

    def test_upgrades_are_rate_limited_per_account(self, api: Client) -> None:
        """The eleventh upgrade within an hour is 429 with Retry-After; nothing more is made."""
        who = signed_up(api)
        answers = [
            api.post("/functions/v1/create-premium-upgrade", json=PLAN, headers=who)
            for _ in range(11)
        ]
        assert [200] * 10 + [429] == [a.status_code for a in answers]
        assert int(answers[-1].headers["retry-after"]) > 0

    def test_functions_need_a_session(self, api: Client) -> None:
        """Without a session token the functions are 401."""
        for path in (
            "/functions/v1/create-premium-upgrade",
            "/functions/v1/verify-premium-payment",
            "/functions/v1/paystack-public-key",
        ):
            assert 401 == api.post(path, json=PLAN).status_code

    def test_another_users_reference_is_not_found(self, api: Client, container: Container) -> None:
        """A paid reference cannot be verified by someone else, nor turn them premium."""
        owner, thief = signed_up(api), signed_up(api, "thief@example.com")
        made = upgrade(api, owner)
        sandbox(container).charge_card(made["access_code"], **SUCCESS_CARD)
        stolen = api.post(
            "/functions/v1/verify-premium-payment",
            json={"reference": made["reference"]},
            headers=thief,
        )
        assert (404, "payment_not_found") == (stolen.status_code, stolen.json()["code"])
        assert (None, None) == profile(api, thief)
        for bad in ("../etc", "", 42, None, "txn_1_x"):
            answer = api.post(
                "/functions/v1/verify-premium-payment", json={"reference": bad}, headers=owner
            )
            assert 400 == answer.status_code, bad


class TestWebhooks:
    def test_verify_and_webhook_racing_activate_once(
        self, api: Client, container: Container
    ) -> None:
        """The signed webhook and several verifications of one payment, in parallel: one
        activation, one month of premium."""
        who = signed_up(api)
        made = upgrade(api, who)
        box = sandbox(container)
        box.charge_card(made["access_code"], **SUCCESS_CARD)
        event = box.events()[-1]

        def verify(_: int) -> int:
            return api.post(
                "/functions/v1/verify-premium-payment",
                json={"reference": made["reference"]},
                headers=who,
            ).status_code

        def webhook(_: int) -> int:
            return api.post(
                "/api/v1/webhooks/paystack",
                content=event.body,
                headers={"x-paystack-signature": event.signature, **JSON_TYPE},
            ).status_code

        with ThreadPoolExecutor(6) as pool:
            answers = list(pool.map(lambda n: verify(n) if n % 2 else webhook(n), range(6)))
        assert {200} == set(answers)
        with container.accounts()() as uow:
            payment = uow.payments.get(made["reference"])
            assert payment is not None
            subscription = uow.subscriptions.get(payment.user_id, "premium")
        assert subscription is not None
        assert PaymentStatus.SUCCEEDED is payment.status
        start, end = subscription.current_period_start, subscription.current_period_end
        assert 28 <= (end - start).days <= 31

    def test_forged_signature_changes_nothing(self, api: Client, container: Container) -> None:
        """A webhook with a forged signature (or none, or an altered body) is refused and the
        payment stays pending."""
        who = signed_up(api)
        made = upgrade(api, who)
        box = sandbox(container)
        box.charge_card(made["access_code"], **SUCCESS_CARD)
        event = box.events()[-1]
        for body, signature in (
            (event.body, "0" * 128),
            (event.body, None),
            (event.body.replace(b"150000", b"100"), event.signature),
        ):
            headers = {"x-paystack-signature": signature} if signature else {}
            answer = api.post(
                "/api/v1/webhooks/paystack", content=body, headers={**headers, **JSON_TYPE}
            )
            assert (403, "invalid_signature") == (answer.status_code, answer.json()["code"])
        with container.accounts()() as uow:
            payment = uow.payments.get(made["reference"])
        assert payment is not None
        assert PaymentStatus.PENDING is payment.status
        assert (None, None) == profile(api, who)

    def test_a_webhook_alone_activates(self, api: Client, container: Container) -> None:
        """The browser closed after paying: the provider's webhook turns premium on."""
        who = signed_up(api)
        made = upgrade(api, who)
        box = sandbox(container)
        box.charge_card(made["access_code"], **SUCCESS_CARD)
        event = box.events()[-1]
        answer = api.post(
            "/api/v1/webhooks/paystack",
            content=event.body,
            headers={"x-paystack-signature": event.signature, **JSON_TYPE},
        )
        assert 200 == answer.status_code, answer.text
        assert ("active", "premium") == profile(api, who)


class TestHousekeeping:
    def test_a_provider_timeout_leaves_the_payment_pending_for_the_reconciler(
        self, api: Client, container: Container, clock: FixedClock
    ) -> None:
        """Against the Paystack API fake: the verify times out (503 provider_unavailable,
        payment still pending); ten minutes later the reconciler completes it."""
        fake = FakePaystackApi()
        gateway = PaystackGateway(
            fake.client(),
            secret_key=fake.secret_key,
            public_key=fake.public_key,
            base_url=fake.base_url,
            sleep=lambda _seconds: None,
        )
        container.payment_gateway.override(providers.Object(gateway))
        container.payments.reset()
        who = signed_up(api)
        made = upgrade(api, who)
        fake.pay(made["reference"], "success")
        fake.raise_next(3)
        timed_out = api.post(
            "/functions/v1/verify-premium-payment",
            json={"reference": made["reference"]},
            headers=who,
        )
        assert (503, "provider_unavailable") == (
            timed_out.status_code,
            timed_out.json()["code"],
        )
        with container.accounts()() as uow:
            pending = uow.payments.get(made["reference"])
        assert pending is not None
        assert PaymentStatus.PENDING is pending.status
        assert {"checked": 0} == {"checked": container.payments().reconcile()["checked"]}
        clock.advance(timedelta(minutes=11))
        counts = container.payments().reconcile()
        assert (1, 1) == (counts["checked"], counts["succeeded"])
        assert ("active", "premium") == profile(api, who)
        clock.advance(timedelta(minutes=11))
        assert 0 == container.payments().reconcile()["checked"], "settled payments stay settled"

    def test_premium_expires_after_the_period_and_three_days(
        self, api: Client, container: Container, clock: FixedClock
    ) -> None:
        """Active through the period and the grace; expired after; a renewal brings it back."""
        who = signed_up(api)
        made = upgrade(api, who)
        box = sandbox(container)
        box.charge_card(made["access_code"], **SUCCESS_CARD)
        api.post(
            "/functions/v1/verify-premium-payment",
            json={"reference": made["reference"]},
            headers=who,
        )
        service = container.payments()
        clock.advance(timedelta(days=31 + 2))
        assert {"expired": 0} == service.expire()
        who = signed_in(api)
        assert ("active", "premium") == profile(api, who)
        clock.advance(timedelta(days=2))
        assert {"expired": 1} == service.expire()
        who = signed_in(api)
        assert ("expired", "premium") == profile(api, who)
        renewal = upgrade(api, who)
        box.charge_card(renewal["access_code"], **SUCCESS_CARD)
        api.post(
            "/functions/v1/verify-premium-payment",
            json={"reference": renewal["reference"]},
            headers=who,
        )
        assert ("active", "premium") == profile(api, who)
