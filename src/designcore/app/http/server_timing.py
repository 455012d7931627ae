"""``Server-Timing`` from one middleware, for the routes that ask for it in their ``opt``.

A route that reports its time names the metric: ``opt={SERVER_TIMING: "save"}``. Its answer
then carries ``Server-Timing: save;dur=<ms>, cpu;dur=<ms>``: the wall time from the request
reaching the route (body decoding included) to the answer's headers being sent, and the
process's CPU time over the same span (other processes on the machine do not inflate it;
requests of this process running at the same moment do).
"""

from __future__ import annotations

import time

from litestar.datastructures import MutableScopeHeaders
from litestar.enums import ScopeType
from litestar.middleware import ASGIMiddleware
from litestar.types import ASGIApp, Message, Receive, Scope, Send

SERVER_TIMING = "server_timing"
"""Route option (``opt``) naming the route's metric in ``Server-Timing``."""


def timing_header(name: str, wall_seconds: float, cpu_seconds: float) -> str:
    """The header's value: the named wall time and the CPU time, in milliseconds."""
    return f"{name};dur={wall_seconds * 1000:.2f}, cpu;dur={cpu_seconds * 1000:.2f}"


class ServerTimingMiddleware(ASGIMiddleware):
    """Adds ``Server-Timing`` to the answers of the routes that name a metric."""

    scopes = (ScopeType.HTTP,)

    async def handle(self, scope: Scope, receive: Receive, send: Send, next_app: ASGIApp) -> None:
        """Time the route from here to its answer's start, when it names a metric."""
        handler = scope.get("route_handler")
        name = handler.opt.get(SERVER_TIMING) if handler else None
        if not isinstance(name, str):
            await next_app(scope, receive, send)
            return
        started, cpu_started = time.perf_counter(), time.process_time()

        async def timed(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableScopeHeaders.from_message(message)
                headers.add(
                    "Server-Timing",
                    timing_header(
                        name,
                        time.perf_counter() - started,
                        time.process_time() - cpu_started,
                    ),
                )
            await send(message)

        await next_app(scope, receive, timed)
