"""A chat-completions API for the prompt-understanding adapter's tests: a real HTTP server on a
free loopback port, so the adapter's own client, timeouts and connection handling are what is
tested.

``POST /v1/chat/completions`` (or ``/chat/completions``) with ``Authorization: Bearer <key>``
(no header when the fake's key is empty, a model served on one's own machines) takes ``{model, messages, temperature, response_format}`` and answers the documented shape:
``{id, object: "chat.completion", created, model, choices: [{index, message: {role, content,
refusal}, finish_reason}], usage}``, where ``content`` is the answer as a JSON string. Errors
are ``{"error": {"message", "type", "code"}}``: 401 for a wrong key, 400 for a request that is
not a strict JSON-schema structured-output request, 404 elsewhere.

The answer, unless told otherwise, is the domain's own reading of the user's message
(``designcore.domain.prompting.understand``), checked against the schema the request sent (as
a provider's strict mode guarantees: an answer the schema does not admit is a failure of the
request, 500, so a schema that cannot hold the domain's reading is found). Told, through
:meth:`FakeChatCompletions.next_answer` (each request takes the first one queued), it answers:

- ``answer(structure)``: that structure (a model that reads differently), schema unchecked;
- ``content(text)``: that text as the content (malformed JSON);
- ``status(code)``: an error status with the API's error body (500, 429);
- ``slow(seconds)``: its usual answer, that much later;
- ``refuse()``: ``message.refusal`` set and no content;
- ``truncate()``: half the content, ``finish_reason: "length"``.

``echo_authorization`` puts the request's Authorization header into error messages (a careless
provider), to prove the adapter keeps the key out of its logs.

Run as a script (``python tests/fakes/chat_completions_api.py``, with ``src`` on the path), it
serves until killed and prints its base URL and API key on the first line, for trying the
server's prompting by hand.
"""

from __future__ import annotations

import contextlib
import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Literal

import attrs

from designcore.domain.prompting import understand

API_KEY = "sk-test-designcore-prompting-0123456789"
MODEL = "designcore-test-model"
PATHS = ("/v1/chat/completions", "/chat/completions")


def reading_of(prompt: str) -> dict[str, Any]:
    """The domain's reading of ``prompt`` in the answer's structure."""
    reading = understand(prompt)
    return {
        "category": reading.intent.category,
        "sub_category": reading.intent.sub_category,
        "format": reading.intent.format,
        "fields": [{"key": f.key, "value": f.value} for f in reading.fields],
    }


def schema_issues(value: Any, schema: dict[str, Any], path: str = "$") -> list[str]:
    """Where ``value`` breaks ``schema`` (the subset strict structured output uses: ``type``,
    ``enum``, ``properties``, ``required``, ``additionalProperties``, ``items``)."""
    kinds = {
        "object": dict,
        "array": list,
        "string": str,
        "null": type(None),
        "integer": int,
        "number": (int, float),
        "boolean": bool,
    }
    types = schema.get("type")
    allowed = [types] if isinstance(types, str) else list(types or [])
    if allowed and not any(isinstance(value, kinds[t]) for t in allowed):  # type: ignore[arg-type]
        return [f"{path}: {type(value).__name__} is not {allowed}"]
    if "enum" in schema and value not in schema["enum"]:
        return [f"{path}: {value!r} is not in the enum"]
    issues: list[str] = []
    if isinstance(value, dict):
        properties = schema.get("properties", {})
        issues += [f"{path}: {k} missing" for k in schema.get("required", []) if k not in value]
        if schema.get("additionalProperties") is False:
            issues += [f"{path}: {k} not allowed" for k in value if k not in properties]
        for key, item in value.items():
            if key in properties:
                issues += schema_issues(item, properties[key], f"{path}.{key}")
    if isinstance(value, list) and "items" in schema:
        for index, item in enumerate(value):
            issues += schema_issues(item, schema["items"], f"{path}[{index}]")
    return issues


def strict_schema_issues(schema: Any, path: str = "$") -> list[str]:
    """Where ``schema`` breaks strict mode's rules: every object closed and every property
    required."""
    if not isinstance(schema, dict):
        return [f"{path}: not a schema"]
    issues: list[str] = []
    if schema.get("type") == "object" or "properties" in schema:
        properties = schema.get("properties", {})
        if schema.get("additionalProperties") is not False:
            issues.append(f"{path}: additionalProperties must be false")
        if sorted(schema.get("required", [])) != sorted(properties):
            issues.append(f"{path}: every property must be required")
        for key, item in properties.items():
            issues += strict_schema_issues(item, f"{path}.{key}")
    if "items" in schema:
        issues += strict_schema_issues(schema["items"], f"{path}[]")
    return issues


@attrs.frozen
class Behaviour:
    """What the fake does with one request."""

    kind: Literal["usual", "answer", "content", "status", "slow", "refuse", "truncate"]
    structure: Any = None
    text: str = ""
    status: int = 500
    seconds: float = 0.0


def answer(structure: Any) -> Behaviour:
    """Answer ``structure`` (whatever the schema says)."""
    return Behaviour("answer", structure=structure)


def content(text: str) -> Behaviour:
    """Answer ``text`` as the message's content."""
    return Behaviour("content", text=text)


def status(code: int) -> Behaviour:
    """Answer the status ``code`` with the API's error body."""
    return Behaviour("status", status=code)


def slow(seconds: float) -> Behaviour:
    """The usual answer, ``seconds`` late."""
    return Behaviour("slow", seconds=seconds)


def refuse() -> Behaviour:
    """A refusal: ``message.refusal`` and no content."""
    return Behaviour("refuse")


def truncate() -> Behaviour:
    """Half the usual content, ``finish_reason: "length"``."""
    return Behaviour("truncate")


_ERRORS = {
    400: ("invalid_request_error", "invalid_request"),
    401: ("invalid_request_error", "invalid_api_key"),
    404: ("invalid_request_error", "unknown_url"),
    429: ("rate_limit_error", "rate_limit_exceeded"),
    500: ("server_error", "internal_error"),
    503: ("server_error", "overloaded"),
}


class FakeChatCompletions:
    """The fake's state: ``requests`` (every body it was sent, parsed), what it is told to do
    next, and ``base_url`` once it listens."""

    def __init__(self, api_key: str = API_KEY) -> None:
        self.api_key = api_key
        self.base_url = ""
        """``http://127.0.0.1:<port>/v1``, where the adapter finds ``/chat/completions``."""
        self.requests: list[dict[str, Any]] = []
        self.echo_authorization = False
        self._next: list[Behaviour] = []
        self._lock = threading.Lock()

    def next_answer(self, *behaviours: Behaviour) -> None:
        """Queue what the next requests get, one each, in order."""
        with self._lock:
            self._next.extend(behaviours)

    def _error(self, code: int, message: str, authorization: str) -> tuple[int, bytes, float]:
        kind, short = _ERRORS.get(code, ("server_error", "error"))
        if self.echo_authorization:
            message += f" (you sent {authorization!r})"
        body = {"error": {"message": message, "type": kind, "code": short}}
        return code, json.dumps(body).encode(), 0.0

    def handle(self, path: str, headers: dict[str, str], raw: bytes) -> tuple[int, bytes, float]:
        """The status, body and delay of the answer to one POST."""
        authorization = headers.get("authorization", "")
        try:
            body = json.loads(raw)
        except ValueError:
            body = None
        with self._lock:
            self.requests.append({"path": path, "body": body, "authorization": authorization})
        if path not in PATHS:
            return self._error(404, f"unknown URL {path}", authorization)
        if authorization != (f"Bearer {self.api_key}" if self.api_key else ""):
            return self._error(401, "Incorrect API key provided", authorization)
        problem = _request_problem(body)
        if problem:
            return self._error(400, problem, authorization)
        assert isinstance(body, dict)
        with self._lock:
            behaviour = self._next.pop(0) if self._next else Behaviour("usual")
        if behaviour.kind == "status":
            return self._error(behaviour.status, "the fake was told to fail", authorization)
        prompt = next(m["content"] for m in body["messages"] if m.get("role") == "user")
        schema = body["response_format"]["json_schema"]["schema"]
        message: dict[str, Any] = {"role": "assistant", "content": None, "refusal": None}
        finish = "stop"
        if behaviour.kind == "refuse":
            message["refusal"] = "I can't help with that request."
        elif behaviour.kind == "content":
            message["content"] = behaviour.text
        elif behaviour.kind == "answer":
            message["content"] = json.dumps(behaviour.structure)
        else:
            structure = reading_of(prompt)
            issues = schema_issues(structure, schema)
            if issues:
                return self._error(500, "answer outside the schema: " + "; ".join(issues), "")
            text = json.dumps(structure)
            if behaviour.kind == "truncate":
                text, finish = text[: len(text) // 2], "length"
            message["content"] = text
        completion = {
            "id": f"chatcmpl-fake{len(self.requests)}",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": body["model"],
            "choices": [{"index": 0, "message": message, "finish_reason": finish}],
            "usage": {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0},
        }
        return 200, json.dumps(completion).encode(), behaviour.seconds


def _request_problem(body: Any) -> str | None:
    """What is wrong with a request body, or ``None``."""
    if not isinstance(body, dict):
        return "the body must be a JSON object"
    messages = body.get("messages")
    if not isinstance(body.get("model"), str) or not body["model"]:
        return "model is required"
    if not isinstance(messages, list) or not any(
        isinstance(m, dict) and m.get("role") == "user" and isinstance(m.get("content"), str)
        for m in messages
    ):
        return "messages must hold a user message"
    response_format = body.get("response_format")
    if not isinstance(response_format, dict) or response_format.get("type") != "json_schema":
        return "response_format must be json_schema"
    json_schema = response_format.get("json_schema")
    if not isinstance(json_schema, dict) or not json_schema.get("name"):
        return "response_format.json_schema needs a name"
    if json_schema.get("strict") is not True:
        return "response_format.json_schema must be strict"
    issues = strict_schema_issues(json_schema.get("schema"))
    if issues:
        return "invalid schema for strict mode: " + "; ".join(issues)
    return None


def _server(fake: FakeChatCompletions) -> ThreadingHTTPServer:
    class Handler(BaseHTTPRequestHandler):
        def answer(self, code: int, body: bytes) -> None:
            self.send_response(code)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def do_GET(self) -> None:
            self.answer(*fake._error(404, f"unknown URL {self.path}", "")[:2])

        def do_POST(self) -> None:
            raw = self.rfile.read(int(self.headers.get("content-length", 0)))
            headers = {k.lower(): v for k, v in self.headers.items()}
            code, body, delay = fake.handle(self.path, headers, raw)
            time.sleep(delay)
            with contextlib.suppress(OSError):  # the client may have stopped waiting
                self.answer(code, body)

        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    server.block_on_close = False
    return server


@contextmanager
def chat_completions_server(api_key: str = API_KEY) -> Iterator[FakeChatCompletions]:
    """A :class:`FakeChatCompletions` listening on 127.0.0.1 for the ``with`` block."""
    fake = FakeChatCompletions(api_key)
    server = _server(fake)
    fake.base_url = f"http://127.0.0.1:{server.server_address[1]}/v1"
    thread = threading.Thread(target=server.serve_forever, args=(0.02,), daemon=True)
    thread.start()
    try:
        yield fake
    finally:
        server.shutdown()
        server.server_close()


if __name__ == "__main__":
    # For trying the server by hand: DESIGNCORE_PROMPTING_MODEL_URL=<printed address>,
    # DESIGNCORE_PROMPTING_MODEL=designcore-test-model and the API key below.
    with chat_completions_server() as standalone:
        print(standalone.base_url, API_KEY, flush=True)
        threading.Event().wait()
