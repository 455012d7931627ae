"""A bare Litestar JSON endpoint: the floor the catalogue endpoints are compared with."""

from __future__ import annotations

from litestar import Litestar, get


@get("/bare", sync_to_thread=False)
def bare() -> dict[str, object]:
    """A small constant JSON document."""
    return {"status": "ok", "items": [1, 2, 3]}


app = Litestar(route_handlers=[bare])
