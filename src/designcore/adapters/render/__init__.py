"""The skia renderer adapter: documents to PNG, JPEG, PDF and SVG."""

from designcore.adapters.render.fonts import FontLibrary
from designcore.adapters.render.images import ImageLoader
from designcore.adapters.render.renderer import SkiaRenderer

__all__ = ["FontLibrary", "ImageLoader", "SkiaRenderer"]
