"""``/api/v1/photo-editor`` over HTTP: admins only, every step's errors, the stored result."""

from __future__ import annotations

import io
from typing import Any

import pytest
from litestar.testing import TestClient
from PIL import Image

from designcore.app import Container
from image_samples import raster

Client = TestClient  # type: ignore[type-arg]
ADMIN = {"Authorization": "Bearer admin-token"}
FREE = {"Authorization": "Bearer free-token"}
EDITS = "/api/v1/photo-editor/edits"
SOURCE = "user-uploads/u-admin/photo.png"
BUSY = "user-uploads/u-admin/busy.png"


@pytest.fixture(name="stored")
def fixture_stored(container: Container) -> bytes:
    data = raster("PNG", 120, 80)
    container.storage().put("user-uploads", "u-admin/photo.png", data, "image/png")
    busy = Image.effect_noise((60, 40), 100).convert("RGB")
    busy = Image.merge(
        "RGB",
        (
            busy.getchannel(0),
            busy.rotate(90, expand=False).getchannel(0),
            busy.transpose(Image.Transpose.FLIP_LEFT_RIGHT).getchannel(0),
        ),
    )
    buffer = io.BytesIO()
    busy.resize((120, 80), Image.Resampling.NEAREST).save(buffer, "PNG")
    container.storage().put("user-uploads", "u-admin/busy.png", buffer.getvalue(), "image/png")
    return data


def edit(client: Client, body: Any, headers: dict[str, str] = ADMIN) -> Any:
    return client.post(EDITS, json=body, headers=headers)


def test_signed_out_and_non_admins_are_refused(client: Client, stored: bytes) -> None:
    body = {"source": SOURCE, "operations": [{"op": "enhance"}]}
    signed_out = edit(client, body, headers={})
    member = edit(client, body, headers=FREE)
    assert (401, 403) == (signed_out.status_code, member.status_code)
    assert "admin_only" == member.json()["code"]
    assert 403 == client.get("/api/v1/photo-editor", headers=FREE).status_code


def test_capabilities_name_every_step(client: Client) -> None:
    answer = client.get("/api/v1/photo-editor", headers=ADMIN)
    assert 200 == answer.status_code
    steps = {step["op"]: step for step in answer.json()["operations"]}
    assert [
        "enhance",
        "crop",
        "resize",
        "rotate",
        "flip",
        "background",
        "remove_background",
    ] == list(steps)
    assert steps["crop"]["available"]
    assert steps["remove_background"]["available"]


def test_an_edit_is_stored_beside_the_source(
    client: Client, container: Container, stored: bytes
) -> None:
    answer = edit(
        client,
        {
            "source": SOURCE,
            "operations": [
                {"op": "enhance"},
                {"op": "crop", "x": 10, "y": 10, "width": 100, "height": 60},
                {"op": "rotate", "degrees": 90},
            ],
        },
    )
    assert 201 == answer.status_code, answer.text
    body = answer.json()
    assert (60, 100, "image/jpeg") == (body["width"], body["height"], body["media_type"])
    bucket, _, path = body["key"].partition("/")
    assert "user-uploads" == bucket
    assert path.startswith("u-admin/photo-editor/photo-")
    result = container.storage().get(bucket, path)
    assert (60, 100) == Image.open(io.BytesIO(result.data)).size
    assert stored == container.storage().get("user-uploads", "u-admin/photo.png").data
    preview = client.get(body["preview_url"])
    assert 200 == preview.status_code
    assert Image.open(io.BytesIO(preview.content)).size == (60, 100)


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"source": SOURCE, "operations": [{"op": "blur"}]}, 400, "validation_failed"),
        ({"source": SOURCE, "operations": []}, 400, "validation_failed"),
        ({"source": SOURCE}, 400, "validation_failed"),
        ({"source": SOURCE, "operations": [{"op": "enhance"}], "x": 1}, 400, "validation_failed"),
        (
            {
                "source": SOURCE,
                "operations": [{"op": "crop", "x": 100, "y": 0, "width": 50, "height": 10}],
            },
            400,
            "validation_failed",
        ),
        ({"source": "nobucket", "operations": [{"op": "enhance"}]}, 400, "validation_failed"),
        (
            {"source": "user-uploads/../x", "operations": [{"op": "enhance"}]},
            400,
            "validation_failed",
        ),
        (
            {"source": "secret-bucket/a.png", "operations": [{"op": "enhance"}]},
            404,
            "bucket_not_found",
        ),
        ({"source": "user-uploads/u-admin/none.png", "operations": [{"op": "enhance"}]}, 404, None),
        (
            {"source": BUSY, "operations": [{"op": "remove_background"}]},
            422,
            "background_not_plain",
        ),
    ],
)
def test_bad_requests_change_nothing(
    client: Client,
    container: Container,
    stored: bytes,
    body: Any,
    status: int,
    code: str | None,
) -> None:
    answer = edit(client, body)
    assert status == answer.status_code, answer.text
    if code:
        assert code == answer.json()["code"]
    assert [] == container.storage().list("user-uploads", "u-admin/photo-editor/")


def test_malformed_json_is_refused(client: Client, stored: bytes) -> None:
    answer = client.post(
        EDITS, content=b"{not json", headers={**ADMIN, "Content-Type": "application/json"}
    )
    assert 400 == answer.status_code


def test_not_a_picture_is_refused(client: Client, container: Container) -> None:
    container.storage().put("user-uploads", "u-admin/notes.png", b"hello", "image/png")
    answer = edit(
        client, {"source": "user-uploads/u-admin/notes.png", "operations": [{"op": "enhance"}]}
    )
    assert 415 == answer.status_code


DESIGNS = "/api/v1/photo-editor/designs"


def test_an_edit_becomes_a_design_showing_it(client: Client, stored: bytes) -> None:
    made = edit(
        client,
        {
            "source": SOURCE,
            "operations": [{"op": "crop", "x": 0, "y": 0, "width": 90, "height": 60}],
        },
    ).json()
    answer = client.post(DESIGNS, json={"key": made["key"]}, headers=ADMIN)
    assert 201 == answer.status_code, answer.text
    design = client.get(f"/api/v1/designs/{answer.json()['id']}", headers=ADMIN).json()
    document = design["document"]
    assert (90, 60) == (document["width"], document["height"])
    [element] = document["pages"][0]["children"]
    assert "image" == element["type"]
    assert f"/storage/v1/object/public/{made['key']}" == element["src"]
    assert (0, 0, 90, 60) == (element["x"], element["y"], element["width"], element["height"])
    assert design["name"].startswith("photo-")


@pytest.mark.parametrize(
    ("body", "headers", "status"),
    [
        ({"key": "user-uploads/u-free/photo.png"}, ADMIN, 400),
        ({"key": "user-uploads/u-admin/../u-free/photo.png"}, ADMIN, 400),
        ({"key": "templates/u-admin/photo.png"}, ADMIN, 400),
        ({"key": "user-uploads/u-admin/none.png"}, ADMIN, 404),
        ({"key": SOURCE, "extra": 1}, ADMIN, 400),
        ({"key": SOURCE}, FREE, 403),
        ({"key": SOURCE}, {}, 401),
    ],
)
def test_only_an_admins_own_pictures_become_designs(
    client: Client, stored: bytes, body: Any, headers: dict[str, str], status: int
) -> None:
    answer = client.post(DESIGNS, json=body, headers=headers)
    assert status == answer.status_code, answer.text
    assert 0 == client.get("/api/v1/designs", headers=ADMIN).json()["total_count"]


def test_a_plain_background_is_removed_into_a_png(
    client: Client, container: Container, stored: bytes
) -> None:
    plain = Image.new("RGB", (90, 60), (240, 240, 240))
    plain.paste((200, 30, 30), (30, 20, 60, 45))
    buffer = io.BytesIO()
    plain.save(buffer, "PNG")
    container.storage().put("user-uploads", "u-admin/plain.png", buffer.getvalue(), "image/png")
    answer = edit(
        client,
        {"source": "user-uploads/u-admin/plain.png", "operations": [{"op": "remove_background"}]},
    )
    assert 201 == answer.status_code, answer.text
    assert "image/png" == answer.json()["media_type"]
    bucket, _, path = answer.json()["key"].partition("/")
    cut = Image.open(io.BytesIO(container.storage().get(bucket, path).data))
    assert 0 == cut.getpixel((2, 2))[3]
    assert 255 == cut.getpixel((45, 32))[3]


class TestSignInBeforeBody:
    @pytest.mark.parametrize("path", [EDITS, DESIGNS])
    @pytest.mark.parametrize("body", [{"source": 5}, {"nonsense": True}, []])
    def test_a_visitors_bad_body_is_401(self, client: Client, path: str, body: Any) -> None:
        """Signed out, a body that would not validate is answered 401, with no details of
        the body's problems."""
        answer = client.post(path, json=body)
        assert (401, "sign_in_required") == (answer.status_code, answer.json()["code"])
        assert "issues" not in answer.json()

    def test_a_members_bad_body_is_403(self, client: Client) -> None:
        """Signed in but not an admin, a bad body is 403 ``admin_only``."""
        answer = client.post(EDITS, json={"source": 5}, headers=FREE)
        assert (403, "admin_only") == (answer.status_code, answer.json()["code"])

    def test_an_admins_bad_body_is_400(self, client: Client) -> None:
        """An admin still gets the body's problems."""
        assert 400 == client.post(EDITS, json={"source": 5}, headers=ADMIN).status_code
