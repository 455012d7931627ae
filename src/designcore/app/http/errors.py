"""One mapping from errors to HTTP answers: ``{status, code, message}`` (plus ``issues``).

The app registers :func:`handle_exception`; the ``/auth/v1`` router registers its own handler
(GoTrue's error shape, ``app/http/auth/errors.py``), which falls back on :func:`status_for`."""

from __future__ import annotations

import logging
import re
from typing import Any

from litestar import MediaType, Request, Response
from litestar.exceptions import HTTPException, ValidationException
from litestar.status_codes import HTTP_500_INTERNAL_SERVER_ERROR

from designcore.app.http.rate_limits import RateLimited
from designcore.domain.errors import (
    Conflict,
    DesignCoreError,
    IllegalTransition,
    NotAllowed,
    NotFound,
    TooLarge,
    Unavailable,
    Unprocessable,
    UnsupportedMedia,
    ValidationFailed,
)

log = logging.getLogger(__name__)

_FAMILY_STATUS: tuple[tuple[type[DesignCoreError], int], ...] = (
    (ValidationFailed, 400),
    (NotFound, 404),
    (Conflict, 409),
    (IllegalTransition, 409),
    (Unavailable, 503),
    (NotAllowed, 403),
    (TooLarge, 413),
    (UnsupportedMedia, 415),
    (Unprocessable, 422),
)

_CODE_STATUS = {
    # NotAllowed codes that mean "who are you?" or "pay first" rather than "forbidden".
    "sign_in_required": 401,
    "invalid_token": 401,
    "upgrade_required": 402,
    "premium_required": 402,
    # A ValidationFailed whose fields were well-formed JSON but broke the resource's rules.
    "invalid_profile": 422,
    "precondition_required": 428,
    # One user's exports in progress already fill their plan (answered with Retry-After).
    "too_many_exports": 429,
    # A premium member past design prompting's hourly fair use (answered with Retry-After).
    "prompt_rate_limited": 429,
}

_HTTP_CODES = {
    400: "bad_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    409: "conflict",
    413: "request_too_large",
    415: "unsupported_media_type",
    422: "unprocessable",
    428: "precondition_required",
    429: "too_many_requests",
}


def error_body(status: int, code: str, message: str, **extra: Any) -> dict[str, Any]:
    """The JSON body of every error answer."""
    return {"status": status, "code": code, "message": message, **extra}


def status_for(error: DesignCoreError) -> int:
    """The HTTP status of a domain error."""
    if error.code in _CODE_STATUS:
        return _CODE_STATUS[error.code]
    for family, status in _FAMILY_STATUS:
        if isinstance(error, family):
            return status
    return 400


_MISSING = re.compile(r"Missing required (\w+) parameter '([^']+)'")


def _issues_from_litestar(error: ValidationException) -> list[dict[str, str]]:
    missing = _MISSING.search(str(error.detail))
    if missing:
        return [{"path": missing.group(2), "message": f"the {missing.group(1)} value is required"}]
    issues = []
    for item in error.extra if isinstance(error.extra, list) else []:
        if isinstance(item, dict):
            path = str(item.get("key") or item.get("source") or "body")
            issues.append({"path": path, "message": str(item.get("message", "is invalid"))})
    return issues


def handle_exception(request: Request[Any, Any, Any], error: Exception) -> Response[Any]:
    """Turn any exception into the JSON error answer."""
    headers: dict[str, str] = {}
    if isinstance(error, RateLimited):
        status = 429
        body = error_body(status, error.code, error.message)
        headers["Retry-After"] = str(error.retry_after)
        return Response(
            content=body, status_code=status, media_type=MediaType.JSON, headers=headers
        )
    if isinstance(error, RecursionError):
        status = 400
        body = error_body(status, "malformed_json", "the request body is nested too deeply")
        return Response(content=body, status_code=status, media_type=MediaType.JSON)
    if isinstance(error, ValidationFailed):
        status = _CODE_STATUS.get(error.code, 400)
        body = error_body(
            status,
            error.code,
            error.message,
            issues=[{"path": i.path, "message": i.message} for i in error.issues],
        )
    elif isinstance(error, DesignCoreError):
        status = status_for(error)
        body = error_body(status, error.code, error.message, **getattr(error, "details", {}))
        retry_after = getattr(error, "retry_after", None)
        if isinstance(retry_after, int) and status == 429:
            headers["Retry-After"] = str(retry_after)
    elif isinstance(error, ValidationException):
        issues = _issues_from_litestar(error)
        detail = "; ".join(f"{i['path']}: {i['message']}" for i in issues)
        message = f"invalid request: {detail}" if detail else f"invalid request: {error.detail}"
        status = 400
        body = error_body(status, "validation_failed", message, issues=issues)
    elif isinstance(error, HTTPException):
        status = error.status_code
        if status >= 500:
            log.error("%s %s failed", request.method, request.url.path, exc_info=error)
        code = _HTTP_CODES.get(status, "http_error")
        detail = str(error.detail).lower()
        # msgspec says "malformed" for bad JSON and "truncated" for JSON that stops short.
        if status == 400 and ("malformed" in detail or "input data was truncated" in detail):
            code = "malformed_json"
        body = error_body(status, code, str(error.detail))
        headers.update(error.headers or {})
    else:
        log.exception("unhandled error on %s %s", request.method, request.url.path)
        status = HTTP_500_INTERNAL_SERVER_ERROR
        body = error_body(status, "internal_error", "something went wrong on our side")
    return Response(content=body, status_code=status, media_type=MediaType.JSON, headers=headers)
