"""The admin photo editor's use cases: what it can do here, and running an edit of a stored
picture into a new stored picture (the source is never changed)."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from urllib.parse import quote

import attrs

from designcore.app.services.designs import Blank, DesignService
from designcore.domain.designs import Design
from designcore.domain.document import MAX_SIDE_PX
from designcore.domain.errors import NotAllowed, NotFound, TooLarge
from designcore.domain.photo_edits import (
    MAX_DIMENSION,
    MAX_INPUT_BYTES,
    MAX_MEGAPIXELS,
    MAX_OPERATIONS,
    OPERATION_NAMES,
    Operation,
    own_result_path,
    photo_element,
    photo_page_size,
    plan_sizes,
)
from designcore.domain.premium import Viewer
from designcore.domain.storage import BucketPolicy, check_object_name
from designcore.ports.photo_editing import Capability, PhotoEditor
from designcore.ports.storage import Storage

RESULT_BUCKET = "user-uploads"
"""Where edited pictures go: a public user bucket, under the admin's own folder, so designs can
use them through the image-rendering path."""
PREVIEW_WIDTH = 800


@attrs.frozen
class EditResult:
    """A stored edit."""

    key: str
    """``"{bucket}/{path}"`` of the new picture."""
    preview_url: str
    """A path of the image-rendering route showing it at most ``PREVIEW_WIDTH`` wide."""
    media_type: str
    width: int
    height: int
    size: int


@attrs.frozen
class Capabilities:
    """What the editor offers on this server."""

    operations: dict[str, Capability]
    max_operations: int = MAX_OPERATIONS
    max_input_bytes: int = MAX_INPUT_BYTES
    max_megapixels: int = MAX_MEGAPIXELS
    max_dimension: int = MAX_DIMENSION


def _require_admin(viewer: Viewer) -> None:
    if viewer.user_id is None:
        raise NotAllowed("sign in to use the photo editor", code="sign_in_required")
    if not viewer.is_admin:
        raise NotAllowed("the photo editor is for administrators", code="admin_only")


class PhotoEditorService:
    """Runs photo edits for administrators."""

    def __init__(
        self,
        *,
        storage: Storage,
        editor: PhotoEditor,
        policy: BucketPolicy,
        designs: DesignService,
    ) -> None:
        self._storage = storage
        self._editor = editor
        self._policy = policy
        self._designs = designs

    def check_access(self, viewer: Viewer) -> Viewer:
        """``viewer`` when an administrator; raises ``NotAllowed`` (``sign_in_required`` for a
        visitor, ``admin_only`` for anyone else). The HTTP shell asks it before it reads a
        request body, so a visitor learns nothing from the body's validation."""
        _require_admin(viewer)
        return viewer

    def capabilities(self, viewer: Viewer) -> Capabilities:
        """Each step and whether it runs here. Raises ``NotAllowed`` for non-admins."""
        _require_admin(viewer)
        return Capabilities({op: self._editor.capability(op) for op in OPERATION_NAMES})

    def edit(
        self, viewer: Viewer, bucket: str, path: str, steps: Sequence[Operation]
    ) -> EditResult:
        """Run ``steps`` on the stored picture ``bucket/path`` and store the result as a new
        object under the admin's folder of ``RESULT_BUCKET``.

        Raises ``NotAllowed`` (``sign_in_required``, ``admin_only``), ``ValidationFailed`` (a
        bad name, or steps that leave the picture or pass the limits), ``NotFound`` (unknown
        bucket or object), ``TooLarge`` (source over ``MAX_INPUT_BYTES``),
        ``UnsupportedMedia`` (not a raster picture), ``Unprocessable`` (damaged, too many
        pixels) and ``Unavailable`` (a step this server cannot run).
        """
        _require_admin(viewer)
        check_object_name(bucket, path)
        if not self._policy.knows(bucket):
            raise NotFound(f"no bucket named {bucket!r}", code="bucket_not_found")
        info = self._storage.stat(bucket, path)
        if info.size > MAX_INPUT_BYTES:
            raise TooLarge(
                f"the photo editor reads pictures of at most {MAX_INPUT_BYTES // 1048576} MB",
                code="object_too_large",
            )
        data = self._storage.get(bucket, path).data
        plan_sizes(*self._editor.size_of(data), steps)
        edited = self._editor.apply(data, steps)
        extension = "png" if edited.media_type == "image/png" else "jpg"
        stem = path.rsplit("/", 1)[-1].rsplit(".", 1)[0][:80] or "photo"
        new_path = f"{viewer.user_id}/photo-editor/{stem}-{uuid.uuid4().hex[:12]}.{extension}"
        stored = self._storage.put(
            RESULT_BUCKET, new_path, edited.data, edited.media_type, overwrite=False
        )
        return EditResult(
            key=f"{stored.bucket}/{stored.path}",
            preview_url=(
                f"/storage/v1/render/image/public/{RESULT_BUCKET}/{quote(stored.path)}"
                f"?width={min(PREVIEW_WIDTH, edited.width)}"
            ),
            media_type=edited.media_type,
            width=edited.width,
            height=edited.height,
            size=len(edited.data),
        )

    def use_in_design(self, viewer: Viewer, key: object) -> Design:
        """A new design of the admin's, the size of the picture ``key`` (scaled down to the
        editor's largest page), showing it over the whole page; the picture must be in the
        admin's own folder of ``RESULT_BUCKET`` (where edits are stored), so exports can draw it.

        Raises ``NotAllowed`` (``sign_in_required``, ``admin_only``), ``ValidationFailed`` (a
        key outside the admin's folder), ``NotFound`` (no such picture), ``TooLarge``,
        ``UnsupportedMedia``/``Unprocessable`` (not a readable picture) and what
        ``DesignService.create`` raises.
        """
        _require_admin(viewer)
        assert viewer.user_id is not None
        path = own_result_path(key, viewer.user_id, RESULT_BUCKET)
        check_object_name(RESULT_BUCKET, path)
        info = self._storage.stat(RESULT_BUCKET, path)
        if info.size > MAX_INPUT_BYTES:
            raise TooLarge(
                f"the photo editor reads pictures of at most {MAX_INPUT_BYTES // 1048576} MB",
                code="object_too_large",
            )
        width, height = photo_page_size(
            *self._editor.size_of(self._storage.get(RESULT_BUCKET, path).data), MAX_SIDE_PX
        )
        stem = path.rsplit("/", 1)[-1].rsplit(".", 1)[0][:80] or "Photo"
        design = self._designs.create(viewer, blank=Blank(width, height), name=stem)
        document = dict(design.document)
        pages = [dict(page) for page in document["pages"]]
        src = f"/storage/v1/object/public/{RESULT_BUCKET}/{quote(path)}"
        pages[0]["children"] = [photo_element(src, width, height)]
        document["pages"] = pages
        return self._designs.save(
            viewer, design.id, document=document, expected_version=design.version
        )
