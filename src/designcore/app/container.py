"""The composition root: the only place adapters are chosen and built.

Importing this module imports no adapter technology beyond the in-memory adapters: every other
adapter is imported by the provider that builds it (see :func:`_lazy`), so a library user on
in-memory or SQLite adapters never loads Litestar, boto3, Redis or skia, and the optional ones
need only their extra (``pip install 'designcore[s3]'``) when selected.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import timedelta
from typing import TYPE_CHECKING, Any

import attrs
from dependency_injector import containers, providers

from designcore.adapters.memory import (
    InMemoryAccountsStore,
    InMemoryDesignRepository,
    InMemoryKeyRing,
    InMemoryOutbox,
    InMemoryPromptLog,
    InMemoryRateLimiter,
    InMemorySiteSettingsStore,
    InMemoryStorage,
    InMemoryTemplateCatalogue,
    SystemClock,
)
from designcore.adapters.memory.analytics import InMemoryAnalyticsEventStore
from designcore.adapters.memory.creators import InMemoryCreatorDirectory
from designcore.adapters.memory.flow_state import InMemoryFlowStateStore
from designcore.adapters.memory.health import InMemoryDatabaseHealth
from designcore.adapters.memory.jobs import InMemoryJobStore, InProcessJobQueue
from designcore.adapters.memory.problem_reports import InMemoryProblemReportRepository
from designcore.adapters.memory.sandbox import InMemorySandboxTransactionRepository
from designcore.adapters.memory.variants import InMemoryVariantCache
from designcore.app.media import MediaService
from designcore.app.periodic import Job
from designcore.app.plugins import PluggablePort, check_adapter
from designcore.app.rate_limit_fallback import FallbackRateLimiter
from designcore.app.services import CatalogueService, SiteSettingsService
from designcore.app.services.account import AccountService
from designcore.app.services.analytics import AnalyticsService, BrowserAnalytics, EventRecorder
from designcore.app.services.auth import AccountsAuthenticator, AuthService, AuthSettings, UserView
from designcore.app.services.calendar import CalendarService
from designcore.app.services.creators import CreatorService
from designcore.app.services.designs import DESIGN_PREVIEW_JOB, DesignService
from designcore.app.services.exports import EXPORT_JOB, ExportService, storage_image_loader
from designcore.app.services.jobs import JobHandler, JobService
from designcore.app.services.logo_maker import LogoMakerService
from designcore.app.services.payments import PaymentService
from designcore.app.services.photo_editor import PhotoEditorService
from designcore.app.services.problem_reports import ProblemReportService
from designcore.app.services.profiles import ProfileService
from designcore.app.services.prompt_designs import PromptDesignService
from designcore.app.services.signed_in import SignedInCache
from designcore.app.settings import (
    ACCOUNTS_BACKENDS,
    ANALYTICS_BACKENDS,
    CATALOGUE_BACKENDS,
    MAIL_BACKENDS,
    PAYMENTS_BACKENDS,
    RATE_LIMIT_BACKENDS,
    STORAGE_BACKENDS,
    Settings,
)
from designcore.domain.document import Document
from designcore.domain.errors import FieldIssue, Unavailable, ValidationFailed
from designcore.domain.payments import Plan, premium_plan
from designcore.domain.rendering import RenderedExport
from designcore.domain.storage import BucketPolicy
from designcore.ports.accounts import AccountsStore, AccountsUnitOfWork
from designcore.ports.analytics import Analytics, AnalyticsEventStore
from designcore.ports.catalogue import TemplateCatalogue
from designcore.ports.clock import Clock
from designcore.ports.creators import CreatorDirectory
from designcore.ports.designs import DesignRepository
from designcore.ports.health import DatabaseHealth
from designcore.ports.identity import Authenticator
from designcore.ports.images import ImageCodec, SvgSanitizer, VariantCache
from designcore.ports.jobs import JobQueue, JobStore
from designcore.ports.keys import KeyRing, SecretBox
from designcore.ports.mail import Mailer, Outbox
from designcore.ports.oidc import FlowStateStore
from designcore.ports.passwords import PasswordHasher
from designcore.ports.payments import PaymentGateway, SandboxTransactionRepository
from designcore.ports.problem_reports import ProblemReportRepository
from designcore.ports.prompt_understanding import PromptUnderstanding
from designcore.ports.prompts import PromptLog
from designcore.ports.rate_limit import RateLimiter
from designcore.ports.rendering import PreviewRenderer, Renderer, TextFitter
from designcore.ports.settings import SiteSettingsStore
from designcore.ports.storage import Storage

if TYPE_CHECKING:
    import httpx
    from sqlalchemy import Engine

    from designcore.adapters.jwt import JwtTokenSigner
    from designcore.adapters.oidc import GoogleOpenIdProvider
    from designcore.adapters.paystack import PaystackGateway
    from designcore.adapters.paystack.sandbox import PaystackSandbox
    from designcore.adapters.redis import RedisRateLimiter
    from designcore.adapters.s3 import S3Storage
    from designcore.adapters.smtp import SmtpMailer
    from designcore.adapters.sqlalchemy import SqlAlchemyAccountsUnitOfWork

EXTRAS: dict[str, str] = {
    "boto3": "s3",
    "botocore": "s3",
    "redis": "redis",
    "skia": "render",
    "uharfbuzz": "render",
    "designcore_fonts": "render",
    "psycopg": "postgresql",
    "posthog": "posthog",
    "litestar": "web",
    "uvicorn": "web",
    "brotli": "web",
    "dramatiq": "jobs",
    "pika": "jobs",
}
"""Which extra of the package installs each optional technology."""


class MissingExtra(ModuleNotFoundError):
    """An optional technology is not installed; the message names the extra that brings it."""

    def __init__(self, module: str, extra: str) -> None:
        super().__init__(
            f"{module} is not installed; this configuration needs it: "
            f"pip install 'designcore[{extra}]'",
            name=module,
        )
        self.extra = extra
        """The extra to install (``web``, ``render``, …)."""


@contextmanager
def optional_technology() -> Iterator[None]:
    """Imports inside it that fail for a missing optional technology name the extra to install."""
    try:
        yield
    except ModuleNotFoundError as error:
        extra = EXTRAS.get((error.name or "").split(".")[0])
        if extra is None:
            raise
        raise MissingExtra(error.name or "", extra) from error


def _lazy(target: str) -> Callable[..., Any]:
    """A factory for ``"module:Name"`` that imports the module only when first called.

    Providers build adapters through it, so an adapter's technology is imported when the
    container selects and builds that adapter, not when this module is imported.
    """
    module, _, name = target.partition(":")
    imported: list[Callable[..., Any]] = []

    def build(*args: Any, **kwargs: Any) -> Any:
        if not imported:
            with optional_technology():
                imported.append(getattr(importlib.import_module(module), name))
        return imported[0](*args, **kwargs)

    build.__name__ = build.__qualname__ = name
    build.__doc__ = f"Builds {target}, importing it on first use."
    return build


@attrs.frozen
class _Pluggable:
    """A port whose backend setting may name an adapter of one's own, and where the setting is."""

    port: PluggablePort
    value: Callable[[Settings], str]
    """Reads the port's backend setting."""

    def family(self, settings: Settings) -> str:
        """The family ``settings`` chooses for the port (``plugin`` for one's own)."""
        return self.port.family(self.value(settings), settings.database.backend)

    def build(self, settings: Settings) -> Any:
        """The adapter of one's own the setting names, with the port's adapter options."""
        return self.port.build(
            self.value(settings), settings.adapters.options_of(self.port.options)
        )


_CATALOGUE = _Pluggable(
    PluggablePort(
        provider="catalogue",
        options="catalogue",
        protocol=TemplateCatalogue,
        setting="DESIGNCORE_CATALOGUE_BACKEND",
        families=CATALOGUE_BACKENDS,
    ),
    lambda settings: settings.adapters.catalogue_backend,
)
_ACCOUNTS = _Pluggable(
    PluggablePort(
        provider="accounts",
        options="accounts",
        protocol=AccountsStore,
        setting="DESIGNCORE_ACCOUNTS_BACKEND",
        families=ACCOUNTS_BACKENDS,
        member="unit_of_work",
    ),
    lambda settings: settings.adapters.accounts_backend,
)
_STORAGE = _Pluggable(
    PluggablePort(
        provider="storage",
        options="storage",
        protocol=Storage,
        setting="DESIGNCORE_STORAGE_BACKEND",
        families=STORAGE_BACKENDS,
    ),
    lambda settings: settings.storage.backend,
)
_MAIL = _Pluggable(
    PluggablePort(
        provider="mailer",
        options="mail",
        protocol=Mailer,
        setting="DESIGNCORE_MAIL_BACKEND",
        families=MAIL_BACKENDS,
    ),
    lambda settings: settings.mail.backend,
)
_RATE_LIMIT = _Pluggable(
    PluggablePort(
        provider="rate_limiter",
        options="rate_limit",
        protocol=RateLimiter,
        setting="DESIGNCORE_RATE_LIMIT_BACKEND",
        families=RATE_LIMIT_BACKENDS,
    ),
    lambda settings: settings.auth.rate_limit_backend,
)
_PAYMENTS = _Pluggable(
    PluggablePort(
        provider="payment_gateway",
        options="payments",
        protocol=PaymentGateway,
        setting="DESIGNCORE_PAYMENTS_BACKEND",
        families=PAYMENTS_BACKENDS,
    ),
    lambda settings: settings.payments.backend,
)
_ANALYTICS = _Pluggable(
    PluggablePort(
        provider="analytics",
        options="analytics",
        protocol=Analytics,
        setting="DESIGNCORE_ANALYTICS_BACKEND",
        families=ANALYTICS_BACKENDS,
    ),
    lambda settings: settings.analytics.backend,
)
_PLUGGABLE = (_CATALOGUE, _ACCOUNTS, _STORAGE, _MAIL, _RATE_LIMIT, _PAYMENTS, _ANALYTICS)
"""The ports whose backend setting may name an adapter of one's own."""


def _by_backend(
    settings: providers.Dependency[Settings],
    port: _Pluggable,
    **adapters: providers.Provider[Any],
) -> providers.Selector[Any]:
    """``port``'s adapter: the one of ``adapters`` whose family its backend setting names, else
    (``plugin``) the adapter of one's own that the setting names, built once."""
    return providers.Selector(
        providers.Callable(port.family, settings),
        plugin=providers.Singleton(port.build, settings),
        **adapters,
    )


def _by_database(
    settings: providers.Dependency[Settings],
    *,
    memory: providers.Provider[Any],
    sqlalchemy: providers.Provider[Any],
) -> providers.Selector[Any]:
    """The ``memory`` adapter when ``DESIGNCORE_DATABASE_URL`` is ``memory://``, else the
    ``sqlalchemy`` one."""
    return providers.Selector(
        settings.provided.database.backend, memory=memory, sqlalchemy=sqlalchemy
    )


def _on_engine(engine: providers.Provider[Engine], target: str) -> providers.Provider[Any]:
    """The SQLAlchemy adapter ``target`` (``"module:Class"``) over ``engine``, built per use:
    these adapters hold the engine and nothing else."""
    return providers.Factory(_lazy(target), engine=engine)


def _quota_place(settings: Settings) -> str:
    """Where quotas are counted: ``shared`` (the rate limiter, when it is not per process),
    ``database`` (per-process rate limits on a database), ``process`` (in-memory database)."""
    if settings.auth.rate_limit_backend != "memory":
        return "shared"
    return "database" if settings.database.backend == "sqlalchemy" else "process"


def _variants_place(storage_backend: str) -> str:
    """Image variants live beside the storage: in memory for the memory backend, else on disk."""
    return "memory" if storage_backend == "memory" else "disk"


def _engine(url: str, schema: str) -> Engine:
    from designcore.adapters.sqlalchemy import create_database_engine

    with optional_technology():  # the PostgreSQL driver is imported with the engine
        return create_database_engine(url, schema=schema or None)


def _read_engine(read_url: str, schema: str) -> Engine | None:
    """The read replica's engine (``DESIGNCORE_DATABASE_READ_URL``), or ``None`` without one:
    then the primary answers the catalogue's reads too."""
    return _engine(read_url, schema) if read_url else None


def _check_read_replica(container: Container) -> None:
    """Read the catalogue from the read replica once, so that a replica that cannot be
    reached or holds no catalogue fails at start-up, naming the setting, rather than on the
    first request."""
    engine = container.read_engine()
    if engine is None:
        return
    from sqlalchemy import text
    from sqlalchemy.exc import SQLAlchemyError

    try:
        with engine.connect() as conn:
            conn.execute(text("SELECT count(*) FROM design_templates WHERE 1 = 0"))
    except (SQLAlchemyError, Unavailable) as error:
        # A server that cannot be reached is Unavailable (the engine's translation), caused
        # by the driver's error, which says why.
        engine.dispose()
        cause = getattr(error, "orig", None) or error.__cause__ or error
        reason = str(cause).strip().splitlines()[0]
        raise ValidationFailed(
            (
                FieldIssue(
                    "DESIGNCORE_DATABASE_READ_URL",
                    f"cannot read the catalogue from the read replica: {reason}",
                ),
            )
        ) from error


def _s3_storage(settings: Settings) -> S3Storage:
    with optional_technology():
        from designcore.adapters.s3 import S3Storage, create_s3_client, parse_bucket_map

    s3 = settings.storage
    client = create_s3_client(
        endpoint_url=s3.s3_endpoint_url or None,
        region=s3.s3_region,
        access_key_id=s3.s3_access_key_id or None,
        secret_access_key=s3.s3_secret_access_key or None,
    )
    return S3Storage(
        client,
        bucket_prefix=s3.s3_bucket_prefix,
        bucket_map=parse_bucket_map(s3.s3_bucket_map),
        create_buckets=s3.s3_create_buckets,
    )


def _bucket_policy(settings: Settings) -> BucketPolicy:
    return BucketPolicy(
        user_buckets=settings.storage.user_bucket_names,
        admin_buckets=settings.storage.admin_bucket_names,
        private_buckets=settings.storage.private_bucket_names,
    )


def _auth_settings(settings: Settings) -> AuthSettings:
    public = settings.auth.public_url.rstrip("/")
    origins = tuple(o.strip() for o in settings.auth.redirect_origins.split(",") if o.strip())
    return AuthSettings(
        issuer=f"{public}/auth/v1",
        site_url=public,
        access_token_lifetime=timedelta(seconds=settings.auth.access_token_seconds),
        confirm_email=settings.auth.confirm_email,
        secure_password_change=settings.auth.secure_password_change,
        allowed_redirects=origins,
        signups_per_hour=settings.auth.signups_per_hour,
    )


def _sqlalchemy_accounts(engine: Engine) -> Callable[[], SqlAlchemyAccountsUnitOfWork]:
    from designcore.adapters.sqlalchemy import SqlAlchemyAccountsUnitOfWork

    return lambda: SqlAlchemyAccountsUnitOfWork(engine)


def _sqlalchemy_accounts_reader(engine: Engine) -> Callable[[], SqlAlchemyAccountsUnitOfWork]:
    from designcore.adapters.sqlalchemy import SqlAlchemyAccountsUnitOfWork

    return lambda: SqlAlchemyAccountsUnitOfWork(engine, read_only=True)


def _periodic_jobs(
    auth: Callable[[], AuthService],
    payments: Callable[[], PaymentService],
    signer: Callable[[], JwtTokenSigner],
    clock: Callable[[], Clock],
    variants: Callable[[], VariantCache],
    variants_max_bytes: int,
    designs: Callable[[], DesignService],
    jobs: Callable[[], JobService],
) -> list[Job]:
    # Providers, not services: building the auth service reads the signing keys, which must
    # not happen when the app is merely created (an unmigrated database answers 503 then).
    return [
        Job("signing keys", timedelta(hours=1), lambda: signer().ensure_keys(clock().now())),
        Job("auth clean-up", timedelta(hours=1), lambda: auth().clean_up()),
        Job("payments reconcile", timedelta(minutes=5), lambda: payments().reconcile()),
        Job("subscriptions expire", timedelta(hours=1), lambda: payments().expire()),
        Job(
            "image variants trim",
            timedelta(hours=1),
            lambda: variants().trim(variants_max_bytes),
        ),
        Job("deleted designs purge", timedelta(minutes=1), lambda: designs().purge()),
        Job("lost jobs recover", timedelta(seconds=15), lambda: jobs().recover()),
        Job("finished jobs purge", timedelta(hours=1), lambda: jobs().purge()),
    ]


def _job_queue(settings: Settings) -> JobQueue:
    """Threads of this process when no broker is configured (the embedded default), else
    Dramatiq on the broker (extra ``jobs``)."""
    jobs = settings.jobs
    if jobs.in_process:
        return InProcessJobQueue(jobs.threads)
    with optional_technology():
        from designcore.adapters.dramatiq import DramatiqJobQueue

        return DramatiqJobQueue(jobs.broker_url.strip(), jobs.queue_name)


def _job_handlers(container: Container) -> dict[str, Callable[[], JobHandler]]:
    """The handler of each job kind, looked up when a job runs (the services that run jobs
    also submit them, so they are built after the job service)."""
    return {
        EXPORT_JOB: lambda: container.exports().run_job,
        DESIGN_PREVIEW_JOB: lambda: container.designs().run_preview_job,
    }


def _job_service(
    store: JobStore,
    queue: JobQueue,
    storage: Storage,
    clock: Clock,
    handlers: dict[str, Callable[[], JobHandler]],
    settings: Settings,
) -> JobService:
    jobs = settings.jobs
    service = JobService(
        store=store,
        queue=queue,
        storage=storage,
        clock=clock,
        handlers=handlers,
        max_attempts=jobs.max_attempts,
        lease=timedelta(seconds=jobs.lease_seconds),
        retention=timedelta(hours=jobs.result_hours),
    )
    if queue.in_process:  # worker processes serve the broker's queue (`designcore worker`)
        queue.serve(service.run)
    return service


def _memory_accounts() -> Callable[[], object]:
    return InMemoryAccountsStore().unit_of_work


def _secret_box(settings: Settings) -> SecretBox:
    """The box that seals the signing keys' private halves: under the configured key, else
    (outside production, where settings require one) a key made once into the data dir, or a
    key of this process alone when nothing is kept at rest (the memory backend)."""
    from designcore.adapters.fernet import FernetSecretBox, load_or_create_key_file

    config = settings.key_encryption
    if config.key:
        key, name = config.key, "DESIGNCORE_KEY_ENCRYPTION_KEY"
    elif settings.database.backend == "memory":
        key, name = FernetSecretBox.new_key(), "this process's key"
    else:
        key = load_or_create_key_file(settings.key_encryption_file)
        name = f"the key in {settings.key_encryption_file}"
    return FernetSecretBox(
        key, config.old_key_list, key_name=name, old_keys_name="DESIGNCORE_KEY_ENCRYPTION_OLD_KEYS"
    )


def _signer(key_ring: KeyRing, box: SecretBox, clock: Clock, auth: AuthSettings) -> JwtTokenSigner:
    from designcore.adapters.jwt import JwtTokenSigner

    signer = JwtTokenSigner(
        key_ring,
        clock,
        box=box,
        issuer=auth.issuer,
        token_lifetime=auth.access_token_lifetime,
    )
    signer.ensure_keys(clock.now())
    return signer


def _smtp(settings: Settings) -> SmtpMailer:
    from designcore.adapters.smtp import SmtpMailer

    mail = settings.mail
    return SmtpMailer(
        mail.smtp_host,
        mail.smtp_port,
        username=mail.smtp_username or None,
        password=mail.smtp_password if mail.smtp_username else None,
        starttls=mail.smtp_starttls,
        sender=mail.sender,
    )


def _google(settings: Settings) -> GoogleOpenIdProvider | None:
    """Google sign-in, or ``None`` when no client id and secret are configured."""
    auth = settings.auth
    if not auth.google_enabled:
        return None
    import httpx

    from designcore.adapters.oidc import GoogleOpenIdProvider

    return GoogleOpenIdProvider(
        httpx.Client(timeout=httpx.Timeout(10.0)),
        client_id=auth.google_client_id,
        client_secret=auth.google_client_secret,
        authorization_endpoint=auth.google_authorization_url,
        token_endpoint=auth.google_token_url,
        jwks_uri=auth.google_jwks_url,
        issuer=auth.google_issuer,
    )


def _paystack(settings: Settings) -> PaystackGateway:
    import httpx

    from designcore.adapters.paystack import PaystackGateway

    payments = settings.payments
    if not payments.paystack_secret_key or not payments.paystack_public_key:
        raise ValueError(
            "DESIGNCORE_PAYMENTS_BACKEND=paystack needs DESIGNCORE_PAYSTACK_SECRET_KEY and "
            "DESIGNCORE_PAYSTACK_PUBLIC_KEY"
        )
    return PaystackGateway(
        httpx.Client(),
        secret_key=payments.paystack_secret_key,
        public_key=payments.paystack_public_key,
        base_url=payments.paystack_base_url,
    )


def _identity_providers(google: GoogleOpenIdProvider | None) -> dict[str, object]:
    """The enabled OpenID providers by name."""
    return {} if google is None else {"google": google}


def _posthog(settings: Settings) -> Analytics:
    with optional_technology():
        from designcore.adapters.posthog import PostHogAnalytics

    config = settings.analytics
    if not config.posthog_api_key:
        raise ValueError("DESIGNCORE_ANALYTICS_BACKEND=posthog needs DESIGNCORE_POSTHOG_API_KEY")
    return PostHogAnalytics(api_key=config.posthog_api_key, host=config.posthog_host)


def _browser_analytics(settings: Settings) -> BrowserAnalytics:
    """The web app sends to PostHog itself when the server does (same key and host)."""
    config = settings.analytics
    if config.backend != "posthog" or not config.posthog_api_key:
        return BrowserAnalytics()
    return BrowserAnalytics(posthog_key=config.posthog_api_key, posthog_host=config.posthog_host)


def _template_categories(catalogue: TemplateCatalogue) -> Callable[[], dict[str, str]]:
    """Reads every template's category when the dashboard asks."""
    return lambda: {summary.id: summary.category for summary in catalogue.all()}


def _redis_limiter(url: str, clock: Clock) -> RedisRateLimiter:
    with optional_technology():
        import redis
        from redis.backoff import NoBackoff
        from redis.retry import Retry

        from designcore.adapters.redis import RedisRateLimiter

    client = redis.Redis.from_url(
        url,
        socket_connect_timeout=1.0,
        socket_timeout=1.0,
        retry=Retry(NoBackoff(), retries=1),
    )
    return RedisRateLimiter(client, clock)


def _prompt_model_client() -> httpx.Client:
    """The HTTP client of the prompting model: its connections are kept between prompts. Each
    request carries the timeout of ``DESIGNCORE_PROMPTING_MODEL_TIMEOUT``."""
    import httpx

    return httpx.Client(follow_redirects=False)


class RenderOnFirstUse:
    """A :class:`~designcore.ports.rendering.Renderer` that builds the real one when it is
    first asked to draw, so that a service holding it can be built without the ``render``
    extra; drawing without it raises :class:`MissingExtra` naming the extra."""

    def __init__(self, build: Callable[[], Renderer]) -> None:
        self._build = build

    def render(self, document: Document, **options: Any) -> RenderedExport:
        """The real renderer's :meth:`~designcore.ports.rendering.Renderer.render`."""
        return self._build().render(document, **options)


class Container(containers.DeclarativeContainer):
    """Builds every service from :class:`Settings`.

    ``Selector`` providers pick the adapter family from configuration; tests replace parts
    with ``container.<provider>.override(...)``.
    """

    __self__ = providers.Self()
    settings: providers.Dependency[Settings] = providers.Dependency(instance_of=Settings)

    clock: providers.Factory[Clock] = providers.Factory(SystemClock)
    engine: providers.Singleton[Engine] = providers.Singleton(
        _engine, url=settings.provided.database_url, schema=settings.provided.database.schema
    )
    # The catalogue's reads only (DESIGNCORE_DATABASE_READ_URL); None: the primary's.
    read_engine: providers.Singleton[Engine | None] = providers.Singleton(
        _read_engine,
        read_url=settings.provided.database.read_url,
        schema=settings.provided.database.schema,
    )

    analytics_events: providers.Selector[AnalyticsEventStore] = _by_database(
        settings,
        memory=providers.Singleton(InMemoryAnalyticsEventStore),
        sqlalchemy=_on_engine(
            engine, "designcore.adapters.sqlalchemy.analytics:SqlAlchemyAnalyticsEventStore"
        ),
    )
    analytics: providers.Selector[Analytics] = _by_backend(
        settings,
        _ANALYTICS,
        local=providers.Singleton(
            _lazy("designcore.adapters.local_analytics:LocalAnalytics"), store=analytics_events
        ),
        posthog=providers.Singleton(_posthog, settings=settings),
        none=providers.Factory(_lazy("designcore.adapters.local_analytics:NullAnalytics")),
    )
    event_recorder: providers.Factory[EventRecorder] = providers.Factory(
        EventRecorder, analytics=analytics, clock=clock
    )
    catalogue: providers.Selector[TemplateCatalogue] = _by_backend(
        settings,
        _CATALOGUE,
        memory=providers.Singleton(InMemoryTemplateCatalogue),
        # Singleton: it keeps prepared statements and, on SQLite, a reader connection.
        sqlalchemy=providers.Singleton(
            _lazy("designcore.adapters.sqlalchemy:SqlAlchemyTemplateCatalogue"),
            engine=engine,
            read_engine=read_engine,
        ),
    )
    # These two SQLAlchemy adapters make a sessionmaker when built: built once.
    site_settings_store: providers.Selector[SiteSettingsStore] = _by_database(
        settings,
        memory=providers.Singleton(InMemorySiteSettingsStore),
        sqlalchemy=providers.Singleton(
            _lazy("designcore.adapters.sqlalchemy:SqlAlchemySiteSettingsStore"), engine=engine
        ),
    )
    prompt_log: providers.Selector[PromptLog] = _by_database(
        settings,
        memory=providers.Singleton(InMemoryPromptLog),
        sqlalchemy=providers.Singleton(
            _lazy("designcore.adapters.sqlalchemy:SqlAlchemyPromptLog"), engine=engine
        ),
    )
    storage: providers.Selector[Storage] = _by_backend(
        settings,
        _STORAGE,
        memory=providers.Singleton(InMemoryStorage),
        # Built once: building resolves the root directory on the file system.
        local=providers.Singleton(
            _lazy("designcore.adapters.local_storage:LocalDirectoryStorage"),
            root=settings.provided.storage_root,
        ),
        s3=providers.Singleton(_s3_storage, settings=settings),
    )
    preview_renderer: providers.Singleton[PreviewRenderer] = providers.Singleton(
        _lazy("designcore.adapters.render:SkiaRenderer")
    )
    image_codec: providers.Factory[ImageCodec] = providers.Factory(
        _lazy("designcore.adapters.pillow:PillowImageCodec")
    )
    svg_sanitizer: providers.Factory[SvgSanitizer] = providers.Factory(
        _lazy("designcore.adapters.defusedxml:DefusedXmlSvgSanitizer")
    )
    image_variants: providers.Selector[VariantCache] = providers.Selector(
        providers.Callable(_variants_place, settings.provided.storage.backend),
        memory=providers.Singleton(InMemoryVariantCache),
        disk=providers.Singleton(  # resolves its directory when built, as local storage
            _lazy("designcore.adapters.local_storage:DirectoryVariantCache"),
            root=settings.provided.variants_dir,
        ),
    )
    media: providers.Factory[MediaService] = providers.Factory(
        MediaService,
        storage=storage,
        codec=image_codec,
        svg=svg_sanitizer,
        variants=image_variants,
        policy=providers.Singleton(_bucket_policy, settings=settings),
        max_upload_bytes=settings.provided.storage.max_upload_bytes,
    )

    accounts: providers.Selector[Callable[[], AccountsUnitOfWork]] = _by_backend(
        settings,
        _ACCOUNTS,
        memory=providers.Singleton(_memory_accounts),
        sqlalchemy=providers.Factory(_sqlalchemy_accounts, engine=engine),
    )
    accounts_reader: providers.Selector[Callable[[], AccountsUnitOfWork]] = providers.Selector(
        providers.Callable(_ACCOUNTS.family, settings),
        memory=accounts,
        sqlalchemy=providers.Factory(_sqlalchemy_accounts_reader, engine=engine),
        plugin=accounts,
    )
    signed_in: providers.Singleton[SignedInCache[UserView]] = providers.Singleton(
        SignedInCache,
        clock=clock,
        ttl=providers.Factory(timedelta, seconds=settings.provided.auth.cache_seconds),
    )
    key_ring: providers.Selector[KeyRing] = _by_database(
        settings,
        memory=providers.Singleton(InMemoryKeyRing),
        sqlalchemy=_on_engine(engine, "designcore.adapters.sqlalchemy.keys:SqlAlchemyKeyRing"),
    )
    auth_settings: providers.Singleton[AuthSettings] = providers.Singleton(
        _auth_settings, settings=settings
    )
    password_hasher: providers.Factory[PasswordHasher] = providers.Factory(
        _lazy("designcore.adapters.argon2:Argon2PasswordHasher")
    )
    common_passwords: providers.Singleton[Callable[[str], bool]] = providers.Singleton(
        _lazy("designcore.adapters.zxcvbn:ZxcvbnCommonPasswords")
    )
    secret_box: providers.Singleton[SecretBox] = providers.Singleton(_secret_box, settings=settings)
    # `designcore keys re-encrypt`: seal every private half under the current key now.
    reseal_signing_keys: providers.Callable[int] = providers.Callable(
        _lazy("designcore.adapters.jwt:reseal_signing_keys"), ring=key_ring, box=secret_box
    )
    token_signer: providers.Singleton[JwtTokenSigner] = providers.Singleton(
        _signer, key_ring=key_ring, box=secret_box, clock=clock, auth=auth_settings
    )
    outbox: providers.Selector[Outbox] = _by_database(
        settings,
        memory=providers.Singleton(InMemoryOutbox, clock=clock),
        sqlalchemy=providers.Singleton(
            _lazy("designcore.adapters.local_mail:DirectoryOutbox"),
            path=settings.provided.mail_dir,
            clock=clock,
        ),
    )
    mailer: providers.Selector[Mailer] = _by_backend(
        settings,
        _MAIL,
        outbox=outbox,
        smtp=providers.Factory(_smtp, settings=settings),
    )
    database_health: providers.Selector[DatabaseHealth] = _by_database(
        settings,
        memory=providers.Factory(InMemoryDatabaseHealth),
        sqlalchemy=_on_engine(
            engine, "designcore.adapters.sqlalchemy.health:SqlAlchemyDatabaseHealth"
        ),
    )
    rate_limiter: providers.Selector[RateLimiter] = _by_backend(
        settings,
        _RATE_LIMIT,
        memory=providers.Singleton(InMemoryRateLimiter, clock=clock),
        # Redis, and this process's own counts while Redis cannot be reached
        # (app/rate_limit_fallback.py).
        redis=providers.Singleton(
            FallbackRateLimiter,
            shared=providers.Singleton(
                _redis_limiter, url=settings.provided.auth.redis_url, clock=clock
            ),
            local=providers.Singleton(InMemoryRateLimiter, clock=clock),
        ),
    )
    google_provider: providers.Singleton[GoogleOpenIdProvider | None] = providers.Singleton(
        _google, settings=settings
    )
    identity_providers: providers.Factory[dict[str, object]] = providers.Factory(
        _identity_providers, google=google_provider
    )
    # Provider sign-ins in progress: in the database (every worker sees them) unless memory.
    flow_states: providers.Selector[FlowStateStore] = _by_database(
        settings,
        memory=providers.Singleton(InMemoryFlowStateStore),
        sqlalchemy=_on_engine(engine, "designcore.adapters.sqlalchemy:SqlAlchemyFlowStateStore"),
    )
    auth: providers.Singleton[AuthService] = providers.Singleton(
        AuthService,
        events=event_recorder,
        accounts=accounts,
        hasher=password_hasher,
        signer=token_signer,
        is_common_password=common_passwords,
        mailer=mailer,
        totp=providers.Factory(_lazy("designcore.adapters.pyotp:PyOtpTotp")),
        secret_box=secret_box,
        clock=clock,
        settings=auth_settings,
        flows=flow_states,
        identity_providers=identity_providers,
        reader=accounts_reader,
        signed_in=signed_in,
    )
    profiles: providers.Factory[ProfileService] = providers.Factory(
        ProfileService, accounts=accounts, clock=clock
    )
    # The sandbox's transactions: in the database (every worker, a restart and the CLI see
    # them) unless memory.
    sandbox_transactions: providers.Selector[SandboxTransactionRepository] = _by_database(
        settings,
        memory=providers.Singleton(InMemorySandboxTransactionRepository),
        sqlalchemy=_on_engine(
            engine, "designcore.adapters.sqlalchemy.sandbox:SqlAlchemySandboxTransactionRepository"
        ),
    )
    paystack_sandbox: providers.Singleton[PaystackSandbox] = providers.Singleton(
        _lazy("designcore.adapters.paystack.sandbox:PaystackSandbox"),
        transactions=sandbox_transactions,
        public_key=settings.provided.payments.sandbox.public_key,
        secret_key=settings.provided.payments.sandbox.secret_key,
        webhook_url=settings.provided.sandbox_webhook_url,
        checkout_url=settings.provided.sandbox_checkout_url,
    )
    payment_gateway: providers.Selector[PaymentGateway] = _by_backend(
        settings,
        _PAYMENTS,
        sandbox=providers.Factory(
            _lazy("designcore.adapters.paystack.sandbox:SandboxGateway"), paystack_sandbox
        ),
        paystack=providers.Singleton(_paystack, settings=settings),
    )
    premium: providers.Singleton[Plan] = providers.Singleton(
        premium_plan, settings.provided.payments.plan_code
    )
    payments: providers.Factory[PaymentService] = providers.Factory(
        PaymentService,
        events=event_recorder,
        accounts=accounts,
        gateway=payment_gateway,
        plan=premium,
        clock=clock,
    )
    authenticator: providers.Factory[Authenticator] = providers.Factory(
        AccountsAuthenticator, auth=auth, accounts=accounts_reader
    )

    site_settings: providers.Factory[SiteSettingsService] = providers.Factory(
        SiteSettingsService,
        store=site_settings_store,
        clock=clock,
        email_of=profiles.provided.email_of,
    )
    account: providers.Factory[AccountService] = providers.Factory(
        AccountService,
        accounts=accounts_reader,
        site_settings=site_settings,
        plan=premium,
        clock=clock,
    )
    problem_report_store: providers.Selector[ProblemReportRepository] = _by_database(
        settings,
        memory=providers.Singleton(InMemoryProblemReportRepository),
        sqlalchemy=_on_engine(
            engine,
            "designcore.adapters.sqlalchemy.problem_reports:SqlAlchemyProblemReportRepository",
        ),
    )
    problem_reports: providers.Factory[ProblemReportService] = providers.Factory(
        ProblemReportService,
        reports=problem_report_store,
        storage=storage,
        policy=providers.Singleton(_bucket_policy, settings=settings),
        email_of=profiles.provided.email_of,
        clock=clock,
    )
    creators_directory: providers.Selector[CreatorDirectory] = _by_database(
        settings,
        memory=providers.Singleton(InMemoryCreatorDirectory, catalogue=catalogue),
        sqlalchemy=_on_engine(
            engine, "designcore.adapters.sqlalchemy.creators:SqlAlchemyCreatorDirectory"
        ),
    )
    creators: providers.Factory[CreatorService] = providers.Factory(
        CreatorService, directory=creators_directory, clock=clock
    )
    analytics_service: providers.Factory[AnalyticsService] = providers.Factory(
        AnalyticsService,
        analytics=analytics,
        events=analytics_events,
        prompts=prompt_log,
        category_of=providers.Factory(_template_categories, catalogue=catalogue),
        clock=clock,
        books=accounts_reader,
        browser=providers.Callable(_browser_analytics, settings=settings),
    )
    # Design prompting's reader: the embedded rules unless DESIGNCORE_PROMPTING_MODEL_URL
    # names a chat-completions API, whose adapter falls back to the rules when it fails.
    prompt_rules: providers.Factory[PromptUnderstanding] = providers.Factory(
        _lazy("designcore.adapters.rules.prompt_understanding:RuleBasedPromptUnderstanding")
    )
    prompt_model_http: providers.Singleton[httpx.Client] = providers.Singleton(_prompt_model_client)
    prompt_understanding: providers.Selector[PromptUnderstanding] = providers.Selector(
        settings.provided.prompting.reader,
        rules=prompt_rules,
        model=providers.Factory(
            _lazy("designcore.adapters.openai_compatible:ChatCompletionsPromptUnderstanding"),
            client=prompt_model_http,
            base_url=settings.provided.prompting.model_url,
            api_key=settings.provided.prompting.model_api_key,
            model=settings.provided.prompting.model,
            timeout=settings.provided.prompting.model_timeout,
            fallback=prompt_rules,
        ),
    )
    # Built once: it checks its catalogue against a runtime Protocol (ImmediateReads) when
    # built, and it serves the busiest reads.
    catalogue_service: providers.Singleton[CatalogueService] = providers.Singleton(
        CatalogueService,
        events=event_recorder,
        catalogue=catalogue,
        prompts=prompt_log,
        settings=site_settings,
        clock=clock,
    )
    calendar: providers.Factory[CalendarService] = providers.Factory(
        CalendarService, catalogue=catalogue_service, clock=clock
    )
    # Downloads draw storage images too (previews are self-contained and need no loader).
    # Built when something is first drawn: designs (and the photo editor over them) work with
    # the web extra alone, and only a download or a design's preview asks for `render`.
    export_renderer: providers.Factory[Renderer] = providers.Factory(
        RenderOnFirstUse,
        providers.Singleton(
            _lazy("designcore.adapters.render:SkiaRenderer"),
            load_image=providers.Callable(
                storage_image_loader,
                read_public=media.provided.read_public,
                read_owned=media.provided.read_owned,
            ),
        ).provider,
    )
    job_store: providers.Selector[JobStore] = _by_database(
        settings,
        memory=providers.Singleton(InMemoryJobStore),
        sqlalchemy=_on_engine(engine, "designcore.adapters.sqlalchemy.jobs:SqlAlchemyJobStore"),
    )
    job_queue: providers.Singleton[JobQueue] = providers.Singleton(_job_queue, settings=settings)
    jobs: providers.Singleton[JobService] = providers.Singleton(
        _job_service,
        store=job_store,
        queue=job_queue,
        storage=storage,
        clock=clock,
        handlers=providers.Callable(_job_handlers, __self__),
        settings=settings,
    )
    design_repository: providers.Selector[DesignRepository] = _by_database(
        settings,
        memory=providers.Singleton(InMemoryDesignRepository),
        sqlalchemy=_on_engine(engine, "designcore.adapters.sqlalchemy:SqlAlchemyDesignRepository"),
    )
    designs: providers.Singleton[DesignService] = providers.Singleton(
        DesignService,
        jobs=jobs.provider,
        events=event_recorder,
        designs=design_repository,
        catalogue=catalogue,
        settings=site_settings,
        accounts=accounts,
        profiles=profiles,
        clock=clock,
        storage=storage,
        renderer=export_renderer,
        codec=image_codec,
    )
    # Measures text as the renderer draws it (caches its shapers: one per process).
    text_fitter: providers.Singleton[TextFitter] = providers.Singleton(
        _lazy("designcore.app.seed.measure:MeasuredTextFitter")
    )
    logo_maker: providers.Factory[LogoMakerService] = providers.Factory(
        LogoMakerService,
        catalogue=catalogue,
        settings=site_settings,
        renderer=preview_renderer,
        codec=image_codec,
        fitter=text_fitter,
        designs=designs,
        exporter=export_renderer,
    )
    # Design prompting's allowances are rules, not abuse limits: counted where every process
    # sees the same count (Redis when rate limits use it, else the database).
    quota_counter: providers.Selector[RateLimiter] = providers.Selector(
        providers.Callable(_quota_place, settings),
        shared=rate_limiter,
        database=providers.Singleton(
            _lazy("designcore.adapters.sqlalchemy.rate_limit:SqlAlchemyRateLimiter"),
            engine=engine,
            clock=clock,
        ),
        process=rate_limiter,
    )
    prompt_designs: providers.Factory[PromptDesignService] = providers.Factory(
        PromptDesignService,
        understanding=prompt_understanding,
        catalogue=catalogue,
        settings=site_settings,
        limiter=quota_counter,
        profiles=profiles,
        prompt_log=prompt_log,
        storage=storage,
        renderer=preview_renderer,
        codec=image_codec,
        fitter=text_fitter,
        designs=designs,
        clock=clock,
    )
    photo_editor: providers.Factory[PhotoEditorService] = providers.Factory(
        PhotoEditorService,
        storage=storage,
        editor=providers.Factory(_lazy("designcore.adapters.pillow:PillowPhotoEditor")),
        policy=providers.Singleton(_bucket_policy, settings=settings),
        designs=designs,
    )
    exports: providers.Singleton[ExportService] = providers.Singleton(
        ExportService,
        jobs=jobs.provider,
        events=event_recorder,
        catalogue=catalogue,
        settings=site_settings,
        accounts=accounts,
        profiles=profiles,
        renderer=export_renderer,
        designs=design_repository,
        clock=clock,
    )
    periodic_jobs: providers.Factory[list[Job]] = providers.Factory(
        _periodic_jobs,
        auth=auth.provider,
        payments=payments.provider,
        signer=token_signer.provider,
        clock=clock.provider,
        variants=image_variants.provider,
        variants_max_bytes=settings.provided.storage.variants_max_bytes,
        designs=designs.provider,
        jobs=jobs.provider,
    )


def build_container(settings: Settings, *, analytics: Analytics | None = None) -> Container:
    """A container for ``settings``, with its dependencies checked.

    ``analytics``: an adapter of the embedder's own for the ``Analytics`` port, used instead
    of the one ``DESIGNCORE_ANALYTICS_BACKEND`` chooses (checked against the port's Protocol).
    """
    container = Container(settings=settings)
    if analytics is not None:
        check_adapter(analytics, Analytics, setting="build_container", spec="analytics")
        container.analytics.override(providers.Object(analytics))
    container.check_dependencies()
    _check_plugins(container, settings)
    _check_read_replica(container)
    return container


def _check_plugins(container: Container, settings: Settings) -> None:
    """Build every adapter chosen from outside the package now, so a missing module or member
    fails at start-up (``PluginNotFound``, ``AdapterMismatch``) rather than on first use."""
    for pluggable in _PLUGGABLE:
        if pluggable.family(settings) == "plugin":
            getattr(container, pluggable.port.provider)()
