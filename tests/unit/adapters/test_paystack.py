"""``PaystackGateway`` beyond the port's contract: what it sends, retries, timeouts and the
customer's deadline, how Paystack's answers map to domain errors, recovery of a lost
initialize, strict reading of amounts, and the secret key staying secret.

Paystack is the payment sandbox's own HTTP routes; the faults (timeouts, 5xx, proxy pages,
malformed and tampered answers) come from :class:`fakes.paystack_api.FaultyLine`."""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import traceback
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta, timezone

import httpx
import pytest

from designcore.adapters.memory.sandbox import InMemorySandboxTransactionRepository
from designcore.adapters.paystack import PaystackGateway
from designcore.adapters.paystack.sandbox import PaystackSandbox
from designcore.domain.errors import DesignCoreError, NotAllowed, NotFound, Unavailable
from designcore.domain.payments import Money, Outcome, Payment, judge, premium_plan
from fakes.paystack_api import (
    BASE_URL,
    PUBLIC_KEY,
    SECRET_KEY,
    FaultyLine,
    pay,
    sandbox_server,
)

PRICE = premium_plan().price
EMAIL = "ada@example.com"
REFERENCE = "txn-1714557630000-abcd1234"


class Sleeps(list[float]):
    """An injected ``sleep`` that records instead of waiting."""

    def __call__(self, seconds: float) -> None:
        self.append(seconds)


@pytest.fixture(name="sandbox")
def fixture_sandbox() -> PaystackSandbox:
    """The payment sandbox, playing Paystack (webhooks recorded, not sent)."""
    return PaystackSandbox(
        transactions=InMemorySandboxTransactionRepository(),
        public_key=PUBLIC_KEY,
        secret_key=SECRET_KEY,
    )


@pytest.fixture(name="line")
def fixture_line(sandbox: PaystackSandbox) -> Iterator[FaultyLine]:
    """The way to the sandbox's HTTP routes, where the tests queue faults."""
    with sandbox_server(sandbox) as server:
        yield FaultyLine(server)


@pytest.fixture(name="sleeps")
def fixture_sleeps() -> Sleeps:
    return Sleeps()


@pytest.fixture(name="gateway")
def fixture_gateway(line: FaultyLine, sleeps: Sleeps) -> Iterator[PaystackGateway]:
    """The adapter over the line, three attempts, 0.2 s backoff, recorded sleeps."""
    with line.client() as http:
        yield PaystackGateway(
            http, secret_key=SECRET_KEY, public_key=PUBLIC_KEY, base_url=BASE_URL, sleep=sleeps
        )


def gateway_over(line: FaultyLine, **options: object) -> PaystackGateway:
    """Another adapter over the same line (other keys, attempts, clock…)."""
    arguments: dict[str, object] = {
        "secret_key": SECRET_KEY,
        "public_key": PUBLIC_KEY,
        "base_url": BASE_URL,
        "sleep": line.stopwatch.sleep,
        "monotonic": line.stopwatch.monotonic,
    }
    arguments.update(options)
    return PaystackGateway(line.client(), **arguments)  # type: ignore[arg-type]


def initialize(gateway: PaystackGateway, reference: str = REFERENCE, **kwargs: object) -> str:
    arguments: dict[str, object] = {"email": EMAIL, "amount": PRICE, "reference": reference}
    arguments.update(kwargs)
    return gateway.initialize(**arguments).access_code  # type: ignore[arg-type]


def payment(reference: str = REFERENCE) -> Payment:
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


def paths(line: FaultyLine) -> list[str]:
    return [
        f"{request.method} {request.url.path.removeprefix('/sandbox/paystack')}"
        for request in line.requests
    ]


def signature(body: bytes, key: str = SECRET_KEY) -> str:
    """The hex HMAC-SHA512 of ``body``, computed here, independently of the code under test."""
    return hmac.new(key.encode(), body, hashlib.sha512).hexdigest()


def refusal(message: str) -> bytes:
    """Paystack's refusal body."""
    return json.dumps({"status": False, "message": message}).encode()


class TestRequests:
    def test_initialize_sends_the_documented_request(
        self, line: FaultyLine, gateway: PaystackGateway
    ) -> None:
        """Bearer secret key, JSON body with kobo as a string, currency, reference, callback
        URL and metadata as a stringified JSON object."""
        gateway.initialize(
            email=EMAIL,
            amount=PRICE,
            reference=REFERENCE,
            callback_url="https://designcore.example/upgrade/done",
            metadata={"user_id": "u-1"},
        )
        (request,) = line.requests
        assert "POST" == request.method
        assert f"{BASE_URL}/transaction/initialize" == str(request.url)
        assert f"Bearer {SECRET_KEY}" == request.headers["authorization"]
        assert "application/json" == request.headers["content-type"]
        assert {
            "email": EMAIL,
            "amount": "150000",
            "currency": "NGN",
            "reference": REFERENCE,
            "callback_url": "https://designcore.example/upgrade/done",
            "metadata": '{"user_id":"u-1"}',
        } == json.loads(request.content)

    def test_optional_fields_are_left_out(self, line: FaultyLine, gateway: PaystackGateway) -> None:
        """Without a callback URL or metadata the body has neither."""
        initialize(gateway)
        assert {"email", "amount", "currency", "reference"} == set(
            json.loads(line.requests[0].content)
        )

    def test_requests_have_connect_and_read_timeouts(
        self, line: FaultyLine, gateway: PaystackGateway
    ) -> None:
        """Every request waits 5 s to connect and 15 s to read, whatever the client's
        defaults."""
        initialize(gateway)
        gateway.verify(REFERENCE)
        for request in line.requests:
            timeout = request.extensions["timeout"]
            assert (5.0, 15.0) == (timeout["connect"], timeout["read"])

    def test_verify_asks_for_the_reference(
        self, line: FaultyLine, gateway: PaystackGateway
    ) -> None:
        """Verify is a GET on the reference's path, with the secret key."""
        initialize(gateway)
        gateway.verify(REFERENCE)
        request = line.requests[-1]
        assert f"GET /transaction/verify/{REFERENCE}" == paths(line)[-1]
        assert f"Bearer {SECRET_KEY}" == request.headers["authorization"]

    def test_a_base_url_with_a_trailing_slash_works(self, line: FaultyLine) -> None:
        """``https://host/`` and ``https://host`` are the same base."""
        initialize(gateway_over(line, base_url=BASE_URL + "/"))
        assert ["POST /transaction/initialize"] == paths(line)

    @pytest.mark.parametrize("attempts", [0, -1])
    def test_at_least_one_attempt(self, line: FaultyLine, attempts: int) -> None:
        """A gateway that would never ask is a configuration error."""
        with pytest.raises(ValueError):
            gateway_over(line, attempts=attempts)


class TestRetries:
    def test_two_server_errors_then_success(
        self, line: FaultyLine, sandbox: PaystackSandbox, gateway: PaystackGateway, sleeps: Sleeps
    ) -> None:
        """5xx twice, then an answer: it succeeds on the third attempt after 0.2 s and 0.4 s."""
        initialize(gateway)
        pay(sandbox, REFERENCE, "success")
        line.fail_next(2, status=502)
        assert "success" == gateway.verify(REFERENCE).status
        assert 1 + 3 == len(line.requests)
        assert [0.2, 0.4] == sleeps

    def test_server_errors_every_time_are_unavailable(
        self, line: FaultyLine, gateway: PaystackGateway, sleeps: Sleeps
    ) -> None:
        """5xx on every attempt: Unavailable after three attempts."""
        line.fail_next(10, status=503)
        with pytest.raises(Unavailable) as caught:
            gateway.verify(REFERENCE)
        assert "provider_unavailable" == caught.value.code
        assert "503" in caught.value.message
        assert 3 == len(line.requests)
        assert [0.2, 0.4] == sleeps

    @pytest.mark.parametrize("status", [400, 401, 403, 404, 409, 422, 429])
    def test_client_errors_are_never_retried(
        self, line: FaultyLine, gateway: PaystackGateway, sleeps: Sleeps, status: int
    ) -> None:
        """A 4xx answer is final: one request, no wait."""
        line.answer_next_with(1, status, refusal("Not now"))
        with pytest.raises(DesignCoreError):
            gateway.verify(REFERENCE)
        assert 1 == len(line.requests)
        assert [] == sleeps

    def test_timeouts_are_unavailable_after_every_attempt(
        self, line: FaultyLine, sleeps: Sleeps
    ) -> None:
        """Read timeouts on each of N attempts: Unavailable after N requests."""
        line.raise_next(10, httpx.ReadTimeout)
        gateway = gateway_over(line, attempts=5, backoff=0.5, sleep=sleeps)
        with pytest.raises(Unavailable) as caught:
            gateway.verify(REFERENCE)
        assert "provider_unavailable" == caught.value.code
        assert "ReadTimeout" in caught.value.message
        assert 5 == len(line.requests)
        assert [0.5, 1.0, 2.0, 4.0] == sleeps

    @pytest.mark.parametrize(
        "error", [httpx.ConnectError, httpx.ConnectTimeout, httpx.ReadError, httpx.WriteTimeout]
    )
    def test_network_errors_are_retried(
        self, line: FaultyLine, gateway: PaystackGateway, error: type[httpx.TransportError]
    ) -> None:
        """A refused connection or a broken read is retried and then succeeds."""
        line.raise_next(2, error)
        assert initialize(gateway)
        assert 3 == len(line.requests)

    def test_one_attempt_means_no_retry(self, line: FaultyLine, sleeps: Sleeps) -> None:
        """``attempts=1`` asks once."""
        line.fail_next(1)
        with pytest.raises(Unavailable):
            gateway_over(line, attempts=1, sleep=sleeps).verify(REFERENCE)
        assert (1, []) == (len(line.requests), sleeps)

    def test_retries_are_logged(
        self, line: FaultyLine, gateway: PaystackGateway, caplog: pytest.LogCaptureFixture
    ) -> None:
        """Each retry leaves a warning naming the request and the problem."""
        line.fail_next(1)
        with caplog.at_level(logging.WARNING, logger="designcore.adapters.paystack"):
            initialize(gateway)
        assert any(
            "POST /transaction/initialize" in record.getMessage()
            and "HTTP 500" in record.getMessage()
            for record in caplog.records
        )


class TestInitializeRecovery:
    def test_a_retry_after_a_lost_answer_finds_our_transaction(
        self, line: FaultyLine, sandbox: PaystackSandbox, gateway: PaystackGateway
    ) -> None:
        """Paystack created the transaction but the answer timed out; the retry is refused as
        a duplicate; verify shows it is ours, and since its access code cannot be recovered the
        caller is told to start again (provider_answer_lost), not that Paystack refused."""
        line.lose_next_answers(1)
        with pytest.raises(Unavailable) as caught:
            initialize(gateway)
        assert "provider_answer_lost" == caught.value.code
        assert [
            "POST /transaction/initialize",
            "POST /transaction/initialize",
            f"GET /transaction/verify/{REFERENCE}",
        ] == paths(line)
        assert (EMAIL, PRICE.minor) == (
            sandbox.by_reference(REFERENCE).email,
            sandbox.by_reference(REFERENCE).amount,
        )

    def test_a_retry_after_a_server_error_that_created_nothing_succeeds(
        self, line: FaultyLine, sandbox: PaystackSandbox, gateway: PaystackGateway
    ) -> None:
        """A 5xx before Paystack acted: the retry creates the transaction normally."""
        line.fail_next(1, status=502)
        assert initialize(gateway) == sandbox.by_reference(REFERENCE).access_code
        assert 2 == len(line.requests)

    def test_a_duplicate_on_the_first_attempt_is_a_refusal(
        self, line: FaultyLine, gateway: PaystackGateway
    ) -> None:
        """A reference used before (nothing was lost) is Paystack's refusal; no verify."""
        initialize(gateway)
        with pytest.raises(NotAllowed) as caught:
            initialize(gateway)
        assert "provider_refused" == caught.value.code
        assert "Duplicate Transaction Reference" in caught.value.message
        assert ["POST /transaction/initialize"] * 2 == paths(line)

    def test_a_duplicate_after_a_connection_error_is_a_refusal(
        self, line: FaultyLine, sandbox: PaystackSandbox, gateway: PaystackGateway
    ) -> None:
        """A refused connection never reached Paystack, so a duplicate after it is not ours."""
        sandbox.initialize(reference=REFERENCE, amount=PRICE.minor, email=EMAIL)
        line.raise_next(1, httpx.ConnectError)
        with pytest.raises(NotAllowed) as caught:
            initialize(gateway)
        assert "provider_refused" == caught.value.code
        assert ["POST /transaction/initialize"] * 2 == paths(line)

    @pytest.mark.parametrize(
        "other",
        [
            {"amount": 100, "email": EMAIL},
            {"amount": PRICE.minor, "email": "mallory@example.com"},
            {"amount": PRICE.minor, "email": EMAIL, "currency": "USD"},
        ],
    )
    def test_a_duplicate_that_is_not_ours_is_a_refusal(
        self,
        line: FaultyLine,
        sandbox: PaystackSandbox,
        gateway: PaystackGateway,
        other: dict[str, object],
    ) -> None:
        """Someone else's transaction under our reference is refused, not adopted."""
        sandbox.initialize(reference=REFERENCE, **other)
        line.fail_next(1, status=504)
        with pytest.raises(NotAllowed) as caught:
            initialize(gateway)
        assert "provider_refused" == caught.value.code

    def test_a_lost_answer_and_an_unreachable_verify_is_unavailable(
        self, line: FaultyLine, gateway: PaystackGateway
    ) -> None:
        """When the check itself cannot reach Paystack, the caller may try again later."""
        line.lose_next_answers(1)
        line.answer_next(1)  # the retry: Duplicate Transaction Reference
        line.fail_next(3)  # every attempt of the verify
        with pytest.raises(Unavailable) as caught:
            initialize(gateway)
        assert "provider_unavailable" == caught.value.code
        assert 5 == len(line.requests)


class TestErrorMapping:
    def test_a_wrong_secret_key_is_unavailable_not_a_refusal(self, line: FaultyLine) -> None:
        """401 means our configuration is wrong: Unavailable (the payment stays pending), and
        the message says what to check without the key."""
        with pytest.raises(Unavailable) as caught:
            gateway_over(line, secret_key="sk_test_wrong").verify(REFERENCE)
        assert "provider_unavailable" == caught.value.code
        assert "secret key" in caught.value.message
        assert "sk_test_wrong" not in caught.value.message

    def test_an_unknown_reference_is_not_found(self, gateway: PaystackGateway) -> None:
        """Paystack's ``Transaction reference not found`` (404 from the sandbox) is NotFound."""
        with pytest.raises(NotFound) as caught:
            gateway.verify(REFERENCE)
        assert "payment_not_found" == caught.value.code

    def test_paystacks_not_found_as_400_is_not_found_too(
        self, line: FaultyLine, gateway: PaystackGateway
    ) -> None:
        """The live API's 400 ``{status: false, message: "Transaction reference not found"}``
        is NotFound as well."""
        line.answer_next_with(1, 400, refusal("Transaction reference not found"))
        with pytest.raises(NotFound) as caught:
            gateway.verify(REFERENCE)
        assert "payment_not_found" == caught.value.code

    def test_a_refusal_carries_paystacks_message(self, gateway: PaystackGateway) -> None:
        """A 400 refusal is NotAllowed with Paystack's own words."""
        with pytest.raises(NotAllowed) as caught:
            gateway.initialize(email="not-an-email", amount=PRICE, reference=REFERENCE)
        assert "provider_refused" == caught.value.code
        assert "Invalid Email Address Passed" in caught.value.message

    def test_a_422_refusal_is_a_refusal(self, line: FaultyLine, gateway: PaystackGateway) -> None:
        """Another 4xx with Paystack's words is NotAllowed too."""
        line.answer_next_with(1, 422, refusal("Invalid Split code"))
        with pytest.raises(NotAllowed, match="Invalid Split code"):
            initialize(gateway)

    def test_a_reference_paystack_refuses_is_a_refusal(self, gateway: PaystackGateway) -> None:
        """A reference outside Paystack's alphabet (``_``) is refused by Paystack (here, the
        sandbox), not sent in some other form."""
        with pytest.raises(NotAllowed) as caught:
            initialize(gateway, "txn_1714557630000_abcd1234")
        assert "provider_refused" == caught.value.code
        assert "Invalid transaction reference" in caught.value.message

    def test_a_currency_paystack_refuses_is_a_refusal(self, gateway: PaystackGateway) -> None:
        """Paystack's 400 for a currency the merchant cannot take is NotAllowed."""
        with pytest.raises(NotAllowed, match="Currency not supported"):
            gateway.initialize(email=EMAIL, amount=Money(100, "EUR"), reference=REFERENCE)

    def test_rate_limiting_is_unavailable(self, line: FaultyLine, gateway: PaystackGateway) -> None:
        """429 is not the customer's fault: Unavailable, try later."""
        line.answer_next_with(1, 429, refusal("Too many requests"))
        with pytest.raises(Unavailable):
            gateway.verify(REFERENCE)

    @pytest.mark.parametrize(
        "content",
        [
            b"<html>oops</html>",
            b"[]",
            b'{"status": true, "message": "ok"}',
            b'{"status": true, "data": []}',
            b'{"status": true, "data": {"reference": "x"}}',
            b"[" * 50_000 + b"]" * 50_000,
        ],
        ids=lambda content: repr(content[:30]),
    )
    def test_an_unreadable_answer_is_unavailable(
        self, line: FaultyLine, gateway: PaystackGateway, content: bytes
    ) -> None:
        """A 200 without the documented shape is never read as a transaction: Unavailable
        (provider_bad_answer), so the payment stays pending."""
        line.answer_next_with(2, 200, content)
        with pytest.raises(Unavailable) as caught:
            gateway.verify(REFERENCE)
        assert "provider_bad_answer" == caught.value.code
        with pytest.raises(Unavailable):
            initialize(gateway)

    def test_status_false_in_a_success_answer_is_a_refusal(
        self, line: FaultyLine, gateway: PaystackGateway
    ) -> None:
        """``{status: false}`` is Paystack saying no, whatever the HTTP status."""
        line.answer_next_with(1, 200, refusal("Invalid Amount Sent"))
        with pytest.raises(NotAllowed, match="Invalid Amount Sent"):
            initialize(gateway)

    def test_an_initialize_answer_for_another_reference_is_refused(
        self, line: FaultyLine, gateway: PaystackGateway
    ) -> None:
        """Paystack answering another reference than ours is never taken as ours."""
        data = {"authorization_url": "https://x", "access_code": "a", "reference": "other"}
        line.answer_next_with(1, 200, json.dumps({"status": True, "data": data}).encode())
        with pytest.raises(Unavailable) as caught:
            initialize(gateway)
        assert "provider_bad_answer" == caught.value.code

    def test_a_redirect_is_unavailable(self, line: FaultyLine, gateway: PaystackGateway) -> None:
        """A 3xx (a moved or wrong base URL) is not followed and not a refusal."""
        line.answer_next_with(1, 302, b"", {"location": "https://elsewhere.test/"})
        with pytest.raises(Unavailable):
            gateway.verify(REFERENCE)
        assert 1 == len(line.requests)

    def test_a_reference_that_cannot_exist_never_reaches_paystack(
        self, line: FaultyLine, gateway: PaystackGateway
    ) -> None:
        """Paths and odd characters are refused before any request."""
        for reference in ("../customer", "a/b", "a b", "..", "ref\n", "x" * 101):
            with pytest.raises(NotFound):
                gateway.verify(reference)
        assert [] == line.requests


class TestTransactions:
    @pytest.mark.parametrize(
        ("field", "value"),
        [("amount", 100), ("currency", "USD"), ("customer", {"email": "mallory@example.com"})],
    )
    def test_verify_reports_what_was_paid_not_what_was_asked(
        self,
        line: FaultyLine,
        sandbox: PaystackSandbox,
        gateway: PaystackGateway,
        field: str,
        value: object,
    ) -> None:
        """A payment the provider took for another amount, currency or customer verifies as
        what it took, so the domain rejects it."""
        initialize(gateway)
        pay(sandbox, REFERENCE, "success")
        line.tamper(REFERENCE, **{field: value})
        transaction = gateway.verify(REFERENCE)
        assert "success" == transaction.status
        assert Outcome.REJECT == judge(payment(), transaction).outcome

    @pytest.mark.parametrize(
        ("amount", "expected"), [(150000, 150000), (150000.0, 150000), ("150000", 150000)]
    )
    def test_integral_amounts_are_read_as_kobo(
        self, line: FaultyLine, gateway: PaystackGateway, amount: object, expected: int
    ) -> None:
        """An integer, an integral float or a string of digits is a whole number of kobo."""
        initialize(gateway)
        line.tamper(REFERENCE, amount=amount)
        read = gateway.verify(REFERENCE).amount_minor
        assert expected == read
        assert int is type(read)

    @pytest.mark.parametrize(
        "amount",
        [
            150000.5,
            "150000.5",
            "1.5e5",
            "-1",
            -1,
            True,
            None,
            "",
            " 150000",
            "150000\n",
            [1],
            {},
            2.0**60,
        ],
    )
    def test_other_amounts_are_unreadable(
        self, line: FaultyLine, sandbox: PaystackSandbox, gateway: PaystackGateway, amount: object
    ) -> None:
        """Fractions, signs, booleans, exponents, padding and huge floats are never kobo."""
        initialize(gateway)
        pay(sandbox, REFERENCE, "success")
        line.tamper(REFERENCE, amount=amount)
        with pytest.raises(Unavailable) as caught:
            gateway.verify(REFERENCE)
        assert "provider_bad_answer" == caught.value.code

    @pytest.mark.parametrize(
        ("paid_at", "expected"),
        [
            ("2024-05-01T10:20:30.000Z", datetime(2024, 5, 1, 10, 20, 30, tzinfo=UTC)),
            (
                "2024-05-01T11:20:30+01:00",
                datetime(2024, 5, 1, 11, 20, 30, tzinfo=timezone(timedelta(hours=1))),
            ),
            ("2024-05-01T10:20:30", datetime(2024, 5, 1, 10, 20, 30, tzinfo=UTC)),
            (None, None),
        ],
    )
    def test_paid_at_is_an_aware_moment(
        self,
        line: FaultyLine,
        gateway: PaystackGateway,
        paid_at: str | None,
        expected: datetime | None,
    ) -> None:
        """Paystack's ISO moments become aware datetimes (no offset: UTC)."""
        initialize(gateway)
        line.tamper(REFERENCE, paid_at=paid_at, paidAt=None)
        read = gateway.verify(REFERENCE).paid_at
        assert expected == read
        assert read is None or read.utcoffset() is not None

    def test_an_unreadable_paid_at_is_unreadable(
        self, line: FaultyLine, gateway: PaystackGateway
    ) -> None:
        """A paid_at that is not a moment is a bad answer, not a missing one."""
        initialize(gateway)
        line.tamper(REFERENCE, paid_at="yesterday")
        with pytest.raises(Unavailable, match="paid_at"):
            gateway.verify(REFERENCE)

    def test_the_providers_fields_are_kept(
        self, line: FaultyLine, sandbox: PaystackSandbox, gateway: PaystackGateway
    ) -> None:
        """Gateway response and Paystack's id come along; status is lower case."""
        initialize(gateway)
        pay(sandbox, REFERENCE, "insufficient_funds")
        line.tamper(REFERENCE, status="FAILED")
        read = gateway.verify(REFERENCE)
        assert ("failed", "Insufficient Funds", str(sandbox.by_reference(REFERENCE).id)) == (
            read.status,
            read.gateway_response,
            read.provider_id,
        )


class TestWebhooks:
    def test_an_upper_case_signature_is_the_same_signature(
        self, sandbox: PaystackSandbox, gateway: PaystackGateway
    ) -> None:
        """Hex is compared without regard to case or surrounding blanks."""
        initialize(gateway)
        pay(sandbox, REFERENCE, "success")
        event = sandbox.events()[-1]
        event = gateway.parse_webhook(event.body, f" {event.signature.upper()} ")
        assert event.transaction is not None
        assert REFERENCE == event.transaction.reference

    def test_a_body_signed_with_another_key_is_refused(
        self, sandbox: PaystackSandbox, gateway: PaystackGateway
    ) -> None:
        """Only our secret key signs webhooks (not the public key, not another account's)."""
        initialize(gateway)
        pay(sandbox, REFERENCE, "success")
        body = sandbox.events()[-1].body
        for key in (PUBLIC_KEY, "sk_test_someone_else"):
            with pytest.raises(NotAllowed) as caught:
                gateway.parse_webhook(body, signature(body, key))
            assert "invalid_signature" == caught.value.code

    def test_the_raw_event_is_kept(self, gateway: PaystackGateway) -> None:
        """The parsed document travels with the event (for logging and other events)."""
        body = json.dumps({"event": "subscription.create", "data": {"code": "SUB_1"}}).encode()
        event = gateway.parse_webhook(body, signature(body))
        assert {"code": "SUB_1"} == event.raw["data"]

    def test_a_body_just_under_the_limit_is_read(self, gateway: PaystackGateway) -> None:
        """The size limit leaves room for large metadata."""
        body = json.dumps({"event": "ping", "data": {"pad": "x" * 200_000}}).encode()
        assert "ping" == gateway.parse_webhook(body, signature(body)).event


class TestSecrecy:
    """The secret key appears in no error message, chained error, traceback or log line."""

    @staticmethod
    def texts_of(error: BaseException) -> list[str]:
        texts = ["".join(traceback.format_exception(error)), repr(error)]
        current: BaseException | None = error
        while current is not None:
            texts += [str(current), repr(current.args)]
            current = current.__cause__ or current.__context__
        return texts

    def failures(self, line: FaultyLine) -> list[Callable[[PaystackGateway], object]]:
        def lost(gateway: PaystackGateway) -> object:
            line.lose_next_answers(1)
            return initialize(gateway, "txn-1714557630000-lost")

        def timeouts(gateway: PaystackGateway) -> object:
            line.raise_next(3, httpx.ReadTimeout)
            return gateway.verify(REFERENCE)

        def server_errors(gateway: PaystackGateway) -> object:
            line.fail_next(3)
            return gateway.verify(REFERENCE)

        def duplicate(gateway: PaystackGateway) -> object:
            initialize(gateway, "txn-1714557630000-dupe")
            return initialize(gateway, "txn-1714557630000-dupe")

        def refused(gateway: PaystackGateway) -> object:
            return gateway.initialize(email="x", amount=PRICE, reference="txn-1714557630000-bad")

        def unknown(gateway: PaystackGateway) -> object:
            return gateway.verify("txn-1714557630000-none")

        def forged(gateway: PaystackGateway) -> object:
            return gateway.parse_webhook(b'{"event": "charge.success"}', "0" * 128)

        def unsigned(gateway: PaystackGateway) -> object:
            return gateway.parse_webhook(b"[]", None)

        return [lost, timeouts, server_errors, duplicate, refused, unknown, forged, unsigned]

    def test_no_failure_tells_the_secret_key(
        self, line: FaultyLine, gateway: PaystackGateway, caplog: pytest.LogCaptureFixture
    ) -> None:
        """Every failure path, with a provider that echoes our Authorization header into its
        error messages, leaves no trace of the key."""
        line.echo_authorization = True
        texts: list[str] = [repr(gateway)]
        with caplog.at_level(logging.DEBUG):
            for failure in self.failures(line):
                with pytest.raises(DesignCoreError) as caught:
                    failure(gateway)
                texts += self.texts_of(caught.value)
        texts += [record.getMessage() for record in caplog.records]
        texts += [caplog.text]
        assert len(texts) > 20
        assert [] == [text for text in texts if SECRET_KEY in text]

    def test_the_echoed_message_is_redacted_not_dropped(
        self, line: FaultyLine, gateway: PaystackGateway
    ) -> None:
        """Paystack's words survive; only the key is replaced."""
        line.echo_authorization = True
        with pytest.raises(NotAllowed) as caught:
            gateway.initialize(email="x", amount=PRICE, reference=REFERENCE)
        assert "Invalid Email Address Passed" in caught.value.message
        assert "Bearer [secret key]" in caught.value.message

    def test_vendor_exceptions_do_not_cross_the_boundary(
        self, line: FaultyLine, gateway: PaystackGateway
    ) -> None:
        """An httpx error is described in the domain error, not chained to it."""
        line.raise_next(3, httpx.ConnectError)
        with pytest.raises(Unavailable) as caught:
            gateway.verify(REFERENCE)
        error = caught.value
        shown = error.__cause__ or (None if error.__suppress_context__ else error.__context__)
        assert None is shown


class TestNotFoundIsPaystacksOwnWord:
    @pytest.mark.parametrize(
        ("content", "content_type"),
        [
            (b"<html><body>404 Not Found</body></html>", "text/html"),
            (b'{"message": "no route"}', "application/json"),
            (b'{"status": false, "message": "Not found"}', "application/json"),
            (b"", "text/plain"),
            (b'{"status": true, "message": "Transaction reference not found"}', "text/json"),
        ],
    )
    def test_another_404_is_unavailable_and_logged(
        self,
        line: FaultyLine,
        gateway: PaystackGateway,
        caplog: pytest.LogCaptureFixture,
        content: bytes,
        content_type: str,
    ) -> None:
        """A 404 that is not Paystack saying "Transaction reference not found" (a proxy's
        page, a wrong base URL) is Unavailable, so the payment stays pending, and is logged."""
        line.answer_next_with(1, 404, content, {"content-type": content_type})
        with (
            caplog.at_level(logging.ERROR, logger="designcore.adapters.paystack"),
            pytest.raises(Unavailable) as caught,
        ):
            gateway.verify(REFERENCE)
        assert "provider_unavailable" == caught.value.code
        assert any(REFERENCE in record.getMessage() for record in caplog.records)

    def test_a_wrong_base_url_fails_nothing(self, line: FaultyLine) -> None:
        """With a base URL that misses the sandbox's routes, the server's own 404 (not
        Paystack's refusal) is Unavailable, never NotFound."""
        gateway = gateway_over(line, base_url="http://paystack.test/not-paystack")
        with pytest.raises(Unavailable) as caught:
            gateway.verify(REFERENCE)
        assert "provider_unavailable" == caught.value.code


class TestDeadline:
    @pytest.mark.parametrize("within", [timedelta(seconds=5), timedelta(seconds=2.5)])
    def test_a_call_with_a_deadline_ends_within_it(
        self, line: FaultyLine, within: timedelta
    ) -> None:
        """Given ``within``, create and verify against a provider that answers in a minute
        end by the deadline, retries and waits included, with provider_unavailable."""
        gateway = gateway_over(line)
        line.slow_next(20, seconds=60)
        for call in (
            lambda: gateway.verify(REFERENCE, within=within),
            lambda: gateway.initialize(
                email=EMAIL, amount=PRICE, reference=REFERENCE, within=within
            ),
        ):
            started = line.stopwatch.now
            with pytest.raises(Unavailable) as caught:
                call()
            assert "provider_unavailable" == caught.value.code
            assert line.stopwatch.now - started <= within.total_seconds()

    def test_without_a_deadline_every_attempt_is_made(self, line: FaultyLine) -> None:
        """The reconciler's calls use the whole budget: three 15 s reads and the waits."""
        line.slow_next(3, seconds=60)
        with pytest.raises(Unavailable):
            gateway_over(line).verify(REFERENCE)
        assert 3 * 15 + 0.2 + 0.4 == pytest.approx(line.stopwatch.now)

    def test_a_slow_answer_within_the_deadline_is_read(self, line: FaultyLine) -> None:
        """An answer that takes 3 s of a 5 s budget is the answer."""
        gateway = gateway_over(line)
        initialize(gateway)
        line.slow_next(1, seconds=3)
        assert "abandoned" == gateway.verify(REFERENCE, within=timedelta(seconds=5)).status
        assert 3 == line.stopwatch.now

    def test_a_retry_fits_when_the_budget_allows(self, line: FaultyLine) -> None:
        """A quick 5xx leaves time for the retry, which answers."""
        gateway = gateway_over(line)
        initialize(gateway)
        line.fail_next(1, status=502)
        assert "abandoned" == gateway.verify(REFERENCE, within=timedelta(seconds=5)).status
        assert 3 == len(line.requests)
