"""Periodic housekeeping: the schedule, the server's lifespan task, auth clean-up and its CLI."""

from __future__ import annotations

import time
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from dependency_injector import providers
from litestar.testing import TestClient

from designcore.adapters.argon2 import Argon2PasswordHasher
from designcore.adapters.memory import FixedClock
from designcore.app import build_container, load_settings
from designcore.app.cli import main
from designcore.app.http import create_app
from designcore.app.periodic import Job, Schedule

V2024 = {"X-Supabase-Api-Version": "2024-01-01"}


class TestSchedule:
    def test_jobs_run_every_interval_from_the_start(self) -> None:
        """Nothing runs at once; each job runs when its interval has passed, then again one
        interval after that."""
        clock = FixedClock()
        ran: list[str] = []
        schedule = Schedule(
            [
                Job("often", timedelta(minutes=1), lambda: ran.append("often")),
                Job("hourly", timedelta(hours=1), lambda: ran.append("hourly")),
            ],
            clock,
        )
        assert [] == schedule.run_due()
        clock.advance(timedelta(minutes=1))
        assert ["often"] == schedule.run_due()
        assert [] == schedule.run_due()
        clock.advance(timedelta(minutes=59))
        assert ["often", "hourly"] == schedule.run_due()
        assert ["often", "often", "hourly"] == ran

    def test_a_failing_job_does_not_stop_the_others(self) -> None:
        """A job that raises is logged and tried again next time; the next job still runs."""
        clock = FixedClock()
        ran: list[str] = []

        def broken() -> None:
            raise RuntimeError("database away")

        schedule = Schedule(
            [
                Job("broken", timedelta(minutes=1), broken),
                Job("fine", timedelta(minutes=1), lambda: ran.append("fine")),
            ],
            clock,
        )
        for _ in range(2):
            clock.advance(timedelta(minutes=1))
            assert ["broken", "fine"] == schedule.run_due()
        assert ["fine", "fine"] == ran


def test_the_server_runs_due_jobs_while_it_serves() -> None:
    """With a short tick, the app's lifespan task runs a due job in the background."""
    container = build_container(
        load_settings(
            {
                "DESIGNCORE_DATABASE_URL": "memory://",
                "DESIGNCORE_STORAGE_BACKEND": "memory",
                "DESIGNCORE_WEB_DIST": "/nonexistent",
                "DESIGNCORE_PERIODIC_TICK_SECONDS": "0.02",
            }
        )
    )
    ran: list[int] = []
    container.periodic_jobs.override(
        providers.Object([Job("probe", timedelta(0), lambda: ran.append(1))])
    )
    with TestClient(app=create_app(container=container)) as client:
        deadline = time.monotonic() + 5
        while not ran and time.monotonic() < deadline:
            assert 200 == client.get("/api/v1/health").status_code
            time.sleep(0.02)
    assert ran


def test_clean_up_forgets_replaced_tokens_after_a_day() -> None:
    """A refresh token replaced more than a day ago is deleted: replaying it is
    refresh_token_not_found and the session lives on; the current token still works."""
    clock = FixedClock()
    container = build_container(
        load_settings(
            {
                "DESIGNCORE_DATABASE_URL": "memory://",
                "DESIGNCORE_STORAGE_BACKEND": "memory",
                "DESIGNCORE_WEB_DIST": "/nonexistent",
            }
        )
    )
    container.clock.override(clock)
    container.password_hasher.override(Argon2PasswordHasher.for_tests())
    with TestClient(app=create_app(container=container)) as api:

        def refresh(token: str) -> Any:
            return api.post(
                "/auth/v1/token?grant_type=refresh_token",
                json={"refresh_token": token},
                headers=V2024,
            )

        first = api.post(
            "/auth/v1/signup",
            json={"email": "ada@example.com", "password": "kolanut-42-Lagos"},
            headers=V2024,
        ).json()
        second = refresh(first["refresh_token"]).json()
        clock.advance(timedelta(hours=25))
        assert {"refresh_tokens": 1, "one_time_tokens": 0} == container.auth().clean_up()
        replayed = refresh(first["refresh_token"])
        assert (400, "refresh_token_not_found") == (
            replayed.status_code,
            replayed.json()["code"],
        )
        assert 200 == refresh(second["refresh_token"]).status_code


def test_cli_cleans_up(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: Any) -> None:
    """``designcore auth clean-up`` migrates if needed and reports what it deleted."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DESIGNCORE_DATA_DIR", str(tmp_path / "var"))
    assert 0 == main(["auth", "clean-up"])
    assert "0 replaced refresh tokens, 0 expired mail tokens deleted" in capsys.readouterr().out


def test_the_servers_jobs_all_run() -> None:
    """Every job the container schedules runs on the embedded defaults without an error."""
    container = build_container(
        load_settings(
            {
                "DESIGNCORE_DATABASE_URL": "memory://",
                "DESIGNCORE_STORAGE_BACKEND": "memory",
                "DESIGNCORE_WEB_DIST": "/nonexistent",
                "DESIGNCORE_PAYSTACK_SANDBOX_WEBHOOKS": "false",
            }
        )
    )
    jobs = container.periodic_jobs()
    assert [
        "signing keys",
        "auth clean-up",
        "payments reconcile",
        "subscriptions expire",
        "image variants trim",
        "deleted designs purge",
        "lost jobs recover",
        "finished jobs purge",
    ] == [job.name for job in jobs]
    outcomes = [job.run() for job in jobs]
    assert {"refresh_tokens": 0, "one_time_tokens": 0} == outcomes[1]
    assert 0 == outcomes[2]["checked"]
    assert {"expired": 0} == outcomes[3]
    assert 0 == outcomes[4]
    assert 0 == outcomes[5]
