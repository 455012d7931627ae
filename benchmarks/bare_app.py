"""Bare Litestar: the floor the catalogue endpoints are compared with.

``GET /bare`` answers a small constant document. ``GET /payload`` answers the JSON document in
the file named by ``BARE_PAYLOAD`` (the concurrent benchmark saves a real home-rows answer
there), decoded once at start and encoded again for every request, as a handler returning
its data would: the same bytes as the product's answer, with no database, no conversion and
no middleware.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from litestar import Litestar, get

_PAYLOAD_FILE = os.environ.get("BARE_PAYLOAD")
PAYLOAD: Any = json.loads(Path(_PAYLOAD_FILE).read_bytes()) if _PAYLOAD_FILE else {}


@get("/bare", sync_to_thread=False)
def bare() -> dict[str, object]:
    """A small constant JSON document."""
    return {"status": "ok", "items": [1, 2, 3]}


@get("/payload", sync_to_thread=False)
def payload() -> Any:
    """The saved document."""
    return PAYLOAD


app = Litestar(route_handlers=[bare, payload])
