"""The ``PaymentGateway`` contract, run against every implementation.

``gateway_env`` yields a gateway and a :class:`GatewayDriver`: the provider's side of the
story (the customer paying, the provider signing webhooks). Each implementation registers one
factory in :data:`ENVIRONMENTS`; the tests never branch on which one runs. Both run against
the one emulator of Paystack, the payment sandbox: the Paystack adapter over HTTP through the
sandbox's own routes, and the sandbox's in-process gateway. Provider-specific
behaviour (retries, timeouts, the 401 mapping, recovery of a lost initialize) is tested in
``tests/unit/adapters/test_paystack.py``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, suppress
from datetime import UTC, datetime, timedelta
from functools import partial
from typing import Any, Literal, Protocol

import pytest

from designcore.adapters.memory.sandbox import InMemorySandboxTransactionRepository
from designcore.adapters.paystack import PaystackGateway
from designcore.adapters.paystack.sandbox import (
    PaystackSandbox,
    SandboxGateway,
    sign,
    transaction_json,
)
from designcore.adapters.paystack.sandbox.webhooks import signed_event
from designcore.domain.errors import DesignCoreError, NotAllowed, NotFound
from designcore.domain.payments import (
    Money,
    Outcome,
    Payment,
    ProviderTransaction,
    judge,
    new_reference,
    premium_plan,
)
from designcore.ports.payments import Initialized, PaymentGateway, WebhookEvent
from fakes.paystack_api import (
    BASE_URL,
    PUBLIC_KEY,
    SECRET_KEY,
    FaultyLine,
    pay,
    sandbox_server,
)

PayOutcome = Literal["success", "failed", "abandoned", "pending"]

UNFINISHED = frozenset({"abandoned", "pending", "ongoing", "processing", "queued"})
"""What a provider may say about a transaction nobody has completed."""

HUGE = 4 * 1024 * 1024
"""Larger than any webhook a gateway should read."""


class GatewayDriver(Protocol):
    """The provider's side, as a test needs it."""

    def pay(self, reference: str, outcome: PayOutcome) -> None:
        """The customer's attempt on an initialized ``reference`` ends with ``outcome``."""
        ...

    def webhook(self, event: str, reference: str) -> bytes:
        """The raw body the provider would send about ``reference`` as it stands now."""
        ...

    def sign(self, raw_body: bytes) -> str:
        """The ``x-paystack-signature`` the provider would send with ``raw_body``."""
        ...


GatewayEnv = tuple[PaymentGateway, GatewayDriver]


class SandboxDriver:
    """:class:`GatewayDriver` over the payment sandbox: the customer pays with its test cards
    (or starts a bank transfer, or walks away), and the sandbox signs its webhooks."""

    def __init__(self, sandbox: PaystackSandbox) -> None:
        self.sandbox = sandbox

    def pay(self, reference: str, outcome: PayOutcome) -> None:
        pay(self.sandbox, reference, outcome)

    def webhook(self, event: str, reference: str) -> bytes:
        data = transaction_json(self.sandbox.by_reference(reference))
        return signed_event(event, data, self.sandbox.secret_key).body

    def sign(self, raw_body: bytes) -> str:
        return sign(raw_body, self.sandbox.secret_key)


def new_sandbox() -> PaystackSandbox:
    """A sandbox with its transactions in memory (webhooks recorded, not sent)."""
    return PaystackSandbox(
        transactions=InMemorySandboxTransactionRepository(),
        public_key=PUBLIC_KEY,
        secret_key=SECRET_KEY,
    )


@contextmanager
def paystack_env() -> Iterator[GatewayEnv]:
    """``PaystackGateway`` over HTTP against the sandbox's own Paystack routes."""
    sandbox = new_sandbox()
    with sandbox_server(sandbox) as server, FaultyLine(server).client() as http:
        gateway = PaystackGateway(
            http,
            secret_key=SECRET_KEY,
            public_key=PUBLIC_KEY,
            base_url=BASE_URL,
            sleep=lambda _seconds: None,
        )
        yield gateway, SandboxDriver(sandbox)


@contextmanager
def sandbox_env() -> Iterator[GatewayEnv]:
    """``SandboxGateway``: the sandbox in process."""
    sandbox = new_sandbox()
    yield SandboxGateway(sandbox), SandboxDriver(sandbox)
    sandbox.close()


ENVIRONMENTS: dict[str, Callable[[], AbstractContextManager[GatewayEnv]]] = {
    "paystack-over-http": paystack_env,
    "sandbox-in-process": sandbox_env,
}
"""Every implementation: a name and a factory of (gateway, driver)."""


@pytest.fixture(name="gateway_env", params=sorted(ENVIRONMENTS))
def fixture_gateway_env(request: pytest.FixtureRequest) -> Iterator[GatewayEnv]:
    """Every ``PaymentGateway`` implementation with its driver."""
    with ENVIRONMENTS[request.param]() as env:
        yield env


@pytest.fixture(name="gateway")
def fixture_gateway(gateway_env: GatewayEnv) -> PaymentGateway:
    return gateway_env[0]


@pytest.fixture(name="driver")
def fixture_driver(gateway_env: GatewayEnv) -> GatewayDriver:
    return gateway_env[1]


_counter = iter(range(1, 1_000_000))


def fresh_reference() -> str:
    """A reference in our own format, new for each call."""
    return new_reference(datetime.now(UTC), f"c{next(_counter):06d}")


PRICE = premium_plan().price
EMAIL = "Ada.Obi@example.com"


def initialize(gateway: PaymentGateway, reference: str | None = None) -> Initialized:
    return gateway.initialize(
        email=EMAIL,
        amount=PRICE,
        reference=reference or fresh_reference(),
        callback_url="http://127.0.0.1:8000/upgrade/done",
        metadata={"user_id": "u-1", "plan": "premium"},
    )


def payment_for(reference: str) -> Payment:
    """Our books' record of a payment created for ``reference``."""
    now = datetime.now(UTC)
    return Payment(
        reference=reference,
        user_id="u-1",
        email=EMAIL,
        plan_id="premium",
        price=PRICE,
        created_at=now,
        updated_at=now,
    )


def signed(driver: GatewayDriver, body: bytes) -> tuple[bytes, str]:
    return body, driver.sign(body)


def charge_body(**data: Any) -> bytes:
    """A ``charge.success`` body whose transaction has the given fields over good defaults."""
    transaction = {
        "id": 1,
        "status": "success",
        "reference": "txn-1700000000000-abcd",
        "amount": PRICE.minor,
        "currency": "NGN",
        "paid_at": "2024-05-01T10:20:30.000Z",
        "customer": {"email": EMAIL},
        "gateway_response": "Approved",
        **data,
    }
    return json.dumps({"event": "charge.success", "data": transaction}).encode()


def assert_refused(code: str, call: Callable[[], object]) -> None:
    """``call`` raises ``NotAllowed`` with ``code`` (and nothing else escapes)."""
    with pytest.raises(NotAllowed) as caught:
        call()
    assert code == caught.value.code


class TestPublicKey:
    def test_public_key_is_a_non_empty_string(self, gateway: PaymentGateway) -> None:
        """The popup's key is there to be handed out."""
        key = gateway.public_key()
        assert isinstance(key, str)
        assert key.strip()


class TestInitialize:
    def test_initialize_answers_an_access_code_for_our_reference(
        self, gateway: PaymentGateway
    ) -> None:
        """A new transaction answers our reference, an access code and a checkout URL."""
        reference = fresh_reference()
        initialized = initialize(gateway, reference)
        assert reference == initialized.reference
        assert initialized.access_code.strip()
        assert initialized.authorization_url.startswith(("https://", "http://"))

    def test_each_transaction_has_its_own_access_code(self, gateway: PaymentGateway) -> None:
        """Two transactions never share an access code."""
        assert initialize(gateway).access_code != initialize(gateway).access_code

    def test_a_used_reference_is_refused(self, gateway: PaymentGateway) -> None:
        """A reference the provider has seen cannot start a second transaction."""
        reference = fresh_reference()
        initialize(gateway, reference)
        assert_refused("provider_refused", lambda: initialize(gateway, reference))

    def test_a_new_transaction_is_unfinished(self, gateway: PaymentGateway) -> None:
        """Before anyone pays, verify says unfinished, for the amount and customer created."""
        reference = initialize(gateway).reference
        transaction = gateway.verify(reference)
        assert transaction.status in UNFINISHED
        assert None is transaction.paid_at
        assert (PRICE.minor, PRICE.currency) == (transaction.amount_minor, transaction.currency)
        assert EMAIL.lower() == transaction.customer_email.lower()
        assert Outcome.ACTIVATE != judge(payment_for(reference), transaction).outcome


class TestVerify:
    def test_a_paid_reference_verifies_as_success_with_its_amount_and_customer(
        self, gateway: PaymentGateway, driver: GatewayDriver
    ) -> None:
        """A successful payment verifies as success, for what was created, paid just now."""
        reference = initialize(gateway).reference
        driver.pay(reference, "success")
        transaction = gateway.verify(reference)
        assert "success" == transaction.status
        assert reference == transaction.reference
        assert PRICE == Money(transaction.amount_minor, transaction.currency)
        assert EMAIL.lower() == transaction.customer_email.lower()
        assert transaction.paid_at is not None
        assert transaction.paid_at.tzinfo is not None
        assert abs(datetime.now(UTC) - transaction.paid_at) < timedelta(minutes=5)
        assert Outcome.ACTIVATE == judge(payment_for(reference), transaction).outcome

    def test_a_declined_payment_verifies_as_failed(
        self, gateway: PaymentGateway, driver: GatewayDriver
    ) -> None:
        """A declined card verifies as failed, which fails the payment."""
        reference = initialize(gateway).reference
        driver.pay(reference, "failed")
        transaction = gateway.verify(reference)
        assert "failed" == transaction.status
        assert None is transaction.paid_at
        assert Outcome.FAIL == judge(payment_for(reference), transaction).outcome

    @pytest.mark.parametrize("outcome", ["pending", "abandoned"])
    def test_an_unfinished_payment_never_activates(
        self, gateway: PaymentGateway, driver: GatewayDriver, outcome: PayOutcome
    ) -> None:
        """A payment in progress or left by the customer verifies as such, never as paid."""
        reference = initialize(gateway).reference
        driver.pay(reference, outcome)
        transaction = gateway.verify(reference)
        assert outcome == transaction.status
        assert Outcome.ACTIVATE != judge(payment_for(reference), transaction).outcome

    def test_verify_follows_the_latest_attempt(
        self, gateway: PaymentGateway, driver: GatewayDriver
    ) -> None:
        """A reference declined once and then paid verifies as paid."""
        reference = initialize(gateway).reference
        driver.pay(reference, "failed")
        driver.pay(reference, "success")
        assert "success" == gateway.verify(reference).status

    def test_an_unknown_reference_is_not_found(self, gateway: PaymentGateway) -> None:
        """A reference the provider never saw is not found."""
        with pytest.raises(NotFound) as caught:
            gateway.verify(fresh_reference())
        assert "payment_not_found" == caught.value.code

    @pytest.mark.parametrize("reference", ["", "../../customer", "a/b", "x?y=1", "é", ".."])
    def test_a_reference_that_cannot_exist_is_not_found(
        self, gateway: PaymentGateway, reference: str
    ) -> None:
        """Paths, queries and odd characters are not references: not found, nothing else."""
        with pytest.raises(NotFound) as caught:
            gateway.verify(reference)
        assert "payment_not_found" == caught.value.code


class TestWebhook:
    def test_a_signed_charge_success_reads_as_the_transaction(
        self, gateway: PaymentGateway, driver: GatewayDriver
    ) -> None:
        """A correctly signed charge.success carries the paid transaction."""
        reference = initialize(gateway).reference
        driver.pay(reference, "success")
        body = driver.webhook("charge.success", reference)
        event = gateway.parse_webhook(body, driver.sign(body))
        assert isinstance(event, WebhookEvent)
        assert "charge.success" == event.event
        assert isinstance(event.transaction, ProviderTransaction)
        assert gateway.verify(reference) == event.transaction
        assert Outcome.ACTIVATE == judge(payment_for(reference), event.transaction).outcome

    def test_a_signed_charge_failed_reads_as_the_failed_transaction(
        self, gateway: PaymentGateway, driver: GatewayDriver
    ) -> None:
        """A correctly signed charge.failed carries the declined transaction, which fails the
        payment."""
        reference = initialize(gateway).reference
        driver.pay(reference, "failed")
        body = driver.webhook("charge.failed", reference)
        event = gateway.parse_webhook(body, driver.sign(body))
        assert "charge.failed" == event.event
        assert isinstance(event.transaction, ProviderTransaction)
        assert "failed" == event.transaction.status
        assert gateway.verify(reference) == event.transaction
        assert Outcome.FAIL == judge(payment_for(reference), event.transaction).outcome

    def test_an_event_about_something_else_has_no_transaction(
        self, gateway: PaymentGateway, driver: GatewayDriver
    ) -> None:
        """A signed event that is not about a charge parses, without a transaction."""
        body = json.dumps(
            {"event": "transfer.success", "data": {"amount": 1000, "transfer_code": "TRF_1"}}
        ).encode()
        event = gateway.parse_webhook(*signed(driver, body))
        assert ("transfer.success", None) == (event.event, event.transaction)

    def test_a_missing_signature_is_refused(
        self, gateway: PaymentGateway, driver: GatewayDriver
    ) -> None:
        """No signature, no event."""
        reference = initialize(gateway).reference
        driver.pay(reference, "success")
        body = driver.webhook("charge.success", reference)
        for signature in (None, "", "   "):
            assert_refused("invalid_signature", partial(gateway.parse_webhook, body, signature))

    def test_a_forged_signature_is_refused(
        self, gateway: PaymentGateway, driver: GatewayDriver
    ) -> None:
        """Signatures that are not the provider's for this body are refused."""
        reference = initialize(gateway).reference
        driver.pay(reference, "success")
        body = driver.webhook("charge.success", reference)
        good = driver.sign(body)
        forgeries = [
            "0" * 128,
            good[:-1] + ("0" if good[-1] != "0" else "1"),
            good[:64],
            good + "00",
            driver.sign(body + b" "),
            "é" * 128,
            "sha512=" + good,
        ]
        for forged in forgeries:
            assert_refused("invalid_signature", partial(gateway.parse_webhook, body, forged))

    def test_an_altered_body_is_refused(
        self, gateway: PaymentGateway, driver: GatewayDriver
    ) -> None:
        """A body changed after signing (a bigger amount, a re-serialisation) is refused."""
        reference = initialize(gateway).reference
        driver.pay(reference, "success")
        body = driver.webhook("charge.success", reference)
        signature = driver.sign(body)
        document = json.loads(body)
        document["data"]["amount"] = 1
        altered = [
            json.dumps(document).encode(),
            json.dumps(json.loads(body), indent=1).encode(),
            body + b"\n",
        ]
        for changed in altered:
            assert_refused("invalid_signature", partial(gateway.parse_webhook, changed, signature))

    @pytest.mark.parametrize(
        "body",
        [
            b"",
            b"not json",
            b"\xff\xfe\x00garbage",
            b"[]",
            b'[{"event": "charge.success"}]',
            b'"charge.success"',
            b"null",
            b"42",
            b"{}",
            b'{"event": 7}',
            b'{"event": ""}',
            b'{"event": "charge.success"}',
            b'{"event": "charge.success", "data": []}',
            b"[" * 100_000 + b"]" * 100_000,
            charge_body(amount=float("nan")),
            charge_body(metadata={"ratio": float("inf")}),
        ],
        ids=lambda body: repr(body[:30]),
    )
    def test_a_signed_body_that_is_not_an_event_is_refused(
        self, gateway: PaymentGateway, driver: GatewayDriver, body: bytes
    ) -> None:
        """Correctly signed nonsense (not JSON, NaN or Infinity anywhere, not an object, no
        event, no transaction for a charge) is refused as a webhook and crashes nothing."""
        assert_refused("invalid_webhook", lambda: gateway.parse_webhook(*signed(driver, body)))

    @pytest.mark.parametrize(
        "fields",
        [
            {"amount": 150000.5},
            {"amount": "150000.5"},
            {"amount": "1.5e5"},
            {"amount": True},
            {"amount": None},
            {"amount": -150000},
            {"amount": [150000]},
            {"currency": 566},
            {"currency": "naira"},
            {"reference": None},
            {"status": None},
            {"customer": None},
            {"customer": {"email": None}},
            {"paid_at": "yesterday"},
        ],
        ids=repr,
    )
    def test_a_charge_with_a_malformed_transaction_is_refused(
        self, gateway: PaymentGateway, driver: GatewayDriver, fields: dict[str, Any]
    ) -> None:
        """A charge.success whose transaction lacks the documented shape (amounts are whole
        numbers of kobo) is refused, signed or not."""
        body = charge_body(**fields)
        assert_refused("invalid_webhook", lambda: gateway.parse_webhook(*signed(driver, body)))

    def test_a_well_formed_charge_body_reads_exactly(
        self, gateway: PaymentGateway, driver: GatewayDriver
    ) -> None:
        """Fields of a signed charge reach the transaction unchanged; paid_at is aware."""
        event = gateway.parse_webhook(*signed(driver, charge_body()))
        assert (
            ProviderTransaction(
                reference="txn-1700000000000-abcd",
                status="success",
                amount_minor=PRICE.minor,
                currency="NGN",
                customer_email=EMAIL,
                paid_at=datetime(2024, 5, 1, 10, 20, 30, tzinfo=UTC),
                gateway_response="Approved",
                provider_id="1",
            )
            == event.transaction
        )

    def test_a_huge_body_is_refused(self, gateway: PaymentGateway, driver: GatewayDriver) -> None:
        """A body of megabytes is refused, signed or not, even if it is a good event."""
        padding = "x" * HUGE
        body = charge_body(metadata={"padding": padding})
        assert_refused("invalid_webhook", lambda: gateway.parse_webhook(*signed(driver, body)))
        with pytest.raises(NotAllowed):
            gateway.parse_webhook(body, "0" * 128)

    def test_nothing_but_domain_errors_escape(
        self, gateway: PaymentGateway, driver: GatewayDriver
    ) -> None:
        """Whatever the body and signature, the gateway answers an event or a domain error."""
        bodies = [b"\x00" * 10, b"{" * 5000, '{"event": "\u2603"}'.encode(), b"\xc3\x28"]
        signatures: list[str | None] = [None, "\x00", "\ud800" * 3, "z" * 10_000]
        for body in bodies:
            for signature in [*signatures, driver.sign(body)]:
                with suppress(DesignCoreError):
                    gateway.parse_webhook(body, signature)
