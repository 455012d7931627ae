"""PostHog's capture endpoint for the PostHog adapter's tests: a real HTTP server on a free
loopback port (the official client posts with ``requests``, so it cannot be handed an httpx
transport), which keeps what it is sent.

``POST /batch/`` takes ``{"api_key", "batch": [...], "sent_at"}``, plain or gzip-compressed
(``Content-Encoding: gzip``) as PostHog does, and answers ``{"status": 1}``. A wrong API key
is 401. ``fail_next(status, times)`` answers the next requests with that status (a 503 for a
bad day, 429 for the quota limit) and stores nothing from them.
"""

from __future__ import annotations

import gzip
import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

API_KEY = "phc_test_designcore"


class FakePostHog:
    """What the fake was sent: ``requests`` (every attempt) and ``events`` (accepted ones)."""

    def __init__(self) -> None:
        self.requests: list[dict[str, Any]] = []
        self.events: list[dict[str, Any]] = []
        self._failures: list[int] = []
        self._lock = threading.Lock()
        self.host = ""

    def fail_next(self, status: int, times: int = 1) -> None:
        """Answer the next ``times`` requests with ``status``."""
        with self._lock:
            self._failures.extend([status] * times)

    def handle(self, path: str, headers: dict[str, str], raw: bytes) -> tuple[int, bytes]:
        gzipped = headers.get("content-encoding") == "gzip"
        body = json.loads(gzip.decompress(raw) if gzipped else raw)
        with self._lock:
            self.requests.append({"path": path, "gzip": gzipped, "body": body})
            if path != "/batch/":
                return 404, b'{"detail": "not found"}'
            if body.get("api_key") != API_KEY:
                return 401, b'{"detail": "invalid API key"}'
            if self._failures:
                status = self._failures.pop(0)
                return status, json.dumps({"detail": f"fake answered {status}"}).encode()
            self.events.extend(body["batch"])
        return 200, b'{"status": 1}'


@contextmanager
def posthog_server() -> Iterator[FakePostHog]:
    """A :class:`FakePostHog` listening on 127.0.0.1 for the ``with`` block."""
    fake = FakePostHog()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            raw = self.rfile.read(int(self.headers.get("content-length", 0)))
            headers = {k.lower(): v for k, v in self.headers.items()}
            status, answer = fake.handle(self.path, headers, raw)
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(answer)))
            self.end_headers()
            self.wfile.write(answer)

        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    fake.host = f"http://127.0.0.1:{server.server_address[1]}"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield fake
    finally:
        server.shutdown()
        server.server_close()
