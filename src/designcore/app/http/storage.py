"""Stored objects over HTTP, shaped like the hosted storage API.

- ``GET /storage/v1/object/public/{bucket}/{path}``: the stored bytes.
- ``GET /storage/v1/object/authenticated/{bucket}/{path}``: the caller's own object.
- ``POST /storage/v1/object/{bucket}/{path}``: upload (raw body or multipart), signed in.
- ``GET /storage/v1/render/image/public/{bucket}/{path}``: a resized, re-encoded variant.
"""

from __future__ import annotations

import functools
import uuid
from typing import Annotated, Any
from urllib.parse import unquote

import anyio.to_thread
import msgspec
from litestar import Controller, Request, Response, get, post
from litestar.datastructures import UploadFile
from litestar.di import NamedDependency
from litestar.exceptions.http_exceptions import RequestEntityTooLarge
from litestar.params import HeaderParameter, QueryParameter
from litestar.types import Receive, ReceiveMessage

from designcore.app.http.api_docs import ANSWERS_FILES
from designcore.app.http.dependencies import Me
from designcore.app.http.field_rules import (
    FORMATS,
    QUALITY,
    RESIZE_MODES,
    SIZE,
    BucketName,
    ObjectPath,
)
from designcore.app.http.request_media import ACCEPTED_MEDIA, ANY_MEDIA
from designcore.app.media import MediaService
from designcore.domain.errors import FieldIssue, NotAllowed, ValidationFailed
from designcore.domain.images import parse_transform
from designcore.ports.storage import StoredObject

PUBLIC_MAX_AGE = 3600
VARIANT_CACHE_CONTROL = "public, max-age=31536000, immutable"
SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"
"""Served with SVG: even opened directly, a stored SVG can run nothing and fetch nothing."""
MULTIPART_ALLOWANCE = 64 * 1024
"""Room for multipart boundaries and headers around a file of the largest allowed size."""


def _object_path(raw: str) -> str:
    """The object path from the URL: one leading slash removed, so ``//x`` stays absolute (and
    is refused) instead of being quietly rewritten."""
    return raw[1:] if raw.startswith("/") else raw


EMPTY_SEGMENT = (
    "must be a relative path of safe segments: no empty segment ('//'), no trailing slash"
)
"""The 400 issue of an upload path the router would have rewritten."""


def _check_as_sent(request: Request[Any, Any, Any]) -> None:
    """Refuse (``ValidationFailed`` on ``path``) a request path with an empty segment or a
    trailing slash as the client sent it. The router collapses ``//`` and drops a trailing
    slash before matching, so without this ``a//b.png`` would be stored as ``a/b.png``."""
    raw = request.scope.get("raw_path")
    sent = unquote(raw.decode("latin-1")) if isinstance(raw, bytes) else request.scope["path"]
    if "//" in sent or sent.endswith("/"):
        raise ValidationFailed([FieldIssue("path", EMPTY_SEGMENT)])


def _entity_tags(header: str | None) -> frozenset[str]:
    """The tags of an ``If-None-Match`` header (weak ones compared by their opaque part)."""
    tags = set()
    for part in (header or "").split(","):
        tag = part.strip()
        tags.add(tag[2:] if tag.startswith("W/") else tag)
    tags.discard("")
    return frozenset(tags)


def _headers_for(media_type: str) -> dict[str, str]:
    headers = {"X-Content-Type-Options": "nosniff"}
    if media_type.startswith("image/svg+xml"):
        headers["Content-Security-Policy"] = SVG_POLICY
    return headers


class UploadOut(msgspec.Struct):
    """Where the upload was stored, as the hosted storage API answers it."""

    Key: str
    """``{bucket}/{path}``."""
    Id: str
    """A stable id of the object (a UUID derived from its bucket and path)."""


def _query(description: str, *, name: str | None = None, **rule: Any) -> Any:
    """A documented, short query parameter (checked by ``parse_transform``, not here, so the
    error names the field in our words; ``rule`` states that check in the document)."""
    return QueryParameter(name=name, description=description, schema_extra=rule or None)


Media = NamedDependency[MediaService]


def _object_answer(
    stored: StoredObject,
    request: Request,  # type: ignore[type-arg]
    cache_control: str,
) -> Response[bytes]:
    """A stored object with its strong ETag and ``cache_control``: 304 without a body when
    ``If-None-Match`` names the ETag."""
    etag = f'"{stored.etag}"'
    headers = {"ETag": etag, "Cache-Control": cache_control}
    if etag in _entity_tags(request.headers.get("if-none-match")):
        return Response(b"", status_code=304, headers=headers)
    return Response(
        stored.data,
        media_type=stored.content_type,
        headers={**headers, **_headers_for(stored.content_type)},
    )


class StorageController(Controller):
    """``/storage/v1``: stored objects, uploads and rendered image variants."""

    path = "/storage/v1"
    tags = ["storage"]

    @get(
        "/object/public/{bucket:str}/{path:path}",
        operation_id="readPublicObject",
        sync_to_thread=True,
        include_in_schema=True,
        opt={ANSWERS_FILES: ("*/*",)},
    )
    def read_public_object(
        self,
        media: Media,
        bucket: BucketName,
        path: ObjectPath,
        request: Request,  # type: ignore[type-arg]
    ) -> Response[bytes]:
        """An object of a public bucket, with a strong ETag and a one-hour public cache (a
        private bucket answers 404 as an unknown one)."""
        stored = media.read_public(bucket, path.lstrip("/"))
        return _object_answer(stored, request, f"public, max-age={PUBLIC_MAX_AGE}")

    @get(
        "/object/authenticated/{bucket:str}/{path:path}",
        operation_id="readOwnObject",
        sync_to_thread=True,
        opt={ANSWERS_FILES: ("*/*",)},
    )
    def read_own_object(
        self,
        media: Media,
        viewer: Me,
        bucket: BucketName,
        path: ObjectPath,
        request: Request,  # type: ignore[type-arg]
    ) -> Response[bytes]:
        """One of the caller's own objects (bearer token), private buckets included: what a
        design draws from ``/storage/v1/object/authenticated/{bucket}/{user_id}/…``. Another
        user's folder answers 404 as an unknown object; 401 ``sign_in_required`` without a token.
        Strong ETag (304 on ``If-None-Match``), ``Cache-Control: private, no-cache``."""
        if viewer.user_id is None:
            raise NotAllowed("sign in to read your own files", code="sign_in_required")
        stored = media.read_owned(viewer.user_id, bucket, _object_path(path))
        return _object_answer(stored, request, "private, no-cache")

    @post(
        "/object/{bucket:str}/{path:path}",
        operation_id="uploadObject",
        status_code=200,
        # The limit is a setting, read by ``_read_upload`` from the media service: the
        # framework's would be fixed when the route is declared.
        request_max_body_size=None,
        opt={ACCEPTED_MEDIA: ANY_MEDIA},
    )
    async def upload_object(
        self,
        media: Media,
        viewer: Me,
        bucket: BucketName,
        path: ObjectPath,
        request: Request[Any, Any, Any],
        upsert: Annotated[str | None, HeaderParameter(name="x-upsert", max_length=8)] = None,
    ) -> UploadOut:
        """Upload a JPEG, PNG, WebP, AVIF or SVG image (sniffed from its bytes; SVG sanitised).

        The body is the file itself or a multipart form whose file field holds it. Signed-in
        users write under their own ``{user_id}/`` folder of a user bucket; admins anywhere.
        ``x-upsert: true`` replaces an existing object (else 409).
        """
        key = _object_path(path)
        media.check_upload(viewer, bucket, key)
        _check_as_sent(request)
        data = await _read_upload(request, media)
        info = await anyio.to_thread.run_sync(
            functools.partial(
                media.upload,
                viewer,
                bucket,
                key,
                data,
                upsert=(upsert or "").strip().lower() in {"true", "1"},
            )
        )
        object_id = uuid.uuid5(uuid.NAMESPACE_URL, f"designcore:{info.bucket}/{info.path}")
        return UploadOut(Key=f"{info.bucket}/{info.path}", Id=str(object_id))

    @get(
        "/render/image/public/{bucket:str}/{path:path}",
        operation_id="renderPublicImage",
        sync_to_thread=True,
        opt={ANSWERS_FILES: ("image/*",)},
    )
    def render_public_image(
        self,
        media: Media,
        bucket: BucketName,
        path: ObjectPath,
        request: Request[Any, Any, Any],
        width: Annotated[str | None, _query("1-2500 px (larger is capped).", **SIZE)] = None,
        height: Annotated[str | None, _query("1-2500 px (larger is capped).", **SIZE)] = None,
        resize: Annotated[
            str | None, _query("cover (default), contain or fill.", enum=RESIZE_MODES)
        ] = None,
        output: Annotated[
            str | None,
            _query("origin (default), avif, webp, png or jpeg.", name="format", enum=FORMATS),
        ] = None,
        quality: Annotated[str | None, _query("1-100, default 80.", **QUALITY)] = None,
    ) -> Response[bytes]:
        """A stored image resized and re-encoded; variants are cached and immutable."""
        asked = {"width": width, "height": height, "resize": resize, "format": output}
        asked["quality"] = quality
        transform = parse_transform({k: v for k, v in asked.items() if v is not None})
        rendered = media.render(
            bucket,
            _object_path(path),
            transform,
            if_none_match=_entity_tags(request.headers.get("if-none-match")),
        )
        headers = {"ETag": rendered.etag, "Cache-Control": VARIANT_CACHE_CONTROL}
        if rendered.variant is None:
            return Response(b"", status_code=304, headers=headers)
        return Response(
            rendered.variant.data,
            media_type=rendered.variant.media_type,
            headers={**headers, **_headers_for(rendered.variant.media_type)},
        )


def _capped(receive: Receive, ceiling: int) -> Receive:
    """``receive`` refusing (``RequestEntityTooLarge``) a body past ``ceiling`` bytes as soon
    as they arrive, as the framework's own limit would."""
    received = 0

    async def capped() -> ReceiveMessage:
        nonlocal received
        message = await receive()
        if message["type"] == "http.request":
            received += len(message.get("body", b""))
            if received > ceiling:
                raise RequestEntityTooLarge
        return message

    return capped


async def _read_upload(request: Request[Any, Any, Any], media: MediaService) -> bytes:
    """The uploaded file's bytes, refused with 413 as soon as more than the limit arrives."""
    limit = media.max_upload_bytes
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit + MULTIPART_ALLOWANCE:
        raise media.too_large()
    request = Request(
        request.scope, _capped(request.receive, limit + MULTIPART_ALLOWANCE), request.send
    )
    content_type, _ = request.content_type
    try:
        if content_type == "multipart/form-data":
            form = await request.form()
            named = form.get("file")
            files = [named] if isinstance(named, UploadFile) else []
            files += [v for v in form.values() if isinstance(v, UploadFile) and v is not named]
            if not files:
                raise ValidationFailed(
                    [FieldIssue("file", "the multipart form has no file: send it as 'file'")]
                )
            data = await files[0].read(limit + 1)
            for upload in files:
                await upload.close()
        else:
            received = bytearray()
            async for chunk in request.stream():
                received += chunk
                if len(received) > limit:
                    raise media.too_large()
            data = bytes(received)
    except RequestEntityTooLarge:
        raise media.too_large() from None
    if len(data) > limit:
        raise media.too_large()
    return data
