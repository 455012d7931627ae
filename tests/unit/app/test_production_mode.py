"""``DESIGNCORE_ENV``: production refuses the conveniences of development at start; proxy
headers are believed only from trusted proxies, and the dev mailbox answers this machine only."""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path

import pytest
from litestar.testing import TestClient

from designcore.app import Container
from designcore.app.cli import main
from designcore.app.http import create_app
from designcore.app.settings import Settings, load_settings
from designcore.domain.deployment import Mode, ProductionRefused
from designcore.ports.mail import MailMessage
from support import from_peer

MakeContainer = Callable[..., Container]

KEY = "z" * 43 + "="
"""A well-formed key-encryption key."""

SAFE_PRODUCTION = {
    "DESIGNCORE_ENV": "production",
    "DESIGNCORE_PAYMENTS_BACKEND": "paystack",
    "DESIGNCORE_PAYSTACK_SECRET_KEY": "sk_test_production_check",
    "DESIGNCORE_PAYSTACK_PUBLIC_KEY": "pk_test_production_check",
    "DESIGNCORE_MAIL_BACKEND": "smtp",
}
"""Production on in-memory adapters (so no key-encryption key and one process) with every
convenience of development off."""


def mailbox_status(container: Container, peer: str, headers: dict[str, str]) -> int:
    """The status of ``GET /dev/mailbox`` from ``peer`` with ``headers``."""
    app = create_app(container=container)
    with TestClient(app=from_peer(app, peer)) as client:  # type: ignore[arg-type]
        return client.get("/dev/mailbox", headers=headers).status_code


class TestMode:
    def test_https_with_every_default_is_production(self) -> None:
        """The defect's set-up, an https public URL and all else default, is production and
        refuses every convenience at once."""
        with pytest.raises(ProductionRefused) as caught:
            load_settings({"DESIGNCORE_PUBLIC_URL": "https://designcore.example"})
        assert [
            "DESIGNCORE_PAYMENTS_BACKEND",
            "DESIGNCORE_MAIL_BACKEND",
            "DESIGNCORE_MAIL_BACKEND",
            "DESIGNCORE_KEY_ENCRYPTION_KEY",
            "DESIGNCORE_RATE_LIMIT_BACKEND",
        ] == [issue.path for issue in caught.value.issues]

    def test_loopback_http_is_development(self) -> None:
        """The embedded defaults (http on 127.0.0.1) are development and load."""
        assert Mode.DEVELOPMENT is load_settings({}).mode

    def test_explicit_development_over_https(self) -> None:
        """DESIGNCORE_ENV=development keeps the conveniences whatever the URL."""
        settings = load_settings(
            {"DESIGNCORE_ENV": "development", "DESIGNCORE_PUBLIC_URL": "https://x.example"}
        )
        assert Mode.DEVELOPMENT is settings.mode

    def test_unknown_mode_is_refused(self) -> None:
        """Any other value of DESIGNCORE_ENV is a bad setting named as such."""
        with pytest.raises(Exception, match="DESIGNCORE_ENV"):
            load_settings({"DESIGNCORE_ENV": "staging"})

    def test_bad_trusted_proxies_are_named(self) -> None:
        """DESIGNCORE_TRUSTED_PROXIES that are not addresses or networks are refused."""
        with pytest.raises(Exception, match="DESIGNCORE_TRUSTED_PROXIES"):
            load_settings({"DESIGNCORE_TRUSTED_PROXIES": "10.0.0.0/8, my-proxy"})


class TestProductionRefusals:
    @pytest.mark.parametrize(
        ("extra", "variable"),
        [
            ({"DESIGNCORE_PAYMENTS_BACKEND": "sandbox"}, "DESIGNCORE_PAYMENTS_BACKEND"),
            ({"DESIGNCORE_MAIL_BACKEND": "outbox"}, "DESIGNCORE_MAIL_BACKEND"),
            (
                {"DESIGNCORE_DATABASE_URL": "sqlite:///never-made.db"},
                "DESIGNCORE_KEY_ENCRYPTION_KEY",
            ),
            (
                {
                    "DESIGNCORE_DATABASE_URL": "sqlite:///never-made.db",
                    "DESIGNCORE_KEY_ENCRYPTION_KEY": KEY,
                    "DESIGNCORE_WORKERS": "4",
                },
                "DESIGNCORE_RATE_LIMIT_BACKEND",
            ),
        ],
    )
    def test_each_refusal(self, extra: dict[str, str], variable: str) -> None:
        """Each convenience alone stops production, naming the variable to change."""
        with pytest.raises(ProductionRefused) as caught:
            load_settings({**SAFE_PRODUCTION, "DESIGNCORE_DATABASE_URL": "memory://", **extra})
        assert variable in [issue.path for issue in caught.value.issues]

    def test_the_dev_mailbox_is_refused(self) -> None:
        """The outbox on a loopback address would serve /dev/mailbox: refused as such."""
        with pytest.raises(ProductionRefused) as caught:
            load_settings(
                {**SAFE_PRODUCTION, "DESIGNCORE_DATABASE_URL": "memory://"}
                | {"DESIGNCORE_MAIL_BACKEND": "outbox", "DESIGNCORE_HOST": "127.0.0.1"}
            )
        assert any("/dev/mailbox" in refusal.reason for refusal in caught.value.refusals)

    def test_create_app_raises_a_typed_error(self) -> None:
        """Settings built by hand, bypassing load_settings, are refused by create_app too."""
        settings = Settings(environment="production")
        with pytest.raises(ProductionRefused) as caught:
            create_app(settings)
        assert 5 == len(caught.value.refusals)

    def test_serve_exits_non_zero_with_every_reason(
        self, data_dir: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """`designcore serve` in the defect's set-up prints one line per reason and exits 1,
        before it migrates anything."""
        monkeypatch.setenv("DESIGNCORE_PUBLIC_URL", "https://designcore.example")
        assert 1 == main(["serve"])
        error = capsys.readouterr().err
        lines = [line for line in error.splitlines() if line.startswith("- ")]
        assert 5 == len(lines)
        assert "payment sandbox" in lines[0]
        assert not data_dir.exists()

    def test_safe_production_starts_without_the_sandbox(
        self, make_memory_container: MakeContainer
    ) -> None:
        """Production with the conveniences off serves neither the sandbox nor the mailbox."""
        container = make_memory_container(**SAFE_PRODUCTION)
        app = create_app(container=container)
        mounted = [route.path for route in app.routes]
        assert [] == [p for p in mounted if p.startswith(("/sandbox", "/dev"))]
        with TestClient(app=app) as client:
            assert 404 == client.get("/sandbox/checkout/popup?access_code=x").status_code
            assert 404 == client.get("/dev/mailbox").status_code


class TestDevelopmentLog:
    def test_development_names_its_conveniences(
        self, make_memory_container: MakeContainer, caplog: pytest.LogCaptureFixture
    ) -> None:
        """At start, development logs which conveniences are on."""
        with caplog.at_level(logging.INFO, logger="designcore"):
            create_app(container=make_memory_container())
        line = next(r.getMessage() for r in caplog.records if "development mode" in r.message)
        assert "payment sandbox" in line
        assert "mailbox at /dev/mailbox" in line


class TestMailboxClient:
    @pytest.fixture(name="container")
    def fixture_container(self, make_memory_container: MakeContainer) -> Container:
        """A development container whose outbox holds a recovery mail."""
        container = make_memory_container(DESIGNCORE_TRUSTED_PROXIES="10.0.0.0/8")
        container.outbox().send(MailMessage(to="a@example.com", subject="Reset", text="link"))
        return container

    def test_answers_this_machine(self, container: Container) -> None:
        """A browser on this machine reads the mailbox."""
        assert 200 == mailbox_status(container, "127.0.0.1", {})

    def test_refuses_a_forwarded_outside_client_from_loopback(self, container: Container) -> None:
        """A proxy on this machine forwarding an outside client is not believed: 403."""
        assert 403 == mailbox_status(container, "127.0.0.1", {"X-Forwarded-For": "203.0.113.9"})

    def test_refuses_a_trusted_proxys_outside_client(self, container: Container) -> None:
        """A trusted proxy's outside client is outside: 403."""
        assert 403 == mailbox_status(container, "10.0.0.2", {"X-Forwarded-For": "203.0.113.9"})

    def test_refuses_another_machine(self, container: Container) -> None:
        """A peer that is not this machine gets 403 in the standard error shape."""
        app = create_app(container=container)
        with TestClient(app=from_peer(app, "192.168.1.20")) as client:  # type: ignore[arg-type]
            answer = client.get("/dev/mailbox")
        assert (403, "mailbox_local_only") == (answer.status_code, answer.json()["code"])


def signup_statuses(container: Container, peer: str, forwarded_for: list[str]) -> list[int]:
    """The statuses of one ``POST /auth/v1/signup`` per address in ``forwarded_for``, each
    sent from ``peer`` with that ``X-Forwarded-For``."""
    app = create_app(container=container)
    with TestClient(app=from_peer(app, peer)) as client:  # type: ignore[arg-type]
        return [
            client.post(
                "/auth/v1/signup",
                json={"email": f"member{n}@example.com", "password": "a long passphrase 1"},
                headers={"X-Forwarded-For": address},
            ).status_code
            for n, address in enumerate(forwarded_for)
        ]


class TestRateLimitsBehindAProxy:
    @pytest.fixture(name="container")
    def fixture_container(self, make_memory_container: MakeContainer) -> Container:
        """Two sign-ups an hour per client, nginx on this machine trusted."""
        return make_memory_container(
            DESIGNCORE_TRUSTED_PROXIES="127.0.0.1", DESIGNCORE_AUTH_SIGNUPS_PER_HOUR="2"
        )

    def test_a_trusted_proxys_clients_are_counted_apart(self, container: Container) -> None:
        """Behind the trusted proxy, each forwarded client has its own sign-up quota."""
        clients = ["203.0.113.9", "203.0.113.9", "203.0.113.9", "203.0.113.10"]
        assert [200, 200, 429, 200] == signup_statuses(container, "127.0.0.1", clients)

    def test_an_untrusted_peers_forwarded_clients_are_one(self, container: Container) -> None:
        """A peer that is not a trusted proxy is counted as itself, whatever it forwards."""
        clients = ["203.0.113.9", "203.0.113.10", "203.0.113.11"]
        assert [200, 200, 429] == signup_statuses(container, "198.51.100.7", clients)
