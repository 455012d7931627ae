"""Jobs across processes: a large export submitted through one app process is done by a
`designcore worker` process and fetched through another app process, over PostgreSQL and a
real broker (Redis, and RabbitMQ), each test on a database and a queue name of its own."""

from __future__ import annotations

import io
import os
import signal
import socket
import subprocess
import sys
import time
import uuid
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa

from designcore.app.container import build_container
from designcore.app.settings import load_settings
from designcore.domain.exports import JOB_ABOVE
from designcore.testing.builders import make_document

POSTGRES_URL = os.environ.get(
    "DESIGNCORE_TEST_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test"
)
TEST_SCHEMA = "designcore_test"  # the schema of tests/conftest.py's migrated template
BROKERS = {
    "redis": os.environ.get("DESIGNCORE_TEST_REDIS_URL", "redis://127.0.0.1:6379/15"),
    "rabbitmq": os.environ.get("DESIGNCORE_TEST_AMQP_URL", "amqp://guest:guest@127.0.0.1:5672/%2F"),
}
V2024 = {"X-Supabase-Api-Version": "2024-01-01"}
PAGES = JOB_ABOVE.pages + 1


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def require_broker(name: str, url: str) -> None:
    """Skip when the broker is not running on a developer's machine; fail under CI, whose
    machine runs Redis and RabbitMQ (a skipped run would prove nothing there)."""
    if broker_reachable(url):
        return
    message = f"{name} not reachable at {url}"
    if os.environ.get("CI"):
        pytest.fail(message + " (CI runs Redis and RabbitMQ)")
    pytest.skip(message)


def broker_reachable(url: str) -> bool:
    host_port = url.split("@")[-1].split("://")[-1].split("/")[0]
    host, _, port = host_port.partition(":")
    try:
        with socket.create_connection((host, int(port)), timeout=1):
            return True
    except OSError:
        return False


def forget_queue(broker: str, url: str, queue: str) -> None:
    """Remove what the test left on the broker under its queue name."""
    if broker == "redis":
        import redis

        client = redis.Redis.from_url(url)
        for key in client.scan_iter(f"{queue}:*"):
            client.delete(key)
        client.close()
        return
    import pika

    connection = pika.BlockingConnection(pika.URLParameters(url))
    channel = connection.channel()
    for name in (queue, f"{queue}.DQ", f"{queue}.XQ"):
        channel.queue_delete(name)
    connection.close()


class Processes:
    """The processes of one test, stopped (and their output kept) at the end."""

    def __init__(self, environ: dict[str, str], cwd: Path) -> None:
        self.environ = environ
        self.cwd = cwd
        self.started: list[tuple[str, subprocess.Popen[str]]] = []

    def start(self, name: str, *argv: str) -> subprocess.Popen[str]:
        process = subprocess.Popen(
            [sys.executable, "-m", "designcore.app.cli", *argv],
            env=self.environ,
            cwd=self.cwd,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        self.started.append((name, process))
        return process

    def output(self) -> str:
        return "\n".join(
            f"--- {name} ---\n{process.stdout.read() if process.stdout else ''}"
            for name, process in self.started
        )

    def stop(self) -> None:
        for _, process in self.started:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        for _, process in self.started:
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=5)


def wait_until_up(processes: Processes, base: str, deadline: float) -> None:
    while True:
        try:
            if httpx.get(f"{base}/api/v1/health", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        if time.monotonic() > deadline or any(p.poll() is not None for _, p in processes.started):
            processes.stop()
            pytest.fail(f"the app did not start:\n{processes.output()}")
        time.sleep(0.2)


def cluster_environment(
    url: str, queue: str, database: str, tmp_path: Path, public_port: int, **extra: str
) -> dict[str, str]:
    """The variables of every process of one test: its database, storage, broker and queue."""
    return {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(Path(__file__).parents[2] / "src"), *sys.path]),
        "DESIGNCORE_ENV": "development",
        "DESIGNCORE_DATA_DIR": str(tmp_path),
        "DESIGNCORE_DATABASE_URL": database,
        "DESIGNCORE_DATABASE_SCHEMA": TEST_SCHEMA,
        "DESIGNCORE_STORAGE_BACKEND": "local",
        "DESIGNCORE_STORAGE_ROOT": str(tmp_path / "storage"),
        "DESIGNCORE_SEED_ON_START": "false",
        "DESIGNCORE_WEB_DIST": "/nonexistent",
        "DESIGNCORE_PAYSTACK_SANDBOX_WEBHOOKS": "false",
        "DESIGNCORE_LOG_LEVEL": "WARNING",
        "DESIGNCORE_JOBS_BROKER_URL": url,
        "DESIGNCORE_JOBS_QUEUE": queue,
        # One public URL for every app, as behind a load balancer: tokens name it as issuer.
        "DESIGNCORE_PUBLIC_URL": f"http://127.0.0.1:{public_port}",
        **{f"DESIGNCORE_{name}": value for name, value in extra.items()},
    }


def make_signing_keys(environ: dict[str, str]) -> None:
    """The signing keys in the shared database, so two apps starting together find one key
    rather than each making its own."""
    container = build_container(load_settings(environ))
    container.token_signer()
    container.engine().dispose()


def sign_up(base: str, email: str) -> dict[str, str]:
    answer = httpx.post(
        f"{base}/auth/v1/signup",
        json={"email": email, "password": "kolanut-42-Lagos"},
        headers=V2024,
        timeout=30,
    )
    assert 200 == answer.status_code, answer.text
    return {"Authorization": f"Bearer {answer.json()['access_token']}"}


@pytest.fixture(name="database")
def fixture_database(postgresql_template: str) -> Iterator[str]:
    """A migrated PostgreSQL database of its own (a clone of the session's template)."""
    name = f"dc_jobs_{uuid.uuid4().hex[:16]}"
    admin = sa.create_engine(POSTGRES_URL, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(sa.text(f'CREATE DATABASE "{name}" TEMPLATE "{postgresql_template}"'))
    try:
        yield sa.make_url(POSTGRES_URL).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


@pytest.mark.postgresql
@pytest.mark.parametrize("broker", ["redis", "rabbitmq"])
def test_a_job_submitted_through_one_app_is_done_by_a_worker_and_fetched_through_another(
    broker: str, database: str, tmp_path: Path
) -> None:
    """App A answers a large export 202; one of two `designcore worker` processes (not A, not
    B) runs it; app B answers its status, progress and file. A design saved through A has its
    preview drawn by a worker and served through B."""
    url = BROKERS[broker]
    require_broker(broker, url)
    queue = f"dc-test-{uuid.uuid4().hex[:12]}"
    ports = free_port(), free_port()
    environ = cluster_environment(url, queue, database, tmp_path, ports[0])
    processes = Processes(environ, tmp_path)
    try:
        make_signing_keys(environ)  # as a deployment's first start does, before A and B
        apps = [
            processes.start(f"app {n}", "serve", "--port", str(port), "--workers", "1")
            for n, port in zip("AB", ports, strict=True)
        ]
        workers = [processes.start(f"worker {n}", "worker", "--threads", "2") for n in (1, 2)]
        a, b = (f"http://127.0.0.1:{port}" for port in ports)
        deadline = time.monotonic() + 60
        wait_until_up(processes, a, deadline)
        wait_until_up(processes, b, deadline)

        bearer = sign_up(a, f"{queue}@example.com")
        document = make_document(pages=PAGES, width=120, height=150, custom={"name": "Programme"})
        submitted = httpx.post(
            f"{a}/api/v1/exports",
            json={"document": document, "format": "png"},
            headers=bearer,
            timeout=30,
        )
        assert 202 == submitted.status_code, submitted.text
        location = submitted.headers["location"]

        seen: list[dict[str, Any]] = []
        while time.monotonic() < deadline + 30:
            job = httpx.get(f"{b}{location}", headers=bearer, timeout=10).json()
            assert "state" in job, job
            seen.append(job)
            if job["state"] in ("succeeded", "failed", "cancelled"):
                break
            time.sleep(0.1)
        assert "succeeded" == job["state"], f"{job}\n{processes.output()}"
        pid = int(job["worker"].rpartition(":")[2])
        assert pid in {worker.pid for worker in workers}
        assert pid not in {app.pid for app in apps} | {os.getpid()}
        assert 100 == job["progress"]

        result = httpx.get(f"{b}{job['result_url']}", headers=bearer, timeout=30)
        assert 200 == result.status_code
        assert "application/zip" == result.headers["content-type"]
        with zipfile.ZipFile(io.BytesIO(result.content)) as archive:
            assert PAGES == len(archive.namelist())
        # A design's preview: app A debounces the save and submits a job; a worker draws it.
        created = httpx.post(
            f"{a}/api/v1/designs",
            json={"blank": {"width": 200, "height": 250}},
            headers=bearer,
            timeout=30,
        )
        assert 201 == created.status_code, created.text
        preview_url = f"{b}/api/v1/designs/{created.json()['id']}/preview"
        preview = httpx.get(preview_url, headers=bearer, timeout=10)
        while preview.status_code == 404 and time.monotonic() < deadline + 60:
            time.sleep(0.2)
            preview = httpx.get(preview_url, headers=bearer, timeout=10)
        assert 200 == preview.status_code, f"{preview.text}\n{processes.output()}"
        assert preview.content.startswith(b"\x89PNG")

        stranger = sign_up(b, f"other-{queue}@example.com")
        hidden = httpx.get(f"{b}{location}", headers=stranger, timeout=10)
        assert 404 == hidden.status_code
    finally:
        processes.stop()
        forget_queue(broker, url, queue)


@pytest.mark.postgresql
def test_a_job_whose_worker_dies_is_finished_by_another_worker(
    database: str, tmp_path: Path
) -> None:
    """A worker killed (SIGKILL) in the middle of a job leaves it running only until its lease
    ends: it is then queued again and the other worker finishes it (two attempts)."""
    url = BROKERS["redis"]
    require_broker("redis", url)
    queue = f"dc-test-{uuid.uuid4().hex[:12]}"
    port = free_port()
    environ = cluster_environment(url, queue, database, tmp_path, port, JOBS_LEASE_SECONDS="5")
    processes = Processes(environ, tmp_path)
    try:
        processes.start("app", "serve", "--port", str(port), "--workers", "1")
        workers = {
            process.pid: process
            for process in (processes.start(f"worker {n}", "worker") for n in (1, 2))
        }
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        wait_until_up(processes, base, deadline)
        bearer = sign_up(base, f"{queue}@example.com")
        # 20 pages of 1,000 px at 2x: 80 MP, long enough to be caught running.
        document = make_document(pages=20, width=1000, height=1000)
        submitted = httpx.post(
            f"{base}/api/v1/exports",
            json={"document": document, "format": "jpeg", "pixel_ratio": 2},
            headers=bearer,
            timeout=30,
        )
        assert 202 == submitted.status_code, submitted.text
        location = submitted.headers["location"]
        job = httpx.get(f"{base}{location}", headers=bearer, timeout=10).json()
        while job["state"] != "running" and time.monotonic() < deadline:
            time.sleep(0.05)
            job = httpx.get(f"{base}{location}", headers=bearer, timeout=10).json()
        assert "running" == job["state"], job
        victim = int(job["worker"].rpartition(":")[2])
        workers[victim].kill()
        workers[victim].wait(timeout=10)
        (survivor,) = set(workers) - {victim}

        while job["state"] not in ("succeeded", "failed") and time.monotonic() < deadline + 90:
            time.sleep(0.2)
            job = httpx.get(f"{base}{location}", headers=bearer, timeout=10).json()
        assert "succeeded" == job["state"], f"{job}\n{processes.output()}"
        assert (2, survivor) == (job["attempts"], int(job["worker"].rpartition(":")[2]))
    finally:
        processes.stop()
        forget_queue("redis", url, queue)
