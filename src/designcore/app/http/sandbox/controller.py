"""The sandbox controller: Paystack-shaped endpoints and the checkout page.

Mounted only when ``DESIGNCORE_PAYMENTS_BACKEND=sandbox``:

- ``/sandbox/paystack/…``: the calls the app and the payment popup script make to Paystack
  (``transaction/initialize``, ``transaction/verify/{reference}``, ``checkout/request_inline``,
  ``transaction/verify_access_code/{code}``, ``transaction/update_log/{id}``,
  ``transaction/set_ip/{id}``, ``applepay/validate-session/``, ``applepay/charge``), answering
  ``{status, message, data}``; refusals are ``{status: false, message, code}`` (plus
  ``type: "validation_error"`` on a 400, as Paystack's newer answers carry) with Paystack's
  HTTP status. Two sandbox-only calls: ``charge`` (what the checkout page posts: a test card,
  an OTP or a bank transfer) and ``bank_transfer/complete`` (settle a pending transfer later).
- ``/sandbox/checkout/popup?access_code=…``: the checkout page, which speaks the popup's
  ``postMessage`` protocol to its parent or opener (docs/api.md, "Payment sandbox").

Bodies are JSON objects or forms (Paystack takes both), decoded into typed msgspec structs;
a value of the wrong type is refused in Paystack's words for that field. Handlers stay thin:
read the input, call :class:`PaystackSandbox`, shape the answer.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable
from importlib import resources
from typing import Any, TypeVar

import msgspec
from litestar import Controller, MediaType, Request, Response, get, post
from litestar.di import NamedDependency, Provide
from litestar.exceptions import HTTPException
from litestar.params import FromPath, FromQuery

from designcore.adapters.paystack.sandbox import (
    PaystackError,
)
from designcore.app.http.client_origin import client_address
from designcore.app.http.request_media import ACCEPTED_MEDIA, JSON_OR_FORM
from designcore.app.http.sandbox.common import NO_STORE, Sandbox
from designcore.app.http.sandbox.page import (
    CHECKOUT_ASSETS,
    CHECKOUT_POLICY,
    checkout_page,
)
from designcore.app.http.sandbox.schemas import (
    Answer,
    ApplePayChargeIn,
    ApplePaySessionIn,
    ApplePaySessionOut,
    ChargeIn,
    ChargeOut,
    CheckoutOut,
    CompleteTransferIn,
    InitializedOut,
    InitializeIn,
    InlineIn,
    IpOut,
    LogOut,
    Refusal,
    TransactionOut,
    UpdateLogIn,
)
from designcore.domain.checkout import InvalidTransactionParameters, read_inline_request
from designcore.domain.errors import UnsupportedMedia, ValidationFailed

log = logging.getLogger(__name__)

_FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")
Data = TypeVar("Data")
In = TypeVar("In", bound=msgspec.Struct)


_WRONG_TYPE = {
    "amount": "Invalid Amount Sent",
    "email": "Invalid Email Address Passed",
    "currency": "Currency not supported by merchant",
    "metadata": "Invalid metadata: a JSON object expected",
    "callback_url": "Invalid callback_url: an http(s) URL expected",
    "card": "Invalid parameter type: card (an object {number, cvv, expiry})",
    "card.": "Card number, cvv and expiry must be strings",
    "bank_transfer": "Invalid parameter type: bank_transfer (true)",
    "outcome": "Invalid outcome: success or failed",
    "sessionUrl": "Invalid sessionUrl: an Apple validation URL",
}
"""Paystack's words for a value of the wrong type, by field (``card.`` for a card's fields)."""

_AT = re.compile(r"at `\$\.([A-Za-z_]+)(\.[A-Za-z_]+)?")


def _wrong_type(error: msgspec.ValidationError) -> PaystackError:
    found = _AT.search(str(error))
    field = found.group(1) if found else "body"
    key = f"{field}." if found and found.group(2) else field
    message = _WRONG_TYPE.get(key) or _WRONG_TYPE.get(field) or f"Invalid parameter type: {field}"
    return PaystackError(400, message, "invalid")


def body_of(struct: type[In]) -> Provide:
    """A dependency decoding the request body, a JSON object or a form, into ``struct``."""

    async def decode(request: Request[Any, Any, Any]) -> In:
        content_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if content_type in _FORM_TYPES:
            form = await request.form()
            fields = {key: form.get(key) for key in form}
            try:
                return msgspec.convert(fields, struct, strict=False)
            except msgspec.ValidationError as error:
                raise _wrong_type(error) from None
        raw = await request.body()
        if not raw.strip():
            return msgspec.convert({}, struct)
        try:
            parsed = msgspec.json.decode(raw)
        except (msgspec.DecodeError, RecursionError):
            raise PaystackError(400, "Invalid JSON body", "malformed_json") from None
        if not isinstance(parsed, dict):
            raise PaystackError(400, "Invalid JSON body: an object expected", "malformed_json")
        try:
            return msgspec.convert(parsed, struct)
        except msgspec.ValidationError as error:
            raise _wrong_type(error) from None

    decoder: Callable[[Request[Any, Any, Any]], Awaitable[In]] = decode
    return Provide(decoder)


def paystack_call(path: str | list[str], operation_id: str, params: type[msgspec.Struct]) -> post:
    """A ``POST`` of the Paystack-shaped API (200, like Paystack) whose body arrives as
    ``params``, decoded into the given struct."""
    return post(
        path,
        operation_id=operation_id,
        status_code=200,
        dependencies={"params": body_of(params)},
    )


def _answer(message: str, data: Data) -> Response[Answer[Data]]:
    return Response(Answer(message=message, data=data), media_type=MediaType.JSON, headers=NO_STORE)


def _refusal(status_code: int, message: str, code: str) -> Response[Refusal]:
    return Response(
        Refusal(
            status=False,
            message=message,
            code=code,
            type="validation_error" if status_code == 400 else None,
        ),
        status_code=status_code,
        media_type=MediaType.JSON,
        headers=NO_STORE,
    )


def handle_sandbox_error(request: Request[Any, Any, Any], error: Exception) -> Response[Refusal]:
    """Every error under ``/sandbox/paystack`` as Paystack words it: ``{status: false,
    message, code}`` with the HTTP status."""
    if isinstance(error, PaystackError):
        return _refusal(error.http_status, error.message, error.code)
    if isinstance(error, UnsupportedMedia):
        return _refusal(415, error.message, error.code)
    if isinstance(error, ValidationFailed):
        return _refusal(400, error.message, error.code)
    if isinstance(error, HTTPException):
        detail = error.detail if isinstance(error.detail, str) else "Invalid request"
        return _refusal(error.status_code, detail, "invalid")
    log.exception("sandbox error on %s", request.url.path)
    return _refusal(500, "An error occurred", "server_error")


class SandboxController(Controller):
    """``/sandbox``: the Paystack-shaped endpoints and the checkout page."""

    path = "/sandbox"
    tags = ["sandbox"]
    include_in_schema = False
    exception_handlers = {Exception: handle_sandbox_error}
    opt = {ACCEPTED_MEDIA: JSON_OR_FORM}

    @paystack_call("/paystack/transaction/initialize", "sandboxInitialize", InitializeIn)
    async def initialize(
        self,
        request: Request[Any, Any, Any],
        sandbox: Sandbox,
        params: NamedDependency[InitializeIn],
    ) -> Response[Answer[InitializedOut]]:
        """Create a transaction (secret key)."""
        sandbox.check_secret_key(request.headers.get("authorization"))
        created = sandbox.initialize(
            email=params.email,
            amount=params.amount,
            currency=params.currency or "NGN",
            reference=params.reference,
            callback_url=params.callback_url,
            metadata=params.metadata,
            channels=params.channels,
            label=params.label,
        )
        return _answer(
            "Authorization URL created",
            InitializedOut(
                authorization_url=sandbox.authorization_url(created),
                access_code=created.access_code,
                reference=created.reference,
            ),
        )

    @get("/paystack/transaction/verify/{reference:str}", operation_id="sandboxVerify")
    async def verify(
        self, request: Request[Any, Any, Any], sandbox: Sandbox, reference: FromPath[str]
    ) -> Response[Answer[TransactionOut]]:
        """A transaction by reference (secret key); 404 ``Transaction reference not
        found``."""
        sandbox.check_secret_key(request.headers.get("authorization"))
        return _answer(
            "Verification successful", TransactionOut.of(sandbox.by_reference(reference))
        )

    @paystack_call("/paystack/checkout/request_inline", "sandboxRequestInline", InlineIn)
    async def request_inline(
        self, sandbox: Sandbox, params: NamedDependency[InlineIn]
    ) -> Response[Answer[CheckoutOut]]:
        """The popup's transaction: checked with the script's rules, then created from its
        parameters, or named by access code."""
        if params.key != sandbox.public_key:
            raise PaystackError(401, "Invalid key", "invalid_key")
        try:
            request = read_inline_request(params.body())
        except InvalidTransactionParameters as error:
            reasons = "; ".join(issue.message for issue in error.issues)
            plain = not reasons or error.message == reasons
            message = error.message if plain else f"{error.message}: {reasons}"
            raise PaystackError(400, message, "invalid_params") from None
        if request.access_code is not None:
            transaction = sandbox.by_access_code(request.access_code)
        else:
            wanted = request.params
            transaction = sandbox.initialize(
                email=wanted.get("email"),
                amount=wanted.get("amount"),
                currency=wanted.get("currency") or "NGN",
                reference=wanted.get("reference"),
                metadata=wanted.get("metadata"),
                channels=wanted.get("channels"),
                label=wanted.get("label"),
                callback_url=None if params.callback_url is msgspec.UNSET else params.callback_url,
            )
        return _answer("Checkout initialized", CheckoutOut.of(sandbox, transaction))

    @get(
        "/paystack/transaction/verify_access_code/{code:str}",
        operation_id="sandboxVerifyAccessCode",
    )
    async def verify_access_code(
        self, sandbox: Sandbox, code: FromPath[str]
    ) -> Response[Answer[CheckoutOut]]:
        """The checkout data of an access code (the checkout page polls it)."""
        transaction = sandbox.by_access_code(code)
        return _answer("Access code validated", CheckoutOut.of(sandbox, transaction))

    @paystack_call(
        "/paystack/transaction/update_log/{transaction_id:str}", "sandboxUpdateLog", UpdateLogIn
    )
    async def update_log(
        self,
        request: Request[Any, Any, Any],
        sandbox: Sandbox,
        transaction_id: FromPath[str],
        params: NamedDependency[UpdateLogIn],
    ) -> Response[Answer[LogOut]]:
        """Keep the popup's log (public key)."""
        sandbox.check_public_key(request.headers.get("authorization"))
        if params.payload is None:
            raise PaystackError(400, "Required parameter missing: payload", "invalid")
        updated = sandbox.update_log(transaction_id, params.payload)
        return _answer("Log updated", LogOut(id=updated.id))

    @post(
        "/paystack/transaction/set_ip/{transaction_id:str}",
        operation_id="sandboxSetIp",
        status_code=200,
    )
    async def set_ip(
        self, request: Request[Any, Any, Any], sandbox: Sandbox, transaction_id: FromPath[str]
    ) -> Response[Answer[IpOut]]:
        """Remember the customer's address (public key)."""
        sandbox.check_public_key(request.headers.get("authorization"))
        updated = sandbox.set_ip(transaction_id, client_address(request))
        return _answer("IP set", IpOut(id=updated.id, ip_address=updated.ip_address))

    @paystack_call(
        ["/paystack/applepay/validate-session", "/paystack/applepay/validate-session/"],
        "sandboxApplePaySession",
        ApplePaySessionIn,
    )
    async def applepay_validate(
        self, sandbox: Sandbox, params: NamedDependency[ApplePaySessionIn]
    ) -> Response[Answer[ApplePaySessionOut]]:
        """A stand-in merchant session for an Apple validation URL."""
        session = sandbox.applepay_validate_session(
            params.transaction, params.session_url, params.display_name, params.domain_name
        )
        return _answer("Session validated", msgspec.convert(session, ApplePaySessionOut))

    @paystack_call("/paystack/applepay/charge", "sandboxApplePayCharge", ApplePayChargeIn)
    async def applepay_charge(
        self, sandbox: Sandbox, params: NamedDependency[ApplePayChargeIn]
    ) -> Response[Answer[ChargeOut]]:
        """Charge an Apple Pay token: 402 ``Declined`` for a declined one."""
        result = sandbox.applepay_charge(params.transaction, params.payment_object)
        if result.status != "success":
            raise PaystackError(402, result.message, "declined")
        return _answer("Charge successful", ChargeOut.of(result))

    @paystack_call("/paystack/charge", "sandboxCharge", ChargeIn)
    async def charge(
        self, sandbox: Sandbox, params: NamedDependency[ChargeIn]
    ) -> Response[Answer[ChargeOut]]:
        """The checkout page's attempt: a test card, an OTP or a bank transfer."""
        given = [
            name
            for name, value in (
                ("card", params.card),
                ("otp", params.otp),
                ("bank_transfer", params.bank_transfer),
            )
            if value is not None
        ]
        if len(given) != 1:
            raise PaystackError(
                400, "Send exactly one of card, otp or bank_transfer", "invalid_charge"
            )
        if params.card is not None:
            result = sandbox.charge_card(
                params.access_code,
                number=params.card.number,
                cvv=params.card.cvv,
                expiry=params.card.expiry,
            )
        elif params.otp is not None:
            result = sandbox.submit_otp(params.access_code, params.otp)
        else:
            if params.bank_transfer is not True:
                raise PaystackError(400, _WRONG_TYPE["bank_transfer"], "invalid")
            result = sandbox.start_bank_transfer(params.access_code)
        return _answer("Charge attempted", ChargeOut.of(result))

    @paystack_call(
        "/paystack/bank_transfer/complete", "sandboxCompleteTransfer", CompleteTransferIn
    )
    async def complete_transfer(
        self,
        request: Request[Any, Any, Any],
        sandbox: Sandbox,
        params: NamedDependency[CompleteTransferIn],
    ) -> Response[Answer[TransactionOut]]:
        """Settle a pending bank transfer (secret key)."""
        sandbox.check_secret_key(request.headers.get("authorization"))
        result = sandbox.complete_bank_transfer(
            params.reference, success=params.outcome == "success"
        )
        return _answer("Bank transfer settled", TransactionOut.of(result.transaction))

    @get("/checkout/popup", operation_id="sandboxCheckoutPage")
    async def popup(
        self,
        sandbox: Sandbox,
        access_code: FromQuery[str | None] = None,
        origin: FromQuery[str | None] = None,
        id: FromQuery[str | None] = None,
    ) -> Response[str]:
        """The checkout page (HTML)."""
        page, status_code = checkout_page(sandbox, access_code, origin, id)
        return Response(
            page,
            status_code=status_code,
            media_type=MediaType.HTML,
            headers={
                "Content-Security-Policy": CHECKOUT_POLICY,
                "Cache-Control": "no-store",
                "Referrer-Policy": "no-referrer",
                "X-Content-Type-Options": "nosniff",
            },
        )

    @get("/checkout/{name:str}", operation_id="sandboxCheckoutAsset")
    async def checkout_asset(self, name: FromPath[str]) -> Response[bytes]:
        """The checkout page's script and style."""
        if name not in CHECKOUT_ASSETS:
            raise HTTPException(status_code=404, detail="Not found")
        file, media_type = CHECKOUT_ASSETS[name]
        content = resources.files("designcore.app.http.sandbox").joinpath(file).read_bytes()
        return Response(content, media_type=media_type, headers={"Cache-Control": "no-cache"})
