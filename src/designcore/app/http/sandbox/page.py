"""The sandbox checkout page: its HTML (from ``checkout.html`` beside this module), policy and
files."""

from __future__ import annotations

import html
import json
import re
from importlib import resources
from typing import Any

from designcore.adapters.paystack.sandbox import (
    TEST_CARDS,
    PaystackError,
    PaystackSandbox,
    SandboxTransaction,
)
from designcore.app.http.sandbox.common import API_PREFIX

_ORIGIN = re.compile(
    r"^https?://[A-Za-z0-9.\-]+(:\d{1,5})?$|^https?://\[[0-9A-Fa-f:.]+\](:\d{1,5})?$"
)
_POPUP_ID = re.compile(r"^[A-Za-z0-9]{1,32}$")


def redirect_url(transaction: SandboxTransaction) -> str | None:
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
        resources.files("designcore.app.http.sandbox")
        .joinpath("checkout.html")
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
            "redirecturl": redirect_url(transaction),
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
    "checkout.js": ("checkout.js", "text/javascript"),
    "checkout.css": ("checkout.css", "text/css"),
}
"""The page's script and style, served beside it: ``/sandbox/checkout/{name}``."""
