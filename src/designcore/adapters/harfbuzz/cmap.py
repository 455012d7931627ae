"""The characters a font file covers, read from its character map with HarfBuzz."""

from __future__ import annotations

from pathlib import Path

import uharfbuzz as hb

from designcore_fonts import FONTS_DIR

BUNDLED_FONTS_DIR = FONTS_DIR
"""Where the bundled font files and ``fonts.json`` live (the ``designcore-fonts``
distribution, which the ``web`` and ``render`` extras bring; the renderer draws with the
same)."""


def code_points(path: Path) -> frozenset[int]:
    """Every code point the font file at ``path`` maps to a glyph (its cmap)."""
    return frozenset(hb.Face(hb.Blob.from_file_path(str(path))).unicodes)
