"""The auth API at ``/auth/v1``, compatible with the Supabase Auth (GoTrue) HTTP API.

One controller per flow (``sessions``, ``signups``, ``users``, ``links``, ``providers``,
``mfa``, ``meta``) over the auth service, typed request and response bodies (``schemas``),
GoTrue's rate limits (``limits``) and error answers (``errors``), put together by
:func:`auth_router`.
"""

from designcore.app.http.auth.router import MAX_AUTH_BODY, auth_router

__all__ = ["MAX_AUTH_BODY", "auth_router"]
