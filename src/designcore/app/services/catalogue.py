"""Catalogue use cases: every template read of the app, counters and prompt records."""

from __future__ import annotations

import logging
from collections.abc import Hashable, Sequence

import attrs

from designcore.app.services.analytics import NO_EVENTS, EventRecorder
from designcore.app.services.site_settings import SiteSettingsService
from designcore.domain.errors import Conflict, FieldIssue, NotAllowed, NotFound, ValidationFailed
from designcore.domain.pagination import Page, PageRequest
from designcore.domain.premium import CustomiseOutcome, Viewer, decide_customise
from designcore.domain.records import DesignPrompt, SearchPrompt
from designcore.domain.search import normalise_search_term, search_tokens
from designcore.domain.templates import (
    HOME_CATEGORIES,
    HOME_ROW_SIZE,
    RELATED_LIMIT,
    Category,
    HomeRow,
    Template,
    TemplateSummary,
    category_from_slug,
)
from designcore.ports.catalogue import ImmediateReads, SearchUnavailable, TemplateCatalogue
from designcore.ports.clock import Clock
from designcore.ports.prompts import PromptLog

log = logging.getLogger(__name__)

MAX_LIST_LIMIT = 100


def _check_limit(limit: int, field: str = "limit") -> int:
    if not 1 <= limit <= MAX_LIST_LIMIT:
        raise ValidationFailed((FieldIssue(field, f"must be from 1 to {MAX_LIST_LIMIT}"),))
    return limit


@attrs.frozen
class CategoryDetail:
    """A category with its sub-categories."""

    category: Category
    sub_categories: tuple[Category, ...]


def search_identity(term: str | None, request: PageRequest) -> Hashable | None:
    """What makes two searches answer the same (the words, the normalised term and the page),
    for caches of answers; ``None`` for a blank term, which :meth:`CatalogueService.search`
    refuses."""
    normalised = normalise_search_term(term)
    if normalised is None:
        return None
    return (search_tokens(normalised), normalised.casefold(), request.page, request.size)


class CatalogueService:
    """What the app asks of the template catalogue.

    Answers are always fresh: the HTTP layer keeps the encoded answers of the busiest reads
    for a few seconds (``DESIGNCORE_CACHE_SECONDS``).
    """

    def __init__(
        self,
        catalogue: TemplateCatalogue,
        prompts: PromptLog,
        settings: SiteSettingsService,
        clock: Clock,
        events: EventRecorder = NO_EVENTS,
    ) -> None:
        self._catalogue = catalogue
        self._at_once = catalogue if isinstance(catalogue, ImmediateReads) else None
        self._prompts = prompts
        self._settings = settings
        self._clock = clock
        self._events = events

    def home_rows(self, limit: int = HOME_ROW_SIZE) -> list[HomeRow]:
        """The five home rows, newest first, ``limit`` templates each (one catalogue read)."""
        _check_limit(limit)
        rows = self._catalogue.newest_in_categories(HOME_CATEGORIES, limit)
        return [HomeRow(category, tuple(rows[category])) for category in HOME_CATEGORIES]

    def home_rows_at_once(self, limit: int = HOME_ROW_SIZE) -> list[HomeRow] | None:
        """:meth:`home_rows` read without waiting, for a caller on an event loop, when the
        catalogue is kept in this process and can; ``None`` otherwise (then call
        :meth:`home_rows` from a worker thread)."""
        _check_limit(limit)
        if self._at_once is None:
            return None
        rows = self._at_once.newest_in_categories_at_once(HOME_CATEGORIES, limit)
        if rows is None:
            return None
        return [HomeRow(category, tuple(rows[category])) for category in HOME_CATEGORIES]

    async def home_rows_kept(self, limit: int = HOME_ROW_SIZE) -> list[HomeRow] | None:
        """:meth:`home_rows` from rows the catalogue keeps in this process, confirmed current
        without holding the event loop; ``None`` when it cannot (then try
        :meth:`home_rows_at_once`)."""
        _check_limit(limit)
        if self._at_once is None:
            return None
        rows = await self._at_once.newest_in_categories_kept(HOME_CATEGORIES, limit)
        if rows is None:
            return None
        return [HomeRow(category, tuple(rows[category])) for category in HOME_CATEGORIES]

    def listing(
        self,
        request: PageRequest,
        *,
        category: str | None = None,
        sub_category: str | None = None,
        search: str | None = None,
    ) -> Page[TemplateSummary]:
        """The paginated listing; a blank search term filters nothing."""
        return self._catalogue.paginate(
            request,
            category=category or None,
            sub_category=sub_category or None,
            search=normalise_search_term(search),
        )

    def search(
        self, term: str | None, request: PageRequest, user_id: str | None = None
    ) -> Page[TemplateSummary]:
        """Ranked full-text search, falling back to the plain filtered listing on failure.
        The first page captures ``search_performed`` with the number of results."""
        normalised = normalise_search_term(term)
        if normalised is None:
            raise ValidationFailed((FieldIssue("q", "must not be blank"),))
        page = self._search(normalised, request)
        if request.page == 1:
            self._events.capture(
                "search_performed", user_id, term=normalised, results=page.total_count
            )
        return page

    async def search_kept(
        self, term: str | None, request: PageRequest, user_id: str | None = None
    ) -> Page[TemplateSummary] | None:
        """:meth:`search` from what the catalogue keeps in this process, confirmed current
        without holding the event loop; ``None`` when it cannot (then try
        :meth:`search_at_once`)."""
        normalised = normalise_search_term(term)
        if normalised is None:
            raise ValidationFailed((FieldIssue("q", "must not be blank"),))
        if self._at_once is None:
            return None
        page = await self._at_once.search_kept(normalised, request)
        if page is not None and request.page == 1:
            self._events.capture(
                "search_performed", user_id, term=normalised, results=page.total_count
            )
        return page

    def search_at_once(
        self, term: str | None, request: PageRequest, user_id: str | None = None
    ) -> Page[TemplateSummary] | None:
        """:meth:`search` answered without waiting, for a caller on an event loop, when the
        catalogue can; ``None`` otherwise (then call :meth:`search` from a worker thread)."""
        normalised = normalise_search_term(term)
        if normalised is None:
            raise ValidationFailed((FieldIssue("q", "must not be blank"),))
        if self._at_once is None:
            return None
        page = self._at_once.search_at_once(normalised, request)
        if page is not None and request.page == 1:
            self._events.capture(
                "search_performed", user_id, term=normalised, results=page.total_count
            )
        return page

    def _search(self, term: str, request: PageRequest) -> Page[TemplateSummary]:
        try:
            return self._catalogue.search(term, request)
        except SearchUnavailable:
            log.warning("full-text search failed; using the plain listing filter", exc_info=True)
            return self._catalogue.paginate(request, search=term)

    def all(self) -> Sequence[TemplateSummary]:
        """Every template by category, newest first within each."""
        return self._catalogue.all()

    def summary(self, template_id: str) -> TemplateSummary:
        """The light variant of one template."""
        return self._catalogue.get_summary(template_id)

    def related(self, template_id: str, limit: int = RELATED_LIMIT) -> Sequence[TemplateSummary]:
        """Templates like this one (same sub-category)."""
        return self._catalogue.related(template_id, _check_limit(limit))

    def match(
        self, *, category: str | None, sub_category: str | None, limit: int = HOME_ROW_SIZE
    ) -> list[TemplateSummary]:
        """Templates for a category or sub-category: the sub-category's first, then the
        category's newest, without repeats, at most ``limit``; with neither, the catalogue's
        newest."""
        _check_limit(limit)
        found: dict[str, TemplateSummary] = {}
        request = PageRequest(1, limit)
        if not category and not sub_category:
            return list(self._catalogue.paginate(request).items)
        if sub_category:
            for t in self._catalogue.paginate(request, sub_category=sub_category).items:
                found.setdefault(t.id, t)
        if category and len(found) < limit:
            for t in self._catalogue.paginate(request, category=category).items:
                found.setdefault(t.id, t)
        return list(found.values())[:limit]

    def categories(self) -> list[Category]:
        """Every category with its slug."""
        return [Category.named(name) for name in self._catalogue.categories()]

    def category(self, slug: str) -> CategoryDetail:
        """A category by slug with its sub-categories. Raises ``NotFound``."""
        name = category_from_slug(slug, self._catalogue.categories())
        if name is None:
            raise NotFound(f"no category {slug!r}", code="category_not_found")
        subs = tuple(Category.named(sub) for sub in self._catalogue.sub_categories(name))
        return CategoryDetail(Category.named(name), subs)

    def by_category_slug(self, slug: str, limit: int | None = None) -> Sequence[TemplateSummary]:
        """Templates of a category given by slug, newest first."""
        detail = self.category(slug)
        return self._catalogue.by_category(
            detail.category.name, None if limit is None else _check_limit(limit)
        )

    def open_document(self, template_id: str, viewer: Viewer) -> Template:
        """The full template for the editor, after the customise decision.

        Raises ``NotAllowed`` (``sign_in_required`` or ``upgrade_required``) or ``Conflict``
        (``no_document``).
        """
        template = self._catalogue.get(template_id)
        outcome = decide_customise(
            template,
            has_document=template.has_document,
            viewer=viewer,
            premium_model_on=self._settings.premium_model_enabled(),
        )
        if outcome is CustomiseOutcome.SIGN_IN:
            raise NotAllowed("sign in to customise this template", code="sign_in_required")
        if outcome is CustomiseOutcome.UPGRADE:
            raise NotAllowed(
                "upgrade to premium to customise this template", code="upgrade_required"
            )
        if outcome is CustomiseOutcome.NO_DOCUMENT:
            log.warning("template %s has no editor document", template_id)
            raise Conflict("this template cannot be opened in the editor", code="no_document")
        return template

    def record_view(self, template_id: str, user_id: str | None = None) -> int:
        """Count a view of the template (and capture ``template_viewed``)."""
        views = self._catalogue.increment_views(template_id)
        self._events.capture("template_viewed", user_id, template_id=template_id)
        return views

    def record_use(self, template_id: str, user_id: str | None = None) -> int:
        """Count a use of the template (and capture ``template_customised``)."""
        uses = self._catalogue.increment_uses(template_id)
        self._events.capture("template_customised", user_id, template_id=template_id)
        return uses

    def log_search(self, term: str, user_id: str | None, viewer: Viewer) -> SearchPrompt:
        """Record a search. ``user_id`` must be the viewer's own, or ``None``."""
        normalised = normalise_search_term(term)
        if normalised is None:
            raise ValidationFailed((FieldIssue("search_term", "must not be blank"),))
        if user_id is not None and user_id != viewer.user_id:
            raise NotAllowed("user_id must be your own", code="not_your_user_id")
        return self._prompts.add_search_prompt(
            SearchPrompt(search_term=normalised, user_id=user_id, created_at=self._clock.now())
        )

    def log_prompt(
        self, prompt: str, category: str | None, sub_category: str | None
    ) -> DesignPrompt:
        """Record a design prompt."""
        return self._prompts.add_design_prompt(
            DesignPrompt(
                prompt=prompt.strip(),
                category=category,
                sub_category=sub_category,
                created_at=self._clock.now(),
            )
        )
