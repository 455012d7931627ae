"""The payments use cases, called directly over in-memory adapters and a fixed clock: create,
verify, webhooks, the reconciler and expiry."""

from __future__ import annotations

from datetime import timedelta

import httpx
import pytest
from dependency_injector import providers

from designcore.adapters.memory import FixedClock
from designcore.adapters.paystack import PaystackGateway
from designcore.app import Container
from designcore.app.services.payments import PaymentService
from designcore.domain.errors import Unavailable
from designcore.domain.payments import CUSTOMER_DEADLINE, Payment, PaymentStatus, premium_plan
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
        memory_container.payments.reset()
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
        payment = Payment(
            reference="txn-1767225600000-abcd1234",
            user_id=user_id,
            email="ada@example.com",
            plan_id=PLAN.id,
            price=PLAN.price,
            created_at=clock.now(),
            updated_at=clock.now(),
        )
        with memory_container.accounts()() as uow:
            uow.payments.add(payment)
            uow.commit()
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
        payment = Payment(
            reference="txn-1767225600000-nowhere1",
            user_id=user_id,
            email="ada@example.com",
            plan_id=PLAN.id,
            price=PLAN.price,
            created_at=clock.now(),
            updated_at=clock.now(),
        )
        with memory_container.accounts()() as uow:
            uow.payments.add(payment)
            uow.commit()
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
