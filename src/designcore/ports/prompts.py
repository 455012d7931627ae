"""The prompt log port: what people searched for and asked design prompting for."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Protocol

from designcore.domain.records import DesignPrompt, SearchPrompt


class PromptLog(Protocol):
    """Appends search and design prompts; never changes or deletes them."""

    def add_search_prompt(self, record: SearchPrompt) -> SearchPrompt:
        """Store a search prompt; answer it with its assigned id."""
        ...

    def add_design_prompt(self, record: DesignPrompt) -> DesignPrompt:
        """Store a design prompt; answer it with its assigned id."""
        ...

    def recent_search_prompts(self, limit: int) -> Sequence[SearchPrompt]:
        """The latest search prompts, newest first."""
        ...

    def recent_design_prompts(self, limit: int) -> Sequence[DesignPrompt]:
        """The latest design prompts, newest first."""
        ...

    def search_term_counts(
        self, since: datetime, until: datetime, limit: int
    ) -> Sequence[tuple[str, int]]:
        """The ``limit`` terms searched most often from ``since`` (inclusive) to ``until``
        (exclusive), with how often: most searched first, then by term."""
        ...
