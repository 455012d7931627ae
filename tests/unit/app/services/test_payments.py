"""The payments use cases, called directly over in-memory adapters (the books, the payment
sandbox) and a fixed clock: create, verify, webhooks, the reconciler and expiry."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import timedelta

import attrs
import httpx
import pytest
from dependency_injector import providers

from designcore.adapters.memory import FixedClock
from designcore.adapters.paystack import PaystackGateway
from designcore.adapters.paystack.sandbox import (
    DECLINED_CARD,
    SUCCESS_CARD,
    PaystackSandbox,
    SignedEvent,
    sign,
)
from designcore.app import Container
from designcore.app.services.payments import CONFIRMING_LATER, PaymentService
from designcore.domain.errors import NotAllowed, NotFound, Unavailable, ValidationFailed
from designcore.domain.payments import (
    CUSTOMER_DEADLINE,
    AmountMismatch,
    Payment,
    PaymentStatus,
    premium_plan,
)
from fakes.paystack_api import BASE_URL, FaultyLine, sandbox_server
from fakes.paystack_api import Stopwatch as FaultStopwatch
from support import store_customer

PLAN = premium_plan()


class Stopwatch:
    """Time as the Paystack adapter sees it, moved by its waits and by slow answers."""

    def __init__(self) -> None:
        self.now = 0.0

    def monotonic(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += seconds


def customer(container: Container, email: str = "ada@example.com") -> str:
    """A stored user with a profile; answers the user id."""
    return store_customer(container.accounts(), container.clock().now(), email)


def stored(container: Container, reference: str) -> Payment:
    with container.accounts()() as uow:
        payment = uow.payments.get(reference)
    assert payment is not None
    return payment


def pending_payment(container: Container, user_id: str, reference: str) -> Payment:
    """A pending payment stored for ``user_id`` (as a create leaves it), made now."""
    now = container.clock().now()
    payment = Payment(
        reference=reference,
        user_id=user_id,
        email="ada@example.com",
        plan_id=PLAN.id,
        price=PLAN.price,
        created_at=now,
        updated_at=now,
    )
    with container.accounts()() as uow:
        uow.payments.add(payment)
        uow.commit()
    return payment


def premium(container: Container, user_id: str) -> tuple[str | None, str | None]:
    with container.accounts()() as uow:
        profile = uow.profiles.get(user_id)
    return profile.subscription_status, profile.subscription_plan


@pytest.fixture(name="service")
def fixture_service(memory_container: Container) -> PaymentService:
    """The payments use cases over the in-memory books and the payment sandbox."""
    made: PaymentService = memory_container.payments()
    return made


@pytest.fixture(name="sandbox")
def fixture_sandbox(memory_container: Container) -> PaystackSandbox:
    """The sandbox the service's gateway talks to (webhooks recorded, not sent)."""
    made: PaystackSandbox = memory_container.paystack_sandbox()
    return made


@pytest.fixture(name="ada")
def fixture_ada(memory_container: Container) -> str:
    """A customer's user id."""
    return customer(memory_container)


def pay(sandbox: PaystackSandbox, access_code: str, number: str = SUCCESS_CARD.number) -> None:
    sandbox.charge_card(access_code, number=number, cvv="408", expiry="12/40")


def signed(sandbox: PaystackSandbox, event: str, data: dict[str, object]) -> SignedEvent:
    """An event the provider signs (what the provider, not an attacker, would send)."""
    body = json.dumps({"event": event, "data": data}).encode()
    return SignedEvent(event, body, sign(body, sandbox.secret_key))


class TestCreate:
    def test_the_attempt_is_stored_pending_with_its_access_code(
        self, service: PaymentService, memory_container: Container, ada: str, clock: FixedClock
    ) -> None:
        """Creating stores a pending payment for the plan's price under a new reference, with
        the provider's access code."""
        made = service.create_upgrade(ada, 150_000, "NGN")
        payment = stored(memory_container, made.reference)
        assert (PaymentStatus.PENDING, ada, "ada@example.com", PLAN.price) == (
            payment.status,
            payment.user_id,
            payment.email,
            payment.price,
        )
        assert (made.access_code, clock.now()) == (payment.access_code, payment.created_at)
        assert made.reference.startswith("txn-")

    def test_another_price_creates_nothing(
        self, service: PaymentService, memory_container: Container, ada: str
    ) -> None:
        """A tampered amount is AmountMismatch and no payment is stored."""
        with pytest.raises(AmountMismatch):
            service.create_upgrade(ada, 100, "NGN")
        with memory_container.accounts()() as uow:
            assert [] == list(uow.payments.for_user(ada, 10))

    def test_a_provider_refusal_fails_the_attempt(
        self,
        service: PaymentService,
        memory_container: Container,
        sandbox: PaystackSandbox,
        ada: str,
    ) -> None:
        """The provider refusing the transaction (here: a customer address it will not take)
        is provider_refused, and the stored attempt is failed with that code."""
        with memory_container.accounts()() as uow:
            user = uow.users.get(ada)
            uow.users.update(attrs.evolve(user, email="not-an-address"))
            uow.commit()
        with pytest.raises(NotAllowed) as caught:
            service.create_upgrade(ada, 150_000, "NGN")
        assert "provider_refused" == caught.value.code
        with memory_container.accounts()() as uow:
            (payment,) = uow.payments.for_user(ada, 10)
        assert (PaymentStatus.FAILED, "provider_refused") == (payment.status, payment.failure)


class TestVerify:
    def test_paid_activates_premium_for_a_month(
        self,
        service: PaymentService,
        memory_container: Container,
        sandbox: PaystackSandbox,
        ada: str,
        clock: FixedClock,
    ) -> None:
        """A paid payment succeeds, the subscription runs a calendar month from now and the
        profile is premium; verifying again changes nothing."""
        made = service.create_upgrade(ada, 150_000, "NGN")
        pay(sandbox, made.access_code)
        payment = service.verify(ada, made.reference)
        assert (PaymentStatus.SUCCEEDED, "success") == (payment.status, payment.provider_status)
        assert ("active", "premium") == premium(memory_container, ada)
        with memory_container.accounts()() as uow:
            subscription = uow.subscriptions.get(ada, PLAN.id)
        assert subscription is not None
        assert (clock.now(), clock.now().replace(month=2)) == (
            subscription.current_period_start,
            subscription.current_period_end,
        )
        assert payment == service.verify(ada, made.reference)

    def test_declined_fails_with_the_providers_reason(
        self,
        service: PaymentService,
        memory_container: Container,
        sandbox: PaystackSandbox,
        ada: str,
    ) -> None:
        """A declined card fails the payment with the provider's words; no premium."""
        made = service.create_upgrade(ada, 150_000, "NGN")
        pay(sandbox, made.access_code, DECLINED_CARD.number)
        payment = service.verify(ada, made.reference)
        assert (PaymentStatus.FAILED, "Declined") == (payment.status, payment.failure)
        assert (None, None) == premium(memory_container, ada)

    def test_unpaid_stays_pending(self, service: PaymentService, ada: str) -> None:
        """Before anyone pays, the payment stays pending."""
        made = service.create_upgrade(ada, 150_000, "NGN")
        assert PaymentStatus.PENDING is service.verify(ada, made.reference).status

    def test_someone_elses_reference_is_not_found(
        self,
        service: PaymentService,
        memory_container: Container,
        sandbox: PaystackSandbox,
        ada: str,
    ) -> None:
        """A paid reference cannot be verified by another user, nor turn them premium."""
        thief = customer(memory_container, "thief@example.com")
        made = service.create_upgrade(ada, 150_000, "NGN")
        pay(sandbox, made.access_code)
        with pytest.raises(NotFound) as caught:
            service.verify(thief, made.reference)
        assert "payment_not_found" == caught.value.code
        assert (None, None) == premium(memory_container, thief)

    @pytest.mark.parametrize("reference", ["../etc", "", 42, None, "txn-1-x"])
    def test_a_value_that_is_no_reference_is_refused(
        self, service: PaymentService, ada: str, reference: object
    ) -> None:
        """Anything not of our references' shape is invalid_reference, before any lookup."""
        with pytest.raises(ValidationFailed) as caught:
            service.verify(ada, reference)
        assert "invalid_reference" == caught.value.code


class TestWebhooks:
    def test_a_webhook_alone_activates(
        self,
        service: PaymentService,
        memory_container: Container,
        sandbox: PaystackSandbox,
        ada: str,
    ) -> None:
        """The browser closed after paying: the provider's charge.success turns premium on,
        and a repeated delivery changes nothing."""
        made = service.create_upgrade(ada, 150_000, "NGN")
        pay(sandbox, made.access_code)
        event = sandbox.events()[-1]
        outcome = service.handle_webhook(event.body, event.signature)
        assert f"charge.success: {made.reference} is succeeded" == outcome
        assert ("active", "premium") == premium(memory_container, ada)
        with memory_container.accounts()() as uow:
            first = uow.subscriptions.get(ada, PLAN.id)
        service.handle_webhook(event.body, event.signature)
        with memory_container.accounts()() as uow:
            assert first == uow.subscriptions.get(ada, PLAN.id)

    def test_a_forged_signature_changes_nothing(
        self,
        service: PaymentService,
        memory_container: Container,
        sandbox: PaystackSandbox,
        ada: str,
    ) -> None:
        """A webhook not signed with the provider's secret key is invalid_signature; the
        payment stays pending."""
        made = service.create_upgrade(ada, 150_000, "NGN")
        pay(sandbox, made.access_code)
        event = sandbox.events()[-1]
        for signature in ("0" * 128, None, sign(event.body, "sk_test_someone_else")):
            with pytest.raises(NotAllowed) as caught:
                service.handle_webhook(event.body, signature)
            assert "invalid_signature" == caught.value.code
        assert PaymentStatus.PENDING is stored(memory_container, made.reference).status

    @pytest.mark.parametrize(
        ("field", "value", "reason"),
        [
            ("amount", 100, "amount_mismatch"),
            ("currency", "USD", "currency_mismatch"),
            ("customer", {"email": "mallory@example.com"}, "customer_mismatch"),
        ],
    )
    def test_a_payment_for_something_else_is_rejected(
        self,
        service: PaymentService,
        memory_container: Container,
        sandbox: PaystackSandbox,
        ada: str,
        field: str,
        value: object,
        reason: str,
    ) -> None:
        """The provider reporting another amount, currency or customer for our reference
        rejects the payment and never activates."""
        made = service.create_upgrade(ada, 150_000, "NGN")
        pay(sandbox, made.access_code)
        data = json.loads(sandbox.events()[-1].body)["data"] | {field: value}
        event = signed(sandbox, "charge.success", data)
        service.handle_webhook(event.body, event.signature)
        payment = stored(memory_container, made.reference)
        assert (PaymentStatus.REJECTED, reason) == (payment.status, payment.failure)
        assert (None, None) == premium(memory_container, ada)

    def test_events_about_other_things_are_ignored(
        self, service: PaymentService, sandbox: PaystackSandbox
    ) -> None:
        """Signed events for references that are not ours, or not about a charge, change
        nothing and say so."""
        transfer = signed(sandbox, "transfer.success", {"amount": 100})
        assert "ignored transfer.success" == service.handle_webhook(
            transfer.body, transfer.signature
        )
        made = sandbox.initialize(email="ada@example.com", amount=150_000)
        pay(sandbox, made.access_code)
        event = sandbox.events()[-1]
        assert "ignored charge.success" == service.handle_webhook(event.body, event.signature)


class TestReconcile:
    def test_a_paid_payment_whose_verify_never_came_succeeds(
        self,
        service: PaymentService,
        memory_container: Container,
        sandbox: PaystackSandbox,
        ada: str,
        clock: FixedClock,
    ) -> None:
        """Ten minutes after creation the reconciler verifies a payment nobody verified, and
        a settled payment is not looked at again."""
        made = service.create_upgrade(ada, 150_000, "NGN")
        pay(sandbox, made.access_code)
        assert 0 == service.reconcile()["checked"]
        clock.advance(timedelta(minutes=11))
        counts = service.reconcile()
        assert (1, 1) == (counts["checked"], counts["succeeded"])
        assert ("active", "premium") == premium(memory_container, ada)
        clock.advance(timedelta(minutes=11))
        assert 0 == service.reconcile()["checked"]

    def test_an_unpaid_payment_is_given_up_after_a_day(
        self,
        service: PaymentService,
        memory_container: Container,
        ada: str,
        clock: FixedClock,
    ) -> None:
        """Unpaid, it stays pending through the first day, then fails as abandoned."""
        made = service.create_upgrade(ada, 150_000, "NGN")
        clock.advance(timedelta(hours=1))
        assert 1 == service.reconcile()["pending"]
        clock.advance(timedelta(hours=24))
        assert 1 == service.reconcile()["failed"]
        payment = stored(memory_container, made.reference)
        assert (PaymentStatus.FAILED, "abandoned") == (payment.status, payment.failure)


class TestExpire:
    def test_premium_ends_three_days_after_the_period_and_a_renewal_restores_it(
        self,
        service: PaymentService,
        memory_container: Container,
        sandbox: PaystackSandbox,
        ada: str,
        clock: FixedClock,
    ) -> None:
        """Active through the period and the grace; expired after; a renewal brings it back."""
        made = service.create_upgrade(ada, 150_000, "NGN")
        pay(sandbox, made.access_code)
        service.verify(ada, made.reference)
        clock.advance(timedelta(days=31 + 2))
        assert {"expired": 0} == service.expire()
        assert ("active", "premium") == premium(memory_container, ada)
        clock.advance(timedelta(days=2))
        assert {"expired": 1} == service.expire()
        assert ("expired", "premium") == premium(memory_container, ada)
        assert {"expired": 0} == service.expire()
        renewal = service.create_upgrade(ada, 150_000, "NGN")
        pay(sandbox, renewal.access_code)
        service.verify(ada, renewal.reference)
        assert ("active", "premium") == premium(memory_container, ada)


class TestProviderDeadline:
    @pytest.fixture(name="silent")
    def fixture_silent(self, memory_container: Container) -> Stopwatch:
        """The container's gateway is Paystack that never answers: each request runs into its
        read timeout, measured on a stopwatch (nobody waits for real)."""
        stopwatch = Stopwatch()

        def handler(request: httpx.Request) -> httpx.Response:
            stopwatch.sleep(request.extensions["timeout"]["read"])
            raise httpx.ReadTimeout("no answer", request=request)

        gateway = PaystackGateway(
            httpx.Client(transport=httpx.MockTransport(handler)),
            secret_key="sk_test_silent",
            public_key="pk_test_silent",
            sleep=stopwatch.sleep,
            monotonic=stopwatch.monotonic,
        )
        memory_container.payment_gateway.override(providers.Object(gateway))
        return stopwatch

    def test_creating_waits_at_most_the_deadline(
        self, memory_container: Container, silent: Stopwatch
    ) -> None:
        """A provider that does not answer fails the customer's create within the deadline
        (provider_unavailable), not after three 15 s timeouts."""
        service: PaymentService = memory_container.payments()
        user_id = customer(memory_container)
        with pytest.raises(Unavailable) as caught:
            service.create_upgrade(user_id, PLAN.price.minor, PLAN.price.currency)
        assert "provider_unavailable" == caught.value.code
        assert silent.now <= CUSTOMER_DEADLINE.total_seconds()

    def test_verifying_waits_at_most_the_deadline_and_leaves_it_pending(
        self, memory_container: Container, silent: Stopwatch, clock: FixedClock
    ) -> None:
        """A verify the provider does not answer ends within the deadline and the payment
        stays pending; the reconciler later asks with the full retry budget."""
        service: PaymentService = memory_container.payments()
        user_id = customer(memory_container)
        payment = pending_payment(memory_container, user_id, "txn-1767225600000-abcd1234")
        with pytest.raises(Unavailable) as caught:
            service.verify(user_id, payment.reference)
        assert "provider_unavailable" == caught.value.code
        assert silent.now <= CUSTOMER_DEADLINE.total_seconds()
        assert PaymentStatus.PENDING is stored(memory_container, payment.reference).status
        clock.advance(timedelta(minutes=11))
        before = silent.now
        assert 1 == service.reconcile()["unreachable"]
        assert 3 * 15 < silent.now - before
        assert PaymentStatus.PENDING is stored(memory_container, payment.reference).status


class TestReconcileNotFound:
    def test_a_reference_the_provider_never_saw_fails_once_and_is_marked_checked(
        self, memory_container: Container, clock: FixedClock
    ) -> None:
        """The provider's own "not found" fails a pending payment (payment_not_found) with a
        verified_at, so it is told apart from payments failed by the old any-404 rule."""
        service: PaymentService = memory_container.payments()
        user_id = customer(memory_container)
        payment = pending_payment(memory_container, user_id, "txn-1767225600000-nowhere1")
        clock.advance(timedelta(minutes=11))
        counts = service.reconcile()
        assert (1, 1) == (counts["checked"], counts["failed"])
        failed = stored(memory_container, payment.reference)
        assert (PaymentStatus.FAILED, "payment_not_found", clock.now()) == (
            failed.status,
            failed.failure,
            failed.verified_at,
        )
        assert 0 == service.reconcile()["checked"]


class TestProviderTimingOut:
    """The provider answering later than the client's timeout, through the sandbox's own HTTP
    routes with an injected delay (``fakes.paystack_api.FaultyLine``, on a stopwatch)."""

    @pytest.fixture(name="line")
    def fixture_line(
        self, memory_container: Container, sandbox: PaystackSandbox
    ) -> Iterator[FaultyLine]:
        """The container's gateway is the Paystack adapter over HTTP to the sandbox, on a line
        where the test queues delays."""
        with sandbox_server(sandbox) as server:
            line = FaultyLine(server, FaultStopwatch())
            gateway = PaystackGateway(
                line.client(),
                secret_key=sandbox.secret_key,
                public_key=sandbox.public_key,
                base_url=BASE_URL,
                sleep=line.stopwatch.sleep,
                monotonic=line.stopwatch.monotonic,
            )
            memory_container.payment_gateway.override(providers.Object(gateway))
            yield line

    def test_a_slow_verify_leaves_it_pending_and_the_reconciler_completes_it(
        self,
        memory_container: Container,
        sandbox: PaystackSandbox,
        line: FaultyLine,
        ada: str,
        clock: FixedClock,
    ) -> None:
        """A paid payment whose verify times out stays pending without premium, and the
        customer is told to try again; the reconciler then completes it and premium is granted
        once, however often it is verified afterwards."""
        service: PaymentService = memory_container.payments()
        made = service.create_upgrade(ada, 150_000, "NGN")
        pay(sandbox, made.access_code)
        line.slow_next(10, seconds=60)
        with pytest.raises(Unavailable) as caught:
            service.verify(ada, made.reference)
        assert ("provider_unavailable", CONFIRMING_LATER) == (
            caught.value.code,
            caught.value.message,
        )
        assert PaymentStatus.PENDING is stored(memory_container, made.reference).status
        assert (None, None) == premium(memory_container, ada)
        clock.advance(timedelta(minutes=11))
        line.heal()
        assert 1 == service.reconcile()["succeeded"]
        assert PaymentStatus.SUCCEEDED is stored(memory_container, made.reference).status
        assert ("active", "premium") == premium(memory_container, ada)
        with memory_container.accounts()() as uow:
            first = uow.subscriptions.get(ada, PLAN.id)
        assert PaymentStatus.SUCCEEDED is service.verify(ada, made.reference).status
        assert 0 == service.reconcile()["checked"]
        with memory_container.accounts()() as uow:
            assert first == uow.subscriptions.get(ada, PLAN.id)

    def test_a_slow_initialize_leaves_it_pending_until_the_provider_says(
        self,
        memory_container: Container,
        line: FaultyLine,
        ada: str,
        clock: FixedClock,
    ) -> None:
        """A create the provider does not answer in time is 503 provider_unavailable with the
        payment kept pending (not failed, not lost); the reconciler settles it by the
        provider's word: it never saw the reference, so the payment fails
        payment_not_found."""
        service: PaymentService = memory_container.payments()
        line.slow_next(10, seconds=60)
        with pytest.raises(Unavailable) as caught:
            service.create_upgrade(ada, 150_000, "NGN")
        assert "provider_unavailable" == caught.value.code
        with memory_container.accounts()() as uow:
            (payment,) = uow.payments.for_user(ada, 10)
        assert (PaymentStatus.PENDING, None) == (payment.status, payment.failure)
        clock.advance(timedelta(minutes=11))
        line.heal()
        assert 1 == service.reconcile()["failed"]
        assert (PaymentStatus.FAILED, "payment_not_found") == (
            stored(memory_container, payment.reference).status,
            stored(memory_container, payment.reference).failure,
        )
        assert (None, None) == premium(memory_container, ada)
