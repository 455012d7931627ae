"""The production cluster on one machine, on loopback, for the browser tests, load and faults.

Everything it runs is its own, on free loopback ports, in temporary directories removed at the
end: a PostgreSQL cluster (Debian's ``initdb`` and ``pg_ctl``, run as the ``postgres`` user
when started by root), ``redis-server`` without persistence, moto's S3 server, the PostHog fake
of the tests (``tests/fakes/posthog_api.py``), N app processes (``designcore serve --workers
1``), M job workers (``designcore worker``, when the command exists) and nginx in the
foreground with deploy/nginx/snippets/designcore-app.conf, the production snippet, included
as it is. The machine's shared PostgreSQL and Redis are not touched.

From Python::

    from cluster import running_cluster   # benchmarks/ on sys.path

    with running_cluster(app_processes=2, workers=2) as cluster:
        cluster.base_url          # nginx: http://127.0.0.1:PORT
        cluster.postgres_url      # postgresql+psycopg://postgres@127.0.0.1:PORT/designcore
        cluster.redis_url         # redis://127.0.0.1:PORT/0
        cluster.environment       # the app processes' environment (for `designcore …` commands)
        cluster.stop_postgres(); cluster.start_postgres()   # the same data, the same port
        cluster.stop_redis(); cluster.start_redis()         # empty again (no persistence)
        cluster.stop_app(0); cluster.start_app(0)

From a shell: ``python benchmarks/cluster.py --app-processes 2 --workers 2`` starts it, prints
the addresses and serves until Ctrl-C; ``nox -s cluster`` runs the browser journey through it.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import json
import logging
import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

ROOT = Path(__file__).resolve().parent.parent
SNIPPET = ROOT / "deploy" / "nginx" / "snippets" / "designcore-app.conf"
POSTHOG_FAKE = ROOT / "tests" / "fakes" / "posthog_api.py"
POSTHOG_API_KEY = "phc_test_designcore"
"""The PostHog fake's API key (tests/fakes/posthog_api.py)."""
S3_ACCESS_KEY = "test-access-key"
S3_SECRET_KEY = "test-secret-key"
BROTLI_MODULE = Path("/usr/lib/nginx/modules/ngx_http_brotli_static_module.so")
"""Debian's libnginx-mod-http-brotli-static; without it nginx sends the gzip copies."""

log = logging.getLogger("cluster")


class ClusterError(RuntimeError):
    """A part of the cluster did not start; the message ends with its log's last lines."""


def free_port() -> int:
    """A TCP port free on 127.0.0.1 now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _tail(path: Path, lines: int = 25) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no log)"


def _listening(port: int) -> bool:
    with socket.socket() as probe:
        probe.settimeout(0.5)
        return probe.connect_ex(("127.0.0.1", port)) == 0


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as answer:
            return bool(answer.status == 200)
    except OSError:
        return False


@attrs.define
class Process:
    """One process of the cluster: its command, environment and log; started and stopped by
    pid (never by name)."""

    name: str
    command: Sequence[str]
    log_path: Path
    environment: Mapping[str, str] | None = None
    ready_url: str | None = None
    """Polled until it answers 200; else ``ready_port`` until it accepts connections."""
    ready_port: int | None = None
    popen: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 120.0) -> None:
        """Start the process and wait until it is ready. Raises ``ClusterError`` with its log
        when it exits or is not ready within ``timeout`` seconds."""
        with self.log_path.open("ab") as output:
            self.popen = subprocess.Popen(
                list(self.command),
                env=dict(self.environment) if self.environment is not None else None,
                stdout=output,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                # Its own process group: a Ctrl-C in the terminal reaches only us, and we stop
                # the parts in order.
                start_new_session=True,
            )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.popen.poll() is not None:
                raise ClusterError(
                    f"{self.name} exited with {self.popen.returncode}:\n{_tail(self.log_path)}"
                )
            if self.ready_url is not None and _answers(self.ready_url):
                return
            if self.ready_url is None and (self.ready_port is None or _listening(self.ready_port)):
                return
            time.sleep(0.2)
        self.stop()
        raise ClusterError(f"{self.name} was not ready in {timeout:.0f} s:\n{_tail(self.log_path)}")

    @property
    def running(self) -> bool:
        """Whether the process was started and has not exited."""
        return self.popen is not None and self.popen.poll() is None

    def stop(self, timeout: float = 30.0) -> None:
        """SIGTERM, then SIGKILL after ``timeout`` seconds; nothing if it is not running."""
        if self.popen is None:
            return
        if self.popen.poll() is None:
            self.popen.send_signal(signal.SIGTERM)
            try:
                self.popen.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                log.warning(
                    "%s did not stop in %.0f s; killing pid %d", self.name, timeout, self.popen.pid
                )
                self.popen.kill()
                self.popen.wait(timeout=10)
        self.popen = None


def _postgres_bin() -> Path:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"), key=lambda p: int(p.parts[-3]))
    if not found:
        raise ClusterError("PostgreSQL's server is not installed (apt-get install postgresql)")
    return found[-1].parent


@attrs.define
class PostgresServer:
    """A private PostgreSQL cluster: initdb into its own directory, pg_ctl start and stop.
    initdb refuses root, so as root it runs as the ``postgres`` user."""

    directory: Path
    port: int
    bin: Path = attrs.field(factory=_postgres_bin)

    @property
    def data(self) -> Path:
        return self.directory / "data"

    @property
    def log_path(self) -> Path:
        return self.directory / "postgres.log"

    @property
    def url(self) -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/designcore"

    def _run(self, *command: str) -> None:
        as_postgres = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        done = subprocess.run(
            [*as_postgres, *command], capture_output=True, text=True, check=False, timeout=180
        )
        if done.returncode != 0:
            raise ClusterError(
                f"{Path(command[0]).name} failed ({done.returncode}):\n{done.stdout}{done.stderr}"
                f"\n{_tail(self.log_path)}"
            )

    def initialise(self) -> None:
        """A new cluster with trust authentication (loopback only) and the ``designcore``
        database."""
        if os.geteuid() == 0:
            postgres = pwd.getpwnam("postgres")
            os.chown(self.directory, postgres.pw_uid, postgres.pw_gid)
        self._run(
            str(self.bin / "initdb"),
            "-D",
            str(self.data),
            "-U",
            "postgres",
            "--auth=trust",
            "--encoding=UTF8",
            "--locale=C",
            "--no-sync",
        )
        self.start()
        self._run(
            str(self.bin / "createdb"),
            "-h",
            "127.0.0.1",
            "-p",
            str(self.port),
            "-U",
            "postgres",
            "designcore",
        )

    def start(self) -> None:
        """Start the server on its port and wait until it accepts connections."""
        options = (
            f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.directory} "
            "-c max_connections=200"
        )
        self._run(
            str(self.bin / "pg_ctl"),
            "-D",
            str(self.data),
            "-l",
            str(self.log_path),
            "-o",
            options,
            "-w",
            "-t",
            "60",
            "start",
        )

    def stop(self) -> None:
        """Fast shutdown: connections are closed, the data kept."""
        if (self.data / "postmaster.pid").exists():
            self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop")

    @property
    def running(self) -> bool:
        return _listening(self.port)


def _nginx_config(
    *, prefix: Path, port: int, web_dist: Path, app_ports: Sequence[int], csp: str
) -> str:
    """nginx.conf of the cluster: the production snippet in a server on ``port``, every path
    (pid, logs, temporary files) inside ``prefix``."""
    module = f"load_module {BROTLI_MODULE};\n" if BROTLI_MODULE.is_file() else ""
    brotli = "        brotli_static on;\n" if BROTLI_MODULE.is_file() else ""
    # The master runs as whoever started the cluster; as root its workers would be `nobody`,
    # who cannot write the temporary directory we made, so they stay root (loopback only).
    user = f"user {pwd.getpwuid(os.geteuid()).pw_name};\n" if os.geteuid() == 0 else ""
    servers = "".join(f"        server 127.0.0.1:{p};\n" for p in app_ports)
    temp = prefix / "temp"
    return f"""{module}{user}worker_processes 1;
pid {prefix}/nginx.pid;
error_log {prefix}/logs/error.log warn;
events {{ worker_connections 4096; }}
http {{
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log {prefix}/logs/access.log combined buffer=64k flush=1s;
    client_body_temp_path {temp}/body;
    proxy_temp_path {temp}/proxy;
    fastcgi_temp_path {temp}/fastcgi;
    uwsgi_temp_path {temp}/uwsgi;
    scgi_temp_path {temp}/scgi;
    sendfile on;
    tcp_nopush on;
    keepalive_timeout 65;
    server_tokens off;
    proxy_cache_path {prefix}/cache/images levels=1:2 keys_zone=designcore_images:10m
                     max_size=1g inactive=7d use_temp_path=off;
    upstream designcore_app {{
{servers}        keepalive 32;
    }}
    server {{
        listen 127.0.0.1:{port};
        server_name _;
        root {web_dist};
        set $designcore_csp "{csp}";
        set $designcore_hsts "";
{brotli}        include snippets/designcore-app.conf;
    }}
}}
"""


def _page_policy(environment: Mapping[str, str]) -> str:
    """The pages' Content-Security-Policy the app gives for these settings."""
    from designcore.app.http.security import page_policy
    from designcore.app.settings import load_settings

    return page_policy(load_settings(environment))


def _has_command(python: str, name: str) -> bool:
    """Whether ``designcore NAME`` exists (the job worker lands separately)."""
    done = subprocess.run(
        [python, "-m", "designcore.app.cli", name, "--help"], capture_output=True, check=False
    )
    return done.returncode == 0


def _known_variables() -> set[str]:
    from designcore.app.settings import variables

    return {name for name, _, _ in variables()}


@attrs.define
class Cluster:
    """A running cluster (:func:`running_cluster`)."""

    directory: Path
    """Where every part keeps its files; ``logs/`` has one log per process."""
    base_url: str
    """nginx, the cluster's front door."""
    environment: dict[str, str]
    """The app processes' environment (the caller's, with the cluster's DESIGNCORE_*)."""
    postgres: PostgresServer
    redis: Process
    apps: list[Process]
    workers: list[Process]
    nginx: Process
    others: list[Process]
    """moto's S3 server and the PostHog fake."""

    @property
    def postgres_url(self) -> str:
        return self.postgres.url

    @property
    def redis_url(self) -> str:
        return self.environment["DESIGNCORE_REDIS_URL"]

    @property
    def s3_endpoint_url(self) -> str:
        return self.environment["DESIGNCORE_S3_ENDPOINT_URL"]

    @property
    def posthog_url(self) -> str:
        return self.environment["DESIGNCORE_POSTHOG_HOST"]

    @property
    def app_urls(self) -> list[str]:
        """Each app process, directly (bypassing nginx)."""
        return [app.ready_url.removesuffix("/api/v1/health") for app in self.apps if app.ready_url]

    def stop_postgres(self) -> None:
        """Stop PostgreSQL (fast shutdown); the app processes stay up."""
        self.postgres.stop()

    def start_postgres(self) -> None:
        """Start PostgreSQL again on the same port with the same data."""
        self.postgres.start()

    def stop_redis(self) -> None:
        self.redis.stop()

    def start_redis(self) -> None:
        """Start Redis again on the same port (empty: it keeps nothing on disk)."""
        self.redis.start()

    def stop_app(self, index: int) -> None:
        self.apps[index].stop()

    def start_app(self, index: int) -> None:
        self.apps[index].start()

    def stop_worker(self, index: int) -> None:
        self.workers[index].stop()

    def start_worker(self, index: int) -> None:
        self.workers[index].start()

    def stop(self) -> None:
        """Stop every part it started, front to back."""
        for process in [self.nginx, *self.apps, *self.workers, *self.others, self.redis]:
            try:
                process.stop()
            except Exception:
                log.exception("stopping %s", process.name)
        try:
            self.postgres.stop()
        except ClusterError:
            log.exception("stopping PostgreSQL")


def _call(base_url: str, method: str, path: str, body: object = None, token: str = "") -> Any:
    """One JSON request; answers the decoded body (or the bytes' length for a file)."""
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base_url + path, data=data, method=method, headers=headers)
    with urllib.request.urlopen(request, timeout=60) as answer:
        raw = answer.read()
        if answer.headers.get_content_type() == "application/json":
            return json.loads(raw)
        return len(raw)


def export_job_through(base_url: str, timeout: float = 120.0) -> str:
    """A member's big PNG export (44 MP, over the 40 MP job threshold) through ``base_url``:
    answered 202 with a job, run to ``succeeded`` and its file fetched. Answers the id of the
    process that ran it (``vm:PID``). Raises ``ClusterError`` when it does not succeed."""
    email = f"cluster-{uuid.uuid4().hex[:12]}@example.com"
    signed_up = _call(
        base_url, "POST", "/auth/v1/signup", {"email": email, "password": "a long passphrase 1"}
    )
    token = signed_up["access_token"]
    rows = _call(base_url, "GET", "/api/v1/templates/home")["rows"]
    free = next(t for row in rows for t in row["templates"] if not t["is_premium"])
    design = _call(base_url, "POST", "/api/v1/designs", {"template_id": free["id"]}, token)
    job = _call(
        base_url,
        "POST",
        "/api/v1/exports",
        {"design_id": design["id"], "format": "png", "pixel_ratio": 5.5},
        token,
    )
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        job = _call(base_url, "GET", f"/api/v1/jobs/{job['id']}", token=token)
        if job["state"] == "succeeded":
            size = _call(base_url, "GET", f"/api/v1/jobs/{job['id']}/result", token=token)
            log.info("export job %s ran in %s: %d bytes", job["id"], job["worker"], size)
            return str(job["worker"])
        if job["state"] in {"failed", "cancelled"}:
            break
        time.sleep(0.5)
    raise ClusterError(f"the export job did not succeed: {job}")


@contextlib.contextmanager
def running_cluster(
    app_processes: int = 2,
    workers: int = 2,
    *,
    web_dist: Path | None = None,
    inline_checkout_dist: Path | None = None,
    extra_environment: Mapping[str, str] | None = None,
    python: str = sys.executable,
    keep_directory: bool = False,
) -> Iterator[Cluster]:
    """Start the cluster, yield it, and stop everything it started (also when starting fails).

    ``workers`` job workers are started only when ``designcore worker`` exists; otherwise a
    log line says they were skipped. ``extra_environment`` adds or overrides the app
    processes' variables (``DESIGNCORE_AUTH_SIGNUPS_PER_HOUR`` for the browser tests). Raises
    ``ClusterError`` naming the part that did not start, with its log.
    """
    started = time.monotonic()
    directory = Path(tempfile.mkdtemp(prefix="designcore-cluster-"))
    logs = directory / "logs"
    logs.mkdir()
    pg_directory = Path(tempfile.mkdtemp(prefix="designcore-cluster-pg-"))
    web_dist = (web_dist or ROOT / "web" / "dist").resolve()
    if not (web_dist / "index.html").is_file():
        raise ClusterError(f"no built web app in {web_dist} (npx vite build in web/)")
    inline_checkout_dist = (inline_checkout_dist or ROOT / "inline-checkout" / "dist").resolve()
    ports = {name: free_port() for name in ("nginx", "redis", "s3", "posthog", "postgres")}
    app_ports = [free_port() for _ in range(app_processes)]
    base_url = f"http://127.0.0.1:{ports['nginx']}"
    postgres = PostgresServer(pg_directory, ports["postgres"])
    redis_dir = directory / "redis"
    redis_dir.mkdir()
    redis = Process(
        "redis",
        [
            "redis-server",
            "--bind",
            "127.0.0.1",
            "--port",
            str(ports["redis"]),
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(redis_dir),
        ],
        logs / "redis.log",
        ready_port=ports["redis"],
    )
    s3 = Process(
        "s3 (moto)",
        [python, "-m", "moto.server", "-H", "127.0.0.1", "-p", str(ports["s3"])],
        logs / "s3.log",
        ready_port=ports["s3"],
    )
    posthog = Process(
        "posthog (fake)",
        [python, str(POSTHOG_FAKE), str(ports["posthog"])],
        logs / "posthog.log",
        ready_port=ports["posthog"],
    )
    environment = {
        **os.environ,
        "DESIGNCORE_ENV": "development",  # the payment sandbox and mail outbox stay on
        "DESIGNCORE_DATA_DIR": str(directory / "data"),
        "DESIGNCORE_PUBLIC_URL": base_url,
        "DESIGNCORE_HOST": "127.0.0.1",
        "DESIGNCORE_WORKERS": "1",
        "DESIGNCORE_TRUSTED_PROXIES": "127.0.0.1",
        "DESIGNCORE_WEB_DIST": str(web_dist),
        "DESIGNCORE_INLINE_CHECKOUT_DIST": str(inline_checkout_dist),
        "DESIGNCORE_SEED_ON_START": "false",
        "DESIGNCORE_PERIODIC_TICK_SECONDS": "0",
        "DESIGNCORE_DATABASE_URL": postgres.url,
        "DESIGNCORE_KEY_ENCRYPTION_KEY": base64.urlsafe_b64encode(os.urandom(32)).decode(),
        "DESIGNCORE_RATE_LIMIT_BACKEND": "redis",
        "DESIGNCORE_REDIS_URL": f"redis://127.0.0.1:{ports['redis']}/0",
        "DESIGNCORE_STORAGE_BACKEND": "s3",
        "DESIGNCORE_S3_ENDPOINT_URL": f"http://127.0.0.1:{ports['s3']}",
        "DESIGNCORE_S3_REGION": "us-east-1",
        "DESIGNCORE_S3_ACCESS_KEY_ID": S3_ACCESS_KEY,
        "DESIGNCORE_S3_SECRET_ACCESS_KEY": S3_SECRET_KEY,
        "DESIGNCORE_S3_BUCKET_PREFIX": "designcore-",
        "DESIGNCORE_S3_CREATE_BUCKETS": "true",
        "DESIGNCORE_ANALYTICS_BACKEND": "posthog",
        "DESIGNCORE_POSTHOG_API_KEY": POSTHOG_API_KEY,
        "DESIGNCORE_POSTHOG_HOST": f"http://127.0.0.1:{ports['posthog']}",
    }
    if "DESIGNCORE_JOBS_BROKER_URL" in _known_variables():
        environment["DESIGNCORE_JOBS_BROKER_URL"] = f"redis://127.0.0.1:{ports['redis']}/1"
    environment.update(extra_environment or {})
    # moto and boto3 read the AWS variables; a developer's own must not leak in.
    environment.pop("AWS_PROFILE", None)

    def app(index: int) -> Process:
        own = dict(environment)
        if index == 0:  # housekeeping in one process, as deploy/systemd does
            own["DESIGNCORE_PERIODIC_TICK_SECONDS"] = "60"
        port = app_ports[index]
        return Process(
            f"app {index} (:{port})",
            [python, "-m", "designcore.app.cli", "serve", "--workers", "1", "--port", str(port)],
            logs / f"app-{index}.log",
            environment=own,
            ready_url=f"http://127.0.0.1:{port}/api/v1/health",
        )

    apps = [app(index) for index in range(app_processes)]
    job_workers: list[Process] = []
    if workers > 0:
        if _has_command(python, "worker"):
            job_workers = [
                Process(
                    f"worker {index}",
                    [python, "-m", "designcore.app.cli", "worker", "--processes", "1"],
                    logs / f"worker-{index}.log",
                    environment=environment,
                )
                for index in range(workers)
            ]
        else:
            log.warning(
                "skipping %d job worker%s: this designcore has no `worker` command yet",
                workers,
                "" if workers == 1 else "s",
            )
    nginx_prefix = directory / "nginx"
    for sub in ("conf/snippets", "logs", "temp", "cache"):
        (nginx_prefix / sub).mkdir(parents=True)
    shutil.copy(SNIPPET, nginx_prefix / "conf" / "snippets" / SNIPPET.name)
    (nginx_prefix / "conf" / "nginx.conf").write_text(
        _nginx_config(
            prefix=nginx_prefix,
            port=ports["nginx"],
            web_dist=web_dist,
            app_ports=app_ports,
            csp=_page_policy(environment),
        )
    )
    nginx = Process(
        "nginx",
        [
            "nginx",
            "-p",
            f"{nginx_prefix}/",
            "-e",
            str(nginx_prefix / "logs" / "error.log"),
            "-c",
            str(nginx_prefix / "conf" / "nginx.conf"),
            "-g",
            "daemon off;",
        ],
        logs / "nginx.log",
        ready_port=ports["nginx"],
    )
    cluster = Cluster(
        directory=directory,
        base_url=base_url,
        environment=environment,
        postgres=postgres,
        redis=redis,
        apps=apps,
        workers=job_workers,
        nginx=nginx,
        others=[s3, posthog],
    )
    try:
        postgres.initialise()
        for process in (redis, s3, posthog):
            process.start()
        log.info("services up in %.1f s; preparing the database", time.monotonic() - started)
        prepared = subprocess.run(
            [python, "-m", "designcore.app.cli", "prepare"],
            env=environment,
            cwd=directory,
            capture_output=True,
            text=True,
            check=False,
        )
        if prepared.returncode != 0:
            raise ClusterError(f"designcore prepare failed:\n{prepared.stdout}{prepared.stderr}")
        # Started together: each serve only migrates (nothing to do) and finds the keys.
        for process in apps:
            process.start()
        for process in job_workers:
            process.start()
        nginx.start()
        if not _answers(f"{base_url}/api/v1/health"):
            raise ClusterError(
                f"nginx does not reach the app:\n{_tail(nginx_prefix / 'logs' / 'error.log')}"
            )
        log.info(
            "cluster up at %s in %.1f s: %d app process%s, %d worker%s (logs in %s)",
            base_url,
            time.monotonic() - started,
            len(apps),
            "" if len(apps) == 1 else "es",
            len(job_workers),
            "" if len(job_workers) == 1 else "s",
            logs,
        )
        yield cluster
    finally:
        cluster.stop()
        if keep_directory:
            log.info("kept %s and %s", directory, pg_directory)
        else:
            shutil.rmtree(directory, ignore_errors=True)
            shutil.rmtree(pg_directory, ignore_errors=True)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--app-processes", type=int, default=2)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--keep", action="store_true", help="keep the cluster's files at the end")
    options = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s: %(message)s")
    # SIGTERM stops the cluster as Ctrl-C does (the finally of running_cluster runs).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    with running_cluster(
        options.app_processes, options.workers, keep_directory=options.keep
    ) as cluster:
        print(f"nginx       {cluster.base_url}", flush=True)
        print(f"PostgreSQL  {cluster.postgres_url}")
        print(f"Redis       {cluster.redis_url}")
        print(f"S3          {cluster.s3_endpoint_url}")
        print(f"PostHog     {cluster.posthog_url}")
        print(f"logs        {cluster.directory / 'logs'}", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            while True:
                time.sleep(3600)
    return 0


if __name__ == "__main__":
    sys.exit(main())
