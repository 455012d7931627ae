"""Port of the admin photo editor: a server that runs the steps of
``designcore.domain.photo_edits`` on a picture."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import attrs

from designcore.domain.photo_edits import Operation


@attrs.frozen
class EditedPhoto:
    """The result of a pipeline: encoded bytes and what they are."""

    data: bytes
    media_type: str
    width: int
    height: int


@attrs.frozen
class Capability:
    """Whether a step can run here, and why not when it cannot."""

    available: bool
    reason: str | None = None


class PhotoEditor(Protocol):
    """Runs photo-editing steps (``designcore.domain.photo_edits``)."""

    def size_of(self, data: bytes) -> tuple[int, int]:
        """The picture's width and height, from its header. Raises ``UnsupportedMedia`` for
        bytes that are no JPEG, PNG, WebP or AVIF picture, ``Unprocessable``
        (``image_too_large``) past the pixel limit."""
        ...

    def capability(self, op: str) -> Capability:
        """Whether the step named ``op`` can run on this server (``remove_background`` needs a
        masker, which a server may turn off)."""
        ...

    def apply(self, data: bytes, steps: Sequence[Operation]) -> EditedPhoto:
        """Run ``steps`` in order on the picture ``data`` and encode the result: PNG when it
        has transparency, else JPEG at high quality. Raises as :meth:`size_of` does,
        ``Unprocessable`` (``damaged_image``) for a picture that does not decode and
        ``Unavailable`` (``step_unavailable``) for a step :meth:`capability` says cannot run."""
        ...
