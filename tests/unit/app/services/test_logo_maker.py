"""The Logo Maker, called on the service directly over the seeded Logos templates: the
industries, previews with the brand set in, who may open or download a logo, and the design
and files it makes."""

from __future__ import annotations

import base64
import io
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image

from designcore.app import Container
from designcore.app.seeding import seeded_templates
from designcore.app.services.auth import IssuedSession
from designcore.app.services.logo_maker import PREVIEW_WIDTH, LogoMakerService
from designcore.domain.errors import NotAllowed, NotFound
from designcore.domain.logo_maker import LOGOS_CATEGORY, BrandKit, field_of
from designcore.domain.premium import PREMIUM_BUSINESS_MODEL_KEY, Viewer
from designcore.domain.templates import Template
from designcore.testing.builders import make_template

KIT = BrandKit(brand_name="Adunni Bakes", tagline="Fresh every morning", colors=("#aa2200",))


@pytest.fixture(name="logos", scope="module")
def fixture_logos() -> tuple[Template, ...]:
    """The seeded Logos templates."""
    return tuple(t for t in seeded_templates() if t.category == LOGOS_CATEGORY)


@pytest.fixture(name="maker")
def fixture_maker(memory_container: Container, logos: tuple[Template, ...]) -> LogoMakerService:
    """The Logo Maker of the in-memory container, its catalogue holding the Logos templates."""
    for template in logos:
        memory_container.catalogue().add(template)
    service: LogoMakerService = memory_container.logo_maker()
    return service


@pytest.fixture(name="premium")
def fixture_premium(ada: IssuedSession) -> Viewer:
    """A premium member with an account."""
    return Viewer(user_id=ada.user.id, subscription_status="active", subscription_plan="premium")


def texts(document: dict[str, Any]) -> dict[str, str]:
    """The brand fields' texts of a document, by field."""

    def walk(elements: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
        for element in elements:
            yield element
            yield from walk(element.get("children") or [])

    found: dict[str, str] = {}
    for page in document["pages"]:
        for element in walk(page["children"]):
            field = field_of(element)
            if field is not None:
                found[field] = element["text"]
    return found


class TestPreviews:
    def test_the_industries_are_the_logos_sub_categories(
        self, maker: LogoMakerService, logos: tuple[Template, ...]
    ) -> None:
        """The form offers each sub-category of the Logos templates once."""
        industries = maker.industries()
        assert sorted({t.sub_category for t in logos if t.sub_category}) == sorted(industries)
        assert len(set(industries)) == len(industries)

    def test_every_logo_is_drawn_with_the_chosen_industry_first(
        self, maker: LogoMakerService, logos: tuple[Template, ...]
    ) -> None:
        """One preview per logo, a WebP image 400 px wide; the logos of the chosen industry
        come first."""
        industry = maker.industries()[-1]
        previews = maker.previews(BrandKit(brand_name="Adunni Bakes", industry=industry))
        assert {t.id for t in logos} == {p.template_id for p in previews}
        chosen = [p.sub_category == industry for p in previews]
        assert chosen == sorted(chosen, reverse=True)
        assert any(chosen)
        image = Image.open(io.BytesIO(base64.b64decode(previews[0].image.split(",", 1)[1])))
        assert ("WEBP", PREVIEW_WIDTH) == (image.format, image.width)

    @pytest.mark.parametrize("who", ["visitor", "free", "premium"])
    def test_a_preview_is_locked_exactly_when_opening_it_is_refused_for_an_upgrade(
        self, maker: LogoMakerService, ada: IssuedSession, who: str
    ) -> None:
        """For a visitor, a free member and a premium member, each preview's lock agrees with
        whether opening that logo asks for an upgrade (or a sign-in)."""
        viewer = {
            "visitor": Viewer(),
            "free": Viewer(user_id=ada.user.id),
            "premium": Viewer(
                user_id=ada.user.id, subscription_status="active", subscription_plan="premium"
            ),
        }[who]
        for preview in maker.previews(KIT, viewer):
            try:
                maker.branded_document(viewer, preview.template_id, KIT)
                refused = False
            except NotAllowed:
                refused = True
            assert refused == preview.locked, preview.name


class TestOpening:
    def test_the_brand_is_set_into_the_logo(
        self, maker: LogoMakerService, logos: tuple[Template, ...], premium: Viewer
    ) -> None:
        """The branded document carries the brand name and tagline in their elements."""
        template, document = maker.branded_document(premium, logos[0].id, KIT)
        assert template.id == logos[0].id
        assert {"brand_name": "Adunni Bakes", "tagline": "Fresh every morning"} == texts(document)

    def test_visitors_sign_in_and_free_members_upgrade_while_the_model_is_on(
        self,
        maker: LogoMakerService,
        logos: tuple[Template, ...],
        memory_container: Container,
        ada: IssuedSession,
    ) -> None:
        """A visitor is sign_in_required and a free member upgrade_required; with the
        premium model off the free member opens it."""
        free = Viewer(user_id=ada.user.id)
        with pytest.raises(NotAllowed) as visitor:
            maker.branded_document(Viewer(), logos[0].id, KIT)
        with pytest.raises(NotAllowed) as upgrade:
            maker.branded_document(free, logos[0].id, KIT)
        assert ("sign_in_required", "upgrade_required") == (
            visitor.value.code,
            upgrade.value.code,
        )
        memory_container.site_settings().set(PREMIUM_BUSINESS_MODEL_KEY, False, by=None)
        assert logos[0].id == maker.branded_document(free, logos[0].id, KIT)[0].id

    def test_only_logos_are_logos(
        self, maker: LogoMakerService, memory_container: Container, premium: Viewer
    ) -> None:
        """A template of another category, or none at all, is NotFound."""
        flyer = make_template(category="Church")
        memory_container.catalogue().add(flyer)
        with pytest.raises(NotFound) as other:
            maker.branded_document(premium, flyer.id, KIT)
        assert "template_not_found" == other.value.code
        with pytest.raises(NotFound):
            maker.branded_document(premium, "no-such-logo", KIT)

    def test_opening_in_the_editor_makes_a_design_named_after_the_brand(
        self,
        maker: LogoMakerService,
        logos: tuple[Template, ...],
        memory_container: Container,
        premium: Viewer,
    ) -> None:
        """The new design is the caller's, named after the brand, made from the logo, and
        saved once with the brand set in."""
        design = maker.open_in_editor(premium, logos[0].id, KIT)
        stored = memory_container.designs().get(premium, design.id)
        assert ("Adunni Bakes", logos[0].id, 2) == (
            stored.name,
            stored.source_template_id,
            stored.version,
        )
        assert "Adunni Bakes" == texts(dict(stored.document))["brand_name"]


class TestDownloads:
    def test_a_png_is_transparent_and_named_after_the_brand(
        self, maker: LogoMakerService, logos: tuple[Template, ...], premium: Viewer
    ) -> None:
        """The PNG download is called designcore-adunni-bakes.png and its corners are clear."""
        name, made = maker.export(premium, logos[0].id, KIT, "png")
        image = Image.open(io.BytesIO(made.data)).convert("RGBA")
        assert "designcore-adunni-bakes.png" == name
        assert 0 == image.getpixel((0, 0))[3]

    def test_an_svg_carries_the_brand_name(
        self, maker: LogoMakerService, logos: tuple[Template, ...], premium: Viewer
    ) -> None:
        """The SVG download is an SVG document named after the brand."""
        name, made = maker.export(premium, logos[0].id, KIT, "svg")
        assert "designcore-adunni-bakes.svg" == name
        assert b"<svg" in made.data[:400]

    def test_a_free_member_cannot_download_while_the_model_is_on(
        self, maker: LogoMakerService, logos: tuple[Template, ...], ada: IssuedSession
    ) -> None:
        """A download is refused as opening is: upgrade_required."""
        with pytest.raises(NotAllowed) as refused:
            maker.export(Viewer(user_id=ada.user.id), logos[0].id, KIT, "png")
        assert "upgrade_required" == refused.value.code
