"""Content negotiation on the Accept header."""

from __future__ import annotations

import pytest

from designcore.app.http.negotiation import names_acceptably


class TestNamesAcceptably:
    @pytest.mark.parametrize(
        ("accept", "expected"),
        [
            ("image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8", True),
            ("image/webp", True),
            ("IMAGE/WebP ; q=0.5", True),
            ("text/html, image/webp;q=1.0", True),
            ("image/webp;q=0", False),
            ("image/webp;q=0.0, image/png", False),
            ("image/webp;q=high", False),
            ("image/*", False),
            ("*/*", False),
            ("image/webpx, image/png", False),
            ("", False),
            (None, False),
        ],
    )
    def test_only_a_named_type_with_a_positive_quality_counts(
        self, accept: str | None, expected: bool
    ) -> None:
        """The media type must be named itself with q above 0; wildcards and bad q do not count."""
        assert expected == names_acceptably(accept, "image/webp")
