"""Typed settings, one documented ``DESIGNCORE_*`` variable per field.

``load_settings`` is pure: it reads only the mappings it is given, so tests pass their own.
Nothing else in the library reads the environment (the CLI hands it in).
"""

from __future__ import annotations

import base64
import binascii
import ipaddress
import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal, get_args
from urllib.parse import urlsplit

import attrs
import cattrs

from designcore.app.plugins import ENTRY_POINT_GROUP, is_plugin_spec
from designcore.domain.deployment import (
    DeploymentFacts,
    Mode,
    Network,
    ProductionRefused,
    decide_mode,
    is_loopback_host,
    parse_networks,
    production_refusals,
)
from designcore.domain.errors import FieldIssue, ValidationFailed

PREFIX = "DESIGNCORE_"


def env(name: str, doc: str, default: Any) -> Any:
    """An attrs field tied to the variable ``DESIGNCORE_{name}``."""
    return attrs.field(default=default, metadata={"env": PREFIX + name, "doc": doc})


def backend(name: str, doc: str, default: str, builtins: tuple[str, ...]) -> Any:
    """A port's backend setting: one of ``builtins``, or an adapter from outside the package
    (``module:Class`` or an entry point's name, :mod:`designcore.app.plugins`)."""
    doc += " Or an adapter of your own: `module:Class` or an entry point's name (docs/library.md)."
    return attrs.field(
        default=default, metadata={"env": PREFIX + name, "doc": doc, "builtins": builtins}
    )


STORAGE_BACKENDS = ("local", "memory", "s3")
MAIL_BACKENDS = ("outbox", "smtp")
RATE_LIMIT_BACKENDS = ("memory", "redis")
PAYMENTS_BACKENDS = ("sandbox", "paystack")
CATALOGUE_BACKENDS = ("",)
ACCOUNTS_BACKENDS = ("", "memory")
ANALYTICS_BACKENDS = ("local", "posthog", "none")


@attrs.frozen
class DatabaseSettings:
    """Where the catalogue, accounts and payments live."""

    url: str = env(
        "DATABASE_URL",
        "SQLAlchemy URL: `sqlite:///path.db` (default: a file under the data directory), "
        "`postgresql+psycopg://user@host:5432/db`, or `memory://` for in-memory adapters.",
        "",
    )
    schema: str = env(
        "DATABASE_SCHEMA", "PostgreSQL schema to put every table in (empty: the default).", ""
    )
    read_url: str = env(
        "DATABASE_READ_URL",
        "SQLAlchemy URL of a read replica of the database (same kind and schema) that "
        "answers the catalogue's reads (home rows, listings, search, template details); "
        "writes and every other read stay on the primary. Empty: the primary answers all.",
        "",
    )

    @property
    def backend(self) -> Literal["memory", "sqlalchemy"]:
        """Which adapter family serves the database ports."""
        return "memory" if self.url.startswith("memory:") else "sqlalchemy"


@attrs.frozen
class StorageSettings:
    """Where images and previews are kept."""

    backend: str = backend(
        "STORAGE_BACKEND",
        "`local` (a directory), `memory` or `s3` (any S3-compatible service).",
        "local",
        STORAGE_BACKENDS,
    )
    root: str = env(
        "STORAGE_ROOT", "Directory of the local storage (default: `storage` in the data dir).", ""
    )
    user_buckets: str = env(
        "STORAGE_USER_BUCKETS",
        "Comma-separated buckets signed-in users upload to, each under their own `{user_id}/`.",
        "user-uploads,designs,problem-screenshots",
    )
    admin_buckets: str = env(
        "STORAGE_ADMIN_BUCKETS",
        "Comma-separated buckets only admins upload to.",
        "template-previews",
    )
    private_buckets: str = env(
        "STORAGE_PRIVATE_BUCKETS",
        "Comma-separated buckets never served by the public read and image routes.",
        "designs,problem-screenshots",
    )
    max_upload_bytes: int = env(
        "STORAGE_MAX_UPLOAD_BYTES", "Largest upload accepted (413 above).", 10 * 1024 * 1024
    )
    variants_dir: str = env(
        "IMAGE_VARIANTS_DIR",
        "Directory of the rendered image variants (default: `variants` in the data dir).",
        "",
    )
    variants_max_bytes: int = env(
        "IMAGE_VARIANTS_MAX_BYTES",
        "How much disk the rendered image variants may use; the least recently used go first "
        "(checked hourly).",
        1024**3,
    )
    s3_endpoint_url: str = env(
        "S3_ENDPOINT_URL",
        "Endpoint of an S3-compatible service (empty: AWS's own endpoints).",
        "",
    )
    s3_region: str = env("S3_REGION", "Region of the S3 buckets.", "us-east-1")
    s3_access_key_id: str = env(
        "S3_ACCESS_KEY_ID", "S3 access key (empty: the usual AWS credential chain).", ""
    )
    s3_secret_access_key: str = env("S3_SECRET_ACCESS_KEY", "S3 secret key.", "")
    s3_bucket_prefix: str = env(
        "S3_BUCKET_PREFIX",
        "Prefix put before each bucket name to make the S3 bucket name (`designcore-` makes "
        "`designcore-user-uploads`).",
        "",
    )
    s3_bucket_map: str = env(
        "S3_BUCKET_MAP",
        "Explicit S3 bucket per bucket, `ours=theirs` pairs separated by commas (wins over the "
        "prefix).",
        "",
    )
    s3_create_buckets: bool = env(
        "S3_CREATE_BUCKETS", "Create a missing S3 bucket on the first write to it.", False
    )

    @property
    def user_bucket_names(self) -> tuple[str, ...]:
        """The user buckets as a tuple."""
        return tuple(b.strip() for b in self.user_buckets.split(",") if b.strip())

    @property
    def admin_bucket_names(self) -> tuple[str, ...]:
        """The admin buckets as a tuple."""
        return tuple(b.strip() for b in self.admin_buckets.split(",") if b.strip())

    @property
    def private_bucket_names(self) -> tuple[str, ...]:
        """The private buckets as a tuple."""
        return tuple(b.strip() for b in self.private_buckets.split(",") if b.strip())


@attrs.frozen
class ServerSettings:
    """The HTTP server."""

    host: str = env("HOST", "Address to listen on.", "127.0.0.1")
    port: int = env("PORT", "Port to listen on.", 8000)
    workers: int = env(
        "WORKERS",
        "Server processes `serve` starts (0: one per CPU core). Rate limits are shared only "
        "through Redis; each process keeps its own answer and session caches.",
        0,
    )
    shutdown_seconds: float = env(
        "SHUTDOWN_SECONDS",
        "On SIGTERM or Ctrl-C, how long the server lets requests in progress finish before "
        "closing their connections.",
        20.0,
    )
    web_dist: str = env(
        "WEB_DIST",
        "Directory of the built web app served at `/` (empty: `web/dist` if it exists).",
        "",
    )
    inline_checkout_dist: str = env(
        "INLINE_CHECKOUT_DIST",
        "Directory of the built payment popup script served at `/inline-checkout/v2/inline.js` "
        "(empty: `inline-checkout/dist`).",
        "",
    )
    trusted_proxies: str = env(
        "TRUSTED_PROXIES",
        "Comma-separated addresses or networks (`10.0.0.5, 10.1.0.0/16`) of the reverse proxies "
        "whose `X-Forwarded-For`, `-Proto` and `-Host` are believed (empty: nobody's, loopback "
        "included).",
        "",
    )
    max_body_bytes: int = env("MAX_BODY_BYTES", "Largest request body accepted.", 1_048_576)
    debug: bool = env("DEBUG", "Litestar debug mode (tracebacks in error pages).", False)
    periodic_tick_seconds: float = env(
        "PERIODIC_TICK_SECONDS",
        "How often the server checks for due housekeeping jobs (hourly auth clean-up); 0 turns "
        "them off in this process (run `designcore auth clean-up` from cron instead).",
        60.0,
    )
    cache_seconds: int = env(
        "CACHE_SECONDS",
        "How long search results and home rows may be served from each server process's "
        "answer cache (0: no cache).",
        60,
    )
    seed_on_start: bool = env(
        "SEED_ON_START", "`serve` migrates and seeds an empty database first.", True
    )
    cors_origins: str = env(
        "CORS_ORIGINS",
        "Comma-separated origins (`https://app.example`) whose browser apps may call `/auth/v1`, "
        "`/api/v1` and `/functions/v1` (empty: the public URL's origin).",
        "",
    )


@attrs.frozen
class AuthConfig:
    """The auth service."""

    public_url: str = env(
        "PUBLIC_URL",
        "Where the product is reached: the token issuer is `{PUBLIC_URL}/auth/v1` and mailed "
        "links lead there (empty: `http://{HOST}:{PORT}` of the address served, with `0.0.0.0` "
        "and `::` as `127.0.0.1`).",
        "",
    )
    confirm_email: bool = env(
        "AUTH_CONFIRM_EMAIL",
        "Require e-mail confirmation before sign-in (off: a new user is signed in at once).",
        False,
    )
    access_token_seconds: int = env("AUTH_ACCESS_TOKEN_SECONDS", "Access token lifetime.", 3600)
    signups_per_hour: int = env(
        "AUTH_SIGNUPS_PER_HOUR",
        "New accounts one client address may create in an hour (more behind one shared "
        "address, such as a mobile network's or a church's Wi-Fi, need a higher figure).",
        30,
    )
    secure_password_change: bool = env(
        "AUTH_SECURE_PASSWORD_CHANGE",
        "Require the code `GET /auth/v1/reauthenticate` mails (`nonce`) to change the password "
        "from a session older than 24 hours.",
        False,
    )
    cache_seconds: float = env(
        "AUTH_CACHE_SECONDS",
        "How long a server process keeps a checked session and its user between writes "
        "(`GET /user` and every signed-in request). Writes in the same process clear it at "
        "once; the time bounds how long a sign-out made through another process takes to "
        "reach this one. 0 turns it off.",
        5.0,
    )
    redirect_origins: str = env(
        "AUTH_REDIRECT_ORIGINS",
        "Comma-separated extra origins that `redirect_to` may name (the public URL always may).",
        "",
    )
    rate_limit_backend: str = backend(
        "RATE_LIMIT_BACKEND",
        "Where rate-limit counters live: `memory` or `redis`.",
        "memory",
        RATE_LIMIT_BACKENDS,
    )
    redis_url: str = env("REDIS_URL", "Redis for rate limits.", "redis://127.0.0.1:6379/0")
    google_client_id: str = env(
        "GOOGLE_CLIENT_ID",
        "OAuth client id of Google sign-in (empty: Google sign-in is off).",
        "",
    )
    google_client_secret: str = env(
        "GOOGLE_CLIENT_SECRET", "OAuth client secret of Google sign-in.", ""
    )
    google_authorization_url: str = env(
        "GOOGLE_AUTHORIZATION_URL",
        "Google's authorization endpoint (override only to point at another provider).",
        "https://accounts.google.com/o/oauth2/v2/auth",
    )
    google_token_url: str = env(
        "GOOGLE_TOKEN_URL", "Google's token endpoint.", "https://oauth2.googleapis.com/token"
    )
    google_jwks_url: str = env(
        "GOOGLE_JWKS_URL",
        "Where Google publishes the keys of its ID tokens.",
        "https://www.googleapis.com/oauth2/v3/certs",
    )
    google_issuer: str = env(
        "GOOGLE_ISSUER", "The `iss` of Google's ID tokens.", "https://accounts.google.com"
    )

    @property
    def google_enabled(self) -> bool:
        """Whether Google sign-in is configured."""
        return bool(self.google_client_id and self.google_client_secret)


@attrs.frozen
class MailSettings:
    """Outgoing mail."""

    backend: str = backend(
        "MAIL_BACKEND",
        "`outbox` keeps mail in the data directory and shows it at `/dev/mailbox` (only when "
        "the server listens on a loopback address); `smtp` sends.",
        "outbox",
        MAIL_BACKENDS,
    )
    sender: str = env("MAIL_FROM", "The From address.", "designcore <no-reply@designcore.local>")
    smtp_host: str = env("SMTP_HOST", "SMTP server.", "127.0.0.1")
    smtp_port: int = env("SMTP_PORT", "SMTP port.", 587)
    smtp_username: str = env("SMTP_USERNAME", "SMTP user (empty: no login).", "")
    smtp_password: str = env("SMTP_PASSWORD", "SMTP password.", "")
    smtp_starttls: bool = env("SMTP_STARTTLS", "Use STARTTLS.", True)


@attrs.frozen
class PaystackSandboxSettings:
    """The embedded payment provider, a local emulator of Paystack at `/sandbox/paystack/`."""

    public_key: str = env(
        "PAYSTACK_SANDBOX_PUBLIC_KEY",
        "Public key of the sandbox (a test key, `pk_test_…`).",
        "pk_test_sandbox_designcore",
    )
    secret_key: str = env(
        "PAYSTACK_SANDBOX_SECRET_KEY",
        "Secret key of the sandbox (a test key, `sk_test_…`); signs its webhooks.",
        "sk_test_sandbox_designcore",
    )
    webhooks: bool = env(
        "PAYSTACK_SANDBOX_WEBHOOKS",
        "Whether the sandbox POSTs signed webhook events after each completed charge.",
        True,
    )
    webhook_url: str = env(
        "PAYSTACK_SANDBOX_WEBHOOK_URL",
        "Where the sandbox sends webhooks (empty: `{PUBLIC_URL}/api/v1/webhooks/paystack`).",
        "",
    )


@attrs.frozen
class PaymentsSettings:
    """The payment provider."""

    backend: str = backend(
        "PAYMENTS_BACKEND",
        "`sandbox` (the embedded Paystack emulator and its test cards) or `paystack`.",
        "sandbox",
        PAYMENTS_BACKENDS,
    )
    sandbox: PaystackSandboxSettings = attrs.field(factory=PaystackSandboxSettings)
    paystack_secret_key: str = env(
        "PAYSTACK_SECRET_KEY",
        "Paystack secret key (`sk_live_…` / `sk_test_…`) with `paystack`.",
        "",
    )
    paystack_public_key: str = env(
        "PAYSTACK_PUBLIC_KEY", "Paystack public key (`pk_…`), handed to the payment popup.", ""
    )
    paystack_base_url: str = env(
        "PAYSTACK_BASE_URL", "Paystack's API root.", "https://api.paystack.co"
    )
    plan_code: str = env(
        "PAYSTACK_PLAN_CODE", "The provider's plan code of the Premium Plan (optional).", ""
    )


@attrs.frozen
class KeyEncryptionSettings:
    """The key that encrypts the private halves of the token-signing keys in the database."""

    key: str = env(
        "KEY_ENCRYPTION_KEY",
        "Encrypts the signing keys' private halves at rest: 32 random bytes in URL-safe base64 "
        "(`designcore keys new-encryption-key` prints one). Required with PostgreSQL, or SQLite "
        "and an https `PUBLIC_URL`; otherwise made once into `key-encryption.key` in the data dir "
        "(mode 0600), or per process with `memory://`.",
        "",
    )
    old_keys: str = env(
        "KEY_ENCRYPTION_OLD_KEYS",
        "Comma-separated earlier keys, still accepted for decrypting while the key is rotated "
        "(docs/security.md).",
        "",
    )

    @property
    def old_key_list(self) -> tuple[str, ...]:
        """The old keys as a tuple."""
        return tuple(k.strip() for k in self.old_keys.split(",") if k.strip())


@attrs.frozen
class AnalyticsSettings:
    """Product analytics (docs/analytics.md)."""

    backend: str = backend(
        "ANALYTICS_BACKEND",
        "`local` stores events in the database for the admin dashboard, `posthog` sends them "
        "to PostHog (extra `posthog`), `none` drops them.",
        "local",
        ANALYTICS_BACKENDS,
    )
    posthog_api_key: str = env(
        "POSTHOG_API_KEY",
        "PostHog project API key (`phc_…`); with `posthog`, and handed to the web app, which "
        "then sends its events to PostHog itself.",
        "",
    )
    posthog_host: str = env("POSTHOG_HOST", "PostHog's address.", "https://us.i.posthog.com")


@attrs.frozen
class PromptingSettings:
    """Design prompting's reading of a prompt (docs/decisions.md, "Reading prompts with a
    language model")."""

    model_url: str = env(
        "PROMPTING_MODEL_URL",
        "Root of a chat-completions API whose model reads design prompts (`https://host/v1`; "
        "`/chat/completions` is added). Empty: the rule-based reading, embedded (no model, no "
        "network). Only the prompt is sent.",
        "",
    )
    model_api_key: str = env(
        "PROMPTING_MODEL_API_KEY",
        "Secret API key of that service, sent as a Bearer token (empty: no Authorization "
        "header, for a model served on one's own machines).",
        "",
    )
    model: str = env(
        "PROMPTING_MODEL", "The model asked (required with `PROMPTING_MODEL_URL`).", ""
    )
    model_timeout: float = env(
        "PROMPTING_MODEL_TIMEOUT",
        "Seconds the model may take (to connect, and between bytes of its answer) before the "
        "rule-based reading answers instead.",
        4.0,
    )

    @property
    def reader(self) -> Literal["rules", "model"]:
        """Who reads prompts: the embedded rules, or the model when a URL is set."""
        return "model" if self.model_url.strip() else "rules"


@attrs.frozen
class JobsSettings:
    """Background jobs: large downloads (docs/decisions.md, "Jobs on a task queue")."""

    broker_url: str = env(
        "JOBS_BROKER_URL",
        "Broker of the job queue: empty runs jobs in threads of each app process (nothing "
        "else to run); `redis://host:6379/0` or `amqp://user:pass@host:5672/vhost` hands them "
        "to `designcore worker` processes (extra `jobs`).",
        "",
    )
    queue_name: str = env(
        "JOBS_QUEUE",
        "Name of the job queue on the broker (and, on Redis, the key namespace): deployments "
        "sharing a broker use names of their own.",
        "designcore-jobs",
    )
    threads: int = env(
        "JOBS_THREADS",
        "Threads running jobs in each app process when the broker is empty (in-process).",
        2,
    )
    max_attempts: int = env(
        "JOBS_MAX_ATTEMPTS",
        "Attempts a job gets before it fails for good (the first and its retries).",
        3,
    )
    lease_seconds: int = env(
        "JOBS_LEASE_SECONDS",
        "How long a running job's worker is trusted without a heartbeat; a job whose worker "
        "died is retried (or failed) this long after.",
        60,
    )
    result_hours: int = env(
        "JOBS_RESULT_HOURS",
        "How long finished jobs and their result files are kept.",
        24,
    )

    @property
    def in_process(self) -> bool:
        """Whether jobs run in threads of the app process."""
        return not self.broker_url.strip()


@attrs.frozen
class AdapterSettings:
    """Adapters from outside the package (docs/library.md, "Plugging in your own adapter")."""

    catalogue_backend: str = backend(
        "CATALOGUE_BACKEND",
        "The template catalogue (empty: in the database).",
        "",
        CATALOGUE_BACKENDS,
    )
    accounts_backend: str = backend(
        "ACCOUNTS_BACKEND",
        "The accounts (users, sessions, profiles, credits and the payment books; empty: in the "
        "database, `memory`: in the process whatever the database). An adapter of one's own is "
        "an accounts store: its `unit_of_work()` answers a new `AccountsUnitOfWork`.",
        "",
        ACCOUNTS_BACKENDS,
    )
    options: str = env(
        "ADAPTER_OPTIONS",
        "Keyword arguments of the adapters of your own, as a JSON object by port "
        '(`{"catalogue": {"directory": "data/catalogue"}}`); the ports are `catalogue`, '
        "`accounts`, `storage`, `mail`, `rate_limit`, `payments` and `analytics`.",
        "",
    )

    def options_of(self, port: str) -> dict[str, Any]:
        """The keyword arguments of ``port``'s adapter."""
        return dict(parse_adapter_options(self.options).get(port, {}))


@attrs.frozen
class Settings:
    """Every setting of the product."""

    environment: Literal["", "development", "production"] = env(
        "ENV",
        "`development` or `production`. Production refuses to start with any convenience of "
        "development on (payment sandbox, dev mailbox, local mail outbox, no key-encryption key, "
        "rate limits in memory with several workers). Empty: development only when the public "
        "URL is http on a loopback host (127.0.0.0/8, `localhost`, `::1`), else production.",
        "",
    )
    data_dir: str = env("DATA_DIR", "Directory for the SQLite file and local storage.", "var")
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = env(
        "LOG_LEVEL", "Logging level.", "INFO"
    )
    database: DatabaseSettings = attrs.field(factory=DatabaseSettings)
    storage: StorageSettings = attrs.field(factory=StorageSettings)
    server: ServerSettings = attrs.field(factory=ServerSettings)
    auth: AuthConfig = attrs.field(factory=AuthConfig)
    mail: MailSettings = attrs.field(factory=MailSettings)
    payments: PaymentsSettings = attrs.field(factory=PaymentsSettings)
    key_encryption: KeyEncryptionSettings = attrs.field(factory=KeyEncryptionSettings)
    adapters: AdapterSettings = attrs.field(factory=AdapterSettings)
    analytics: AnalyticsSettings = attrs.field(factory=AnalyticsSettings)
    prompting: PromptingSettings = attrs.field(factory=PromptingSettings)
    jobs: JobsSettings = attrs.field(factory=JobsSettings)

    def __attrs_post_init__(self) -> None:
        if not self.auth.public_url:
            # Frozen: the one place a derived value is filled in, before anyone can read it.
            derived = served_url(self.server.host, self.server.port)
            object.__setattr__(self, "auth", attrs.evolve(self.auth, public_url=derived))

    @property
    def database_url(self) -> str:
        """The database URL, defaulting to a SQLite file in the data directory."""
        if self.database.url:
            return self.database.url
        return f"sqlite:///{Path(self.data_dir).resolve() / 'designcore.db'}"

    @property
    def storage_root(self) -> Path:
        """The local storage directory."""
        return Path(self.storage.root or Path(self.data_dir) / "storage").resolve()

    @property
    def variants_dir(self) -> Path:
        """Where rendered image variants are cached."""
        return Path(self.storage.variants_dir or Path(self.data_dir) / "variants").resolve()

    @property
    def key_encryption_file(self) -> Path:
        """Where the key encryption key is made and kept when none is configured."""
        return (Path(self.data_dir) / "key-encryption.key").resolve()

    @property
    def mode(self) -> Mode:
        """Development or production (``DESIGNCORE_ENV``, else decided by the public URL)."""
        return decide_mode(self.environment, self.auth.public_url)

    @property
    def is_production(self) -> bool:
        """Whether this is a production deployment: it must be given its secrets, and no
        convenience of development runs."""
        return self.mode is Mode.PRODUCTION

    @property
    def trusted_proxy_networks(self) -> tuple[Network, ...]:
        """The reverse proxies whose forwarding headers are believed."""
        return parse_networks(self.server.trusted_proxies)

    @property
    def serves_mailbox(self) -> bool:
        """Whether ``/dev/mailbox`` is mounted: mail goes to the local outbox and the server
        listens on a loopback address."""
        return self.mail.backend == "outbox" and is_loopback_host(self.server.host)

    @property
    def deployment_facts(self) -> DeploymentFacts:
        """Which conveniences of development these settings turn on."""
        return DeploymentFacts(
            payment_sandbox=self.payments.backend == "sandbox",
            mailbox=self.serves_mailbox,
            local_outbox=self.mail.backend == "outbox",
            key_encryption_key_missing=not self.key_encryption.key
            and self.database.backend != "memory",
            memory_rate_limiter=self.auth.rate_limit_backend == "memory",
            several_workers=self.server.workers != 1 and self.database.backend != "memory",
        )

    @property
    def mail_dir(self) -> Path:
        """Where the local outbox keeps mail."""
        return (Path(self.data_dir) / "mail").resolve()

    @property
    def sandbox_webhook_url(self) -> str | None:
        """Where the payment sandbox sends webhooks, or ``None`` when they are off."""
        sandbox = self.payments.sandbox
        if not sandbox.webhooks:
            return None
        return sandbox.webhook_url or (
            self.auth.public_url.rstrip("/") + "/api/v1/webhooks/paystack"
        )

    @property
    def sandbox_checkout_url(self) -> str:
        """The payment sandbox's checkout page (its transactions' ``authorization_url``)."""
        return self.auth.public_url.rstrip("/") + "/sandbox/checkout/popup"

    @property
    def public_origin(self) -> str:
        """The origin (scheme, host and port) of the public URL."""
        parts = urlsplit(self.auth.public_url)
        return f"{parts.scheme}://{parts.netloc}"

    @property
    def cors_origins(self) -> tuple[str, ...]:
        """The origins allowed to call the API from a browser."""
        return parse_origins(self.server.cors_origins) or (self.public_origin,)

    @property
    def web_root(self) -> Path:
        """Where the built web app is looked for (it may not be built)."""
        return Path(self.server.web_dist or "web/dist").resolve()

    @property
    def web_dist(self) -> Path | None:
        """The built web app, if there is one."""
        candidate = self.web_root
        return candidate if (candidate / "index.html").is_file() else None

    @property
    def inline_checkout_script(self) -> Path:
        """Where the built payment popup script is (it may not be built)."""
        return Path(self.server.inline_checkout_dist or "inline-checkout/dist").resolve() / (
            "inline.min.js"
        )


def served_url(host: str, port: int) -> str:
    """The URL of a server listening on ``host``:``port``; a wildcard address (``0.0.0.0``,
    ``::`` or empty) is reached at ``127.0.0.1``."""
    name = host.strip().strip("[]")
    if name in {"", "0.0.0.0", "::"}:
        name = "127.0.0.1"
    try:
        if ipaddress.ip_address(name).version == 6:
            name = f"[{name}]"
    except ValueError:
        pass  # a host name
    return f"http://{name}:{port}"


for _cls in (
    DatabaseSettings,
    StorageSettings,
    ServerSettings,
    AuthConfig,
    MailSettings,
    PaystackSandboxSettings,
    PaymentsSettings,
    KeyEncryptionSettings,
    AdapterSettings,
    AnalyticsSettings,
    PromptingSettings,
    JobsSettings,
    Settings,
):
    attrs.resolve_types(_cls)


def variables() -> list[tuple[str, str, Any]]:
    """Every variable as ``(name, doc, default)``, in declaration order."""
    found: list[tuple[str, str, Any]] = []

    def walk(cls: type) -> None:
        for field in attrs.fields(cls):
            if "env" in field.metadata:
                found.append((field.metadata["env"], field.metadata["doc"], field.default))
            else:
                walk(field.type)

    walk(Settings)
    return found


_converter = cattrs.Converter()
_converter.register_structure_hook(
    bool, lambda value, _: _parse_bool(value) if isinstance(value, str) else bool(value)
)
_converter.register_structure_hook(int, lambda value, _: int(str(value).strip(), 10))


_ORIGIN = re.compile(r"^https?://(?:[A-Za-z0-9.\-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$")


def parse_origins(text: str) -> tuple[str, ...]:
    """Comma-separated origins (``scheme://host[:port]``, a trailing slash dropped).

    Raises ``ValueError`` naming the first value that is not an http(s) origin.
    """
    origins = []
    for item in text.split(","):
        origin = item.strip().removesuffix("/")
        if not origin:
            continue
        if not _ORIGIN.match(origin):
            raise ValueError(f"expected origins like https://app.example, got {item.strip()!r}")
        origins.append(origin)
    return tuple(origins)


ADAPTER_PORTS = (
    "catalogue",
    "accounts",
    "storage",
    "mail",
    "rate_limit",
    "payments",
    "analytics",
)
"""The ports whose adapter a setting may choose from outside the package."""


def parse_adapter_options(text: str) -> dict[str, dict[str, Any]]:
    """``DESIGNCORE_ADAPTER_OPTIONS``: a JSON object of keyword-argument objects by port.

    Raises ``ValueError`` saying what is wrong."""
    if not text.strip():
        return {}
    try:
        parsed = json.loads(text)
    except json.JSONDecodeError as error:
        raise ValueError(f"expected a JSON object: {error}") from None
    if not isinstance(parsed, dict):
        raise ValueError("expected a JSON object of objects by port")
    for port, options in parsed.items():
        if port not in ADAPTER_PORTS:
            raise ValueError(f"unknown port {port!r}; expected one of {', '.join(ADAPTER_PORTS)}")
        if not isinstance(options, dict):
            raise ValueError(f"the options of {port} must be a JSON object")
    return parsed


def _parse_bool(text: str) -> bool:
    lowered = text.strip().lower()
    if lowered in {"1", "true", "yes", "on"}:
        return True
    if lowered in {"0", "false", "no", "off", ""}:
        return False
    raise ValueError(f"expected true or false, got {text!r}")


def _is_fernet_key(text: str) -> bool:
    try:
        return len(base64.urlsafe_b64decode(text.encode("ascii"))) == 32 and len(text) == 44
    except (binascii.Error, UnicodeEncodeError, ValueError):
        return False


def _key_encryption_issues(settings: Settings) -> list[FieldIssue]:
    """The key encryption key and the old ones are well formed (production's need of one is
    among :func:`refuse_unsafe_production`'s reasons)."""
    keys = settings.key_encryption
    found: list[FieldIssue] = []
    expected = "must be 32 random bytes in URL-safe base64 (44 characters)"
    if keys.key and not _is_fernet_key(keys.key):
        found.append(FieldIssue(PREFIX + "KEY_ENCRYPTION_KEY", expected))
    if not all(_is_fernet_key(old) for old in keys.old_key_list):
        found.append(FieldIssue(PREFIX + "KEY_ENCRYPTION_OLD_KEYS", "each key " + expected))
    return found


def _prompting_issues(settings: Settings) -> list[FieldIssue]:
    """The prompting model's URL is an http(s) URL with a model named, and its timeout a
    positive number of seconds (at most a minute: a person is waiting)."""
    prompting = settings.prompting
    found: list[FieldIssue] = []
    timeout = prompting.model_timeout
    if not 0 < timeout <= 60:  # NaN fails too
        found.append(
            FieldIssue(PREFIX + "PROMPTING_MODEL_TIMEOUT", "must be more than 0 and at most 60")
        )
    if prompting.reader == "rules":
        return found
    parts = urlsplit(prompting.model_url.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        found.append(
            FieldIssue(
                PREFIX + "PROMPTING_MODEL_URL",
                f"expected an http(s) URL such as https://host/v1, got {prompting.model_url!r}",
            )
        )
    if not prompting.model.strip():
        found.append(
            FieldIssue(
                PREFIX + "PROMPTING_MODEL", "name the model DESIGNCORE_PROMPTING_MODEL_URL serves"
            )
        )
    return found


def refuse_unsafe_production(settings: Settings) -> None:
    """Raise ``ProductionRefused`` listing every convenience of development that production
    settings turn on; nothing in development."""
    if settings.is_production:
        refusals = production_refusals(settings.deployment_facts)
        if refusals:
            raise ProductionRefused(refusals)


def _backends_by_port(settings: Settings) -> dict[str, tuple[str, str, tuple[str, ...]]]:
    """Each pluggable port's backend setting: its variable, its value and its built-in names."""
    return {
        "catalogue": ("CATALOGUE_BACKEND", settings.adapters.catalogue_backend, CATALOGUE_BACKENDS),
        "accounts": ("ACCOUNTS_BACKEND", settings.adapters.accounts_backend, ACCOUNTS_BACKENDS),
        "storage": ("STORAGE_BACKEND", settings.storage.backend, STORAGE_BACKENDS),
        "mail": ("MAIL_BACKEND", settings.mail.backend, MAIL_BACKENDS),
        "rate_limit": (
            "RATE_LIMIT_BACKEND",
            settings.auth.rate_limit_backend,
            RATE_LIMIT_BACKENDS,
        ),
        "payments": ("PAYMENTS_BACKEND", settings.payments.backend, PAYMENTS_BACKENDS),
        "analytics": ("ANALYTICS_BACKEND", settings.analytics.backend, ANALYTICS_BACKENDS),
    }


def _database_kind(url: str) -> str | None:
    """``sqlite``, ``postgresql`` or ``None`` (not a database URL this app serves)."""
    scheme = url.partition("://")[0] if "://" in url else ""
    kind = scheme.partition("+")[0]
    return kind if kind in ("sqlite", "postgresql") else None


def _read_url_issues(settings: Settings) -> list[FieldIssue]:
    """A read replica must be a database of the same kind as the primary."""
    read_url = settings.database.read_url
    if not read_url:
        return []
    name = PREFIX + "DATABASE_READ_URL"
    if settings.database.backend == "memory":
        return [FieldIssue(name, "a read replica needs a database: DATABASE_URL is memory://")]
    kind, primary = _database_kind(read_url), _database_kind(settings.database_url)
    if kind is None:
        return [
            FieldIssue(
                name,
                "expected a `sqlite:///path.db` or `postgresql+psycopg://user@host/db` URL, "
                f"got {read_url.partition('://')[0] or read_url[:20]!r}",
            )
        ]
    if kind != primary:
        return [FieldIssue(name, f"expected a {primary} URL like DATABASE_URL's, got {kind}")]
    return []


def _adapter_options_issues(settings: Settings) -> list[FieldIssue]:
    """Options are keyword arguments of an adapter of one's own: given for a port whose
    backend is built in, they would be silently ignored, so they are refused."""
    try:
        options = parse_adapter_options(settings.adapters.options)
    except ValueError as error:
        return [FieldIssue(PREFIX + "ADAPTER_OPTIONS", str(error))]
    found = []
    backends = _backends_by_port(settings)
    for port in options:
        variable, value, builtins = backends[port]
        if value in builtins:
            shown = f"the built-in {value!r}" if value else "empty (the built-in one)"
            found.append(
                FieldIssue(
                    PREFIX + "ADAPTER_OPTIONS",
                    f"options are given for {port!r}, but {PREFIX}{variable} is {shown}, "
                    "which takes none (its own settings configure it): remove them, or name "
                    "an adapter of your own (`module:Class` or an entry point)",
                )
            )
    return found


JOB_BROKER_SCHEMES = ("redis", "rediss", "amqp", "amqps")
"""The brokers ``DESIGNCORE_JOBS_BROKER_URL`` may name."""


def _jobs_issues(jobs: JobsSettings) -> list[FieldIssue]:
    found: list[FieldIssue] = []
    url = jobs.broker_url.strip()
    scheme = url.partition("://")[0].lower()
    if url and ("://" not in url or scheme not in JOB_BROKER_SCHEMES):
        found.append(
            FieldIssue(
                PREFIX + "JOBS_BROKER_URL",
                "expected empty (in-process), a redis:// or an amqp:// URL, got "
                f"{url.partition('://')[0] + '://…' if '://' in url else repr(url)}",
            )
        )
    if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,99}", jobs.queue_name):
        found.append(
            FieldIssue(
                PREFIX + "JOBS_QUEUE",
                f"expected letters, digits, '.', '_' or '-' (up to 100), got {jobs.queue_name!r}",
            )
        )
    for name, value, least in (
        ("JOBS_THREADS", jobs.threads, 1),
        ("JOBS_MAX_ATTEMPTS", jobs.max_attempts, 1),
        ("JOBS_LEASE_SECONDS", jobs.lease_seconds, 5),
        ("JOBS_RESULT_HOURS", jobs.result_hours, 1),
    ):
        if value < least:
            found.append(FieldIssue(PREFIX + name, f"expected at least {least}, got {value}"))
    return found


def load_settings(
    environ: Mapping[str, str], dotenv: Mapping[str, str | None] | None = None
) -> Settings:
    """Build settings from variables; the environment wins over the ``.env`` values.

    Raises ``ValidationFailed`` naming every bad variable at once, and, when they are all
    well formed, ``ProductionRefused`` naming every convenience of development that production
    would run with.
    """
    merged: dict[str, str] = {k: v for k, v in (dotenv or {}).items() if v is not None}
    merged.update({k: v for k, v in environ.items() if k.startswith(PREFIX)})
    issues: list[FieldIssue] = []

    def build(cls: type) -> Any:
        values: dict[str, Any] = {}
        for field in attrs.fields(cls):
            name = field.metadata.get("env")
            if name is None:
                values[field.name] = build(field.type)  # a nested settings class
                continue
            if name not in merged:
                continue
            raw = merged[name]
            target = field.type
            try:
                builtins = field.metadata.get("builtins")
                if builtins is not None and raw not in builtins and not is_plugin_spec(raw):
                    named = ", ".join(b for b in builtins if b) or "empty"
                    raise ValueError(
                        f"expected one of {named}, a `module:Class` or the name of an entry "
                        f"point of the {ENTRY_POINT_GROUP} group, got {raw!r}"
                    )
                options = get_args(target)
                if options and all(isinstance(option, str) for option in options):
                    if raw not in options:
                        raise ValueError(f"expected one of {', '.join(options)}, got {raw!r}")
                    values[field.name] = raw
                else:
                    values[field.name] = _converter.structure(raw, target)
            except (ValueError, cattrs.BaseValidationError) as error:
                issues.append(FieldIssue(name, str(error)))
        return cls(**values)

    settings = build(Settings)
    try:
        parse_origins(settings.server.cors_origins)
    except ValueError as error:
        issues.append(FieldIssue(PREFIX + "CORS_ORIGINS", str(error)))
    try:
        parse_networks(settings.server.trusted_proxies)
    except ValueError as error:
        issues.append(FieldIssue(PREFIX + "TRUSTED_PROXIES", str(error)))
    issues.extend(_adapter_options_issues(settings))
    issues.extend(_key_encryption_issues(settings))
    issues.extend(_read_url_issues(settings))
    issues.extend(_prompting_issues(settings))
    issues.extend(_jobs_issues(settings.jobs))
    if issues:
        raise ValidationFailed(
            issues,
            "invalid settings: " + "; ".join(f"{issue.path}: {issue.message}" for issue in issues),
        )
    refuse_unsafe_production(settings)
    return settings  # type: ignore[no-any-return]
