"""``/api/v1/logo-maker`` over HTTP, on the seed catalogue's logos and the real renderer."""

from __future__ import annotations

import base64
import io
from typing import Any

import pytest
from litestar.testing import TestClient
from PIL import Image

from designcore.app import Container
from designcore.app.http import create_app
from designcore.app.http.logo_maker import PREVIEWS_PER_ADDRESS
from designcore.app.seeding import seeded_templates
from designcore.domain.templates import Template
from support import from_peer

Client = TestClient  # type: ignore[type-arg]
PREVIEWS = "/api/v1/logo-maker/previews"


@pytest.fixture(scope="module", name="logos")
def fixture_logos() -> tuple[Template, ...]:
    return tuple(t for t in seeded_templates() if t.category == "Logos")


@pytest.fixture(name="stocked")
def fixture_stocked(container: Container, logos: tuple[Template, ...]) -> Container:
    for template in logos:
        container.catalogue().add(template)
    return container


def decoded(data_url: str) -> Image.Image:
    prefix = "data:image/webp;base64,"
    assert data_url.startswith(prefix)
    image = Image.open(io.BytesIO(base64.b64decode(data_url[len(prefix) :])))
    image.load()
    return image


def test_the_form_lists_the_industries(client: Client, stocked: Container) -> None:
    answer = client.get("/api/v1/logo-maker")
    assert 200 == answer.status_code
    body = answer.json()
    assert {"Business", "Church", "Food", "Beauty", "Fashion"} == set(body["industries"])
    assert (40, 60, 2) == (body["max_brand_name"], body["max_tagline"], body["max_colors"])


def test_every_logo_is_drawn_with_the_brand(
    client: Client, stocked: Container, logos: tuple[Template, ...]
) -> None:
    plain = client.post(PREVIEWS, json={"brand_name": "Ada's Kitchen"}).json()["previews"]
    branded = client.post(
        PREVIEWS,
        json={
            "brand_name": "Ada's Kitchen",
            "tagline": "Jollof for every party",
            "industry": "Food",
            "colors": ["#e11d48", "#0ea5e9"],
        },
    )
    assert 200 == branded.status_code, branded.text
    previews = branded.json()["previews"]
    assert {t.id for t in logos} == {p["template_id"] for p in previews}
    assert {"Food"} == {p["sub_category"] for p in previews[:2]}  # the industry's first
    for preview in previews:
        image = decoded(preview["image"])
        assert 400 == image.width
    # The colours changed the pictures.
    by_id = {p["template_id"]: p["image"] for p in plain}
    assert all(by_id[p["template_id"]] != p["image"] for p in previews)


def test_a_long_name_shrinks_to_fit(stocked: Container, logos: tuple[Template, ...]) -> None:
    from designcore.domain.logo_maker import BrandKit
    from designcore.domain.premium import Viewer

    template = logos[0]
    assert template.polotno_json is not None
    subscriber = Viewer(user_id="u-pro", subscription_status="active", subscription_plan="premium")

    def brand_name_size(document: dict[str, Any]) -> float:
        (element,) = (
            e
            for e in document["pages"][0]["children"]
            if e.get("type") == "text" and str(e.get("id")).endswith("brand_name")
        )
        return float(element["fontSize"])

    _, short = stocked.logo_maker().branded_document(subscriber, template.id, BrandKit("Ada"))
    _, long = stocked.logo_maker().branded_document(
        subscriber, template.id, BrandKit("Adebayo Olumide Fashion House")
    )
    assert brand_name_size(long) < brand_name_size(short)
    assert brand_name_size(short) == brand_name_size(template.polotno_json)


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({}, "brand_name"),
        ({"brand_name": "Ada", "industry": "Mining"}, "industry"),
        ({"brand_name": "Ada", "colors": ["red"]}, "colors[0]"),
    ],
)
def test_bad_kits_are_refused(
    client: Client, stocked: Container, body: dict[str, Any], field: str
) -> None:
    answer = client.post(PREVIEWS, json=body)
    assert 400 == answer.status_code
    assert [field] == [issue["path"] for issue in answer.json()["issues"]]


def test_malformed_json_is_refused(client: Client, stocked: Container) -> None:
    answer = client.post(
        PREVIEWS, content=b'{"brand_name": ', headers={"Content-Type": "application/json"}
    )
    assert 400 == answer.status_code


DESIGNS = "/api/v1/logo-maker/designs"
PREMIUM = {"Authorization": "Bearer premium-token"}
FREE = {"Authorization": "Bearer free-token"}


def test_a_premium_user_opens_a_branded_logo_as_a_design(
    client: Client, stocked: Container, logos: tuple[Template, ...]
) -> None:
    logo = logos[0]
    answer = client.post(
        DESIGNS,
        json={"template_id": logo.id, "brand_name": "Ada's Kitchen", "colors": ["#e11d48"]},
        headers=PREMIUM,
    )
    assert 201 == answer.status_code, answer.text
    design = answer.json()
    assert "Ada's Kitchen" == design["name"]
    texts = [e["text"] for e in design["document"]["pages"][0]["children"] if e["type"] == "text"]
    assert "Ada's Kitchen" in texts
    stored = client.get(f"/api/v1/designs/{design['id']}", headers=PREMIUM)
    assert 200 == stored.status_code
    assert design["document"] == stored.json()["document"]


@pytest.mark.parametrize(
    ("headers", "status", "code"),
    [({}, 401, "sign_in_required"), (FREE, 402, "upgrade_required")],
)
def test_opening_a_logo_is_premium_while_the_model_is_on(
    client: Client,
    stocked: Container,
    logos: tuple[Template, ...],
    headers: dict[str, str],
    status: int,
    code: str,
) -> None:
    answer = client.post(
        DESIGNS, json={"template_id": logos[0].id, "brand_name": "Ada"}, headers=headers
    )
    assert (status, code) == (answer.status_code, answer.json()["code"])
    listed = client.get("/api/v1/designs", headers=FREE)
    assert 0 == listed.json()["total_count"]


@pytest.mark.parametrize(
    ("headers", "model_on", "locked"),
    [({}, True, True), (FREE, True, True), (PREMIUM, True, False), (FREE, False, False)],
)
def test_previews_mark_what_opening_would_refuse(
    client: Client,
    stocked: Container,
    logos: tuple[Template, ...],
    headers: dict[str, str],
    model_on: bool,
    locked: bool,
) -> None:
    """Each preview says locked exactly when opening it would ask the caller to upgrade."""
    stocked.site_settings().set("premium_business_model_enabled", model_on, by=None)
    previews = client.post(PREVIEWS, json={"brand_name": "Ada"}, headers=headers).json()["previews"]
    assert len(logos) == len(previews)
    assert {locked} == {preview["locked"] for preview in previews}
    opened = client.post(
        DESIGNS, json={"template_id": logos[1].id, "brand_name": "Ada"}, headers=headers
    )
    assert locked == (201 != opened.status_code)


def test_free_users_open_logos_when_the_model_is_off(
    client: Client, stocked: Container, logos: tuple[Template, ...]
) -> None:
    stocked.site_settings().set("premium_business_model_enabled", False, by=None)
    answer = client.post(
        DESIGNS, json={"template_id": logos[1].id, "brand_name": "Ada"}, headers=FREE
    )
    assert 201 == answer.status_code, answer.text


@pytest.mark.parametrize(
    ("body", "status"),
    [
        ({"brand_name": "Ada"}, 400),
        ({"template_id": 7, "brand_name": "Ada"}, 400),
        ({"template_id": "no-such-logo", "brand_name": "Ada"}, 404),
    ],
)
def test_bad_logo_requests(
    client: Client, stocked: Container, body: dict[str, Any], status: int
) -> None:
    assert status == client.post(DESIGNS, json=body, headers=PREMIUM).status_code


def test_only_logos_open_here(client: Client, stocked: Container) -> None:
    other = next(t for t in seeded_templates() if t.category != "Logos")
    stocked.catalogue().add(other)
    answer = client.post(
        DESIGNS, json={"template_id": other.id, "brand_name": "Ada"}, headers=PREMIUM
    )
    assert 404 == answer.status_code


EXPORTS = "/api/v1/logo-maker/exports"


def test_a_premium_logo_downloads_as_a_transparent_png(
    client: Client, stocked: Container, logos: tuple[Template, ...]
) -> None:
    answer = client.post(
        EXPORTS,
        json={"template_id": logos[0].id, "format": "png", "brand_name": "Ada's Kitchen"},
        headers=PREMIUM,
    )
    assert 200 == answer.status_code, answer.text
    assert "image/png" == answer.headers["content-type"]
    assert 'filename="designcore-ada-s-kitchen.png"' in answer.headers["content-disposition"]
    image = Image.open(io.BytesIO(answer.content))
    assert "A" in image.getbands()
    assert 0 == image.getpixel((2, 2))[3]  # the page's corner shows through


def test_a_logo_downloads_as_svg_with_the_brand(
    client: Client, stocked: Container, logos: tuple[Template, ...]
) -> None:
    answer = client.post(
        EXPORTS,
        json={"template_id": logos[0].id, "format": "svg", "brand_name": "Ada"},
        headers=PREMIUM,
    )
    assert 200 == answer.status_code, answer.text
    assert answer.headers["content-type"].startswith("image/svg+xml")
    assert "default-src 'none'" in answer.headers["content-security-policy"]
    assert b"<svg" in answer.content


@pytest.mark.parametrize(
    ("body", "headers", "status"),
    [
        ({"format": "png", "brand_name": "Ada"}, FREE, 402),
        ({"format": "png", "brand_name": "Ada"}, {}, 401),
        ({"format": "pdf", "brand_name": "Ada"}, PREMIUM, 400),
        ({"format": "png"}, PREMIUM, 400),
    ],
)
def test_logo_downloads_refused(
    client: Client,
    stocked: Container,
    logos: tuple[Template, ...],
    body: dict[str, Any],
    headers: dict[str, str],
    status: int,
) -> None:
    answer = client.post(EXPORTS, json={"template_id": logos[0].id, **body}, headers=headers)
    assert status == answer.status_code, answer.text


class TestPreviewRateLimit:
    def test_over_the_quota_is_429_with_retry_after(self, container: Container) -> None:
        """Past 60 batches a minute from one address, previews answer 429 in the standard
        error shape with Retry-After; another address is not affected."""
        app = create_app(container=container)
        with TestClient(app=from_peer(app, "203.0.113.9")) as client:  # type: ignore[arg-type]
            statuses = [
                client.post(PREVIEWS, json={"brand_name": "Ada"}).status_code
                for _ in range(PREVIEWS_PER_ADDRESS.limit)
            ]
            refused = client.post(PREVIEWS, json={"brand_name": "Ada"})
        assert [200] * PREVIEWS_PER_ADDRESS.limit == statuses
        assert (429, "too_many_previews") == (refused.status_code, refused.json()["code"])
        assert 429 == refused.json()["status"]
        assert 0 < int(refused.headers["retry-after"]) <= 60
        with TestClient(app=from_peer(app, "203.0.113.10")) as other:  # type: ignore[arg-type]
            assert 200 == other.post(PREVIEWS, json={"brand_name": "Ada"}).status_code


class TestFieldNames:
    """The Logo Maker speaks snake_case; the camelCase names of before are read for a release."""

    def test_answers_are_snake_case(self, client: Client, stocked: Container) -> None:
        """The form's limits and each preview's fields are snake_case names."""
        form = client.get("/api/v1/logo-maker").json()
        assert {"industries", "max_brand_name", "max_tagline", "max_colors"} == set(form)
        previews = client.post(PREVIEWS, json={"brand_name": "Ada"}).json()["previews"]
        assert {"template_id", "name", "sub_category", "is_premium", "image", "locked"} == set(
            previews[0]
        )

    def test_old_names_give_the_same_previews_with_a_deprecation_header(
        self, client: Client, stocked: Container
    ) -> None:
        """``brandName`` is read as ``brand_name``: the same drawings, and Deprecation."""
        new = client.post(PREVIEWS, json={"brand_name": "Ada's Kitchen"})
        old = client.post(PREVIEWS, json={"brandName": "Ada's Kitchen"})
        assert 200 == old.status_code, old.text
        assert new.json() == old.json()
        assert "@1795910400" == old.headers["Deprecation"]
        assert 'rel="deprecation"' in old.headers["Link"]
        assert "deprecation" not in new.headers

    def test_an_old_template_id_opens_the_same_logo(
        self, client: Client, stocked: Container, logos: tuple[Template, ...]
    ) -> None:
        """``templateId`` and ``brandName`` open the logo as the new names do."""
        answer = client.post(
            DESIGNS, json={"templateId": logos[0].id, "brandName": "Ada"}, headers=PREMIUM
        )
        assert 201 == answer.status_code, answer.text
        assert "Ada" == answer.json()["name"]
        assert "@1795910400" == answer.headers["Deprecation"]

    def test_a_field_under_both_names_is_400(
        self, client: Client, stocked: Container, logos: tuple[Template, ...]
    ) -> None:
        """``brandName`` beside ``brand_name`` is refused, naming the old one."""
        answer = client.post(
            EXPORTS,
            json={
                "template_id": logos[0].id,
                "format": "png",
                "brand_name": "Ada",
                "brandName": "Ada",
            },
            headers=PREMIUM,
        )
        assert (400, "validation_failed") == (answer.status_code, answer.json()["code"])
        assert ["brandName"] == [issue["path"] for issue in answer.json()["issues"]]
