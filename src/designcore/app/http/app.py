"""The Litestar application factory."""

from __future__ import annotations

import logging
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager

from litestar import Litestar, get
from litestar.logging.config import LoggingConfig

from designcore import __version__
from designcore.adapters.paystack.sandbox import PaystackSandbox
from designcore.app.container import Container, build_container
from designcore.app.http.account import AccountBooksController
from designcore.app.http.analytics import AnalyticsController
from designcore.app.http.api_docs import complete_api_document, openapi_config
from designcore.app.http.auth import build_auth_router
from designcore.app.http.calendar import calendar_controller
from designcore.app.http.client_origin import TRUSTED_PROXIES_STATE
from designcore.app.http.compression import compression_config
from designcore.app.http.consent import ConsentMiddleware
from designcore.app.http.creators import CreatorController
from designcore.app.http.dependencies import dependencies
from designcore.app.http.designs import designs_controller
from designcore.app.http.errors import handle_exception
from designcore.app.http.exports import export_handler
from designcore.app.http.fonts import fonts_router
from designcore.app.http.functions import functions_router
from designcore.app.http.inline_checkout import inline_checkout_router
from designcore.app.http.logo_maker import logo_maker_router
from designcore.app.http.mailbox import mailbox_router
from designcore.app.http.nul_characters import NulCharacterMiddleware
from designcore.app.http.photo_editor import photo_editor_router
from designcore.app.http.problem_reports import ProblemReportController
from designcore.app.http.profiles import AccountController
from designcore.app.http.request_media import RequestMediaMiddleware
from designcore.app.http.sandbox import sandbox_router
from designcore.app.http.sandbox_merchant import merchant_router
from designcore.app.http.security import cors_config, security_headers
from designcore.app.http.storage import storage_handlers
from designcore.app.http.templates import CategoryController, TemplateController
from designcore.app.http.web import web_router
from designcore.app.http.writes import PromptController, RpcController, SiteSettingsController
from designcore.app.periodic import Schedule, lifespan
from designcore.app.services.auth import AuthService
from designcore.app.services.calendar import CalendarService
from designcore.app.services.designs import DesignService
from designcore.app.services.exports import ExportService
from designcore.app.services.logo_maker import LogoMakerService
from designcore.app.services.payments import PaymentService
from designcore.app.services.photo_editor import PhotoEditorService
from designcore.app.settings import Settings, refuse_unsafe_production
from designcore.domain.deployment import development_conveniences
from designcore.ports.mail import Outbox
from designcore.ports.rate_limit import RateLimiter

log = logging.getLogger(__name__)


@get("/api/v1/health", operation_id="health", tags=["meta"], sync_to_thread=False)
def health() -> dict[str, str]:
    """Liveness: the server answers."""
    return {"status": "ok", "version": __version__}


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
        TemplateController,
        CategoryController,
        RpcController,
        PromptController,
        SiteSettingsController,
        *storage_handlers(settings.storage.max_upload_bytes),
    ]
    handlers.append(AccountController)
    handlers.append(AccountBooksController)
    handlers.append(ProblemReportController)
    handlers.append(AnalyticsController)
    handlers.append(CreatorController)

    def provide_auth() -> AuthService:
        service: AuthService = container.auth()
        return service

    def provide_limiter() -> RateLimiter:
        limiter: RateLimiter = container.rate_limiter()
        return limiter

    def provide_outbox() -> Outbox:
        outbox: Outbox = container.outbox()
        return outbox

    def provide_exports() -> ExportService:
        exports: ExportService = container.exports()
        return exports

    def provide_logo_maker() -> LogoMakerService:
        logo_maker: LogoMakerService = container.logo_maker()
        return logo_maker

    def provide_photo_editor() -> PhotoEditorService:
        photo_editor: PhotoEditorService = container.photo_editor()
        return photo_editor

    def provide_designs() -> DesignService:
        designs: DesignService = container.designs()
        return designs

    def provide_calendar() -> CalendarService:
        calendar: CalendarService = container.calendar()
        return calendar

    def provide_payments() -> PaymentService:
        payments: PaymentService = container.payments()
        return payments

    handlers.append(build_auth_router(provide_auth, provide_limiter))
    handlers.append(functions_router(provide_payments, provide_limiter))
    handlers.append(export_handler(provide_exports))
    handlers.append(photo_editor_router(provide_photo_editor))
    handlers.append(designs_controller(provide_designs))
    handlers.append(calendar_controller(provide_calendar))
    handlers.append(logo_maker_router(provide_logo_maker))
    handlers.append(fonts_router())
    handlers.append(inline_checkout_router(settings))
    if settings.serves_mailbox:
        handlers.append(mailbox_router(provide_outbox))
    if settings.payments.backend == "sandbox":

        def provide_sandbox() -> PaystackSandbox:
            sandbox: PaystackSandbox = container.paystack_sandbox()
            return sandbox

        handlers.append(sandbox_router(provide_sandbox))
        handlers.append(merchant_router(settings.payments.sandbox.public_key))
    dist = settings.web_dist
    if dist is not None:
        handlers.append(web_router(dist))
    app = Litestar(
        route_handlers=handlers,  # type: ignore[arg-type]
        dependencies=dependencies(container),
        exception_handlers={Exception: handle_exception},
        # Litestar's own logger only: the root logger is the embedding program's.
        logging_config=LoggingConfig(configure_root_logger=False),
        middleware=[RequestMediaMiddleware(), NulCharacterMiddleware(), ConsentMiddleware()],
        request_max_body_size=settings.server.max_body_bytes,
        openapi_config=openapi_config(dist),
        cors_config=cors_config(settings),
        before_send=[security_headers(settings)],
        compression_config=compression_config(),
        debug=settings.server.debug,
        lifespan=_housekeeping(container, settings),
        on_shutdown=[lambda: container.analytics().flush()],
    )
    complete_api_document(app)
    app.state.container = container
    app.state[TRUSTED_PROXIES_STATE] = settings.trusted_proxy_networks
    return app
