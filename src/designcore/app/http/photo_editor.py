"""``/api/v1/photo-editor``: the admin photo editor (403 for everyone else)."""

from __future__ import annotations

from typing import Any, ClassVar

import msgspec
from litestar import Controller, Request, get, post
from litestar.di import NamedDependency, Provide
from litestar.openapi.spec import Schema

from designcore.app.http import field_rules
from designcore.app.http.bodies import body_dependency, read_json
from designcore.app.http.dependencies import Me
from designcore.app.http.designs import DesignOut
from designcore.app.services.photo_editor import Capabilities, EditResult, PhotoEditorService
from designcore.domain.photo_edits import parse_operations, parse_source
from designcore.domain.premium import Viewer

MAX_EDIT_BODY_BYTES = 16 * 1024
"""Largest request body: a source name and at most twenty small steps."""


class CapabilityOut(msgspec.Struct):
    """One step: whether it runs here, and why not."""

    op: str
    available: bool
    reason: str | None


class CapabilitiesOut(msgspec.Struct):
    """What the photo editor offers on this server, and its limits."""

    operations: list[CapabilityOut]
    max_operations: int
    max_input_bytes: int
    max_megapixels: int
    max_dimension: int

    @classmethod
    def of(cls, found: Capabilities) -> CapabilitiesOut:
        return cls(
            [CapabilityOut(op, c.available, c.reason) for op, c in found.operations.items()],
            found.max_operations,
            found.max_input_bytes,
            found.max_megapixels,
            found.max_dimension,
        )


class EditIn(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """``source``: ``"{bucket}/{path}"`` of a stored picture; ``operations``: the steps, each
    ``{"op": …}`` with its fields (checked by ``designcore.domain.photo_edits``)."""

    schemas: ClassVar[dict[str, Schema]] = field_rules.PHOTO_EDIT_FIELDS

    source: str
    operations: list[Any]


class EditOut(msgspec.Struct):
    """The stored result: its storage key and a preview URL (the image-rendering path)."""

    key: str
    preview_url: str
    media_type: str
    width: int
    height: int
    size: int

    @classmethod
    def of(cls, result: EditResult) -> EditOut:
        return cls(
            result.key,
            result.preview_url,
            result.media_type,
            result.width,
            result.height,
            result.size,
        )


class UseInDesignIn(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """``key``: ``"user-uploads/{your id}/…"`` of a picture in the admin's own folder (an
    edit's ``key``)."""

    key: str


Admin = NamedDependency[Viewer]
"""The caller, let in as an administrator (``admin``, from :func:`provide_admin`)."""


def provide_admin(
    photo_editor: NamedDependency[PhotoEditorService], viewer: NamedDependency[Viewer]
) -> Viewer:
    """The caller, once the service has let them in (401 signed out, 403 ``admin_only``).
    The body readers below name this one, so the body is read only after it: a visitor's bad
    body is 401, not 400 with its details."""
    return photo_editor.check_access(viewer)


async def read_edit(request: Request[Any, Any, Any], admin: Admin) -> EditIn:
    """An edit's body, read once the caller is let in (a visitor's bad body is 401)."""
    return await read_json(request, EditIn)


async def read_use_in_design(request: Request[Any, Any, Any], admin: Admin) -> UseInDesignIn:
    """A picture to make a design of, read once the caller is let in."""
    return await read_json(request, UseInDesignIn)


class PhotoEditorController(Controller):
    """``/api/v1/photo-editor``."""

    path = "/api/v1/photo-editor"
    tags = ["photo-editor"]
    dependencies = {"admin": Provide(provide_admin, sync_to_thread=False)}

    @get("/", operation_id="photoEditorCapabilities", sync_to_thread=False)
    def capabilities(
        self, photo_editor: NamedDependency[PhotoEditorService], viewer: Me
    ) -> CapabilitiesOut:
        """The steps and whether each runs on this server (an adapter may lack one; the
        built-in one runs them all, background removal for plain backgrounds only), with the
        limits. Admins only: 401 signed out, 403 ``admin_only``."""
        return CapabilitiesOut.of(photo_editor.capabilities(viewer))

    @post(
        "/edits",
        operation_id="createPhotoEdit",
        status_code=201,
        sync_to_thread=True,
        request_max_body_size=MAX_EDIT_BODY_BYTES,
        dependencies={"edit": body_dependency(read_edit, EditIn)},
    )
    def create_edit(
        self,
        photo_editor: NamedDependency[PhotoEditorService],
        admin: Admin,
        edit: NamedDependency[EditIn],
    ) -> EditOut:
        """Run the steps on a stored picture and store the result as a new picture under the
        caller's folder of ``user-uploads`` (the source is left as it was).

        Steps: ``enhance``; ``crop`` {x, y, width, height}; ``resize`` {width, height};
        ``rotate`` {degrees}; ``flip`` {axis: horizontal|vertical}; ``background`` {color:
        #rrggbb}; ``remove_background``. Errors: 400 ``validation_failed`` naming the step,
        401, 403 ``admin_only``, 404 unknown source, 413 ``object_too_large``,
        415 not a picture, 422 ``image_too_large``/``damaged_image``/``background_not_plain``, 503
        ``step_unavailable``."""
        bucket, path = parse_source(edit.source)
        return EditOut.of(photo_editor.edit(admin, bucket, path, parse_operations(edit.operations)))

    @post(
        "/designs",
        operation_id="createDesignFromPhoto",
        status_code=201,
        sync_to_thread=True,
        request_max_body_size=MAX_EDIT_BODY_BYTES,
        dependencies={"picture": body_dependency(read_use_in_design, UseInDesignIn)},
    )
    def use_in_design(
        self,
        photo_editor: NamedDependency[PhotoEditorService],
        admin: Admin,
        picture: NamedDependency[UseInDesignIn],
    ) -> DesignOut:
        """A new design of the caller's the size of the picture (scaled down to at most
        10,000 px a side) with the picture over the whole page; open it at
        ``/editor?designId={id}``. The picture must be in the caller's own folder of
        ``user-uploads`` (where edits are stored). Errors: 400 ``validation_failed`` on
        ``key``, 401, 403 ``admin_only``, 404 unknown picture, 415/422 not a readable picture,
        and the designs API's errors for a new design."""
        return DesignOut.of_full(photo_editor.use_in_design(admin, picture.key))
