"""What the Account page shows the signed-in user: their payments, credits and subscription."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime

import attrs

from designcore.app.services.site_settings import SiteSettingsService
from designcore.domain.errors import NotAllowed
from designcore.domain.pagination import Page, PageRequest
from designcore.domain.payments import Payment, PaymentStatus, Plan, SubscriptionState, state_at
from designcore.domain.premium import Viewer, is_premium_subscriber
from designcore.domain.profiles import CreditEntry
from designcore.ports.accounts import AccountsUnitOfWork
from designcore.ports.clock import Clock


@attrs.frozen
class CreditsView:
    """The balance (derived from the ledger) and the ledger's lines, newest first."""

    balance: int
    entries: tuple[CreditEntry, ...]


@attrs.frozen
class SubscriptionView:
    """The caller's plan as the Account page shows it."""

    plan: str
    """``premium`` for an active premium subscriber (the spec's premium status), else
    ``free``."""
    status: SubscriptionState
    """Where the subscription stands now."""
    current_period_end: datetime | None
    """When the paid period ends (the renewal date), or ``None`` without a subscription."""
    premium_business_model_enabled: bool


def _signed_in(viewer: Viewer) -> str:
    if viewer.user_id is None:
        raise NotAllowed("sign in first", code="sign_in_required")
    return viewer.user_id


class AccountService:
    """Reads the caller's own payment books and credits ledger."""

    def __init__(
        self,
        *,
        accounts: Callable[[], AccountsUnitOfWork],
        site_settings: SiteSettingsService,
        plan: Plan,
        clock: Clock,
    ) -> None:
        self._accounts = accounts
        self._site_settings = site_settings
        self._plan = plan
        self._clock = clock

    def payments(self, viewer: Viewer, request: PageRequest) -> Page[Payment]:
        """One page of the caller's payment attempts, newest first."""
        user_id = _signed_in(viewer)
        with self._accounts() as uow:
            total = uow.payments.count_for_user(user_id)
            items = uow.payments.for_user(user_id, request.limit, request.offset)
        return Page.of(items, total, request)

    def credits(self, viewer: Viewer) -> CreditsView:
        """The caller's balance and ledger, newest first."""
        user_id = _signed_in(viewer)
        with self._accounts() as uow:
            entries: Sequence[CreditEntry] = uow.credits.entries(user_id)
            balance = uow.credits.balance(user_id)
        return CreditsView(balance, tuple(reversed(entries)))

    def subscription(self, viewer: Viewer) -> SubscriptionView:
        """The caller's plan, where the subscription stands and its renewal date."""
        user_id = _signed_in(viewer)
        with self._accounts() as uow:
            profile = uow.profiles.get(user_id)
            subscription = uow.subscriptions.get(user_id, self._plan.id)
            newest = uow.payments.for_user(user_id, 1)
        pending = bool(newest) and newest[0].status is PaymentStatus.PENDING
        premium = is_premium_subscriber(profile.subscription_status, profile.subscription_plan)
        return SubscriptionView(
            plan="premium" if premium else "free",
            status=state_at(subscription, self._clock.now(), pending_payment=pending),
            current_period_end=None if subscription is None else subscription.current_period_end,
            premium_business_model_enabled=self._site_settings.premium_model_enabled(),
        )
