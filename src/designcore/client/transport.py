"""One HTTP call to the auth service: headers in, errors out.

Vendor exceptions stop here: an ``httpx`` failure becomes :class:`AuthRetryableFetchError` and
an error answer becomes the :class:`AuthError` it stands for.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import httpx

from designcore.client.errors import (
    AuthUnknownError,
    error_from_response,
    error_from_transport,
)

API_VERSION_HEADER = "X-Supabase-Api-Version"
"""The header that asks the service for a dated version of its API (auth-js
``API_VERSION_HEADER_NAME``)."""

API_VERSION = "2024-01-01"
"""The API version asked for; from it on, error answers carry the error code in ``code``."""


class AuthTransport:
    """Sends requests to the auth service through an injected ``httpx.Client`` whose
    ``base_url`` is the service's root (``…/auth/v1``)."""

    def __init__(self, http: httpx.Client, api_key: str) -> None:
        if not str(http.base_url):
            raise ValueError("supabaseUrl is required.")
        if not api_key:
            raise ValueError("supabaseKey is required.")
        self._http = http
        self._api_key = api_key

    def request(
        self,
        method: str,
        path: str,
        *,
        jwt: str | None = None,
        query: Mapping[str, str] | None = None,
        body: Mapping[str, Any] | None = None,
    ) -> Any:
        """Send one request; answer its decoded JSON (``None`` for an empty answer).

        ``path`` is relative to the service root (``/token``). ``jwt`` goes out as
        ``Authorization: Bearer``. Raises an :class:`AuthError` for an error answer and
        :class:`AuthRetryableFetchError` when no answer arrived.
        """
        headers = {"apikey": self._api_key, API_VERSION_HEADER: API_VERSION}
        if jwt:
            headers["Authorization"] = f"Bearer {jwt}"
        try:
            response = self._http.request(
                method,
                path,
                params=dict(query) if query else None,
                json=dict(body) if body is not None else None,
                headers=headers,
            )
        except httpx.HTTPError as exc:
            raise error_from_transport(exc) from exc
        if response.is_error:
            raise error_from_response(response)
        if not response.content:
            return None
        try:
            return response.json()
        except ValueError as exc:
            raise AuthUnknownError(
                f"the auth service answered {response.status_code} with a body that is not JSON",
                status=response.status_code,
            ) from exc
