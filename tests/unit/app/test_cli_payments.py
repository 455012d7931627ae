"""``designcore payments reconcile`` from the command line, beside a server on the same data."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from designcore.adapters.memory import FixedClock
from designcore.adapters.paystack.sandbox import SUCCESS_CARD
from designcore.adapters.sqlalchemy import migrate
from designcore.app import Container, build_container, load_settings
from designcore.app.cli import main
from designcore.domain.payments import PaymentStatus
from support import store_customer


def server(data_dir: Path, clock: FixedClock) -> Container:
    """The server's container on the data directory (the embedded default: SQLite and the
    payment sandbox)."""
    container = build_container(
        load_settings(
            {
                "DESIGNCORE_DATA_DIR": str(data_dir),
                "DESIGNCORE_PAYSTACK_SANDBOX_WEBHOOKS": "false",
                "DESIGNCORE_PERIODIC_TICK_SECONDS": "0",
            }
        )
    )
    container.clock.override(clock)
    migrate(container.engine())
    return container


class TestReconcileFromTheCommandLine:
    def test_the_cli_sees_the_servers_sandbox(
        self,
        data_dir: Path,
        monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str],
    ) -> None:
        """A payment made through the server's sandbox 11 minutes ago, whose verify never
        came, is completed by ``designcore payments reconcile`` (another process, another
        container): the sandbox's transactions are in the database, not in the server's
        memory."""
        monkeypatch.setenv("DESIGNCORE_PAYSTACK_SANDBOX_WEBHOOKS", "false")
        clock = FixedClock(datetime.now(UTC) - timedelta(minutes=11))
        app = server(data_dir, clock)
        user_id = store_customer(app.accounts(), clock.now())
        made = app.payments().create_upgrade(user_id, 150_000, "NGN")
        app.paystack_sandbox().charge_card(
            made.access_code, number=SUCCESS_CARD.number, cvv="408", expiry="12/40"
        )
        app.engine().dispose()

        assert 0 == main(["payments", "reconcile"])
        assert "1 succeeded" in capsys.readouterr().out

        restarted = server(data_dir, FixedClock())
        with restarted.accounts()() as uow:
            payment = uow.payments.get(made.reference)
            profile = uow.profiles.get(user_id)
        assert payment is not None
        assert PaymentStatus.SUCCEEDED is payment.status
        assert ("active", "premium") == (profile.subscription_status, profile.subscription_plan)
        assert "success" == restarted.paystack_sandbox().by_reference(made.reference).status
        restarted.engine().dispose()
