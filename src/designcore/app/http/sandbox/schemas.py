"""The sandbox's typed request bodies and Paystack-shaped answers (msgspec structs)."""

from __future__ import annotations

from typing import Any, Generic, Literal, TypeVar

import msgspec

from designcore.adapters.paystack.sandbox import (
    ChargeResult,
    PaystackSandbox,
    SandboxTransaction,
    transaction_json,
)
from designcore.app.http.sandbox.page import redirect_url

Data = TypeVar("Data")


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
            redirecturl=redirect_url(transaction),
            display_text=result.message if pending else None,
            account_number=transaction.transfer_account if pending else None,
            bank=BankOut(name="Sandbox Bank", slug="sandbox-bank") if pending else None,
        )
