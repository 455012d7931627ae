"""Public reads of stored objects (``/storage/v1/object/public/{bucket}/{path}``)."""

from __future__ import annotations

import hashlib

from litestar import Request, Response, get
from litestar.di import NamedDependency
from litestar.params import FromPath

from designcore.ports.storage import Storage

PUBLIC_MAX_AGE = 3600


@get(
    "/storage/v1/object/public/{bucket:str}/{path:path}",
    operation_id="readPublicObject",
    tags=["storage"],
    sync_to_thread=True,
    include_in_schema=True,
)
def read_public_object(
    storage: NamedDependency[Storage],
    bucket: FromPath[str],
    path: FromPath[str],
    request: Request,  # type: ignore[type-arg]
) -> Response[bytes]:
    """A stored object, with a strong ETag and a one-hour public cache."""
    stored = storage.get(bucket, path.lstrip("/"))
    etag = '"' + hashlib.sha256(stored.data).hexdigest()[:32] + '"'
    headers = {"ETag": etag, "Cache-Control": f"public, max-age={PUBLIC_MAX_AGE}"}
    if request.headers.get("if-none-match") == etag:
        return Response(b"", status_code=304, headers=headers)
    return Response(
        stored.data,
        media_type=stored.content_type,
        headers={**headers, "X-Content-Type-Options": "nosniff"},
    )
