"""POST /api/v1/exports over HTTP: plans x formats, the watermark, credits, files, bad input."""

from __future__ import annotations

import base64
import io
import threading
import uuid
import xml.etree.ElementTree as ET
import zipfile
from datetime import UTC, datetime
from typing import Any

import pytest
from litestar.testing import TestClient
from PIL import Image, ImageChops
from pypdf import PdfReader

from designcore.app import Container
from designcore.app.http import create_app
from designcore.app.services.exports import ExportRequest, ExportService
from designcore.domain.document import Document
from designcore.domain.errors import Unavailable
from designcore.domain.exports import ExportOptions, ExportSource
from designcore.domain.premium import Viewer
from designcore.domain.profiles import CreditEntry, CreditReason
from designcore.domain.rendering import RenderedExport, RenderFormat
from support import make_template

Client = TestClient  # type: ignore[type-arg]
URL = "/api/v1/exports"
FREE = {"Authorization": "Bearer free-token"}
PREMIUM = {"Authorization": "Bearer premium-token"}
ADMIN = {"Authorization": "Bearer admin-token"}
PLANS = {"free": FREE, "premium": PREMIUM}
A4_POINTS = (595.28, 841.89)


def text(id: str, value: str, y: float) -> dict[str, Any]:
    return {
        "id": id,
        "type": "text",
        "x": 40,
        "y": y,
        "width": 320,
        "height": 0,
        "text": value,
        "fontSize": 28,
        "fontFamily": "Montserrat",
        "fill": "#1a1a1a",
    }


def flyer(pages: int = 1, width: int = 400, height: int = 500, **fields: Any) -> dict[str, Any]:
    """A small document: a coloured page with text per page."""
    return {
        "width": width,
        "height": height,
        "pages": [
            {
                "id": f"p{n}",
                "background": "#f4e3c1",
                "children": [text(f"t{n}", f"Ọjọ́ ìsinmi · page {n + 1} · ₦1,500", 60)],
            }
            for n in range(pages)
        ],
        **fields,
    }


@pytest.fixture(name="free_template")
def fixture_free_template(container: Container) -> str:
    """A free template with a one-page document."""
    template = make_template(name="Sunday Service Flyer", polotno_json=flyer())
    container.catalogue().add(template)
    return template.id


@pytest.fixture(name="premium_template")
def fixture_premium_template(container: Container) -> str:
    """A premium template with a one-page document."""
    template = make_template(
        name="Gold Wedding Card", template_type="Premium", polotno_json=flyer()
    )
    container.catalogue().add(template)
    return template.id


@pytest.fixture(name="two_page_template")
def fixture_two_page_template(container: Container) -> str:
    """A free template with two pages."""
    template = make_template(name="Programme", polotno_json=flyer(pages=2))
    container.catalogue().add(template)
    return template.id


def grant(container: Container, user_id: str, credits: int) -> None:
    """Put ``credits`` on the user's ledger."""
    with container.accounts()() as uow:
        uow.credits.append(
            CreditEntry(
                id=str(uuid.uuid4()),
                user_id=user_id,
                delta=credits,
                reason=CreditReason.ADJUSTMENT,
                reference=str(uuid.uuid4()),
                created_at=datetime.now(UTC),
            )
        )
        uow.commit()


def balance(container: Container, user_id: str) -> int:
    with container.accounts()() as uow:
        return uow.credits.balance(user_id)


def spends(container: Container, user_id: str) -> list[CreditEntry]:
    with container.accounts()() as uow:
        return [e for e in uow.credits.entries(user_id) if e.reason is CreditReason.SPEND]


def model(container: Container, on: bool) -> None:
    container.site_settings().set("premium_business_model_enabled", on, by=None)


def error(response: Any) -> tuple[int, str]:
    return response.status_code, response.json()["code"]


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
        ("plan", "format", "outcome"),
        [
            ("free", "png", "watermarked"),
            ("free", "jpeg", "watermarked"),
            ("free", "pdf", "premium_required"),
            ("free", "svg", "premium_required"),
            ("premium", "png", "clean"),
            ("premium", "jpeg", "clean"),
            ("premium", "pdf", "clean"),
            ("premium", "svg", "clean"),
        ],
    )
    def test_each_plan_and_format(
        self, client: Client, free_template: str, plan: str, format: str, outcome: str
    ) -> None:
        """Free: PNG/JPEG watermarked, PDF/SVG 402; premium: every format, clean."""
        response = client.post(
            URL, json={"templateId": free_template, "format": format}, headers=PLANS[plan]
        )
        if outcome == "premium_required":
            assert (402, "premium_required") == error(response)
            return
        assert 200 == response.status_code, response.text
        assert ("true" if outcome == "watermarked" else "false") == response.headers[
            "x-export-watermark"
        ]
        assert "0" == response.headers["x-export-credits-spent"]
        assert RenderFormat(format).media_type == response.headers["content-type"]

    @pytest.mark.parametrize("format", ["png", "jpeg", "pdf", "svg"])
    def test_premium_templates_are_for_premium_users(
        self, client: Client, container: Container, premium_template: str, format: str
    ) -> None:
        """A free user cannot download a premium template in any format, credit or not; a
        premium user can."""
        grant(container, "u-free", 5)
        refused = client.post(
            URL,
            json={"templateId": premium_template, "format": format, "spendCredit": True},
            headers=FREE,
        )
        assert (402, "premium_required") == error(refused)
        assert 5 == balance(container, "u-free")
        ok = client.post(
            URL, json={"templateId": premium_template, "format": format}, headers=PREMIUM
        )
        assert 200 == ok.status_code

    def test_admins_are_not_premium(self, client: Client, free_template: str) -> None:
        """The admin role alone does not lift the watermark or unlock PDF."""
        png_answer = client.post(
            URL, json={"templateId": free_template, "format": "png"}, headers=ADMIN
        )
        assert "true" == png_answer.headers["x-export-watermark"]
        pdf_answer = client.post(
            URL, json={"templateId": free_template, "format": "pdf"}, headers=ADMIN
        )
        assert (402, "premium_required") == error(pdf_answer)

    @pytest.mark.parametrize("format", ["png", "jpeg", "pdf", "svg"])
    def test_premium_model_off_means_everything_free(
        self, client: Client, container: Container, premium_template: str, format: str
    ) -> None:
        """With the switch off, a free user gets every format of every template, clean, and
        spends nothing even when asking to."""
        model(container, False)
        grant(container, "u-free", 2)
        response = client.post(
            URL,
            json={"templateId": premium_template, "format": format, "spendCredit": True},
            headers=FREE,
        )
        assert 200 == response.status_code, response.text
        assert ("false", "0") == (
            response.headers["x-export-watermark"],
            response.headers["x-export-credits-spent"],
        )
        assert 2 == balance(container, "u-free")

    def test_a_switch_value_that_is_not_exactly_true_is_off(
        self, client: Client, container: Container, free_template: str
    ) -> None:
        """Only a stored ``true`` turns gating on (spec); the default seeds it on."""
        assert container.site_settings().premium_model_enabled()
        model(container, False)
        response = client.post(
            URL, json={"templateId": free_template, "format": "svg"}, headers=FREE
        )
        assert 200 == response.status_code

    def test_signed_out_and_bad_tokens(self, client: Client, free_template: str) -> None:
        """No token: 401 sign_in_required; an unknown token: 401 invalid_token."""
        body = {"templateId": free_template, "format": "png"}
        assert (401, "sign_in_required") == error(client.post(URL, json=body))
        bad = client.post(URL, json=body, headers={"Authorization": "Bearer nope"})
        assert (401, "invalid_token") == error(bad)


class TestWatermarkCannotBeRemoved:
    def clean_and_marked(
        self, client: Client, body: dict[str, Any]
    ) -> tuple[bytes, bytes, dict[str, str]]:
        marked = client.post(URL, json=body, headers=FREE)
        clean = client.post(
            URL, json={k: v for k, v in body.items() if k != "spendCredit"}, headers=PREMIUM
        )
        assert 200 == marked.status_code, marked.text
        assert 200 == clean.status_code, clean.text
        return clean.content, marked.content, dict(marked.headers)

    def test_the_file_really_carries_it_all_over(self, client: Client, free_template: str) -> None:
        """The free user's PNG differs from the clean one in every quadrant."""
        clean, marked, headers = self.clean_and_marked(
            client, {"templateId": free_template, "format": "png"}
        )
        assert "true" == headers["x-export-watermark"]
        assert 4 == differing_quadrants(clean, marked)

    @pytest.mark.parametrize(
        "extra",
        [
            {"pixelRatio": 0.1},
            {"pixelRatio": 0.37},
            {"pixelRatio": 4},
            {"dpi": 36},
            {"dpi": 300},
            {"spendCredit": False},
            {"pages": [0]},
            {"format": "PNG"},
            {"format": "jpeg"},
        ],
        ids=str,
    )
    def test_other_parameters_keep_it(
        self, client: Client, free_template: str, extra: dict[str, Any]
    ) -> None:
        """No combination of ratio, DPI, pages, format spelling or spendCredit=false
        yields a clean file for a free user without a credit."""
        body = {"templateId": free_template, "format": "png", **extra}
        clean, marked, headers = self.clean_and_marked(client, body)
        assert "true" == headers["x-export-watermark"]
        assert 4 == differing_quadrants(clean, marked)

    def test_every_page_of_a_subset(self, client: Client, two_page_template: str) -> None:
        """Pages [1, 0] come zipped, each page watermarked."""
        body = {"templateId": two_page_template, "format": "png", "pages": [1, 0]}
        clean, marked, headers = self.clean_and_marked(client, body)
        assert "2" == headers["x-export-pages"]
        with zipfile.ZipFile(io.BytesIO(clean)) as c, zipfile.ZipFile(io.BytesIO(marked)) as m:
            assert ["page-1.png", "page-2.png"] == m.namelist()
            for name in m.namelist():
                assert 4 == differing_quadrants(c.read(name), m.read(name))

    def test_a_raw_document_is_watermarked_too(self, client: Client) -> None:
        """Sending the document itself instead of a template id changes nothing."""
        clean, marked, headers = self.clean_and_marked(
            client, {"document": flyer(), "format": "png"}
        )
        assert "true" == headers["x-export-watermark"]
        assert 4 == differing_quadrants(clean, marked)

    @pytest.mark.parametrize(
        "extra",
        [{"watermark": False}, {"noWatermark": True}, {"plan": "premium"}],
        ids=str,
    )
    def test_unknown_fields_are_refused(
        self, client: Client, free_template: str, extra: dict[str, Any]
    ) -> None:
        """A field the API does not know is a 400, not silently ignored."""
        response = client.post(
            URL, json={"templateId": free_template, "format": "png", **extra}, headers=FREE
        )
        assert (400, "validation_failed") == error(response)

    def test_spend_credit_without_credits(
        self, client: Client, container: Container, free_template: str
    ) -> None:
        """spendCredit with an empty ledger: 409 insufficient_credits, nothing spent, no
        file."""
        response = client.post(
            URL,
            json={"templateId": free_template, "format": "png", "spendCredit": True},
            headers=FREE,
        )
        assert (409, "insufficient_credits") == error(response)
        assert [] == spends(container, "u-free")
        assert 0 == balance(container, "u-free")

    @pytest.mark.parametrize("value", ["true", 1, "yes", None])
    def test_spend_credit_must_be_a_boolean(
        self, client: Client, container: Container, free_template: str, value: object
    ) -> None:
        """Truthy non-booleans are refused, naming spendCredit, and spend nothing."""
        grant(container, "u-free", 3)
        response = client.post(
            URL,
            json={"templateId": free_template, "format": "png", "spendCredit": value},
            headers=FREE,
        )
        assert (400, "validation_failed") == error(response)
        assert "spendCredit" in response.json()["message"]
        assert 3 == balance(container, "u-free")


class TestCredits:
    def test_one_credit_per_clean_download(
        self, client: Client, container: Container, free_template: str
    ) -> None:
        """Each watermark-free download spends exactly one credit; the file equals the
        premium user's clean file."""
        grant(container, "u-free", 2)
        body = {"templateId": free_template, "format": "png", "spendCredit": True}
        first = client.post(URL, json=body, headers=FREE)
        assert 200 == first.status_code, first.text
        assert ("false", "1") == (
            first.headers["x-export-watermark"],
            first.headers["x-export-credits-spent"],
        )
        assert 1 == balance(container, "u-free")
        clean = client.post(
            URL, json={"templateId": free_template, "format": "png"}, headers=PREMIUM
        )
        assert 0 == differing_quadrants(clean.content, first.content)
        second = client.post(URL, json=body, headers=FREE)
        assert 200 == second.status_code
        assert 0 == balance(container, "u-free")
        assert 2 == len(spends(container, "u-free"))
        assert all(-1 == entry.delta for entry in spends(container, "u-free"))
        third = client.post(URL, json=body, headers=FREE)
        assert (409, "insufficient_credits") == error(third)
        assert 2 == len(spends(container, "u-free"))

    def test_a_watermarked_download_costs_nothing(
        self, client: Client, container: Container, free_template: str
    ) -> None:
        """Without spendCredit the balance stays."""
        grant(container, "u-free", 4)
        client.post(URL, json={"templateId": free_template, "format": "jpeg"}, headers=FREE)
        assert 4 == balance(container, "u-free")

    def test_premium_users_never_spend(
        self, client: Client, container: Container, free_template: str
    ) -> None:
        """A premium user asking to spend keeps every credit."""
        grant(container, "u-premium", 4)
        response = client.post(
            URL,
            json={"templateId": free_template, "format": "png", "spendCredit": True},
            headers=PREMIUM,
        )
        assert "0" == response.headers["x-export-credits-spent"]
        assert 4 == balance(container, "u-premium")

    def test_no_charge_when_the_export_is_too_large(
        self, client: Client, container: Container, free_template: str
    ) -> None:
        """A DPI past the pixel limits (1200 DPI of 400 x 500 px at 72 DPI is 55 MP) is a 413
        and costs nothing."""
        grant(container, "u-free", 1)
        response = client.post(
            URL,
            json={
                "templateId": free_template,
                "format": "png",
                "dpi": 1200,
                "spendCredit": True,
            },
            headers=FREE,
        )
        assert (413, "limit_exceeded") == error(response)
        assert "at most 50 MP per page" in response.json()["message"]
        assert 1 == balance(container, "u-free")

    def test_no_charge_when_the_renderer_fails(
        self, container: Container, free_template: str
    ) -> None:
        """A render that breaks answers 500 and leaves the ledger alone."""

        class BrokenRenderer:
            def render(self, document: Document, **options: Any) -> RenderedExport:
                raise RuntimeError("the GPU caught fire")

        container.export_renderer.override(BrokenRenderer())
        grant(container, "u-free", 1)
        with TestClient(app=create_app(container=container)) as client:
            response = client.post(
                URL,
                json={"templateId": free_template, "format": "png", "spendCredit": True},
                headers=FREE,
            )
        assert (500, "internal_error") == error(response)
        assert 1 == balance(container, "u-free")
        assert [] == spends(container, "u-free")

    def test_racing_for_the_last_credit(self, container: Container, free_template: str) -> None:
        """Two clean downloads at once with one credit: one succeeds, one is refused, and
        exactly one credit is spent."""
        grant(container, "u-free", 1)
        service: ExportService = container.exports()
        request = ExportRequest(
            ExportSource.parse(template_id=free_template),
            ExportOptions.parse(format="png", spend_credit=True),
        )
        outcomes: list[str] = []
        barrier = threading.Barrier(2)

        def download() -> None:
            barrier.wait()
            try:
                made = service.export(Viewer(user_id="u-free"), request)
                outcomes.append("clean" if not made.watermark else "marked")
            except Exception as caught:
                outcomes.append(getattr(caught, "code", repr(caught)))

        threads = [threading.Thread(target=download) for _ in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert ["clean", "insufficient_credits"] == sorted(outcomes)
        assert 0 == balance(container, "u-free")
        assert 1 == len(spends(container, "u-free"))


class TestFiles:
    def test_png_size_and_headers(self, client: Client, free_template: str) -> None:
        """A PNG of 400 x 500 at ratio 1.5 is 600 x 750, an attachment, never cached."""
        response = client.post(
            URL,
            json={"templateId": free_template, "format": "png", "pixelRatio": 1.5},
            headers=PREMIUM,
        )
        assert (600, 750) == Image.open(io.BytesIO(response.content)).size
        assert "image/png" == response.headers["content-type"]
        assert (
            'attachment; filename="designcore-sunday-service-flyer.png"'
            == response.headers["content-disposition"]
        )
        assert "no-store" == response.headers["cache-control"]

    def test_dpi_scales_images(self, client: Client, free_template: str) -> None:
        """144 DPI of a 72 DPI document is twice the size."""
        response = client.post(
            URL, json={"templateId": free_template, "format": "jpeg", "dpi": 144}, headers=FREE
        )
        image = Image.open(io.BytesIO(response.content))
        assert ("JPEG", (800, 1000)) == (image.format, image.size)
        assert response.headers["content-disposition"].endswith('.jpg"')

    def test_several_raster_pages_are_zipped(self, client: Client, two_page_template: str) -> None:
        """Every page of a two-page design: a zip with one PNG per page."""
        response = client.post(
            URL, json={"templateId": two_page_template, "format": "png"}, headers=FREE
        )
        assert "application/zip" == response.headers["content-type"]
        assert response.headers["content-disposition"].endswith('designcore-programme.zip"')
        with zipfile.ZipFile(io.BytesIO(response.content)) as archive:
            sizes = [Image.open(io.BytesIO(archive.read(n))).size for n in archive.namelist()]
        assert [(400, 500), (400, 500)] == sizes

    def test_a_page_subset_is_one_file(self, client: Client, two_page_template: str) -> None:
        """pages [1] is a single PNG."""
        response = client.post(
            URL, json={"templateId": two_page_template, "format": "png", "pages": [1]}, headers=FREE
        )
        assert "image/png" == response.headers["content-type"]

    def test_pdf_pages_and_size(self, client: Client, two_page_template: str) -> None:
        """A two-page design is a two-page PDF sized width / dpi inches, text as text."""
        response = client.post(
            URL, json={"templateId": two_page_template, "format": "pdf"}, headers=PREMIUM
        )
        assert "application/pdf" == response.headers["content-type"]
        reader = PdfReader(io.BytesIO(response.content))
        assert 2 == len(reader.pages)
        box = reader.pages[0].mediabox
        assert (400, 500) == (round(float(box.width)), round(float(box.height)))
        assert "page 2" in reader.pages[1].extract_text()
        assert response.headers["content-disposition"].endswith('designcore-programme.pdf"')

    def test_pdf_is_print_quality(self, client: Client) -> None:
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
        response = client.post(URL, json={"document": document, "format": "pdf"}, headers=PREMIUM)
        assert 200 == response.status_code, response.text
        page = PdfReader(io.BytesIO(response.content)).pages[0]
        assert A4_POINTS[0] == pytest.approx(float(page.mediabox.width), abs=0.5)
        assert A4_POINTS[1] == pytest.approx(float(page.mediabox.height), abs=0.5)
        sizes = image_sizes(page)
        assert (640, 480) in sizes
        # The shadowed circle is rasterised with its blur margin at the document's 300 DPI:
        # 300 px plus the margin on each side, not downsampled to screen resolution.
        shadow = [size for size in sizes if size != (640, 480)]
        assert shadow
        assert all(300 < width < 600 and 300 < height < 600 for width, height in shadow)

    def test_svg_parses(self, client: Client, free_template: str) -> None:
        """An SVG is well-formed XML of the page's size, served so it can run nothing."""
        response = client.post(
            URL, json={"templateId": free_template, "format": "svg"}, headers=PREMIUM
        )
        root = ET.fromstring(response.content)
        assert root.tag.endswith("svg")
        assert "400" == root.get("width")
        assert "default-src 'none'" in response.headers["content-security-policy"]

    def test_a_document_names_its_file(self, client: Client) -> None:
        """A raw document is named from custom.name, or 'design'."""
        named = client.post(
            URL,
            json={"document": flyer(custom={"name": "Ìyá's 60th!"}), "format": "png"},
            headers=FREE,
        )
        assert named.headers["content-disposition"].endswith('"designcore-iya-s-60th.png"')
        plain = client.post(URL, json={"document": flyer(), "format": "png"}, headers=FREE)
        assert plain.headers["content-disposition"].endswith('"designcore-design.png"')


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


class TestHostileInput:
    @pytest.mark.parametrize(
        ("body", "field"),
        [
            ({"format": "gif"}, "format"),
            ({"format": 5}, "format"),
            ({"format": "png", "pixelRatio": "huge"}, "pixelRatio"),
            ({"format": "png", "pixelRatio": 1e9}, "pixelRatio"),
            ({"format": "png", "pixelRatio": -1}, "pixelRatio"),
            ({"format": "png", "pixelRatio": 0}, "pixelRatio"),
            ({"format": "png", "dpi": 100000}, "dpi"),
            ({"format": "png", "dpi": 300, "pixelRatio": 2}, "dpi"),
            ({"format": "pdf", "pixelRatio": 2}, "pixelRatio"),
            ({"format": "png", "pages": [-1]}, "pages"),
            ({"format": "png", "pages": [5]}, "pages"),
            ({"format": "png", "pages": [0, 0]}, "pages"),
            ({"format": "png", "pages": []}, "pages"),
            ({"format": "png", "pages": "0"}, "pages"),
            ({"format": "png", "pages": [0.5]}, "pages"),
            ({"format": "png", "pages": [2**70]}, "pages"),
            ({"format": "png", "templateId": 7}, "templateId"),
            ({"format": "png", "templateId": ""}, "templateId"),
        ],
        ids=str,
    )
    def test_bad_values_are_400_naming_the_field(
        self, client: Client, free_template: str, body: dict[str, Any], field: str
    ) -> None:
        """Wrong types and values out of range are 400 with the field in the message."""
        body = {"templateId": free_template, **body}
        response = client.post(URL, json=body, headers=PREMIUM)
        assert (400, "validation_failed") == error(response), response.text
        assert field in response.text

    def test_the_format_is_required(self, client: Client, free_template: str) -> None:
        """No format: 400 naming it."""
        response = client.post(URL, json={"templateId": free_template}, headers=FREE)
        assert (400, "validation_failed") == error(response)
        assert "format" in response.text

    @pytest.mark.parametrize(
        "body",
        [{"format": "png"}, {"format": "png", "templateId": "x", "document": {}}],
        ids=["none", "two"],
    )
    def test_exactly_one_source(self, client: Client, body: dict[str, Any]) -> None:
        """No source or two sources: 400."""
        response = client.post(URL, json=body, headers=FREE)
        assert (400, "validation_failed") == error(response)
        assert "exactly one" in response.json()["message"]

    @pytest.mark.parametrize(
        "content", [b"{", b"not json", b"[1, 2]", b'"png"', b"", b"\xff\xfe"], ids=repr
    )
    def test_malformed_bodies(self, client: Client, content: bytes) -> None:
        """Bodies that are not a JSON object are 400."""
        response = client.post(
            URL, content=content, headers={**FREE, "Content-Type": "application/json"}
        )
        assert 400 == response.status_code, response.text
        expected = "validation_failed" if content.startswith((b"[", b'"')) else "malformed_json"
        assert expected == response.json()["code"]

    def test_unknown_template_and_design(self, client: Client) -> None:
        """404 template_not_found; designs do not exist yet: 404 design_not_found."""
        missing = client.post(
            URL, json={"templateId": str(uuid.uuid4()), "format": "png"}, headers=FREE
        )
        assert (404, "template_not_found") == error(missing)
        design = client.post(URL, json={"designId": "d-1", "format": "png"}, headers=FREE)
        assert (404, "design_not_found") == error(design)

    def test_a_template_without_document(self, client: Client, container: Container) -> None:
        """409 no_document."""
        template = make_template(polotno_json=None)
        container.catalogue().add(template)
        response = client.post(URL, json={"templateId": template.id, "format": "png"}, headers=FREE)
        assert (409, "no_document") == error(response)

    def test_an_invalid_document_names_its_fields(self, client: Client) -> None:
        """A document that breaks the model: 400 with the path inside ``document``."""
        response = client.post(
            URL, json={"document": {"width": "wide", "height": 10}, "format": "png"}, headers=FREE
        )
        assert (400, "validation_failed") == error(response)
        paths = [issue["path"] for issue in response.json()["issues"]]
        assert "document.width" in paths
        assert "document.pages" in paths

    def test_too_many_elements(self, client: Client) -> None:
        """More than 200 elements on a page: 413 limit_exceeded naming the limit."""
        document = flyer()
        document["pages"][0]["children"] = [text(f"t{n}", "x", n) for n in range(201)]
        response = client.post(URL, json={"document": document, "format": "png"}, headers=FREE)
        assert (413, "limit_exceeded") == error(response)
        assert "at most 200" in response.json()["message"]

    def test_too_many_pixels(self, client: Client) -> None:
        """A page past 10,000 px a side: 413 limit_exceeded naming the limit."""
        response = client.post(
            URL,
            json={"document": flyer(width=4000, height=3000), "format": "png", "pixelRatio": 3},
            headers=FREE,
        )
        assert (413, "limit_exceeded") == error(response)
        assert "10,000 px" in response.json()["message"]

    def test_a_document_over_5_mb(self, client: Client) -> None:
        """A body within the route's limit whose document is over 5 MB: 413 limit_exceeded;
        a body over the route's limit: 413 request_too_large."""
        padding = "x" * (5 * 1024 * 1024 - 200)
        near = client.post(
            URL,
            json={"document": flyer(custom={"pad": padding + "y" * 400}), "format": "png"},
            headers=FREE,
        )
        assert (413, "limit_exceeded") == error(near)
        assert "5,242,880" in near.json()["message"]
        huge = client.post(
            URL,
            json={"document": flyer(custom={"pad": padding * 2}), "format": "png"},
            headers=FREE,
        )
        assert (413, "request_too_large") == error(huge)

    def test_bodies_bigger_than_the_app_limit_are_fine_here(self, client: Client) -> None:
        """The app-wide body limit (4 KiB in these tests) does not apply: documents up to
        5 MB are accepted."""
        response = client.post(
            URL,
            json={"document": flyer(custom={"pad": "x" * 100_000}), "format": "png"},
            headers=FREE,
        )
        assert 200 == response.status_code, response.text


class TestRenderSlots:
    def test_renders_wait_for_a_free_slot(self, container: Container, free_template: str) -> None:
        """With every slot taken a download waits, then answers renderer_busy (503)."""
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
            max_concurrent_renders=1,
            render_wait_seconds=0.05,
        )
        request = ExportRequest(
            ExportSource.parse(template_id=free_template), ExportOptions.parse(format="png")
        )
        viewer = Viewer(
            user_id="u-premium", subscription_status="active", subscription_plan="premium"
        )
        first = threading.Thread(target=service.export, args=(viewer, request))
        first.start()
        assert started.wait(5)
        try:
            with pytest.raises(Unavailable) as caught:
                service.export(viewer, request)
            assert "renderer_busy" == caught.value.code
        finally:
            release.set()
            first.join()
        assert b"x" == service.export(viewer, request).data


class TestStorageImages:
    def test_storage_references_are_drawn_and_urls_are_not_fetched(
        self, container: Container
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
        made = container.exports().export(
            Viewer(user_id="u-premium", subscription_status="active", subscription_plan="premium"),
            ExportRequest(ExportSource.parse(document=document), ExportOptions.parse(format="png")),
        )
        assert {"theirs", "private"} == {
            w.element_id for w in made.warnings if w.code == "image_unavailable"
        }
        assert (20, 120, 200) == png(made.data).getpixel((20, 15))[:3]
