"""The font families designcore draws its downloads with and serves to the editor.

A distribution of its own (``designcore-fonts``), so that the base ``designcore`` wheel
stays small: only the ``render`` and ``web`` extras bring it. ``fonts.json`` lists every
family, its files, licence and role, and the fallback chain; each family's folder holds its
files and its licence.
"""

from pathlib import Path

__all__ = ["FONTS_DIR", "__version__"]

__version__ = "0.1.0"
"""Released together with designcore, at the same version."""

FONTS_DIR = Path(__file__).resolve().parent
"""Where ``fonts.json`` and the families' folders are."""
