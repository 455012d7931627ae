"""Pagination rules: page numbers from 1, a default page size of 24."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic, TypeVar

import attrs

from designcore.domain.errors import FieldIssue, ValidationFailed

DEFAULT_PAGE_SIZE = 24
MAX_PAGE_SIZE = 100
MAX_PAGE = 1_000_000

T = TypeVar("T")


@attrs.frozen
class PageRequest:
    """Which page of a listing to show."""

    page: int = 1
    """1-based page number."""
    size: int = DEFAULT_PAGE_SIZE
    """Items per page."""

    def __attrs_post_init__(self) -> None:
        issues = []
        if not 1 <= self.page <= MAX_PAGE:
            issues.append(FieldIssue("page", f"must be a whole number from 1 to {MAX_PAGE}"))
        if not 1 <= self.size <= MAX_PAGE_SIZE:
            issues.append(FieldIssue("size", f"must be a whole number from 1 to {MAX_PAGE_SIZE}"))
        if issues:
            raise ValidationFailed(issues)

    @property
    def offset(self) -> int:
        """How many items come before this page."""
        return (self.page - 1) * self.size

    @property
    def limit(self) -> int:
        """How many items this page holds at most."""
        return self.size


@attrs.frozen
class Page(Generic[T]):
    """One page of a listing and where it stands in the whole."""

    items: tuple[T, ...]
    """The items on this page."""
    total_count: int
    """How many items the whole listing has."""
    current_page: int
    """The page number asked for."""
    size: int
    """The page size asked for."""

    @property
    def total_pages(self) -> int:
        """How many pages the listing has (0 when it is empty)."""
        return -(-self.total_count // self.size)

    @property
    def has_more(self) -> bool:
        """Whether a later page has items."""
        return self.current_page * self.size < self.total_count

    @classmethod
    def of(cls, items: Sequence[T], total_count: int, request: PageRequest) -> Page[T]:
        """Wrap one page of results."""
        return cls(tuple(items), total_count, request.page, request.size)

    @classmethod
    def slice(cls, everything: Sequence[T], request: PageRequest) -> Page[T]:
        """Cut one page out of a whole, already ordered listing."""
        chunk = everything[request.offset : request.offset + request.limit]
        return cls(tuple(chunk), len(everything), request.page, request.size)
