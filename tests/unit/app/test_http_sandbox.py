"""The payment sandbox over HTTP: Paystack-shaped endpoints, the sandbox charge calls and the
checkout page, on an app built with the sandbox backend."""

from __future__ import annotations

import hashlib
import hmac
import json
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from dependency_injector import providers
from litestar.testing import TestClient

from designcore.adapters.memory.sandbox import InMemorySandboxTransactionRepository
from designcore.adapters.paystack.sandbox import (
    DECLINED_CARD,
    INSUFFICIENT_FUNDS_CARD,
    OTP_CARD,
    SUCCESS_CARD,
    PaystackSandbox,
)
from designcore.app import Container, load_settings
from designcore.app.http import create_app

PUBLIC = "pk_test_sandbox_http"
SECRET = "sk_test_sandbox_http"
API = "/sandbox/paystack"
SECRET_AUTH = {"Authorization": f"Bearer {SECRET}"}
PUBLIC_AUTH = {"Authorization": f"Bearer {PUBLIC}"}
REFERENCE = "txn-1777890600000-abcd1234"
CARD = {"number": SUCCESS_CARD.spaced, "cvv": "408", "expiry": "12/40"}


@pytest.fixture(name="sandbox")
def fixture_sandbox() -> PaystackSandbox:
    """A sandbox that records webhooks instead of sending them."""
    return PaystackSandbox(
        transactions=InMemorySandboxTransactionRepository(), public_key=PUBLIC, secret_key=SECRET
    )


@pytest.fixture(name="sandbox_client")
def fixture_sandbox_client(
    memory_container: Container, sandbox: PaystackSandbox
) -> Iterator[TestClient]:  # type: ignore[type-arg]
    """The app (sandbox backend, the default) with ``sandbox`` as its payment sandbox."""
    memory_container.paystack_sandbox.override(providers.Object(sandbox))
    with TestClient(app=create_app(container=memory_container)) as client:
        yield client


def initialize(client: TestClient, **body: Any) -> dict[str, Any]:  # type: ignore[type-arg]
    answer = client.post(
        f"{API}/transaction/initialize",
        json={"email": "ada@example.com", "amount": 150_000, "reference": REFERENCE} | body,
        headers=SECRET_AUTH,
    )
    assert 200 == answer.status_code, answer.text
    data: dict[str, Any] = answer.json()["data"]
    return data


def refused(answer: Any, status_code: int, message: str) -> None:
    """The answer is a Paystack-like refusal: ``status: false``, the message, a code, and the
    type on a 400."""
    body = answer.json()
    assert (status_code, False, message) == (answer.status_code, body["status"], body["message"])
    assert isinstance(body["code"], str)
    assert body["code"]
    assert ("validation_error" if status_code == 400 else None) == body.get("type")


class TestInitializeAndVerify:
    def test_initialize(self, sandbox_client: TestClient) -> None:  # type: ignore[type-arg]
        """Initialize answers the access code, reference and the checkout page's URL."""
        answer = sandbox_client.post(
            f"{API}/transaction/initialize",
            json={"email": "ada@example.com", "amount": "150000", "reference": REFERENCE},
            headers=SECRET_AUTH,
        )
        body = answer.json()
        assert (200, True, "Authorization URL created") == (
            answer.status_code,
            body["status"],
            body["message"],
        )
        data = body["data"]
        assert REFERENCE == data["reference"]
        assert data["authorization_url"].endswith(
            f"/sandbox/checkout/popup?access_code={data['access_code']}"
        )

    @pytest.mark.parametrize(
        ("headers", "message"),
        [
            ({}, "Authorization header required"),
            (PUBLIC_AUTH, "Invalid key"),
            ({"Authorization": "Bearer sk_test_someone_else"}, "Invalid key"),
        ],
    )
    def test_initialize_needs_the_secret_key(
        self,
        sandbox_client: TestClient,  # type: ignore[type-arg]
        headers: dict[str, str],
        message: str,
    ) -> None:
        """Without the secret key: 401, and nothing is created."""
        answer = sandbox_client.post(
            f"{API}/transaction/initialize",
            json={"email": "a@b.co", "amount": 100, "reference": REFERENCE},
            headers=headers,
        )
        refused(answer, 401, message)
        refused(
            sandbox_client.get(f"{API}/transaction/verify/{REFERENCE}", headers=SECRET_AUTH),
            404,
            "Transaction reference not found",
        )

    @pytest.mark.parametrize(
        ("body", "message"),
        [
            ({"email": "a@b.co", "amount": "ten"}, "Invalid Amount Sent"),
            ({"email": "a@b.co", "amount": 1.5}, "Invalid Amount Sent"),
            ({"email": "a@b.co"}, "Invalid Amount Sent"),
            ({"email": ["a@b.co"], "amount": 100}, "Invalid Email Address Passed"),
            (
                {"email": "a@b.co", "amount": 100, "currency": "BTC"},
                "Currency not supported by merchant",
            ),
            (
                {"email": "a@b.co", "amount": 100, "metadata": 3},
                "Invalid metadata: a JSON object expected",
            ),
        ],
    )
    def test_initialize_validates(
        self,
        sandbox_client: TestClient,  # type: ignore[type-arg]
        body: dict[str, Any],
        message: str,
    ) -> None:
        """Wrong types and values are 400 with Paystack's wording."""
        answer = sandbox_client.post(
            f"{API}/transaction/initialize", json=body, headers=SECRET_AUTH
        )
        refused(answer, 400, message)

    @pytest.mark.parametrize(
        ("content", "message"),
        [(b"{nope", "Invalid JSON body"), (b"[1]", "Invalid JSON body: an object expected")],
    )
    def test_malformed_bodies(
        self,
        sandbox_client: TestClient,  # type: ignore[type-arg]
        content: bytes,
        message: str,
    ) -> None:
        """A body that is not a JSON object is refused in the same shape."""
        answer = sandbox_client.post(
            f"{API}/transaction/initialize",
            content=content,
            headers=SECRET_AUTH | {"Content-Type": "application/json"},
        )
        refused(answer, 400, message)

    def test_form_bodies_work_too(self, sandbox_client: TestClient) -> None:  # type: ignore[type-arg]
        """Like Paystack, initialize also takes a form."""
        answer = sandbox_client.post(
            f"{API}/transaction/initialize",
            data={"email": "a@b.co", "amount": "100"},
            headers=SECRET_AUTH,
        )
        assert 200 == answer.status_code

    @pytest.mark.parametrize("reference", ["txn_1777890600000_abcd1234", "a b", "x" * 101])
    def test_references_paystack_refuses_are_refused(
        self,
        sandbox_client: TestClient,  # type: ignore[type-arg]
        reference: str,
    ) -> None:
        """A reference outside Paystack's alphabet (``_`` included) is refused in Paystack's
        shape: 400, status false, its message, a code and the validation type."""
        answer = sandbox_client.post(
            f"{API}/transaction/initialize",
            json={"email": "a@b.co", "amount": 100, "reference": reference},
            headers=SECRET_AUTH,
        )
        assert (
            400,
            {
                "status": False,
                "message": "Invalid transaction reference: only alphanumeric characters, "
                "'-', '.' and '=' are allowed",
                "code": "invalid_reference",
                "type": "validation_error",
            },
        ) == (answer.status_code, answer.json())

    def test_duplicate_reference(self, sandbox_client: TestClient) -> None:  # type: ignore[type-arg]
        """A reference is used once."""
        initialize(sandbox_client)
        answer = sandbox_client.post(
            f"{API}/transaction/initialize",
            json={"email": "ada@example.com", "amount": 150_000, "reference": REFERENCE},
            headers=SECRET_AUTH,
        )
        refused(answer, 400, "Duplicate Transaction Reference")

    def test_verify(self, sandbox_client: TestClient) -> None:  # type: ignore[type-arg]
        """Verify answers Paystack's transaction object; it needs the secret key."""
        initialize(sandbox_client, metadata={"user_id": "u1"})
        answer = sandbox_client.get(f"{API}/transaction/verify/{REFERENCE}", headers=SECRET_AUTH)
        body = answer.json()
        assert (200, True, "Verification successful") == (
            answer.status_code,
            body["status"],
            body["message"],
        )
        data = body["data"]
        assert (REFERENCE, "abandoned", 150_000, "NGN", "ada@example.com", {"user_id": "u1"}) == (
            data["reference"],
            data["status"],
            data["amount"],
            data["currency"],
            data["customer"]["email"],
            data["metadata"],
        )
        refused(
            sandbox_client.get(f"{API}/transaction/verify/{REFERENCE}", headers=PUBLIC_AUTH),
            401,
            "Invalid key",
        )
        refused(
            sandbox_client.get(f"{API}/transaction/verify/nope", headers=SECRET_AUTH),
            404,
            "Transaction reference not found",
        )


class TestPopupCalls:
    def test_request_inline_and_verify_access_code(
        self,
        sandbox_client: TestClient,  # type: ignore[type-arg]
    ) -> None:
        """The script's parameters create a transaction; its access code reads it back."""
        answer = sandbox_client.post(
            f"{API}/checkout/request_inline",
            json={"key": PUBLIC, "email": "ada@example.com", "amount": 150_000, "ref": "r-1"},
        )
        body = answer.json()
        assert (200, True) == (answer.status_code, body["status"])
        data = body["data"]
        assert (PUBLIC, "r-1", 150_000, "NGN", ["card", "bank_transfer", "apple_pay"]) == (
            data["merchant_key"],
            data["reference"],
            data["amount"],
            data["currency"],
            data["channels"],
        )
        again = sandbox_client.get(f"{API}/transaction/verify_access_code/{data['access_code']}")
        assert (200, data) == (again.status_code, again.json()["data"])
        named = sandbox_client.post(
            f"{API}/checkout/request_inline",
            json={"key": PUBLIC, "accessCode": data["access_code"]},
        )
        assert data["id"] == named.json()["data"]["id"]

    def test_request_inline_reads_what_the_script_posts(
        self,
        sandbox_client: TestClient,  # type: ignore[type-arg]
    ) -> None:
        """The script's own body (wire names, metadata as JSON text, mode) makes the
        transaction, metadata and its referrer included."""
        answer = sandbox_client.post(
            f"{API}/checkout/request_inline",
            json={
                "key": PUBLIC,
                "email": "ada@example.com",
                "amount": 150_000,
                "ref": "shop-1",
                "firstname": "Ada",
                "channels": ["card"],
                "metadata": '{"cart":7,"referrer":"https://shop.example/checkout"}',
                "mode": "popup",
            },
        )
        assert 200 == answer.status_code, answer.text
        reference = answer.json()["data"]["reference"]
        verified = sandbox_client.get(
            f"{API}/transaction/verify/{reference}", headers={"Authorization": f"Bearer {SECRET}"}
        ).json()["data"]
        assert ("shop-1", ["card"]) == (reference, answer.json()["data"]["channels"])
        assert {"cart": 7, "referrer": "https://shop.example/checkout"} == verified["metadata"]

    @pytest.mark.parametrize(
        ("body", "message"),
        [
            ({"amount": 100}, "Invalid transaction parameters: Required parameter missing: email"),
            (
                {"email": "a@b.co", "amount": "100", "channels": "card"},
                "Invalid transaction parameters: Invalid parameter type: amount; "
                "Invalid parameter type: channels",
            ),
            ({"email": "a@b.co", "amount": 100, "metadata": "[1]"}, None),
        ],
    )
    def test_request_inline_applies_the_scripts_rules(
        self,
        sandbox_client: TestClient,  # type: ignore[type-arg]
        body: dict[str, object],
        message: str | None,
    ) -> None:
        """What the script would refuse, the sandbox refuses with the script's texts."""
        answer = sandbox_client.post(f"{API}/checkout/request_inline", json={"key": PUBLIC, **body})
        assert (400, False) == (answer.status_code, answer.json()["status"])
        expected = message or "Invalid transaction parameters: Invalid parameter type: metadata"
        assert expected == answer.json()["message"]

    def test_request_inline_refusals(self, sandbox_client: TestClient) -> None:  # type: ignore[type-arg]
        """Wrong key, unknown access code and wrong types answer status false."""
        refused(
            sandbox_client.post(
                f"{API}/checkout/request_inline",
                json={"key": SECRET, "email": "a@b.co", "amount": 100},
            ),
            401,
            "Invalid key",
        )
        refused(
            sandbox_client.post(
                f"{API}/checkout/request_inline", json={"key": PUBLIC, "accessCode": "nope"}
            ),
            404,
            "Invalid access code",
        )
        refused(
            sandbox_client.post(
                f"{API}/checkout/request_inline",
                json={"key": PUBLIC, "email": "a@b.co", "amount": {"value": 1}},
            ),
            400,
            "Invalid transaction parameters: Invalid parameter type: amount",
        )
        refused(
            sandbox_client.get(f"{API}/transaction/verify_access_code/nope"),
            404,
            "Invalid access code",
        )

    def test_update_log_and_set_ip(
        self,
        sandbox_client: TestClient,
        sandbox: PaystackSandbox,  # type: ignore[type-arg]
    ) -> None:
        """The log calls carry the merchant key; the log and address are kept."""
        created = initialize(sandbox_client)
        transaction = sandbox.by_access_code(created["access_code"])
        log = {"attempts": 1, "errors": 0, "history": [{"type": "action", "message": "x"}]}
        answer = sandbox_client.post(
            f"{API}/transaction/update_log/{transaction.id}",
            json={"payload": json.dumps(log)},
            headers=PUBLIC_AUTH,
        )
        assert (200, True) == (answer.status_code, answer.json()["status"])
        answer = sandbox_client.post(
            f"{API}/transaction/set_ip/{transaction.id}", headers=PUBLIC_AUTH
        )
        assert 200 == answer.status_code
        stored = sandbox.by_reference(REFERENCE)
        assert (log, "testclient") == (stored.log, stored.ip_address)

    def test_log_call_refusals(
        self,
        sandbox_client: TestClient,
        sandbox: PaystackSandbox,  # type: ignore[type-arg]
    ) -> None:
        """No merchant key: 401; no payload: 400; unknown or non-numeric id: 404."""
        created = initialize(sandbox_client)
        tid = sandbox.by_access_code(created["access_code"]).id
        refused(
            sandbox_client.post(f"{API}/transaction/update_log/{tid}", json={"payload": "{}"}),
            401,
            "Authorization header required",
        )
        refused(
            sandbox_client.post(
                f"{API}/transaction/update_log/{tid}", json={}, headers=PUBLIC_AUTH
            ),
            400,
            "Required parameter missing: payload",
        )
        for bad in ("123", "abc"):
            refused(
                sandbox_client.post(f"{API}/transaction/set_ip/{bad}", headers=PUBLIC_AUTH),
                404,
                "Transaction not found",
            )

    @pytest.mark.parametrize("path", ["applepay/validate-session/", "applepay/validate-session"])
    def test_apple_pay_validation(
        self,
        sandbox_client: TestClient,  # type: ignore[type-arg]
        sandbox: PaystackSandbox,
        path: str,
    ) -> None:
        """The form call (with or without the trailing slash) answers a merchant session."""
        created = initialize(sandbox_client)
        tid = sandbox.by_access_code(created["access_code"]).id
        form = {
            "transaction": str(tid),
            "sessionUrl": "https://apple-pay-gateway.apple.com/paymentservices/startSession",
            "displayName": "designcore",
            "domainName": "designcore.local",
        }
        answer = sandbox_client.post(f"{API}/{path}", data=form)
        assert (200, True, "designcore.local") == (
            answer.status_code,
            answer.json()["status"],
            answer.json()["data"]["domainName"],
        )
        refused(
            sandbox_client.post(
                f"{API}/{path}", data=form | {"sessionUrl": "https://evil.example/"}
            ),
            400,
            "Invalid sessionUrl: an Apple validation URL",
        )

    def test_apple_pay_charge(
        self,
        sandbox_client: TestClient,
        sandbox: PaystackSandbox,  # type: ignore[type-arg]
    ) -> None:
        """A declined token is 402 status false; a token pays."""
        created = initialize(sandbox_client)
        tid = str(sandbox.by_access_code(created["access_code"]).id)
        declined = sandbox_client.post(
            f"{API}/applepay/charge",
            data={
                "transaction": tid,
                "paymentObject": '{"token": {"sandbox_outcome": "declined"}}',
            },
        )
        refused(declined, 402, "Declined")
        paid = sandbox_client.post(
            f"{API}/applepay/charge",
            data={"transaction": tid, "paymentObject": '{"token": {"paymentData": {}}}'},
        )
        assert (200, True, "success") == (
            paid.status_code,
            paid.json()["status"],
            paid.json()["data"]["status"],
        )
        assert "apple_pay" == sandbox.by_reference(REFERENCE).channel


class TestCharge:
    @pytest.mark.parametrize(
        ("card", "status", "message"),
        [
            (SUCCESS_CARD, "success", "Successful"),
            (DECLINED_CARD, "failed", "Declined"),
            (INSUFFICIENT_FUNDS_CARD, "failed", "Insufficient Funds"),
            (OTP_CARD, "send_otp", "Enter the OTP sent to your phone (sandbox: 123456)"),
        ],
    )
    def test_cards(
        self,
        sandbox_client: TestClient,  # type: ignore[type-arg]
        card: Any,
        status: str,
        message: str,
    ) -> None:
        """Each test card's outcome, as the checkout page receives it."""
        created = initialize(sandbox_client)
        answer = sandbox_client.post(
            f"{API}/charge",
            json={"access_code": created["access_code"], "card": CARD | {"number": card.number}},
        )
        body = answer.json()
        assert (200, True, status, message, REFERENCE) == (
            answer.status_code,
            body["status"],
            body["data"]["status"],
            body["data"]["message"],
            body["data"]["reference"],
        )

    def test_otp_flow_and_signed_webhook(
        self,
        sandbox_client: TestClient,
        sandbox: PaystackSandbox,  # type: ignore[type-arg]
    ) -> None:
        """OTP card, then 123456: verify says success and one signed event was produced."""
        code = initialize(sandbox_client)["access_code"]
        sandbox_client.post(
            f"{API}/charge",
            json={"access_code": code, "card": CARD | {"number": OTP_CARD.number}},
        )
        answer = sandbox_client.post(f"{API}/charge", json={"access_code": code, "otp": "123456"})
        assert "success" == answer.json()["data"]["status"]
        verified = sandbox_client.get(f"{API}/transaction/verify/{REFERENCE}", headers=SECRET_AUTH)
        assert "success" == verified.json()["data"]["status"]
        (event,) = sandbox.events()
        digest = hmac.new(SECRET.encode(), event.body, hashlib.sha512).hexdigest()
        assert digest == event.signature
        assert verified.json()["data"] == json.loads(event.body)["data"]

    def test_bank_transfer_then_completed(
        self,
        sandbox_client: TestClient,
        sandbox: PaystackSandbox,  # type: ignore[type-arg]
    ) -> None:
        """A transfer is pending until the control (secret key) completes it."""
        code = initialize(sandbox_client)["access_code"]
        answer = sandbox_client.post(
            f"{API}/charge", json={"access_code": code, "bank_transfer": True}
        )
        data = answer.json()["data"]
        assert ("pending", "Sandbox Bank") == (data["status"], data["bank"]["name"])
        assert data["account_number"] in data["display_text"]
        refused(
            sandbox_client.post(f"{API}/bank_transfer/complete", json={"reference": REFERENCE}),
            401,
            "Authorization header required",
        )
        refused(
            sandbox_client.post(
                f"{API}/bank_transfer/complete",
                json={"reference": REFERENCE, "outcome": "maybe"},
                headers=SECRET_AUTH,
            ),
            400,
            "Invalid outcome: success or failed",
        )
        done = sandbox_client.post(
            f"{API}/bank_transfer/complete", json={"reference": REFERENCE}, headers=SECRET_AUTH
        )
        assert ("success", "bank_transfer") == (
            done.json()["data"]["status"],
            done.json()["data"]["channel"],
        )
        assert ["charge.success"] == [e.event for e in sandbox.events()]

    @pytest.mark.parametrize(
        ("body", "status_code", "message"),
        [
            ({}, 400, "Send exactly one of card, otp or bank_transfer"),
            (
                {"otp": "1", "bank_transfer": True},
                400,
                "Send exactly one of card, otp or bank_transfer",
            ),
            (
                {"card": "4084084084084081"},
                400,
                "Invalid parameter type: card (an object {number, cvv, expiry})",
            ),
            ({"bank_transfer": "yes"}, 400, "Invalid parameter type: bank_transfer (true)"),
            ({"card": CARD | {"number": "4111111111111111"}}, 400, None),
            ({"card": CARD | {"cvv": 408}}, 400, "Card number, cvv and expiry must be strings"),
            ({"otp": "123456"}, 400, "No OTP was requested for this transaction"),
            ({"card": CARD, "access_code": "nope"}, 404, "Invalid access code"),
        ],
    )
    def test_bad_charges(
        self,
        sandbox_client: TestClient,  # type: ignore[type-arg]
        sandbox: PaystackSandbox,
        body: dict[str, Any],
        status_code: int,
        message: str | None,
    ) -> None:
        """Wrong charge requests are refused and change nothing."""
        code = initialize(sandbox_client)["access_code"]
        answer = sandbox_client.post(f"{API}/charge", json={"access_code": code} | body)
        assert (status_code, False) == (answer.status_code, answer.json()["status"])
        if message is not None:
            assert message == answer.json()["message"]
        assert "abandoned" == sandbox.by_reference(REFERENCE).status
        assert [] == sandbox.events()


def page_data(html: str) -> dict[str, Any]:
    found = re.search(r'<script type="application/json" id="checkout-data">(.*?)</script>', html)
    assert found is not None
    data: dict[str, Any] = json.loads(found.group(1))
    return data


class TestCheckoutPage:
    def test_page(self, sandbox_client: TestClient) -> None:  # type: ignore[type-arg]
        """The page shows the amount in naira, the test cards and the stable ids, under a
        CSP that allows only its own script and style files."""
        code = initialize(sandbox_client)["access_code"]
        answer = sandbox_client.get(f"/sandbox/checkout/popup?access_code={code}")
        assert (200, "text/html; charset=utf-8") == (
            answer.status_code,
            answer.headers["content-type"],
        )
        html = answer.text
        for needed in (
            'id="card-number"',
            'id="card-expiry"',
            'id="card-cvv"',
            'id="pay"',
            'id="otp"',
            'id="bank-transfer"',
            'id="cancel"',
            'data-state="idle"',
            "₦1,500.00",
            "4084 0840 8408 4081",
            OTP_CARD.spaced,
        ):
            assert needed in html
        policy = answer.headers["content-security-policy"]
        assert "default-src 'none'; script-src 'self'; style-src 'self'" in policy
        assert '<script src="/sandbox/checkout/checkout.js"></script>' in html
        assert not re.search(r"""(src|href)=["']?(https?:)?//""", html)
        data = page_data(html)
        assert (code, REFERENCE, 150_000, None) == (
            data["transaction"]["accessCode"],
            data["transaction"]["reference"],
            data["transaction"]["amount"],
            data["error"],
        )

    def test_customer_text_is_escaped(self, sandbox_client: TestClient) -> None:  # type: ignore[type-arg]
        """An e-mail full of markup stays text, in the page and in its data."""
        email = '"><script>alert(1)</script>@x.co'
        code = initialize(sandbox_client, email=email)["access_code"]
        html = sandbox_client.get(f"/sandbox/checkout/popup?access_code={code}").text
        assert "<script>alert(1)" not in html
        assert "&lt;script&gt;alert(1)" in html
        assert email == page_data(html)["transaction"]["email"]

    def test_without_an_access_code_it_waits_for_the_script(
        self,
        sandbox_client: TestClient,  # type: ignore[type-arg]
    ) -> None:
        """Framed by the popup script (no access code), the page waits for its inline:url and
        knows where to ask for the transaction."""
        answer = sandbox_client.get("/sandbox/checkout/popup")
        data = page_data(answer.text)
        assert (200, None, True) == (answer.status_code, data["error"], data["waiting"])
        assert f"{API}/checkout/request_inline" == data["requestUrl"]
        assert "transaction" not in data

    @pytest.mark.parametrize(
        ("query", "status_code", "error"),
        [
            ("access_code=nope", 404, "Invalid access code"),
            ("access_code=", 404, "Invalid access code"),
            ("access_code={code}&origin=javascript:alert(1)", 400, None),
            ("access_code={code}&origin=https://shop.example/path", 400, None),
            ("access_code={code}&id=a<b", 400, "id must be letters and digits"),
        ],
    )
    def test_setup_errors_shown(
        self,
        sandbox_client: TestClient,  # type: ignore[type-arg]
        query: str,
        status_code: int,
        error: str | None,
    ) -> None:
        """An unknown access code or a bad origin/id shows the error (reported to the parent
        as a setup error by the page's script)."""
        code = initialize(sandbox_client)["access_code"]
        answer = sandbox_client.get(f"/sandbox/checkout/popup?{query.format(code=code)}")
        assert status_code == answer.status_code
        data = page_data(answer.text)
        assert data["error"]
        if error is not None:
            assert error == data["error"]
        assert "transaction" not in data

    def test_origin_and_id_passed_to_the_script(
        self,
        sandbox_client: TestClient,  # type: ignore[type-arg]
    ) -> None:
        """A valid parent origin and popup id reach the script."""
        code = initialize(sandbox_client)["access_code"]
        answer = sandbox_client.get(
            f"/sandbox/checkout/popup?access_code={code}&origin=http://127.0.0.1:5173&id=ab12C"
        )
        data = page_data(answer.text)
        assert ("http://127.0.0.1:5173", "ab12C") == (data["origin"], data["id"])

    def test_protocol_names_in_the_script(self, sandbox_client: TestClient) -> None:  # type: ignore[type-arg]
        """The script posts every message of the popup protocol, never to ``*``."""
        html = sandbox_client.get("/sandbox/checkout/checkout.js").text
        for event in (
            "loaded:checkout",
            "loaded:transaction",
            "success",
            "cancel",
            "close",
            "error",
            "transfer:pending",
        ):
            assert f'post("{event}"' in html
        assert ["target.host.postMessage(message, target.origin)"] == re.findall(
            r"\w+(?:\.\w+)*\.postMessage\([^)]*\)", html
        )


class TestMounting:
    def test_not_mounted_for_paystack(
        self, make_memory_container: Callable[..., Container]
    ) -> None:
        """With the Paystack backend there is no sandbox to talk to."""
        container = make_memory_container(DESIGNCORE_PAYMENTS_BACKEND="paystack")
        with TestClient(app=create_app(container=container)) as client:
            assert 404 == client.get("/sandbox/checkout/popup?access_code=x").status_code
            assert 404 == client.get(f"{API}/transaction/verify_access_code/x").status_code


class TestSandboxSettings:
    def test_defaults(self) -> None:
        """The sandbox is the default provider, with test keys and webhooks to our own route."""
        settings = load_settings(
            {
                "DESIGNCORE_PUBLIC_URL": "https://designcore.example/",
                "DESIGNCORE_ENV": "development",  # the sandbox is development's
            }
        )
        sandbox = settings.payments.sandbox
        assert ("sandbox", True) == (settings.payments.backend, sandbox.webhooks)
        assert sandbox.public_key.startswith("pk_test_sandbox")
        assert sandbox.secret_key.startswith("sk_test_sandbox")
        assert "https://designcore.example/api/v1/webhooks/paystack" == settings.sandbox_webhook_url
        assert "https://designcore.example/sandbox/checkout/popup" == settings.sandbox_checkout_url

    def test_overrides(self) -> None:
        """Webhooks can be sent elsewhere, or turned off; the backend is checked."""
        settings = load_settings(
            {"DESIGNCORE_PAYSTACK_SANDBOX_WEBHOOK_URL": "http://127.0.0.1:9/hook"}
        )
        assert "http://127.0.0.1:9/hook" == settings.sandbox_webhook_url
        off = load_settings({"DESIGNCORE_PAYSTACK_SANDBOX_WEBHOOKS": "false"})
        assert off.sandbox_webhook_url is None
        with pytest.raises(Exception, match="DESIGNCORE_PAYMENTS_BACKEND"):
            load_settings({"DESIGNCORE_PAYMENTS_BACKEND": "stripe"})
