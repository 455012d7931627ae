"""Security headers on every answer, and CORS for browser apps on other origins."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from litestar.testing import TestClient

from designcore.app import Container, load_settings
from designcore.app.http import create_app
from designcore.app.http.api_docs import ASSET_FILES
from designcore.domain.errors import ValidationFailed
from fakes.posthog_api import API_KEY, posthog_server
from support import from_peer

Client = TestClient  # type: ignore[type-arg]
MakeContainer = Callable[..., Container]

AUTH_CLIENT_HEADERS = "apikey, authorization, content-type, x-client-info, x-supabase-api-version"
"""What the official auth client (and the functions client) ask a preflight to allow."""
PAYSTACK = {
    "DESIGNCORE_PAYMENTS_BACKEND": "paystack",
    "DESIGNCORE_PAYSTACK_SECRET_KEY": "sk_test_0123456789",
    "DESIGNCORE_PAYSTACK_PUBLIC_KEY": "pk_test_0123456789",
}


def policy(header: str) -> dict[str, list[str]]:
    """A Content-Security-Policy as directive → sources."""
    directives = {}
    for part in header.split(";"):
        words = part.split()
        if words:
            directives[words[0]] = words[1:]
    return directives


def inline_code(html: str) -> list[str]:
    """Inline scripts, style elements, style attributes and event handler attributes."""
    found = []
    for match in re.finditer(r"<script\b([^>]*)>(.*?)</script>", html, re.S | re.I):
        attributes, body = match.groups()
        if "src=" not in attributes and "application/json" not in attributes and body.strip():
            found.append(match.group(0)[:80])
    found += re.findall(r"<style\b", html, re.I)
    found += re.findall(r"""\s(?:style|on[a-z]+)\s*=""", html, re.I)
    return found


@pytest.fixture(name="make_client")
def fixture_make_client(
    make_memory_container: MakeContainer, tmp_path: Path
) -> Iterator[Callable[..., Client]]:
    """Makes clients of apps serving a small built web app, with extra variables."""
    (tmp_path / "assets").mkdir()
    (tmp_path / "index.html").write_text(
        '<!doctype html><script type="module" src="/assets/app-1.js"></script><div id=root></div>'
    )
    (tmp_path / "assets" / "app-1.js").write_text("console.log('hi')")
    (tmp_path / "swagger-ui").mkdir()
    for name in ASSET_FILES:
        (tmp_path / "swagger-ui" / name).write_text(f"/* {name} */")
    clients: list[Client] = []

    def make(**environment: str) -> Client:
        container = make_memory_container(DESIGNCORE_WEB_DIST=str(tmp_path), **environment)
        # Asked from this machine, as a developer's browser asks (the dev mailbox answers it).
        app = from_peer(create_app(container=container), "127.0.0.1")
        client = TestClient(app=app)  # type: ignore[arg-type]
        clients.append(client.__enter__())
        return client

    yield make
    for client in clients:
        client.__exit__(None, None, None)


@pytest.fixture(name="client")
def fixture_client(make_client: Callable[..., Client]) -> Client:
    """A client of the app on its defaults (payment sandbox, outbox, loopback)."""
    return make_client()


def checkout_code(client: Client) -> str:
    """The access code of a new sandbox transaction."""
    answer = client.post(
        "/sandbox/paystack/transaction/initialize",
        json={"email": "ada@example.com", "amount": 150_000},
        headers={"Authorization": "Bearer sk_test_sandbox_designcore"},
    )
    assert 200 == answer.status_code, answer.text
    return str(answer.json()["data"]["access_code"])


PAGES = ("/", "/templates/church", "/dev/mailbox", "/schema/swagger")
"""The HTML pages of the product (the checkout page has its own policy)."""


class TestHtmlAnswers:
    @pytest.mark.parametrize("path", PAGES)
    def test_pages_get_a_strict_policy(self, client: Client, path: str) -> None:
        """Every page: scripts, styles and fonts from our origin only, images also from
        data: and blob: URLs, the checkout frame from our origin, framed by nobody, no
        nonce or unsafe-inline needed, nosniff and a strict referrer policy."""
        answer = client.get(path)
        assert (200, "text/html") == (
            answer.status_code,
            answer.headers["content-type"].split(";")[0],
        )
        assert {
            "default-src": ["'self'"],
            "script-src": ["'self'"],
            "style-src": ["'self'"],
            "img-src": ["'self'", "data:", "blob:"],
            "font-src": ["'self'"],
            "connect-src": ["'self'"],
            "frame-src": ["'self'"],
            "frame-ancestors": ["'none'"],
            "object-src": ["'none'"],
            "base-uri": ["'self'"],
            "form-action": ["'self'"],
        } == policy(answer.headers["content-security-policy"])
        assert "nosniff" == answer.headers["x-content-type-options"]
        assert "strict-origin-when-cross-origin" == answer.headers["referrer-policy"]
        assert "strict-transport-security" not in answer.headers

    @pytest.mark.parametrize("path", ["/dev/mailbox", "/schema/swagger"])
    def test_our_pages_have_no_inline_code(self, client: Client, path: str) -> None:
        """The server's own pages load their scripts and styles from files, so the policy
        needs no nonce; nothing comes from another host."""
        html = client.get(path).text
        assert [] == inline_code(html)
        assert [] == re.findall(r"""(?:src|href)=["']?(?:https?:)?//[^"' >]+""", html)

    def test_the_docs_load_swagger_ui_from_us(self, client: Client) -> None:
        """The API docs page loads Swagger UI's files from the built web app and starts it
        with a served script that reads the OpenAPI document of this server."""
        html = client.get("/schema/swagger").text
        scripts = re.findall(r'<script src="([^"]+)"', html)
        assert [
            "/swagger-ui/swagger-ui-bundle.js",
            "/swagger-ui/swagger-ui-standalone-preset.js",
            "/schema/swagger/init.js",
        ] == scripts
        assert 'href="/swagger-ui/swagger-ui.css"' in html
        assert 'data-openapi-url="/schema/openapi.json"' in html
        for url in (*scripts, "/swagger-ui/swagger-ui.css"):
            answer = client.get(url)
            assert 200 == answer.status_code, url
        assert "SwaggerUIBundle(" in client.get("/schema/swagger/init.js").text
        assert "designcore" == client.get("/schema/openapi.json").json()["info"]["title"]

    def test_the_docs_without_a_web_build(self, make_memory_container: MakeContainer) -> None:
        """With no built web app there is no Swagger UI to load: the page links the OpenAPI
        document and says how to build it, still with no inline code."""
        app = create_app(container=make_memory_container())
        with TestClient(app=app) as bare:
            html = bare.get("/schema/swagger").text
        assert "<script" not in html
        assert '<a href="/schema/openapi.json">' in html
        assert "npm run build" in html

    def test_the_payment_popup_with_paystack(self, make_client: Callable[..., Client]) -> None:
        """With Paystack, pages may frame Paystack's checkout and call Paystack's API (what
        the popup script does); scripts still come only from our origin."""
        answer = make_client(**PAYSTACK).get("/")
        directives = policy(answer.headers["content-security-policy"])
        assert ["https://checkout.paystack.com"] == directives["frame-src"]
        assert ["'self'", "https://api.paystack.co"] == directives["connect-src"]
        assert ["'self'"] == directives["script-src"]

    def test_pages_may_send_events_to_posthog(self, make_client: Callable[..., Client]) -> None:
        """With PostHog, the web app's own PostHog client posts to PostHog's host; nothing
        else is loosened."""
        with posthog_server() as fake:
            answer = make_client(
                DESIGNCORE_ANALYTICS_BACKEND="posthog",
                DESIGNCORE_POSTHOG_API_KEY=API_KEY,
                DESIGNCORE_POSTHOG_HOST=f"{fake.host}/",
            ).get("/")
        directives = policy(answer.headers["content-security-policy"])
        assert ["'self'", fake.host] == directives["connect-src"]
        assert ["'self'"] == directives["script-src"]

    def test_hsts_when_the_public_url_is_https(self, make_client: Callable[..., Client]) -> None:
        """Served at an https public URL, every answer (pages and API) asks for HTTPS."""
        client = make_client(
            DESIGNCORE_PUBLIC_URL="https://designcore.example", DESIGNCORE_ENV="development"
        )
        for path in ("/", "/api/v1/health", "/api/v1/nope"):
            answer = client.get(path)
            assert "max-age=31536000" == answer.headers["strict-transport-security"], path


class TestCheckoutPage:
    def test_framed_only_by_our_origin(self, client: Client) -> None:
        """The sandbox checkout runs its script and style from files of our origin, with no
        inline code, and only our own pages may frame it."""
        answer = client.get(f"/sandbox/checkout/popup?access_code={checkout_code(client)}")
        assert 200 == answer.status_code
        directives = policy(answer.headers["content-security-policy"])
        assert ["'self'"] == directives["frame-ancestors"]
        assert ["'self'"] == directives["script-src"]
        assert ["'self'"] == directives["style-src"]
        assert ["'none'"] == directives["default-src"]
        assert "nosniff" == answer.headers["x-content-type-options"]
        assert [] == inline_code(answer.text)
        scripts = re.findall(r'<script src="([^"]+)"', answer.text)
        styles = re.findall(r'<link rel="stylesheet" href="([^"]+)"', answer.text)
        assert (1, 1) == (len(scripts), len(styles))
        script, style = client.get(scripts[0]), client.get(styles[0])
        assert (200, "text/javascript") == (
            script.status_code,
            script.headers["content-type"].split(";")[0],
        )
        assert "postMessage" in script.text
        assert (200, "text/css") == (style.status_code, style.headers["content-type"].split(";")[0])


class TestApiAnswers:
    @pytest.mark.parametrize(
        ("method", "path"),
        [
            ("GET", "/api/v1/health"),
            ("GET", "/api/v1/templates"),
            ("GET", "/api/v1/templates/nope"),
            ("GET", "/auth/v1/health"),
            ("POST", "/functions/v1/paystack-public-key"),
            ("GET", "/schema/openapi.json"),
            ("GET", "/no-such-prefix/../api/v1/x"),
        ],
    )
    def test_every_answer_is_nosniff(self, client: Client, method: str, path: str) -> None:
        """JSON answers, errors included, are never sniffed into another type."""
        answer = client.request(method, path)
        assert "nosniff" == answer.headers["x-content-type-options"]
        if answer.headers["content-type"].startswith("application/json"):
            assert "content-security-policy" not in answer.headers


def preflight(client: Client, path: str, origin: str, method: str = "POST") -> Any:
    """The browser's CORS preflight for a request the auth client would make."""
    return client.options(
        path,
        headers={
            "Origin": origin,
            "Access-Control-Request-Method": method,
            "Access-Control-Request-Headers": AUTH_CLIENT_HEADERS,
        },
    )


class TestCors:
    @pytest.mark.parametrize(
        ("method", "path"),
        [
            ("POST", "/auth/v1/token"),
            ("PUT", "/auth/v1/user"),
            ("GET", "/api/v1/templates/home"),
            ("POST", "/functions/v1/create-premium-upgrade"),
        ],
    )
    def test_allowed_origins_pass_preflight(
        self, make_client: Callable[..., Client], method: str, path: str
    ) -> None:
        """An origin of DESIGNCORE_CORS_ORIGINS may send the auth client's headers to the
        auth, API and functions routes."""
        client = make_client(DESIGNCORE_CORS_ORIGINS="https://app.example, http://localhost:5173")
        for origin in ("https://app.example", "http://localhost:5173"):
            answer = preflight(client, path, origin, method)
            assert 204 == answer.status_code, answer.text
            assert origin == answer.headers["access-control-allow-origin"]
            allowed = {h.strip() for h in answer.headers["access-control-allow-headers"].split(",")}
            assert {h.strip() for h in AUTH_CLIENT_HEADERS.split(",")} <= {
                h.lower() for h in allowed
            }
            assert method in answer.headers["access-control-allow-methods"]

    def test_answers_expose_the_api_version(self, make_client: Callable[..., Client]) -> None:
        """An allowed origin's requests are answered with its origin and may read the
        auth API's version header (and Retry-After)."""
        client = make_client(DESIGNCORE_CORS_ORIGINS="https://app.example")
        answer = client.get("/auth/v1/health", headers={"Origin": "https://app.example"})
        assert "https://app.example" == answer.headers["access-control-allow-origin"]
        exposed = {
            h.strip().lower() for h in answer.headers["access-control-expose-headers"].split(",")
        }
        assert {"x-supabase-api-version", "retry-after"} <= exposed

    def test_other_origins_are_refused(self, make_client: Callable[..., Client]) -> None:
        """An origin not listed fails its preflight and gets no allow-origin header."""
        client = make_client(DESIGNCORE_CORS_ORIGINS="https://app.example")
        refused = preflight(client, "/auth/v1/token", "https://evil.example")
        assert 400 == refused.status_code
        assert "access-control-allow-origin" not in refused.headers
        answer = client.get("/api/v1/health", headers={"Origin": "https://evil.example"})
        assert "access-control-allow-origin" not in answer.headers

    def test_the_default_is_the_public_urls_origin(
        self, make_client: Callable[..., Client]
    ) -> None:
        """Unset, the only allowed origin is the public URL's."""
        client = make_client(
            DESIGNCORE_PUBLIC_URL="https://designcore.example/app/", DESIGNCORE_ENV="development"
        )
        allowed = preflight(client, "/auth/v1/token", "https://designcore.example")
        assert "https://designcore.example" == allowed.headers["access-control-allow-origin"]
        assert 400 == preflight(client, "/auth/v1/token", "https://other.example").status_code


class TestCorsSetting:
    def test_origins_are_parsed(self) -> None:
        """The variable is a comma-separated list of origins; a trailing slash is dropped."""
        settings = load_settings(
            {"DESIGNCORE_CORS_ORIGINS": " https://app.example/ ,http://127.0.0.1:5173,"}
        )
        assert ("https://app.example", "http://127.0.0.1:5173") == settings.cors_origins

    @pytest.mark.parametrize(
        "value", ["app.example", "https://app.example/path", "*", "ftp://app.example"]
    )
    def test_anything_but_origins_stops_the_program(self, value: str) -> None:
        """A host without a scheme, a path, a wildcard or another scheme is refused, naming
        the variable."""
        with pytest.raises(ValidationFailed) as raised:
            load_settings({"DESIGNCORE_CORS_ORIGINS": value})
        assert ["DESIGNCORE_CORS_ORIGINS"] == [issue.path for issue in raised.value.issues]
