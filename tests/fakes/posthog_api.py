"""PostHog's capture endpoints for the PostHog adapters' tests: a real HTTP server on a free
loopback port (the official clients post with ``requests`` or from a browser, so it cannot be
handed an httpx transport), which keeps what it is sent.

``POST /batch/`` (the Python client) takes ``{"api_key", "batch": [...], "sent_at"}``, plain
or gzip-compressed (``Content-Encoding: gzip``), and answers ``{"status": 1}``. ``POST /e/``
and ``/i/v0/e/`` (the browser client) take one event, a list of events or the same batch
object, as JSON, gzip (the body's own gzip magic, ``compression=gzip-js``) or base64 in a form
field ``data`` (``compression=base64``); the API key is then each event's ``token`` property.
Browsers are answered with CORS headers, preflights included. A wrong API key is 401.
``fail_next(status, times)`` answers the next requests with that status (a 503 for a bad day,
429 for the quota limit) and stores nothing from them. Anything else is 404 (and recorded).

Run as a script (``python tests/fakes/posthog_api.py``), it serves until killed, prints its
address on the first line, and answers ``GET /_fake/events`` with what it has accepted (the
browser tests' way to look, web/e2e/analytics-posthog.e2e.mjs).
"""

from __future__ import annotations

import base64
import gzip
import json
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

API_KEY = "phc_test_designcore"
BROWSER_PATHS = ("/e/", "/i/v0/e/")
"""Where PostHog's browser client posts events."""


def decode_body(raw: bytes, headers: dict[str, str], query: dict[str, list[str]]) -> Any:
    """The JSON a client sent, in whichever of PostHog's encodings it chose."""
    if headers.get("content-encoding") == "gzip" or raw[:2] == b"\x1f\x8b":
        return json.loads(gzip.decompress(raw))
    if query.get("compression") == ["base64"] or raw.startswith(b"data="):
        data = parse_qs(raw.decode())["data"][0]
        return json.loads(base64.b64decode(data))
    return json.loads(raw)


def events_of(body: Any) -> tuple[str | None, list[dict[str, Any]]]:
    """The API key and the events of a browser client's body (one event, a list, or a
    batch object)."""
    if isinstance(body, dict) and "batch" in body:
        events = list(body["batch"])
    elif isinstance(body, list):
        events = body
    else:
        events = [body]
    keys = {(e.get("properties") or {}).get("token") for e in events}
    if isinstance(body, dict) and body.get("api_key"):
        keys = {body["api_key"]}
    return (keys.pop() if len(keys) == 1 else None), events


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

    def handle(self, target: str, headers: dict[str, str], raw: bytes) -> tuple[int, bytes]:
        url = urlsplit(target)
        path, query = url.path, parse_qs(url.query)
        gzipped = headers.get("content-encoding") == "gzip" or raw[:2] == b"\x1f\x8b"
        try:
            body = decode_body(raw, headers, query)
        except (ValueError, KeyError):
            body = None
        with self._lock:
            self.requests.append({"path": path, "gzip": gzipped, "body": body})
            if path == "/batch/" and isinstance(body, dict):
                key, events = body.get("api_key"), list(body.get("batch", []))
            elif path in BROWSER_PATHS and body is not None:
                key, events = events_of(body)
            else:
                return 404, b'{"detail": "not found"}'
            if key != API_KEY:
                return 401, b'{"detail": "invalid API key"}'
            if self._failures:
                status = self._failures.pop(0)
                return status, json.dumps({"detail": f"fake answered {status}"}).encode()
            self.events.extend(events)
        return 200, b'{"status": 1}'


def _server(fake: FakePostHog, port: int = 0) -> ThreadingHTTPServer:
    class Handler(BaseHTTPRequestHandler):
        def answer(self, status: int, body: bytes) -> None:
            self.send_response(status)
            # The browser client posts from the app's origin.
            self.send_header("Access-Control-Allow-Origin", self.headers.get("origin") or "*")
            self.send_header("Access-Control-Allow-Credentials", "true")
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def do_OPTIONS(self) -> None:
            self.send_response(204)
            self.send_header("Access-Control-Allow-Origin", self.headers.get("origin") or "*")
            self.send_header("Access-Control-Allow-Credentials", "true")
            self.send_header("Access-Control-Allow-Methods", "POST, GET, OPTIONS")
            requested = self.headers.get("access-control-request-headers") or "content-type"
            self.send_header("Access-Control-Allow-Headers", requested)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def do_GET(self) -> None:
            if urlsplit(self.path).path == "/_fake/events":
                with fake._lock:
                    self.answer(200, json.dumps(fake.events).encode())
                return
            with fake._lock:
                fake.requests.append(
                    {"path": urlsplit(self.path).path, "gzip": False, "body": None}
                )
            self.answer(404, b'{"detail": "not found"}')

        def do_POST(self) -> None:
            raw = self.rfile.read(int(self.headers.get("content-length", 0)))
            headers = {k.lower(): v for k, v in self.headers.items()}
            self.answer(*fake.handle(self.path, headers, raw))

        def log_message(self, format: str, *args: Any) -> None:
            pass

    return ThreadingHTTPServer(("127.0.0.1", port), Handler)


@contextmanager
def posthog_server() -> Iterator[FakePostHog]:
    """A :class:`FakePostHog` listening on 127.0.0.1 for the ``with`` block."""
    fake = FakePostHog()
    server = _server(fake)
    fake.host = f"http://127.0.0.1:{server.server_address[1]}"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield fake
    finally:
        server.shutdown()
        server.server_close()


if __name__ == "__main__":
    standalone = FakePostHog()
    httpd = _server(standalone, int(sys.argv[1]) if len(sys.argv) > 1 else 0)
    print(f"http://127.0.0.1:{httpd.server_address[1]}", flush=True)
    httpd.serve_forever()
