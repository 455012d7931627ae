"""Pagination and search-term rules."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from designcore.domain.errors import ValidationFailed
from designcore.domain.pagination import DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, Page, PageRequest
from designcore.domain.search import (
    MAX_TOKENS,
    filter_text,
    normalise_search_term,
    search_tokens,
)


class TestPageRequest:
    def test_defaults(self) -> None:
        """Page 1, 24 per page."""
        assert (1, 24, 0) == (PageRequest().page, PageRequest().size, PageRequest().offset)
        assert 24 == DEFAULT_PAGE_SIZE

    @pytest.mark.parametrize(
        ("page", "size", "fields"),
        [
            (0, 24, ["page"]),
            (-3, 24, ["page"]),
            (1, 0, ["size"]),
            (0, MAX_PAGE_SIZE + 1, ["page", "size"]),
        ],
    )
    def test_out_of_range_names_the_fields(self, page: int, size: int, fields: list[str]) -> None:
        """Bad values raise ValidationFailed naming each bad field."""
        with pytest.raises(ValidationFailed) as caught:
            PageRequest(page, size)
        assert fields == [issue.path for issue in caught.value.issues]


class TestPage:
    @given(
        total=st.integers(0, 500),
        size=st.integers(1, MAX_PAGE_SIZE),
    )
    def test_slicing_covers_every_item_once(self, total: int, size: int) -> None:
        """Walking pages until has_more is false yields every item once, in order."""
        items = list(range(total))
        seen: list[int] = []
        page_number = 1
        while True:
            page = Page.slice(items, PageRequest(page_number, size))
            seen.extend(page.items)
            assert total == page.total_count
            if not page.has_more:
                break
            page_number += 1
        assert items == seen
        assert page_number == max(1, Page.slice(items, PageRequest(1, size)).total_pages)

    @given(total=st.integers(0, 10_000), size=st.integers(1, 100), page=st.integers(1, 500))
    def test_arithmetic(self, total: int, size: int, page: int) -> None:
        """totalPages is the ceiling; hasMore means a later page has items."""
        result: Page[int] = Page((), total, page, size)
        assert (total + size - 1) // size == result.total_pages
        assert (page < result.total_pages) == result.has_more


class TestSearchTerm:
    @pytest.mark.parametrize(
        ("raw", "expected"),
        [
            ("  church  ", "church"),
            ("", None),
            ("   \t\n", None),
            (None, None),
            ("Happy  New Month", "Happy  New Month"),
        ],
    )
    def test_trimmed_and_blank_does_nothing(self, raw: str | None, expected: str | None) -> None:
        """Terms are trimmed; blank terms become None."""
        assert expected == normalise_search_term(raw)

    @given(st.text())
    def test_normalised_is_trimmed_or_none(self, raw: str) -> None:
        """The result is never blank and never has outer whitespace."""
        term = normalise_search_term(raw)
        assert term is None or (term == term.strip() and term)

    def test_tokens_fold_case_and_diacritics(self) -> None:
        """Tokens are lowercase, without diacritics, without repeats, punctuation dropped."""
        assert ("ẹ ku ọdun".replace("ẹ", "e").replace("ọ", "o").split()) == list(
            search_tokens("Ẹ KU ọ̀dún! ku")
        )
        assert ("100", "naira") == search_tokens("₦100 naira")
        assert () == search_tokens('"*:-()')

    @given(st.text())
    def test_tokens_are_words(self, raw: str) -> None:
        """Tokens are non-empty runs of word characters, at most MAX_TOKENS."""
        tokens = search_tokens(raw)
        assert len(tokens) <= MAX_TOKENS
        assert all(token and all(ch.isalnum() for ch in token) for token in tokens)

    def test_filter_text_keeps_fields_apart(self) -> None:
        """Fields are folded and separated so a term cannot span two of them."""
        text = filter_text("Owambe", "Birthdays", None, ("Party",))
        assert "owambe\nbirthdays\n\nparty" == text
