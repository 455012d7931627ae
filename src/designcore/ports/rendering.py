"""The preview rendering port."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol


class PreviewRenderer(Protocol):
    """Turns an editor document into a preview image."""

    def render_png(self, document: Mapping[str, Any], *, width: int = 800) -> bytes:
        """PNG bytes of the first page, ``width`` pixels wide. Raises ``ValueError`` for a
        document it cannot read."""
        ...
