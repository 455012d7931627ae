"""What the browser is told to enforce: security headers on every answer, and CORS.

- Every answer is ``X-Content-Type-Options: nosniff``, and ``Strict-Transport-Security`` when
  the public URL is https.
- Every HTML answer gets :func:`page_policy` as its Content-Security-Policy (unless its route
  set a stricter one, as the sandbox checkout page does) and
  ``Referrer-Policy: strict-origin-when-cross-origin``. No page of ours has inline code (the
  mailbox, the API docs and the checkout page load theirs from files), so no nonce is needed.
- :func:`cors_config`: the origins of ``DESIGNCORE_CORS_ORIGINS`` may call the API with the
  headers the official auth and functions clients send.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from litestar.config.cors import CORSConfig
from litestar.datastructures import MutableScopeHeaders
from litestar.types import BeforeMessageSendHookHandler, Message, Scope

from designcore.app.settings import Settings

PAYSTACK_CHECKOUT_ORIGIN = "https://checkout.paystack.com"
"""Where Paystack's checkout page is, which the payment popup frames."""
HSTS = "max-age=31536000"
"""A year of HTTPS only; subdomains are not ours to speak for."""
REFERRER_POLICY = "strict-origin-when-cross-origin"

CLIENT_HEADERS = (
    "apikey",
    "authorization",
    "content-type",
    "x-client-info",
    "x-supabase-api-version",
    "x-upsert",
)
"""Request headers the official clients send: the auth and functions clients' five, and the
storage client's ``x-upsert``."""
EXPOSED_HEADERS = ("X-Supabase-Api-Version", "Retry-After", "Deprecation", "Link")
"""Answer headers a browser app may read: the auth API's version, when to retry a 429, and
that a body used a deprecated field name (``Deprecation`` and its ``Link``)."""


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def page_policy(settings: Settings) -> str:
    """The Content-Security-Policy of the product's pages.

    Scripts, styles, fonts and API calls stay on our origin (the payment popup script is
    served at ``/inline-checkout/``); images may also be ``data:`` and ``blob:`` URLs (the
    editor's previews); the popup frames the checkout page, ours with the sandbox or
    Paystack's, and with Paystack the popup script also calls Paystack's API. With PostHog,
    the web app sends its events to PostHog's host (docs/analytics.md). Nobody may frame our
    pages.
    """
    connect, frame = ["'self'"], ["'self'"]
    analytics = settings.analytics
    if analytics.backend == "posthog" and analytics.posthog_api_key:
        connect.append(_origin(analytics.posthog_host))
    if settings.payments.backend == "paystack":
        connect.append(_origin(settings.payments.paystack_base_url))
        frame = [PAYSTACK_CHECKOUT_ORIGIN]
    directives = {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:", "blob:"],
        "font-src": ["'self'"],
        "connect-src": connect,
        "frame-src": frame,
        "frame-ancestors": ["'none'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
    }
    return "; ".join(f"{name} {' '.join(sources)}" for name, sources in directives.items())


def security_headers(settings: Settings) -> BeforeMessageSendHookHandler:
    """A ``before_send`` hook adding the security headers to every answer (404s of unknown
    paths and CORS preflights included). It is a coroutine function: Litestar runs a plain
    function hook in a worker thread, for every message of every answer."""
    policy = page_policy(settings)
    https = settings.auth.public_url.lower().startswith("https://")

    async def add_headers(message: Message, scope: Scope) -> None:
        if message["type"] != "http.response.start":
            return
        headers = MutableScopeHeaders.from_message(message)
        headers["X-Content-Type-Options"] = "nosniff"
        if https:
            headers["Strict-Transport-Security"] = HSTS
        if (headers.get("content-type") or "").lower().startswith("text/html"):
            if "content-security-policy" not in headers:
                headers["Content-Security-Policy"] = policy
            if "referrer-policy" not in headers:
                headers["Referrer-Policy"] = REFERRER_POLICY
        _keep_vary_on_encoding(headers)

    return add_headers


def _keep_vary_on_encoding(headers: MutableScopeHeaders) -> None:
    """A compressed answer varies on Accept-Encoding, even after CORS set ``Vary: Origin``."""
    if "content-encoding" not in headers:
        return
    vary = headers.get("vary") or ""
    if "accept-encoding" not in vary.lower():
        headers["Vary"] = f"{vary}, Accept-Encoding" if vary else "Accept-Encoding"


def cors_config(settings: Settings) -> CORSConfig:
    """CORS for the origins of ``DESIGNCORE_CORS_ORIGINS`` (default: the public URL's)."""
    return CORSConfig(
        allow_origins=list(settings.cors_origins),
        allow_headers=list(CLIENT_HEADERS),
        expose_headers=list(EXPOSED_HEADERS),
        allow_credentials=False,
        max_age=3600,
    )
