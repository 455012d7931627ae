"""Template rules: category slugs, premium types, the light variant."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from designcore.domain.errors import ValidationFailed
from designcore.domain.templates import (
    HOME_CATEGORIES,
    category_from_slug,
    category_slug,
    document_size,
    is_premium_type,
)
from support import VECTORS, make_template

SLUG_CASES = json.loads((VECTORS / "category-slugs.json").read_text())["cases"]


class TestCategorySlug:
    @pytest.mark.parametrize("case", SLUG_CASES, ids=[c["name"] or "<empty>" for c in SLUG_CASES])
    def test_shared_vectors(self, case: dict[str, str]) -> None:
        """Python agrees with the shared vector table (Jest runs the same table)."""
        assert case["slug"] == category_slug(case["name"])

    def test_home_categories(self) -> None:
        """The five home rows have the slugs their 'View more' links use."""
        assert [
            "church",
            "birthdays",
            "business-and-industries",
            "social-media-post",
            "new-month",
        ] == [category_slug(name) for name in HOME_CATEGORIES]

    @given(st.text())
    def test_slug_alphabet(self, name: str) -> None:
        """Slugs only ever hold a-z, 0-9 and hyphens."""
        assert re.fullmatch(r"[a-z0-9-]*", category_slug(name))

    @given(st.text())
    def test_idempotent(self, name: str) -> None:
        """A slug is its own slug."""
        slug = category_slug(name)
        assert slug == category_slug(slug)

    @given(st.lists(st.text(min_size=1), min_size=1, max_size=6))
    def test_inverse_lookup_finds_a_name_with_that_slug(self, names: list[str]) -> None:
        """category_from_slug answers the first name whose slug matches."""
        for name in names:
            found = category_from_slug(category_slug(name), names)
            assert found is not None
            assert category_slug(name) == category_slug(found)
            assert names.index(found) <= names.index(name)

    def test_inverse_lookup_unknown(self) -> None:
        """An unknown slug finds nothing."""
        assert category_from_slug("nope", HOME_CATEGORIES) is None
        assert "Business & Industries" == category_from_slug(
            "Business-And-Industries", HOME_CATEGORIES
        )


class TestPremiumType:
    @pytest.mark.parametrize("value", ["premium", "Premium", "PREMIUM", " premium "])
    def test_premium_any_case(self, value: str) -> None:
        """premium is compared case-insensitively."""
        assert is_premium_type(value)

    @pytest.mark.parametrize("value", [None, "", "free", "premium-ish", "pro"])
    def test_everything_else_is_free(self, value: str | None) -> None:
        """Every other type is free."""
        assert not is_premium_type(value)


class TestTemplate:
    def test_summary_drops_document_fields_only(self) -> None:
        """The light variant keeps every other field."""
        template = make_template(template_type="Premium")
        summary = template.summary()
        assert not hasattr(summary, "polotno_json")
        assert template.name == summary.name
        assert summary.is_premium
        assert "church" == summary.category_slug

    def test_blank_name_is_refused(self) -> None:
        """Names and categories must not be blank."""
        with pytest.raises(ValidationFailed):
            make_template(name="  ")
        with pytest.raises(ValidationFailed):
            make_template(category="")

    def test_has_document(self) -> None:
        """A template with no (or an empty) document cannot be opened."""
        assert make_template().has_document
        assert not make_template(polotno_json=None).has_document
        assert not make_template(polotno_json={}).has_document


class TestTemplateSize:
    @pytest.mark.parametrize(
        ("document", "size"),
        [
            ({"width": 1080, "height": 1920, "pages": []}, (1080, 1920)),
            ({"width": 1000.4, "height": 999.6}, (1000, 1000)),
            ({"width": 0, "height": 10}, None),
            ({"width": True, "height": 10}, None),
            ({"width": "1080", "height": 1080}, None),
            ({}, None),
            (None, None),
        ],
    )
    def test_from_the_document(self, document: Any, size: tuple[int, int] | None) -> None:
        assert size == document_size(document)

    def test_a_template_takes_its_size_from_its_document_and_keeps_it_in_its_summary(
        self,
    ) -> None:
        story = make_template(polotno_json={"width": 1080, "height": 1920, "pages": []})
        assert (1080, 1920) == (story.summary().width, story.summary().height)

    def test_a_given_size_is_kept(self) -> None:
        given = make_template(width=500, height=400)
        assert (500, 400) == (given.width, given.height)
