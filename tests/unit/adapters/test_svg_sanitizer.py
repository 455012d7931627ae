"""SVG sanitising against a hostile corpus (defusedxml parsing, our allow-list)."""

from __future__ import annotations

import pytest
from defusedxml.ElementTree import fromstring

from designcore.adapters.defusedxml import DefusedXmlSvgSanitizer
from designcore.adapters.defusedxml.svg import MAX_DEPTH
from designcore.domain.errors import ValidationFailed
from image_samples import HOSTILE_SVG, REFUSED_SVG, SAFE_SVG

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(name="sanitizer")
def fixture_sanitizer() -> DefusedXmlSvgSanitizer:
    """The sanitiser."""
    return DefusedXmlSvgSanitizer()


class TestHostileSvg:
    @pytest.mark.parametrize("name", sorted(HOSTILE_SVG))
    def test_dangerous_parts_are_removed(
        self, sanitizer: DefusedXmlSvgSanitizer, name: str
    ) -> None:
        """Each hostile document comes out as SVG without the dangerous part."""
        document, fragment = HOSTILE_SVG[name]
        clean = sanitizer.sanitize(document)
        assert clean is not None
        assert fragment.lower() not in clean.lower()
        assert f"{SVG}svg" == fromstring(clean).tag

    @pytest.mark.parametrize("name", sorted(REFUSED_SVG))
    def test_entities_and_doctypes_are_refused(
        self, sanitizer: DefusedXmlSvgSanitizer, name: str
    ) -> None:
        """Entity bombs, external entities and DTDs are refused before any expansion."""
        with pytest.raises(ValidationFailed) as caught:
            sanitizer.sanitize(REFUSED_SVG[name])
        assert "document type" in caught.value.message

    def test_no_event_handler_survives_anywhere(self, sanitizer: DefusedXmlSvgSanitizer) -> None:
        """No attribute starting with 'on' is left on any element of the whole corpus."""
        for document, _ in HOSTILE_SVG.values():
            clean = sanitizer.sanitize(document)
            assert clean is not None
            for element in fromstring(clean).iter():
                assert [] == [name for name in element.attrib if name.lower().startswith("on")]

    def test_deep_nesting_is_refused(self, sanitizer: DefusedXmlSvgSanitizer) -> None:
        """A document nested deeper than the limit is refused, not recursed into."""
        depth = MAX_DEPTH + 5
        document = (
            '<svg xmlns="http://www.w3.org/2000/svg">' + "<g>" * depth + "</g>" * depth + "</svg>"
        )
        with pytest.raises(ValidationFailed):
            sanitizer.sanitize(document.encode())


class TestSafeSvg:
    def test_drawing_survives(self, sanitizer: DefusedXmlSvgSanitizer) -> None:
        """Shapes, gradients, local url(#id) references and non-ASCII text are kept."""
        clean = sanitizer.sanitize(SAFE_SVG)
        assert clean is not None
        root = fromstring(clean)
        assert "0 0 10 10" == root.get("viewBox")
        assert "url(#g)" == root.find(f"{SVG}rect").get("fill")  # type: ignore[union-attr]
        assert "Ọjọ́ ₦" == root.find(f"{SVG}text").text  # type: ignore[union-attr]
        assert root.find(f".//{SVG}stop") is not None

    def test_local_references_and_raster_data_images_are_kept(
        self, sanitizer: DefusedXmlSvgSanitizer
    ) -> None:
        """href to a fragment and a base64 PNG in <image> are kept (as plain href)."""
        document = (
            b'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">'
            b'<symbol id="s"/><use xlink:href="#s"/>'
            b'<image href="data:image/png;base64,iVBORw0KGgo="/></svg>'
        )
        clean = sanitizer.sanitize(document)
        assert clean is not None
        root = fromstring(clean)
        assert "#s" == root.find(f"{SVG}use").get("href")  # type: ignore[union-attr]
        image = root.find(f"{SVG}image")
        assert "data:image/png;base64,iVBORw0KGgo=" == image.get("href")  # type: ignore[union-attr]

    def test_link_children_are_kept(self, sanitizer: DefusedXmlSvgSanitizer) -> None:
        """An <a> is dropped but what it wraps stays."""
        clean = sanitizer.sanitize(
            b'<svg xmlns="http://www.w3.org/2000/svg"><a href="https://x.example">'
            b'<circle r="2"/></a></svg>'
        )
        assert clean is not None
        assert fromstring(clean).find(f"{SVG}circle") is not None
        assert b"x.example" not in clean

    def test_svg_without_namespace_gets_it(self, sanitizer: DefusedXmlSvgSanitizer) -> None:
        """A hand-written <svg> without xmlns comes out in the SVG namespace."""
        clean = sanitizer.sanitize(b"<svg width='4'><rect/></svg>")
        assert clean is not None
        assert f"{SVG}svg" == fromstring(clean).tag

    @pytest.mark.parametrize(
        "data",
        [b"", b"hello", b"\x89PNG\r\n", b"<html><body/></html>", b"<svg", b"<x:svg xmlns:x='u'/>"],
    )
    def test_non_svg_is_none(self, sanitizer: DefusedXmlSvgSanitizer, data: bytes) -> None:
        """Bytes that are no SVG document answer None."""
        assert sanitizer.sanitize(data) is None
