"""Fixtures for the app layer: a container on in-memory adapters and an HTTP client."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from litestar.testing import TestClient

from designcore.adapters.memory import StaticAuthenticator
from designcore.adapters.oidc import GoogleOpenIdProvider
from designcore.app import Container
from designcore.app.http import create_app
from designcore.app.services.analytics import CONSENT
from designcore.domain.analytics import Consent
from designcore.domain.premium import Viewer
from fakes.oidc_provider import FakeOpenIdProvider

VIEWERS = {
    "free-token": Viewer(user_id="u-free"),
    "premium-token": Viewer(
        user_id="u-premium", subscription_status="active", subscription_plan="premium"
    ),
    "admin-token": Viewer(user_id="u-admin", user_role="admin"),
}


@pytest.fixture(name="container")
def fixture_container(make_memory_container: Callable[..., Container]) -> Container:
    """A container on in-memory adapters and the fixed clock, with three known access tokens,
    the default site settings and a 4 KiB app-wide body limit."""
    container = make_memory_container(DESIGNCORE_MAX_BODY_BYTES="4096")
    container.authenticator.override(StaticAuthenticator(VIEWERS))
    container.site_settings().ensure_defaults()
    return container


@pytest.fixture(name="client")
def fixture_client(container: Container) -> Iterator[TestClient]:  # type: ignore[type-arg]
    """An HTTP client of the app built on ``container``."""
    with TestClient(app=create_app(container=container)) as client:
        yield client


@pytest.fixture(name="data_dir")
def fixture_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The CLI's data directory, set through the environment; no .env is read."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DESIGNCORE_DATA_DIR", str(tmp_path / "var"))
    return tmp_path / "var"


@pytest.fixture(name="fake")
def fixture_fake() -> FakeOpenIdProvider:
    """A local OpenID provider standing in for Google."""
    return FakeOpenIdProvider()


@pytest.fixture(name="google_container")
def fixture_google_container(
    memory_container: Container, fake: FakeOpenIdProvider
) -> Iterator[Container]:
    """``memory_container`` with Google sign-in served by the local provider ``fake``."""
    with fake.client() as http:
        memory_container.google_provider.override(
            GoogleOpenIdProvider(
                http,
                client_id=fake.client_id,
                client_secret=fake.client_secret,
                authorization_endpoint=fake.authorization_endpoint,
                token_endpoint=fake.token_endpoint,
                jwks_uri=fake.jwks_uri,
                issuer=fake.issuer,
            )
        )
        yield memory_container


@pytest.fixture(name="granted")
def fixture_granted() -> Iterator[None]:
    """Server-side capture under a visitor's granted consent (as the consent cookie sets it
    for a request)."""
    token = CONSENT.set(Consent.GRANTED)
    yield
    CONSENT.reset(token)
