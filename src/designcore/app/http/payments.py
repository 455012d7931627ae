"""The server functions of the premium upgrade (``/functions/v1/{name}``, called with the
session access token as bearer, as the hosted functions were) and the provider's webhook.

Errors are the app's ``{status, code, message}``; the codes, and the toast each leads to in
the web app, are listed in docs/api.md ("Payments").
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, ClassVar, Literal

import msgspec
from litestar import Controller, Request, Response, get, post
from litestar.di import NamedDependency
from litestar.exceptions import TooManyRequestsException
from litestar.openapi.spec import OpenAPIMediaType, OpenAPIType, Operation, RequestBody, Schema
from litestar.params import JSONBody, RawBody

from designcore.app.http import field_rules
from designcore.app.http.dependencies import Limiter, Me
from designcore.app.http.rate_limits import Quota, account_key, address_key, retry_after_quotas
from designcore.app.services.payments import PaymentService, Upgrade
from designcore.domain.errors import NotAllowed
from designcore.domain.payments import CURRENCY, Payment, PaymentStatus
from designcore.domain.premium import Viewer
from designcore.ports.rate_limit import RateLimiter

MAX_FUNCTION_BODY = 16 * 1024
MAX_WEBHOOK_BODY = 256 * 1024

CREATE_PER_ACCOUNT = Quota(limit=10, window_seconds=3600)
"""Checkout starts per account: ten an hour."""
CREATE_PER_ADDRESS = Quota(limit=300, window_seconds=3600)
"""Checkout starts per client address, all accounts together: high enough for the many
customers a carrier-grade NAT puts behind one address (docs/security.md, "Payments")."""
VERIFY_PER_ACCOUNT = Quota(limit=60, window_seconds=300)
VERIFY_PER_ADDRESS = Quota(limit=1200, window_seconds=300)
WEBHOOK_PER_ADDRESS = Quota(limit=600, window_seconds=60)
"""Paystack sends webhooks from a handful of addresses."""

Payments = NamedDependency[PaymentService]


class PublicKeyOut(msgspec.Struct, kw_only=True):
    """The payment provider's public key, for the payment popup."""

    public_key: str


class UpgradeIn(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """``create-premium-upgrade``: the plan's price, which the server checks."""

    # The document states the one price the domain accepts (``app/http/api_docs.py``).
    needs: ClassVar[tuple[str, ...]] = ("amount",)
    schemas: ClassVar[dict[str, Schema]] = {
        "amount": field_rules.UPGRADE_AMOUNT,
        "currency": field_rules.UPGRADE_CURRENCY,
    }

    amount: int | float | str | bool | None = None
    """In kobo: exactly the integer 150000. Any other JSON scalar is taken as it came (Litestar
    would turn ``"150000"`` into an integer) so that the domain refuses it as
    ``amount_mismatch``: the server, not the browser, decides what premium costs."""
    currency: str | None = CURRENCY


class UpgradeOut(msgspec.Struct, kw_only=True):
    """What the payment popup opens with."""

    access_code: str
    reference: str
    authorization_url: str

    @classmethod
    def of(cls, upgrade: Upgrade) -> UpgradeOut:
        """From the use case."""
        return cls(
            access_code=upgrade.access_code,
            reference=upgrade.reference,
            authorization_url=upgrade.authorization_url,
        )


class VerifyIn(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """``verify-premium-payment``: the reference the popup answered."""

    # A reference of another shape is refused before any lookup (``invalid_reference``);
    # one of this shape that is not the caller's is 404.
    rules: ClassVar[dict[str, dict[str, Any]]] = {"reference": field_rules.PAYMENT_REFERENCE}

    reference: str


_STATUS: dict[PaymentStatus, Literal["success", "pending", "failed"]] = {
    PaymentStatus.SUCCEEDED: "success",
    PaymentStatus.PENDING: "pending",
    PaymentStatus.FAILED: "failed",
    PaymentStatus.REJECTED: "failed",
}


class PaymentOut(msgspec.Struct, kw_only=True, omit_defaults=True):
    """A payment as ``verify-premium-payment`` answers it."""

    status: Literal["success", "pending", "failed"]
    reference: str
    amount: int
    """In kobo."""
    currency: str
    paid_at: datetime | None
    message: str
    """The provider's reason for a failure, or the status."""
    code: Literal["payment_failed", "payment_rejected"] | None = None
    """Only when failed: ``payment_rejected`` when it was paid but not what was created."""

    @classmethod
    def of(cls, payment: Payment) -> PaymentOut:
        """From the domain."""
        status = _STATUS[payment.status]
        code: Literal["payment_failed", "payment_rejected"] | None = None
        if status == "failed":
            rejected = payment.status is PaymentStatus.REJECTED
            code = "payment_rejected" if rejected else "payment_failed"
        return cls(
            status=status,
            reference=payment.reference,
            amount=payment.price.minor,
            currency=payment.price.currency,
            paid_at=payment.paid_at,
            message=payment.failure or payment.provider_status or status,
            code=code,
        )


class WebhookOut(msgspec.Struct, kw_only=True):
    """The webhook's receipt (the provider only looks at the status)."""

    received: bool
    outcome: str
    """What happened, for the log."""


_VERIFY_STATUS = {"success": 200, "pending": 202, "failed": 402}


def _signed_in(viewer: Viewer) -> str:
    if viewer.user_id is None:
        raise NotAllowed("sign in to upgrade", code="sign_in_required")
    return viewer.user_id


def _public_key(viewer: Viewer, payments: PaymentService) -> PublicKeyOut:
    _signed_in(viewer)
    return PublicKeyOut(public_key=payments.public_key())


def _limit(limiter: RateLimiter, hits: list[tuple[str, Quota]]) -> None:
    wait = retry_after_quotas(limiter, hits)
    if wait is not None:
        raise TooManyRequestsException(
            f"too many payment requests; retry in {wait} s", headers={"Retry-After": str(wait)}
        )


class PaymentFunctionsController(Controller):
    """``/functions/v1``: the premium upgrade's server functions."""

    path = "/functions/v1"
    tags = ["payments"]
    request_max_body_size = MAX_FUNCTION_BODY

    @get("/paystack-public-key", operation_id="paystackPublicKey", sync_to_thread=True)
    def public_key(self, viewer: Me, payments: Payments) -> PublicKeyOut:
        """The payment provider's public key."""
        return _public_key(viewer, payments)

    @post(
        "/paystack-public-key",
        operation_id="paystackPublicKeyInvoke",
        sync_to_thread=True,
        status_code=200,
    )
    def public_key_invoke(self, viewer: Me, payments: Payments) -> PublicKeyOut:
        """The same, for ``functions.invoke`` (which posts)."""
        return _public_key(viewer, payments)

    @post(
        "/create-premium-upgrade",
        operation_id="createPremiumUpgrade",
        sync_to_thread=True,
        status_code=200,
    )
    def create_upgrade(
        self,
        request: Request[Any, Any, Any],
        viewer: Me,
        payments: Payments,
        limiter: Limiter,
        data: JSONBody[UpgradeIn],
    ) -> UpgradeOut:
        """Create the premium payment: ``{amount: 150000, currency: "NGN"}``. 400
        ``amount_mismatch`` for any other price; 503 ``provider_unavailable`` when the
        provider does not answer within a few seconds; 429 over 10 an hour per account."""
        user_id = _signed_in(viewer)
        _limit(
            limiter,
            [
                (account_key("payments:create", user_id), CREATE_PER_ACCOUNT),
                (address_key("payments:create", request), CREATE_PER_ADDRESS),
            ],
        )
        return UpgradeOut.of(payments.create_upgrade(user_id, data.amount, data.currency))

    @post(
        "/verify-premium-payment",
        operation_id="verifyPremiumPayment",
        sync_to_thread=True,
        status_code=200,
    )
    def verify_payment(
        self,
        request: Request[Any, Any, Any],
        viewer: Me,
        payments: Payments,
        limiter: Limiter,
        data: JSONBody[VerifyIn],
    ) -> Response[PaymentOut]:
        """Verify the caller's payment ``{reference}``: 200 ``status: success`` (premium on),
        202 ``pending``, 402 ``failed`` with ``code``."""
        user_id = _signed_in(viewer)
        _limit(
            limiter,
            [
                (account_key("payments:verify", user_id), VERIFY_PER_ACCOUNT),
                (address_key("payments:verify", request), VERIFY_PER_ADDRESS),
            ],
        )
        answer = PaymentOut.of(payments.verify(user_id, data.reference))
        return Response(answer, status_code=_VERIFY_STATUS[answer.status])


@dataclass
class _SignedEventOperation(Operation):
    """The webhook's OpenAPI entry: its body is read as raw bytes (the signature covers the
    bytes, so it is checked before anything is decoded) and is described here."""

    def __post_init__(self) -> None:
        self.request_body = RequestBody(
            required=True,
            description=(
                "A Paystack event; x-paystack-signature is the hex HMAC-SHA512 of these exact "
                "bytes with the secret key. charge.success and charge.failed carry the "
                "transaction in verify's shape."
            ),
            content={
                "application/json": OpenAPIMediaType(
                    schema=Schema(
                        type=OpenAPIType.OBJECT,
                        required=["event"],
                        properties={
                            "event": Schema(type=OpenAPIType.STRING),
                            "data": Schema(type=OpenAPIType.OBJECT),
                        },
                    )
                )
            },
        )


class PaystackWebhookController(Controller):
    """``/api/v1/webhooks``: the payment provider's events."""

    path = "/api/v1/webhooks"
    tags = ["payments"]

    @post(
        "/paystack",
        operation_id="paystackWebhook",
        sync_to_thread=True,
        status_code=200,
        request_max_body_size=MAX_WEBHOOK_BODY,
        operation_class=_SignedEventOperation,
    )
    def paystack(
        self,
        request: Request[Any, Any, Any],
        payments: Payments,
        limiter: Limiter,
        body: RawBody,
    ) -> WebhookOut:
        """A Paystack event: the HMAC-SHA512 in ``x-paystack-signature`` is checked over the
        raw body bytes before the body is decoded; a forged or missing signature is 403 and
        changes nothing."""
        _limit(limiter, [(address_key("payments:webhook", request), WEBHOOK_PER_ADDRESS)])
        outcome = payments.handle_webhook(body, request.headers.get("x-paystack-signature"))
        return WebhookOut(received=True, outcome=outcome)
