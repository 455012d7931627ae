"""The payment sandbox over HTTP: Paystack-shaped endpoints and a checkout page.

Mounted only when ``DESIGNCORE_PAYMENTS_BACKEND=sandbox``:

- ``/sandbox/paystack/…``: the calls the app and the payment popup script make to Paystack
  (``transaction/initialize``, ``transaction/verify/{reference}``, ``checkout/request_inline``,
  ``transaction/verify_access_code/{code}``, ``transaction/update_log/{id}``,
  ``transaction/set_ip/{id}``, ``applepay/validate-session/``, ``applepay/charge``), answering
  ``{status, message, data}``; refusals are ``{status: false, message}`` with Paystack's HTTP
  status. Two sandbox-only calls: ``charge`` (what the checkout page posts: a test card, an OTP
  or a bank transfer) and ``bank_transfer/complete`` (settle a pending transfer later).
- ``/sandbox/checkout/popup?access_code=…``: the checkout page, which speaks the popup's
  ``postMessage`` protocol to its parent or opener (docs/api.md, "Payment sandbox").

Handlers stay thin: read the input, call :class:`PaystackSandbox`, shape the answer.
"""

from __future__ import annotations

import html
import json
import logging
import re
from collections.abc import Callable, Mapping
from importlib import resources
from typing import Any

from litestar import MediaType, Request, Response, Router, get, post
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
from designcore.app.http.request_media import ACCEPTED_MEDIA, JSON_OR_FORM
from designcore.domain.errors import UnsupportedMedia

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

Provide = Callable[[], PaystackSandbox]


def _answer(message: str, data: Any = None, status_code: int = 200) -> Response[Any]:
    return Response(
        {"status": True, "message": message, "data": data},
        status_code=status_code,
        media_type=MediaType.JSON,
        headers={"Cache-Control": "no-store"},
    )


def _refusal(status_code: int, message: str) -> Response[Any]:
    return Response(
        {"status": False, "message": message},
        status_code=status_code,
        media_type=MediaType.JSON,
        headers={"Cache-Control": "no-store"},
    )


def handle_sandbox_error(request: Request[Any, Any, Any], error: Exception) -> Response[Any]:
    """Every error under ``/sandbox/paystack`` as Paystack words it: ``{status: false,
    message}`` with the HTTP status."""
    if isinstance(error, PaystackError):
        return _refusal(error.http_status, error.message)
    if isinstance(error, UnsupportedMedia):
        return _refusal(415, error.message)
    if isinstance(error, HTTPException):
        detail = error.detail if isinstance(error.detail, str) else "Invalid request"
        return _refusal(error.status_code, detail)
    log.exception("sandbox error on %s", request.url.path)
    return _refusal(500, "An error occurred")


async def _params(request: Request[Any, Any, Any]) -> dict[str, Any]:
    """The body as a mapping: a form, or a JSON object (an empty body is ``{}``)."""
    content_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if content_type in _FORM_TYPES:
        form = await request.form()
        return {key: form.get(key) for key in form}
    raw = await request.body()
    if not raw.strip():
        return {}
    try:
        parsed = json.loads(raw)
    except (ValueError, RecursionError):
        raise PaystackError(400, "Invalid JSON body", "malformed_json") from None
    if not isinstance(parsed, dict):
        raise PaystackError(400, "Invalid JSON body: an object expected", "malformed_json")
    return parsed


def _charge_json(result: ChargeResult) -> dict[str, Any]:
    transaction = result.transaction
    data: dict[str, Any] = {
        "status": result.status,
        "message": result.message,
        "gateway_response": transaction.gateway_response,
        "reference": transaction.reference,
        "transaction": transaction.id,
        "amount": transaction.amount,
        "currency": transaction.currency,
        "redirecturl": _redirect_url(transaction),
    }
    if result.status == "pending":
        data["display_text"] = result.message
        data["account_number"] = transaction.transfer_account
        data["bank"] = {"name": "Sandbox Bank", "slug": "sandbox-bank"}
    return data


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
    if problem is None:
        try:
            transaction = sandbox.by_access_code(access_code or "")
        except PaystackError as error:
            problem, status_code = error.message, error.http_status
    data: dict[str, Any] = {
        "error": problem,
        "origin": origin,
        "id": popup_id,
        "chargeUrl": f"{API_PREFIX}/charge",
        "verifyUrl": f"{API_PREFIX}/transaction/verify_access_code/",
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


def sandbox_router(provide_sandbox: Provide) -> Router:
    """The sandbox's routes, answered by the sandbox ``provide_sandbox`` returns."""

    @post("/paystack/transaction/initialize", status_code=200)
    async def initialize(request: Request[Any, Any, Any]) -> Response[Any]:
        sandbox = provide_sandbox()
        sandbox.check_secret_key(request.headers.get("authorization"))
        params = await _params(request)
        created = sandbox.initialize(
            email=params.get("email"),
            amount=params.get("amount"),
            currency=params.get("currency") or "NGN",
            reference=params.get("reference"),
            callback_url=params.get("callback_url"),
            metadata=params.get("metadata"),
            channels=params.get("channels"),
            label=params.get("label"),
        )
        return _answer(
            "Authorization URL created",
            {
                "authorization_url": sandbox.authorization_url(created),
                "access_code": created.access_code,
                "reference": created.reference,
            },
        )

    @get("/paystack/transaction/verify/{reference:str}")
    async def verify(request: Request[Any, Any, Any], reference: FromPath[str]) -> Response[Any]:
        sandbox = provide_sandbox()
        sandbox.check_secret_key(request.headers.get("authorization"))
        return _answer("Verification successful", transaction_json(sandbox.by_reference(reference)))

    @post("/paystack/checkout/request_inline", status_code=200)
    async def request_inline(request: Request[Any, Any, Any]) -> Response[Any]:
        sandbox = provide_sandbox()
        transaction = sandbox.request_inline(await _params(request))
        return _answer("Checkout initialized", sandbox.inline_json(transaction))

    @get("/paystack/transaction/verify_access_code/{code:str}")
    async def verify_access_code(code: FromPath[str]) -> Response[Any]:
        sandbox = provide_sandbox()
        return _answer("Access code validated", sandbox.inline_json(sandbox.by_access_code(code)))

    @post("/paystack/transaction/update_log/{transaction_id:str}", status_code=200)
    async def update_log(
        request: Request[Any, Any, Any], transaction_id: FromPath[str]
    ) -> Response[Any]:
        sandbox = provide_sandbox()
        sandbox.check_public_key(request.headers.get("authorization"))
        params = await _params(request)
        if "payload" not in params:
            raise PaystackError(400, "Required parameter missing: payload", "invalid")
        updated = sandbox.update_log(transaction_id, params["payload"])
        return _answer("Log updated", {"id": updated.id})

    @post("/paystack/transaction/set_ip/{transaction_id:str}", status_code=200)
    async def set_ip(
        request: Request[Any, Any, Any], transaction_id: FromPath[str]
    ) -> Response[Any]:
        sandbox = provide_sandbox()
        sandbox.check_public_key(request.headers.get("authorization"))
        address = request.client.host if request.client else None
        updated = sandbox.set_ip(transaction_id, address)
        return _answer("IP set", {"id": updated.id, "ip_address": updated.ip_address})

    @post("/paystack/applepay/validate-session", status_code=200)
    async def applepay_validate(request: Request[Any, Any, Any]) -> Response[Any]:
        sandbox = provide_sandbox()
        params = await _params(request)
        session = sandbox.applepay_validate_session(
            params.get("transaction"),
            params.get("sessionUrl"),
            params.get("displayName"),
            params.get("domainName"),
        )
        return _answer("Session validated", session)

    @post("/paystack/applepay/charge", status_code=200)
    async def applepay_charge(request: Request[Any, Any, Any]) -> Response[Any]:
        sandbox = provide_sandbox()
        params = await _params(request)
        result = sandbox.applepay_charge(params.get("transaction"), params.get("paymentObject"))
        if result.status != "success":
            return _refusal(402, result.message)
        return _answer("Charge successful", _charge_json(result))

    @post("/paystack/charge", status_code=200)
    async def charge(request: Request[Any, Any, Any]) -> Response[Any]:
        sandbox = provide_sandbox()
        params = await _params(request)
        access_code = params.get("access_code")
        given = [key for key in ("card", "otp", "bank_transfer") if key in params]
        if len(given) != 1:
            raise PaystackError(
                400, "Send exactly one of card, otp or bank_transfer", "invalid_charge"
            )
        if given[0] == "card":
            card = params["card"]
            if not isinstance(card, Mapping):
                raise PaystackError(
                    400, "Invalid parameter type: card (an object {number, cvv, expiry})", "invalid"
                )
            result = sandbox.charge_card(
                access_code,
                number=card.get("number"),
                cvv=card.get("cvv"),
                expiry=card.get("expiry"),
            )
        elif given[0] == "otp":
            result = sandbox.submit_otp(access_code, params["otp"])
        else:
            if params["bank_transfer"] is not True:
                raise PaystackError(400, "Invalid parameter type: bank_transfer (true)", "invalid")
            result = sandbox.start_bank_transfer(access_code)
        return _answer("Charge attempted", _charge_json(result))

    @post("/paystack/bank_transfer/complete", status_code=200)
    async def complete_transfer(request: Request[Any, Any, Any]) -> Response[Any]:
        sandbox = provide_sandbox()
        sandbox.check_secret_key(request.headers.get("authorization"))
        params = await _params(request)
        outcome = params.get("outcome", "success")
        if outcome not in ("success", "failed"):
            raise PaystackError(400, "Invalid outcome: success or failed", "invalid")
        result = sandbox.complete_bank_transfer(
            params.get("reference"), success=outcome == "success"
        )
        return _answer("Bank transfer settled", transaction_json(result.transaction))

    @get("/checkout/popup")
    async def popup(
        access_code: FromQuery[str | None] = None,
        origin: FromQuery[str | None] = None,
        id: FromQuery[str | None] = None,
    ) -> Response[str]:
        page, status_code = checkout_page(provide_sandbox(), access_code, origin, id)
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

    @get("/checkout/{name:str}")
    async def checkout_asset(name: FromPath[str]) -> Response[bytes]:
        if name not in CHECKOUT_ASSETS:
            raise HTTPException(status_code=404, detail="Not found")
        file, media_type = CHECKOUT_ASSETS[name]
        content = resources.files("designcore.app.http").joinpath(file).read_bytes()
        return Response(content, media_type=media_type, headers={"Cache-Control": "no-cache"})

    return Router(
        path="/sandbox",
        route_handlers=[
            initialize,
            verify,
            request_inline,
            verify_access_code,
            update_log,
            set_ip,
            applepay_validate,
            applepay_charge,
            charge,
            complete_transfer,
            popup,
            checkout_asset,
        ],
        exception_handlers={Exception: handle_sandbox_error},
        opt={ACCEPTED_MEDIA: JSON_OR_FORM},
        include_in_schema=False,
        tags=["sandbox"],
    )
