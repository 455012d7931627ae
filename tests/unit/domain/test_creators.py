"""The creator profile's rules, and the avatar pattern the API document states."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from designcore.domain.creators import (
    AVATAR_URL_PATTERN,
    MAX_AVATAR_URL_LENGTH,
    InvalidCreatorProfile,
    check_profile,
)


def _avatar(avatar_url: str | None) -> str | None:
    return check_profile(username="kemi", display_name="Kemi", avatar_url=avatar_url, bio="")[2]


class TestAvatarPattern:
    @given(st.from_regex(AVATAR_URL_PATTERN, fullmatch=True))
    def test_every_address_the_pattern_admits_is_accepted(self, avatar_url: str) -> None:
        """What the document's pattern admits (within the length) the profile accepts, trimmed."""
        if len(avatar_url) <= MAX_AVATAR_URL_LENGTH:
            assert (avatar_url.strip() or None) == _avatar(avatar_url)

    @pytest.mark.parametrize(
        "avatar_url",
        [
            "javascript:alert(1)",
            "ftp://images.example/a.png",
            "HTTP://images.example/a.png",
            "http://",
            "https://user@images.example/a.png",
            "https://images.example/a b.png",
            "/storage/v1/../x.png",
            "/storage/v1/object/a..b.png",
            "storage/v1/object/a.png",
            "https://images.example/" + "x" * MAX_AVATAR_URL_LENGTH,
        ],
    )
    def test_other_addresses_are_refused(self, avatar_url: str) -> None:
        """An address outside the pattern (or too long) is refused, naming avatar_url."""
        with pytest.raises(InvalidCreatorProfile) as refused:
            _avatar(avatar_url)
        assert ["avatar_url"] == [issue.path for issue in refused.value.issues]
        if len(avatar_url) <= MAX_AVATAR_URL_LENGTH:
            assert re.fullmatch(AVATAR_URL_PATTERN, avatar_url) is None

    @pytest.mark.parametrize(
        ("sent", "kept"),
        [
            (
                "https://images.example:8443/a.png?v=2#top",
                "https://images.example:8443/a.png?v=2#top",
            ),
            (
                "  /storage/v1/object/public/user-uploads/u/a.png\n",
                "/storage/v1/object/public/user-uploads/u/a.png",
            ),
            ("\u3000", None),
            ("", None),
            (None, None),
        ],
    )
    def test_accepted_addresses_are_kept_trimmed(self, sent: str | None, kept: str | None) -> None:
        """An accepted address is kept without the white space around it; none is no avatar."""
        assert kept == _avatar(sent)


class TestLengths:
    def test_lengths_count_the_fields_as_sent(self) -> None:
        """White space around a display name counts towards its 60 characters."""
        with pytest.raises(InvalidCreatorProfile) as refused:
            check_profile(username="kemi", display_name=" " + "x" * 60, avatar_url=None, bio="")
        assert ["display_name"] == [issue.path for issue in refused.value.issues]
