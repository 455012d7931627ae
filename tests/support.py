"""Builders shared by the tests."""

from __future__ import annotations

import os
import uuid
from collections.abc import Callable, Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from designcore.domain.accounts import User
from designcore.domain.creators import Creator
from designcore.domain.profiles import CreditEntry, CreditReason, Profile, referral_code_from
from designcore.ports.accounts import AccountsUnitOfWork
from designcore.testing.builders import (  # noqa: F401 (used by the tests)
    EPOCH,
    make_design,
    make_template,
    text_element,
)
from designcore.testing.builders import crowded_document as crowded  # noqa: F401
from designcore.testing.builders import make_document as flyer  # noqa: F401

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


def from_peer(app: Callable[..., Any], host: str) -> Callable[..., Any]:
    """``app`` as reached by a TCP peer at ``host`` (the test client's own peer is the name
    ``testclient``, which is no address)."""

    async def reached(scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            scope = {**scope, "client": (host, 50123)}
        await app(scope, receive, send)

    return reached


CREATOR_PROFILE = {
    "username": "Kemi_Designs",
    "display_name": "Kemi Designs",
    "avatar_url": "https://images.example/kemi.png",
    "bio": "Church flyers for every Sunday.",
}
"""A member's creator profile as ``PUT /api/v1/creators/me`` takes it."""


def studio(container: Any, username: str, templates: int) -> Creator:
    """A creator of the seed kind (no account) with ``templates`` templates in the container's
    catalogue, a minute apart."""
    creator = Creator(
        id=f"id-{username}",
        user_id=None,
        username=username,
        display_name=username.title(),
        created_at=EPOCH,
        updated_at=EPOCH,
    )
    container.creators_directory().add(creator)
    for n in range(templates):
        template = make_template(name=f"{username} {n}", created_at=EPOCH + timedelta(minutes=n))
        container.catalogue().add(template)
        container.creators_directory().attribute(template.id, creator.id)
    return creator
