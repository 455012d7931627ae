"""The :class:`~designcore.ports.images.SvgSanitizer` of defusedxml plus an allow-list.

Parsing is defusedxml's ElementTree with document type declarations, entities and external
references forbidden, so entity-expansion bombs and external entities are refused before any
expansion happens. What survives parsing is copied into a new tree element by element and
attribute by attribute: only what the allow-lists name is copied (a deny-list would miss the
next trick). Comments and processing instructions are never part of the parsed tree.
"""

from __future__ import annotations

import re
from xml.etree.ElementTree import Element, ParseError, tostring

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring

from designcore.domain.errors import FieldIssue, ValidationFailed

SVG = "http://www.w3.org/2000/svg"
XLINK = "http://www.w3.org/1999/xlink"
XML = "http://www.w3.org/XML/1998/namespace"

MAX_DEPTH = 64
MAX_ELEMENTS = 20_000

_ELEMENTS = frozenset(
    {
        "svg", "g", "defs", "symbol", "use", "title", "desc", "style",
        "path", "rect", "circle", "ellipse", "line", "polyline", "polygon",
        "text", "tspan", "textPath",
        "linearGradient", "radialGradient", "stop", "pattern", "clipPath", "mask", "marker",
        "image", "filter",
        "feBlend", "feColorMatrix", "feComponentTransfer", "feComposite", "feConvolveMatrix",
        "feDiffuseLighting", "feDisplacementMap", "feDistantLight", "feDropShadow", "feFlood",
        "feFuncA", "feFuncB", "feFuncG", "feFuncR", "feGaussianBlur", "feMerge", "feMergeNode",
        "feMorphology", "feOffset", "fePointLight", "feSpecularLighting", "feSpotLight",
        "feTile", "feTurbulence",
    }
)  # fmt: skip
"""Drawing, text, paint servers, clipping and filters. Not script, foreignObject, feImage
(loads a resource), animation elements (``<set>`` can rewrite an ``href``), ``a`` and
``switch`` (their children are kept), metadata, cursor, view."""
_UNWRAP = frozenset({"a", "switch"})
_ATTRIBUTE_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_.:-]{0,63}$")
_FRAGMENT = re.compile(r"^#[A-Za-z_][\w.:-]{0,255}$")
_RASTER_DATA_URL = re.compile(
    r"^data:image/(?:png|jpeg|jpg|gif|webp|avif);base64,[A-Za-z0-9+/=\s]+$", re.ASCII
)
_CSS_COMMENT = re.compile(r"/\*.*?\*/", re.DOTALL)
_INVISIBLE = re.compile(r"[\s\x00-\x1f\x7f]+")
_CSS_FORBIDDEN = ("@import", "javascript:", "vbscript:", "expression(", "-moz-binding", "behavior:")
_LOCAL_URL = re.compile(r"url\((['\"]?)#")


def _compact(value: str) -> str:
    """Lowercase without whitespace or control characters, as lenient parsers read it."""
    return _INVISIBLE.sub("", value).lower()


def _css_is_safe(css: str) -> bool:
    """No escapes, imports, scripts, bindings, and every ``url(…)`` names a fragment here."""
    if "\\" in css or "<" in css:
        return False
    text = _compact(_CSS_COMMENT.sub("", css))
    if any(word in text for word in _CSS_FORBIDDEN):
        return False
    return text.count("url(") == len(_LOCAL_URL.findall(text))


def _value_is_safe(value: str) -> bool:
    """Plain attribute values: no script or data URLs; ``url(…)`` only to fragments."""
    text = _compact(value)
    if "javascript:" in text or "vbscript:" in text or "data:" in text:
        return False
    return text.count("url(") == len(_LOCAL_URL.findall(text))


def _href_is_safe(element: str, value: str) -> bool:
    """Same-document fragments anywhere; raster ``data:`` images in ``<image>``."""
    text = value.strip()
    if _FRAGMENT.fullmatch(text):
        return True
    return element == "image" and bool(_RASTER_DATA_URL.fullmatch(text))


def _split(tag: object) -> tuple[str | None, str]:
    if not isinstance(tag, str):
        return None, ""  # a comment or processing instruction (not produced by this parser)
    if tag.startswith("{"):
        namespace, _, local = tag[1:].partition("}")
        return namespace, local
    return None, tag


class DefusedXmlSvgSanitizer:
    """Sanitises SVG documents (see the module documentation)."""

    def sanitize(self, data: bytes) -> bytes | None:
        """A safe copy of the SVG, or ``None`` if it is no SVG document."""
        head = data[:512].lstrip(b"\xef\xbb\xbf \t\r\n")
        if not head.startswith(b"<"):
            return None
        try:
            root = fromstring(data, forbid_dtd=True, forbid_entities=True, forbid_external=True)
        except DefusedXmlException:
            raise ValidationFailed(
                [
                    FieldIssue(
                        "file",
                        "SVG files must not declare a document type, entities or external "
                        "references",
                    )
                ]
            ) from None
        except (ParseError, ValueError, UnicodeError):
            return None
        namespace, local = _split(root.tag)
        if local != "svg" or namespace not in {None, SVG}:
            return None
        cleaned = self._clean(root, depth=0, seen=[0])
        assert len(cleaned) == 1  # the root is an allowed element
        # Elements are built unqualified and the root declares the SVG namespace as the
        # default, which is how SVG is written by hand and what every consumer expects.
        cleaned[0].set("xmlns", SVG)
        body: bytes = tostring(cleaned[0], encoding="utf-8", xml_declaration=False)
        return body

    def _clean(self, source: Element, *, depth: int, seen: list[int]) -> list[Element]:
        """Copies of what may be kept of ``source`` (``seen`` counts elements visited)."""
        seen[0] += 1
        if depth > MAX_DEPTH or seen[0] > MAX_ELEMENTS:
            raise ValidationFailed(
                [FieldIssue("file", "the SVG is nested too deeply or has too many elements")]
            )
        namespace, local = _split(source.tag)
        if namespace not in {None, SVG}:
            return []
        if local in _UNWRAP:
            return [
                kept for child in source for kept in self._clean(child, depth=depth + 1, seen=seen)
            ]
        if local not in _ELEMENTS:
            return []
        if local == "style" and (len(source) or not _css_is_safe(source.text or "")):
            return []
        copy = Element(local)
        for name, value in source.attrib.items():
            kept = self._attribute(local, name, value)
            if kept is not None:
                copy.set(kept, value)
        copy.text = source.text
        for child in source:
            for kept_child in self._clean(child, depth=depth + 1, seen=seen):
                copy.append(kept_child)
        copy.tail = source.tail
        return [copy]

    @staticmethod
    def _attribute(element: str, name: str, value: str) -> str | None:
        """The name to copy the attribute under, or ``None`` to drop it."""
        namespace, local = _split(name)
        if local == "href" and namespace in {XLINK, None}:
            return "href" if _href_is_safe(element, value) else None
        if namespace == XML and local in {"space", "lang"}:
            return name
        if namespace is not None or not _ATTRIBUTE_NAME.fullmatch(local):
            return None
        if local.lower().startswith("on"):
            return None  # event handlers
        if local == "style":
            return local if _css_is_safe(value) else None
        return local if _value_is_safe(value) else None
