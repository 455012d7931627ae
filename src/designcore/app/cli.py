"""The ``designcore`` command: serve, migrate, seed, site settings and the API document."""

from __future__ import annotations

import argparse
import base64
import gc
import json
import logging
import os
import secrets
import signal
import subprocess
import sys
import threading
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from dotenv import dotenv_values

from designcore.app.container import Container, MissingExtra, build_container, optional_technology
from designcore.app.settings import load_settings
from designcore.domain.errors import DesignCoreError

if TYPE_CHECKING:
    from litestar import Litestar

log = logging.getLogger(__name__)


def _container(environ: Mapping[str, str] | None = None) -> Container:
    dotenv = dotenv_values(".env") if os.path.exists(".env") else {}
    return build_container(load_settings(os.environ if environ is None else environ, dotenv))


def serve_environment(args: argparse.Namespace, environ: Mapping[str, str]) -> dict[str, str]:
    """The variables ``serve`` runs with: its flags win over ``DESIGNCORE_HOST``, ``_PORT`` and
    ``_WORKERS`` (so an unset public URL follows the port actually served)."""
    merged = dict(environ)
    flags = {"HOST": args.host, "PORT": args.port, "WORKERS": args.workers}
    merged.update({f"DESIGNCORE_{name}": str(value) for name, value in flags.items() if value})
    return merged


KEEP_ALIVE_SECONDS = 80
"""How long an idle HTTP connection is kept open (longer than a proxy's 75 s default)."""


def worker_app() -> Litestar:
    """The app of one process of ``serve --workers N`` (uvicorn imports this by name).

    Its settings come from the environment ``serve`` prepared; the database is migrated and
    the signing keys made before any worker starts.
    """
    from designcore.app.http import create_app

    container = _container()
    logging.basicConfig(level=container.settings().log_level)
    app = create_app(container=container)
    _ = app.openapi_schema  # built now, not on the first request for it
    gc.freeze()
    return app


def prepare_server(container: Container) -> None:
    """What runs once before any worker starts: migrations, seeding an empty catalogue, and
    the signing keys (so workers starting together find them and never race to make their
    own; rotation then runs in one process only)."""
    from designcore.app.seeding import migrate_database, prepare

    if container.settings().server.seed_on_start:
        prepare(container)
    else:
        migrate_database(container)
    if container.settings().database.backend == "sqlalchemy":
        container.token_signer()


def _workers(container: Container) -> int:
    settings = container.settings()
    wanted = settings.server.workers or os.cpu_count() or 1
    if wanted > 1 and settings.database.backend == "memory":
        log.warning("in-memory adapters cannot be shared between processes: serving one worker")
        return 1
    if wanted > 1 and settings.auth.rate_limit_backend == "memory":
        log.warning(
            "rate limits are counted per process with DESIGNCORE_RATE_LIMIT_BACKEND=memory; "
            "%d workers let a client make up to %d times as many requests (use redis)",
            wanted,
            wanted,
        )
    return wanted


def _serve(args: argparse.Namespace) -> int:
    with optional_technology():
        import uvicorn

        from designcore.app.http import create_app
    from designcore.app.periodic import Schedule, run_in_thread

    environ = serve_environment(args, os.environ)
    container = _container(environ)
    settings = container.settings()
    logging.basicConfig(level=settings.log_level)
    prepare_server(container)
    if settings.web_dist is None:
        print("note: no built web app found (run `npm run build` in web/); serving the API only")
    workers = _workers(container)
    server = settings.server
    log.info(
        "serving on %s:%d with %d worker%s; public URL %s",
        server.host,
        server.port,
        workers,
        "" if workers == 1 else "s",
        settings.auth.public_url,
    )
    options: dict[str, Any] = {
        "host": server.host,
        "port": server.port,
        "log_level": settings.log_level.lower(),
        "timeout_graceful_shutdown": max(1, round(server.shutdown_seconds)),
        # Idle connections stay open longer than clients and proxies keep theirs (Node's fetch
        # 4 s, nginx 75 s), so the server never closes one just as a client reuses it: with
        # uvicorn's 5 s, a POST sent on such a socket failed with "other side closed".
        "timeout_keep_alive": KEEP_ALIVE_SECONDS,
        # The forwarding headers are read by the app, from DESIGNCORE_TRUSTED_PROXIES only
        # (designcore.app.http.client_origin); uvicorn's own reading trusts loopback.
        "proxy_headers": False,
    }
    if workers == 1:
        app = create_app(container=container)
        _ = app.openapi_schema  # built now, not on the first request for it
        # What start-up made lives as long as the process: keep it out of every collection
        # (a full collection would otherwise walk it, a pause of tens of milliseconds).
        gc.freeze()
        uvicorn.run(app, **options)
        return 0
    # Housekeeping runs here in the supervising process, once, not in every worker.
    tick = server.periodic_tick_seconds
    stop = (
        run_in_thread(Schedule(container.periodic_jobs(), container.clock()), tick)
        if tick > 0
        else None
    )
    os.environ.update(environ)
    os.environ["DESIGNCORE_PERIODIC_TICK_SECONDS"] = "0"
    os.environ["DESIGNCORE_SEED_ON_START"] = "false"
    try:
        uvicorn.run("designcore.app.cli:worker_app", factory=True, workers=workers, **options)
    finally:
        if stop is not None:
            stop()
    return 0


def _worker(args: argparse.Namespace) -> int:
    """Run background jobs from the broker: ``--processes`` processes of ``--threads`` threads
    (each process a Dramatiq worker over the job service)."""
    container = _container()
    settings = container.settings()
    logging.basicConfig(level=settings.log_level)
    if settings.jobs.in_process:
        print(
            "DESIGNCORE_JOBS_BROKER_URL is empty: jobs run in threads of each app process "
            "(`designcore serve`), so no worker is needed; set it to a redis:// or amqp:// URL "
            "to run jobs in workers"
        )
        return 0
    processes, threads = max(1, args.processes), max(1, args.threads)
    if processes > 1:
        return _worker_processes(processes, threads)
    with optional_technology():
        from designcore.adapters.dramatiq import DramatiqJobQueue
    jobs = container.jobs()
    queue = jobs.queue
    if not isinstance(queue, DramatiqJobQueue):  # pragma: no cover - an adapter of one's own
        print("error: this job queue has no worker of its own", file=sys.stderr)
        return 1
    queue.serve(jobs.run)
    worker = queue.worker(threads)
    stopping = threading.Event()
    for number in (signal.SIGINT, signal.SIGTERM):
        signal.signal(number, lambda *_: stopping.set())
    worker.start()
    print(f"worker {os.getpid()} ready: queue {queue.queue_name}, {threads} threads", flush=True)
    stopping.wait()
    worker.stop(timeout=round(settings.server.shutdown_seconds * 1000))
    queue.close()
    return 0


def _worker_processes(processes: int, threads: int) -> int:
    """Start ``processes`` single-process workers and wait for them; a signal stops them all."""
    command = [sys.executable, "-m", "designcore.app.cli", "worker", "--threads", str(threads)]
    children = [subprocess.Popen(command) for _ in range(processes)]

    def stop(*_: object) -> None:
        for child in children:
            if child.poll() is None:
                child.send_signal(signal.SIGTERM)

    for number in (signal.SIGINT, signal.SIGTERM):
        signal.signal(number, stop)
    return max(child.wait() for child in children)


def _migrate(_: argparse.Namespace) -> int:
    from designcore.app.seeding import migrate_database

    migrate_database(_container())
    print("database is up to date")
    return 0


def _prepare(_: argparse.Namespace) -> int:
    from designcore.app.seeding import prepare

    container = _container()
    prepare(container)
    if container.settings().database.backend == "sqlalchemy":
        container.token_signer()
    print("database is up to date, the catalogue seeded and the signing keys made")
    return 0


def _seed(args: argparse.Namespace) -> int:
    from designcore.app.seeding import migrate_database, seed

    container = _container()
    migrate_database(container)
    written = seed(container, force=args.force)
    print(f"seeded {written} templates")
    return 0


def _settings_get(args: argparse.Namespace) -> int:
    from designcore.app.seeding import migrate_database

    container = _container()
    migrate_database(container)
    setting = container.site_settings().get(args.key)
    print(json.dumps(setting.setting_value))
    return 0


def _settings_set(args: argparse.Namespace) -> int:
    from designcore.app.seeding import migrate_database

    try:
        value = json.loads(args.value)
    except json.JSONDecodeError:
        print(
            f'error: VALUE must be JSON (true, false, 12, "text"), got {args.value!r}',
            file=sys.stderr,
        )
        return 2
    container = _container()
    migrate_database(container)
    setting = container.site_settings().set(args.key, value, by=None)
    print(f"{setting.setting_key} = {json.dumps(setting.setting_value)}")
    return 0


def _admin_grant(args: argparse.Namespace) -> int:
    from designcore.app.seeding import migrate_database

    container = _container()
    migrate_database(container)
    profile = container.profiles().grant_admin(args.email)
    print(f"{profile.email} is now an admin")
    return 0


def _auth_clean_up(_args: argparse.Namespace) -> int:
    from designcore.app.seeding import migrate_database

    container = _container()
    migrate_database(container)
    counts = container.auth().clean_up()
    labels = {"refresh_tokens": "replaced refresh tokens", "one_time_tokens": "expired mail tokens"}
    print(", ".join(f"{counts[key]} {label}" for key, label in labels.items()) + " deleted")
    return 0


def _payments_reconcile(_args: argparse.Namespace) -> int:
    from designcore.app.seeding import migrate_database

    container = _container()
    migrate_database(container)
    counts = container.payments().reconcile()
    print(", ".join(f"{count} {what}" for what, count in counts.items()))
    return 0


def _subscriptions_expire(_args: argparse.Namespace) -> int:
    from designcore.app.seeding import migrate_database

    container = _container()
    migrate_database(container)
    counts = container.payments().expire()
    print(f"{counts['expired']} subscriptions expired")
    return 0


def _keys_new_encryption_key(_args: argparse.Namespace) -> int:
    print(base64.urlsafe_b64encode(secrets.token_bytes(32)).decode("ascii"))
    return 0


def _keys_re_encrypt(_args: argparse.Namespace) -> int:
    from designcore.app.seeding import migrate_database

    container = _container()
    migrate_database(container)
    rewritten = container.reseal_signing_keys()
    container.token_signer()  # opens every private half, and makes the first key if none
    total = len(container.key_ring().load())
    print(f"{rewritten} of {total} signing keys re-encrypted; all are sealed with the current key")
    return 0


def api_document() -> dict[str, Any]:
    """The server's OpenAPI document, the same whatever the environment: an app built on the
    default development settings over a throw-away data directory, never started."""
    import tempfile

    from designcore.app.http import create_app

    with tempfile.TemporaryDirectory() as data_dir:
        settings = load_settings({"DESIGNCORE_ENV": "development", "DESIGNCORE_DATA_DIR": data_dir})
        document: dict[str, Any] = create_app(settings).openapi_schema.to_schema()
    return document


def _openapi(_args: argparse.Namespace) -> int:
    print(json.dumps(api_document(), indent=2, sort_keys=True))
    return 0


def parser() -> argparse.ArgumentParser:
    """The command-line grammar."""
    top = argparse.ArgumentParser(prog="designcore", description=__doc__)
    commands = top.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help="migrate, seed an empty database, and serve HTTP")
    serve.add_argument("--host", help="address to listen on (default: DESIGNCORE_HOST)")
    serve.add_argument("--port", type=int, help="port (default: DESIGNCORE_PORT)")
    serve.add_argument(
        "--workers",
        type=int,
        help="server processes (default: DESIGNCORE_WORKERS, else one per CPU core)",
    )
    serve.set_defaults(run=_serve)
    worker = commands.add_parser(
        "worker", help="run background jobs from the broker (DESIGNCORE_JOBS_BROKER_URL)"
    )
    worker.add_argument("--processes", type=int, default=1, help="worker processes (default 1)")
    worker.add_argument("--threads", type=int, default=2, help="threads per process (default 2)")
    worker.set_defaults(run=_worker)
    commands.add_parser("migrate", help="apply database migrations").set_defaults(run=_migrate)
    commands.add_parser(
        "prepare",
        help="migrate, seed an empty catalogue and make the signing keys: what serve does "
        "first, run once before app processes started one by one (docs/deploy.md)",
    ).set_defaults(run=_prepare)
    commands.add_parser(
        "openapi", help="print the API document (OpenAPI JSON, as /schema/openapi.json serves)"
    ).set_defaults(run=_openapi)
    seed = commands.add_parser("seed", help="store the seed catalogue and its previews")
    seed.add_argument("--force", action="store_true", help="overwrite seed templates present")
    seed.set_defaults(run=_seed)
    settings = commands.add_parser("settings", help="read or change site settings")
    verbs = settings.add_subparsers(dest="verb", required=True)
    get = verbs.add_parser("get", help="print a setting as JSON")
    get.add_argument("key")
    get.set_defaults(run=_settings_get)
    put = verbs.add_parser("set", help="change a setting (VALUE is JSON)")
    put.add_argument("key")
    put.add_argument("value")
    put.set_defaults(run=_settings_set)
    admin = commands.add_parser("admin", help="manage administrators")
    admin_verbs = admin.add_subparsers(dest="verb", required=True)
    grant = admin_verbs.add_parser("grant", help="give an account the admin role")
    grant.add_argument("email")
    grant.set_defaults(run=_admin_grant)
    auth = commands.add_parser("auth", help="auth housekeeping")
    auth_verbs = auth.add_subparsers(dest="verb", required=True)
    auth_verbs.add_parser(
        "clean-up", help="delete replaced refresh tokens and expired mailed tokens"
    ).set_defaults(run=_auth_clean_up)
    payments = commands.add_parser("payments", help="payment housekeeping")
    payments_verbs = payments.add_subparsers(dest="verb", required=True)
    payments_verbs.add_parser(
        "reconcile", help="verify payments pending for more than 10 minutes with the provider"
    ).set_defaults(run=_payments_reconcile)
    keys = commands.add_parser("keys", help="the key that encrypts the signing keys at rest")
    key_verbs = keys.add_subparsers(dest="verb", required=True)
    key_verbs.add_parser(
        "new-encryption-key", help="print a new random DESIGNCORE_KEY_ENCRYPTION_KEY"
    ).set_defaults(run=_keys_new_encryption_key)
    key_verbs.add_parser(
        "re-encrypt",
        help="seal every signing key's private half under DESIGNCORE_KEY_ENCRYPTION_KEY "
        "(after rotating it; the old key must be in DESIGNCORE_KEY_ENCRYPTION_OLD_KEYS)",
    ).set_defaults(run=_keys_re_encrypt)
    subscriptions = commands.add_parser("subscriptions", help="subscription housekeeping")
    subscription_verbs = subscriptions.add_subparsers(dest="verb", required=True)
    subscription_verbs.add_parser(
        "expire", help="end premium for subscriptions past their period and 3 days of grace"
    ).set_defaults(run=_subscriptions_expire)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; answer the exit status."""
    args = parser().parse_args(argv)
    try:
        return int(args.run(args))
    except DesignCoreError as error:
        print(f"error: {error.message}", file=sys.stderr)
        return 1
    except MissingExtra as error:
        print(f"error: {error}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
