"""Builders shared by the tests."""

from __future__ import annotations

import os
import uuid
from collections.abc import Callable, Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import attrs
import pytest
import sqlalchemy as sa

from designcore.domain.accounts import User
from designcore.domain.designs import Design, check_document, new_design
from designcore.domain.profiles import CreditEntry, CreditReason, Profile, referral_code_from
from designcore.ports.accounts import AccountsUnitOfWork
from designcore.testing.builders import EPOCH, make_template  # noqa: F401 (used by the tests)

POSTGRES_URL = os.environ.get(
    "DESIGNCORE_TEST_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test"
)

VECTORS = Path(__file__).parent / "contract" / "vectors"
KEY_ENCRYPTION_KEY = "dGVzdHMtb25seS1rZXktZW5jcnlwdGlvbi1rZXktMzI="
"""The key encryption key of the tests' PostgreSQL settings (production needs one)."""


def postgres_schema_settings() -> Iterator[dict[str, str]]:
    """Settings of a PostgreSQL schema of its own, dropped when the iterator is closed; skips
    the test when PostgreSQL is not reachable (the suite then fails if PostgreSQL is required)."""
    admin = sa.create_engine(POSTGRES_URL)
    try:
        with admin.connect() as conn:
            conn.execute(sa.text("SELECT 1"))
    except sa.exc.SQLAlchemyError:
        admin.dispose()
        pytest.skip(f"PostgreSQL not reachable at {POSTGRES_URL}")
    schema = f"t_{uuid.uuid4().hex[:16]}"
    with admin.begin() as conn:
        conn.execute(sa.text(f'CREATE SCHEMA "{schema}"'))
    try:
        yield {
            "DESIGNCORE_DATABASE_URL": POSTGRES_URL,
            "DESIGNCORE_DATABASE_SCHEMA": schema,
            "DESIGNCORE_KEY_ENCRYPTION_KEY": KEY_ENCRYPTION_KEY,
        }
    finally:
        with admin.begin() as conn:
            conn.execute(sa.text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


def store_customer(
    accounts: Callable[[], AccountsUnitOfWork], now: datetime, email: str = "ada@example.com"
) -> str:
    """A stored user with a profile (what sign-up leaves behind); answers the user id."""
    user = User(id=str(uuid.uuid4()), email=email, created_at=now, updated_at=now)
    profile = Profile(
        id=user.id,
        email=email,
        referral_code=referral_code_from(uuid.uuid4().bytes),
        created_at=now,
        updated_at=now,
    )
    with accounts() as uow:
        uow.users.add(user)
        uow.profiles.add(profile)
        uow.commit()
    return user.id


def text_element(id: str, value: str, y: float) -> dict[str, Any]:
    """A text element of an editor document."""
    return {
        "id": id,
        "type": "text",
        "x": 40,
        "y": y,
        "width": 320,
        "height": 0,
        "text": value,
        "fontSize": 28,
        "fontFamily": "Montserrat",
        "fill": "#1a1a1a",
    }


def flyer(pages: int = 1, width: int = 400, height: int = 500, **fields: Any) -> dict[str, Any]:
    """A small editor document: a coloured page with a line of text per page."""
    return {
        "width": width,
        "height": height,
        "pages": [
            {
                "id": f"p{n}",
                "background": "#f4e3c1",
                "children": [text_element(f"t{n}", f"Ọjọ́ ìsinmi · page {n + 1} · ₦1,500", 60)],
            }
            for n in range(pages)
        ],
        **fields,
    }


def grant_credits(
    accounts: Callable[[], AccountsUnitOfWork], user_id: str, credits: int, now: datetime
) -> None:
    """Put ``credits`` on the user's ledger (an adjustment)."""
    with accounts() as uow:
        uow.credits.append(
            CreditEntry(
                id=str(uuid.uuid4()),
                user_id=user_id,
                delta=credits,
                reason=CreditReason.ADJUSTMENT,
                reference=str(uuid.uuid4()),
                created_at=now,
            )
        )
        uow.commit()


def credit_balance(accounts: Callable[[], AccountsUnitOfWork], user_id: str) -> int:
    """The user's balance from the ledger."""
    with accounts() as uow:
        return uow.credits.balance(user_id)


def crowded(elements: int = 200, width: int = 1080, height: int = 1080) -> dict[str, Any]:
    """An editor document whose one page holds ``elements`` elements: texts and shapes."""
    children: list[dict[str, Any]] = []
    for n in range(elements):
        if n % 2:
            children.append(text_element(f"t{n}", f"Line {n} · ₦{n * 100:,}", (n * 7) % height))
        else:
            children.append(
                {
                    "id": f"f{n}",
                    "type": "figure",
                    "subType": "rect",
                    "x": (n * 13) % width,
                    "y": (n * 11) % height,
                    "width": 40,
                    "height": 30,
                    "fill": "#3366cc",
                    "opacity": 0.8,
                }
            )
    return {
        "width": width,
        "height": height,
        "pages": [{"id": "p0", "background": "white", "children": children}],
    }


def make_design(**overrides: Any) -> Design:
    """A design at version 1 owned by ``u1`` (any field overridable)."""
    document = overrides.pop("document", None) or check_document(flyer())
    values: dict[str, Any] = {
        "design_id": str(uuid.uuid4()),
        "owner_id": "u1",
        "name": "My flyer",
        "document": document,
        "source_template_id": None,
        "now": EPOCH,
    }
    extra = {k: overrides.pop(k) for k in list(overrides) if k not in values}
    values.update(overrides)
    design = new_design(**values)
    return attrs.evolve(design, **extra) if extra else design
