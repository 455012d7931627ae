"""The sandbox's test cards: each number has one deterministic outcome.

The success card is Paystack's own documented test card; the others are the sandbox's. Any
CVV of three digits and any expiry month that has not passed are accepted; a number that is not
listed here is refused (as Paystack's test mode refuses real cards), so a typo never looks like a
decline.
"""

from __future__ import annotations

import enum
import re
from datetime import datetime

import attrs


class CardOutcome(enum.Enum):
    """What charging a test card does."""

    SUCCESS = "success"
    DECLINED = "declined"
    INSUFFICIENT_FUNDS = "insufficient_funds"
    OTP = "otp"
    """Asks for a one-time password; :data:`TEST_OTP` then succeeds."""


@attrs.frozen
class TestCard:
    """One test card."""

    __test__ = False  # not a pytest class, whatever the name says

    number: str
    """Digits only."""
    outcome: CardOutcome
    label: str
    """What it does, for people (the checkout page lists these as hints)."""
    brand: str
    """``visa``, ``mastercard`` or ``verve``."""

    @property
    def spaced(self) -> str:
        """The number in groups of four, as printed on a card."""
        return " ".join(self.number[i : i + 4] for i in range(0, len(self.number), 4))


SUCCESS_CARD = TestCard("4084084084084081", CardOutcome.SUCCESS, "Succeeds", "visa")
DECLINED_CARD = TestCard("4084080000000409", CardOutcome.DECLINED, "Declined", "visa")
INSUFFICIENT_FUNDS_CARD = TestCard(
    "4084080000000516", CardOutcome.INSUFFICIENT_FUNDS, "Insufficient funds", "visa"
)
OTP_CARD = TestCard("5060666666666666666", CardOutcome.OTP, "Asks for an OTP (123456)", "verve")

TEST_CARDS: tuple[TestCard, ...] = (SUCCESS_CARD, DECLINED_CARD, INSUFFICIENT_FUNDS_CARD, OTP_CARD)
"""Every test card, in the order the checkout page lists them."""

TEST_OTP = "123456"
"""The one-time password that completes an OTP card's charge."""

_BY_NUMBER = {card.number: card for card in TEST_CARDS}
_EXPIRY = re.compile(r"^\s*(\d{1,2})\s*/\s*(\d{2}|\d{4})\s*$")
_CVV = re.compile(r"^\d{3}$")


class CardRefused(ValueError):
    """The card details cannot be charged at all (not a charge outcome: nothing changes)."""


def luhn_valid(digits: str) -> bool:
    """Whether a string of digits passes the Luhn check every card number passes."""
    if not digits.isdigit():
        return False
    total = 0
    for index, char in enumerate(reversed(digits)):
        value = int(char)
        if index % 2:
            value *= 2
            if value > 9:
                value -= 9
        total += value
    return total % 10 == 0


def parse_expiry(text: str) -> tuple[int, int]:
    """``MM/YY`` (or ``MM/YYYY``) as ``(month, four-digit year)``; ``CardRefused`` otherwise."""
    found = _EXPIRY.match(text)
    if not found:
        raise CardRefused("Invalid expiry date: use MM/YY")
    month, year = int(found.group(1)), int(found.group(2))
    if year < 100:
        year += 2000
    if not 1 <= month <= 12:
        raise CardRefused("Invalid expiry date: the month must be 01 to 12")
    return month, year


def check_card(number: object, cvv: object, expiry: object, now: datetime) -> TestCard:
    """The test card behind these details, or ``CardRefused`` saying what is wrong."""
    if not isinstance(number, str) or not isinstance(cvv, str) or not isinstance(expiry, str):
        raise CardRefused("Card number, cvv and expiry must be strings")
    digits = re.sub(r"[\s-]", "", number)
    if not digits.isdigit() or not 12 <= len(digits) <= 19 or not luhn_valid(digits):
        raise CardRefused("Invalid card number")
    if not _CVV.match(cvv.strip()):
        raise CardRefused("Invalid CVV: three digits expected")
    month, year = parse_expiry(expiry)
    if (year, month) < (now.year, now.month):
        raise CardRefused("Card expired")
    card = _BY_NUMBER.get(digits)
    if card is None:
        raise CardRefused(
            "Not a sandbox test card: use "
            + ", ".join(f"{c.spaced} ({c.label.lower()})" for c in TEST_CARDS)
        )
    return card
