"""The premium upgrade's HTTP face: how ``/functions/v1`` and the webhook map the payments use
cases to statuses and bodies (the use cases themselves: tests/unit/app/services)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import httpx
import pytest
from dependency_injector import providers
from litestar.testing import TestClient

from designcore.adapters.memory import StaticAuthenticator
from designcore.adapters.paystack import PaystackGateway
from designcore.adapters.paystack.sandbox import DECLINED_CARD, SUCCESS_CARD, PaystackSandbox
from designcore.app import Container
from designcore.app.http import create_app
from designcore.app.http.payments import PaymentOut
from designcore.domain.payments import Payment, PaymentStatus, premium_plan
from designcore.domain.premium import Viewer
from support import store_customer

Client = TestClient  # type: ignore[type-arg]
PLAN = {"amount": 150000, "currency": "NGN"}
CUSTOMERS = 30
"""Accounts behind one client address (a carrier-grade NAT)."""
JSON_TYPE = {"content-type": "application/json"}
"""How the provider sends its webhooks."""


@pytest.fixture(name="tokens")
def fixture_tokens(memory_container: Container) -> dict[str, str]:
    """Stored customers, by access token (``ada``, ``bola``, then ``c0``, ``c1``…)."""
    names = ["ada", "bola", *(f"c{n}" for n in range(CUSTOMERS))]
    now = memory_container.clock().now()
    users = {
        name: store_customer(memory_container.accounts(), now, f"{name}@example.com")
        for name in names
    }
    memory_container.authenticator.override(
        StaticAuthenticator({name: Viewer(user_id=user_id) for name, user_id in users.items()})
    )
    return users


@pytest.fixture(name="api")
def fixture_api(memory_container: Container, tokens: dict[str, str]) -> Iterator[Client]:
    """The app over in-memory adapters and the sandbox, with the customers' tokens."""
    with TestClient(app=create_app(container=memory_container)) as client:
        yield client


def bearer(name: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {name}"}


def sandbox(container: Container) -> PaystackSandbox:
    made: PaystackSandbox = container.paystack_sandbox()
    return made


def upgrade(api: Client, who: str = "ada") -> dict[str, Any]:
    answer = api.post("/functions/v1/create-premium-upgrade", json=PLAN, headers=bearer(who))
    assert 200 == answer.status_code, answer.text
    return answer.json()  # type: ignore[no-any-return]


def verify(api: Client, reference: object, who: str = "ada") -> httpx.Response:
    return api.post(
        "/functions/v1/verify-premium-payment", json={"reference": reference}, headers=bearer(who)
    )


def pay(container: Container, access_code: str, number: str = SUCCESS_CARD.number) -> None:
    sandbox(container).charge_card(access_code, number=number, cvv="408", expiry="12/40")


def error(answer: httpx.Response) -> tuple[int, str]:
    return answer.status_code, answer.json()["code"]


class TestPublicKey:
    @pytest.mark.parametrize("method", ["GET", "POST"])
    def test_the_public_key(self, api: Client, method: str) -> None:
        """GET, or POST as ``functions.invoke`` does, answers ``{public_key}``."""
        answer = api.request(method, "/functions/v1/paystack-public-key", headers=bearer("ada"))
        assert 200 == answer.status_code
        assert ["public_key"] == list(answer.json())
        assert answer.json()["public_key"].startswith("pk_test_")

    @pytest.mark.parametrize(
        ("path", "body"),
        [
            ("/functions/v1/create-premium-upgrade", PLAN),
            ("/functions/v1/verify-premium-payment", {"reference": "txn-1767225600000-abcd"}),
            ("/functions/v1/paystack-public-key", {}),
        ],
    )
    def test_functions_need_a_session(
        self, api: Client, path: str, body: dict[str, object]
    ) -> None:
        """Without a session token the functions are 401 sign_in_required."""
        assert (401, "sign_in_required") == error(api.post(path, json=body))


class TestCreate:
    def test_the_answer(self, api: Client) -> None:
        """200 with the access code, our reference and the checkout URL."""
        made = upgrade(api)
        assert {"access_code", "reference", "authorization_url"} == set(made)
        assert made["reference"].startswith("txn-")
        assert "/sandbox/checkout/popup?access_code=" in made["authorization_url"]

    @pytest.mark.parametrize(
        ("body", "expected"),
        [
            ({"amount": 100, "currency": "NGN"}, "amount_mismatch"),
            ({"amount": 1500, "currency": "NGN"}, "amount_mismatch"),
            ({"amount": 150000, "currency": "USD"}, "amount_mismatch"),
            ({"amount": "150000", "currency": "NGN"}, "amount_mismatch"),
            ({"amount": 150000.0, "currency": "NGN"}, "amount_mismatch"),
            ({"amount": True, "currency": "NGN"}, "amount_mismatch"),
            ({"currency": "NGN"}, "amount_mismatch"),
            ({"amount": 150000, "currency": None}, "amount_mismatch"),
            ({"amount": [150000], "currency": "NGN"}, "validation_failed"),
            ({"amount": 150000, "currency": "NGN", "plan": "gold"}, "validation_failed"),
        ],
    )
    def test_another_price_is_400(self, api: Client, body: dict[str, Any], expected: str) -> None:
        """Anything but the integer 150000 in NGN (a string, a float, a boolean, nothing) is
        400 amount_mismatch; a body of another shape is 400 validation_failed."""
        answer = api.post("/functions/v1/create-premium-upgrade", json=body, headers=bearer("ada"))
        assert (400, expected) == error(answer)

    def test_a_silent_provider_is_503(self, api: Client, memory_container: Container) -> None:
        """A provider that does not answer is 503 provider_unavailable."""

        def silent(request: httpx.Request) -> httpx.Response:
            raise httpx.ReadTimeout("no answer", request=request)

        gateway = PaystackGateway(
            httpx.Client(transport=httpx.MockTransport(silent)),
            secret_key="sk_test_silent",
            public_key="pk_test_silent",
            sleep=lambda _seconds: None,
        )
        memory_container.payment_gateway.override(providers.Object(gateway))
        answer = api.post("/functions/v1/create-premium-upgrade", json=PLAN, headers=bearer("ada"))
        assert (503, "provider_unavailable") == error(answer)

    def test_eleven_an_hour_per_account_is_429(self, api: Client) -> None:
        """The eleventh upgrade of one account within an hour is 429 with Retry-After."""
        answers = [
            api.post("/functions/v1/create-premium-upgrade", json=PLAN, headers=bearer("ada"))
            for _ in range(11)
        ]
        assert [200] * 10 + [429] == [a.status_code for a in answers]
        assert "too_many_requests" == answers[-1].json()["code"]
        assert int(answers[-1].headers["retry-after"]) > 0

    def test_customers_behind_one_address_each_get_their_own_limit(self, api: Client) -> None:
        """Thirty accounts behind one address (a carrier-grade NAT) can all start a checkout:
        the per-address limit is far above the per-account one."""
        answers = [
            api.post("/functions/v1/create-premium-upgrade", json=PLAN, headers=bearer(f"c{n}"))
            for n in range(CUSTOMERS)
        ]
        assert [200] * CUSTOMERS == [a.status_code for a in answers]


class TestVerify:
    def test_paid_is_200_success(self, api: Client, memory_container: Container) -> None:
        """A paid payment verifies as 200 with status, reference, amount, currency, paid_at
        and message."""
        made = upgrade(api)
        pay(memory_container, made["access_code"])
        answer = verify(api, made["reference"])
        body = answer.json()
        assert (200, "success", made["reference"], 150000, "NGN") == (
            answer.status_code,
            body["status"],
            body["reference"],
            body["amount"],
            body["currency"],
        )
        assert "code" not in body
        assert datetime.fromisoformat(body["paid_at"]).tzinfo is not None
        me = api.get("/api/v1/profiles/me", headers=bearer("ada")).json()
        assert ("active", "premium") == (me["subscription_status"], me["subscription_plan"])

    def test_unpaid_is_202_pending(self, api: Client) -> None:
        """Before anyone pays, verify is 202 pending."""
        answer = verify(api, upgrade(api)["reference"])
        assert (202, "pending", None) == (
            answer.status_code,
            answer.json()["status"],
            answer.json()["paid_at"],
        )

    def test_declined_is_402_payment_failed(self, api: Client, memory_container: Container) -> None:
        """A declined card is 402 failed, code payment_failed, the provider's reason."""
        made = upgrade(api)
        pay(memory_container, made["access_code"], DECLINED_CARD.number)
        answer = verify(api, made["reference"])
        assert (402, "failed", "payment_failed", "Declined") == (
            answer.status_code,
            answer.json()["status"],
            answer.json()["code"],
            answer.json()["message"],
        )

    def test_another_users_reference_is_404(self, api: Client, memory_container: Container) -> None:
        """Someone else's paid reference is 404 payment_not_found."""
        made = upgrade(api, "ada")
        pay(memory_container, made["access_code"])
        assert (404, "payment_not_found") == error(verify(api, made["reference"], "bola"))

    @pytest.mark.parametrize(
        ("reference", "expected"),
        [
            ("../etc", "invalid_reference"),
            ("", "invalid_reference"),
            ("txn_1_x", "invalid_reference"),
            (42, "validation_failed"),
            (None, "validation_failed"),
        ],
    )
    def test_a_bad_reference_is_400(self, api: Client, reference: object, expected: str) -> None:
        """A reference not of our shape is 400 invalid_reference; one of another type is
        400 validation_failed."""
        assert (400, expected) == error(verify(api, reference))


class TestPaymentOut:
    @pytest.mark.parametrize(
        ("status", "failure", "expected"),
        [
            (PaymentStatus.SUCCEEDED, None, ("success", None, "success")),
            (PaymentStatus.PENDING, None, ("pending", None, "pending")),
            (PaymentStatus.FAILED, "Declined", ("failed", "payment_failed", "Declined")),
            (
                PaymentStatus.REJECTED,
                "amount_mismatch",
                ("failed", "payment_rejected", "amount_mismatch"),
            ),
        ],
    )
    def test_each_status(
        self,
        status: PaymentStatus,
        failure: str | None,
        expected: tuple[str, str | None, str],
    ) -> None:
        """Succeeded, pending, failed and rejected payments read as the spec's statuses, a
        rejection with its own code."""
        now = datetime(2026, 1, 1, tzinfo=UTC)
        payment = Payment(
            reference="txn-1767225600000-abcd1234",
            user_id="u-1",
            email="ada@example.com",
            plan_id="premium",
            price=premium_plan().price,
            status=status,
            failure=failure,
            created_at=now,
            updated_at=now,
        )
        out = PaymentOut.of(payment)
        assert expected == (out.status, out.code, out.message)


class TestWebhook:
    def test_a_signed_event_is_200(self, api: Client, memory_container: Container) -> None:
        """The provider's signed event is 200 ``{received, outcome}`` and activates."""
        made = upgrade(api)
        pay(memory_container, made["access_code"])
        event = sandbox(memory_container).events()[-1]
        answer = api.post(
            "/api/v1/webhooks/paystack",
            content=event.body,
            headers={"x-paystack-signature": event.signature, **JSON_TYPE},
        )
        assert (200, True) == (answer.status_code, answer.json()["received"])
        assert f"charge.success: {made['reference']} is succeeded" == answer.json()["outcome"]

    def test_forged_signatures_are_403_and_change_nothing(
        self, api: Client, memory_container: Container
    ) -> None:
        """A forged, missing or stale signature (an altered body) is 403 invalid_signature and
        the payment stays pending."""
        made = upgrade(api)
        pay(memory_container, made["access_code"])
        event = sandbox(memory_container).events()[-1]
        for body, signature in (
            (event.body, "0" * 128),
            (event.body, None),
            (event.body.replace(b"150000", b"100"), event.signature),
        ):
            headers = {"x-paystack-signature": signature} if signature else {}
            answer = api.post(
                "/api/v1/webhooks/paystack", content=body, headers={**headers, **JSON_TYPE}
            )
            assert (403, "invalid_signature") == error(answer)
        with memory_container.accounts()() as uow:
            payment = uow.payments.get(made["reference"])
        assert payment is not None
        assert PaymentStatus.PENDING is payment.status

    def test_a_body_over_the_limit_is_413(self, api: Client) -> None:
        """Bodies over 256 KB are refused unread."""
        answer = api.post(
            "/api/v1/webhooks/paystack",
            content=b"{" + b" " * (300 * 1024) + b"}",
            headers={"x-paystack-signature": "0" * 128, **JSON_TYPE},
        )
        assert 413 == answer.status_code
