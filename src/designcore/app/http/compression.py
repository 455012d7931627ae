"""Compressed answers: brotli (when installed) or gzip, chosen from ``Accept-Encoding``, for
text and JSON above a size threshold.

Litestar's compression middleware does the compressing; :class:`SelectiveCompression` adds
what it lacks: it honours quality values (``br;q=0`` refuses brotli), leaves alone answers that
are compressed already (precompressed static files, cached answers) or not worth compressing
(images, fonts, archives), and marks every compressible answer ``Vary: Accept-Encoding``, even
one sent uncompressed.
"""

from __future__ import annotations

import gzip
import importlib.util
from typing import TYPE_CHECKING, Any, Literal

from litestar.config.compression import CompressionConfig
from litestar.datastructures import Headers, MutableScopeHeaders
from litestar.middleware.compression import CompressionMiddleware

from designcore.app.http.web import choose_coding

if TYPE_CHECKING:
    from litestar.types import Message, Receive, Scope, Send

MINIMUM_SIZE = 1024
"""Smaller answers fit in a packet or two anyway: compressing them costs more than it saves."""
GZIP_LEVEL = 6
BROTLI_QUALITY = 4
"""Levels for answers compressed per request: about 5.5 KB for the 31 KB home rows either
way, in well under a millisecond (gzip 9 and brotli 5 and up cost twice as much for a few
per cent more)."""
BROTLI = importlib.util.find_spec("brotli") is not None
"""Whether brotli is installed (the server extra brings it); gzip always is."""
ENCODINGS: tuple[str, ...] = ("br", "gzip") if BROTLI else ("gzip",)
"""What this server can answer with, preferred first."""
_COMPRESSIBLE = (
    "application/json",
    "application/problem+json",
    "application/javascript",
    "application/xml",
    "image/svg+xml",
    "text/",
)

Encoding = Literal["br", "gzip"]


def negotiate(accept_encoding: str) -> Encoding | None:
    """The encoding to answer a request with, from its ``Accept-Encoding`` header: the one it
    weighs highest of :data:`ENCODINGS` (brotli on a tie), or ``None`` when it accepts
    neither (absent, ``identity`` only, or ``q=0``). The same reading as the static files'."""
    return choose_coding(accept_encoding, list(ENCODINGS))  # type: ignore[return-value]


def compress(body: bytes, encoding: Encoding) -> bytes:
    """``body`` compressed with ``encoding`` at this server's levels."""
    if encoding == "br":
        import brotli  # type: ignore[import-not-found,import-untyped,unused-ignore]

        compressed: bytes = brotli.compress(body, quality=BROTLI_QUALITY, mode=brotli.MODE_TEXT)
        return compressed
    return gzip.compress(body, GZIP_LEVEL, mtime=0)


def is_compressible(content_type: str) -> bool:
    """Whether answers of this media type shrink when compressed (text, JSON, SVG)."""
    media_type = content_type.split(";", 1)[0].strip().lower()
    return media_type.startswith(_COMPRESSIBLE)


def add_vary(headers: MutableScopeHeaders) -> None:
    """Mark an answer as depending on ``Accept-Encoding`` (once)."""
    vary = headers.get("vary", "")
    if "accept-encoding" not in vary.lower():
        headers["vary"] = f"{vary}, Accept-Encoding" if vary else "Accept-Encoding"


class SelectiveCompression(CompressionMiddleware):
    """Litestar's compression, applied only where it helps (see the module docstring)."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Compress the answer with the encoding the request weighs highest, if any."""
        encoding = negotiate(Headers.from_scope(scope).get("accept-encoding", ""))
        if encoding is None:
            await self.app(scope, receive, _mark_vary(send, self.config.minimum_size))
            return
        await self.app(scope, receive, self.create_compression_send_wrapper(send, encoding, scope))

    def create_compression_send_wrapper(
        self, send: Send, compression_encoding: Any, scope: Scope
    ) -> Send:
        """Litestar's compressing ``send``, bypassed for answers that carry a
        ``Content-Encoding`` already or are not text."""
        compressing = super().create_compression_send_wrapper(send, compression_encoding, scope)
        target = compressing

        async def wrapper(message: Message) -> None:
            nonlocal target
            if message["type"] == "http.response.start":
                headers = Headers(message["headers"])
                if "content-encoding" in headers or not is_compressible(
                    headers.get("content-type", "")
                ):
                    target = send
            await target(message)

        return wrapper


def _mark_vary(send: Send, minimum_size: int) -> Send:
    """``send`` that adds ``Vary: Accept-Encoding`` to answers this server would have
    compressed for another request."""

    async def wrapper(message: Message) -> None:
        if message["type"] == "http.response.start":
            headers = MutableScopeHeaders(message)
            length = headers.get("content-length")
            big_enough = length is None or int(length) >= minimum_size
            if (
                big_enough
                and "content-encoding" not in headers
                and is_compressible(headers.get("content-type", ""))
            ):
                add_vary(headers)
        await send(message)

    return wrapper


def compression_config() -> CompressionConfig:
    """The app's response compression."""
    return CompressionConfig(
        backend="brotli" if BROTLI else "gzip",
        minimum_size=MINIMUM_SIZE,
        gzip_compress_level=GZIP_LEVEL,
        brotli_quality=BROTLI_QUALITY,
        brotli_gzip_fallback=True,
        middleware_class=SelectiveCompression,
    )


__all__ = ["ENCODINGS", "compress", "compression_config", "negotiate"]
