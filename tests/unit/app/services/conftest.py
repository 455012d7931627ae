"""Fixtures of the use-case tests: the services over in-memory adapters and the fixed clock.

Every fixture builds on ``memory_container`` (tests/conftest.py); a test that needs other
settings builds its own container with ``make_memory_container``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from urllib.parse import parse_qs, urlsplit

import pytest

from designcore.app import Container
from designcore.app.services.auth import AuthService, IssuedSession
from designcore.app.services.profiles import ProfileService
from designcore.ports.mail import Outbox

PASSWORD = "kolanut-42-Lagos"


@pytest.fixture(name="auth")
def fixture_auth(memory_container: Container) -> AuthService:
    """The auth service of the in-memory container (fixed clock, fast Argon2)."""
    service: AuthService = memory_container.auth()
    return service


@pytest.fixture(name="profiles")
def fixture_profiles(memory_container: Container) -> ProfileService:
    """The profile service of the in-memory container."""
    service: ProfileService = memory_container.profiles()
    return service


@pytest.fixture(name="outbox")
def fixture_outbox(memory_container: Container) -> Outbox:
    """Where the in-memory container's mail goes."""
    outbox: Outbox = memory_container.outbox()
    return outbox


@pytest.fixture(name="sign_up")
def fixture_sign_up(auth: AuthService) -> Callable[..., IssuedSession]:
    """Signs up an account with the test password and answers its first session:
    ``sign_up("kemi@example.com", referral_code="ABCDEFGH")``."""

    def sign_up(email: str = "ada@example.com", **data: object) -> IssuedSession:
        issued = auth.signups.sign_up(
            email=email, password=PASSWORD, data={"first_name": "Ada", **data}
        )
        assert isinstance(issued, IssuedSession)
        return issued

    return sign_up


@pytest.fixture(name="ada")
def fixture_ada(sign_up: Callable[..., IssuedSession]) -> IssuedSession:
    """The first session of ada@example.com, signed up with the test password."""
    return sign_up()


@pytest.fixture(name="mailed_link")
def fixture_mailed_link(outbox: Outbox) -> Callable[[], dict[str, str]]:
    """The query of the link in the newest mail: ``{"token", "type", "redirect_to"}``."""

    def mailed_link() -> dict[str, str]:
        found = re.search(r"https?://\S+", outbox.messages(1)[0].message.text)
        assert found is not None, "the newest mail holds no link"
        return {key: values[0] for key, values in parse_qs(urlsplit(found.group(0)).query).items()}

    return mailed_link
