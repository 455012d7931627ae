"""``/api/v1/account``: the Account page's reads of the caller's own books."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

import msgspec
from litestar import Controller, get
from litestar.di import NamedDependency

from designcore.app.http.dependencies import Me
from designcore.app.http.schemas import page_fields
from designcore.app.http.templates import Page as PageNumber
from designcore.app.http.templates import Size as PageSize
from designcore.app.services.account import AccountService
from designcore.domain.pagination import DEFAULT_PAGE_SIZE, PageRequest
from designcore.domain.payments import Payment, standing

Account = NamedDependency[AccountService]


class PaymentOut(msgspec.Struct, kw_only=True):
    """One payment attempt."""

    reference: str
    amount_kobo: int
    currency: str
    status: str
    """``pending``, ``succeeded``, ``abandoned`` (cancelled or never paid), ``failed`` or
    ``rejected`` (:func:`designcore.domain.payments.standing`)."""
    paid_at: datetime | None
    created_at: datetime

    @classmethod
    def of(cls, payment: Payment) -> PaymentOut:
        """From the domain."""
        return cls(
            reference=payment.reference,
            amount_kobo=payment.price.minor,
            currency=payment.price.currency,
            status=standing(payment).value,
            paid_at=payment.paid_at,
            created_at=payment.created_at,
        )


class PaymentPageOut(msgspec.Struct, kw_only=True):
    """One page of the caller's payments, newest first."""

    items: list[PaymentOut]
    total_count: int
    has_more: bool
    current_page: int
    total_pages: int


class CreditEntryOut(msgspec.Struct, kw_only=True):
    """One line of the credits ledger."""

    amount: int
    """Credits added (positive) or spent (negative)."""
    reason: str
    """``referral_referrer``, ``referral_welcome``, ``spend`` or ``adjustment``."""
    created_at: datetime


class CreditsOut(msgspec.Struct, kw_only=True):
    """The balance and the ledger, newest first."""

    balance: int
    entries: list[CreditEntryOut]


class SubscriptionOut(msgspec.Struct, kw_only=True):
    """The caller's plan."""

    plan: Literal["free", "premium"]
    status: str
    """``none``, ``pending_payment``, ``active``, ``grace`` or ``expired``."""
    current_period_end: datetime | None
    """The renewal date, or null without a subscription."""
    premium_business_model_enabled: bool


class AccountBooksController(Controller):
    """``/api/v1/account``: the signed-in user's payments, credits and subscription."""

    path = "/api/v1/account"
    tags = ["accounts"]

    @get("/payments", operation_id="myPayments", sync_to_thread=True)
    def payments(
        self,
        account: Account,
        viewer: Me,
        page: PageNumber = 1,
        size: PageSize = DEFAULT_PAGE_SIZE,
    ) -> PaymentPageOut:
        """The caller's payment attempts, newest first."""
        found = account.payments(viewer, PageRequest(page, size))
        return PaymentPageOut(items=[PaymentOut.of(p) for p in found.items], **page_fields(found))

    @get("/credits", operation_id="myCredits", sync_to_thread=True)
    def credits(self, account: Account, viewer: Me) -> CreditsOut:
        """The caller's credits balance and ledger, newest first."""
        view = account.credits(viewer)
        return CreditsOut(
            balance=view.balance,
            entries=[
                CreditEntryOut(amount=e.delta, reason=e.reason.value, created_at=e.created_at)
                for e in view.entries
            ],
        )

    @get("/subscription", operation_id="mySubscription", sync_to_thread=True)
    def subscription(self, account: Account, viewer: Me) -> SubscriptionOut:
        """The caller's plan (free or premium), the subscription's state and renewal date,
        and whether the premium business model is on."""
        view = account.subscription(viewer)
        return SubscriptionOut(
            plan="premium" if view.plan == "premium" else "free",
            status=view.status.value,
            current_period_end=view.current_period_end,
            premium_business_model_enabled=view.premium_business_model_enabled,
        )
