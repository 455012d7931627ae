"""Rules for object names in storage."""

from __future__ import annotations

import re

import attrs

from designcore.domain.errors import FieldIssue, NotAllowed, NotFound, ValidationFailed
from designcore.domain.premium import Viewer

BUCKET = re.compile(r"^[a-z0-9][a-z0-9._-]{1,62}$")
"""A bucket name: 2 to 63 lowercase letters, digits, ``.``, ``_`` or ``-``."""
_SEGMENT = re.compile(r"^[A-Za-z0-9._@()+, =-]{1,255}$")
MAX_PATH_LENGTH = 1024


def check_object_name(bucket: str, path: str) -> tuple[str, str]:
    """Answer ``(bucket, path)`` if both are safe to store under; raise ``ValidationFailed``.

    Buckets are 2 to 63 lowercase letters, digits, ``.``, ``_`` or ``-``. Paths are ``/``-separated
    segments of letters, digits and a few punctuation marks; no empty, ``.`` or ``..`` segment
    and no leading slash, so a path can never leave its bucket.
    """
    issues = []
    if not BUCKET.fullmatch(bucket):
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


def check_prefix(bucket: str, prefix: str) -> tuple[str, str]:
    """Answer ``(bucket, prefix)`` for listing; raise ``ValidationFailed`` if the bucket is
    invalid or no valid path could start with ``prefix`` (the empty prefix lists everything)."""
    if not prefix:
        check_object_name(bucket, "x")
        return bucket, prefix
    check_object_name(bucket, prefix[:-1] if prefix.endswith("/") else prefix)
    return bucket, prefix


@attrs.frozen
class BucketPolicy:
    """Which buckets exist and who may write where."""

    user_buckets: tuple[str, ...] = ("user-uploads", "designs", "problem-screenshots")
    """Signed-in users write here, each only under a first folder named by their user id."""
    admin_buckets: tuple[str, ...] = ("template-previews",)
    """Only admins write here."""
    private_buckets: tuple[str, ...] = ("designs", "problem-screenshots")
    """Never served by the public read and image routes (a private design stays private)."""

    def knows(self, bucket: str) -> bool:
        """Whether ``bucket`` is one of ours."""
        return bucket in self.user_buckets or bucket in self.admin_buckets

    def is_public(self, bucket: str) -> bool:
        """Whether anyone may read ``bucket``'s objects by URL."""
        return self.knows(bucket) and bucket not in self.private_buckets

    def check_write(self, viewer: Viewer, bucket: str, path: str) -> None:
        """Allow the write or raise: ``ValidationFailed`` for a bad name, ``NotFound``
        (``bucket_not_found``) for a bucket not in configuration, ``NotAllowed``
        (``sign_in_required``) for a visitor, ``NotAllowed`` (``admin_only``) for a non-admin in
        an admin bucket, ``NotAllowed`` (``not_your_folder``) for a path outside the user's own
        ``{user_id}/`` folder. Admins may write anywhere in a known bucket."""
        check_object_name(bucket, path)
        if not self.knows(bucket):
            raise NotFound(f"no bucket named {bucket!r}", code="bucket_not_found")
        if viewer.user_id is None:
            raise NotAllowed("sign in to upload", code="sign_in_required")
        if viewer.is_admin:
            return
        if bucket in self.admin_buckets:
            raise NotAllowed(f"only admins may upload to {bucket}", code="admin_only")
        if path.split("/", 1)[0] != viewer.user_id or "/" not in path:
            raise NotAllowed(
                f"uploads to {bucket} go under your own folder: {viewer.user_id}/…",
                code="not_your_folder",
            )
