"""Content negotiation on the ``Accept`` header, for answers that exist in several formats."""

from __future__ import annotations


def names_acceptably(accept: str | None, media_type: str) -> bool:
    """Whether ``accept`` (an ``Accept`` header) names ``media_type`` itself with a quality
    above 0.

    Wildcards (``image/*``, ``*/*``) do not count: every client sends them, including those
    that cannot decode the newer formats, while browsers name each image format they decode
    (``image/avif,image/webp,...``). A range with an unreadable ``q`` is ignored, as RFC 9110
    lets a server do."""
    if not accept:
        return False
    wanted = media_type.strip().lower()
    for media_range in accept.split(","):
        name, *parameters = (part.strip() for part in media_range.split(";"))
        if name.lower() != wanted:
            continue
        quality = 1.0
        for parameter in parameters:
            key, _, value = parameter.partition("=")
            if key.strip().lower() == "q":
                try:
                    quality = float(value.strip())
                except ValueError:
                    quality = 0.0
        if quality > 0:
            return True
    return False
