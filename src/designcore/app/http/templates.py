"""Template and category reads."""

from __future__ import annotations

from typing import Annotated, Any

import attrs
from litestar import Controller, Request, Response, get
from litestar.di import NamedDependency
from litestar.params import FromPath, QueryParameter

from designcore.app.http.answers import AnswerCache
from designcore.app.http.field_rules import NOT_BLANK
from designcore.app.http.schemas import (
    CategoryDetailOut,
    CategoryOut,
    HomeOut,
    PageOut,
    TemplateDocumentOut,
    TemplateJson,
    TemplateOut,
    templates_out,
)
from designcore.app.services import CatalogueService
from designcore.app.services.catalogue import search_identity
from designcore.domain.pagination import (
    DEFAULT_PAGE_SIZE,
    MAX_PAGE,
    MAX_PAGE_SIZE,
    PageRequest,
)
from designcore.domain.premium import Viewer
from designcore.domain.templates import HOME_ROW_SIZE, RELATED_LIMIT

# The limits are documented here and enforced by ``PageRequest`` (its own error message).
Page = Annotated[
    int,
    QueryParameter(
        description="1-based page number.", schema_extra={"minimum": 1, "maximum": MAX_PAGE}
    ),
]
Size = Annotated[
    int,
    QueryParameter(
        description="Items per page (1-100).",
        schema_extra={"minimum": 1, "maximum": MAX_PAGE_SIZE},
    ),
]
Limit = Annotated[
    int,
    QueryParameter(
        description="How many items at most (1-100).",
        schema_extra={"minimum": 1, "maximum": MAX_PAGE_SIZE},
    ),
]
Text = Annotated[str | None, QueryParameter(max_length=200)]
Catalogue = NamedDependency[CatalogueService]


@attrs.frozen
class CatalogueReads:
    """The catalogue service behind the answer cache: the one dependency of the busiest reads
    (Litestar resolves two dependencies side by side in a task group, which costs more than a
    cached answer)."""

    service: CatalogueService
    answers: AnswerCache


Reads = NamedDependency[CatalogueReads]
_TEMPLATE_JSON = TemplateJson()
"""The templates' JSON of the home rows and search pages, kept per summary object (see
:class:`TemplateJson`)."""


class TemplateController(Controller):
    """``/api/v1/templates``."""

    path = "/api/v1/templates"
    tags = ["templates"]

    @get("/", operation_id="listTemplates")
    async def list_templates(
        self,
        request: Request[Any, Any, Any],
        reads: Reads,
        page: Page = 1,
        size: Size = DEFAULT_PAGE_SIZE,
        category: Text = None,
        sub_category: Text = None,
        search: Text = None,
    ) -> Response[PageOut]:
        """One page of templates, newest first, filtered by category, sub-category or a term
        found in the name, category, description or tags."""
        answer = await reads.answers.answer(
            None,
            lambda: PageOut.of(
                reads.service.listing(
                    PageRequest(page, size),
                    category=category,
                    sub_category=sub_category,
                    search=search,
                )
            ),
        )
        return answer.response(request)

    @get("/home", operation_id="homeRows")
    async def home(
        self,
        request: Request[Any, Any, Any],
        reads: Reads,
        limit: Limit = HOME_ROW_SIZE,
    ) -> Response[HomeOut]:
        """The five home rows in one request."""

        def at_once() -> object | None:
            rows = reads.service.home_rows_at_once(limit)
            return None if rows is None else _TEMPLATE_JSON.home(rows)

        async def kept() -> object | None:
            rows = await reads.service.home_rows_kept(limit)
            return None if rows is None else _TEMPLATE_JSON.home(rows)

        answer = await reads.answers.answer(
            ("home", limit),
            lambda: _TEMPLATE_JSON.home(reads.service.home_rows(limit)),
            at_once,
            kept,
        )
        return answer.response(request)

    @get("/search", operation_id="searchTemplates")
    async def search(
        self,
        request: Request[Any, Any, Any],
        reads: Reads,
        q: Annotated[str, QueryParameter(max_length=500, pattern=NOT_BLANK)],
        page: Page = 1,
        size: Size = DEFAULT_PAGE_SIZE,
    ) -> Response[PageOut]:
        """Ranked full-text search; falls back to the plain filter if the index fails."""
        wanted = PageRequest(page, size)
        identity = search_identity(q, wanted)

        def at_once() -> object | None:
            found = reads.service.search_at_once(q, wanted)
            return None if found is None else _TEMPLATE_JSON.page(found)

        async def kept() -> object | None:
            found = await reads.service.search_kept(q, wanted)
            return None if found is None else _TEMPLATE_JSON.page(found)

        answer = await reads.answers.answer(
            None if identity is None else ("search", identity),
            lambda: _TEMPLATE_JSON.page(reads.service.search(q, wanted)),
            at_once,
            kept,
        )
        return answer.response(request)

    @get("/all", operation_id="allTemplates", sync_to_thread=True)
    def all_templates(self, catalogue: Catalogue) -> list[TemplateOut]:
        """Every template by category, newest first within each."""
        return templates_out(catalogue.all())

    @get("/match", operation_id="matchTemplates", sync_to_thread=True)
    def match(
        self,
        catalogue: Catalogue,
        category: Text = None,
        sub_category: Text = None,
        limit: Limit = HOME_ROW_SIZE,
    ) -> list[TemplateOut]:
        """Templates for a sub-category, topped up from its category."""
        return templates_out(
            catalogue.match(category=category, sub_category=sub_category, limit=limit)
        )

    @get("/{template_id:str}", operation_id="getTemplate", sync_to_thread=True)
    def get_template(self, catalogue: Catalogue, template_id: FromPath[str]) -> TemplateOut:
        """One template's light variant."""
        return TemplateOut.of(catalogue.summary(template_id))

    @get("/{template_id:str}/related", operation_id="relatedTemplates", sync_to_thread=True)
    def related(
        self, catalogue: Catalogue, template_id: FromPath[str], limit: Limit = RELATED_LIMIT
    ) -> list[TemplateOut]:
        """Templates of the same sub-category, excluding this one."""
        return templates_out(catalogue.related(template_id, limit))

    @get("/{template_id:str}/document", operation_id="templateDocument", sync_to_thread=True)
    def document(
        self, catalogue: Catalogue, viewer: NamedDependency[Viewer], template_id: FromPath[str]
    ) -> TemplateDocumentOut:
        """The editor document, for a viewer allowed to customise the template.

        401 ``sign_in_required``, 402 ``upgrade_required``, 409 ``no_document``.
        """
        return TemplateDocumentOut.of_full(catalogue.open_document(template_id, viewer))

    @get(
        "/{template_id:str}/customisable",
        operation_id="templateCustomisable",
        status_code=204,
        sync_to_thread=True,
    )
    def customisable(
        self, catalogue: Catalogue, viewer: NamedDependency[Viewer], template_id: FromPath[str]
    ) -> None:
        """Whether the caller may customise the template, without its document: what the
        Customize button asks before the editor opens, so a phone does not download a whole
        design to learn yes or no. 204 when allowed; otherwise the answers of
        ``templateDocument``: 401 ``sign_in_required``, 402 ``upgrade_required``, 404, 409
        ``no_document``."""
        catalogue.open_document(template_id, viewer)


class CategoryController(Controller):
    """``/api/v1/categories``."""

    path = "/api/v1/categories"
    tags = ["templates"]

    @get("/", operation_id="listCategories", sync_to_thread=True)
    def list_categories(self, catalogue: Catalogue) -> list[CategoryOut]:
        """Every category with its slug."""
        return [CategoryOut.of(c) for c in catalogue.categories()]

    @get("/{slug:str}", operation_id="getCategory", sync_to_thread=True)
    def get_category(self, catalogue: Catalogue, slug: FromPath[str]) -> CategoryDetailOut:
        """A category and its sub-categories."""
        detail = catalogue.category(slug)
        return CategoryDetailOut(
            name=detail.category.name,
            slug=detail.category.slug,
            sub_categories=[CategoryOut.of(sub) for sub in detail.sub_categories],
        )

    @get("/{slug:str}/templates", operation_id="categoryTemplates", sync_to_thread=True)
    def category_templates(
        self,
        catalogue: Catalogue,
        slug: FromPath[str],
        limit: Annotated[int | None, QueryParameter(description="How many at most.")] = None,
    ) -> list[TemplateOut]:
        """A category's templates, newest first."""
        return templates_out(catalogue.by_category_slug(slug, limit))
