"""The server functions of the premium upgrade (``/functions/v1/{name}``, called with the
session access token as bearer, as the hosted functions were) and the provider's webhook.

Errors are the app's ``{status, code, message}``; the codes, and the toast each leads to in
the web app, are listed in docs/api.md ("Payments").
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from litestar import Request, Response, Router, get, post
from litestar.di import NamedDependency, Provide
from litestar.exceptions import TooManyRequestsException
from litestar.params import RawBody

from designcore.app.http.rate_limits import retry_after
from designcore.app.services.payments import PaymentService
from designcore.domain.errors import FieldIssue, NotAllowed, ValidationFailed
from designcore.domain.payments import Payment, PaymentStatus
from designcore.domain.premium import Viewer
from designcore.ports.rate_limit import RateLimiter

MAX_FUNCTION_BODY = 16 * 1024
MAX_WEBHOOK_BODY = 256 * 1024

# (limit, window seconds) per client address and per account.
RATE_LIMITS: dict[str, tuple[int, int]] = {
    "create": (10, 3600),
    "verify": (60, 300),
    "webhook": (600, 60),
}

Payments = NamedDependency[PaymentService]
Me = NamedDependency[Viewer]


def _signed_in(viewer: Viewer) -> str:
    if viewer.user_id is None:
        raise NotAllowed("sign in to upgrade", code="sign_in_required")
    return viewer.user_id


def _json_object(raw: bytes) -> dict[str, Any]:
    if len(raw) > MAX_FUNCTION_BODY:
        raise ValidationFailed([FieldIssue("body", "is too large")])
    try:
        body = json.loads(raw or b"{}")
    except (ValueError, UnicodeDecodeError):
        raise ValidationFailed([FieldIssue("body", "must be a JSON object")]) from None
    if not isinstance(body, dict):
        raise ValidationFailed([FieldIssue("body", "must be a JSON object")])
    return body


def payment_json(payment: Payment) -> dict[str, Any]:
    """What ``verify-premium-payment`` answers about a payment."""
    status = {
        PaymentStatus.SUCCEEDED: "success",
        PaymentStatus.PENDING: "pending",
        PaymentStatus.FAILED: "failed",
        PaymentStatus.REJECTED: "failed",
    }[payment.status]
    return {
        "status": status,
        "reference": payment.reference,
        "amount": payment.price.minor,
        "currency": payment.price.currency,
        "paid_at": payment.paid_at.isoformat() if payment.paid_at else None,
        "message": payment.failure or payment.provider_status or status,
    }


def functions_router(
    provide_payments: Callable[[], PaymentService], provide_limiter: Callable[[], RateLimiter]
) -> Router:
    """``/functions/v1/*`` and ``/api/v1/webhooks/paystack``."""

    def limit(request: Request[Any, Any, Any], action: str, account: str | None) -> None:
        allowed, window = RATE_LIMITS[action]
        wait = retry_after(
            provide_limiter(),
            request,
            f"payments:{action}",
            limit=allowed,
            window_seconds=window,
            account=account,
        )
        if wait is not None:
            raise TooManyRequestsException(
                f"too many payment requests; retry in {wait} s",
                headers={"Retry-After": str(wait)},
            )

    @get("/functions/v1/paystack-public-key", sync_to_thread=True, tags=["payments"])
    def public_key_get(viewer: Me, payments: Payments) -> dict[str, str]:
        """The payment provider's public key."""
        _signed_in(viewer)
        return {"public_key": payments.public_key()}

    @post("/functions/v1/paystack-public-key", sync_to_thread=True, status_code=200)
    def public_key_post(viewer: Me, payments: Payments) -> dict[str, str]:
        """The same, for ``functions.invoke`` (which posts)."""
        _signed_in(viewer)
        return {"public_key": payments.public_key()}

    @post(
        "/functions/v1/create-premium-upgrade",
        sync_to_thread=True,
        status_code=200,
        tags=["payments"],
    )
    def create_upgrade(
        request: Request[Any, Any, Any], viewer: Me, payments: Payments, body: RawBody
    ) -> dict[str, Any]:
        """Create the premium payment: body ``{amount: 150000, currency: "NGN"}``."""
        user_id = _signed_in(viewer)
        limit(request, "create", user_id)
        data = _json_object(body)
        made = payments.create_upgrade(user_id, data.get("amount"), data.get("currency", "NGN"))
        return {
            "access_code": made.access_code,
            "reference": made.reference,
            "authorization_url": made.authorization_url,
        }

    @post(
        "/functions/v1/verify-premium-payment",
        sync_to_thread=True,
        status_code=200,
        tags=["payments"],
    )
    def verify_payment(
        request: Request[Any, Any, Any], viewer: Me, payments: Payments, body: RawBody
    ) -> Response[dict[str, Any]]:
        """Verify the caller's payment ``{reference}``: 200 ``status: success`` (premium on),
        202 ``pending``, 402 ``failed``."""
        user_id = _signed_in(viewer)
        limit(request, "verify", user_id)
        payment = payments.verify(user_id, _json_object(body).get("reference"))
        answer = payment_json(payment)
        status_code = {"success": 200, "pending": 202}.get(answer["status"], 402)
        if status_code == 402:
            answer["code"] = (
                "payment_rejected" if payment.status is PaymentStatus.REJECTED else "payment_failed"
            )
        return Response(answer, status_code=status_code)

    @post(
        "/api/v1/webhooks/paystack",
        sync_to_thread=True,
        status_code=200,
        tags=["payments"],
        request_max_body_size=MAX_WEBHOOK_BODY,
    )
    def paystack_webhook(
        request: Request[Any, Any, Any], payments: Payments, body: RawBody
    ) -> dict[str, Any]:
        """A Paystack event, signed with HMAC-SHA512 of the raw body in
        ``x-paystack-signature``; a forged or missing signature is refused and changes
        nothing."""
        limit(request, "webhook", None)
        outcome = payments.handle_webhook(body, request.headers.get("x-paystack-signature"))
        return {"received": True, "outcome": outcome}

    return Router(
        path="/",
        route_handlers=[
            public_key_get,
            public_key_post,
            create_upgrade,
            verify_payment,
            paystack_webhook,
        ],
        dependencies={"payments": Provide(provide_payments, sync_to_thread=False)},
    )
