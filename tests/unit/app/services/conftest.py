"""Fixtures of the use-case tests: the services over in-memory adapters and the fixed clock."""

from __future__ import annotations

import pytest

from designcore.app import Container
from designcore.app.services.auth import AuthService


@pytest.fixture(name="auth")
def fixture_auth(memory_container: Container) -> AuthService:
    """The auth service of the in-memory container (fixed clock, fast Argon2)."""
    service: AuthService = memory_container.auth()
    return service
