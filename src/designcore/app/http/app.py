"""The Litestar application factory."""

from __future__ import annotations

import logging
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager

import msgspec
from litestar import Litestar, get
from litestar.logging.config import LoggingConfig
from litestar.openapi import ResponseSpec

from designcore import __version__
from designcore.app.container import Container, build_container
from designcore.app.http.account import AccountBooksController
from designcore.app.http.analytics import AnalyticsController
from designcore.app.http.api_docs import complete_api_document, openapi_config
from designcore.app.http.auth import auth_router
from designcore.app.http.bodies import deprecation_headers
from designcore.app.http.calendar import CalendarController
from designcore.app.http.client_origin import TRUSTED_PROXIES_STATE
from designcore.app.http.compression import compression_config
from designcore.app.http.consent import ConsentMiddleware
from designcore.app.http.creators import CreatorController
from designcore.app.http.dependencies import DatabaseCheck, Limiter, dependencies
from designcore.app.http.designs import DesignController
from designcore.app.http.errors import handle_exception
from designcore.app.http.exports import ExportController
from designcore.app.http.fonts import FontController
from designcore.app.http.inline_checkout import InlineCheckoutController
from designcore.app.http.jobs import JobController
from designcore.app.http.logo_maker import LogoMakerController
from designcore.app.http.mailbox import MailboxController
from designcore.app.http.nul_characters import NulCharacterMiddleware
from designcore.app.http.payments import PaymentFunctionsController, PaystackWebhookController
from designcore.app.http.photo_editor import PhotoEditorController
from designcore.app.http.problem_reports import ProblemReportController
from designcore.app.http.profiles import AccountController
from designcore.app.http.prompts import PromptController, PromptDesignController
from designcore.app.http.request_media import RequestMediaMiddleware
from designcore.app.http.rpc import RpcController
from designcore.app.http.sandbox import MerchantController, SandboxController
from designcore.app.http.security import cors_config, security_headers
from designcore.app.http.server_timing import ServerTimingMiddleware
from designcore.app.http.site_settings import SiteSettingsController
from designcore.app.http.storage import StorageController
from designcore.app.http.templates import CategoryController, TemplateController
from designcore.app.http.web import WebController
from designcore.app.periodic import Schedule, lifespan
from designcore.app.rate_limit_fallback import rate_limit_mode
from designcore.app.settings import Settings, refuse_unsafe_production
from designcore.domain.deployment import development_conveniences

log = logging.getLogger(__name__)


@get("/api/v1/health", operation_id="health", tags=["meta"], sync_to_thread=False)
def health() -> dict[str, str]:
    """Liveness: the server answers."""
    return {"status": "ok", "version": __version__}


class ReadyOut(msgspec.Struct):
    """What the process can serve now."""

    status: str
    """``ready``."""
    database: str
    """``ok``: the database answered."""
    rate_limits: str
    """How rate limits are counted: ``shared`` (Redis, across processes), ``this_process``
    (Redis cannot be reached: each process counts alone until it answers) or ``process`` (in
    memory by configuration)."""


@get(
    "/api/v1/health/ready",
    operation_id="ready",
    tags=["meta"],
    sync_to_thread=True,
    responses={503: ResponseSpec(None, description="The database cannot be reached.")},
)
def ready(database_health: DatabaseCheck, limiter: Limiter) -> ReadyOut:
    """Readiness: the database answers (else 503 ``database_unavailable``), and how rate limits
    are counted (``this_process`` while Redis cannot be reached)."""
    database_health.ping()
    return ReadyOut(status="ready", database="ok", rate_limits=rate_limit_mode(limiter))


def _housekeeping(
    container: Container, settings: Settings
) -> list[Callable[[object], AbstractAsyncContextManager[None]]]:
    """The periodic jobs' lifespan, unless the tick is 0."""
    tick = settings.server.periodic_tick_seconds
    if tick <= 0:
        return []
    return [lifespan(Schedule(container.periodic_jobs(), container.clock()), tick)]


def create_app(settings: Settings | None = None, *, container: Container | None = None) -> Litestar:
    """Build the HTTP app from settings (or from a ready container, in tests).

    Raises ``ProductionRefused`` when production settings turn on a convenience of
    development (each reason listed); in development, logs the conveniences that are on.
    """
    if container is None:
        if settings is None:
            raise ValueError("create_app needs settings or a container")
        container = build_container(settings)
    settings = container.settings()
    refuse_unsafe_production(settings)
    # Only our own loggers: the root logger belongs to the program (``designcore serve``
    # configures it; a program embedding the app keeps its own configuration).
    logging.getLogger("designcore").setLevel(settings.log_level)
    if not settings.is_production:
        log.info(
            "development mode; conveniences on: %s",
            ", ".join(development_conveniences(settings.deployment_facts)) or "none",
        )
    handlers: list[object] = [
        health,
        ready,
        TemplateController,
        CategoryController,
        RpcController,
        PromptController,
        PromptDesignController,
        SiteSettingsController,
        StorageController,
        AccountController,
        AccountBooksController,
        ProblemReportController,
        AnalyticsController,
        CreatorController,
        auth_router(),
        PaymentFunctionsController,
        PaystackWebhookController,
        ExportController,
        JobController,
        PhotoEditorController,
        DesignController,
        CalendarController,
        LogoMakerController,
        FontController,
        InlineCheckoutController,
    ]
    if settings.serves_mailbox:
        handlers.append(MailboxController)
    if settings.payments.backend == "sandbox":
        handlers.append(SandboxController)
        handlers.append(MerchantController)
    dist = settings.web_dist
    if dist is not None:
        handlers.append(WebController)
    app = Litestar(
        route_handlers=handlers,  # type: ignore[arg-type]
        dependencies=dependencies(container),
        exception_handlers={Exception: handle_exception},
        # Litestar's own logger only: the root logger is the embedding program's.
        logging_config=LoggingConfig(configure_root_logger=False),
        middleware=[
            RequestMediaMiddleware(),
            NulCharacterMiddleware(),
            ConsentMiddleware(),
            ServerTimingMiddleware(),
        ],
        request_max_body_size=settings.server.max_body_bytes,
        openapi_config=openapi_config(dist),
        cors_config=cors_config(settings),
        before_send=[security_headers(settings), deprecation_headers],
        compression_config=compression_config(),
        debug=settings.server.debug,
        lifespan=_housekeeping(container, settings),
        on_shutdown=[lambda: container.analytics().flush()],
    )
    complete_api_document(app)
    app.state.container = container
    app.state[TRUSTED_PROXIES_STATE] = settings.trusted_proxy_networks
    return app
