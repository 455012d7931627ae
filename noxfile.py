"""Development sessions. ``./dev test`` runs lint, types, tests, web, checkout, e2e and audit.

The Python sessions share one environment: the one nox itself runs in, ``.venv``, where ``./dev``
installs designcore with every extra and the development tools (once per change of
pyproject.toml). They make no virtualenv of their own and install nothing, so a run spends no
time on packaging (docs/decisions.md, "One environment for the Python sessions").
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import nox

nox.options.sessions = ["lint", "types", "tests", "web", "checkout", "e2e", "audit"]
nox.options.reuse_existing_virtualenvs = True
nox.options.error_on_external_run = True

ROOT = Path(__file__).parent
PYTHON = "3.11"


def npm_ci(session: nox.Session, folder: str) -> None:
    """``npm ci`` in ``folder``, skipped when node_modules matches the lockfile already.

    The stamp is the one ``./dev`` writes: the SHA-256 of package-lock.json.
    """
    directory = ROOT / folder
    lock = hashlib.sha256((directory / "package-lock.json").read_bytes()).hexdigest()
    stamp = directory / "node_modules" / ".designcore-stamp"
    session.chdir(directory)
    if stamp.is_file() and stamp.read_text().strip() == lock:
        session.log(f"{folder}/node_modules matches package-lock.json")
        return
    session.run("npm", "ci", "--no-audit", "--no-fund", "--loglevel=error", external=True)
    stamp.write_text(lock + "\n")


def build_bundles(session: nox.Session) -> None:
    """The payment popup script and the web app's bundle, for sessions that serve them (the
    bundle alone: the web session type-checks, and `npm run build` would do it again); ends in
    the project's root."""
    npm_ci(session, "inline-checkout")
    session.run("npm", "run", "build", external=True)
    npm_ci(session, "web")
    session.run("npx", "vite", "build", external=True)
    session.chdir(ROOT)


def install_project(session: nox.Session) -> None:
    """The project and its development tools, editable (for sessions with a virtualenv)."""
    session.install("-e", "packages/designcore-fonts", "-e", ".[dev]")


def project_python(session: nox.Session) -> str:
    """The interpreter nox runs under, which has designcore and its development tools (``./dev``
    installs them into ``.venv``); the session stops with what to do when it has not."""
    if importlib.util.find_spec("designcore") is None or importlib.util.find_spec("pytest") is None:
        session.error(
            f"{sys.executable} lacks designcore[dev]: run nox through ./dev "
            "(`./dev nox -s tests`), or `pip install -e packages/designcore-fonts -e '.[dev]'` "
            "where nox runs"
        )
    return sys.executable


TEST_POSTGRES_URL = os.environ.get(
    "DESIGNCORE_TEST_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test"
)


@nox.session(python=False)
def tests(session: nox.Session) -> None:
    """Python unit and contract tests (memory, SQLite and PostgreSQL)."""
    session.run(project_python(session), "-m", "pytest", "-n", "2", *session.posargs)


@nox.session(python=False)
def lint(session: nox.Session) -> None:
    """ruff: lint and formatting."""
    python = project_python(session)
    paths = ("src", "tests", "noxfile.py", "benchmarks", "examples", "tools")
    session.run(python, "-m", "ruff", "check", *paths)
    session.run(python, "-m", "ruff", "format", "--check", *paths)


@nox.session(python=False)
def types(session: nox.Session) -> None:
    """mypy, strict, on src/."""
    session.run(project_python(session), "-m", "mypy", *session.posargs)


@nox.session(python=False)
def web(session: nox.Session) -> None:
    """The web app: typecheck, Jest and a production build."""
    npm_ci(session, "web")
    # The committed API types must be what the server's document gives today.
    session.run(
        "npm",
        "run",
        "api-types:check",
        external=True,
        env={"DESIGNCORE_PYTHON": project_python(session)},
    )
    session.run("npm", "run", "typecheck", external=True)
    session.run("npm", "run", "lint", external=True)
    # Both cores: Jest's default leaves one idle on a two-core machine.
    session.run("npm", "test", "--", "--ci", "--maxWorkers=2", external=True)
    # The bundle alone: `npm run build` would type-check a second time.
    session.run("npx", "vite", "build", external=True)


@nox.session(python=False)
def fuzz(session: nox.Session) -> None:
    """The long schemathesis run: at least 200 generated requests per operation against the
    app on SQLite and on PostgreSQL, failing on any 5xx or answer the document does not
    declare (``tests/contract/test_api_document.py``; the test suite runs a few per operation).
    """
    session.run(
        project_python(session),
        "-m",
        "pytest",
        "tests/contract/test_api_document.py",
        # Hundreds of requests per operation take far longer than the suite's per-test budget.
        "--timeout=3600",
        *session.posargs,
        env={
            "DESIGNCORE_FUZZ_EXAMPLES": os.environ.get("DESIGNCORE_FUZZ_EXAMPLES", "200"),
            "DESIGNCORE_REQUIRE_POSTGRES": "1",
        },
    )


@nox.session(python=False)
def checkout(session: nox.Session) -> None:
    """The payment script: Jest, build and size report."""
    npm_ci(session, "inline-checkout")
    session.run("npm", "test", "--", "--ci", external=True)
    session.run("npm", "run", "build", external=True)
    session.run("npm", "run", "size", external=True)


@nox.session(python=False)
def audit(session: nox.Session) -> None:
    """Known vulnerabilities: pip-audit of the Python environment and ``npm audit --omit=dev``
    of web/ and inline-checkout/ (tools/audit.py), failing on one that audit-allowlist.toml
    does not allow, or on an allow-list entry past its review date. A vulnerability database
    that cannot be reached is reported as ``AUDIT UNAVAILABLE`` and does not fail the session
    unless DESIGNCORE_AUDIT_REQUIRE=1 (docs/security.md, "Audit")."""
    python = project_python(session)
    script = str(ROOT / "tools" / "audit.py")
    session.run(python, script, "python")
    for folder in ("web", "inline-checkout"):  # npm audit reads package-lock.json only
        session.run(python, script, "npm", folder)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_until_up(url: str, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=2) as answer:
                if answer.status == 200:
                    return
        except OSError:
            time.sleep(0.3)
    raise RuntimeError(f"the server did not answer at {url}")


@nox.session(python=False)
def e2e(session: nox.Session) -> None:
    """Browser tests: the product on its embedded defaults, driven in real Chromium."""
    python = project_python(session)
    build_bundles(session)
    port = free_port()
    # A second origin, where web/e2e/cors.e2e.mjs serves a page that calls the API via CORS.
    app_origin = f"http://127.0.0.1:{free_port()}"
    with tempfile.TemporaryDirectory(prefix="designcore-e2e-") as data:
        env = {
            **os.environ,
            "DESIGNCORE_ENV": "development",
            "DESIGNCORE_DATA_DIR": data,
            "DESIGNCORE_PORT": str(port),
            "DESIGNCORE_PUBLIC_URL": f"http://127.0.0.1:{port}",
            "DESIGNCORE_WEB_DIST": str(ROOT / "web" / "dist"),
            "DESIGNCORE_INLINE_CHECKOUT_DIST": str(ROOT / "inline-checkout" / "dist"),
            "DESIGNCORE_CORS_ORIGINS": app_origin,
            # Every file signs up its own members from this one address, and a file that fails
            # is run again: room for the whole suite twice over.
            "DESIGNCORE_AUTH_SIGNUPS_PER_HOUR": "1000",
        }
        server = subprocess.Popen([python, "-m", "designcore.app.cli", "serve"], env=env)
        try:
            wait_until_up(f"http://127.0.0.1:{port}/api/v1/health")
            run_browser_tests(
                session,
                {
                    "E2E_BASE_URL": f"http://127.0.0.1:{port}",
                    "E2E_CORS_ORIGIN": app_origin,
                    # The operator's CLI on the server's data (web/e2e/support/cli.mjs), for
                    # what only an operator can do, such as granting the admin role.
                    "E2E_CLI_PYTHON": python,
                    "E2E_SERVER_ENV": json.dumps(env),
                },
            )
        finally:
            server.terminate()
            server.wait(timeout=20)


def run_browser_tests(
    session: nox.Session, env: dict[str, str], chosen: tuple[str, ...] = ()
) -> None:
    """Each web/e2e file (or those whose names contain a non-option posarg, else one of
    ``chosen`` when given) in real Chromium, one after another. A file that fails is run once more: a file that passes then is reported as FLAKY
    by name (it passes the session, loudly); one that fails twice fails the session. The names
    of the failing files come last, where a truncated CI log still shows them."""
    web = ROOT / "web"
    files = sorted(path.name for path in (web / "e2e").glob("*.e2e.mjs"))
    wanted = [arg for arg in session.posargs if not arg.startswith("-")] or list(chosen)
    if wanted:
        files = [name for name in files if any(arg in name for arg in wanted)]
    child_env = {**os.environ, **env}

    def run(name: str) -> bool:
        command = ["node", "--test", "--test-reporter=spec", f"e2e/{name}"]
        session.log(" ".join(command))
        return subprocess.run(command, cwd=web, env=child_env, check=False).returncode == 0

    failed = [name for name in files if not run(name)]
    flaky: list[str] = []
    broken: list[str] = []
    for name in failed:
        session.log(f"{name} failed; running it once more to tell a flaky test from a broken one")
        (flaky if run(name) else broken).append(name)
    session.log(f"browser tests: {len(files)} files, {len(files) - len(failed)} passed first time")
    for name in flaky:
        session.warn(f"FLAKY: {name} failed, then passed when run again")
    if broken:
        session.error("browser tests failed twice: " + ", ".join(broken))


CLUSTER_BROWSER_TESTS = ("journey", "security", "home", "browse", "my-designs")
"""The browser tests ``nox -s cluster`` runs through nginx: the member's journey, the pages
under their CSP, browsing and saved designs (S3)."""


@nox.session(python=False)
def cluster(session: nox.Session) -> None:
    """The production set-up on one machine, on loopback (benchmarks/cluster.py, docs/deploy.md):
    nginx with deploy/nginx's snippet in front of DESIGNCORE_CLUSTER_APPS app processes (2), its
    own PostgreSQL, Redis, S3 (moto) and PostHog (the tests' fake), DESIGNCORE_CLUSTER_WORKERS
    job workers (2, once `designcore worker` exists); the browser journey and the tests of
    CLUSTER_BROWSER_TESTS (or those named in posargs) run through nginx."""
    started = time.monotonic()
    python = project_python(session)
    build_bundles(session)
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from cluster import export_job_through, running_cluster  # benchmarks/cluster.py

    with running_cluster(
        app_processes=int(os.environ.get("DESIGNCORE_CLUSTER_APPS", "2")),
        workers=int(os.environ.get("DESIGNCORE_CLUSTER_WORKERS", "2")),
        python=python,
        # Every browser test signs up its own members from 127.0.0.1 (as in the e2e session).
        extra_environment={"DESIGNCORE_AUTH_SIGNUPS_PER_HOUR": "1000"},
    ) as running:
        session.log(f"cluster up at {running.base_url}; logs in {running.directory / 'logs'}")
        run_browser_tests(
            session,
            {
                "E2E_BASE_URL": running.base_url,
                "E2E_CLI_PYTHON": python,
                "E2E_SERVER_ENV": json.dumps(running.environment),
            },
            CLUSTER_BROWSER_TESTS,
        )
        if running.workers:
            # A big export through nginx is a job, and a job worker (not an app process) runs it.
            worker = export_job_through(running.base_url)
            pids = {str(process.popen.pid) for process in running.workers if process.popen}
            if worker.rpartition(":")[2] not in pids:  # the job's worker is HOST:PID
                session.error(f"the export job ran in {worker}, not in a job worker {pids}")
            session.log(f"a big export through nginx ran as a job in worker {worker}")
    session.log(f"cluster session: {time.monotonic() - started:.0f} s")


@nox.session(python=False)
def cluster_bench(session: nox.Session) -> None:
    """Throughput through the cluster's nginx, each figure paired with one app process asked
    directly (benchmarks/cluster_bench.py), written to docs/benchmarks-cluster.md."""
    python = project_python(session)
    ensure_wrk(session)
    npm_ci(session, "web")
    session.run("npx", "vite", "build", external=True)
    session.chdir(ROOT)
    session.run(python, "benchmarks/cluster_bench.py", *session.posargs)


@nox.session(python=False)
def load(session: nox.Session) -> None:
    """Load and faults (benchmarks/load_faults.py, users in benchmarks/users.py): 200 users for
    60 s against one `designcore serve` process (the reference), then through the loopback
    cluster (nginx, 2 app processes, 2 job workers, its own PostgreSQL and Redis): a plain run,
    PostgreSQL restarted mid-load, Redis stopped mid-load; written to docs/benchmarks-load.md.
    posargs go to the script (``-- --users 50 --seconds 20 --only single``)."""
    python = project_python(session)
    build_bundles(session)
    session.run("uptime", external=True)
    session.run(python, "benchmarks/load_faults.py", *session.posargs, external=True)
    session.run("uptime", external=True)


def ensure_wrk(session: nox.Session) -> None:
    """wrk, the load generator of the concurrent benchmark: Debian's package, installed with
    apt-get when missing (as root), else a message saying how."""
    if shutil.which("wrk"):
        return
    if os.geteuid() != 0 or not shutil.which("apt-get"):
        session.error("the concurrent benchmark needs wrk: apt-get install wrk")
    session.log("installing wrk (Debian's package) for the concurrent benchmark")
    session.run("apt-get", "update", "-qq", external=True)
    session.run(
        "apt-get",
        "install",
        "-y",
        "-qq",
        "wrk",
        external=True,
        env={"DEBIAN_FRONTEND": "noninteractive"},
    )


@nox.session(python=PYTHON)
def bench(session: nox.Session) -> None:
    """Benchmarks on SQLite and PostgreSQL: analytics capture and the dashboard's summary
    (benchmarks/analytics.py); the catalogue with 100,000 templates, sequential
    and under concurrent load (docs/benchmarks.md), the auth service
    (docs/benchmarks-auth.md), the renderer (docs/benchmarks-render.md) and the
    image-rendering path (docs/benchmarks-images.md), and saving a 200-element design
    (docs/benchmarks.md, "Saving a design"), and design prompting: the evaluation set's
    figures and a prompt to four previews (docs/benchmarks.md, "Design prompting")."""
    install_project(session)
    ensure_wrk(session)
    session.run("python", "benchmarks/catalogue.py", *session.posargs)
    session.run("python", "benchmarks/auth.py")
    session.run("python", "benchmarks/render.py")
    session.run("python", "benchmarks/images.py")
    session.run("python", "benchmarks/logo_maker.py")
    session.run("python", "benchmarks/analytics.py", "--postgres", TEST_POSTGRES_URL)
    session.run("python", "benchmarks/designs.py")
    session.run("python", "benchmarks/prompting.py")


@nox.session(python=PYTHON)
def bench_render(session: nox.Session) -> None:
    """The renderer's benchmark alone (docs/benchmarks-render.md): the 20 seed flyers at
    1080 px, drawing and PNG encoding apart, before and after, beside the reference editor's
    figure; one flyer to PNG and to a 300 DPI PDF; peak memory."""
    install_project(session)
    session.run("python", "benchmarks/render.py", *session.posargs)


@nox.session(python=PYTHON)
def bench_reads(session: nox.Session) -> None:
    """The catalogue's reads near the framework's ceiling (issue 22): home rows, page 1000 and
    search on SQLite and PostgreSQL with 100,000 templates, one worker, no answer cache, each
    run paired with bare Litestar (benchmarks/catalogue_reads.py; its section of
    docs/benchmarks.md). Arguments pass through (``-- --repeats 5 --backends sqlite``)."""
    install_project(session)
    ensure_wrk(session)
    session.run("python", "benchmarks/catalogue_reads.py", *session.posargs)


@nox.session(python=False)
def bench_web(session: nox.Session) -> None:
    """Benchmarks of the web app in headless Chromium against the built product on its embedded
    defaults: Home's first view (web/bench/browse-perf.mjs) and the editor with a 200-element
    page, opened and dragged (web/bench/editor-perf.mjs); figures in docs/benchmarks.md."""
    python = project_python(session)
    npm_ci(session, "web")
    # The bundle alone (the web session type-checks; `npm run build` would do it again).
    session.run("npx", "vite", "build", external=True)
    session.chdir(ROOT)
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="designcore-bench-web-") as data:
        env = {
            **os.environ,
            "DESIGNCORE_ENV": "development",
            "DESIGNCORE_DATA_DIR": data,
            "DESIGNCORE_PORT": str(port),
            "DESIGNCORE_PUBLIC_URL": f"http://127.0.0.1:{port}",
            "DESIGNCORE_WEB_DIST": str(ROOT / "web" / "dist"),
        }
        server = subprocess.Popen([python, "-m", "designcore.app.cli", "serve"], env=env)
        try:
            wait_until_up(f"http://127.0.0.1:{port}/api/v1/health")
            session.chdir(ROOT / "web")
            bench_env = {"E2E_BASE_URL": f"http://127.0.0.1:{port}"}
            session.run("uptime", external=True)
            session.run("node", "bench/browse-perf.mjs", external=True, env=bench_env)
            session.run("node", "bench/editor-perf.mjs", external=True, env=bench_env)
            session.run("uptime", external=True)
        finally:
            server.terminate()
            server.wait(timeout=20)


@nox.session(python=False)
def serve(session: nox.Session) -> None:
    """Build the web app and the payment popup script, and serve the product on its embedded
    defaults."""
    python = project_python(session)
    npm_ci(session, "inline-checkout")
    session.run("npm", "run", "build", external=True)
    npm_ci(session, "web")
    session.run("npm", "run", "build", external=True)
    session.chdir(ROOT)
    session.run(
        python,
        "-m",
        "designcore.app.cli",
        "serve",
        *session.posargs,
        env={"DESIGNCORE_ENV": os.environ.get("DESIGNCORE_ENV", "development")},
    )
