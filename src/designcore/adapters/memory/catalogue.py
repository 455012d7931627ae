"""An in-memory template catalogue with the same behaviour as the database adapters."""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence

from designcore.domain.errors import Conflict, NotFound
from designcore.domain.pagination import Page, PageRequest
from designcore.domain.search import (
    filter_needle,
    filter_text,
    search_order,
    search_tier,
    search_tokens,
    words,
)
from designcore.domain.templates import Template, TemplateSummary


def _newest_first(template: TemplateSummary) -> tuple[float, str]:
    return (-template.created_at.timestamp(), template.id)


def _field_groups(template: TemplateSummary) -> tuple[list[str], list[str], list[str]]:
    def all_words(*texts: str | None) -> list[str]:
        return [word for text in texts if text for word in words(text)]

    return (
        all_words(template.name),
        all_words(template.sub_category, *template.tags, *template.semantic_keywords),
        all_words(template.description, template.design_intent),
    )


class InMemoryTemplateCatalogue:
    """Keeps templates in a dict; thread-safe for the counters."""

    def __init__(self) -> None:
        self._templates: dict[str, Template] = {}
        self._views: dict[str, int] = {}
        self._uses: dict[str, int] = {}
        self._sequence: dict[str, int] = {}  # the order templates were added in, as a database's
        self._lock = threading.Lock()

    def add(self, template: Template) -> None:
        """Store a new template."""
        with self._lock:
            if template.id in self._templates:
                raise Conflict(f"template {template.id} already exists", code="duplicate_template")
            if any(t.name == template.name for t in self._templates.values()):
                raise Conflict(f"a template named {template.name!r} exists", code="duplicate_name")
            self._templates[template.id] = template
            self._sequence[template.id] = len(self._sequence) + 1
            self._views[template.id] = 0
            self._uses[template.id] = 0

    def replace(self, template: Template) -> None:
        """Overwrite an existing template."""
        with self._lock:
            if template.id not in self._templates:
                raise NotFound(f"no template {template.id}", code="template_not_found")
            self._templates[template.id] = template

    def get(self, template_id: str) -> Template:
        """The full template."""
        try:
            return self._templates[template_id]
        except KeyError:
            raise NotFound(f"no template {template_id}", code="template_not_found") from None

    def get_summary(self, template_id: str) -> TemplateSummary:
        """The light variant."""
        return self.get(template_id).summary()

    def count(self) -> int:
        """How many templates are stored."""
        return len(self._templates)

    def _summaries(self) -> list[TemplateSummary]:
        return sorted((t.summary() for t in self._templates.values()), key=_newest_first)

    def by_category(self, category: str, limit: int | None = None) -> Sequence[TemplateSummary]:
        """Templates of one category, newest first."""
        found = [t for t in self._summaries() if t.category == category]
        return found if limit is None else found[:limit]

    def newest_in_categories(
        self, categories: Sequence[str], limit: int
    ) -> Mapping[str, Sequence[TemplateSummary]]:
        """Each category's newest templates, in one pass."""
        rows: dict[str, list[TemplateSummary]] = {category: [] for category in categories}
        for summary in self._summaries():
            row = rows.get(summary.category)
            if row is not None and len(row) < limit:
                row.append(summary)
        return rows

    def all(self) -> Sequence[TemplateSummary]:
        """Every template by category, then newest first."""
        return sorted(self._summaries(), key=lambda t: (t.category, *_newest_first(t)))

    def categories(self) -> Sequence[str]:
        """Distinct categories."""
        return sorted({t.category for t in self._templates.values()})

    def sub_categories(self, category: str) -> Sequence[str]:
        """Distinct sub-categories of one category."""
        return sorted(
            {
                t.sub_category
                for t in self._templates.values()
                if t.category == category and t.sub_category
            }
        )

    def paginate(
        self,
        request: PageRequest,
        *,
        category: str | None = None,
        sub_category: str | None = None,
        search: str | None = None,
    ) -> Page[TemplateSummary]:
        """One page of the filtered listing."""
        needle = filter_needle(search) if search else None

        def keep(t: TemplateSummary) -> bool:
            if category is not None and t.category != category:
                return False
            if sub_category is not None and t.sub_category != sub_category:
                return False
            if needle is None:
                return True
            return needle in filter_text(t.name, t.category, t.description, t.tags)

        return Page.slice([t for t in self._summaries() if keep(t)], request)

    def search(self, term: str, request: PageRequest) -> Page[TemplateSummary]:
        """Ranked full-text search."""
        tokens = search_tokens(term)
        ranked: list[tuple[int, int, TemplateSummary]] = []
        for summary in self._summaries():
            tier = search_tier(tokens, *_field_groups(summary))
            if tier is not None:
                order = search_order(
                    int(summary.created_at.timestamp() // 1), self._sequence[summary.id]
                )
                ranked.append((tier, -order, summary))
        ranked.sort(key=lambda entry: entry[:2])
        return Page.slice([summary for _, _, summary in ranked], request)

    def related(self, template_id: str, limit: int) -> Sequence[TemplateSummary]:
        """Same sub-category, excluding the template itself."""
        template = self.get(template_id)
        if not template.sub_category:
            return []
        same = [
            t
            for t in self._summaries()
            if t.sub_category == template.sub_category and t.id != template_id
        ]
        return same[:limit]

    def increment_views(self, template_id: str) -> int:
        """Count one view."""
        return self._bump(self._views, template_id)

    def increment_uses(self, template_id: str) -> int:
        """Count one use."""
        return self._bump(self._uses, template_id)

    def _bump(self, counter: dict[str, int], template_id: str) -> int:
        with self._lock:
            if template_id not in self._templates:
                raise NotFound(f"no template {template_id}", code="template_not_found")
            counter[template_id] += 1
            return counter[template_id]
