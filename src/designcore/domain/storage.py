"""Rules for object names in storage."""

from __future__ import annotations

import re

from designcore.domain.errors import FieldIssue, ValidationFailed

_BUCKET = re.compile(r"^[a-z0-9][a-z0-9._-]{1,62}$")
_SEGMENT = re.compile(r"^[A-Za-z0-9._@()+, =-]{1,255}$")
MAX_PATH_LENGTH = 1024


def check_object_name(bucket: str, path: str) -> tuple[str, str]:
    """Answer ``(bucket, path)`` if both are safe to store under; raise ``ValidationFailed``.

    Buckets are 2 to 63 lowercase letters, digits, ``.``, ``_`` or ``-``. Paths are ``/``-separated
    segments of letters, digits and a few punctuation marks; no empty, ``.`` or ``..`` segment
    and no leading slash, so a path can never leave its bucket.
    """
    issues = []
    if not _BUCKET.fullmatch(bucket):
        issues.append(FieldIssue("bucket", "must be 2-63 lowercase letters, digits, '.', '_', '-'"))
    segments = path.split("/")
    if (
        len(path) > MAX_PATH_LENGTH
        or not path
        or any(seg in {"", ".", ".."} or not _SEGMENT.fullmatch(seg) for seg in segments)
    ):
        issues.append(FieldIssue("path", "must be a relative path of safe segments, no '..'"))
    if issues:
        raise ValidationFailed(issues)
    return bucket, path
