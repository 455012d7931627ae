"""The payment sandbox's records: the transactions of the embedded Paystack emulator.

The sandbox (``adapters/paystack/sandbox``) keeps them through the
:class:`~designcore.ports.payments.SandboxTransactionRepository` port, in the database beside the
rest of the product, so the server's workers, a restart and the command line all see the same
sandbox. Pure values; the emulator's rules live in the adapter.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any, Literal

import attrs

SandboxStatus = Literal["abandoned", "ongoing", "pending", "success", "failed"]
"""Paystack's words for a transaction: ``abandoned`` until someone pays, ``ongoing`` while an
OTP is awaited, ``pending`` while a bank transfer is, then ``success`` or ``failed``."""

UNPAID_RESPONSE = "The transaction was not completed"
"""The gateway response of a transaction nobody has paid yet."""


@attrs.frozen(kw_only=True)
class SandboxCard:
    """The card a transaction was paid (or attempted) with: never the full number."""

    bin: str
    """The first six digits."""
    last4: str
    exp_month: int
    exp_year: int
    brand: str
    """``visa``, ``mastercard`` or ``verve``."""


@attrs.frozen(kw_only=True)
class SandboxTransaction:
    """One sandbox transaction (table ``sandbox_transactions``), as a frozen snapshot.

    ``version`` counts the changes stored: a change is stored only over the version it was
    made from, so two processes charging one transaction cannot both succeed."""

    id: int
    """Paystack-like numeric id (ten digits)."""
    reference: str
    access_code: str
    amount: int
    """In the currency's minor unit (kobo)."""
    currency: str
    email: str
    metadata: Mapping[str, Any] | None
    channels: tuple[str, ...]
    callback_url: str | None
    label: str | None
    created_at: datetime
    status: SandboxStatus = "abandoned"
    gateway_response: str = UNPAID_RESPONSE
    channel: str | None = None
    """``card``, ``bank_transfer`` or ``apple_pay`` once a charge was attempted."""
    card: SandboxCard | None = None
    paid_at: datetime | None = None
    ip_address: str | None = None
    log: Mapping[str, Any] | None = None
    """The payment popup's log, as it sent it."""
    otp_attempts_left: int = 0
    transfer_account: str | None = None
    """The account number shown for a bank transfer."""
    version: int = attrs.field(default=0, eq=False)
    """How many changes were stored before this snapshot (not part of equality: two snapshots
    with the same values are the same transaction)."""

    @property
    def completed(self) -> bool:
        """Whether it succeeded (nothing can be charged on it any more)."""
        return self.status == "success"


def check_replacement(current: SandboxTransaction, updated: SandboxTransaction) -> None:
    """A change of a transaction keeps its id, reference and access code (its keys); anything
    else is a programming error (``ValueError``)."""
    if (updated.id, updated.reference, updated.access_code) != (
        current.id,
        current.reference,
        current.access_code,
    ):
        raise ValueError("a sandbox transaction's id, reference and access code never change")
