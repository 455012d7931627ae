"""The download use case, called directly over in-memory adapters, the real renderer and a fixed
clock: plans x formats, the watermark, credits, files, limits, render slots and storage images.
(The HTTP mapping of its answers: tests/unit/app/test_http_exports.py.)"""

from __future__ import annotations

import base64
import io
import threading
import uuid
import xml.etree.ElementTree as ET
import zipfile
from collections.abc import Mapping
from typing import Any

import pytest
from PIL import Image, ImageChops
from pypdf import PdfReader

from designcore.adapters.memory import FixedClock
from designcore.app import Container
from designcore.app.services.exports import ExportFile, ExportRequest, ExportService
from designcore.domain.document import Document
from designcore.domain.errors import (
    Conflict,
    NotAllowed,
    NotFound,
    TooLarge,
    Unavailable,
    ValidationFailed,
)
from designcore.domain.exports import (
    DEFAULT_EXPORT_LIMITS,
    ExportCancelled,
    ExportLimits,
    ExportOptions,
    ExportPlan,
    ExportSource,
    ExportTooLarge,
    TooManyExports,
)
from designcore.domain.premium import Viewer
from designcore.domain.profiles import CreditEntry, CreditReason
from designcore.domain.rendering import RenderedExport, RenderFormat
from support import credit_balance, flyer, grant_credits, make_template, text_element

FREE = Viewer(user_id="u-free")
PREMIUM = Viewer(user_id="u-premium", subscription_status="active", subscription_plan="premium")
ADMIN = Viewer(user_id="u-admin", user_role="admin")
A4_POINTS = (595.28, 841.89)


@pytest.fixture(name="container")
def fixture_container(memory_container: Container) -> Container:
    """In-memory adapters and the fixed clock, with the site's default settings (premium
    gating on)."""
    memory_container.site_settings().ensure_defaults()
    return memory_container


@pytest.fixture(name="service")
def fixture_service(container: Container) -> ExportService:
    made: ExportService = container.exports()
    return made


def add_template(container: Container, **fields: Any) -> str:
    template = make_template(**fields)
    container.catalogue().add(template)
    return template.id


@pytest.fixture(name="free_template")
def fixture_free_template(container: Container) -> str:
    """A free template with a one-page document."""
    return add_template(container, name="Sunday Service Flyer", polotno_json=flyer())


@pytest.fixture(name="premium_template")
def fixture_premium_template(container: Container) -> str:
    """A premium template with a one-page document."""
    return add_template(
        container, name="Gold Wedding Card", template_type="Premium", polotno_json=flyer()
    )


@pytest.fixture(name="two_page_template")
def fixture_two_page_template(container: Container) -> str:
    """A free template with two pages."""
    return add_template(container, name="Programme", polotno_json=flyer(pages=2))


def download(
    service: ExportService,
    viewer: Viewer,
    *,
    template: str | None = None,
    document: dict[str, Any] | None = None,
    **options: Any,
) -> ExportFile:
    """The use case, with options as the domain parses them (``format="png"``,
    ``spend_credit=True``…)."""
    request = ExportRequest(
        ExportSource.parse(template_id=template, document=document),
        ExportOptions.parse(**options),
    )
    return service.export(viewer, request)


def grant(container: Container, user_id: str, credits: int, clock: FixedClock) -> None:
    """Put ``credits`` on the user's ledger."""
    grant_credits(container.accounts(), user_id, credits, clock.now())


def balance(container: Container, user_id: str) -> int:
    return credit_balance(container.accounts(), user_id)


def spends(container: Container, user_id: str) -> list[CreditEntry]:
    with container.accounts()() as uow:
        return [e for e in uow.credits.entries(user_id) if e.reason is CreditReason.SPEND]


def png(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGBA")


def differing_quadrants(a: bytes, b: bytes) -> int:
    """In how many of the four quadrants the two images differ visibly (in over 1 % of the
    pixels)."""
    first, second = png(a), png(b)
    assert first.size == second.size
    width, height = first.size
    count = 0
    for left, top in ((0, 0), (width // 2, 0), (0, height // 2), (width // 2, height // 2)):
        box = (left, top, left + width // 2, top + height // 2)
        diff = ImageChops.difference(first.crop(box), second.crop(box)).convert("L")
        changed = sum(diff.point(lambda v: 255 if v > 12 else 0).histogram()[255:])
        if changed > 0.01 * (width // 2) * (height // 2):
            count += 1
    return count


class TestPlansAndFormats:
    @pytest.mark.parametrize(
        ("viewer", "format", "outcome"),
        [
            (FREE, "png", "watermarked"),
            (FREE, "jpeg", "watermarked"),
            (FREE, "pdf", "premium_required"),
            (FREE, "svg", "premium_required"),
            (PREMIUM, "png", "clean"),
            (PREMIUM, "jpeg", "clean"),
            (PREMIUM, "pdf", "clean"),
            (PREMIUM, "svg", "clean"),
        ],
    )
    def test_each_plan_and_format(
        self, service: ExportService, free_template: str, viewer: Viewer, format: str, outcome: str
    ) -> None:
        """Free: PNG/JPEG watermarked, PDF/SVG premium_required; premium: every format,
        clean; nobody spends."""
        if outcome == "premium_required":
            with pytest.raises(NotAllowed) as caught:
                download(service, viewer, template=free_template, format=format)
            assert "premium_required" == caught.value.code
            return
        made = download(service, viewer, template=free_template, format=format)
        assert (outcome == "watermarked", 0) == (made.watermark, made.credits_spent)
        assert RenderFormat(format).media_type == made.media_type

    @pytest.mark.parametrize("format", ["png", "jpeg", "pdf", "svg"])
    def test_premium_templates_are_for_premium_users(
        self,
        service: ExportService,
        container: Container,
        clock: FixedClock,
        premium_template: str,
        format: str,
    ) -> None:
        """A free user cannot download a premium template in any format, credit or not; a
        premium user can."""
        grant(container, "u-free", 5, clock)
        with pytest.raises(NotAllowed) as caught:
            download(service, FREE, template=premium_template, format=format, spend_credit=True)
        assert "premium_required" == caught.value.code
        assert 5 == balance(container, "u-free")
        assert download(service, PREMIUM, template=premium_template, format=format).data

    def test_admins_are_not_premium(self, service: ExportService, free_template: str) -> None:
        """The admin role alone does not lift the watermark or unlock PDF."""
        assert download(service, ADMIN, template=free_template, format="png").watermark
        with pytest.raises(NotAllowed) as caught:
            download(service, ADMIN, template=free_template, format="pdf")
        assert "premium_required" == caught.value.code

    @pytest.mark.parametrize("format", ["png", "jpeg", "pdf", "svg"])
    def test_premium_model_off_means_everything_free(
        self,
        service: ExportService,
        container: Container,
        clock: FixedClock,
        premium_template: str,
        format: str,
    ) -> None:
        """With the switch off, a free user gets every format of every template, clean, and
        spends nothing even when asking to."""
        container.site_settings().set("premium_business_model_enabled", False, by=None)
        grant(container, "u-free", 2, clock)
        made = download(service, FREE, template=premium_template, format=format, spend_credit=True)
        assert (False, 0) == (made.watermark, made.credits_spent)
        assert 2 == balance(container, "u-free")

    def test_signed_out_viewers_are_refused(
        self, service: ExportService, free_template: str
    ) -> None:
        """A viewer without a user is sign_in_required."""
        with pytest.raises(NotAllowed) as caught:
            download(service, Viewer(), template=free_template, format="png")
        assert "sign_in_required" == caught.value.code


class TestWatermarkCannotBeRemoved:
    @staticmethod
    def clean_and_marked(service: ExportService, **asked: Any) -> tuple[ExportFile, ExportFile]:
        marked = download(service, FREE, **asked)
        clean = download(
            service, PREMIUM, **{k: v for k, v in asked.items() if k != "spend_credit"}
        )
        return clean, marked

    def test_the_file_really_carries_it_all_over(
        self, service: ExportService, free_template: str
    ) -> None:
        """The free user's PNG differs from the clean one in every quadrant."""
        clean, marked = self.clean_and_marked(service, template=free_template, format="png")
        assert marked.watermark
        assert 4 == differing_quadrants(clean.data, marked.data)

    @pytest.mark.parametrize(
        "extra",
        [
            {"pixel_ratio": 0.1},
            {"pixel_ratio": 0.37},
            {"pixel_ratio": 4},
            {"dpi": 36},
            {"dpi": 300},
            {"spend_credit": False},
            {"pages": [0]},
            {"format": "PNG"},
            {"format": "jpeg"},
        ],
        ids=str,
    )
    def test_other_parameters_keep_it(
        self, service: ExportService, free_template: str, extra: dict[str, Any]
    ) -> None:
        """No combination of ratio, DPI, pages, format spelling or spend_credit=False yields
        a clean file for a free user without a credit."""
        asked = {"template": free_template, "format": "png", **extra}
        clean, marked = self.clean_and_marked(service, **asked)
        assert marked.watermark
        assert 4 == differing_quadrants(clean.data, marked.data)

    def test_every_page_of_a_subset(self, service: ExportService, two_page_template: str) -> None:
        """Pages [1, 0] come zipped, each page watermarked."""
        clean, marked = self.clean_and_marked(
            service, template=two_page_template, format="png", pages=[1, 0]
        )
        assert 2 == marked.page_count
        with (
            zipfile.ZipFile(io.BytesIO(clean.data)) as c,
            zipfile.ZipFile(io.BytesIO(marked.data)) as m,
        ):
            assert ["page-1.png", "page-2.png"] == m.namelist()
            for name in m.namelist():
                assert 4 == differing_quadrants(c.read(name), m.read(name))

    def test_a_raw_document_is_watermarked_too(self, service: ExportService) -> None:
        """Sending the document itself instead of a template id changes nothing."""
        clean, marked = self.clean_and_marked(service, document=flyer(), format="png")
        assert marked.watermark
        assert 4 == differing_quadrants(clean.data, marked.data)


class TestCredits:
    def test_one_credit_per_clean_download(
        self, service: ExportService, container: Container, clock: FixedClock, free_template: str
    ) -> None:
        """Each watermark-free download spends exactly one credit and equals the premium
        user's clean file; with none left it is insufficient_credits."""
        grant(container, "u-free", 2, clock)
        first = download(service, FREE, template=free_template, format="png", spend_credit=True)
        assert (False, 1, 1) == (first.watermark, first.credits_spent, balance(container, "u-free"))
        clean = download(service, PREMIUM, template=free_template, format="png")
        assert 0 == differing_quadrants(clean.data, first.data)
        download(service, FREE, template=free_template, format="png", spend_credit=True)
        assert 0 == balance(container, "u-free")
        assert [-1, -1] == [entry.delta for entry in spends(container, "u-free")]
        with pytest.raises(Conflict) as caught:
            download(service, FREE, template=free_template, format="png", spend_credit=True)
        assert "insufficient_credits" == caught.value.code
        assert 2 == len(spends(container, "u-free"))

    def test_a_watermarked_download_costs_nothing(
        self, service: ExportService, container: Container, clock: FixedClock, free_template: str
    ) -> None:
        """Without spend_credit the balance stays."""
        grant(container, "u-free", 4, clock)
        download(service, FREE, template=free_template, format="jpeg")
        assert 4 == balance(container, "u-free")

    def test_premium_users_never_spend(
        self, service: ExportService, container: Container, clock: FixedClock, free_template: str
    ) -> None:
        """A premium user asking to spend keeps every credit."""
        grant(container, "u-premium", 4, clock)
        made = download(service, PREMIUM, template=free_template, format="png", spend_credit=True)
        assert 0 == made.credits_spent
        assert 4 == balance(container, "u-premium")

    def test_no_charge_when_the_export_is_too_large(
        self, service: ExportService, container: Container, clock: FixedClock, free_template: str
    ) -> None:
        """A DPI past the pixel limits (1200 DPI of 400 x 500 px at 72 DPI is 55 MP) is
        limit_exceeded and costs nothing."""
        grant(container, "u-free", 1, clock)
        with pytest.raises(TooLarge) as caught:
            download(
                service, FREE, template=free_template, format="png", dpi=1200, spend_credit=True
            )
        assert "limit_exceeded" == caught.value.code
        assert "at most 50 MP per page" in caught.value.message
        assert 1 == balance(container, "u-free")

    def test_no_charge_when_the_renderer_fails(
        self, container: Container, clock: FixedClock, free_template: str
    ) -> None:
        """A render that breaks leaves the ledger alone."""

        class BrokenRenderer:
            def render(self, document: Document, **options: Any) -> RenderedExport:
                raise RuntimeError("the GPU caught fire")

        container.export_renderer.override(BrokenRenderer())
        grant(container, "u-free", 1, clock)
        with pytest.raises(RuntimeError):
            download(
                container.exports(), FREE, template=free_template, format="png", spend_credit=True
            )
        assert 1 == balance(container, "u-free")
        assert [] == spends(container, "u-free")

    def test_racing_for_the_last_credit(
        self, container: Container, clock: FixedClock, free_template: str
    ) -> None:
        """Two clean downloads at once with one credit (allowed to run together, as two
        server processes would): one succeeds, one is refused, and exactly one credit is
        spent."""
        grant(container, "u-free", 1, clock)
        lenient = ExportLimits(max_pages=20, max_pixels=200_000_000, max_concurrent=2)
        service = bounded_service(
            container,
            container.export_renderer(),
            slots=3,
            limits=dict.fromkeys(ExportPlan, lenient),
        )
        outcomes: list[str] = []
        barrier = threading.Barrier(2)

        def race() -> None:
            barrier.wait()
            try:
                made = download(
                    service, FREE, template=free_template, format="png", spend_credit=True
                )
                outcomes.append("clean" if not made.watermark else "marked")
            except Conflict as caught:
                outcomes.append(caught.code)

        threads = [threading.Thread(target=race) for _ in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert ["clean", "insufficient_credits"] == sorted(outcomes)
        assert 0 == balance(container, "u-free")
        assert 1 == len(spends(container, "u-free"))


class TestFiles:
    def test_png_size_and_name(self, service: ExportService, free_template: str) -> None:
        """A PNG of 400 x 500 at ratio 1.5 is 600 x 750, named after the template."""
        made = download(service, PREMIUM, template=free_template, format="png", pixel_ratio=1.5)
        assert (600, 750) == Image.open(io.BytesIO(made.data)).size
        assert ("image/png", "designcore-sunday-service-flyer.png", 1) == (
            made.media_type,
            made.filename,
            made.page_count,
        )

    def test_dpi_scales_images(self, service: ExportService, free_template: str) -> None:
        """144 DPI of a 72 DPI document is twice the size."""
        made = download(service, FREE, template=free_template, format="jpeg", dpi=144)
        image = Image.open(io.BytesIO(made.data))
        assert ("JPEG", (800, 1000)) == (image.format, image.size)
        assert made.filename.endswith(".jpg")

    def test_several_raster_pages_are_zipped(
        self, service: ExportService, two_page_template: str
    ) -> None:
        """Every page of a two-page design: a zip with one PNG per page."""
        made = download(service, FREE, template=two_page_template, format="png")
        assert ("application/zip", "designcore-programme.zip") == (made.media_type, made.filename)
        with zipfile.ZipFile(io.BytesIO(made.data)) as archive:
            sizes = [Image.open(io.BytesIO(archive.read(n))).size for n in archive.namelist()]
        assert [(400, 500), (400, 500)] == sizes

    def test_a_page_subset_is_one_file(
        self, service: ExportService, two_page_template: str
    ) -> None:
        """pages [1] is a single PNG."""
        made = download(service, FREE, template=two_page_template, format="png", pages=[1])
        assert ("image/png", 1) == (made.media_type, made.page_count)

    def test_pdf_pages_and_size(self, service: ExportService, two_page_template: str) -> None:
        """A two-page design is a two-page PDF sized width / dpi inches, text as text."""
        made = download(service, PREMIUM, template=two_page_template, format="pdf")
        assert ("application/pdf", "designcore-programme.pdf") == (made.media_type, made.filename)
        reader = PdfReader(io.BytesIO(made.data))
        assert 2 == len(reader.pages)
        box = reader.pages[0].mediabox
        assert (400, 500) == (round(float(box.width)), round(float(box.height)))
        assert "page 2" in reader.pages[1].extract_text()

    def test_pdf_is_print_quality(self, service: ExportService) -> None:
        """An A4 design at 300 DPI is an A4 page; effects are rasterised at 300 DPI and a
        photo is embedded at its full resolution, whatever size it is drawn."""
        photo = io.BytesIO()
        Image.new("RGB", (640, 480), (180, 40, 40)).save(photo, "PNG")
        url = "data:image/png;base64," + base64.b64encode(photo.getvalue()).decode()
        document = {
            "width": 2480,
            "height": 3508,
            "unit": "mm",
            "dpi": 300,
            "pages": [
                {
                    "id": "a4",
                    "children": [
                        {
                            "id": "i",
                            "type": "image",
                            "src": url,
                            "x": 100,
                            "y": 100,
                            "width": 64,
                            "height": 48,
                        },
                        {
                            "id": "f",
                            "type": "figure",
                            "subType": "circle",
                            "x": 1000,
                            "y": 1000,
                            "width": 300,
                            "height": 300,
                            "fill": "red",
                            "shadowEnabled": True,
                            "shadowBlur": 20,
                        },
                    ],
                }
            ],
        }
        made = download(service, PREMIUM, document=document, format="pdf")
        page = PdfReader(io.BytesIO(made.data)).pages[0]
        assert A4_POINTS[0] == pytest.approx(float(page.mediabox.width), abs=0.5)
        assert A4_POINTS[1] == pytest.approx(float(page.mediabox.height), abs=0.5)
        sizes = image_sizes(page)
        assert (640, 480) in sizes
        # The shadowed circle is rasterised with its blur margin at the document's 300 DPI:
        # 300 px plus the margin on each side, not downsampled to screen resolution.
        shadow = [size for size in sizes if size != (640, 480)]
        assert shadow
        assert all(300 < width < 600 and 300 < height < 600 for width, height in shadow)

    def test_svg_parses(self, service: ExportService, free_template: str) -> None:
        """An SVG is well-formed XML of the page's size."""
        made = download(service, PREMIUM, template=free_template, format="svg")
        root = ET.fromstring(made.data)
        assert root.tag.endswith("svg")
        assert "400" == root.get("width")

    def test_a_document_names_its_file(self, service: ExportService) -> None:
        """A raw document is named from custom.name, or 'design'."""
        named = download(
            service, FREE, document=flyer(custom={"name": "Ìyá's 60th!"}), format="png"
        )
        assert "designcore-iya-s-60th.png" == named.filename
        assert (
            "designcore-design.png"
            == download(service, FREE, document=flyer(), format="png").filename
        )


def image_sizes(page: Any) -> list[tuple[int, int]]:
    """Pixel sizes of the page's image XObjects (read from their dictionaries, not decoded)."""
    found: list[tuple[int, int]] = []

    def walk(resources: Any) -> None:
        objects = resources.get("/XObject") if resources else None
        for item in (objects or {}).values():
            item = item.get_object()
            if item.get("/Subtype") == "/Image":
                found.append((int(item["/Width"]), int(item["/Height"])))
            elif "/Resources" in item:
                walk(item["/Resources"])

    walk(page["/Resources"])
    return found


class TestSourcesAndLimits:
    def test_unknown_template_and_design(self, service: ExportService) -> None:
        """An unknown template is template_not_found, an unknown design design_not_found."""
        with pytest.raises(NotFound) as template:
            download(service, FREE, template=str(uuid.uuid4()), format="png")
        request = ExportRequest(
            ExportSource.parse(design_id="d-1"), ExportOptions.parse(format="png")
        )
        with pytest.raises(NotFound) as design:
            service.export(FREE, request)
        assert ("template_not_found", "design_not_found") == (
            template.value.code,
            design.value.code,
        )

    def test_a_template_without_document(
        self, service: ExportService, container: Container
    ) -> None:
        """A template without a document is no_document."""
        template = add_template(container, polotno_json=None)
        with pytest.raises(Conflict) as caught:
            download(service, FREE, template=template, format="png")
        assert "no_document" == caught.value.code

    def test_an_invalid_document_names_its_fields(self, service: ExportService) -> None:
        """A document that breaks the model names the paths inside ``document``."""
        with pytest.raises(ValidationFailed) as caught:
            download(service, FREE, document={"width": "wide", "height": 10}, format="png")
        paths = [issue.path for issue in caught.value.issues]
        assert "document.width" in paths
        assert "document.pages" in paths

    def test_too_many_elements(self, service: ExportService) -> None:
        """More than 200 elements on a page: limit_exceeded naming the limit."""
        document = flyer()
        document["pages"][0]["children"] = [text_element(f"t{n}", "x", n) for n in range(201)]
        with pytest.raises(TooLarge) as caught:
            download(service, FREE, document=document, format="png")
        assert "limit_exceeded" == caught.value.code
        assert "at most 200" in caught.value.message

    def test_too_many_pixels(self, service: ExportService) -> None:
        """A page past 10,000 px a side: limit_exceeded naming the limit."""
        with pytest.raises(TooLarge) as caught:
            download(
                service, FREE, document=flyer(width=4000, height=3000), format="png", pixel_ratio=3
            )
        assert "10,000 px" in caught.value.message

    def test_a_document_over_5_mb(self, service: ExportService) -> None:
        """A document over 5 MB is limit_exceeded, naming the limit."""
        padding = "x" * (5 * 1024 * 1024 + 200)
        with pytest.raises(TooLarge) as caught:
            download(service, FREE, document=flyer(custom={"pad": padding}), format="png")
        assert "limit_exceeded" == caught.value.code
        assert "5,242,880" in caught.value.message


class TestRenderSlots:
    def test_renders_wait_for_a_free_slot(self, container: Container, free_template: str) -> None:
        """With every slot taken a download waits, then answers renderer_busy."""
        started = threading.Event()
        release = threading.Event()

        class SlowRenderer:
            def render(self, document: Document, **options: Any) -> RenderedExport:
                started.set()
                release.wait(5)
                return RenderedExport(
                    format=RenderFormat.PNG, pages=(b"x",), data=b"x", media_type="image/png"
                )

        service = ExportService(
            catalogue=container.catalogue(),
            settings=container.site_settings(),
            accounts=container.accounts(),
            profiles=container.profiles(),
            renderer=SlowRenderer(),
            designs=container.design_repository(),
            clock=container.clock(),
            max_concurrent_renders=1,
            render_wait_seconds=0.05,
        )
        first = threading.Thread(
            target=download,
            args=(service, PREMIUM),
            kwargs={"template": free_template, "format": "png"},
        )
        first.start()
        assert started.wait(5)
        try:
            with pytest.raises(Unavailable) as caught:
                download(service, FREE, template=free_template, format="png")
            assert "renderer_busy" == caught.value.code
        finally:
            release.set()
            first.join()
        assert b"x" == download(service, PREMIUM, template=free_template, format="png").data


class TestStorageImages:
    def test_storage_references_are_drawn_and_urls_are_not_fetched(
        self, service: ExportService, container: Container
    ) -> None:
        """An image in our public storage is drawn; a private bucket's image (someone's
        private design) and any other URL are skipped with a warning."""
        photo = io.BytesIO()
        Image.new("RGB", (40, 30), (20, 120, 200)).save(photo, "PNG")
        container.storage().put("user-uploads", "u-free/photo.png", photo.getvalue(), "image/png")
        container.storage().put("designs", "u-other/secret.png", photo.getvalue(), "image/png")
        document = flyer()

        def image(id: str, src: str) -> dict[str, Any]:
            return {
                "id": id,
                "type": "image",
                "src": src,
                "x": 0,
                "y": 0,
                "width": 40,
                "height": 30,
            }

        document["pages"][0]["children"] = [
            image("ours", "/storage/v1/object/public/user-uploads/u-free/photo.png"),
            image("theirs", "http://169.254.169.254/latest/meta-data"),
            image("private", "/storage/v1/object/public/designs/u-other/secret.png"),
        ]
        made = download(service, PREMIUM, document=document, format="png")
        assert {"theirs", "private"} == {
            w.element_id for w in made.warnings if w.code == "image_unavailable"
        }
        assert (20, 120, 200) == png(made.data).getpixel((20, 15))[:3]


class CountingRenderer:
    """A renderer double that draws nothing, counts the pages it was asked to draw, asks
    ``cancelled`` between pages as the real one does, and can hold its first render until
    released."""

    def __init__(self, hold: threading.Event | None = None) -> None:
        self.pages_drawn = 0
        self.started = threading.Event()
        self.hold = hold

    def render(self, document: Document, **options: Any) -> RenderedExport:
        cancelled = options.get("cancelled")
        for _ in options["pages"]:
            if cancelled is not None and cancelled():
                raise ExportCancelled("the export was cancelled: the client went away")
            first = not self.started.is_set()
            self.started.set()
            if first and self.hold is not None:
                self.hold.wait(5)
            self.pages_drawn += 1
        return RenderedExport(
            format=RenderFormat.PNG, pages=(b"x",), data=b"x", media_type="image/png"
        )


def bounded_service(
    container: Container,
    renderer: Any,
    slots: int = 2,
    limits: Mapping[ExportPlan, ExportLimits] = DEFAULT_EXPORT_LIMITS,
) -> ExportService:
    return ExportService(
        catalogue=container.catalogue(),
        settings=container.site_settings(),
        accounts=container.accounts(),
        profiles=container.profiles(),
        renderer=renderer,
        designs=container.design_repository(),
        clock=container.clock(),
        max_concurrent_renders=slots,
        render_wait_seconds=2.0,
        limits=limits,
    )


class TestExportBounds:
    def test_a_free_export_over_the_page_limit_is_refused_before_rendering(
        self, container: Container
    ) -> None:
        """A free user's export of more pages than the plan allows is 413 export_too_large
        and no page is drawn; a premium user may make it."""
        pages = DEFAULT_EXPORT_LIMITS[ExportPlan.FREE].max_pages + 1
        template = add_template(container, name="Long", polotno_json=flyer(pages=pages))
        renderer = CountingRenderer()
        service = bounded_service(container, renderer)
        with pytest.raises(ExportTooLarge) as caught:
            download(service, FREE, template=template, format="png")
        assert f"{pages:,} pages" in caught.value.message
        assert 0 == renderer.pages_drawn
        download(service, PREMIUM, template=template, format="png")
        assert pages == renderer.pages_drawn

    def test_an_export_over_the_pixel_limit_is_refused(self, container: Container) -> None:
        """Pages x pixels at the asked ratio over the plan's total is refused with the
        megapixels asked; the same pages at ratio 1 are made."""
        template = add_template(
            container, name="Big", polotno_json=flyer(pages=10, width=2000, height=2000)
        )
        renderer = CountingRenderer()
        service = bounded_service(container, renderer)
        with pytest.raises(ExportTooLarge) as caught:
            download(service, FREE, template=template, format="png", pixel_ratio=3)
        assert "360.0 MP in all" in caught.value.message
        assert 0 == renderer.pages_drawn
        download(service, FREE, template=template, format="png", pixel_ratio=1)
        assert 10 == renderer.pages_drawn

    def test_cancelling_stops_the_real_renderer_between_pages_and_frees_the_slot(
        self, container: Container, clock: FixedClock
    ) -> None:
        """With the client gone after two pages the real renderer draws no further page,
        nothing is charged, and the single render slot is free for the next download."""
        template = add_template(container, name="Programme", polotno_json=flyer(pages=10))
        grant(container, "u-free", 1, clock)
        asked = 0

        def cancelled() -> bool:
            nonlocal asked
            asked += 1
            return asked > 2

        service = bounded_service(container, container.export_renderer(), slots=1)
        request = ExportRequest(
            ExportSource.parse(template_id=template),
            ExportOptions.parse(format="png", spend_credit=True),
        )
        with pytest.raises(ExportCancelled):
            service.export(FREE, request, cancelled)
        assert 3 == asked  # asked before pages 1, 2 and 3; page 3 was never drawn
        assert 1 == balance(container, "u-free")
        made = download(service, FREE, template=template, format="png", pages=[0])
        assert 1 == made.page_count

    def test_one_user_cannot_take_every_slot(
        self, container: Container, free_template: str
    ) -> None:
        """While user A's export runs, A's second is 429 too_many_exports and user B's
        one-page export is served at once from the other slot."""
        hold = threading.Event()
        renderer = CountingRenderer(hold)
        service = bounded_service(container, renderer, slots=2)
        first = threading.Thread(
            target=download,
            args=(service, PREMIUM),
            kwargs={"template": free_template, "format": "png"},
        )
        first.start()
        try:
            assert renderer.started.wait(5)
            with pytest.raises(TooManyExports) as caught:
                download(service, PREMIUM, template=free_template, format="png")
            assert caught.value.retry_after > 0
            other = threading.Thread(
                target=download,
                args=(service, FREE),
                kwargs={"template": free_template, "format": "png"},
            )
            other.start()
            other.join(5)
            assert not other.is_alive()  # served while A's export still holds its slot
            assert 1 == renderer.pages_drawn
        finally:
            hold.set()
            first.join(5)
        assert 2 == renderer.pages_drawn
