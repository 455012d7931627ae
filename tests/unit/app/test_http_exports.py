"""POST /api/v1/exports over HTTP: how the download use case's answers and errors map to
statuses, headers and bodies, and how the body is read (the use case itself, plans x formats,
the watermark, credits and files: tests/unit/app/services/test_exports.py)."""

from __future__ import annotations

import io
import uuid
from typing import Any

import pytest
from litestar.testing import TestClient
from PIL import Image
from pypdf import PdfReader

from designcore.app import Container
from designcore.app.http import create_app
from designcore.domain.document import Document
from designcore.domain.errors import Unavailable
from designcore.domain.rendering import RenderedExport, RenderFormat
from support import credit_balance, flyer, grant_credits, make_template

Client = TestClient  # type: ignore[type-arg]
URL = "/api/v1/exports"
FREE = {"Authorization": "Bearer free-token"}
PREMIUM = {"Authorization": "Bearer premium-token"}


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
    grant_credits(container.accounts(), user_id, credits, container.clock().now())


def balance(container: Container, user_id: str) -> int:
    return credit_balance(container.accounts(), user_id)


def error(response: Any) -> tuple[int, str]:
    return response.status_code, response.json()["code"]


class TestAnswers:
    def test_a_download_is_an_attachment_with_its_facts_in_headers(
        self, client: Client, free_template: str
    ) -> None:
        """200 with the file, its type, an attachment name, no caching, nosniff, and the
        watermark, credits spent and page count in headers."""
        response = client.post(
            URL,
            json={"template_id": free_template, "format": "png", "pixel_ratio": 1.5},
            headers=PREMIUM,
        )
        assert 200 == response.status_code, response.text
        assert (600, 750) == Image.open(io.BytesIO(response.content)).size
        assert {
            "content-type": "image/png",
            "content-disposition": 'attachment; filename="designcore-sunday-service-flyer.png"',
            "cache-control": "no-store",
            "x-content-type-options": "nosniff",
            "x-export-watermark": "false",
            "x-export-credits-spent": "0",
            "x-export-pages": "1",
        }.items() <= dict(response.headers).items()

    def test_a_credit_spent_and_a_watermark_are_told(
        self, client: Client, container: Container, free_template: str
    ) -> None:
        """A free user's download says it is watermarked; one bought with a credit says a
        credit was spent."""
        marked = client.post(
            URL, json={"template_id": free_template, "format": "png"}, headers=FREE
        )
        assert ("true", "0") == (
            marked.headers["x-export-watermark"],
            marked.headers["x-export-credits-spent"],
        )
        grant(container, "u-free", 1)
        bought = client.post(
            URL,
            json={"template_id": free_template, "format": "png", "spend_credit": True},
            headers=FREE,
        )
        assert ("false", "1") == (
            bought.headers["x-export-watermark"],
            bought.headers["x-export-credits-spent"],
        )

    def test_svg_can_run_nothing(self, client: Client, free_template: str) -> None:
        """An SVG is served with a policy that lets it run and fetch nothing."""
        response = client.post(
            URL, json={"template_id": free_template, "format": "svg"}, headers=PREMIUM
        )
        assert "image/svg+xml" in response.headers["content-type"]
        assert "default-src 'none'" in response.headers["content-security-policy"]

    def test_several_pages_are_a_zip(self, client: Client, two_page_template: str) -> None:
        """Several page files come as a zip attachment."""
        response = client.post(
            URL, json={"template_id": two_page_template, "format": "png"}, headers=FREE
        )
        assert ("application/zip", "2") == (
            response.headers["content-type"],
            response.headers["x-export-pages"],
        )
        assert response.headers["content-disposition"].endswith('designcore-programme.zip"')


class TestPaper:
    def test_a_pdf_on_a4_is_an_a4_page(self, client: Client, free_template: str) -> None:
        """paper a4: the PDF's page is A4 (595 x 842 points), whatever the design's size."""
        answer = client.post(
            URL,
            json={"template_id": free_template, "format": "pdf", "paper": "a4"},
            headers=PREMIUM,
        )
        assert 200 == answer.status_code, answer.text
        box = PdfReader(io.BytesIO(answer.content)).pages[0].mediabox
        assert (595, 842) == (round(float(box.width)), round(float(box.height)))


class TestErrors:
    def test_signed_out_and_bad_tokens(self, client: Client, free_template: str) -> None:
        """No token: 401 sign_in_required; an unknown token: 401 invalid_token."""
        body = {"template_id": free_template, "format": "png"}
        assert (401, "sign_in_required") == error(client.post(URL, json=body))
        bad = client.post(URL, json=body, headers={"Authorization": "Bearer nope"})
        assert (401, "invalid_token") == error(bad)

    def test_premium_formats_and_templates_are_402(
        self, client: Client, free_template: str, premium_template: str
    ) -> None:
        """A free user asking for PDF, or for a premium template: 402 premium_required."""
        pdf = client.post(URL, json={"template_id": free_template, "format": "pdf"}, headers=FREE)
        premium = client.post(
            URL, json={"template_id": premium_template, "format": "png"}, headers=FREE
        )
        assert [(402, "premium_required")] * 2 == [error(pdf), error(premium)]

    def test_spend_credit_without_credits_is_409(
        self, client: Client, container: Container, free_template: str
    ) -> None:
        """spend_credit with an empty ledger: 409 insufficient_credits, nothing spent."""
        response = client.post(
            URL,
            json={"template_id": free_template, "format": "png", "spend_credit": True},
            headers=FREE,
        )
        assert (409, "insufficient_credits") == error(response)
        assert 0 == balance(container, "u-free")

    def test_unknown_sources_are_404_and_a_template_without_document_409(
        self, client: Client, container: Container
    ) -> None:
        """404 template_not_found and design_not_found; 409 no_document."""
        missing = client.post(
            URL, json={"template_id": str(uuid.uuid4()), "format": "png"}, headers=FREE
        )
        design = client.post(URL, json={"design_id": "d-1", "format": "png"}, headers=FREE)
        template = make_template(polotno_json=None)
        container.catalogue().add(template)
        empty = client.post(URL, json={"template_id": template.id, "format": "png"}, headers=FREE)
        assert [(404, "template_not_found"), (404, "design_not_found"), (409, "no_document")] == [
            error(missing),
            error(design),
            error(empty),
        ]

    def test_an_invalid_document_is_400_with_its_issues(self, client: Client) -> None:
        """A document that breaks the model: 400 with the paths inside ``document``."""
        response = client.post(
            URL, json={"document": {"width": "wide", "height": 10}, "format": "png"}, headers=FREE
        )
        assert (400, "validation_failed") == error(response)
        assert {"document.width", "document.pages"} <= {
            issue["path"] for issue in response.json()["issues"]
        }

    @pytest.mark.parametrize(
        ("width", "height", "pixel_ratio"),
        [
            # A page past the pixel limits once drawn three times larger.
            (4000, 3000, 3),
            # A side no stored design may have, although drawn at 0.1 it would be 2,000 px.
            (20_000, 100, 0.1),
        ],
    )
    def test_limits_are_413(
        self, client: Client, width: int, height: int, pixel_ratio: float
    ) -> None:
        """A page past the pixel limits, or a document past a stored design's sides (1 to
        10,000 px): 413 limit_exceeded with the limit in the message."""
        response = client.post(
            URL,
            json={
                "document": flyer(width=width, height=height),
                "format": "png",
                "pixel_ratio": pixel_ratio,
            },
            headers=FREE,
        )
        assert (413, "limit_exceeded") == error(response)
        assert "10,000 px" in response.json()["message"]

    def test_a_broken_renderer_is_500_and_a_busy_one_503(
        self, container: Container, free_template: str
    ) -> None:
        """A render that breaks is 500 internal_error; a renderer that cannot take the job
        is 503 with its code."""

        class Renderer:
            def __init__(self, error: Exception) -> None:
                self.error = error

            def render(self, document: Document, **options: Any) -> RenderedExport:
                raise self.error

        body = {"template_id": free_template, "format": "png"}
        answers = []
        for failure in (
            RuntimeError("the GPU caught fire"),
            Unavailable("busy", code="renderer_busy"),
        ):
            container.export_renderer.override(Renderer(failure))
            container.exports.reset()
            with TestClient(app=create_app(container=container)) as client:
                answers.append(error(client.post(URL, json=body, headers=FREE)))
        assert [(500, "internal_error"), (503, "renderer_busy")] == answers


class TestHostileInput:
    @pytest.mark.parametrize(
        ("body", "field"),
        [
            ({"format": "gif"}, "format"),
            ({"format": 5}, "format"),
            ({"format": "png", "pixel_ratio": "huge"}, "pixel_ratio"),
            ({"format": "png", "pixel_ratio": 1e9}, "pixel_ratio"),
            ({"format": "png", "pixel_ratio": -1}, "pixel_ratio"),
            ({"format": "png", "pixel_ratio": 0}, "pixel_ratio"),
            ({"format": "png", "dpi": 100000}, "dpi"),
            ({"format": "png", "dpi": 300, "pixel_ratio": 2}, "dpi"),
            ({"format": "pdf", "pixel_ratio": 2}, "pixel_ratio"),
            ({"format": "png", "pages": [-1]}, "pages"),
            ({"format": "png", "pages": [5]}, "pages"),
            ({"format": "png", "pages": [0, 0]}, "pages"),
            ({"format": "png", "pages": []}, "pages"),
            ({"format": "png", "pages": "0"}, "pages"),
            ({"format": "png", "pages": [0.5]}, "pages"),
            ({"format": "png", "pages": [2**70]}, "pages"),
            ({"format": "png", "template_id": 7}, "template_id"),
            ({"format": "pdf", "paper": "tabloid"}, "paper"),
            ({"format": "png", "paper": "a4"}, "paper"),
            ({"format": "png", "template_id": ""}, "template_id"),
        ],
        ids=str,
    )
    def test_bad_values_are_400_naming_the_field(
        self, client: Client, free_template: str, body: dict[str, Any], field: str
    ) -> None:
        """Wrong types and values out of range are 400 with the field in the message."""
        body = {"template_id": free_template, **body}
        response = client.post(URL, json=body, headers=PREMIUM)
        assert (400, "validation_failed") == error(response), response.text
        assert field in response.text

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
            URL, json={"template_id": free_template, "format": "png", **extra}, headers=FREE
        )
        assert (400, "validation_failed") == error(response)

    @pytest.mark.parametrize("value", ["true", 1, "yes", None])
    def test_spend_credit_must_be_a_boolean(
        self, client: Client, container: Container, free_template: str, value: object
    ) -> None:
        """Truthy non-booleans are refused, naming spend_credit, and spend nothing."""
        grant(container, "u-free", 3)
        response = client.post(
            URL,
            json={"template_id": free_template, "format": "png", "spend_credit": value},
            headers=FREE,
        )
        assert (400, "validation_failed") == error(response)
        assert "spend_credit" in response.json()["message"]
        assert 3 == balance(container, "u-free")

    def test_the_format_is_required(self, client: Client, free_template: str) -> None:
        """No format: 400 naming it."""
        response = client.post(URL, json={"template_id": free_template}, headers=FREE)
        assert (400, "validation_failed") == error(response)
        assert "format" in response.text

    @pytest.mark.parametrize(
        "body",
        [{"format": "png"}, {"format": "png", "template_id": "x", "document": {}}],
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


class TestExportBounds:
    def test_an_export_over_the_plan_is_413_export_too_large(self, container: Container) -> None:
        """A free user's export of more pages than the plan allows is 413 export_too_large,
        naming the limit, with nothing rendered or charged."""
        template = make_template(name="Long", polotno_json=flyer(pages=21))
        container.catalogue().add(template)
        grant(container, "u-free", 1)
        with TestClient(app=create_app(container=container)) as client:
            response = client.post(
                URL,
                json={"template_id": template.id, "format": "png", "spend_credit": True},
                headers=FREE,
            )
        assert (413, "export_too_large") == error(response)
        assert "at most 20 per export" in response.json()["message"]
        assert 1 == balance(container, "u-free")

    def test_a_second_concurrent_export_of_one_user_is_429_with_retry_after(
        self, container: Container, free_template: str
    ) -> None:
        """While a user's export renders, their next one is 429 too_many_exports with a
        Retry-After; the first still completes."""
        answers: list[Any] = []

        class Renderer:
            def render(self, document: Document, **options: Any) -> RenderedExport:
                answers.append(
                    client.post(
                        URL, json={"template_id": free_template, "format": "png"}, headers=FREE
                    )
                )
                return RenderedExport(
                    format=RenderFormat.PNG, pages=(b"x",), data=b"x", media_type="image/png"
                )

        container.export_renderer.override(Renderer())
        container.exports.reset()
        with TestClient(app=create_app(container=container)) as client:
            first = client.post(
                URL, json={"template_id": free_template, "format": "png"}, headers=FREE
            )
        assert 200 == first.status_code
        assert (429, "too_many_exports") == error(answers[0])
        assert int(answers[0].headers["Retry-After"]) > 0


class TestDeprecatedNames:
    """The camelCase names of before (``templateId``, ``designId``, ``pixelRatio``,
    ``spendCredit``) are read for a release, and the answer says they are deprecated."""

    def test_old_names_give_the_same_file_with_a_deprecation_header(
        self, client: Client, container: Container, free_template: str
    ) -> None:
        """A body in the old names is read as the new names (the ratio sizes the image, the
        credit is spent) and its answer carries Deprecation and a deprecation Link."""
        grant(container, "u-free", 2)
        new = client.post(
            URL,
            json={
                "template_id": free_template,
                "format": "png",
                "pixel_ratio": 1.5,
                "spend_credit": True,
            },
            headers=FREE,
        )
        old = client.post(
            URL,
            json={
                "templateId": free_template,
                "format": "png",
                "pixelRatio": 1.5,
                "spendCredit": True,
            },
            headers=FREE,
        )
        assert 200 == old.status_code, old.text
        assert new.content == old.content
        assert (600, 750) == Image.open(io.BytesIO(old.content)).size
        assert ("1", "false") == (
            old.headers["X-Export-Credits-Spent"],
            old.headers["X-Export-Watermark"],
        )
        assert 0 == balance(container, "u-free")
        assert "@1795910400" == old.headers["Deprecation"]
        assert '</schema/swagger>; rel="deprecation"' == old.headers["Link"]
        assert "deprecation" not in new.headers
        assert "link" not in new.headers

    def test_old_design_id_is_read(self, client: Client) -> None:
        """``designId`` names the design as ``design_id`` does: the same 404 for an unknown
        one, with the deprecation header."""
        old = client.post(URL, json={"designId": "d-1", "format": "png"}, headers=FREE)
        assert (404, "design_not_found") == error(old)
        assert "@1795910400" == old.headers["Deprecation"]

    @pytest.mark.parametrize(
        ("old", "new", "value"),
        [
            ("templateId", "template_id", "t-1"),
            ("pixelRatio", "pixel_ratio", 2),
            ("spendCredit", "spend_credit", True),
        ],
    )
    def test_a_field_under_both_names_is_400(
        self, client: Client, container: Container, old: str, new: str, value: object
    ) -> None:
        """A body that gives a field under its old and its new name is refused, naming the
        old one, and spends nothing."""
        grant(container, "u-free", 1)
        body = {"template_id": "t-1", "format": "png", old: value, new: value}
        response = client.post(URL, json=body, headers=FREE)
        assert (400, "validation_failed") == error(response)
        assert [old] == [issue["path"] for issue in response.json()["issues"]]
        assert 1 == balance(container, "u-free")

    def test_an_old_name_inside_the_document_is_not_a_field(self, client: Client) -> None:
        """Only top-level fields are renamed: a ``templateId`` key inside the document is the
        document's own, and the answer is not marked deprecated."""
        document = flyer()
        document["custom"] = {"templateId": "kept", "pixelRatio": 3}
        response = client.post(URL, json={"document": document, "format": "png"}, headers=PREMIUM)
        assert 200 == response.status_code, response.text
        assert "deprecation" not in response.headers
