"""``/api/v1/search-prompts`` and ``/api/v1/prompts``: prompt records."""

from __future__ import annotations

from litestar import Controller, post
from litestar.di import NamedDependency

from designcore.app.http.bodies import json_body
from designcore.app.http.dependencies import Me
from designcore.app.http.schemas import (
    PromptIn,
    PromptOut,
    SearchPromptIn,
    SearchPromptOut,
)
from designcore.app.services import CatalogueService


class PromptController(Controller):
    """``/api/v1``: search prompts and design prompts."""

    path = "/api/v1"
    tags = ["prompts"]

    @post(
        "/search-prompts",
        operation_id="recordSearchPrompt",
        sync_to_thread=True,
        dependencies={"search": json_body(SearchPromptIn)},
    )
    def search_prompt(
        self,
        catalogue: NamedDependency[CatalogueService],
        viewer: Me,
        search: NamedDependency[SearchPromptIn],
    ) -> SearchPromptOut:
        """Record a search; ``user_id`` must be null or the caller's own id."""
        return SearchPromptOut.of(catalogue.log_search(search.search_term, search.user_id, viewer))

    @post(
        "/prompts",
        operation_id="recordPrompt",
        sync_to_thread=True,
        dependencies={"asked": json_body(PromptIn)},
    )
    def prompt(
        self, catalogue: NamedDependency[CatalogueService], asked: NamedDependency[PromptIn]
    ) -> PromptOut:
        """Record a design prompt."""
        return PromptOut.of(catalogue.log_prompt(asked.prompt, asked.category, asked.sub_category))
