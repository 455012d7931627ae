"""Pagination and search-term rules."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from designcore.domain.errors import ValidationFailed
from designcore.domain.pagination import DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, Page, PageRequest
from designcore.domain.search import (
    MAX_TOKENS,
    ORDER_EPOCH,
    TIER_ANYWHERE,
    TIER_LABELS,
    TIER_NAME,
    filter_text,
    normalise_search_term,
    page_by_tier,
    search_order,
    search_tier,
    search_tokens,
    tier_slices,
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


class TestRanking:
    def test_tiers(self) -> None:
        """Name first, then labels, then anywhere; every token must start some word."""
        name, labels, prose = ["praise", "night"], ["vigil", "lagos"], ["worship", "gala"]
        assert TIER_NAME == search_tier(("pra", "nig"), name, labels, prose)
        assert TIER_LABELS == search_tier(("praise", "lag"), name, labels, prose)
        assert TIER_ANYWHERE == search_tier(("gala", "vigil"), name, labels, prose)
        assert search_tier(("gala", "zebra"), name, labels, prose) is None
        assert search_tier(("raise",), name, labels, prose) is None
        assert search_tier((), name, labels, prose) is None

    @given(
        st.integers(-(2**40), 2**40),
        st.integers(-(2**40), 2**40),
        st.integers(0, 2**32 - 1),
        st.integers(0, 2**32 - 1),
    )
    def test_order_is_time_then_sequence(self, t1: int, t2: int, s1: int, s2: int) -> None:
        """Keys order by whole seconds (within 1932-2068), then by sequence, and fit int64."""
        k1, k2 = search_order(t1, s1), search_order(t2, s2)
        assert -(2**63) <= k1 < 2**63
        clamp = lambda t: min(max(t - ORDER_EPOCH, -(2**31)), 2**31 - 1)  # noqa: E731
        assert (k1 < k2) == ((clamp(t1), s1) < (clamp(t2), s2))

    @given(
        st.tuples(st.integers(0, 60), st.integers(0, 60), st.integers(0, 60)),
        st.integers(1, 25),
    )
    def test_slices_cover_the_results_once(self, counts: tuple[int, int, int], size: int) -> None:
        """Consecutive pages take every match of every tier exactly once, tier by tier."""
        taken: list[tuple[int, int]] = []
        for offset in range(0, sum(counts) + size, size):
            parts = tier_slices(counts, offset, size)
            assert sum(part.limit for part in parts) == max(0, min(size, sum(counts) - offset))
            taken += [(p.tier, p.offset + i) for p in parts for i in range(p.limit)]
        expected = [
            (tier, i)
            for tier, count in zip((TIER_NAME, TIER_LABELS, TIER_ANYWHERE), counts, strict=True)
            for i in range(count)
        ]
        assert expected == taken

    @given(
        st.lists(st.sampled_from([TIER_NAME, TIER_LABELS, TIER_ANYWHERE]), max_size=40),
        st.integers(0, 45),
        st.integers(1, 30),
    )
    def test_page_by_tier_reads_the_ranked_slice(
        self, tiers: list[int], offset: int, limit: int
    ) -> None:
        """Whatever the tiers hold, the page is the slice of the ranked results; the first
        page never counts, and a backend is told to exclude earlier tiers only when they
        hold matches."""
        ranked = sorted(range(len(tiers)), key=lambda i: (tiers[i], i))
        counted: list[int] = []

        def fetch(tier: int, exclude: bool, lim: int, off: int) -> list[int]:
            earlier = [i for i in ranked if tiers[i] < tier]
            level = [i for i in ranked if tiers[i] <= tier]
            assert exclude == bool(earlier) or not exclude
            chosen = [i for i in level if tiers[i] == tier] if exclude or not earlier else level
            return chosen[off : off + lim]

        def count(level: int) -> int:
            counted.append(level)
            return sum(1 for tier in tiers if tier <= level)

        page = page_by_tier(offset, limit, len(tiers), fetch, count)
        assert ranked[offset : offset + limit] == page
        assert offset > 0 or not counted
