"""The payment sandbox: transactions, test cards, OTP, bank transfers, signed webhooks and
their delivery, and the ``PaymentGateway`` port over it."""

from __future__ import annotations

import hashlib
import hmac
import http.server
import json
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from typing import Any

import pytest

from designcore.adapters.memory.sandbox import InMemorySandboxTransactionRepository
from designcore.adapters.paystack.sandbox import (
    DECLINED_CARD,
    INSUFFICIENT_FUNDS_CARD,
    OTP_CARD,
    SIGNATURE_HEADER,
    SUCCESS_CARD,
    TEST_CARDS,
    ChargeResult,
    PaystackError,
    PaystackSandbox,
    SandboxGateway,
    SandboxTransaction,
    WebhookDispatcher,
)
from designcore.adapters.paystack.sandbox.cards import luhn_valid
from designcore.domain.errors import NotAllowed, NotFound
from designcore.domain.payments import Money, Outcome, Payment, judge
from designcore.ports.payments import PaymentGateway

PUBLIC = "pk_test_sandbox_unit"
SECRET = "sk_test_sandbox_unit"
NOW = datetime(2026, 5, 4, 10, 30, tzinfo=UTC)
EXPIRY = "12/30"


@pytest.fixture(name="sandbox")
def fixture_sandbox() -> PaystackSandbox:
    """A sandbox without webhook delivery (events are only recorded), at a fixed moment."""
    return PaystackSandbox(
        transactions=InMemorySandboxTransactionRepository(),
        public_key=PUBLIC,
        secret_key=SECRET,
        clock=lambda: NOW,
    )


def new(
    sandbox: PaystackSandbox, reference: str = "txn-1777890600000-abcd1234", **extra: Any
) -> SandboxTransaction:
    values: dict[str, Any] = {"email": "ada@example.com", "amount": 150_000} | extra
    return sandbox.initialize(reference=reference, **values)


def pay(
    sandbox: PaystackSandbox, access_code: str, number: str = SUCCESS_CARD.number
) -> ChargeResult:
    return sandbox.charge_card(access_code, number=number, cvv="408", expiry=EXPIRY)


def expected_signature(body: bytes, key: str = SECRET) -> str:
    """The signature recomputed here, independently of the sandbox's own code."""
    return hmac.new(key.encode(), body, hashlib.sha512).hexdigest()


class TestKeys:
    def test_only_test_keys(self) -> None:
        """A live-looking or empty key is refused when the sandbox is built."""
        with pytest.raises(ValueError, match="pk_test_"):
            PaystackSandbox(
                transactions=InMemorySandboxTransactionRepository(),
                public_key="pk_live_abcdefgh",
                secret_key=SECRET,
            )
        with pytest.raises(ValueError, match="sk_test_"):
            PaystackSandbox(
                transactions=InMemorySandboxTransactionRepository(),
                public_key=PUBLIC,
                secret_key="",
            )

    def test_bearer_checks(self, sandbox: PaystackSandbox) -> None:
        """The secret key opens server calls, the public key the popup's log calls; nothing
        else does."""
        sandbox.check_secret_key(f"Bearer {SECRET}")
        sandbox.check_public_key(f"bearer {PUBLIC}")
        for header, code in [
            (None, "missing_key"),
            (f"Bearer {PUBLIC}", "invalid_key"),
            (SECRET, "invalid_key"),
            (f"Basic {SECRET}", "invalid_key"),
        ]:
            with pytest.raises(PaystackError) as caught:
                sandbox.check_secret_key(header)
            assert (401, code) == (caught.value.http_status, caught.value.code)


class TestInitialize:
    def test_keeps_what_was_asked(self, sandbox: PaystackSandbox) -> None:
        """Amount, currency, e-mail and metadata are kept; the transaction starts unpaid and is
        found by reference, access code and id."""
        created = new(sandbox, currency="ngn", metadata={"user_id": "u1", "plan": "premium"})
        assert (150_000, "NGN", "ada@example.com") == (
            created.amount,
            created.currency,
            created.email,
        )
        assert {"user_id": "u1", "plan": "premium"} == created.metadata
        assert ("abandoned", None) == (created.status, created.paid_at)
        assert created == sandbox.by_access_code(created.access_code)
        assert created == sandbox.by_id(created.id) == sandbox.by_id(str(created.id))
        assert created == sandbox.by_reference("txn-1777890600000-abcd1234")

    def test_amount_as_digits(self, sandbox: PaystackSandbox) -> None:
        """Like Paystack, an amount may come as a string of digits."""
        assert 5000 == new(sandbox, amount="5000").amount

    def test_duplicate_reference_refused(self, sandbox: PaystackSandbox) -> None:
        """A used reference is refused with Paystack's words, and the first is untouched."""
        first = new(sandbox)
        with pytest.raises(PaystackError) as caught:
            new(sandbox, amount=100, email="eve@example.com")
        assert (400, "Duplicate Transaction Reference", "duplicate_reference") == (
            caught.value.http_status,
            caught.value.message,
            caught.value.code,
        )
        assert first == sandbox.by_reference(first.reference)

    def test_duplicate_reference_refused_under_races(self, sandbox: PaystackSandbox) -> None:
        """Eight threads creating one reference: exactly one wins."""

        def attempt(_: int) -> bool:
            try:
                new(sandbox)
            except PaystackError:
                return False
            return True

        with ThreadPoolExecutor(8) as pool:
            assert 1 == sum(pool.map(attempt, range(8)))

    def test_generated_references_are_unique(self, sandbox: PaystackSandbox) -> None:
        """Without a reference, each transaction gets a new one (and a new access code)."""
        made = [sandbox.initialize(email="a@b.co", amount=100) for _ in range(50)]
        assert 50 == len({t.reference for t in made}) == len({t.access_code for t in made})

    @pytest.mark.parametrize(
        ("field", "value", "message"),
        [
            ("amount", 0, "Invalid Amount Sent"),
            ("amount", -5, "Invalid Amount Sent"),
            ("amount", 1.5, "Invalid Amount Sent"),
            ("amount", True, "Invalid Amount Sent"),
            ("amount", "ten", "Invalid Amount Sent"),
            ("amount", None, "Invalid Amount Sent"),
            ("email", "not-an-email", "Invalid Email Address Passed"),
            ("email", 42, "Invalid Email Address Passed"),
            ("currency", "XYZ", "Currency not supported by merchant"),
            ("currency", 566, "Currency not supported by merchant"),
            ("metadata", [1, 2], "Invalid metadata: a JSON object expected"),
            ("metadata", "{nope", "Invalid metadata: a JSON object expected"),
            ("channels", "card", "Invalid parameter type: channels"),
            ("channels", ["card", "carrier_pigeon"], "Invalid channels: ['carrier_pigeon']"),
            (
                "callback_url",
                "javascript:alert(1)",
                "Invalid callback_url: an http(s) URL expected",
            ),
            ("label", 7, "Invalid parameter type: label"),
        ],
    )
    def test_bad_values_refused(
        self, sandbox: PaystackSandbox, field: str, value: object, message: str
    ) -> None:
        """Each wrong value is refused with a message naming what was expected; nothing is
        stored."""
        with pytest.raises(PaystackError) as caught:
            new(sandbox, **{field: value})
        assert (400, message) == (caught.value.http_status, caught.value.message)
        with pytest.raises(PaystackError):
            sandbox.by_reference("txn-1777890600000-abcd1234")

    @pytest.mark.parametrize(
        "reference", ["has space", "a/b", "x" * 101, 12345, "txn_1777890600000_abcd1234", "a_b"]
    )
    def test_bad_references_refused(self, sandbox: PaystackSandbox, reference: object) -> None:
        """References are letters, digits and - . = only (as Paystack documents; no ``_``), at
        most 100 characters."""
        with pytest.raises(PaystackError) as caught:
            sandbox.initialize(email="a@b.co", amount=100, reference=reference)
        assert (400, "invalid_reference") == (caught.value.http_status, caught.value.code)

    @pytest.mark.parametrize("reference", ["a-b.c=d", "A1", "x" * 100])
    def test_paystacks_alphabet_is_taken(self, sandbox: PaystackSandbox, reference: str) -> None:
        """Letters, digits, ``-``, ``.`` and ``=`` make a reference."""
        assert (
            reference
            == sandbox.initialize(email="a@b.co", amount=100, reference=reference).reference
        )

    @pytest.mark.parametrize("lookup", ["by_reference", "by_access_code", "by_id"])
    @pytest.mark.parametrize("key", ["nope", "", None, 4_000_000_999, "12x"])
    def test_unknown_keys_are_404(self, sandbox: PaystackSandbox, lookup: str, key: object) -> None:
        """Unknown (or wrongly typed) references, access codes and ids are 404."""
        new(sandbox)
        with pytest.raises(PaystackError) as caught:
            getattr(sandbox, lookup)(key)
        assert 404 == caught.value.http_status


class TestCards:
    def test_cards_are_luhn_valid_and_distinct(self) -> None:
        """Every test card is a well-formed card number, and each outcome has one card."""
        assert all(luhn_valid(card.number) for card in TEST_CARDS)
        assert len(TEST_CARDS) == len({card.outcome for card in TEST_CARDS})
        assert "4084084084084081" == SUCCESS_CARD.number

    @pytest.mark.parametrize(
        ("card", "charge_status", "status", "response", "event"),
        [
            (SUCCESS_CARD, "success", "success", "Successful", "charge.success"),
            (DECLINED_CARD, "failed", "failed", "Declined", "charge.failed"),
            (
                INSUFFICIENT_FUNDS_CARD,
                "failed",
                "failed",
                "Insufficient Funds",
                "charge.failed",
            ),
        ],
    )
    def test_each_card_has_its_outcome(
        self,
        sandbox: PaystackSandbox,
        card: Any,
        charge_status: str,
        status: str,
        response: str,
        event: str,
    ) -> None:
        """A card's outcome is the transaction's status, gateway response and webhook."""
        created = new(sandbox)
        result = sandbox.charge_card(
            created.access_code, number=card.spaced, cvv="123", expiry="1/2031"
        )
        assert (charge_status, response) == (result.status, result.message)
        stored = sandbox.by_reference(created.reference)
        assert (status, response, "card") == (
            stored.status,
            stored.gateway_response,
            stored.channel,
        )
        assert (NOW if status == "success" else None) == stored.paid_at
        assert [event] == [e.event for e in sandbox.events()]
        assert (150_000, "NGN") == (stored.amount, stored.currency)

    def test_otp_card(self, sandbox: PaystackSandbox) -> None:
        """The OTP card asks for an OTP (no webhook yet); a wrong one asks again; 123456
        succeeds."""
        created = new(sandbox)
        asked = pay(sandbox, created.access_code, OTP_CARD.number)
        assert ("send_otp", "ongoing") == (asked.status, asked.transaction.status)
        assert [] == sandbox.events()
        wrong = sandbox.submit_otp(created.access_code, "000000")
        assert ("send_otp", "Incorrect OTP: 2 attempts left") == (wrong.status, wrong.message)
        done = sandbox.submit_otp(created.access_code, "123456")
        assert ("success", "success") == (done.status, done.transaction.status)
        assert ["charge.success"] == [e.event for e in sandbox.events()]
        with pytest.raises(PaystackError, match="No OTP was requested"):
            sandbox.submit_otp(created.access_code, "123456")

    def test_three_wrong_otps_fail(self, sandbox: PaystackSandbox) -> None:
        """After three wrong OTPs the charge fails."""
        created = new(sandbox)
        pay(sandbox, created.access_code, OTP_CARD.number)
        results = [sandbox.submit_otp(created.access_code, "111111") for _ in range(3)]
        assert ["send_otp", "send_otp", "failed"] == [r.status for r in results]
        assert "failed" == sandbox.by_reference(created.reference).status

    def test_otp_must_be_digits(self, sandbox: PaystackSandbox) -> None:
        """A non-digit OTP is an input error, not a wrong attempt."""
        created = new(sandbox)
        pay(sandbox, created.access_code, OTP_CARD.number)
        for otp in ("", "abc", 123456):
            with pytest.raises(PaystackError, match="Invalid OTP"):
                sandbox.submit_otp(created.access_code, otp)
        assert 3 == sandbox.by_reference(created.reference).otp_attempts_left

    def test_no_otp_without_an_otp_card(self, sandbox: PaystackSandbox) -> None:
        """An OTP for a transaction that was not asked one is refused."""
        created = new(sandbox)
        with pytest.raises(PaystackError, match="No OTP was requested"):
            sandbox.submit_otp(created.access_code, "123456")

    @pytest.mark.parametrize(
        ("number", "cvv", "expiry", "message"),
        [
            ("4084084084084082", "408", EXPIRY, "Invalid card number"),
            ("4111 1111 1111 1111", "408", EXPIRY, "Not a sandbox test card"),
            ("", "408", EXPIRY, "Invalid card number"),
            (SUCCESS_CARD.number, "40", EXPIRY, "Invalid CVV"),
            (SUCCESS_CARD.number, "408", "13/30", "the month must be 01 to 12"),
            (SUCCESS_CARD.number, "408", "4/2026", "Card expired"),
            (SUCCESS_CARD.number, "408", "2030-12", "Invalid expiry date"),
            (4084084084084081, "408", EXPIRY, "must be strings"),
        ],
    )
    def test_bad_card_details_change_nothing(
        self, sandbox: PaystackSandbox, number: object, cvv: str, expiry: str, message: str
    ) -> None:
        """Wrong card details are refused (400) without touching the transaction."""
        created = new(sandbox)
        with pytest.raises(PaystackError, match=message) as caught:
            sandbox.charge_card(created.access_code, number=number, cvv=cvv, expiry=expiry)
        assert 400 == caught.value.http_status
        assert created == sandbox.by_reference(created.reference)
        assert [] == sandbox.events()

    def test_this_month_is_not_expired(self, sandbox: PaystackSandbox) -> None:
        """A card expiring this month still works."""
        created = new(sandbox)
        result = sandbox.charge_card(
            created.access_code, number=SUCCESS_CARD.number, cvv="408", expiry="05/26"
        )
        assert "success" == result.status

    def test_retry_after_a_decline(self, sandbox: PaystackSandbox) -> None:
        """After a decline another card may pay; both outcomes are announced."""
        created = new(sandbox)
        pay(sandbox, created.access_code, DECLINED_CARD.number)
        assert "success" == pay(sandbox, created.access_code).status
        assert ["charge.failed", "charge.success"] == [e.event for e in sandbox.events()]

    def test_paid_transactions_cannot_be_charged_again(self, sandbox: PaystackSandbox) -> None:
        """A paid transaction refuses every further charge."""
        created = new(sandbox)
        pay(sandbox, created.access_code)
        with pytest.raises(PaystackError, match="already been paid"):
            pay(sandbox, created.access_code)
        with pytest.raises(PaystackError, match="already been paid"):
            sandbox.start_bank_transfer(created.access_code)
        assert 1 == len(sandbox.events())

    def test_concurrent_charges_pay_once(self, sandbox: PaystackSandbox) -> None:
        """Eight simultaneous charges of one transaction: one success, one event."""
        created = new(sandbox)

        def attempt(_: int) -> bool:
            try:
                return pay(sandbox, created.access_code).status == "success"
            except PaystackError:
                return False

        with ThreadPoolExecutor(8) as pool:
            assert 1 == sum(pool.map(attempt, range(8)))
        assert 1 == len(sandbox.events())

    def test_channels_are_respected(self, sandbox: PaystackSandbox) -> None:
        """A transaction limited to cards refuses a bank transfer, and the reverse."""
        cards_only = new(sandbox, channels=["card"])
        with pytest.raises(PaystackError, match="bank_transfer channel is not enabled"):
            sandbox.start_bank_transfer(cards_only.access_code)
        transfer_only = new(sandbox, reference="other", channels=["bank_transfer"])
        with pytest.raises(PaystackError, match="card channel is not enabled"):
            pay(sandbox, transfer_only.access_code)


class TestBankTransfer:
    def test_pending_then_completed(self, sandbox: PaystackSandbox) -> None:
        """A transfer stays pending (no webhook) until the sandbox control completes it."""
        created = new(sandbox)
        started = sandbox.start_bank_transfer(created.access_code)
        assert ("pending", "pending") == (started.status, started.transaction.status)
        assert "₦1,500.00" in started.message
        assert started.transaction.transfer_account in started.message
        assert [] == sandbox.events()
        with pytest.raises(PaystackError, match="awaits confirmation"):
            pay(sandbox, created.access_code)
        done = sandbox.complete_bank_transfer(created.reference)
        assert ("success", "bank_transfer", NOW) == (
            done.transaction.status,
            done.transaction.channel,
            done.transaction.paid_at,
        )
        assert ["charge.success"] == [e.event for e in sandbox.events()]

    def test_transfer_that_never_arrives(self, sandbox: PaystackSandbox) -> None:
        """The control may also fail the transfer."""
        created = new(sandbox)
        sandbox.start_bank_transfer(created.access_code)
        done = sandbox.complete_bank_transfer(created.reference, success=False)
        assert ("failed", "Transfer not received") == (
            done.transaction.status,
            done.transaction.gateway_response,
        )

    def test_nothing_to_complete(self, sandbox: PaystackSandbox) -> None:
        """Completing a transaction with no pending transfer is refused; unknown is 404."""
        created = new(sandbox)
        with pytest.raises(PaystackError, match="No bank transfer is pending"):
            sandbox.complete_bank_transfer(created.reference)
        with pytest.raises(PaystackError) as caught:
            sandbox.complete_bank_transfer("nope")
        assert 404 == caught.value.http_status


class TestInlineCalls:
    def test_request_inline_creates_or_finds(self, sandbox: PaystackSandbox) -> None:
        """The popup's parameters create a transaction; an access code names one."""
        created = sandbox.request_inline(
            {"key": PUBLIC, "email": "ada@example.com", "amount": 150_000, "ref": "r-1"}
        )
        assert ("r-1", 150_000) == (created.reference, created.amount)
        assert created == sandbox.request_inline({"key": PUBLIC, "accessCode": created.access_code})
        data = sandbox.inline_json(created)
        assert (PUBLIC, created.access_code, "abandoned") == (
            data["merchant_key"],
            data["access_code"],
            data["transaction_status"],
        )
        assert {"enabled": False, "has_payment_instruments": False} == data["link_config"]

    def test_request_inline_needs_the_public_key(self, sandbox: PaystackSandbox) -> None:
        """Another key (the secret one included) is refused."""
        for key in (None, SECRET, "pk_test_other"):
            with pytest.raises(PaystackError, match="Invalid key"):
                sandbox.request_inline({"key": key, "email": "a@b.co", "amount": 100})

    def test_log_and_ip(self, sandbox: PaystackSandbox) -> None:
        """The popup's log (JSON text or object) and the customer's address are kept."""
        created = new(sandbox)
        sandbox.update_log(created.id, json.dumps({"attempts": 1, "history": []}))
        sandbox.set_ip(str(created.id), "203.0.113.9")
        stored = sandbox.by_reference(created.reference)
        assert ({"attempts": 1, "history": []}, "203.0.113.9") == (stored.log, stored.ip_address)
        for payload in ("{not json", "[1]", 5):
            with pytest.raises(PaystackError, match="Invalid payload"):
                sandbox.update_log(created.id, payload)

    def test_apple_pay(self, sandbox: PaystackSandbox) -> None:
        """An Apple validation URL gets a merchant session; a token pays; a declined token
        fails."""
        created = new(sandbox)
        session = sandbox.applepay_validate_session(
            created.id, "https://apple-pay-gateway.apple.com/paymentservices/x", "Shop", "a.b"
        )
        assert ("a.b", "Shop") == (session["domainName"], session["displayName"])
        for url in ("http://apple.com/x", "https://evil.example/apple.com", "https://notapple.com"):
            with pytest.raises(PaystackError, match="sessionUrl"):
                sandbox.applepay_validate_session(created.id, url, "Shop", "a.b")
        declined = sandbox.applepay_charge(created.id, '{"token": {"sandbox_outcome": "declined"}}')
        assert "failed" == declined.status
        paid = sandbox.applepay_charge(created.id, {"token": {"paymentData": {}}})
        assert ("success", "apple_pay") == (paid.status, paid.transaction.channel)
        with pytest.raises(PaystackError, match="paymentObject"):
            sandbox.applepay_charge(created.id, "{}")


class TestWebhookEvents:
    def test_signed_like_paystack(self, sandbox: PaystackSandbox) -> None:
        """The event is ``{event, data}`` and its signature is the HMAC-SHA512 of the exact
        body with the secret key."""
        created = new(sandbox, metadata={"user_id": "u1"})
        pay(sandbox, created.access_code)
        (event,) = sandbox.events()
        assert expected_signature(event.body) == event.signature
        assert expected_signature(event.body, "sk_test_other") != event.signature
        payload = json.loads(event.body)
        assert "charge.success" == payload["event"]
        data = payload["data"]
        assert (created.reference, 150_000, "NGN", "success", "ada@example.com") == (
            data["reference"],
            data["amount"],
            data["currency"],
            data["status"],
            data["customer"]["email"],
        )
        assert ("2026-05-04T10:30:00.000Z", {"user_id": "u1"}) == (
            data["paid_at"],
            data["metadata"],
        )
        assert ("408408", "4081") == (
            data["authorization"]["bin"],
            data["authorization"]["last4"],
        )


@pytest.fixture(name="gateway")
def fixture_gateway(sandbox: PaystackSandbox) -> SandboxGateway:
    """The port over the sandbox."""
    return SandboxGateway(sandbox)


def payment(reference: str, email: str = "ada@example.com") -> Payment:
    return Payment(
        reference=reference,
        user_id="u1",
        email=email,
        plan_id="premium",
        price=Money(150_000),
        created_at=NOW,
        updated_at=NOW,
    )


class TestGateway:
    """The ``PaymentGateway`` contract, over the sandbox (a driver pays as the customer)."""

    reference = "txn-1777890600000-abcd1234"

    def test_is_a_payment_gateway(self, gateway: SandboxGateway) -> None:
        """The sandbox gateway satisfies the port."""
        assert isinstance(gateway, PaymentGateway)
        assert PUBLIC == gateway.public_key()

    def test_initialize_then_verify_unpaid(self, gateway: SandboxGateway) -> None:
        """A new transaction keeps our reference and amount, and is not paid yet."""
        started = gateway.initialize(
            email="ada@example.com", amount=Money(150_000), reference=self.reference
        )
        assert self.reference == started.reference
        assert started.authorization_url.endswith(f"?access_code={started.access_code}")
        seen = gateway.verify(self.reference)
        assert ("abandoned", 150_000, "NGN", "ada@example.com", None) == (
            seen.status,
            seen.amount_minor,
            seen.currency,
            seen.customer_email,
            seen.paid_at,
        )

    def test_paid_verifies_and_activates(
        self, gateway: SandboxGateway, sandbox: PaystackSandbox
    ) -> None:
        """After the success card, verify says success and the domain's rule activates."""
        started = gateway.initialize(
            email="ada@example.com", amount=Money(150_000), reference=self.reference
        )
        pay(sandbox, started.access_code)
        seen = gateway.verify(self.reference)
        assert ("success", NOW, "Successful") == (seen.status, seen.paid_at, seen.gateway_response)
        assert Outcome.ACTIVATE == judge(payment(self.reference), seen).outcome

    def test_declined_fails(self, gateway: SandboxGateway, sandbox: PaystackSandbox) -> None:
        """After the declined card the domain's rule fails the payment."""
        started = gateway.initialize(
            email="ada@example.com", amount=Money(150_000), reference=self.reference
        )
        pay(sandbox, started.access_code, DECLINED_CARD.number)
        verdict = judge(payment(self.reference), gateway.verify(self.reference))
        assert (Outcome.FAIL, "Declined") == (verdict.outcome, verdict.reason)

    def test_pending_transfer_stays_pending(
        self, gateway: SandboxGateway, sandbox: PaystackSandbox
    ) -> None:
        """A pending bank transfer is still pending for the domain."""
        started = gateway.initialize(
            email="ada@example.com", amount=Money(150_000), reference=self.reference
        )
        sandbox.start_bank_transfer(started.access_code)
        assert (
            Outcome.STILL_PENDING
            == judge(payment(self.reference), gateway.verify(self.reference)).outcome
        )

    def test_duplicate_reference_is_a_refusal(self, gateway: SandboxGateway) -> None:
        """A used reference raises ``NotAllowed`` with code ``provider_refused``."""
        gateway.initialize(email="ada@example.com", amount=Money(150_000), reference=self.reference)
        with pytest.raises(NotAllowed) as caught:
            gateway.initialize(email="ada@example.com", amount=Money(1), reference=self.reference)
        assert "provider_refused" == caught.value.code

    def test_unknown_reference_is_not_found(self, gateway: SandboxGateway) -> None:
        """Verifying a reference the provider never saw raises ``NotFound``."""
        with pytest.raises(NotFound) as caught:
            gateway.verify("txn_1777890600000_zzzz9999")
        assert "payment_not_found" == caught.value.code

    def test_webhook_parsed(self, gateway: SandboxGateway, sandbox: PaystackSandbox) -> None:
        """A real sandbox event parses into the transaction it is about."""
        started = gateway.initialize(
            email="ada@example.com", amount=Money(150_000), reference=self.reference
        )
        pay(sandbox, started.access_code)
        (event,) = sandbox.events()
        parsed = gateway.parse_webhook(event.body, event.signature)
        assert "charge.success" == parsed.event
        assert parsed.transaction is not None
        assert gateway.verify(self.reference) == parsed.transaction

    @pytest.mark.parametrize("bad", ["missing", "wrong key", "tampered", "garbage"])
    def test_forged_webhooks_refused(
        self, gateway: SandboxGateway, sandbox: PaystackSandbox, bad: str
    ) -> None:
        """A missing or wrong signature, or a tampered body, is refused."""
        started = gateway.initialize(
            email="ada@example.com", amount=Money(150_000), reference=self.reference
        )
        pay(sandbox, started.access_code)
        (event,) = sandbox.events()
        body, signature = event.body, event.signature
        if bad == "missing":
            signature = None  # type: ignore[assignment]
        elif bad == "wrong key":
            signature = expected_signature(body, "sk_test_attacker")
        elif bad == "tampered":
            body = body.replace(b'"amount":150000', b'"amount":100')
        else:
            signature = "zz"
        with pytest.raises(NotAllowed) as caught:
            gateway.parse_webhook(body, signature)
        assert "invalid_signature" == caught.value.code

    @pytest.mark.parametrize(
        "body",
        [
            b"not json",
            b"[1, 2]",
            b'{"data": {}}',
            b'{"event": "charge.success", "data": {"amount": "x"}}',
        ],
    )
    def test_signed_nonsense_refused(self, gateway: SandboxGateway, body: bytes) -> None:
        """A correctly signed body that is not an event is refused too."""
        with pytest.raises(NotAllowed) as caught:
            gateway.parse_webhook(body, expected_signature(body))
        assert "invalid_webhook" == caught.value.code


# -- delivery to a real local receiver ---------------------------------------------------------


class Receiver(http.server.ThreadingHTTPServer):
    """A tiny webhook receiver on a free local port: records requests, answers from a script."""

    daemon_threads = True

    def __init__(self, answers: list[int] | None = None, delay: float = 0.0) -> None:
        self.received: list[tuple[dict[str, str], bytes]] = []
        self.answers = list(answers or [])
        self.delay = delay
        self.lock = threading.Lock()
        super().__init__(("127.0.0.1", 0), _Handler)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/api/v1/webhooks/paystack"


class _Handler(http.server.BaseHTTPRequestHandler):
    server: Receiver

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers.get("content-length", "0")))
        with self.server.lock:
            self.server.received.append(({k.lower(): v for k, v in self.headers.items()}, body))
            status = self.server.answers.pop(0) if self.server.answers else 200
        if self.server.delay:
            time.sleep(self.server.delay)
        try:
            self.send_response(status)
            self.send_header("content-length", "0")
            self.end_headers()
        except OSError:
            pass  # the sender gave up waiting

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture(name="receiver")
def fixture_receiver(request: pytest.FixtureRequest) -> Iterator[Receiver]:
    """A running receiver; ``indirect`` parameters give its answers and delay."""
    answers, delay = getattr(request, "param", ([], 0.0))
    server = Receiver(answers, delay)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()


def delivering(url: str, *, timeout: float = 2.0) -> PaystackSandbox:
    return PaystackSandbox(
        transactions=InMemorySandboxTransactionRepository(),
        public_key=PUBLIC,
        secret_key=SECRET,
        clock=lambda: NOW,
        dispatcher=WebhookDispatcher(url, timeout=timeout, delays=(0.05, 0.05)),
    )


class TestWebhookDelivery:
    def test_delivered_signed(self, receiver: Receiver) -> None:
        """The receiver gets the exact body, JSON content type and a signature it can check."""
        sandbox = delivering(receiver.url)
        created = new(sandbox)
        pay(sandbox, created.access_code)
        assert sandbox.flush_webhooks(5)
        ((headers, body),) = receiver.received
        assert expected_signature(body) == headers[SIGNATURE_HEADER]
        assert "application/json" == headers["content-type"]
        assert "charge.success" == json.loads(body)["event"]
        (delivery,) = sandbox.dispatcher.deliveries()  # type: ignore[union-attr]
        assert (True, 1) == (delivery.delivered, delivery.attempts)
        sandbox.close()

    @pytest.mark.parametrize("receiver", [([500, 503], 0.0)], indirect=True)
    def test_retried_until_accepted(self, receiver: Receiver) -> None:
        """Answers other than 2xx are retried: 500, 503, then 200 is three attempts."""
        sandbox = delivering(receiver.url)
        pay(sandbox, new(sandbox).access_code)
        assert sandbox.flush_webhooks(5)
        assert 3 == len(receiver.received)
        assert 1 == len({body for _, body in receiver.received})
        (delivery,) = sandbox.dispatcher.deliveries()  # type: ignore[union-attr]
        assert (True, 3, 200) == (delivery.delivered, delivery.attempts, delivery.status_code)
        sandbox.close()

    @pytest.mark.parametrize("receiver", [([500, 500, 500, 500], 0.0)], indirect=True)
    def test_gives_up_after_a_few_attempts(self, receiver: Receiver) -> None:
        """A receiver that keeps failing gets three attempts, then the event is given up."""
        sandbox = delivering(receiver.url)
        pay(sandbox, new(sandbox).access_code)
        assert sandbox.flush_webhooks(5)
        assert 3 == len(receiver.received)
        (delivery,) = sandbox.dispatcher.deliveries()  # type: ignore[union-attr]
        assert (False, 3, 500) == (delivery.delivered, delivery.attempts, delivery.status_code)
        sandbox.close()

    @pytest.mark.parametrize("receiver", [([], 1.5)], indirect=True)
    def test_never_blocks_the_charge(self, receiver: Receiver) -> None:
        """A slow receiver does not slow the charge; a short timeout bounds each attempt."""
        sandbox = delivering(receiver.url, timeout=0.2)
        created = new(sandbox)
        started = time.monotonic()
        assert "success" == pay(sandbox, created.access_code).status
        assert time.monotonic() - started < 0.5
        assert sandbox.flush_webhooks(5)
        (delivery,) = sandbox.dispatcher.deliveries()  # type: ignore[union-attr]
        assert (False, 3, None) == (delivery.delivered, delivery.attempts, delivery.status_code)
        assert "Timeout" in (delivery.error or "")
        sandbox.close()

    def test_unreachable_receiver_is_survived(self) -> None:
        """Nobody listening: the charge succeeds and the failure is recorded."""
        probe = Receiver()
        url = probe.url
        probe.server_close()
        sandbox = delivering(url)
        assert "success" == pay(sandbox, new(sandbox).access_code).status
        assert sandbox.flush_webhooks(5)
        (delivery,) = sandbox.dispatcher.deliveries()  # type: ignore[union-attr]
        assert (False, None) == (delivery.delivered, delivery.status_code)
        assert delivery.error
        sandbox.close()

    def test_off_means_recorded_only(self, sandbox: PaystackSandbox) -> None:
        """With webhooks off, nothing is sent, and events are still recorded."""
        assert sandbox.dispatcher is None
        pay(sandbox, new(sandbox).access_code)
        assert sandbox.flush_webhooks(0)
        assert 1 == len(sandbox.events())
