"""The admin photo editor, called on the service directly: who may use it, edits stored as
new pictures in the admin's folder (the source untouched), the refusals, and an edit made
into a design."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from designcore.app import Container
from designcore.app.services.auth import IssuedSession
from designcore.app.services.photo_editor import RESULT_BUCKET, PhotoEditorService
from designcore.domain.errors import NotAllowed, NotFound, UnsupportedMedia, ValidationFailed
from designcore.domain.photo_edits import OPERATION_NAMES, parse_operations
from designcore.domain.premium import Viewer

CROP_AND_TURN = parse_operations(
    [{"op": "crop", "x": 10, "y": 10, "width": 100, "height": 60}, {"op": "rotate", "degrees": 90}]
)


@pytest.fixture(name="editor")
def fixture_editor(memory_container: Container) -> PhotoEditorService:
    """The photo editor service of the in-memory container."""
    service: PhotoEditorService = memory_container.photo_editor()
    return service


@pytest.fixture(name="admin")
def fixture_admin(ada: IssuedSession) -> Viewer:
    """An administrator with an account."""
    return Viewer(user_id=ada.user.id, user_role="admin")


@pytest.fixture(name="source")
def fixture_source(memory_container: Container, admin: Viewer) -> bytes:
    """A 200 x 120 PNG stored in the admin's folder as photo.png; answers its bytes."""
    buffer = io.BytesIO()
    Image.new("RGB", (200, 120), (30, 120, 200)).save(buffer, format="PNG")
    data = buffer.getvalue()
    memory_container.storage().put(RESULT_BUCKET, f"{admin.user_id}/photo.png", data, "image/png")
    return data


def picture(container: Container, key: str) -> Image.Image:
    bucket, _, path = key.partition("/")
    return Image.open(io.BytesIO(container.storage().get(bucket, path).data))


class TestAccess:
    def test_only_administrators(self, editor: PhotoEditorService) -> None:
        """A visitor is sign_in_required and a member admin_only, for every use."""
        for viewer, code in ((Viewer(), "sign_in_required"), (Viewer(user_id="u-1"), "admin_only")):
            calls = [
                lambda v=viewer: editor.check_access(v),
                lambda v=viewer: editor.capabilities(v),
                lambda v=viewer: editor.edit(v, RESULT_BUCKET, "u-1/photo.png", CROP_AND_TURN),
                lambda v=viewer: editor.use_in_design(v, f"{RESULT_BUCKET}/u-1/photo.png"),
            ]
            for call in calls:
                with pytest.raises(NotAllowed) as refused:
                    call()
                assert code == refused.value.code

    def test_capabilities_name_every_step(self, editor: PhotoEditorService, admin: Viewer) -> None:
        """The capabilities cover each step the editor offers."""
        assert set(OPERATION_NAMES) == set(editor.capabilities(admin).operations)


class TestEditing:
    def test_an_edit_is_a_new_picture_in_the_admins_folder(
        self, editor: PhotoEditorService, memory_container: Container, admin: Viewer, source: bytes
    ) -> None:
        """A crop to 100 x 60 then a quarter turn is stored as a 60 x 100 picture under the
        admin's photo-editor folder; the source is unchanged."""
        made = editor.edit(admin, RESULT_BUCKET, f"{admin.user_id}/photo.png", CROP_AND_TURN)
        assert (60, 100) == (made.width, made.height)
        assert made.key.startswith(f"{RESULT_BUCKET}/{admin.user_id}/photo-editor/photo-")
        assert (60, 100) == picture(memory_container, made.key).size
        assert made.preview_url.endswith("?width=60")
        stored = memory_container.storage().get(RESULT_BUCKET, f"{admin.user_id}/photo.png")
        assert source == stored.data

    def test_each_edit_is_kept_apart(
        self, editor: PhotoEditorService, admin: Viewer, source: bytes
    ) -> None:
        """The same edit twice makes two pictures."""
        path = f"{admin.user_id}/photo.png"
        first, second = (editor.edit(admin, RESULT_BUCKET, path, CROP_AND_TURN) for _ in range(2))
        assert first.key != second.key

    def test_a_crop_outside_the_picture_names_its_step(
        self, editor: PhotoEditorService, memory_container: Container, admin: Viewer, source: bytes
    ) -> None:
        """A crop beyond the 200 px width is a validation failure on operations[0] and
        nothing is stored."""
        steps = parse_operations([{"op": "crop", "x": 150, "y": 0, "width": 100, "height": 10}])
        with pytest.raises(ValidationFailed) as refused:
            editor.edit(admin, RESULT_BUCKET, f"{admin.user_id}/photo.png", steps)
        assert ["operations[0]"] == [issue.path for issue in refused.value.issues]
        assert [] == memory_container.storage().list(RESULT_BUCKET, f"{admin.user_id}/photo-editor")

    def test_what_is_not_there_or_not_a_picture(
        self, editor: PhotoEditorService, memory_container: Container, admin: Viewer
    ) -> None:
        """An unknown bucket is bucket_not_found, a missing object NotFound, and bytes that
        are not a picture UnsupportedMedia."""
        memory_container.storage().put(RESULT_BUCKET, "notes.png", b"hello", "image/png")
        with pytest.raises(NotFound) as bucket:
            editor.edit(admin, "secret-bucket", "a.png", CROP_AND_TURN)
        assert "bucket_not_found" == bucket.value.code
        with pytest.raises(NotFound):
            editor.edit(admin, RESULT_BUCKET, f"{admin.user_id}/none.png", CROP_AND_TURN)
        with pytest.raises(UnsupportedMedia):
            editor.edit(admin, RESULT_BUCKET, "notes.png", CROP_AND_TURN)


class TestIntoADesign:
    def test_an_edit_becomes_a_design_of_its_size_showing_it(
        self, editor: PhotoEditorService, memory_container: Container, admin: Viewer, source: bytes
    ) -> None:
        """The design is the picture's size with the picture over the whole page, named after
        the file, saved once."""
        made = editor.edit(admin, RESULT_BUCKET, f"{admin.user_id}/photo.png", CROP_AND_TURN)
        design = editor.use_in_design(admin, made.key)
        stored = memory_container.designs().get(admin, design.id)
        assert (60, 100, 2) == (
            stored.document["width"],
            stored.document["height"],
            stored.version,
        )
        [element] = stored.document["pages"][0]["children"]
        assert ("image", f"/storage/v1/object/public/{made.key}") == (
            element["type"],
            element["src"],
        )
        assert stored.name.startswith("photo-")

    @pytest.mark.parametrize(
        "key",
        [
            "user-uploads/u-someone-else/photo.png",
            "template-assets/{me}/photo.png",
            "user-uploads/{me}/../u-someone-else/photo.png",
            42,
        ],
    )
    def test_only_pictures_in_ones_own_folder(
        self, editor: PhotoEditorService, admin: Viewer, source: bytes, key: object
    ) -> None:
        """Another folder, another bucket, a way out of the folder and a non-text key are
        validation failures on key."""
        if isinstance(key, str):
            key = key.format(me=admin.user_id)
        with pytest.raises(ValidationFailed) as refused:
            editor.use_in_design(admin, key)
        assert ["key"] == [issue.path for issue in refused.value.issues]
