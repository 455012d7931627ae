"""Font files read with HarfBuzz (``uharfbuzz``) alone, without the skia renderer: what the
web shell needs to serve the bundled fonts (extras ``web`` and ``render``)."""

from designcore.adapters.harfbuzz.cmap import BUNDLED_FONTS_DIR, code_points

__all__ = ["BUNDLED_FONTS_DIR", "code_points"]
