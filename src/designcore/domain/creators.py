"""Creators: the public profile of someone who publishes templates."""

from __future__ import annotations

import re
from datetime import datetime
from urllib.parse import urlsplit

import attrs

from designcore.domain.errors import FieldIssue, ValidationFailed

USERNAME = re.compile(r"^[A-Za-z0-9_-]{3,30}$")
"""3 to 30 letters, digits, ``_`` or ``-``; unique regardless of case."""
MAX_DISPLAY_NAME_LENGTH = 60
MAX_BIO_LENGTH = 500
MAX_AVATAR_URL_LENGTH = 2000
STORAGE_PATH_PREFIX = "/storage/v1/"
"""An avatar may be an image served by our own storage routes, given by its path."""


class InvalidCreatorProfile(ValidationFailed):
    """A creator profile's fields broke a rule (answered 422, each field named)."""

    code = "invalid_profile"


def username_key(username: str) -> str:
    """What makes two usernames the same: their lowercase form."""
    return username.lower()


@attrs.frozen(kw_only=True)
class Creator:
    """A creator profile (table ``creators``)."""

    id: str
    user_id: str | None
    """The account that owns it; ``None`` for a studio of the seed catalogue."""
    username: str
    """As its owner spelled it; unique regardless of case."""
    display_name: str
    avatar_url: str | None = None
    bio: str = ""
    created_at: datetime
    updated_at: datetime

    @property
    def username_key(self) -> str:
        """The username as compared."""
        return username_key(self.username)


@attrs.frozen
class CreatorListing:
    """A creator with how many templates they have published."""

    creator: Creator
    template_count: int


def _avatar_issues(avatar_url: str) -> list[FieldIssue]:
    issue = [FieldIssue("avatar_url", "must be an http(s) URL or a /storage/v1/ path")]
    if len(avatar_url) > MAX_AVATAR_URL_LENGTH:
        return [FieldIssue("avatar_url", f"must be at most {MAX_AVATAR_URL_LENGTH} characters")]
    if avatar_url.startswith(STORAGE_PATH_PREFIX):
        return [] if ".." not in avatar_url.split("?")[0] else issue
    try:
        parts = urlsplit(avatar_url)
    except ValueError:
        return issue
    return [] if parts.scheme in ("http", "https") and parts.hostname else issue


def check_profile(
    *, username: str, display_name: str, avatar_url: str | None, bio: str
) -> tuple[str, str, str | None, str]:
    """The fields of a creator profile, trimmed, or ``ValidationFailed`` naming every field
    that is wrong: a username of 3 to 30 letters, digits, ``_`` or ``-``; a display name of 1
    to 60 characters; an avatar that is an http(s) URL or a path of our storage routes (or
    none); a bio of at most 500 characters."""
    username = username.strip()
    display_name = display_name.strip()
    avatar = (avatar_url or "").strip() or None
    bio = bio.strip()
    issues: list[FieldIssue] = []
    if not USERNAME.fullmatch(username):
        issues.append(FieldIssue("username", "must be 3 to 30 letters, digits, '_' or '-'"))
    if not display_name or len(display_name) > MAX_DISPLAY_NAME_LENGTH:
        issues.append(
            FieldIssue("display_name", f"must be 1 to {MAX_DISPLAY_NAME_LENGTH} characters")
        )
    if avatar is not None:
        issues.extend(_avatar_issues(avatar))
    if len(bio) > MAX_BIO_LENGTH:
        issues.append(FieldIssue("bio", f"must be at most {MAX_BIO_LENGTH} characters"))
    if issues:
        raise InvalidCreatorProfile(issues)
    return username, display_name, avatar, bio
