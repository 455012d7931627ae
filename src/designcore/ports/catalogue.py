"""The template catalogue port."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol, runtime_checkable

from designcore.domain.errors import Unavailable
from designcore.domain.pagination import Page, PageRequest
from designcore.domain.templates import Template, TemplateSummary


class SearchUnavailable(Unavailable):
    """Full-text search failed; callers fall back to the plain filtered listing."""

    code = "search_unavailable"


class TemplateCatalogue(Protocol):
    """Stores templates and answers every read the app makes of them.

    Orderings are total: ties on ``created_at`` are broken by ``id`` ascending, so pages never
    overlap or skip.
    """

    def add(self, template: Template) -> None:
        """Store a new template. Raises ``Conflict`` if its id or name is taken."""
        ...

    def replace(self, template: Template) -> None:
        """Overwrite an existing template. Raises ``NotFound`` if its id is unknown."""
        ...

    def get(self, template_id: str) -> Template:
        """The full template. Raises ``NotFound``."""
        ...

    def get_summary(self, template_id: str) -> TemplateSummary:
        """The light variant (no document, no field requirements). Raises ``NotFound``."""
        ...

    def count(self) -> int:
        """How many templates are stored."""
        ...

    def by_category(self, category: str, limit: int | None = None) -> Sequence[TemplateSummary]:
        """Templates of one category (exact name), newest first, at most ``limit``."""
        ...

    def newest_in_categories(
        self, categories: Sequence[str], limit: int
    ) -> Mapping[str, Sequence[TemplateSummary]]:
        """Each of ``categories`` (exact names) with its newest templates, at most ``limit``
        each, in one read: keys in the order given, an empty sequence for an empty category."""
        ...

    def all(self) -> Sequence[TemplateSummary]:
        """Every template, by category name ascending, then newest first."""
        ...

    def categories(self) -> Sequence[str]:
        """Distinct category names, ascending."""
        ...

    def sub_categories(self, category: str) -> Sequence[str]:
        """Distinct non-empty sub-category names of one category, ascending."""
        ...

    def paginate(
        self,
        request: PageRequest,
        *,
        category: str | None = None,
        sub_category: str | None = None,
        search: str | None = None,
    ) -> Page[TemplateSummary]:
        """One page, newest first, with the total count.

        ``category`` and ``sub_category`` match exactly; ``search`` matches case-insensitively
        anywhere in the name, category, description or a tag.
        """
        ...

    def search(self, term: str, request: PageRequest) -> Page[TemplateSummary]:
        """Full-text search over name, description, design intent, sub-category, tags and
        semantic keywords, ranked best first (name matches outrank tag or keyword matches,
        which outrank description matches), then newest first.

        Every word of ``term`` must match the start of a word (diacritics and case ignored).
        Raises ``SearchUnavailable`` when the index cannot answer.
        """
        ...

    def related(self, template_id: str, limit: int) -> Sequence[TemplateSummary]:
        """Templates of the same sub-category, excluding this one, newest first.

        Raises ``NotFound`` for an unknown id. A template without a sub-category has none.
        """
        ...

    def increment_views(self, template_id: str) -> int:
        """Count one view; answer the new count. Raises ``NotFound``."""
        ...

    def increment_uses(self, template_id: str) -> int:
        """Count one use (opened in the editor); answer the new count. Raises ``NotFound``."""
        ...


@runtime_checkable
class ImmediateReads(Protocol):
    """What a catalogue kept in this process (an embedded database file) may offer besides
    :class:`TemplateCatalogue`: the busiest reads answered without waiting, so that a caller on
    an event loop can make them there instead of handing them to a worker thread."""

    def newest_in_categories_at_once(
        self, categories: Sequence[str], limit: int
    ) -> Mapping[str, Sequence[TemplateSummary]] | None:
        """What :meth:`TemplateCatalogue.newest_in_categories` answers, read at once in this
        process; ``None`` when that would mean waiting (the read is under way in another
        thread, the database is locked or failed): then ask ``newest_in_categories`` from a
        worker thread."""
        ...

    async def newest_in_categories_kept(
        self, categories: Sequence[str], limit: int
    ) -> Mapping[str, Sequence[TemplateSummary]] | None:
        """What :meth:`TemplateCatalogue.newest_in_categories` answers, from rows this process
        keeps, when the catalogue is confirmed unchanged since they were read (awaiting the
        database without holding the event loop); ``None`` when not: then try
        :meth:`newest_in_categories_at_once`."""
        ...

    async def search_kept(self, term: str, request: PageRequest) -> Page[TemplateSummary] | None:
        """What :meth:`TemplateCatalogue.search` answers, from what this process keeps, when
        the catalogue is confirmed unchanged since (as above); ``None`` when not: then try
        :meth:`search_at_once`."""
        ...

    def search_at_once(self, term: str, request: PageRequest) -> Page[TemplateSummary] | None:
        """What :meth:`TemplateCatalogue.search` answers, at once in this process; ``None``
        when that would mean waiting (as above, or what the search needs is not at hand):
        then ask ``search`` from a worker thread."""
        ...
