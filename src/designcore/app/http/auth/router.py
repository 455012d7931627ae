"""The ``/auth/v1`` router: its controllers, dependencies and error handling."""

from __future__ import annotations

from typing import Any

from litestar import HttpMethod, Request, Response, Router, route

from designcore.app.http.auth.errors import API_VERSION, API_VERSION_HEADER, gotrue_error_response
from designcore.app.http.auth.links import MailedLinkController
from designcore.app.http.auth.meta import MetaController
from designcore.app.http.auth.mfa import FactorController
from designcore.app.http.auth.providers import ProviderController
from designcore.app.http.auth.sessions import SessionController
from designcore.app.http.auth.signups import SignUpController
from designcore.app.http.auth.users import UserController
from designcore.domain.errors import NotFound

MAX_AUTH_BODY = 64 * 1024
"""The largest request body the auth API reads."""


UNROUTED = [
    "/",
    "/{unknown:path}",
    # Past a path parameter the route table looks no further back, so each parametrised
    # prefix needs its own catch-all (a factor id holding an encoded ``/`` lands here).
    "/factors/{factor_id:str}/{unknown:path}",
    "/user/identities/{identity_id:str}/{unknown:path}",
]
"""Every path under ``/auth/v1`` that no controller answers."""


@route(
    UNROUTED,
    http_method=[m for m in HttpMethod if m not in {HttpMethod.OPTIONS, HttpMethod.HEAD}],
    include_in_schema=False,
    sync_to_thread=False,
)
def no_such_route(request: Request[Any, Any, Any]) -> None:
    """Any other path under ``/auth/v1``: 404 in GoTrue's error shape."""
    raise NotFound(f"no auth endpoint at {request.url.path}", code="not_found")


def _api_version(response: Response[Any]) -> Response[Any]:
    response.headers[API_VERSION_HEADER] = API_VERSION
    return response


def auth_router() -> Router:
    """The ``/auth/v1`` router: its controllers over the app's ``auth``, ``limiter`` and
    ``caller`` dependencies (``app/http/dependencies.py``), GoTrue's error shape and its
    version header. A function only because a Router instance belongs to one app."""
    return Router(
        path="/auth/v1",
        route_handlers=[
            SessionController,
            SignUpController,
            UserController,
            MailedLinkController,
            ProviderController,
            FactorController,
            MetaController,
            no_such_route,
        ],
        exception_handlers={Exception: gotrue_error_response},
        after_request=_api_version,
        request_max_body_size=MAX_AUTH_BODY,
        tags=["auth"],
    )
