"""Translation between accounts rows and domain objects, through one cattrs converter.

Each table's columns are named after its domain class's attributes, so a row structures into
the class and an object unstructures into column values. The converter's hooks do what every
table needs: datetimes come out timezone-aware UTC (SQLite hands back naive ones, stored as
UTC) and go in as UTC; enums are stored as their values; JSON metadata columns read ``NULL`` as
an empty mapping. cattrs checks literals (``aal``, ``factor_type``) and structures nested
values (a session's ``amr`` list). A payment's ``price`` is the one field spread over two
columns (``amount_minor``, ``currency``).

``*_to_domain`` take a row mapping (``Result.mappings()``); ``*_from_domain`` answer column
values.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any, TypeVar

import cattrs

from designcore.adapters.sqlalchemy.mapping import utc
from designcore.domain.accounts import (
    AuthSession,
    Challenge,
    Factor,
    Identity,
    OneTimeToken,
    RefreshToken,
    User,
)
from designcore.domain.payments import Payment, Subscription
from designcore.domain.profiles import CreditEntry, Profile, Referral

Row = Mapping[Any, Any]
T = TypeVar("T")

converter = cattrs.Converter()
"""Rows to domain objects and back (enums to their values by cattrs' default)."""
converter.register_structure_hook(datetime, lambda value, _: utc(value))
converter.register_unstructure_hook(datetime, utc)
converter.register_structure_hook_func(
    lambda cls: cls == Mapping[str, Any], lambda value, _: dict(value or {})
)


def _reader(cls: type[T]) -> Callable[[Row], T]:
    def to_domain(row: Row) -> T:
        return converter.structure(dict(row), cls)

    to_domain.__doc__ = f"A {cls.__name__} from its row."
    return to_domain


def _writer(cls: type[T]) -> Callable[[T], dict[str, Any]]:
    def from_domain(value: T) -> dict[str, Any]:
        columns: dict[str, Any] = converter.unstructure(value, unstructure_as=cls)
        return columns

    from_domain.__doc__ = f"Column values of a {cls.__name__}."
    return from_domain


user_to_domain, user_from_domain = _reader(User), _writer(User)
identity_to_domain, identity_from_domain = _reader(Identity), _writer(Identity)
session_to_domain, session_from_domain = _reader(AuthSession), _writer(AuthSession)
refresh_token_to_domain = _reader(RefreshToken)
refresh_token_from_domain = _writer(RefreshToken)
factor_to_domain, factor_from_domain = _reader(Factor), _writer(Factor)
challenge_to_domain, challenge_from_domain = _reader(Challenge), _writer(Challenge)
one_time_token_to_domain = _reader(OneTimeToken)
one_time_token_from_domain = _writer(OneTimeToken)
profile_to_domain, profile_from_domain = _reader(Profile), _writer(Profile)
referral_to_domain, referral_from_domain = _reader(Referral), _writer(Referral)
credit_entry_to_domain, credit_entry_from_domain = _reader(CreditEntry), _writer(CreditEntry)
subscription_to_domain = _reader(Subscription)
subscription_from_domain = _writer(Subscription)


def payment_to_domain(row: Row) -> Payment:
    """A payment attempt from its row; the price is ``amount_minor`` in ``currency``."""
    values = dict(row)
    values["price"] = {"minor": values.pop("amount_minor"), "currency": values.pop("currency")}
    return converter.structure(values, Payment)


def payment_from_domain(payment: Payment) -> dict[str, Any]:
    """Column values of a payment attempt."""
    columns: dict[str, Any] = converter.unstructure(payment, unstructure_as=Payment)
    price = columns.pop("price")
    columns.update(amount_minor=price["minor"], currency=price["currency"])
    return columns
