"""An in-memory prompt log."""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Sequence
from datetime import datetime

import attrs

from designcore.domain.records import DesignPrompt, SearchPrompt


class InMemoryPromptLog:
    """Appends prompts to lists."""

    def __init__(self) -> None:
        self._search: list[SearchPrompt] = []
        self._design: list[DesignPrompt] = []
        self._lock = threading.Lock()

    def add_search_prompt(self, record: SearchPrompt) -> SearchPrompt:
        """Store a search prompt."""
        with self._lock:
            stored = attrs.evolve(record, id=len(self._search) + 1)
            self._search.append(stored)
            return stored

    def add_design_prompt(self, record: DesignPrompt) -> DesignPrompt:
        """Store a design prompt."""
        with self._lock:
            stored = attrs.evolve(record, id=len(self._design) + 1)
            self._design.append(stored)
            return stored

    def recent_search_prompts(self, limit: int) -> Sequence[SearchPrompt]:
        """Newest first."""
        return self._search[::-1][:limit]

    def recent_design_prompts(self, limit: int) -> Sequence[DesignPrompt]:
        """Newest first."""
        return self._design[::-1][:limit]

    def search_term_counts(
        self, since: datetime, until: datetime, limit: int
    ) -> Sequence[tuple[str, int]]:
        """Counted over the list."""
        with self._lock:
            counts = Counter(p.search_term for p in self._search if since <= p.created_at < until)
        return sorted(counts.items(), key=lambda item: (-item[1], item[0]))[:limit]
