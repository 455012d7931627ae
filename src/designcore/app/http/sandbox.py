"""The payment sandbox over HTTP: Paystack-shaped endpoints and a checkout page.

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

import html
import json
import logging
import re
from collections.abc import Awaitable, Callable
from importlib import resources
from typing import Any, Generic, Literal, TypeVar

import msgspec
from litestar import Controller, MediaType, Request, Response, get, post
from litestar.di import NamedDependency, Provide
from litestar.exceptions import HTTPException
from litestar.params import FromPath, FromQuery

from designcore.adapters.paystack.sandbox import (
    TEST_CARDS,
    ChargeResult,
    PaystackError,
    PaystackSandbox,
    SandboxTransaction,
    transaction_json,
)
from designcore.app.http.client_origin import client_address
from designcore.app.http.request_media import ACCEPTED_MEDIA, JSON_OR_FORM
from designcore.domain.checkout import InvalidTransactionParameters, read_inline_request
from designcore.domain.errors import UnsupportedMedia, ValidationFailed

log = logging.getLogger(__name__)

API_PREFIX = "/sandbox/paystack"
"""Where the Paystack-shaped endpoints are."""

CHECKOUT_PATH = "/sandbox/checkout/popup"
"""The checkout page."""

_ORIGIN = re.compile(
    r"^https?://[A-Za-z0-9.\-]+(:\d{1,5})?$|^https?://\[[0-9A-Fa-f:.]+\](:\d{1,5})?$"
)
_POPUP_ID = re.compile(r"^[A-Za-z0-9]{1,32}$")
_FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")
_NO_STORE = {"Cache-Control": "no-store"}

Sandbox = NamedDependency[PaystackSandbox]
Data = TypeVar("Data")
In = TypeVar("In", bound=msgspec.Struct)


# -- requests ---------------------------------------------------------------------------------


class InitializeIn(msgspec.Struct, kw_only=True):
    """``transaction/initialize``: what a merchant's server sends."""

    email: str | None = None
    amount: int | str | None = None
    """Kobo: an integer or a string of digits."""
    currency: str | None = None
    reference: str | None = None
    callback_url: str | None = None
    metadata: dict[str, Any] | str | None = None
    """Free-form JSON: an object, or one as a string."""
    channels: list[str] | None = None
    label: str | None = None


class InlineIn(msgspec.Struct, kw_only=True):
    """``checkout/request_inline``: what the popup script posts, under its wire names, or
    ``{key, accessCode}`` naming a transaction already created.

    Every value is taken as it arrives: :func:`designcore.domain.checkout.read_inline_request`
    judges the body with the script's own rules, so the sandbox refuses exactly what the script
    refuses, with its texts. ``reference`` (the canonical name) and ``callback_url`` (the
    sandbox's, for the page's Continue link) are read too.
    """

    key: Any = msgspec.UNSET
    amount: Any = msgspec.UNSET
    currency: Any = msgspec.UNSET
    email: Any = msgspec.UNSET
    label: Any = msgspec.UNSET
    firstname: Any = msgspec.UNSET
    lastname: Any = msgspec.UNSET
    ref: Any = msgspec.UNSET
    reference: Any = msgspec.UNSET
    phone: Any = msgspec.UNSET
    customer_code: Any = msgspec.UNSET
    channels: Any = msgspec.UNSET
    payment_request: Any = msgspec.UNSET
    payment_page: Any = msgspec.UNSET
    hash: Any = msgspec.UNSET
    metadata: Any = msgspec.UNSET
    """An object, as JSON text (as the script posts it) or as it is."""
    subaccount: Any = msgspec.UNSET
    bearer: Any = msgspec.UNSET
    transaction_charge: Any = msgspec.UNSET
    plan: Any = msgspec.UNSET
    quantity: Any = msgspec.UNSET
    interval: Any = msgspec.UNSET
    invoice_limit: Any = msgspec.UNSET
    start_date: Any = msgspec.UNSET
    order_id: Any = msgspec.UNSET
    split: Any = msgspec.UNSET
    """An object, as JSON text (as the script posts it) or as it is."""
    split_code: Any = msgspec.UNSET
    transaction_type: Any = msgspec.UNSET
    subscription: Any = msgspec.UNSET
    connect_split: Any = msgspec.UNSET
    mode: Any = msgspec.UNSET
    """``popup``: the script's own; not a parameter."""
    access_code: Any = msgspec.field(default=msgspec.UNSET, name="accessCode")
    access_code_snake: Any = msgspec.field(default=msgspec.UNSET, name="access_code")
    callback_url: Any = msgspec.UNSET

    def body(self) -> dict[str, Any]:
        """The fields that arrived, under the names they arrived with."""
        return {
            self.__struct_encode_fields__[index]: value
            for index, value in enumerate(msgspec.structs.astuple(self))
            if value is not msgspec.UNSET and self.__struct_fields__[index] != "callback_url"
        }


class UpdateLogIn(msgspec.Struct, kw_only=True):
    """``transaction/update_log/{id}``: the popup's log, as JSON text or an object."""

    payload: str | dict[str, Any] | None = None


class ApplePaySessionIn(msgspec.Struct, kw_only=True):
    """``applepay/validate-session``: a form from the popup."""

    transaction: int | str | None = None
    session_url: str | None = msgspec.field(default=None, name="sessionUrl")
    display_name: str | None = msgspec.field(default=None, name="displayName")
    domain_name: str | None = msgspec.field(default=None, name="domainName")


class ApplePayChargeIn(msgspec.Struct, kw_only=True):
    """``applepay/charge``: the payment object Apple Pay produced (JSON text or an object)."""

    transaction: int | str | None = None
    payment_object: str | dict[str, Any] | None = msgspec.field(default=None, name="paymentObject")


class CardIn(msgspec.Struct, kw_only=True):
    """A test card."""

    number: str | None = None
    cvv: str | None = None
    expiry: str | None = None
    """``MM/YY``."""


class ChargeIn(msgspec.Struct, kw_only=True):
    """``charge``: the checkout page's attempt, exactly one of a card, an OTP or a transfer."""

    access_code: str | None = None
    card: CardIn | None = None
    otp: str | None = None
    bank_transfer: bool | None = None


class CompleteTransferIn(msgspec.Struct, kw_only=True):
    """``bank_transfer/complete``: the sandbox control that settles a pending transfer."""

    reference: str | None = None
    outcome: Literal["success", "failed"] = "success"


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


# -- answers ----------------------------------------------------------------------------------


class Answer(msgspec.Struct, Generic[Data], kw_only=True):
    """Paystack's envelope."""

    status: bool = True
    message: str
    data: Data


class Refusal(msgspec.Struct, kw_only=True, omit_defaults=True):
    """Paystack's refusal: ``status: false``, its words, a code (and the type on a 400)."""

    status: Literal[False]
    message: str
    code: str
    type: str | None = None


class InitializedOut(msgspec.Struct, kw_only=True):
    """``transaction/initialize``'s ``data``."""

    authorization_url: str
    access_code: str
    reference: str


class CustomerOut(msgspec.Struct, kw_only=True):
    """The customer of a transaction."""

    id: int
    first_name: str | None
    last_name: str | None
    email: str
    customer_code: str
    phone: str | None
    metadata: dict[str, Any] | None
    risk_action: str
    international_format_phone: str | None


class TransactionOut(msgspec.Struct, kw_only=True):
    """Paystack's transaction object (verify's ``data``, and the webhooks' ``data``)."""

    id: int
    domain: str
    status: str
    reference: str
    receipt_number: str | None
    amount: int
    message: str | None
    gateway_response: str
    paid_at: str | None
    created_at: str | None
    channel: str
    currency: str
    ip_address: str | None
    metadata: dict[str, Any] | str
    log: dict[str, Any] | None
    fees: int | None
    fees_split: dict[str, Any] | None
    authorization: dict[str, str | bool | None]
    customer: CustomerOut
    plan: dict[str, Any] | None
    split: dict[str, Any]
    order_id: int | None
    paid_at_camel: str | None = msgspec.field(name="paidAt")
    created_at_camel: str | None = msgspec.field(name="createdAt")
    requested_amount: int
    pos_transaction_data: dict[str, Any] | None
    source: dict[str, Any] | None
    fees_breakdown: dict[str, Any] | None
    transaction_date: str | None
    plan_object: dict[str, Any]
    subaccount: dict[str, Any]

    @classmethod
    def of(cls, transaction: SandboxTransaction) -> TransactionOut:
        """The sandbox's transaction in Paystack's shape (the webhooks carry the same)."""
        return msgspec.convert(transaction_json(transaction), cls)


class LinkConfigOut(msgspec.Struct, kw_only=True):
    enabled: bool
    has_payment_instruments: bool


class CheckoutOut(msgspec.Struct, kw_only=True):
    """What ``request_inline`` and ``verify_access_code`` answer: what the popup reads."""

    id: int
    access_code: str
    reference: str
    transaction_status: str
    channels: list[str]
    merchant_id: int
    merchant_key: str
    merchant_name: str
    merchant_logo: str
    email: str
    amount: int
    currency: str
    label: str | None
    domain: str
    plan_details: dict[str, Any] | None
    link_config: LinkConfigOut
    log: dict[str, Any] | None

    @classmethod
    def of(cls, sandbox: PaystackSandbox, transaction: SandboxTransaction) -> CheckoutOut:
        """The checkout data of a transaction."""
        return msgspec.convert(sandbox.inline_json(transaction), cls)


class LogOut(msgspec.Struct, kw_only=True):
    id: int


class IpOut(msgspec.Struct, kw_only=True):
    id: int
    ip_address: str | None


class ApplePaySessionOut(msgspec.Struct, kw_only=True):
    """A stand-in Apple Pay merchant session."""

    epoch_timestamp: int = msgspec.field(name="epochTimestamp")
    expires_at: int = msgspec.field(name="expiresAt")
    merchant_session_identifier: str = msgspec.field(name="merchantSessionIdentifier")
    nonce: str
    merchant_identifier: str = msgspec.field(name="merchantIdentifier")
    domain_name: str = msgspec.field(name="domainName")
    display_name: str = msgspec.field(name="displayName")
    signature: str


class BankOut(msgspec.Struct, kw_only=True):
    name: str
    slug: str


class ChargeOut(msgspec.Struct, kw_only=True, omit_defaults=True):
    """A charge attempt: ``success``, ``failed``, ``send_otp`` or ``pending`` (a transfer,
    with where to send the money)."""

    status: str
    message: str
    gateway_response: str
    reference: str
    transaction: int
    amount: int
    currency: str
    redirecturl: str | None
    display_text: str | None = None
    account_number: str | None = None
    bank: BankOut | None = None

    @classmethod
    def of(cls, result: ChargeResult) -> ChargeOut:
        """What the checkout page is told."""
        transaction = result.transaction
        pending = result.status == "pending"
        return cls(
            status=result.status,
            message=result.message,
            gateway_response=transaction.gateway_response,
            reference=transaction.reference,
            transaction=transaction.id,
            amount=transaction.amount,
            currency=transaction.currency,
            redirecturl=_redirect_url(transaction),
            display_text=result.message if pending else None,
            account_number=transaction.transfer_account if pending else None,
            bank=BankOut(name="Sandbox Bank", slug="sandbox-bank") if pending else None,
        )


def _answer(message: str, data: Data) -> Response[Answer[Data]]:
    return Response(
        Answer(message=message, data=data), media_type=MediaType.JSON, headers=_NO_STORE
    )


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
        headers=_NO_STORE,
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


def _redirect_url(transaction: SandboxTransaction) -> str | None:
    if not transaction.callback_url:
        return None
    separator = "&" if "?" in transaction.callback_url else "?"
    return (
        f"{transaction.callback_url}{separator}trxref={transaction.reference}"
        f"&reference={transaction.reference}"
    )


def _amount_text(amount: int, currency: str) -> str:
    major = f"{amount // 100:,}.{amount % 100:02d}"
    return f"₦{major}" if currency == "NGN" else f"{currency} {major}"


def _script_json(value: Any) -> str:
    """JSON safe inside ``<script type="application/json">``."""
    return (
        json.dumps(value)
        .replace("<", "\\u003c")
        .replace(">", "\\u003e")
        .replace("&", "\\u0026")
        .replace("\u2028", "\\u2028")
        .replace("\u2029", "\\u2029")
    )


def _page_template() -> str:
    return (
        resources.files("designcore.app.http")
        .joinpath("sandbox_checkout.html")
        .read_text(encoding="utf-8")
    )


def checkout_page(
    sandbox: PaystackSandbox,
    access_code: str | None,
    origin: str | None,
    popup_id: str | None,
) -> tuple[str, int]:
    """The checkout page's HTML and status (404 for an unknown access code, 400 for a bad
    ``origin`` or ``id``: the page then shows the error and reports it as a setup error)."""
    problem: str | None = None
    status_code = 200
    transaction: SandboxTransaction | None = None
    if origin is not None and not _ORIGIN.match(origin):
        problem, status_code = "origin must be an http(s) origin, like https://shop.example", 400
        origin = None
    if popup_id is not None and not _POPUP_ID.match(popup_id):
        problem, status_code = "id must be letters and digits", 400
        popup_id = None
    if problem is None and access_code is not None:
        try:
            transaction = sandbox.by_access_code(access_code)
        except PaystackError as error:
            problem, status_code = error.message, error.http_status
    data: dict[str, Any] = {
        "error": problem,
        "origin": origin,
        "id": popup_id,
        # Without an access code the page waits for the popup script's `inline:url`.
        "waiting": access_code is None,
        "chargeUrl": f"{API_PREFIX}/charge",
        "verifyUrl": f"{API_PREFIX}/transaction/verify_access_code/",
        "requestUrl": f"{API_PREFIX}/checkout/request_inline",
    }
    amount_text, email, reference = "", "", ""
    if transaction is not None:
        amount_text = _amount_text(transaction.amount, transaction.currency)
        email, reference = transaction.email, transaction.reference
        data["transaction"] = {
            "id": transaction.id,
            "accessCode": transaction.access_code,
            "reference": transaction.reference,
            "status": transaction.status,
            "amount": transaction.amount,
            "currency": transaction.currency,
            "email": transaction.email,
            "channels": list(transaction.channels),
            "amountText": amount_text,
            "redirecturl": _redirect_url(transaction),
            "gatewayResponse": transaction.gateway_response,
            "accountNumber": transaction.transfer_account,
        }
    cards = "".join(
        f'<li><button type="button" class="hint" data-number="{card.number}">'
        f"<code>{card.spaced}</code> <span>{html.escape(card.label)}</span></button></li>"
        for card in TEST_CARDS
    )
    page = (
        _page_template()
        .replace("__MERCHANT__", html.escape(sandbox.merchant_name))
        .replace("__AMOUNT__", html.escape(amount_text))
        .replace("__EMAIL__", html.escape(email))
        .replace("__REFERENCE__", html.escape(reference))
        .replace("__CARDS__", cards)
        .replace("__DATA__", _script_json(data))
    )
    return page, status_code


CHECKOUT_POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
    "img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'"
)
"""The checkout page's own files and calls only; only our own pages may frame it."""
CHECKOUT_ASSETS = {
    "checkout.js": ("sandbox_checkout.js", "text/javascript"),
    "checkout.css": ("sandbox_checkout.css", "text/css"),
}
"""The page's script and style, served beside it: ``/sandbox/checkout/{name}``."""


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
        content = resources.files("designcore.app.http").joinpath(file).read_bytes()
        return Response(content, media_type=media_type, headers={"Cache-Control": "no-cache"})
