"""``designcore serve``: the address served, the public URL derived from it, and workers."""

from __future__ import annotations

import base64
import http.client
import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest

from designcore.app import build_container
from designcore.app.cli import parser, prepare_server, serve_environment
from designcore.app.settings import load_settings

V2024 = {"X-Supabase-Api-Version": "2024-01-01"}


def serve_args(*argv: str) -> object:
    return parser().parse_args(["serve", *argv])


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def claims(token: str) -> dict[str, object]:
    payload = token.split(".")[1]
    return json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))  # type: ignore[no-any-return]


class TestServeEnvironment:
    def test_port_flag_moves_the_public_url(self) -> None:
        """``serve --port 8204`` issues tokens and links for port 8204, not 8000."""
        environ = serve_environment(serve_args("--port", "8204"), {"DESIGNCORE_PORT": "8000"})
        settings = load_settings(environ)
        assert 8204 == settings.server.port
        assert "http://127.0.0.1:8204" == settings.auth.public_url

    def test_flags_win_over_the_environment(self) -> None:
        """--host, --port and --workers replace their variables; the rest is kept."""
        environ = serve_environment(
            serve_args("--host", "0.0.0.0", "--port", "9100", "--workers", "3"),
            {"DESIGNCORE_HOST": "127.0.0.2", "DESIGNCORE_LOG_LEVEL": "ERROR"},
        )
        settings = load_settings(environ)
        assert ("0.0.0.0", 9100, 3, "ERROR") == (
            settings.server.host,
            settings.server.port,
            settings.server.workers,
            settings.log_level,
        )
        assert "http://127.0.0.1:9100" == settings.auth.public_url

    def test_without_flags_the_environment_decides(self) -> None:
        """With no flags the variables are used as they are."""
        environ = {
            "DESIGNCORE_PORT": "9200",
            "DESIGNCORE_PUBLIC_URL": "http://d.example",
            "DESIGNCORE_ENV": "development",
        }
        settings = load_settings(serve_environment(serve_args(), environ))
        assert (9200, "http://d.example") == (settings.server.port, settings.auth.public_url)


class TestPrepareServer:
    def test_workers_find_the_keys_made_before_them(self, tmp_path: Path) -> None:
        """After the one-off preparation, workers starting together load its signing key and
        make none of their own."""
        environ = {
            "DESIGNCORE_DATA_DIR": str(tmp_path),
            "DESIGNCORE_SEED_ON_START": "false",
            "DESIGNCORE_STORAGE_BACKEND": "memory",
        }
        prepare_server(build_container(load_settings(environ)))
        workers = [build_container(load_settings(environ)) for _ in range(2)]
        with ThreadPoolExecutor(2) as pool:
            signers = list(pool.map(lambda worker: worker.token_signer(), workers))
        kids = {signer.jwks()["keys"][0]["kid"] for signer in signers}
        with sqlite3.connect(tmp_path / "designcore.db") as db:
            stored = [row[0] for row in db.execute("SELECT kid FROM signing_keys")]
        assert 1 == len(stored)
        assert set(stored) == kids


@pytest.fixture(name="two_workers")
def fixture_two_workers(tmp_path: Path) -> Iterator[tuple[str, subprocess.Popen[str], Path]]:
    """``designcore serve --workers 2`` on a fresh SQLite file; stopped with SIGTERM after."""
    port = free_port()
    environ = {
        **os.environ,
        "DESIGNCORE_DATA_DIR": str(tmp_path),
        "DESIGNCORE_SEED_ON_START": "false",
        "DESIGNCORE_WEB_DIST": "/nonexistent",
        "DESIGNCORE_STORAGE_BACKEND": "memory",
        "DESIGNCORE_LOG_LEVEL": "INFO",
        "DESIGNCORE_PAYSTACK_SANDBOX_WEBHOOKS": "false",
    }
    environ.pop("DESIGNCORE_PUBLIC_URL", None)
    command = [sys.executable, "-m", "designcore.app.cli", "serve", "--port", str(port)]
    process = subprocess.Popen(
        [*command, "--workers", "2"],
        env=environ,
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                if httpx.get(f"{base}/api/v1/health", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"the server did not start:\n{process.stdout.read()}")  # type: ignore[union-attr]
            time.sleep(0.2)
        yield base, process, tmp_path / "designcore.db"
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(timeout=10)


class TestServeWorkers:
    def test_workers_share_keys_and_stop_gracefully(
        self, two_workers: tuple[str, subprocess.Popen[str], Path]
    ) -> None:
        """Two workers start on one signing key made before them, accept each other's tokens,
        issue them for the port served, and exit cleanly on SIGTERM."""
        base, process, database = two_workers

        def sign_up(n: int) -> str:
            with httpx.Client() as client:  # a connection each: both workers sign some
                answer = client.post(
                    f"{base}/auth/v1/signup",
                    json={"email": f"user{n}@example.com", "password": "kolanut-42-Lagos"},
                    headers=V2024,
                    timeout=30,
                )
            assert 200 == answer.status_code, answer.text
            return str(answer.json()["access_token"])

        with ThreadPoolExecutor(8) as pool:  # every worker's first signature at once
            tokens = list(pool.map(sign_up, range(8)))
        assert {f"{base}/auth/v1"} == {claims(token)["iss"] for token in tokens}
        statuses = []
        for token in tokens * 3:
            with httpx.Client() as client:
                answer = client.get(
                    f"{base}/auth/v1/user", headers={"Authorization": f"Bearer {token}", **V2024}
                )
                statuses.append(answer.status_code)
        assert [200] * len(statuses) == statuses
        with sqlite3.connect(database) as db:
            assert 1 == db.execute("SELECT count(*) FROM signing_keys").fetchone()[0]
        process.send_signal(signal.SIGTERM)
        assert 0 == process.wait(timeout=30)
        output = process.stdout.read()  # type: ignore[union-attr]
        assert f"public URL {base}" in output
        assert "2 workers" in output

    def test_an_idle_connection_outlives_a_client_pause(
        self, two_workers: tuple[str, subprocess.Popen[str], Path]
    ) -> None:
        """A keep-alive connection left idle for longer than uvicorn's default 5 s still
        carries the next request (the server keeps idle connections longer than clients do)."""
        base, _, _ = two_workers
        connection = http.client.HTTPConnection(
            "127.0.0.1", int(base.rsplit(":", 1)[1]), timeout=10
        )
        try:
            connection.request("GET", "/api/v1/health")
            first = connection.getresponse()
            first.read()
            opened = connection.sock
            time.sleep(6.5)
            connection.request("GET", "/api/v1/health")  # on the same socket, if still open
            second = connection.getresponse()
            second.read()
            reused = connection.sock is opened
        finally:
            connection.close()

        assert (200, 200, True) == (first.status, second.status, reused)
