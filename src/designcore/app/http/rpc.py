"""``/api/v1/rpc``: the template view and use counters."""

from __future__ import annotations

from litestar import Controller, post
from litestar.di import NamedDependency
from litestar.params import JSONBody

from designcore.app.http.dependencies import Me
from designcore.app.http.schemas import (
    TemplateIdIn,
    UseCountOut,
    ViewCountOut,
)
from designcore.app.services import CatalogueService


class RpcController(Controller):
    """``/api/v1/rpc``: the remote procedures the app calls."""

    path = "/api/v1/rpc"
    tags = ["rpc"]

    @post(
        "/increment_template_views",
        operation_id="incrementTemplateViews",
        status_code=200,
        sync_to_thread=True,
    )
    def increment_views(
        self,
        catalogue: NamedDependency[CatalogueService],
        viewer: Me,
        data: JSONBody[TemplateIdIn],
    ) -> ViewCountOut:
        """Count one view of a template."""
        views = catalogue.record_view(data.template_id, viewer.user_id)
        return ViewCountOut(data.template_id, views)

    @post(
        "/increment_template_use_count",
        operation_id="incrementTemplateUseCount",
        status_code=200,
        sync_to_thread=True,
    )
    def increment_uses(
        self,
        catalogue: NamedDependency[CatalogueService],
        viewer: Me,
        data: JSONBody[TemplateIdIn],
    ) -> UseCountOut:
        """Count one use of a template."""
        return UseCountOut(data.template_id, catalogue.record_use(data.template_id, viewer.user_id))
