"""``/api/v1/search-prompts`` and ``/api/v1/prompts``: prompt records."""

from __future__ import annotations

from litestar import Controller, post
from litestar.di import NamedDependency
from litestar.params import JSONBody

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

    @post("/search-prompts", operation_id="recordSearchPrompt", sync_to_thread=True)
    def search_prompt(
        self,
        catalogue: NamedDependency[CatalogueService],
        viewer: Me,
        data: JSONBody[SearchPromptIn],
    ) -> SearchPromptOut:
        """Record a search; ``user_id`` must be null or the caller's own id."""
        return SearchPromptOut.of(catalogue.log_search(data.search_term, data.user_id, viewer))

    @post("/prompts", operation_id="recordPrompt", sync_to_thread=True)
    def prompt(
        self, catalogue: NamedDependency[CatalogueService], data: JSONBody[PromptIn]
    ) -> PromptOut:
        """Record a design prompt."""
        return PromptOut.of(catalogue.log_prompt(data.prompt, data.category, data.sub_category))
