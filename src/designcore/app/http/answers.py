"""The answer cache: the busiest reads' JSON answers kept encoded for a few seconds.

Home rows and searches are read far more often than templates change, so the server keeps
their answers as bytes (and their brotli and gzip forms, each made once when first asked for)
for ``DESIGNCORE_CACHE_SECONDS``; a hit costs neither a database read, nor an encoding, nor
a compression, nor a hop to a worker thread. Each server process keeps its own cache, so
processes may disagree for at most that long after a change.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Hashable
from datetime import timedelta
from typing import Any

import anyio
import anyio.to_thread
import msgspec
from litestar import Request, Response

from designcore.app.http.compression import MINIMUM_SIZE, Encoding, compress, negotiate
from designcore.app.services.cache import TtlCache
from designcore.ports.clock import Clock

_ENCODER = msgspec.json.Encoder()


class EncodedAnswer:
    """One JSON answer as bytes, with its compressed forms made when first asked for."""

    __slots__ = ("_compressed", "body")

    def __init__(self, body: bytes) -> None:
        self.body = body
        """The JSON document."""
        self._compressed: dict[Encoding, bytes] = {}

    @classmethod
    def of(cls, value: object) -> EncodedAnswer:
        """The JSON encoding of a response struct."""
        return cls(_ENCODER.encode(value))

    def encoded(self, encoding: Encoding) -> bytes:
        """The body compressed with ``encoding`` (made once; a race makes it twice, alike)."""
        found = self._compressed.get(encoding)
        if found is None:
            found = self._compressed[encoding] = compress(self.body, encoding)
        return found

    def response(self, request: Request[Any, Any, Any]) -> Response[Any]:
        """The answer to ``request``, compressed as its ``Accept-Encoding`` prefers."""
        if len(self.body) < MINIMUM_SIZE:
            return Response(self.body, media_type="application/json")
        encoding = negotiate(request.headers.get("accept-encoding", ""))
        if encoding is None:
            return Response(
                self.body, media_type="application/json", headers={"vary": "Accept-Encoding"}
            )
        return Response(
            self.encoded(encoding),
            media_type="application/json",
            headers={"content-encoding": encoding, "vary": "Accept-Encoding"},
        )


class AnswerCache:
    """Encoded answers by key for ``ttl`` (nothing is kept when it is zero).

    Answers are computed in worker threads, at most ``threads`` at a time: the work is mostly
    Python, and more threads would only take turns at the interpreter lock (sixteen of them
    spent a fifth of the process's time waking each other); a few still let database waits
    overlap.
    """

    def __init__(
        self, clock: Clock, ttl: timedelta, max_entries: int = 2048, threads: int = 4
    ) -> None:
        self._answers: TtlCache[EncodedAnswer] = TtlCache(clock, ttl, max_entries)
        self._threads = anyio.CapacityLimiter(threads)

    async def answer(
        self,
        key: Hashable | None,
        compute: Callable[[], object],
        at_once: Callable[[], object | None] | None = None,
        kept: Callable[[], Awaitable[object | None]] | None = None,
    ) -> EncodedAnswer:
        """The kept answer for ``key``, else ``compute()``'s encoded in a worker thread (the
        read may wait on the database) and kept. A ``None`` key is never kept.

        ``at_once``, when given, is tried first, here on the event loop: a read that answers
        without waiting (an in-process database's own connection) or ``None`` when it cannot,
        and then ``compute`` runs in a worker thread as usual.

        ``kept``, when given, is tried before ``at_once``: an answer the process keeps,
        awaited (it may confirm with the database that it is current) or ``None``."""
        if key is not None:
            found = self._answers.get(key)
            if found is not None:
                return found
        value = None if kept is None else await kept()
        if value is None and at_once is not None:
            value = at_once()
        if value is not None:
            answer = EncodedAnswer.of(value)
        else:
            answer = await anyio.to_thread.run_sync(
                lambda: EncodedAnswer.of(compute()), limiter=self._threads
            )
        if key is not None:
            self._answers.put(key, answer)
        return answer

    def clear(self) -> None:
        """Forget every answer."""
        self._answers.clear()
