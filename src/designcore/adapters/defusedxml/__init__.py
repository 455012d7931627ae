"""SVG sanitising: defusedxml parses, an allow-list of our own decides what is kept."""

from designcore.adapters.defusedxml.svg import DefusedXmlSvgSanitizer

__all__ = ["DefusedXmlSvgSanitizer"]
