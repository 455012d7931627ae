"""Creators: the public profile of someone who publishes templates."""

from __future__ import annotations

import re
from datetime import datetime

import attrs

from designcore.domain.accounts import WHITE_SPACE
from designcore.domain.errors import FieldIssue, ValidationFailed

USERNAME = re.compile(r"^[A-Za-z0-9_-]{3,30}$")
"""3 to 30 letters, digits, ``_`` or ``-``; unique regardless of case."""
MAX_DISPLAY_NAME_LENGTH = 60
MAX_BIO_LENGTH = 500
MAX_AVATAR_URL_LENGTH = 2000
STORAGE_PATH_PREFIX = "/storage/v1/"
"""An avatar may be an image served by our own storage routes, given by its path."""

_NOT_SPACE = f"[^{WHITE_SPACE}]"
AVATAR_URL_PATTERN = (
    f"[{WHITE_SPACE}]*(?:(?:"
    rf"https?://[A-Za-z0-9.-]+(?::[0-9]{{1,5}})?(?:[/?#]{_NOT_SPACE}*)?"
    f"|{re.escape(STORAGE_PATH_PREFIX)}(?:[^.?{WHITE_SPACE}]|\\.(?!\\.))*(?:\\?{_NOT_SPACE}*)?"
    f")[{WHITE_SPACE}]*)?"
)
"""An avatar address as sent, matched whole: an http or https address (a host name or IP
address of letters, digits, dots and hyphens, an optional port, then any path, query or
fragment without white space) or a path of our storage routes without ``..``, with white
space around it (trimmed away); white space alone means no avatar. The API document states
the same pattern."""


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
    if len(avatar_url) > MAX_AVATAR_URL_LENGTH:
        return [FieldIssue("avatar_url", f"must be at most {MAX_AVATAR_URL_LENGTH} characters")]
    if re.fullmatch(AVATAR_URL_PATTERN, avatar_url) is None:
        return [FieldIssue("avatar_url", "must be an http(s) URL or a /storage/v1/ path")]
    return []


def check_profile(
    *, username: str, display_name: str, avatar_url: str | None, bio: str
) -> tuple[str, str, str | None, str]:
    """The fields of a creator profile, trimmed, or ``ValidationFailed`` naming every field
    that is wrong: a username of 3 to 30 letters, digits, ``_`` or ``-``; a display name of 1
    to 60 characters; an avatar that is an http(s) URL or a path of our storage routes (or
    none); a bio of at most 500 characters. Lengths count the fields as sent, white space
    around them included (what the API document states)."""
    issues: list[FieldIssue] = []
    if not USERNAME.fullmatch(username.strip()):
        issues.append(FieldIssue("username", "must be 3 to 30 letters, digits, '_' or '-'"))
    if not display_name.strip() or len(display_name) > MAX_DISPLAY_NAME_LENGTH:
        issues.append(
            FieldIssue("display_name", f"must be 1 to {MAX_DISPLAY_NAME_LENGTH} characters")
        )
    if avatar_url is not None:
        issues.extend(_avatar_issues(avatar_url))
    if len(bio) > MAX_BIO_LENGTH:
        issues.append(FieldIssue("bio", f"must be at most {MAX_BIO_LENGTH} characters"))
    username, display_name, bio = username.strip(), display_name.strip(), bio.strip()
    avatar = (avatar_url or "").strip() or None
    if issues:
        raise InvalidCreatorProfile(issues)
    return username, display_name, avatar, bio
